package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/kombat-game/kombat/game"
)

// plusOne is a rating policy for the store's tests: every person of a game is at
// stake on the ladder named by the mode, and the winner gains a point, the loser loses
// one (the games' real policies, kombathost.Elo and upbeathost.UpElo, are tested in their adapters).
type plusOne struct{}

func (plusOne) Stakes(g RatedGame) []Stake {
	var out []Stake
	for _, p := range g.Seats {
		if p != "" {
			out = append(out, Stake{Kind: string(g.Mode), User: p})
		}
	}
	return out
}

func (plusOne) Rate(g RatedGame, before []Rating) []Rating {
	after := append([]Rating(nil), before...)
	for i := range after {
		seat := i + 1
		if g.Seats[0] == "" {
			seat = 2
		}
		switch g.Result.Winner {
		case seat:
			after[i].Rating++
			after[i].Wins++
		case 0:
			after[i].Ties++
		default:
			after[i].Rating--
			after[i].Losses++
		}
		after[i].Games++
	}
	return after
}

// TestRatings: Finish applies the policy to the ratings it names, per scope and
// ladder, from InitialRating for newcomers; the leaderboard and ranks read them back.
func TestRatings(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	games := 0
	play := func(mode game.Mode, p1, p2 string, res game.Result) {
		t.Helper()
		games++
		id, err := db.CreateGame(ctx, newGameRow(fmt.Sprint("c", games), mode, p1, p2))
		must(t, err)
		must(t, db.Finish(ctx, id, 0, nil, res, 10, plusOne{}))
	}
	play(game.ModeDuel, "a", "b", game.Result{Winner: 2, Reason: game.ReasonMinions})
	play(game.ModeDuel, "a", "c", game.Result{Winner: 0, Reason: game.ReasonTie})
	play(game.ModeSolitaire, "", "c", game.Result{Winner: 1, Reason: game.ReasonElimination}) // c, in seat 2, loses
	a, _ := db.PlayerRating(ctx, "g", KindDuel, "a")
	b, _ := db.PlayerRating(ctx, "g", KindDuel, "b")
	c, _ := db.PlayerRating(ctx, "g", KindDuel, "c")
	if a.Rating != InitialRating-1 || a.Games != 2 || a.Losses != 1 || a.Ties != 1 || b.Rating != InitialRating+1 || c.Rating != InitialRating || c.Ties != 1 {
		t.Errorf("duel ladder: a %+v, b %+v, c %+v", a, b, c)
	}
	if s, _ := db.PlayerRating(ctx, "g", string(game.ModeSolitaire), "c"); s.Rating != InitialRating-1 || s.Games != 1 {
		t.Errorf("c's solitaire ladder: %+v", s)
	}
	if other, _ := db.PlayerRating(ctx, "elsewhere", KindDuel, "a"); other.Games != 0 || other.Rating != InitialRating {
		t.Errorf("ratings leak between scopes: %+v", other)
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
	id, err := db.CreateGame(ctx, newGameRow("unrated", game.ModeDuel, "a", "b"))
	must(t, err)
	must(t, db.Finish(ctx, id, 0, nil, game.Result{Winner: 1, Reason: game.ReasonMinions}, 1, nil))
	if a2, _ := db.PlayerRating(ctx, "g", KindDuel, "a"); a2 != a {
		t.Errorf("a game finished without a policy moved a rating: %+v, was %+v", a2, a)
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
	must(t, db.Finish(ctx, id, 0, last, res, 0, plusOne{}))
	if err := db.Finish(ctx, id, 0, last, res, 0, plusOne{}); !errors.Is(err, ErrConflict) {
		t.Errorf("a retried finish: %v", err)
	}
	if a, _ := db.PlayerRating(ctx, "g", string(game.ModeDuel), "a"); a.Games != 1 || a.Rating != InitialRating+1 {
		t.Errorf("after a retried finish: %+v", a)
	}
}
