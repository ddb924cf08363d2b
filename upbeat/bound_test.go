package upbeat

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"
)

// longPlan is issue 23's 40-byte plan: three nested loops of invest 1, which at the
// largest step limit runs 3.3 million invests in one turn.
const longPlan = "while (1) while (1) while (1) invest 1"

// longConfig is the legal configuration the issue ran it under.
const longConfig = "step_limit=10000000\ninit_budget=1000000000000"

// longGame is a two-player game on longConfig with longPlan in seat 1.
func longGame(t testing.TB, plan string) *Game {
	t.Helper()
	cfg, err := ParseConfig(longConfig)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(NewLanguage(), Setup{Config: cfg, Seed: 1, Players: 2, Plans: []string{plan}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// allocDuring runs f and reports the bytes allocated meanwhile (an upper bound of how
// far the heap can have grown) and what stays on the heap after it.
func allocDuring(f func()) (total, live uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, after.HeapAlloc
}

// TestLongPlanBounded_U12_R21: the 40-byte plan under the largest step limit
// runs its 3.3 million invests, and the turn allocates (so the heap grows) by at most
// KOMBAT's 64 MB bound of its largest scenario; before the cap it kept 437 MB.
func TestLongPlanBounded_U12_R21(t *testing.T) {
	if testing.Short() {
		t.Skip("ten million steps")
	}
	g := longGame(t, longPlan)
	var log TurnLog
	start := time.Now()
	total, live := allocDuring(func() {
		var err error
		if log, err = g.Confirm(1, 0); err != nil {
			t.Fatal(err)
		}
	})
	took := time.Since(start)
	t.Logf("%d events kept, %d steps, %s; allocated %d MB during the turn, heap %d MB after", len(log.Events), log.Steps, took.Round(time.Millisecond), total>>20, live>>20)
	if log.End != EndSteps || log.Steps < 9_999_990 {
		t.Errorf("ended %s after %d steps, want the step limit", log.End, log.Steps)
	}
	// The interest event (none on turn 1), MaxEventsPerEval invests and the end.
	if len(log.Events) > MaxEventsPerEval+2 {
		t.Errorf("%d events kept, more than MaxEventsPerEval (%d) and the end", len(log.Events), MaxEventsPerEval)
	}
	inv := log.Tally.Invest
	last := log.Events[len(log.Events)-1]
	if inv.Runs < 3_300_000 || inv.OK != inv.Runs || inv.Amount != inv.Runs || inv.Cost != 2*inv.Runs {
		t.Errorf("tally %+v, want 3.3 million invests of 1 at 2 each", inv)
	}
	if last.Kind != EventEvalEnd || last.Omitted != inv.Runs-MaxEventsPerEval {
		t.Errorf("the end event %+v, want %d omitted", last, inv.Runs-MaxEventsPerEval)
	}
	if g.Budget(1) != 1_000_000_000_000-inv.Cost {
		t.Errorf("budget %d, want %d: every invest paid as U12 says", g.Budget(1), 1_000_000_000_000-inv.Cost)
	}
	if total > 64<<20 {
		t.Errorf("the turn allocated %d MB, over KOMBAT's 64 MB bound", total>>20)
	}
	words := fmt.Sprint(log.Tally.Words())
	if want := "invested " + Thousands(inv.Amount) + " (" + Thousands(inv.OK) + " invests)"; !strings.Contains(words, want) {
		t.Errorf("summary %s, want %q", words, want)
	}
}

// opponentGame is a two-player game on a 100 x 100 territory with player 1's crew at
// (50,50) and player 2's only region at `at`, for benchmarks of opponent (U17).
func opponentGame(b testing.TB, plan string, at Region, stepLimit int64) *Game {
	b.Helper()
	cfg := DefaultConfig()
	cfg.Rows, cfg.Cols, cfg.StepLimit = 100, 100, stepLimit
	g, err := New(NewLanguage(), Setup{Config: cfg, Seed: 1, Players: 2, Plans: []string{plan}})
	if err != nil {
		b.Fatal(err)
	}
	clear(g.owner)
	clear(g.dep)
	mid := Region{50, 50}
	g.players[0].center, g.players[1].center = mid, at
	for p, r := range []Region{mid, at} {
		g.owner[g.terr.index(r)], g.dep[g.terr.index(r)] = uint8(p+1), 100
	}
	return g
}

// BenchmarkOpponent is one opponent (U17) from the middle of a 100 x 100 territory:
// near, an opponent 3 regions up; far, one at the end of a ray (49 regions down);
// none, one off every ray, so the view runs to the edge in all six directions. Each
// question comes after a command (the version bumped), so none is answered from the
// cache: this is the walk's cost.
func BenchmarkOpponent(b *testing.B) {
	for _, tc := range []struct {
		name string
		at   Region
	}{{"near", Region{47, 50}}, {"far", Region{99, 50}}, {"none", Region{1, 1}}} {
		b.Run(tc.name, func(b *testing.B) {
			g := opponentGame(b, "done", tc.at, 1000)
			c := &g.crew
			c.p, c.at = 1, g.players[0].center
			b.ReportAllocs()
			for b.Loop() {
				c.version++
				c.Info(InfoOpponent, nil)
			}
		})
	}
}

// BenchmarkOpponentLoop is the probe: a plan asking opponent in a loop until
// its step limit (here a million steps) on a 100 x 100 territory with no opponent in
// view, one evaluation an op.
func BenchmarkOpponentLoop(b *testing.B) {
	g := opponentGame(b, "while (1) while (1) x = opponent", Region{1, 1}, 1_000_000)
	b.ReportAllocs()
	for b.Loop() {
		c := g.Copy()
		if _, err := c.Confirm(1, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEventCap_U11_U12_U13_U14_R21: a command run in a loop is logged
// MaxEventsPerEval times and counted every time; the no-ops the rulings make free
// (invest with a budget below 1, U12; a negative or unaffordable shot, U14) still take
// a step each, so the step limit ends their loops (R21).
func TestEventCap_U11_U12_U13_U14_R21(t *testing.T) {
	// Each case runs "while (1) while (1) CMD" with a budget; want is how it ends, the
	// budget left, and the tally of CMD's kind: commands that took effect and their cost.
	type want struct {
		end      string
		budget   int64
		ok, cost int64
	}
	tests := []struct {
		name, cmd string
		budget    int64
		want      want
	}{
		{"invest with a budget below 1 is free (U12)", "invest 1", 0, want{EndSteps, 0, 0, 0}},
		{"invest of a negative amount costs 1 (U12)", "invest 0 - 5", 300, want{EndSteps, 0, 0, 300}},
		{"a negative shot is free (U14)", "shoot up 0 - 1", 100, want{EndSteps, 100, 0, 0}},
		{"an unaffordable shot is free (U14)", "shoot up 1000", 100, want{EndSteps, 100, 0, 0}},
		{"moves off the territory cost 1 until the budget ends them (U11)", "move up", 500, want{EndBudget, 0, 2, 500}},
		{"collects beyond the deposit cost 1 until the budget ends them (U13)", "collect 1000", 300, want{EndBudget, 0, 0, 300}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := duel("while (1) while (1) "+tc.cmd, tc.budget)
			sc.Config += "\nstep_limit=50000"
			res := run(t, sc)[0]
			if res.End != tc.want.end || res.StepsUsed > 50000 {
				t.Errorf("ended %s after %d steps, want %s within 50000", res.End, res.StepsUsed, tc.want.end)
			}
			if got := res.Players[0].Budget; got != tc.want.budget {
				t.Errorf("budget %d, want %d", got, tc.want.budget)
			}
			tally := res.Log.Tally
			c := map[string]Count{"invest": tally.Invest, "shoot": tally.Shoot, "move": tally.Move, "collect": tally.Collect}[strings.Fields(tc.cmd)[0]]
			if c.Runs <= MaxEventsPerEval || c.OK != tc.want.ok || c.Cost != tc.want.cost {
				t.Errorf("tally %+v, want more than %d runs, %d ok, cost %d", c, MaxEventsPerEval, tc.want.ok, tc.want.cost)
			}
			if len(res.Events) != MaxEventsPerEval+1 {
				t.Errorf("%d events, want MaxEventsPerEval (%d) and the end", len(res.Events), MaxEventsPerEval)
			}
			last := res.Events[len(res.Events)-1]
			all := tally.Move.Runs + tally.Invest.Runs + tally.Collect.Runs + tally.Shoot.Runs + tally.Relocate.Runs + tally.Ownerless
			if last.Kind != EventEvalEnd || last.Omitted != all-MaxEventsPerEval {
				t.Errorf("end event %+v, want %d omitted of %d", last, all-MaxEventsPerEval, all)
			}
		})
	}
}

// TestEventCapQuiet: a quiet game logs nothing but still tallies, and the cap starts
// again with each evaluation.
func TestEventCapQuiet(t *testing.T) {
	g := longGame(t, "i = 0 while (150 - i) { i = i + 1 invest 1 }")
	g.SetQuiet(true)
	log, err := g.Confirm(1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Events) != 0 || log.Tally.Invest.Runs != 150 {
		t.Errorf("quiet: %d events, tally %+v; want none and 150 invests", len(log.Events), log.Tally.Invest)
	}
	g.SetQuiet(false)
	g.Confirm(2, 0)
	log, _ = g.Confirm(1, 0)
	if n := len(log.Events); n != MaxEventsPerEval+2 || log.Events[n-1].Omitted != 50 {
		t.Errorf("%d events, the end %+v; want interest, %d invests, the end with 50 omitted", n, log.Events[n-1], MaxEventsPerEval)
	}
}

// TestTallyWords: the summary of a tally counts in full, with thousands separators.
func TestTallyWords(t *testing.T) {
	tests := []struct {
		tally Tally
		want  string
	}{
		{Tally{}, ""},
		{Tally{Invest: Count{Runs: 3_333_110, OK: 3_333_110, Amount: 3_333_110, Cost: 6_666_220}}, "invested 3,333,110 (3,333,110 invests)"},
		{Tally{Move: Count{Runs: 12, OK: 9}, Shoot: Count{Runs: 1, OK: 1, Amount: 100}}, "12 moves (3 stayed put); 1 shot for 100 (1 hit)"},
		{Tally{Invest: Count{Runs: 1500}, Collect: Count{Runs: 2, OK: 1, Amount: 5}, Ownerless: 1}, "1,500 invests without effect; collected 5 (1 collect), 1 without effect; 1 region left ownerless"},
		{Tally{Relocate: Count{Runs: 1, OK: 1}}, "relocated the city center"},
		{Tally{Relocate: Count{Runs: 1}, Collect: Count{Runs: 3}}, "3 collects without effect; could not relocate the city center"},
	}
	for _, tc := range tests {
		if got := strings.Join(tc.tally.Words(), "; "); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.tally, got, tc.want)
		}
	}
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", -1234567: "-1,234,567", math.MaxInt64: "9,223,372,036,854,775,807"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestOpponentWalk_U17: the walk outward along the six rays together gives what
// walking each ray to the edge in turn gives, on random territories.
func TestOpponentWalk_U17(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 17))
	for trial := range 3000 {
		cfg := DefaultConfig()
		cfg.Rows, cfg.Cols = int64(1+rng.IntN(12)), int64(1+rng.IntN(12))
		if cfg.Rows*cfg.Cols < 2 {
			cfg.Cols = 2
		}
		g, err := New(NewLanguage(), Setup{Config: cfg, Seed: uint64(trial), Players: 2})
		if err != nil {
			t.Fatal(err)
		}
		for i := range g.owner {
			g.owner[i] = uint8(rng.IntN(3)) * uint8(rng.IntN(2)) * uint8(rng.IntN(2))
		}
		c := &g.crew
		c.p, c.at = 1+rng.IntN(2), g.terr.at(rng.IntN(g.terr.Size()))
		want := int64(0)
		for d := 1; d <= 6; d++ {
			if dist, _ := c.look(d); dist > 0 && (want == 0 || int64(10*dist+d) < want) {
				want = int64(10*dist + d)
			}
		}
		if got := c.opponent(); got != want {
			t.Fatalf("%v player %d on %dx%d: opponent %d, want %d", c.at, c.p, cfg.Rows, cfg.Cols, got, want)
		}
	}
}

// TestInfoCache_U17_U18: a remembered answer is not given once a command has changed
// the territory.
func TestInfoCache_U17_U18(t *testing.T) {
	sc := duel("a = opponent\nb = nearby up\na2 = opponent\nshoot up 1000\nc = opponent\nd = nearby up", 2000,
		ScenarioRegion{At: Region{2, 3}, Owner: 2, Deposit: 5})
	sc.Players[1].Center = &Region{6, 6}
	v := run(t, sc)[0].Players[0].Vars
	if v["a"] != 11 || v["a2"] != 11 || v["b"] != 101 || v["c"] != 0 || v["d"] != 0 {
		t.Errorf("before the shot opponent %d, %d, nearby up %d; after it %d, %d; want 11, 11, 101, then 0, 0", v["a"], v["a2"], v["b"], v["c"], v["d"])
	}
}
