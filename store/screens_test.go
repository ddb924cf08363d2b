package store

import (
	"context"
	"errors"
	"testing"

	"github.com/kombat-game/kombat/game"
)

// TestScreens: a screen is owed in the same transaction as the decisions that need
// it (a refused write owes nothing), a newer debt replaces an older one, showing an
// older version leaves the newer debt, failures are counted and a pause holds until
// resumed, and a finished game still owes its final screen.
func TestScreens(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	id, err := db.CreateGame(ctx, newGameRow("c1", game.ModeDuel, "u1", "u2"))
	must(t, err)
	must(t, db.CommitOwing(ctx, id, 0, freeSpawns(), nil, 0, "free spawns", nil))
	s, err := db.OwedScreen(ctx, id)
	if err != nil || s.Version != 2 || s.Summary != "free spawns" || s.Paused != "" {
		t.Fatalf("owed after the free spawns: %+v %v", s, err)
	}
	end := []game.Decision{{Player: 1, Action: game.ActEnd}}
	if err := db.CommitOwing(ctx, id, 0, end, nil, 0, "stale", nil); !errors.Is(err, ErrConflict) {
		t.Fatalf("a stale commit: %v", err)
	}
	if s, _ := db.OwedScreen(ctx, id); s.Version != 2 {
		t.Errorf("a refused commit owed version %d", s.Version)
	}
	must(t, db.ScreenFailed(ctx, id, 2, "HTTP 500", ""))
	must(t, db.CommitOwing(ctx, id, 2, end, nil, 0, "turn 1", nil))
	if s, _ := db.OwedScreen(ctx, id); s.Version != 3 || s.Attempts != 0 || s.LastError != "" || s.Summary != "turn 1" {
		t.Errorf("a newer debt: %+v", s)
	}
	must(t, db.ScreenShown(ctx, id, 2, "m-old", nil))
	if s, err := db.OwedScreen(ctx, id); err != nil || s.Version != 3 {
		t.Errorf("showing version 2 cleared version 3: %+v %v", s, err)
	}
	must(t, db.ScreenFailed(ctx, id, 3, "HTTP 403: Missing Access", "the bot may not post in this channel"))
	owed, err := db.OwedScreens(ctx)
	if err != nil || len(owed) != 1 || owed[0].Attempts != 1 || owed[0].Paused == "" || owed[0].LastError != "HTTP 403: Missing Access" {
		t.Errorf("owed screens: %+v %v", owed, err)
	}
	must(t, db.ResumeScreen(ctx, id))
	must(t, db.ScreenShown(ctx, id, 3, "m-new", []byte(`{"summary":"new"}`)))
	if _, err := db.OwedScreen(ctx, id); !errors.Is(err, ErrNotFound) {
		t.Errorf("after showing: %v", err)
	}
	if g, _ := db.Game(ctx, id); g.Shown != "m-new" || string(g.Setup) != `{"summary":"new"}` {
		t.Errorf("message id %q, setup %s: want the lobby stored with the screen", g.Shown, g.Setup)
	}
	res := game.Result{Winner: 2, Reason: game.ReasonResign}
	must(t, db.CommitOwing(ctx, id, 3, []game.Decision{{Player: 1, Action: game.ActResign}}, &res, 1, "alice resigned", nil))
	if owed, _ := db.OwedScreens(ctx); len(owed) != 1 || owed[0].Version != 4 || owed[0].Summary != "alice resigned" {
		t.Errorf("the final screen: %+v", owed)
	}
	if g, _ := db.Game(ctx, id); g.Status != StatusOver {
		t.Errorf("status %s after finishing", g.Status)
	}
}

// TestSaveMetaOwing: a change of metadata that needs a screen owes it in the same
// transaction (UPBEAT's first plans), and a save the store refuses owes nothing.
func TestSaveMetaOwing(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	row := newGameRow("c1", game.ModeDuel, "u1", "u2")
	id, err := db.CreateGame(ctx, row)
	must(t, err)
	g, err := db.Game(ctx, id)
	must(t, err)
	g.Status, g.Setup = StatusSetup, []byte(`{"plans_due":"x"}`)
	must(t, db.SaveMetaOwing(ctx, g, -1, ""))
	if s, err := db.OwedScreen(ctx, id); err != nil || s.Version != -1 {
		t.Fatalf("owed after the save: %+v %v", s, err)
	}
	if got, _ := db.Game(ctx, id); got.Status != StatusSetup || string(got.Setup) != `{"plans_due":"x"}` {
		t.Errorf("stored status %s, setup %s: the save went without its screen", got.Status, got.Setup)
	}
	must(t, db.ScreenShown(ctx, id, -1, "m1", nil))
	g.ID = id + 100 // no such game: nothing saved, nothing owed
	if err := db.SaveMetaOwing(ctx, g, -1, ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("saving a game that is not stored: %v", err)
	}
	if owed, _ := db.OwedScreens(ctx); len(owed) != 0 {
		t.Errorf("a refused save owed %+v", owed)
	}
}
