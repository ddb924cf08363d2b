package upbeathost

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// upRatedSeat is one seat of a rated game in TestUpElo: its person ("" for a bot, with
// its level), whether they were out at the end, and what the game should do to them.
type upRatedSeat struct {
	user, level string
	out         bool
	delta       float64 // rating change; people only
	won         string  // "W", "L" or "T"; people only
}

// TestUpElo: a finished UPBEAT game rates its people on UPBEAT's own ladders, applied by
// the store with the result: pairwise results (winner, then those still in, then those
// out), K scaled by 1/(n-1), so a 6-player game moves a rating no more than a duel;
// people among people on UpLadder (bots are not opponents there), one person against
// bots on UpBotLadder of the weakest level; a resignation is a loss; a tie moves
// nobody still in; games of bots alone rate nobody. Among the people of a game the
// changes sum to zero, and KOMBAT's ladders are never touched.
func TestUpElo(t *testing.T) {
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "k.db"))
	must(t, err)
	defer db.Close()
	ctx := context.Background()
	k2, k3, k6 := host.EloK, host.EloK/2, host.EloK/5
	cases := []struct {
		name   string
		winner int
		ladder string
		seats  []upRatedSeat
	}{
		{"duel: the winner takes 16 from an equal", 2, UpLadder, []upRatedSeat{
			{user: "a", delta: -k2 / 2, won: "L"}, {user: "b", delta: k2 / 2, won: "W"}}},
		{"U16 resignation in a duel is a loss", 1, UpLadder, []upRatedSeat{
			{user: "a", delta: k2 / 2, won: "W"}, {user: "b", out: true, delta: -k2 / 2, won: "L"}}},
		{"3 people at the turn limit: winner, still in, out", 3, UpLadder, []upRatedSeat{
			{user: "a", out: true, delta: -k3, won: "L"}, {user: "b", delta: 0, won: "L"}, {user: "c", delta: k3, won: "W"}}},
		{"6 people: the winner beats five who tie among themselves", 1, UpLadder, []upRatedSeat{
			{user: "a", delta: 5 * k6 / 2, won: "W"}, {user: "b", out: true, delta: -k6 / 2, won: "L"}, {user: "c", out: true, delta: -k6 / 2, won: "L"},
			{user: "d", out: true, delta: -k6 / 2, won: "L"}, {user: "e", out: true, delta: -k6 / 2, won: "L"}, {user: "f", out: true, delta: -k6 / 2, won: "L"}}},
		{"U22a a tie moves nobody still in", 0, UpLadder, []upRatedSeat{
			{user: "a", won: "T"}, {user: "b", won: "T"}, {user: "c", won: "T"}}},
		{"U22a a tie, and who resigned before it lost", 0, UpLadder, []upRatedSeat{
			{user: "a", delta: k3 / 2, won: "T"}, {user: "b", out: true, delta: -k3, won: "L"}, {user: "c", delta: k3 / 2, won: "T"}}},
		{"two people and a bot that wins: the people's pair alone is rated", 3, UpLadder, []upRatedSeat{
			{user: "a", delta: k2 / 2, won: "L"}, {user: "b", out: true, delta: -k2 / 2, won: "L"}, {level: "easy"}}},
		{"one person beats two bots", 1, UpBotLadder("normal"), []upRatedSeat{
			{user: "a", delta: k3, won: "W"}, {level: "normal", out: true}, {level: "normal", out: true}}},
		{"one person out, a bot wins, the other bot out too: the weakest level's ladder", 2, UpBotLadder("easy"), []upRatedSeat{
			{user: "a", out: true, delta: -k3 / 2, won: "L"}, {level: "easy"}, {level: "normal", out: true}}},
		{"one person out, both bots still in: lost to each", 2, UpBotLadder("easy"), []upRatedSeat{
			{user: "a", out: true, delta: -k3, won: "L"}, {level: "easy"}, {level: "easy"}}},
		{"bots alone: an auto game rates nobody", 1, "", []upRatedSeat{{level: "easy"}, {level: "normal", out: true}}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			scope := fmt.Sprint("g", i)
			n := len(c.seats)
			lob := UpLobby{Names: make([]string, n), Levels: make([]string, n)}
			seats, out, people := make([]string, n), make([]bool, n), 0
			for j, s := range c.seats {
				seats[j], lob.Levels[j], out[j] = s.user, s.level, s.out
				if s.user != "" {
					people++
				}
			}
			mode := map[int]game.Mode{0: game.ModeAuto, 1: game.ModeSolitaire}[people]
			if mode == "" {
				mode = game.ModeDuel
			}
			setup, err := json.Marshal(lob)
			must(t, err)
			row := &store.Game{Scope: scope, Place: scope, Mode: mode, Status: store.StatusPlay, Seed: 1, Setup: setup}
			must(t, (&Upbeat{Seats: seats, Plans: make([]string, n), Config: upbeat.DefaultConfig()}).newRow(row))
			id, err := db.CreateGame(ctx, row)
			must(t, err)
			res := game.Result{Winner: c.winner, Reason: UpTurnLimit}
			must(t, db.CommitRated(ctx, id, 0, nil, &res, 10, nil, UpElo{Out: out}))

			sum := 0.0
			for _, s := range c.seats {
				if s.user == "" {
					continue
				}
				r, err := db.PlayerRating(ctx, scope, c.ladder, s.user)
				must(t, err)
				want := map[string][3]int{"W": {1, 0, 0}, "L": {0, 1, 0}, "T": {0, 0, 1}}[s.won]
				if math.Abs(r.Rating-store.InitialRating-s.delta) > 1e-9 || r.Games != 1 || [3]int{r.Wins, r.Losses, r.Ties} != want {
					t.Errorf("%s on %s: %+v; want %+.2f and %s", s.user, c.ladder, r, s.delta, s.won)
				}
				sum += r.Rating - store.InitialRating
				for _, other := range append(kombathost.Ladders(), UpLadders()...) {
					if other == c.ladder {
						continue
					}
					if r, err := db.PlayerRating(ctx, scope, other, s.user); err != nil || r.Games != 0 {
						t.Errorf("%s moved on %s too: %+v, %v", s.user, other, r, err)
					}
				}
			}
			if c.ladder == UpLadder && math.Abs(sum) > 1e-9 {
				t.Errorf("the people's changes sum to %v, not zero", sum)
			}
			if c.ladder == "" {
				for _, kind := range UpLadders() {
					if top, err := db.Leaderboard(ctx, scope, kind, 10); err != nil || len(top) != 0 {
						t.Errorf("a game of bots alone rated %+v on %s (%v)", top, kind, err)
					}
				}
			}
		})
	}
}

