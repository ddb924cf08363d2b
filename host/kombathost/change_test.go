package kombathost

import (
	"bytes"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestChange_TheStoreRefusesAndTheLobbyIsAsBefore: a lobby change the store refuses
// leaves the lobby, and the row's stored copy of it, as they were, whichever change
// it was (a kind removed, a Ready, a pause), so memory never holds what the store
// does not.
func TestChange_TheStoreRefusesAndTheLobbyIsAsBefore(t *testing.T) {
	h, db := hostOn(t, filepath.Join(t.TempDir(), "k.db"), quietFront{}, nil)
	row := &store.Game{Scope: "g", Place: "c", Mode: game.ModeAuto, Status: store.StatusSetup, Seed: 5, TurnTimeout: time.Minute}
	NewRow(row, [2]string{"", ""}, 0, game.DefaultConfig())
	tb, err := Create(h.Host, row, game.DefaultConfig(), Lobby{Owner: "ann", Names: [2]string{"Bot 1", "Bot 2"},
		Kinds: []Proposal{{Name: "Idle", Strategy: "done", By: "ann"}, {Name: "Walker", Strategy: "move up", By: "ann"}}})
	must(t, err)
	tb, err = h.Lock(tb.Row.ID)
	must(t, err)
	defer tb.Unlock()
	lobby, setup := LobbyOf(tb), bytes.Clone(tb.Row.Setup)
	lobby.Kinds = append([]Proposal(nil), lobby.Kinds...)
	db.Close() // the store refuses everything from now on

	for _, c := range []struct {
		name   string
		change func() error
	}{
		{"remove a kind", func() error { return h.RemoveKind(tb, 0) }},
		{"Ready", func() error { _, err := h.ToggleReady(tb, "ann", func() error { return nil }); return err }},
		{"a change that fails halfway", func() error {
			return h.Change(tb, func() error {
				LobbyOf(tb).Kinds[1].Name, LobbyOf(tb).Misses[0], tb.Row.Setup = "Changed", 3, []byte("{}")
				return errors.New("refused")
			})
		}},
	} {
		if err := c.change(); err == nil {
			t.Fatalf("%s: the store took it", c.name)
		}
		if !reflect.DeepEqual(LobbyOf(tb), lobby) || !bytes.Equal(tb.Row.Setup, setup) {
			t.Errorf("%s: the lobby is %+v (setup %s), want %+v (setup %s)", c.name, LobbyOf(tb), tb.Row.Setup, lobby, setup)
		}
	}
}
