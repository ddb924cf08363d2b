package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/upbeat"
)

// TestUpbeatGames: an UPBEAT game is stored beside KOMBAT's in the same tables: its
// seats, first plans and configuration come back as stored, its actions are committed
// at a position (a stale write is a conflict), with the screen owed in the same
// transaction, and it finishes with a result naming any of its seats.
func TestUpbeatGames(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	cfg := upbeat.DefaultConfig()
	cfg.Rows, cfg.Cols = 6, 7
	for _, bad := range []*Game{
		{Place: "u9", Mode: game.ModeDuel, Status: StatusSetup, Game: GameUpbeat},
		{Place: "u9", Mode: game.ModeDuel, Status: StatusSetup, Game: GameUpbeat, Upbeat: &Upbeat{Seats: []string{"a"}}},
		{Place: "u9", Mode: game.ModeDuel, Status: StatusSetup, Game: "chess"},
		{Place: "u9", Mode: game.ModeDuel, Status: StatusSetup, Upbeat: &Upbeat{Seats: []string{"a", "b"}}},
	} {
		if _, err := db.CreateGame(ctx, bad); !errors.Is(err, ErrInvalidInput) {
			t.Errorf("create %+v: %v", bad, err)
		}
	}
	row := &Game{Scope: "g", Place: "u1", Mode: game.ModeSolitaire, Status: StatusChallenge, Seed: 9, Game: GameUpbeat,
		Upbeat: &Upbeat{Seats: []string{"ann", "", ""}, Config: cfg}}
	id, err := db.CreateGame(ctx, row)
	must(t, err)
	// The first plans are fixed when play starts; after that they cannot change.
	row.ID, row.Status, row.Upbeat.Plans = id, StatusPlay, []string{"invest 10", "done", "done"}
	must(t, db.SaveMeta(ctx, row))
	changed := *row
	changed.Upbeat = &Upbeat{Seats: row.Upbeat.Seats, Plans: []string{"done"}, Config: cfg}
	if err := db.SaveMeta(ctx, &changed); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("changing the first plans in play: %v", err)
	}
	as := []upbeat.Action{{Player: 1, Kind: upbeat.ActRevise, Plan: "collect 1", Elapsed: 1500 * time.Millisecond}, {Player: 1, Kind: upbeat.ActConfirm, Elapsed: time.Second}}
	summary := "ann's turn"
	must(t, db.CommitActions(ctx, id, 0, as, nil, 0, &summary))
	if err := db.CommitActions(ctx, id, 1, as[1:], nil, 0, nil); !errors.Is(err, ErrConflict) {
		t.Errorf("a stale commit: %v", err)
	}
	if err := db.CommitActions(ctx, id, 2, []upbeat.Action{{Player: 7, Kind: upbeat.ActConfirm}}, nil, 0, nil); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("a seat past 6: %v", err)
	}
	if s, err := db.OwedScreen(ctx, id); err != nil || s.Version != 2 || s.Summary != summary {
		t.Errorf("owed screen %+v, %v; want version 2", s, err)
	}
	got, err := db.Game(ctx, id)
	must(t, err)
	if got.Game != GameUpbeat || !reflect.DeepEqual(got.Upbeat.Seats, row.Upbeat.Seats) || !reflect.DeepEqual(got.Upbeat.Plans, row.Upbeat.Plans) ||
		got.Upbeat.Config != cfg || !reflect.DeepEqual(got.Upbeat.Actions, as) || got.Seat("ann") != 1 || got.Seat("") != 0 {
		t.Errorf("stored game %+v, upbeat %+v", got, got.Upbeat)
	}
	if r := got.UpbeatRecord(); r.Setup.Players != 3 || r.Setup.Seed != 9 || len(r.Actions) != 2 {
		t.Errorf("record %+v", r)
	}
	if active, err := db.ActiveGames(ctx); err != nil || len(active) != 1 || len(active[0].Upbeat.Actions) != 2 {
		t.Errorf("active games %v, %v", active, err)
	}
	end := []upbeat.Action{{Player: 2, Kind: upbeat.ActResign}}
	must(t, db.CommitActions(ctx, id, 2, end, &game.Result{Winner: 3, Reason: "last"}, 1, &summary))
	got, err = db.Game(ctx, id)
	must(t, err)
	if got.Status != StatusOver || got.Result == nil || got.Result.Winner != 3 || len(got.Upbeat.Actions) != 3 {
		t.Errorf("finished game %+v", got)
	}
	// A KOMBAT game stored alongside still reads as KOMBAT's.
	kid, err := db.CreateGame(ctx, newGameRow("c1", game.ModeDuel, "u1", "u2"))
	must(t, err)
	if k, err := db.Game(ctx, kid); err != nil || k.Game != GameKombat || k.Upbeat != nil {
		t.Errorf("KOMBAT game %+v, %v", k, err)
	}
}

// TestUpbeatGames_RecordsKeepTheirGame: a place hosts KOMBAT and UPBEAT games, and the
// queries behind KOMBAT's replays and history find only KOMBAT's (an UPBEAT game
// finished later in the same channel, or in a thread of it, is not "the last game").
func TestUpbeatGames_RecordsKeepTheirGame(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	kid, err := db.CreateGame(ctx, newGameRow("c1", game.ModeDuel, "u1", "u2"))
	must(t, err)
	must(t, db.Finish(ctx, kid, 0, []game.Decision{{Player: 1, Action: game.ActResign}}, game.Result{Winner: 2, Reason: game.ReasonResign}, 0, nil))
	for _, place := range []string{"c1", "t1"} {
		row := &Game{Scope: "g", Place: place, Origin: "c1", Mode: game.ModeDuel, Status: StatusPlay, Seed: 9, Game: GameUpbeat,
			Upbeat: &Upbeat{Seats: []string{"u1", "u2"}, Plans: []string{"done", "done"}, Config: upbeat.DefaultConfig()}}
		if place == "c1" {
			row.Origin = ""
		}
		id, err := db.CreateGame(ctx, row)
		must(t, err)
		must(t, db.CommitActions(ctx, id, 0, []upbeat.Action{{Player: 1, Kind: upbeat.ActResign}}, &game.Result{Winner: 2, Reason: "last"}, 0, nil))
	}
	if last, err := db.LastGameIn(ctx, GameKombat, "c1"); err != nil || last.ID != kid || last.Game != GameKombat {
		t.Errorf("last KOMBAT game in c1: %+v, %v; want #%d", last, err, kid)
	}
	if last, err := db.LastGameIn(ctx, "", "c1"); err != nil || last.ID != kid {
		t.Errorf("last game of the unnamed game (KOMBAT's) in c1: %+v, %v; want #%d", last, err, kid)
	}
	if last, err := db.LastGameIn(ctx, GameUpbeat, "c1"); err != nil || last.Game != GameUpbeat || last.Place != "t1" || len(last.Upbeat.Actions) != 1 {
		t.Errorf("last UPBEAT game in c1: %+v, %v; want the one in its thread t1", last, err)
	}
	if _, err := db.LastGameIn(ctx, GameUpbeat, "c9"); !errors.Is(err, ErrNotFound) {
		t.Errorf("last UPBEAT game in an empty channel: %v", err)
	}
	if recent, err := db.RecentGames(ctx, "g", "u1", 10); err != nil || len(recent) != 1 || recent[0].ID != kid {
		t.Errorf("u1's recent KOMBAT games: %+v, %v; want only #%d", recent, err, kid)
	}
}
