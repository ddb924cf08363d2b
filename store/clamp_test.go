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
	g.Config = "step_limit=9223372036854775807\nmax_turns=100000\n"
	id, err := db.CreateGame(ctx, g)
	must(t, err)
	stored, err := db.Game(ctx, id)
	must(t, err)
	rec, err := stored.Record()
	must(t, err)
	if c := rec.Setup.Config; c.StepLimit != game.MaxStepLimit || c.MaxTurns != game.MaxMaxTurns {
		t.Errorf("record's config %+v, want the bounds", c)
	}
	must(t, db.SetConfig(ctx, id, "step_limit=10000000\n"))
	if stored, err = db.Game(ctx, id); err != nil || stored.Config != "step_limit=10000000\n" {
		t.Errorf("config after SetConfig: %q (%v)", stored.Config, err)
	}
	must(t, db.Abandon(ctx, id))
	if stored, err = db.Game(ctx, id); err != nil || stored.Status != StatusCancelled || stored.Result != nil {
		t.Errorf("after Abandon: %+v (%v)", stored, err)
	}
	if err := db.Abandon(ctx, id); !errors.Is(err, ErrNotFound) {
		t.Errorf("abandoning twice: %v", err)
	}
	if err := db.SetConfig(ctx, id, ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("configuring an ended game: %v", err)
	}
}
