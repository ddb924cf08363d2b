package store

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/upbeat"
)

// TestNeutralGames: a game the store has never heard of is stored and read back whole
// through the neutral fields: its seats (any count, each with data the store does not
// read), its state, its configuration text and its actions (data that is not JSON
// included), byte for byte, by every read; its actions are committed at a position (a
// stale write is a conflict, a seat it does not have is refused), its state and seats
// are frozen in play, and it finishes with a result naming any of its seats, rated by
// its seats.
func TestNeutralGames(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	seats := []Seat{{Player: "ann", Data: `{"side":"white","clock":"5m"}`}, {Player: ""}, {Player: "bob", Data: "not JSON <&>"}}
	row := &Game{Scope: "g", Place: "n1", Origin: "c1", Mode: game.ModeDuel, Status: StatusChallenge, Seed: 9, Game: "tafl-9",
		Seats: seats, State: `{"board":"9x9"}`, ConfigText: "size = 9\nkings = 1\n", Setup: json.RawMessage(`{"lobby":1}`)}
	for _, bad := range []*Game{
		{Place: "n9", Mode: game.ModeDuel, Status: StatusSetup, Game: "tafl-9"},                                                           // no seats
		{Place: "n9", Mode: game.ModeDuel, Status: StatusSetup, Game: "Tafl 9", Seats: seats},                                             // a name no row may hold
		{Place: "n9", Mode: game.ModeDuel, Status: StatusSetup, Game: "tafl-9", Seats: seats, Actions: []Action{{Seat: 1, Verb: "move"}}}, // actions at creation
		{Place: "n9", Mode: game.ModeDuel, Status: StatusSetup, Seats: seats},                                                             // no game's name
		{Place: "n9", Mode: game.ModeDuel, Status: StatusSetup, Game: GameKombat, State: "{}"},                                            // KOMBAT's with no seats
	} {
		if _, err := db.CreateGame(ctx, bad); !errors.Is(err, ErrInvalidInput) {
			t.Errorf("create %+v: %v", bad, err)
		}
	}
	id, err := db.CreateGame(ctx, row)
	must(t, err)
	row.ID, row.Status = id, StatusPlay
	must(t, db.SaveMeta(ctx, row))
	for _, change := range []func(*Game){
		func(g *Game) { g.State = `{"board":"11x11"}` },
		func(g *Game) { g.Seats = []Seat{seats[0], seats[1], {Player: "bob", Data: "other"}} },
		func(g *Game) { g.Seats = seats[:2] },
	} {
		changed := *row
		change(&changed)
		if err := db.SaveMeta(ctx, &changed); !errors.Is(err, ErrInvalidInput) {
			t.Errorf("changing the state or seats in play (%+v): %v", changed, err)
		}
	}
	as := []Action{{Seat: 1, Verb: "move", Data: "e4 <&>\n", Elapsed: 1500 * time.Millisecond}, {Seat: 3, Verb: "offer", Elapsed: time.Second},
		{Seat: 1, Verb: "move", Data: `["a",1]`}}
	summary := "ann moved"
	must(t, db.CommitActions(ctx, id, 0, as, nil, 0, &summary))
	for _, c := range []struct {
		pos  int
		as   []Action
		want error
	}{
		{1, as[1:2], ErrConflict},
		{3, []Action{{Seat: 4, Verb: "move"}}, ErrInvalidInput}, // the game has 3 seats
		{3, []Action{{Seat: 0, Verb: "move"}}, ErrInvalidInput},
		{3, []Action{{Seat: 1}}, ErrInvalidInput},
		{3, []Action{{Seat: 1, Verb: "move", Elapsed: -1}}, ErrInvalidInput},
	} {
		if err := db.CommitActions(ctx, id, c.pos, c.as, nil, 0, nil); !errors.Is(err, c.want) {
			t.Errorf("commit %+v at %d: %v, want %v", c.as, c.pos, err, c.want)
		}
	}
	if s, err := db.OwedScreen(ctx, id); err != nil || s.Version != 3 || s.Summary != summary {
		t.Errorf("owed screen %+v, %v; want version 3", s, err)
	}
	whole := func(how string, g *Game, err error, actions []Action) {
		t.Helper()
		if err != nil || g.Game != "tafl-9" || !reflect.DeepEqual(g.Seats, seats) || g.State != row.State || g.ConfigText != row.ConfigText ||
			!reflect.DeepEqual(g.Actions, actions) || g.Seat("bob") != 3 || g.Seat("") != 0 {
			t.Errorf("%s: %+v, %v", how, g, err)
		}
	}
	got, err := db.Game(ctx, id)
	whole("Game", got, err, as)
	got, err = db.ActiveAt(ctx, "n1")
	whole("ActiveAt", got, err, as)
	active, err := db.ActiveGames(ctx)
	must(t, err)
	whole("ActiveGames", active[0], nil, as)
	if err := db.CommitActions(ctx, id, 3, as[1:2], &game.Result{Winner: 4, Reason: "mate"}, 2, nil); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("a winner past the game's seats: %v", err)
	}
	var seen RatedGame
	must(t, db.CommitRated(ctx, id, 3, as[1:2], &game.Result{Winner: 3, Reason: "mate"}, 2, nil, ratedSpy{&seen}))
	if seen.Game != "tafl-9" || !reflect.DeepEqual(seen.Seats, []string{"ann", "", "bob"}) || seen.Result.Winner != 3 {
		t.Errorf("the rating policy saw %+v", seen)
	}
	got, err = db.LastGameIn(ctx, "tafl-9", "c1")
	whole("LastGameIn", got, err, append(slices.Clip(as), as[1]))
	if got.Status != StatusOver || got.Result == nil || got.Result.Winner != 3 || got.Turns != 2 {
		t.Errorf("finished game %+v", got)
	}
	played, err := db.PlayedGames(ctx, "g", "bob", "tafl-9", 10)
	must(t, err)
	whole("PlayedGames", played[0], nil, nil)
	// A KOMBAT game stored alongside reads back as given, as every game does.
	krow := newGameRow("c1", game.ModeDuel, "u1", "u2")
	kid, err := db.CreateGame(ctx, krow)
	must(t, err)
	if k, err := db.Game(ctx, kid); err != nil || k.Game != GameKombat || !slices.Equal(k.Seats, krow.Seats) || k.State != krow.State || k.ConfigText != krow.ConfigText || kOf(k).Players != [2]string{"u1", "u2"} {
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
			Seats: upRow("", "", "", 0, upTest{Seats: []string{"u1", "u2"}, Plans: []string{"done", "done"}}).Seats, ConfigText: upbeat.DefaultConfig().String()}
		if place == "c1" {
			row.Origin = ""
		}
		id, err := db.CreateGame(ctx, row)
		must(t, err)
		must(t, db.CommitActions(ctx, id, 0, []Action{{Seat: 1, Verb: "resign"}}, &game.Result{Winner: 2, Reason: "last"}, 0, nil))
	}
	if last, err := db.LastGameIn(ctx, GameKombat, "c1"); err != nil || last.ID != kid || last.Game != GameKombat {
		t.Errorf("last KOMBAT game in c1: %+v, %v; want #%d", last, err, kid)
	}
	if last, err := db.LastGameIn(ctx, "", "c1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("last game of no game's name in c1: %+v, %v; want none (every row names its game, KOMBAT's too)", last, err)
	}
	if last, err := db.LastGameIn(ctx, GameUpbeat, "c1"); err != nil || last.Game != GameUpbeat || last.Place != "t1" || len(last.Actions) != 1 {
		t.Errorf("last UPBEAT game in c1: %+v, %v; want the one in its thread t1", last, err)
	}
	if _, err := db.LastGameIn(ctx, GameUpbeat, "c9"); !errors.Is(err, ErrNotFound) {
		t.Errorf("last UPBEAT game in an empty channel: %v", err)
	}
	if recent, err := db.RecentGames(ctx, "g", "u1", 10); err != nil || len(recent) != 1 || recent[0].ID != kid {
		t.Errorf("u1's recent KOMBAT games: %+v, %v; want only #%d", recent, err, kid)
	}
}
