package upbeat

import (
	"errors"
	"math"
	"slices"
	"testing"
	"time"
)

func TestNeighbors_U1(t *testing.T) {
	tests := []struct {
		from Region
		want [6]Region // up, upright, downright, down, downleft, upleft
	}{
		{Region{3, 3}, [6]Region{{2, 3}, {3, 4}, {4, 4}, {4, 3}, {4, 2}, {3, 2}}}, // odd column
		{Region{3, 4}, [6]Region{{2, 4}, {2, 5}, {3, 5}, {4, 4}, {3, 3}, {2, 3}}}, // even column sits higher
	}
	for _, tc := range tests {
		for d := 1; d <= 6; d++ {
			if got := tc.from.Neighbor(d); got != tc.want[d-1] {
				t.Errorf("%v.Neighbor(%s) = %v, want %v", tc.from, DirectionName(d), got, tc.want[d-1])
			}
			if Distance(tc.from, tc.want[d-1]) != 1 {
				t.Errorf("distance %v to its neighbour %v is not 1", tc.from, tc.want[d-1])
			}
		}
	}
	dist := []struct {
		a, b Region
		want int
	}{{Region{1, 1}, Region{1, 1}, 0}, {Region{1, 1}, Region{1, 3}, 2}, {Region{1, 1}, Region{5, 1}, 4}, {Region{1, 1}, Region{100, 100}, 148}}
	for _, tc := range dist {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%v, %v) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
	res := one(t, "a = rows\nb = cols\nc = currow\nd = curcol", 10)
	v := res.Players[0].Vars
	if v["a"] != 6 || v["b"] != 6 || v["c"] != 3 || v["d"] != 3 {
		t.Errorf("rows, cols, currow, curcol = %v, want 6 6 3 3", v)
	}
}

func TestSeatOrder_U2(t *testing.T) {
	g, err := New(NewLanguage(), Setup{Config: DefaultConfig(), Seed: 3, Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Resign(2); err != nil {
		t.Fatal(err)
	}
	var order []int
	for range 4 {
		order = append(order, g.Current())
		if _, err := g.Confirm(g.Current(), 0); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(order, []int{1, 3, 1, 3}) {
		t.Errorf("turn order %v, want 1 3 1 3 (player 2 is out)", order)
	}
	if g.Turn(1) != 3 || g.Turn(3) != 3 {
		t.Errorf("turn numbers %d, %d, want 3, 3: each counts the player's own turns", g.Turn(1), g.Turn(3))
	}
	if _, err := g.Confirm(3, 0); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("confirm out of turn: %v, want ErrNotYourTurn", err)
	}
	for _, n := range []int{1, 7} {
		if _, err := New(NewLanguage(), Setup{Config: DefaultConfig(), Players: n}); err == nil {
			t.Errorf("%d players accepted; a game has 2 to 6", n)
		}
	}
}

func TestStart_U3(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Rows, cfg.Cols = 1, 6
	g1, err := New(NewLanguage(), Setup{Config: cfg, Seed: 9, Players: 6})
	if err != nil {
		t.Fatal(err)
	}
	g2, _ := New(NewLanguage(), Setup{Config: cfg, Seed: 9, Players: 6})
	seen := map[Region]bool{}
	for p := 1; p <= 6; p++ {
		c := g1.Center(p)
		if seen[c] || !g1.Territory().Has(c) {
			t.Errorf("player %d's center %v drawn twice or off the territory", p, c)
		}
		seen[c] = true
		if g1.Owner(c) != p || g1.Deposit(c) != 100 || g1.Budget(p) != 10000 {
			t.Errorf("player %d: owner %d, deposit %v, budget %d; want %d, 100, 10000", p, g1.Owner(c), g1.Deposit(c), g1.Budget(p), p)
		}
		if g2.Center(p) != c {
			t.Errorf("same seed, player %d's center %v then %v", p, c, g2.Center(p))
		}
	}
}

func TestOwnership_U4(t *testing.T) {
	// Shooting (3,4) from 5.5 by 5 leaves 0.5: ownerless, keeping what is left.
	res := one(t, "shoot upright 5", 100, ScenarioRegion{At: Region{3, 4}, Owner: 2, Deposit: 5.5})
	if o, d := region(res, Region{3, 4}); o != 0 || d != 0.5 {
		t.Errorf("after the shot (3,4) has owner %d deposit %v, want 0 and 0.5", o, d)
	}
}

func TestBudgetOverflow_U5a(t *testing.T) {
	tests := []struct {
		name, plan string
		budget     int64
		want       int64
	}{
		{"invest of the largest int64 is unaffordable", "invest 9223372036854775807", 100, 99},
		{"shoot of the largest int64 is unaffordable and free", "shoot up 9223372036854775807", 100, 100},
		{"collect stops the budget at the largest int64", "collect 50", math.MaxInt64 - 10, math.MaxInt64},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := one(t, tc.plan, tc.budget, ScenarioRegion{At: Region{3, 3}, Owner: 1, Deposit: 100})
			if got := res.Players[0].Budget; got != tc.want {
				t.Errorf("budget %d, want %d", got, tc.want)
			}
		})
	}
}

