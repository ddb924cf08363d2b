package store

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/upbeat"
)

// benchGame is a real game of the example kinds played to the end, for realistic
// stored rows: three strategies of about 1 KiB each and the game's real decisions.
func benchGame(b *testing.B) (game.Setup, []game.Decision) {
	setup := crashSetup(b, 3)
	setup.Config.MaxTurns = game.DefaultConfig().MaxTurns
	g, err := game.New(game.NewLanguage(), setup)
	must(b, err)
	must(b, game.PlayOut(g, [2]game.Decider{turnDecider{3}, turnDecider{3}}))
	return setup, g.Record().Decisions
}

// seedGames stores n active games, each with the first perGame decisions of ds, in
// one transaction: the benchmarks measure loading, not ten thousand fsyncs.
func seedGames(b *testing.B, db *DB, n int, setup game.Setup, ds []game.Decision, perGame int) {
	state, err := json.Marshal(kState{Kinds: setup.Kinds})
	must(b, err)
	acts := kActs(ds[:perGame])
	must(b, db.tx(context.Background(), func(tx *txn) error {
		for i := range n {
			var id int64
			err := tx.QueryRowContext(context.Background(), `INSERT INTO games (scope, place, mode, config, seed, status, state, created_at, updated_at)
				VALUES ('g', ?, 'duel', ?, ?, 'play', ?, 0, 0) RETURNING id`, fmt.Sprint("ch", i), setup.Config.String(), setup.Seed, string(state)).Scan(&id)
			if err != nil {
				return err
			}
			if err := insertSeats(context.Background(), tx, id, []Seat{{Player: "a"}, {Player: "b"}}); err != nil {
				return err
			}
			for pos, a := range acts {
				if _, err := tx.ExecContext(context.Background(), `INSERT INTO actions (game_id, pos, seat, verb, data, at) VALUES (?, ?, ?, ?, ?, 0)`,
					id, pos, a.Seat, a.Verb, a.Data); err != nil {
					return err
				}
			}
		}
		return nil
	}))
}

// BenchmarkLoadActiveGames loads 10,000 active games at start-up (the worst case: every
// stored game active), each with the example kinds and 40 real decisions, about twenty
// turns in.
func BenchmarkLoadActiveGames(b *testing.B) {
	db := openTest(b)
	ctx := context.Background()
	setup, ds := benchGame(b)
	seedGames(b, db, 10000, setup, ds, 40)
	b.ReportAllocs()
	for b.Loop() {
		gs, err := db.ActiveGames(ctx)
		if err != nil || len(gs) != 10000 || len(gs[9999].Actions) != 40 || len(gs[0].Seats) != 2 {
			b.Fatalf("%d games, %v", len(gs), err)
		}
	}
}

// BenchmarkCommitTurn commits one turn (a purchase, a spawn and the end) durably: one
// transaction, fsynced (synchronous=FULL).
func BenchmarkCommitTurn(b *testing.B) {
	db := openTest(b)
	ctx := context.Background()
	id, err := db.CreateGame(ctx, newGameRow("c", game.ModeDuel, "a", "b"))
	must(b, err)
	turn := []game.Decision{
		{Player: 1, Action: game.ActBuy, Hex: game.Hex{Row: 3, Col: 1}},
		{Player: 1, Action: game.ActSpawn, Kind: 0, Hex: game.Hex{Row: 3, Col: 1}},
		{Player: 1, Action: game.ActEnd},
	}
	pos := 0
	b.ReportAllocs()
	for b.Loop() {
		must(b, db.AppendDecisions(ctx, id, pos, turn))
		pos += len(turn)
	}
}

// BenchmarkRebuildGame loads a whole finished game of the default 69 turns each and
// replays it: what a game costs after a restart without stored snapshots.
func BenchmarkRebuildGame(b *testing.B) {
	db := openTest(b)
	ctx := context.Background()
	setup, ds := benchGame(b)
	seedGames(b, db, 1, setup, ds, len(ds))
	lang := game.NewLanguage()
	b.ReportAllocs()
	for b.Loop() {
		row, err := db.Game(ctx, 1)
		must(b, err)
		rec := kOf(row).record(row)
		g, err := game.Replay(lang, rec)
		must(b, err)
		if g.Decisions() != len(ds) {
			b.Fatalf("%d decisions replayed, want %d", g.Decisions(), len(ds))
		}
	}
	b.ReportMetric(float64(len(ds)), "decisions")
}

