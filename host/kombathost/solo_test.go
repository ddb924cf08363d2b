package kombathost

import (
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
)

// clockedSolo opens ann's solitaire game at scope/place with a one-minute turn clock
// and brings it to its first board: her turn clock and its reminder are stored.
func clockedSolo(t *testing.T, h *testHost, scope, place string) int64 {
	t.Helper()
	tb, err := h.OpenSetup(Where{Scope: scope, Place: place, Config: game.DefaultConfig(), TurnTimeout: time.Minute},
		game.ModeSolitaire, Seated{"ann-" + place, "Ann"}, 1, [2]string{})
	must(t, err)
	defer tb.Unlock()
	LobbyOf(tb).Kinds = []Proposal{{Name: "Idle", Strategy: "done"}}
	must(t, h.Agree(tb))
	g, err := h.Engine(tb)
	must(t, err)
	if _, err := h.FreeSpawn(tb, tb.Row.Player(1), 0, g.FreeSpawnOptions(1)[0]); err != nil {
		t.Fatal(err)
	}
	return tb.Row.ID
}