func TestInterest_U6(t *testing.T) {
	rate := func(d float64, t float64) float64 { return 5 * math.Log10(d) * math.Log(t) }
	tests := []struct {
		name string
		turn int64
		dep  float64
		max  string
		want float64
	}{
		{"nothing on turn 1", 1, 100, "", 100},
		{"turn 2", 2, 100, "", 100 + 100*rate(100, 2)/100},
		{"turn 10, fractional deposit", 10, 250.5, "", 250.5 + 250.5*rate(250.5, 10)/100},
		{"deposit 1 earns nothing (log10 1 = 0)", 5, 1, "", 1},
		{"capped at max_dep", 50, 900, "\nmax_dep=1000", 1000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := duel("done", 10, ScenarioRegion{At: Region{3, 3}, Owner: 1, Deposit: tc.dep}, ScenarioRegion{At: Region{1, 1}, Deposit: 50})
			sc.Config += tc.max
			sc.Players[0].Turn = tc.turn
			res := run(t, sc)[0]
			if _, d := region(res, Region{3, 3}); d != tc.want {
				t.Errorf("deposit %v, want %v", d, tc.want)
			}
			if _, d := region(res, Region{1, 1}); d != 50 {
				t.Errorf("ownerless deposit %v earned interest, want 50", d)
			}
		})
	}
}

func TestRateNeverRounded_U6a(t *testing.T) {
	c := DefaultConfig()
	if r := c.Rate(150, 3); r != 5*math.Log10(150)*math.Log(3) {
		t.Errorf("Rate(150, 3) = %v, not the real b*log10(d)*ln(t)", r)
	}
	if _, err := ParseConfig("interest_pct=0"); err == nil {
		t.Error("interest_pct=0 accepted; it must be at least 1")
	}
}

func TestIntAndDeposit_U7_U8(t *testing.T) {
	tests := []struct {
		name  string
		plan  string
		turn  int64
		regs  []ScenarioRegion
		wantX int64
	}{
		{"int on own region", "x = int", 10, []ScenarioRegion{{At: Region{3, 3}, Owner: 1, Deposit: 100}}, intAfterInterest(100, 10)},
		{"int is 0 on turn 1", "x = int", 1, nil, 0},
		{"int is 0 on an ownerless region", "move up\nx = int", 10, []ScenarioRegion{{At: Region{2, 3}, Deposit: 100}}, 0},
		{"deposit is truncated", "x = deposit", 1, []ScenarioRegion{{At: Region{3, 3}, Owner: 1, Deposit: 99.9}}, 99},
		{"deposit is negated when ownerless", "move up\nx = deposit", 1, []ScenarioRegion{{At: Region{2, 3}, Deposit: 7.8}}, -7},
		{"deposit is 0 when there is none", "move up\nx = deposit", 1, nil, 0},
		{"maxdeposit", "x = maxdeposit", 1, nil, 1000000},
		{"budget", "x = budget", 1, nil, 500},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := duel(tc.plan, 500, tc.regs...)
			sc.Players[0].Turn = tc.turn
			res := run(t, sc)[0]
			if got := res.Players[0].Vars["x"]; got != tc.wantX {
				t.Errorf("x = %d, want %d", got, tc.wantX)
			}
		})
	}
	res := one(t, "i = 0\nwhile (100 - i) { i = i + 1\nr = random\nif (r + 1) then {} else bad = 1\nif (r - 999) then bad = 1 else {} }", 10)
	if res.Players[0].Vars["bad"] != 0 {
		t.Error("random left 0..999")
	}
}

