package host

import (
	"context"
	"errors"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestPause_GameWithoutPauser: a game whose adapter has no Pauser refuses a pause of
// its auto game by the game's name (CodeNoPause), not as if the game were not auto.
func TestPause_GameWithoutPauser(t *testing.T) {
	ctx := context.Background()
	h, db := trioHost(t)
	id, err := db.CreateGame(ctx, &store.Game{Game: "trio", Scope: "g", Place: "p", Mode: game.ModeAuto, Status: store.StatusPlay,
		Seats: []store.Seat{{}, {}}, ConfigText: game.DefaultConfig().String(), State: `{}`, Setup: []byte(`{}`)})
	must(t, err)
	if n, err := h.Restore(ctx); err != nil || n != 1 {
		t.Fatalf("Restore: %d games, %v", n, err)
	}
	tb, err := h.Lock(id)
	must(t, err)
	defer tb.Unlock()
	for _, stop := range []bool{true, false} {
		var no *Refusal
		err := h.Pause(tb, ann, stop)
		if !errors.As(err, &no) || no.Code != CodeNoPause || len(no.Args) != 1 || no.Args[0] != Name("trio") {
			t.Fatalf("Pause(stop %v) of a game without Pauser: %v, want a no-pause refusal naming trio", stop, err)
		}
		if got, want := refusalText(no), "Auto games of **trio** do not pause."; got != want {
			t.Errorf("Pause(stop %v): %q, want %q", stop, got, want)
		}
	}
}
