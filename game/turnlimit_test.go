package game

import (
	"errors"
	"slices"
	"sync/atomic"
	"testing"
)

// spinner never ends by itself: four nested loops of R15's 10,000 iterations each.
const spinner = "while (1) while (1) while (1) while (1) x = x + 1"

// crowded starts a game in play with n minions of player 1 (of the given kinds, in
// turn) and one of player 2, placed by hand, player 1 to act.
func crowded(t testing.TB, cfg Config, n int, kinds ...KindSpec) *Game {
	t.Helper()
	g := newGame(t, Setup{Config: cfg, Seed: 7, Mode: ModeAuto, Kinds: kinds})
	d := randomDeciders(7)
	for p := 1; p <= 2; p++ {
		if err := PlayFreeSpawn(g, p, d[p-1]); err != nil {
			t.Fatal(err)
		}
	}
	var free []Hex
	for r := 1; r <= Rows; r++ {
		for c := 1; c <= Cols; c++ {
			if h := (Hex{r, c}); g.at(h) == nil {
				free = append(free, h)
			}
		}
	}
	for i := 0; len(g.minionsOf(1)) < n; i++ {
		g.addMinion(1, i%len(kinds), free[i])
	}
	if g.Current() != 1 {
		t.Fatalf("player %d to act", g.Current())
	}
	return g
}

func evals(log TurnLog) []Event {
	var es []Event
	for _, e := range log.Events {
		if e.Type == EvEval {
			es = append(es, e)
		}
	}
	return es
}

// TestTurnStepLimit pins the turn's step budget from both sides: minions that together
// need exactly TurnStepLimit all run to their own step limit; with more, the minion
// that crosses it gets what is left and the ones after it get nothing.
func TestTurnStepLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 128 million steps")
	}
	if TurnStepLimit != 64_000_000 {
		t.Fatalf("TurnStepLimit is %d; the README and BenchmarkWorstTurn's figures say 64,000,000", TurnStepLimit)
	}
	kinds := []KindSpec{{Name: "Spin", Defense: 1, Strategy: spinner}}
	cfg := DefaultConfig()
	cfg.StepLimit = TurnStepLimit / 32
	g := crowded(t, cfg, 32, kinds...)
	log, err := g.EndTurn(1)
	if err != nil {
		t.Fatal(err)
	}
	var total int64
	for _, e := range evals(log) {
		total += e.Steps
		if e.End != EndSteps || e.Steps != cfg.StepLimit {
			t.Fatalf("minion %d: %s after %d steps, want steps after %d", e.Minion, e.End, e.Steps, cfg.StepLimit)
		}
	}
	if n := len(evals(log)); n != 32 || total != TurnStepLimit {
		t.Errorf("%d evaluations, %d steps; want 32 and %d", n, total, TurnStepLimit)
	}

	cfg.StepLimit = MaxStepLimit
	g = crowded(t, cfg, 8, kinds...)
	log, err = g.EndTurn(1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	total = 0
	for _, e := range evals(log) {
		got = append(got, e.End)
		total += e.Steps
	}
	want := []string{EndSteps, EndSteps, EndSteps, EndSteps, EndSteps, EndSteps, EndTurnSteps, EndTurnSteps}
	if !slices.Equal(got, want) || total != TurnStepLimit {
		t.Errorf("ends %v after %d steps, want %v after %d", got, total, want, TurnStepLimit)
	}
	if es := evals(log); es[6].Steps != TurnStepLimit-6*MaxStepLimit || es[7].Steps != 0 {
		t.Errorf("the last two minions took %d and %d steps", es[6].Steps, es[7].Steps)
	}
}

// TestStop: an interrupted turn is not played: EndTurn says ErrStopped, the record
// ends before it, the game refuses everything after, and a game rebuilt from the
// record plays that turn in full.
func TestStop(t *testing.T) {
	kinds := []KindSpec{{Name: "Spin", Defense: 1, Strategy: spinner}}
	cfg := DefaultConfig()
	cfg.StepLimit = 1000
	g := crowded(t, cfg, 3, kinds...)
	before := g.Record()
	var stop atomic.Bool
	stop.Store(true)
	g.SetStop(&stop)
	if _, err := g.EndTurn(1); !errors.Is(err, ErrStopped) {
		t.Fatalf("EndTurn: %v, want ErrStopped", err)
	}
	if after := g.Record(); len(after.Decisions) != len(before.Decisions) {
		t.Errorf("the record grew from %d to %d decisions", len(before.Decisions), len(after.Decisions))
	}
	if err := g.Buy(1, Hex{3, 3}); !errors.Is(err, ErrStopped) {
		t.Errorf("Buy after a stop: %v, want ErrStopped", err)
	}
	if _, err := g.EndTurn(1); !errors.Is(err, ErrStopped) {
		t.Errorf("EndTurn after a stop: %v, want ErrStopped", err)
	}
	stop.Store(false)
	fresh := crowded(t, cfg, 3, kinds...)
	fresh.SetStop(&stop)
	log, err := fresh.EndTurn(1)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(evals(log)); n != 3 {
		t.Errorf("the turn played again ran %d minions, want 3", n)
	}
	// Rebuilding a game can be interrupted as well.
	stop.Store(true)
	if _, err := ReplayStop(testLang(t), fresh.Record(), &stop); !errors.Is(err, ErrStopped) {
		t.Errorf("ReplayStop with the flag raised: %v, want ErrStopped", err)
	}
}

// worstKinds are strategies that spend every step as slowly as they can: plain
// arithmetic, and info expressions (the most expensive steps) in a loop.
var worstKinds = map[string]string{
	"arith": spinner,
	"info":  "while (1) while (1) { x = opponent + ally + nearby up + nearby downleft + nearby downright + x }",
}

// BenchmarkWorstTurn is the longest turn the rules allow: a full board (63 minions of
// the player, one enemy) at the largest step_limit, each minion spinning until the
// turn's step budget (TurnStepLimit) runs out.
func BenchmarkWorstTurn(b *testing.B) {
	for name, src := range worstKinds {
		b.Run(name, func(b *testing.B) {
			cfg := DefaultConfig()
			cfg.StepLimit = MaxStepLimit
			cfg.InitBudget, cfg.MaxBudget = MaxAmount, MaxAmount
			g := crowded(b, cfg, 63, KindSpec{Name: "Worst", Defense: 1, Strategy: src})
			start := save(g)
			var steps int64
			b.ReportAllocs()
			for b.Loop() {
				start.restore(g)
				log, err := g.EndTurn(1)
				if err != nil {
					b.Fatal(err)
				}
				steps = 0
				for _, e := range evals(log) {
					steps += e.Steps
				}
			}
			if steps != TurnStepLimit {
				b.Fatalf("the turn took %d steps, want %d", steps, TurnStepLimit)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(steps), "ns/step")
		})
	}
}