func TestEvaluation_U10(t *testing.T) {
	tests := []struct {
		plan   string
		budget int64
		want   string
	}{
		{"x = 1", 10, EndProgram},
		{"done\nx = 1", 10, EndDone},
		{"x = 1 / 0", 10, EndDivZero},
		{"move up", 0, EndBudget},
		{"collect 1", 0, EndBudget},
		{"relocate", 10, EndRelocate},
		{"while (1) x = x + 1\nwhile (1) x = x + 1\nwhile (1) x = x + 1", 10, EndSteps},
	}
	for _, tc := range tests {
		sc := duel(tc.plan, tc.budget)
		sc.Config += "\nstep_limit=50000"
		res := run(t, sc)[0]
		if res.End != tc.want {
			t.Errorf("%q: end %q, want %q", tc.plan, res.End, tc.want)
		}
		if res.End == EndSteps && res.StepsUsed > 50000 {
			t.Errorf("%q used %d steps, over the limit", tc.plan, res.StepsUsed)
		}
	}
}

func TestMove_U11(t *testing.T) {
	tests := []struct {
		name   string
		plan   string
		budget int64
		crew   Region
		left   int64
		regs   []ScenarioRegion
	}{
		{"moves onto a free region", "move up", 10, Region{2, 3}, 9, nil},
		{"stays off the territory's edge", "move up\nmove up\nmove up", 10, Region{1, 3}, 7, nil},
		{"stays before another player's region", "move up", 10, Region{3, 3}, 9, []ScenarioRegion{{At: Region{2, 3}, Owner: 2, Deposit: 5}}},
		{"without budget nothing happens", "move up", 0, Region{3, 3}, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := one(t, tc.plan, tc.budget, tc.regs...)
			if *res.Crew != tc.crew || res.Players[0].Budget != tc.left {
				t.Errorf("crew %v budget %d, want %v %d", *res.Crew, res.Players[0].Budget, tc.crew, tc.left)
			}
		})
	}
}

func TestInvest_U12(t *testing.T) {
	tests := []struct {
		name      string
		plan      string
		budget    int64
		at        Region
		left      int64
		owner     int
		dep       float64
		regs      []ScenarioRegion
		maxDepCfg string
	}{
		{"invest on own center", "invest 10", 100, Region{3, 3}, 89, 1, 110, nil, ""},
		{"claims an adjacent free region", "move up\ninvest 10", 100, Region{2, 3}, 88, 1, 10, nil, ""},
		{"a region touching none of the player's pays 1", "move up\nmove up\ninvest 10", 100, Region{1, 3}, 97, 0, 0, nil, ""},
		{"negative amount pays 1", "invest 0 - 5", 100, Region{3, 3}, 99, 1, 100, nil, ""},
		{"budget below amount + 1 pays 1", "invest 100", 100, Region{3, 3}, 99, 1, 100, nil, ""},
		{"budget of exactly amount + 1", "invest 99", 100, Region{3, 3}, 0, 1, 199, nil, ""},
		{"budget below 1: nothing", "invest 5", 0, Region{3, 3}, 0, 1, 100, nil, ""},
		{"capped at max_dep, paying in full", "invest 50", 100, Region{3, 3}, 49, 1, 120, nil, "\nmax_dep=120"},
		{"invest 0 on an empty region claims nothing", "move up\ninvest 0", 100, Region{2, 3}, 98, 0, 0, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := duel(tc.plan, tc.budget, tc.regs...)
			sc.Config += tc.maxDepCfg
			res := run(t, sc)[0]
			o, d := region(res, tc.at)
			if res.Players[0].Budget != tc.left || o != tc.owner || d != tc.dep {
				t.Errorf("budget %d, %v owner %d deposit %v; want %d, %d, %v", res.Players[0].Budget, tc.at, o, d, tc.left, tc.owner, tc.dep)
			}
		})
	}
}

