package store

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/upbeat"
)

// TestPlayedGames: a user's games are both games', newest first: KOMBAT's by their two
// players, UPBEAT's by any of their seats; one game's alone when asked. A lobby still
// open, another server's game, a seat whose id only contains the user's, a user id with
// LIKE's wildcards, and a plan whose text is the user's id do not list a game.
func TestPlayedGames(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	up := func(scope, place string, status Status, seats []string, plans ...string) int64 {
		t.Helper()
		id, err := db.CreateGame(ctx, upRow(scope, place, status, 1, upTest{Seats: seats, Plans: plans, Config: upbeat.DefaultConfig()}))
		must(t, err)
		return id
	}
	kombat, err := db.CreateGame(ctx, newGameRow("k1", game.ModeDuel, "u1", "u2"))
	must(t, err)
	must(t, db.Finish(ctx, kombat, 0, nil, game.Result{Winner: 2, Reason: game.ReasonResign}, 0, nil))
	three := up("g", "p1", StatusPlay, []string{"u2", "u1", ""}, "done", "done", "done")
	must(t, db.CommitActions(ctx, three, 0, []Action{{Seat: 1, Verb: "resign"}}, &game.Result{Winner: 2, Reason: "last"}, 1, nil))
	up("g", "p2", StatusChallenge, []string{"u1", ""})                              // a lobby
	up("h", "p3", StatusPlay, []string{"u1", "u2"})                                 // another server
	up("g", "p4", StatusPlay, []string{"u11", "au1"})                               // ids containing u1
	up("g", "p5", StatusPlay, []string{"u3", "u4"}, `u1`, `say "u1"`)               // plans naming u1
	six := up("g", "p6", StatusSetup, []string{"u4", "u5", "u6", "u7", "u8", "u1"}) // being set up
	wild := up("g", "p7", StatusPlay, []string{"u_%!", "u9"})                       // LIKE's wildcards
	ids := func(gs []*Game) []int64 {
		var out []int64
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	for _, c := range []struct {
		user  string
		only  GameName
		limit int
		want  []int64
	}{
		{"u1", "", 10, []int64{six, three, kombat}},
		{"u1", GameUpbeat, 10, []int64{six, three}},
		{"u1", GameKombat, 10, []int64{kombat}},
		{"u1", "", 2, []int64{six, three}},
		{"u_%!", "", 10, []int64{wild}},
		{"u_", "", 10, nil},
		{"nobody", "", 10, nil},
	} {
		gs, err := db.PlayedGames(ctx, "g", c.user, c.only, c.limit)
		if err != nil || !slices.Equal(ids(gs), c.want) {
			t.Errorf("games of %s (%q, %d): %v, %v; want %v", c.user, c.only, c.limit, ids(gs), err, c.want)
		}
	}
	gs, err := db.PlayedGames(ctx, "g", "u1", GameUpbeat, 10)
	must(t, err)
	if g := gs[1]; !reflect.DeepEqual(upOf(g).Seats, []string{"u2", "u1", ""}) || g.Result == nil || g.Result.Winner != 2 || g.Turns != 1 || g.Actions != nil {
		t.Errorf("a listed UPBEAT game: %+v; want its seats and result, without its actions", g)
	}
}

// ratedSpy is a rating policy that records the game it was asked about and rates no one.
type ratedSpy struct{ got *RatedGame }

func (s ratedSpy) Stakes(g RatedGame) []Stake          { *s.got = g; return nil }
func (ratedSpy) Rate(_ RatedGame, b []Rating) []Rating { return b }

// TestCommitRated_PolicySeesTheSeats: a policy asked about a finished UPBEAT game sees
// its game and seats (KOMBAT's games: neither), and is asked only once the game ends.
func TestCommitRated_PolicySeesTheSeats(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	id, err := db.CreateGame(ctx, upRow("g", "p", StatusPlay, 1, upTest{Seats: []string{"", "u1", ""}, Config: upbeat.DefaultConfig()}))
	must(t, err)
	var got RatedGame
	spy := ratedSpy{&got}
	must(t, db.CommitRated(ctx, id, 0, []Action{{Seat: 1, Verb: "confirm"}}, nil, 1, nil, spy))
	if got.Game != "" {
		t.Fatalf("the policy was asked before the game ended: %+v", got)
	}
	res := game.Result{Winner: 2, Reason: "limit"}
	must(t, db.CommitRated(ctx, id, 1, []Action{{Seat: 2, Verb: "confirm"}}, &res, 2, nil, spy))
	if got.Game != GameUpbeat || !slices.Equal(got.Seats, []string{"", "u1", ""}) || got.Result != res {
		t.Errorf("the policy saw %+v", got)
	}
	kid, err := db.CreateGame(ctx, newGameRow("k", game.ModeDuel, "u1", "u2"))
	must(t, err)
	must(t, db.Finish(ctx, kid, 0, nil, game.Result{Winner: 1, Reason: game.ReasonResign}, 0, spy))
	if got.Game != GameKombat || !slices.Equal(got.Seats, []string{"u1", "u2"}) || got.State != `{"human_seat":0,"kinds":[{"name":"a","defense":0,"strategy":"done"}]}` {
		t.Errorf("the policy saw %+v for a KOMBAT game", got)
	}
}

// insertGame inserts a games row by q (returning its id) with its seats, as CreateGame
// would, without CreateGame's checks: a benchmark's rows, many to a transaction.
func insertGame(tx *txn, q string, seats []Seat, args ...any) error {
	var id int64
	if err := tx.QueryRowContext(context.Background(), q, args...).Scan(&id); err != nil {
		return err
	}
	return insertSeats(context.Background(), tx, id, seats)
}

// BenchmarkPlayedGames: a user's history (15 games) on a server of 5,000 finished
// UPBEAT games and 5,000 KOMBAT ones, each user in one game in twenty-five. The query
// finds the user's games in the seats table by its index on player.
func BenchmarkPlayedGames(b *testing.B) {
	db := openTest(b)
	ctx := context.Background()
	cfg := upbeat.DefaultConfig().String()
	must(b, db.tx(ctx, func(tx *txn) error {
		for i := range 10_000 {
			user := func(j int) string { return fmt.Sprint("u", (i+j)%50) }
			var err error
			if i%2 == 0 {
				seats := upRow("", "", "", 0, upTest{Seats: []string{user(0), user(1), ""}, Plans: []string{"invest 10", "done", "done"}}).Seats
				err = insertGame(tx, `INSERT INTO games (scope, place, mode, config, seed, status, game, winner, reason, turns, created_at, updated_at)
					VALUES ('g', ?, 'duel', ?, 1, 'over', 'upbeat', 1, 'last', 30, 0, 0) RETURNING id`, seats, fmt.Sprint("p", i), cfg)
			} else {
				err = insertGame(tx, `INSERT INTO games (scope, place, mode, config, seed, status, state, winner, reason, turns, created_at, updated_at)
					VALUES ('g', ?, 'duel', ?, 1, 'over', '{"human_seat":0,"kinds":[]}', 1, 'minions', 30, 0, 0) RETURNING id`,
					[]Seat{{Player: user(0)}, {Player: user(1)}}, fmt.Sprint("p", i), game.DefaultConfig().String())
			}
			if err != nil {
				return err
			}
		}
		return nil
	}))
	b.ReportAllocs()
	for b.Loop() {
		gs, err := db.PlayedGames(ctx, "g", "u7", "", 15)
		if err != nil || len(gs) != 15 {
			b.Fatalf("%d games, %v", len(gs), err)
		}
	}
}