// TestUpElo_NoMoreThanADuel: whatever the ratings, a game moves a rating by at most
// EloK (a duel's most), with 2 to 6 people, and the changes sum to zero.
func TestUpElo_NoMoreThanADuel(t *testing.T) {
	for n := 2; n <= 6; n++ {
		for winner := 0; winner <= n; winner++ {
			seats, before := make([]string, n), make([]store.Rating, n)
			for i := range seats {
				seats[i] = fmt.Sprint("p", i)
				before[i] = store.Rating{User: seats[i], Rating: 400 + float64(i)*500} // 400 to 2900
			}
			g := store.RatedGame{Game: store.GameUpbeat, Seats: seats, Result: game.Result{Winner: winner, Reason: UpTurnLimit}}
			e := UpElo{Out: make([]bool, n)}
			e.Out[n-1] = winner != n // the strongest is out unless they won
			after := e.Rate(g, before)
			sum := 0.0
			for i := range after {
				d := after[i].Rating - before[i].Rating
				if math.Abs(d) > host.EloK {
					t.Errorf("%d players, winner %d: seat %d moved %v, more than a duel's %v", n, winner, i+1, d, host.EloK)
				}
				sum += d
			}
			if math.Abs(sum) > 1e-9 {
				t.Errorf("%d players, winner %d: changes sum to %v", n, winner, sum)
			}
		}
	}
}

// TestUpbeat_RatedWhenOver_U16ResignIsALoss: through the host, a game of ann, bob and
// a bot is rated only when it ends, in the transaction that ends it: ann resigns at
// once (U16: a loss), bob plays to the turn limit, and bob ranks above ann on UPBEAT's
// ladder among people (+16 and -16, the bot not counted) and on no other ladder.
func TestUpbeat_RatedWhenOver_U16ResignIsALoss(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, db := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), clock)
	ctx := context.Background()
	cfg := upConfig()
	cfg.MaxTurns = 2
	tb, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c", Owner: "ann", OwnerName: "Ann", Config: cfg, Seats: 3, Bots: []string{"easy"}, Seed: 5})
	must(t, err)
	id := tb.Row.ID
	locked(t, h, id, func(tb *host.Table) {
		_, err := h.JoinUpbeat(tb, "bob", "Bob")
		must(t, err)
		must(t, h.StartUpbeat(tb, "ann"))
		_, err = h.WritePlan(tb, "ann", "invest 10")
		must(t, err)
		_, err = h.WritePlan(tb, "bob", "invest 10")
		must(t, err)
		must(t, h.ResignUpbeat(tb, "ann"))
	})
	rating := func(kind, user string) store.Rating {
		t.Helper()
		r, err := db.PlayerRating(ctx, "g", kind, user)
		must(t, err)
		return r
	}
	if r := rating(UpLadder, "ann"); r.Games != 0 {
		t.Fatalf("ann rated before the game ended: %+v", r)
	}
	for turn := 0; ; turn++ {
		if turn > 5 {
			t.Fatal("the game did not end at its turn limit")
		}
		over := false
		locked(t, h, id, func(tb *host.Table) {
			if over = tb.Row.Status == store.StatusOver; !over {
				must(t, h.ConfirmUpbeat(tb, "bob"))
				over = tb.Row.Status == store.StatusOver
			}
		})
		if over {
			break
		}
	}
	row, err := db.Game(ctx, id)
	must(t, err)
	if row.Status != store.StatusOver || row.Result == nil || row.Result.Winner == 1 {
		t.Fatalf("the game: %s, %+v; want over, not won by ann", row.Status, row.Result)
	}
	ann, bob := rating(UpLadder, "ann"), rating(UpLadder, "bob")
	bobWon := row.Result.Winner == 2
	if ann.Rating != store.InitialRating-host.EloK/2 || ann.Losses != 1 || bob.Rating != store.InitialRating+host.EloK/2 || bob.Games != 1 ||
		(bob.Wins == 1) != bobWon || (bob.Losses == 1) == bobWon {
		t.Errorf("ann %+v, bob %+v after ann resigned and bob played on (bob won: %v)", ann, bob, bobWon)
	}
	for _, kind := range append(kombathost.Ladders(), UpBotLadder("easy")) {
		if r := rating(kind, "bob"); r.Games != 0 {
			t.Errorf("bob rated on %s too: %+v", kind, r)
		}
	}
}