func TestCollect_U13(t *testing.T) {
	tests := []struct {
		name   string
		plan   string
		budget int64
		left   int64
		owner  int
		dep    float64
		end    string
	}{
		{"collects", "collect 40", 10, 49, 1, 60, EndProgram},
		{"more than the deposit pays 1", "collect 101", 10, 9, 1, 100, EndProgram},
		{"negative pays 1", "collect 0 - 1", 10, 9, 1, 100, EndProgram},
		{"without budget the evaluation ends", "collect 5\nx = 1", 0, 0, 1, 100, EndBudget},
		{"emptying the center loses the game", "collect 100", 10, 109, 0, 0, EndGameOver},
		{"leaving 0.5 on the center loses it too", "collect 100", 10, 109, 0, 0, EndGameOver},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dep := 100.0
			if i == 5 {
				dep = 100.5
				tc.dep = 0.5
			}
			res := one(t, tc.plan, tc.budget, ScenarioRegion{At: Region{3, 3}, Owner: 1, Deposit: dep})
			o, d := region(res, Region{3, 3})
			if res.Players[0].Budget != tc.left || o != tc.owner || d != tc.dep || res.End != tc.end {
				t.Errorf("budget %d owner %d deposit %v end %s; want %d %d %v %s", res.Players[0].Budget, o, d, res.End, tc.left, tc.owner, tc.dep, tc.end)
			}
		})
	}
}

func TestShoot_U14(t *testing.T) {
	enemy := ScenarioRegion{At: Region{2, 3}, Owner: 2, Deposit: 50}
	tests := []struct {
		name  string
		plan  string
		left  int64
		owner int
		dep   float64
	}{
		{"drains an opponent's region", "shoot up 20", 79, 2, 30},
		{"never below 0, and the region is lost", "shoot up 80", 19, 0, 0},
		{"negative: nothing paid", "shoot up 0 - 3", 100, 2, 50},
		{"budget below amount + 1: nothing paid", "shoot up 100", 100, 2, 50},
		{"budget of exactly amount + 1", "shoot up 99", 0, 0, 0},
		{"off the territory: paid, no effect", "move down\nmove down\nmove down\nshoot down 5", 91, 2, 50},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := one(t, tc.plan, 100, enemy)
			o, d := region(res, Region{2, 3})
			if res.Players[0].Budget != tc.left || o != tc.owner || d != tc.dep {
				t.Errorf("budget %d, (2,3) owner %d deposit %v; want %d %d %v", res.Players[0].Budget, o, d, tc.left, tc.owner, tc.dep)
			}
		})
	}
	// Shooting an ownerless region pays and does nothing; shooting oneself drains.
	res := one(t, "shoot down 5\nmove up\nshoot down 30", 100, ScenarioRegion{At: Region{4, 3}, Deposit: 9})
	if _, d := region(res, Region{4, 3}); d != 9 {
		t.Errorf("ownerless region drained to %v", d)
	}
	if _, d := region(res, Region{3, 3}); d != 70 || res.Players[0].Budget != 100-6-1-31 {
		t.Errorf("own center after shooting it: %v, budget %d", d, res.Players[0].Budget)
	}
}

