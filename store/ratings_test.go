package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/kombat-game/kombat/game"
)

func TestRatings(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	games := 0
	play := func(mode game.Mode, p1, p2 string, seat int, res game.Result) {
		t.Helper()
		games++
		g := newGameRow(fmt.Sprint("c", games), mode, p1, p2)
		g.HumanSeat = seat
		id, err := db.CreateGame(ctx, g)
		must(t, err)
		must(t, db.Finish(ctx, id, 0, nil, res, 10))
	}
	play(game.ModeDuel, "a", "b", 0, game.Result{Winner: 2, Reason: game.ReasonMinions})
	play(game.ModeDuel, "a", "c", 0, game.Result{Winner: 0, Reason: game.ReasonTie})
	play(game.ModeSolitaire, "a", "", 1, game.Result{Winner: 1, Reason: game.ReasonElimination})
	play(game.ModeSolitaire, "", "c", 2, game.Result{Winner: 1, Reason: game.ReasonElimination}) // c, in seat 2, loses
	play(game.ModeSolitaire, "d", "", 0, game.Result{Winner: 0, Reason: game.ReasonTie})         // seat 0: the default, 1
	play(game.ModeAuto, "", "", 0, game.Result{Winner: 1, Reason: game.ReasonElimination})
	a, _ := db.PlayerRating(ctx, "g", KindDuel, "a")
	b, _ := db.PlayerRating(ctx, "g", KindDuel, "b")
	c, _ := db.PlayerRating(ctx, "g", KindDuel, "c")
	// a loses to b at 1200 each (-16), then ties c from 1184 against 1200.
	wantA := 1184 + EloK*(0.5-expected(1184, 1200))
	wantC := 1200 + EloK*(0.5-expected(1200, 1184))
	if !approx(a.Rating, wantA) || a.Games != 2 || a.Losses != 1 || a.Ties != 1 || b.Rating != 1216 || !approx(c.Rating, wantC) {
		t.Errorf("a %+v (want %.3f), b %+v, c %+v (want %.3f)", a, wantA, b, c, wantC)
	}
	if !approx(a.Rating+b.Rating+c.Rating, 3*InitialRating) {
		t.Errorf("duel ratings do not sum to the start: %v", a.Rating+b.Rating+c.Rating)
	}
	// Games against the bot have their own ladder and leave the duel one alone.
	for _, w := range []struct {
		user   string
		rating float64
		wins   int
		losses int
		ties   int
	}{{"a", 1216, 1, 0, 0}, {"c", 1184, 0, 1, 0}, {"d", 1200, 0, 0, 1}} {
		r, err := db.PlayerRating(ctx, "g", KindBot, w.user)
		if err != nil || r.Rating != w.rating || r.Wins != w.wins || r.Losses != w.losses || r.Ties != w.ties || r.Games != 1 {
			t.Errorf("%s against the bot: %+v %v; want %v", w.user, r, err, w)
		}
	}
	if d, _ := db.PlayerRating(ctx, "g", KindDuel, "d"); d.Games != 0 || d.Rating != InitialRating {
		t.Errorf("solitaire changed the duel ladder: %+v", d)
	}
	if other, _ := db.PlayerRating(ctx, "elsewhere", KindDuel, "a"); other.Games != 0 {
		t.Errorf("ratings leak between guilds: %+v", other)
	}
	board, err := db.Leaderboard(ctx, "g", KindDuel, 10)
	must(t, err)
	if len(board) != 3 || board[0].User != "b" || board[2].User != "a" {
		t.Errorf("leaderboard %+v", board)
	}
	if rank, _ := db.Rank(ctx, "g", KindDuel, "a"); rank != 3 {
		t.Errorf("a's rank %d, want 3", rank)
	}
	if rank, _ := db.Rank(ctx, "g", KindDuel, "nobody"); rank != 0 {
		t.Errorf("unrated rank %d", rank)
	}
}

// TestFinishRatesOnce: a finish refused as stale changes no rating, so a retried
// finish cannot rate a game twice.
func TestFinishRatesOnce(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	id, err := db.CreateGame(ctx, newGameRow("c", game.ModeDuel, "a", "b"))
	must(t, err)
	res := game.Result{Winner: 1, Reason: game.ReasonResign}
	last := []game.Decision{{Player: 2, Action: game.ActResign}}
	must(t, db.Finish(ctx, id, 0, last, res, 0))
	if err := db.Finish(ctx, id, 0, last, res, 0); !errors.Is(err, ErrConflict) {
		t.Errorf("a retried finish: %v", err)
	}
	if a, _ := db.PlayerRating(ctx, "g", KindDuel, "a"); a.Games != 1 || a.Rating != InitialRating+EloK/2 {
		t.Errorf("after a retried finish: %+v", a)
	}
}
