package store

import (
	"context"
	"errors"
	"testing"

	"github.com/kombat-game/kombat/game"
)

// TestOutOfBoundsConfig: a game stored by an older version with a configuration above
// today's bounds still gives a record (lowered to the bounds), its configuration can
// be rewritten, and a game in play can be abandoned without a result.
func TestOutOfBoundsConfig(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	g := newGameRow("c1", game.ModeAuto, "", "")
	k := kOf(g)
	k.Config.StepLimit, k.Config.MaxTurns = 1<<63-1, 100000 // what an older version let through
	k.put(g)
	id, err := db.CreateGame(ctx, g)
	must(t, err)
	stored, err := db.Game(ctx, id)
	must(t, err)
	if stored.ConfigText != g.ConfigText {
		t.Errorf("stored config %q, want %q as given", stored.ConfigText, g.ConfigText)
	}
	read := kOf(stored)
	rec := read.record(stored)
	if c := rec.Setup.Config; c.StepLimit != game.MaxStepLimit || c.MaxTurns != game.MaxMaxTurns {
		t.Errorf("record's config %+v, want the bounds", c)
	}
	if len(read.Lowered) != 2 {
		t.Errorf("reading lowered %q, want step_limit and max_turns", read.Lowered)
	}
	must(t, db.SetConfig(ctx, id, read.Config.String()))
	if stored, err = db.Game(ctx, id); err != nil || kOf(stored).Config != rec.Setup.Config || len(kOf(stored).Lowered) != 0 {
		t.Errorf("config after SetConfig: %q, lowered %q (%v)", stored.ConfigText, kOf(stored).Lowered, err)
	}
	must(t, db.Abandon(ctx, id))
	if stored, err = db.Game(ctx, id); err != nil || stored.Status != StatusCancelled || stored.Result != nil {
		t.Errorf("after Abandon: %+v (%v)", stored, err)
	}
	if err := db.Abandon(ctx, id); !errors.Is(err, ErrNotFound) {
		t.Errorf("abandoning twice: %v", err)
	}
	if err := db.SetConfig(ctx, id, game.DefaultConfig().String()); !errors.Is(err, ErrNotFound) {
		t.Errorf("configuring an ended game: %v", err)
	}
}