func TestRelocate_U15(t *testing.T) {
	own := ScenarioRegion{At: Region{1, 3}, Owner: 1, Deposit: 5}
	tests := []struct {
		name   string
		plan   string
		budget int64
		center Region
		left   int64
	}{
		{"pays 5x+10 and moves the center", "move up\nmove up\nrelocate\nmove down", 100, Region{1, 3}, 100 - 2 - 20},
		{"budget of exactly 5x+10", "move up\nmove up\nrelocate", 22, Region{1, 3}, 0},
		{"budget below 5x+10: nothing", "move up\nmove up\nrelocate", 21, Region{3, 3}, 19},
		{"not the player's region: nothing", "move down\nrelocate", 100, Region{3, 3}, 99},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := one(t, tc.plan, tc.budget, own, ScenarioRegion{At: Region{2, 3}, Owner: 1, Deposit: 5}, ScenarioRegion{At: Region{3, 3}, Owner: 1, Deposit: 100})
			if res.Players[0].Center != tc.center || res.Players[0].Budget != tc.left || res.End != EndRelocate {
				t.Errorf("center %v budget %d end %s; want %v %d relocate", res.Players[0].Center, res.Players[0].Budget, res.End, tc.center, tc.left)
			}
		})
	}
}

func TestLosing_U16_U21(t *testing.T) {
	sc := Scenario{
		Config: "m=6\nn=6",
		Players: []ScenarioPlayer{
			{Center: &Region{3, 3}, Plan: "shoot up 100"},
			{Center: &Region{2, 3}},
			{Center: &Region{6, 6}},
		},
		Regions: []ScenarioRegion{{At: Region{2, 3}, Owner: 2, Deposit: 100}, {At: Region{1, 3}, Owner: 2, Deposit: 40}},
		Steps:   []ScenarioStep{{Turn: 1}, {Turn: 2}},
	}
	res := run(t, sc)
	if res[0].Players[1].Alive || res[0].Winner != nil {
		t.Errorf("player 2 alive %v, winner %v; want out, no winner yet with two left", res[0].Players[1].Alive, res[0].Winner)
	}
	if o, d := region(res[0], Region{1, 3}); o != 0 || d != 40 {
		t.Errorf("the loser's other region: owner %d deposit %v, want ownerless keeping 40", o, d)
	}
	if len(res[1].Refused) == 0 {
		t.Error("a player who lost played a turn")
	}
	// With two players, the shot ends the game at once (U21, U24).
	two := duel("shoot downright 100\nmove up", 1000, ScenarioRegion{At: Region{4, 4}, Owner: 2, Deposit: 100})
	two.Players[1].Center = &Region{4, 4}
	r := run(t, two)[0]
	if r.Winner != 1 || r.End != EndGameOver || *r.Crew != (Region{3, 3}) {
		t.Errorf("winner %v end %s crew %v; want 1, gameover, the crew not moved", r.Winner, r.End, *r.Crew)
	}
}

func TestOpponentNearby_U17_U18(t *testing.T) {
	tests := []struct {
		name string
		regs []ScenarioRegion
		opp  int64
		near int64 // nearby up
	}{
		{"none", nil, 0, 0},
		{"up at 2, behind an ownerless and own region", []ScenarioRegion{{At: Region{2, 3}, Deposit: 5}, {At: Region{1, 3}, Owner: 2, Deposit: 1234}}, 21, 204},
		{"ties take the smallest value", []ScenarioRegion{{At: Region{1, 3}, Owner: 2, Deposit: 5}, {At: Region{5, 3}, Owner: 2, Deposit: 5}}, 21, 201},
		{"nearest wins over direction", []ScenarioRegion{{At: Region{1, 3}, Owner: 2, Deposit: 5}, {At: Region{4, 3}, Owner: 2, Deposit: 5}}, 14, 201},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := duel("a = opponent\nb = nearby up", 10, tc.regs...)
			sc.Players[1].Center = &Region{6, 6}
			res := run(t, sc)[0]
			v := res.Players[0].Vars
			if v["a"] != tc.opp || v["b"] != tc.near {
				t.Errorf("opponent %d nearby up %d, want %d %d", v["a"], v["b"], tc.opp, tc.near)
			}
		})
	}
}