// BenchmarkCommitTurnParallel commits turns of many games at once, as a host running
// hundreds of games does: 16 committers per CPU, each its own game, each turn one
// CommitOwing (the decisions and the screen owed) made durable before it returns.
func BenchmarkCommitTurnParallel(b *testing.B) {
	db := openTest(b)
	ctx := context.Background()
	var places atomic.Int64
	b.SetParallelism(16)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		id, err := db.CreateGame(ctx, newGameRow(fmt.Sprint("c", places.Add(1)), game.ModeAuto, "a", ""))
		if err != nil {
			b.Error(err)
			return
		}
		turn := []game.Decision{
			{Player: 1, Action: game.ActBuy, Hex: game.Hex{Row: 3, Col: 1}},
			{Player: 1, Action: game.ActSpawn, Kind: 0, Hex: game.Hex{Row: 3, Col: 1}},
			{Player: 1, Action: game.ActEnd},
		}
		for pos := 0; pb.Next(); pos += len(turn) {
			if err := db.CommitOwing(ctx, id, pos, turn, nil, 0, "a turn", nil); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkLoadGame200 loads one game in play with 200 real decisions, stored through
// the API (so that it measures the same thing whatever the tables): what a restarted
// host reads for a long game before replaying it.
func BenchmarkLoadGame200(b *testing.B) {
	db := openTest(b)
	ctx := context.Background()
	setup, ds := benchGame(b)
	if len(ds) < 200 {
		b.Fatalf("the bench game has %d decisions", len(ds))
	}
	row := &Game{Scope: "g", Place: "c", Mode: game.ModeDuel, Seed: setup.Seed, Status: StatusSetup}
	kTest{Players: [2]string{"a", "b"}, Config: setup.Config, Kinds: setup.Kinds}.put(row)
	id, err := db.CreateGame(ctx, row)
	must(b, err)
	row.ID, row.Status = id, StatusPlay
	must(b, db.SaveMeta(ctx, row))
	must(b, db.AppendDecisions(ctx, id, 0, ds[:200]))
	b.ReportAllocs()
	for b.Loop() {
		g, err := db.Game(ctx, id)
		if err != nil || len(g.Actions) != 200 || len(g.Seats) != 2 {
			b.Fatalf("%v", err)
		}
	}
}

// upbeatBenchActions are n actions of a 3-seat UPBEAT game: each seat revises its plan
// (a line of about 40 bytes) and confirms, in turn, with its clock.
func upbeatBenchActions(n int) []upbeat.Action {
	out := make([]upbeat.Action, n)
	for i := range out {
		a := upbeat.Action{Player: i/2%3 + 1, Kind: upbeat.ActConfirm, Elapsed: time.Duration(i) * time.Millisecond}
		if i%2 == 0 {
			a.Kind, a.Plan = upbeat.ActRevise, fmt.Sprintf("t = %d\ninvest 10\nrelocate\ndone # revision", i)
		}
		out[i] = a
	}
	return out
}

// BenchmarkLoadUpbeat200 loads an UPBEAT game of three seats with first plans and 200
// actions through the API: what a host reads for a long UPBEAT game before replaying it.
func BenchmarkLoadUpbeat200(b *testing.B) {
	db := openTest(b)
	ctx := context.Background()
	id := createUpbeatBench(b, db)
	must(b, db.CommitActions(ctx, id, 0, upActs(upbeatBenchActions(200)), nil, 0, nil))
	b.ReportAllocs()
	for b.Loop() {
		g, err := db.Game(ctx, id)
		if err != nil || upbeatBenchLen(g) != 200 {
			b.Fatalf("%v", err)
		}
	}
}

// BenchmarkCommitUpbeatTurn commits one UPBEAT turn (a revision and its confirmation)
// durably: one transaction, fsynced.
func BenchmarkCommitUpbeatTurn(b *testing.B) {
	db := openTest(b)
	ctx := context.Background()
	id := createUpbeatBench(b, db)
	turn := upActs(upbeatBenchActions(2))
	pos := 0
	b.ReportAllocs()
	for b.Loop() {
		must(b, db.CommitActions(ctx, id, pos, turn, nil, 0, nil))
		pos += len(turn)
	}
}

// createUpbeatBench stores an UPBEAT game of three seats in play with first plans.
func createUpbeatBench(b *testing.B, db *DB) int64 {
	row := upRow("g", "u", StatusPlay, 1, upTest{Seats: []string{"a", "b", ""}, Plans: []string{"invest 1\ndone", "collect 2\ndone", "done"}, Config: upbeat.DefaultConfig()})
	id, err := db.CreateGame(context.Background(), row)
	must(b, err)
	return id
}

// upbeatBenchLen is how many actions a loaded UPBEAT game holds.
func upbeatBenchLen(g *Game) int { return len(g.Actions) }