func TestInitialPlan_U19(t *testing.T) {
	g, err := New(NewLanguage(), Setup{Config: DefaultConfig(), Seed: 1, Players: 2, Plans: []string{"invest 10"}})
	if err != nil {
		t.Fatal(err)
	}
	if g.Plan(2) != "" || g.Budget(1) != 10000 {
		t.Errorf("plan %q budget %d: a missing plan is done, and the first plan is free", g.Plan(2), g.Budget(1))
	}
	log, _ := g.Confirm(1, 0)
	log2, _ := g.Confirm(2, 0)
	if log.End != EndProgram || log2.End != EndDone {
		t.Errorf("ends %s %s, want end and done", log.End, log2.End)
	}
	if got := g.Config().InitPlanTime(); got != 5*time.Minute {
		t.Errorf("initial plan time %v, want 5m0s", got)
	}
}

func TestRevision_U20(t *testing.T) {
	cfg := DefaultConfig()
	cfg.PlanRevMin, cfg.PlanRevSec = 0, 10
	g, err := New(NewLanguage(), Setup{Config: cfg, Seed: 1, Players: 2, Plans: []string{"x = x + 1"}})
	if err != nil {
		t.Fatal(err)
	}
	g.Confirm(1, 0)
	g.Confirm(2, 0)
	var ie interface{ Format() string }
	steps := []struct {
		name    string
		plan    string
		elapsed float64
		err     error
		budget  int64
	}{
		{"same plan but comments and spaces: free (U20a)", "x=x+1 # again", 1, nil, 10000},
		{"does not compile", "x = ", 1, errors.New("compile"), 10000},
		{"accepted, costs rev_cost", "x = x + 2", 1, nil, 9900},
		{"the clock runs out", "x = x + 3", 7.5, ErrClockSpent, 9900},
		{"and stays out", "x = x + 3", 0, ErrClockSpent, 9900},
	}
	for _, st := range steps {
		err := g.Revise(1, st.plan, seconds(st.elapsed))
		switch {
		case st.err == nil && err != nil, st.err != nil && err == nil:
			t.Errorf("%s: error %v, want %v", st.name, err, st.err)
		case st.err == ErrClockSpent && !errors.Is(err, ErrClockSpent):
			t.Errorf("%s: error %v, want ErrClockSpent", st.name, err)
		case st.err != nil && st.err.Error() == "compile" && !errors.As(err, &ie):
			t.Errorf("%s: error %v, want diagnostics", st.name, err)
		}
		if g.Budget(1) != st.budget {
			t.Errorf("%s: budget %d, want %d", st.name, g.Budget(1), st.budget)
		}
	}
	if g.CanRevise(1) || g.Clock(1) != 0 {
		t.Errorf("clock %v, can revise %v after it ran out", g.Clock(1), g.CanRevise(1))
	}
	g.Confirm(1, 0)
	if v := g.Vars(1)["x"]; v != 3 {
		t.Errorf("x = %d: variables keep their values across revisions (1, then +2)", v)
	}
	// A budget below rev_cost is refused.
	res := run(t, Scenario{Config: "rev_cost=100", Players: []ScenarioPlayer{{Budget: ptr[int64](99)}, {}},
		Steps: []ScenarioStep{{Turn: 1, Revise: ptr("invest 1")}}})[0]
	if len(res.Refused) != 1 || res.Players[0].Budget != 99 {
		t.Errorf("refused %v budget %d, want one refusal and 99", res.Refused, res.Players[0].Budget)
	}
}

func TestTurnLimit_U22(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxTurns = 3
	g, _ := New(NewLanguage(), Setup{Config: cfg, Seed: 2, Players: 3, Plans: []string{"invest 5", "done", "done"}})
	n := 0
	for !g.Over() {
		g.Confirm(g.Current(), 0)
		n++
	}
	if n != 9 || g.Winner() != 1 {
		t.Errorf("%d turns, winner %d; want 9 (3 each) and player 1, the larger total deposit", n, g.Winner())
	}
	tests := []struct {
		name string
		regs []ScenarioRegion
		b2   int64
		want any
	}{
		{"equal on everything: a tie", nil, 1000, "tie"},
		{"more regions wins", []ScenarioRegion{{At: Region{1, 1}, Owner: 2, Deposit: 1}, {At: Region{5, 5}, Owner: 2, Deposit: 99}}, 1000, 2},
		{"larger budget wins last", nil, 1001, 2},
		{"larger total deposit first", []ScenarioRegion{{At: Region{5, 5}, Owner: 2, Deposit: 100.5}}, 0, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name+" (U22a)", func(t *testing.T) {
			sc := duel("done", 1000, tc.regs...)
			sc.Players[1].Budget = &tc.b2
			sc.Steps = []ScenarioStep{{Finish: true}}
			if got := run(t, sc)[0].Winner; got != tc.want {
				t.Errorf("winner %v, want %v", got, tc.want)
			}
		})
	}
}

func TestLosingMidPlan_U24(t *testing.T) {
	sc := Scenario{
		Config: "m=6\nn=6",
		Players: []ScenarioPlayer{
			{Center: &Region{3, 3}, Plan: "shoot up 100\nx = 1"},
			{Center: &Region{2, 3}},
			{Center: &Region{6, 6}},
		},
		Steps: []ScenarioStep{{Turn: 1}, {Turn: 1}},
	}
	res := run(t, sc)
	if res[0].End != EndProgram || res[0].Players[0].Vars["x"] != 1 {
		t.Errorf("end %s: with two still in, the plan goes on", res[0].End)
	}
	self := duel("collect 100\nx = 1", 10)
	self.Players = append(self.Players, ScenarioPlayer{Center: &Region{6, 1}})
	r := run(t, self)[0]
	if r.End != EndLost || r.Players[0].Vars["x"] != 0 || r.Players[0].Alive {
		t.Errorf("end %s x %d: knocking itself out ends the evaluation with lost", r.End, r.Players[0].Vars["x"])
	}
}

func TestScenarioRefusals_U25(t *testing.T) {
	sc := duel("collect 100", 10)
	sc.Steps = []ScenarioStep{{Turn: 1}, {Turn: 2}, {Finish: true}}
	res := run(t, sc)
	if res[0].Winner != 2 || len(res[1].Refused) != 1 || len(res[2].Refused) != 1 {
		t.Errorf("winner %v, refused %v %v: steps after the end are refused", res[0].Winner, res[1].Refused, res[2].Refused)
	}
	bad := []Scenario{
		{Players: []ScenarioPlayer{{}}},
		{Players: []ScenarioPlayer{{Center: &Region{0, 1}}, {}}},
		{Players: []ScenarioPlayer{{Plan: "move right"}, {}}},
		{Players: []ScenarioPlayer{{}, {}}, Steps: []ScenarioStep{{Turn: 3}}},
		{Game: "kombat", Players: []ScenarioPlayer{{}, {}}},
	}
	for i, sc := range bad {
		if err := PlayScenario(NewLanguage(), sc, func(StepResult) error { return nil }); err == nil {
			t.Errorf("malformed scenario %d accepted", i)
		}
	}
}

// intAfterInterest is int (U7) on a region of deposit d on turn t, after the turn's
// interest (U6) was paid.
func intAfterInterest(d float64, t int64) int64 {
	c := DefaultConfig()
	d += d * c.Rate(d, t) / 100
	return int64(c.Rate(d, t))
}
