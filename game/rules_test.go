package game

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// started returns a duel after both free spawns: player 1 at (1,1), player 2 at (8,8),
// with kinds whose strategies are given (default: done).
func started(t *testing.T, cfg Config, strategies ...string) *Game {
	t.Helper()
	if len(strategies) == 0 {
		strategies = []string{"done"}
	}
	var kinds []KindSpec
	for i, s := range strategies {
		kinds = append(kinds, KindSpec{Name: fmt.Sprintf("k%d", i), Strategy: s})
	}
	g := newGame(t, Setup{Config: cfg, Seed: 1, Mode: ModeDuel, Kinds: kinds})
	must(t, g.FreeSpawn(1, 0, Hex{1, 1}))
	must(t, g.FreeSpawn(2, 0, Hex{8, 8}))
	return g
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestKinds_R5(t *testing.T) {
	ok := KindSpec{Name: "a", Strategy: "done"}
	tests := []struct {
		kinds []KindSpec
		want  string
	}{
		{nil, "a game needs 1 to 5 minion kinds, got 0"},
		{[]KindSpec{ok, {Name: "b"}, {Name: "c"}, {Name: "d"}, {Name: "e"}, {Name: "f"}}, "got 6"},
		{[]KindSpec{{Name: "", Strategy: "done"}}, "kind 1: a kind needs a name"},
		{[]KindSpec{{Name: "abcdefghijklmnopqrstu", Strategy: "done"}}, "is 21 characters long; the limit is 20"},
		{[]KindSpec{{Name: "tank!", Strategy: "done"}}, `has '!'`},
		{[]KindSpec{ok, {Name: "A", Strategy: "done"}}, `kind 2: the name "A" is already used by kind 1`},
		{[]KindSpec{{Name: "a", Defense: -1, Strategy: "done"}}, "defense factor must be 0 or more, got -1"},
		{[]KindSpec{{Name: "a", Strategy: "move right"}}, "kind 1 (a): a:1:6: expected a direction"},
	}
	for _, tc := range tests {
		_, err := New(NewLanguage(), Setup{Kinds: tc.kinds})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.kinds, err, tc.want)
		}
	}
	g := newGame(t, Setup{Kinds: []KindSpec{{Name: "Tank 2-x_y", Defense: 7, Strategy: "done"}, {Name: "b", Strategy: "done"}}})
	if k := g.Kinds(); len(k) != 2 || k[0].Defense != 7 {
		t.Errorf("kinds %+v", k)
	}
}

func TestFreeSpawn_R6(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxSpawns = 2
	g := newGame(t, Setup{Config: cfg, Kinds: []KindSpec{{Name: "a", Strategy: "done"}}})
	if _, err := g.EndTurn(1); !errors.Is(err, ErrWrongPhase) {
		t.Errorf("ending a turn in setup: %v", err)
	}
	if err := g.FreeSpawn(1, 0, Hex{8, 8}); !errors.Is(err, ErrNotSpawnable) {
		t.Errorf("free spawn outside the area: %v", err)
	}
	if err := g.FreeSpawn(1, 3, Hex{1, 1}); !errors.Is(err, ErrUnknownKind) {
		t.Errorf("unknown kind: %v", err)
	}
	must(t, g.FreeSpawn(2, 0, Hex{7, 7})) // either player may go first
	if err := g.FreeSpawn(2, 0, Hex{8, 8}); !errors.Is(err, ErrAlreadyDone) {
		t.Errorf("second free spawn: %v", err)
	}
	if g.Phase() != PhaseSetup {
		t.Fatal("the game started before both free spawns")
	}
	before := g.Snapshot().Players[0].Budget
	must(t, g.FreeSpawn(1, 0, Hex{2, 2}))
	s := g.Snapshot()
	if s.Phase != PhasePlay || s.Current != 1 || s.Players[0].SpawnsLeft != 1 || s.Players[1].SpawnsLeft != 1 {
		t.Errorf("after setup: phase %s, current %d, spawns left %d/%d", s.Phase, s.Current, s.Players[0].SpawnsLeft, s.Players[1].SpawnsLeft)
	}
	if before != float64(cfg.InitBudget) || len(g.SetupEvents()) != 2 || g.SetupEvents()[0].Amount != 0 {
		t.Errorf("the free spawn cost something: %v", g.SetupEvents())
	}
}

func TestSeats_R7(t *testing.T) {
	kinds := []KindSpec{{Name: "a", Strategy: "done"}}
	tests := []struct {
		mode Mode
		seat int
		bots [2]bool
	}{
		{ModeDuel, 0, [2]bool{false, false}},
		{ModeSolitaire, 0, [2]bool{false, true}},
		{ModeSolitaire, 2, [2]bool{true, false}},
		{ModeAuto, 0, [2]bool{true, true}},
	}
	for _, tc := range tests {
		g := newGame(t, Setup{Mode: tc.mode, HumanSeat: tc.seat, Kinds: kinds})
		if got := [2]bool{g.IsBot(1), g.IsBot(2)}; got != tc.bots {
			t.Errorf("%s seat %d: bots %v, want %v", tc.mode, tc.seat, got, tc.bots)
		}
	}
	if _, err := New(NewLanguage(), Setup{Mode: ModeDuel, HumanSeat: 2, Kinds: kinds}); err == nil {
		t.Error("a duel accepted a human seat")
	}
}

// TestTurnOrder_R8 checks income, interest with the player's own turn number, and the
// cap, in that order, before any decision.
func TestTurnOrder_R8(t *testing.T) {
	cfg := DefaultConfig()
	cfg.InitBudget, cfg.TurnBudget, cfg.InterestPct, cfg.MaxBudget = 1000, 100, 5, 23456
	g := started(t, cfg)
	first := g.CurrentTurn()
	// Turn 1: ln(1) = 0, so no interest.
	if len(first.Events) != 1 || first.Events[0].Type != EvIncome || first.Events[0].Budget != 1100 {
		t.Fatalf("player 1's first turn: %v", first.Events)
	}
	mustEnd(t, g, 1)
	mustEnd(t, g, 2)
	second := g.CurrentTurn() // player 1's turn 2
	m := 1100.0 + 100
	r := 5 * log10(m) * ln(2)
	want := m + m*r/100
	if second.Turn != 2 || len(second.Events) != 2 || second.Events[1].Type != EvInterest ||
		!near(second.Events[1].Rate, r) || !near(second.Events[1].Budget, want) {
		t.Fatalf("player 1's second turn: %+v; want interest at %v%% to %v", second, r, want)
	}
	// The cap comes last.
	cfg.MaxBudget, cfg.InitBudget = 1150, 1000
	g = started(t, cfg)
	mustEnd(t, g, 1)
	mustEnd(t, g, 2)
	evs := g.CurrentTurn().Events
	if len(evs) != 3 || evs[2].Type != EvCap || evs[2].Budget != 1150 {
		t.Fatalf("capped turn: %v", evs)
	}
	// No interest below a budget of 1.
	cfg = DefaultConfig()
	cfg.InitBudget, cfg.TurnBudget = 0, 0
	g = started(t, cfg)
	mustEnd(t, g, 1)
	mustEnd(t, g, 2)
	if evs := g.CurrentTurn().Events; len(evs) != 1 {
		t.Errorf("a budget of 0 earned interest: %v", evs)
	}
}

func mustEnd(t *testing.T, g *Game, p int) TurnLog {
	t.Helper()
	l, err := g.EndTurn(p)
	must(t, err)
	return l
}

// TestBudget_R9: Budget is the integer part; Int the integer part of r now.
func TestBudget_R9(t *testing.T) {
	out := try(t, `{"turn": 4, "players": [{"budget": 1234.99}],
	  "minions": [{"owner": 1, "at": [4,4], "strategy": "b = Budget  i = Int  m = MaxBudget  s = SpawnsLeft  r = row  c = col"}]}`)
	st := out[0]
	wantInt := int64(5 * log10(1234.99) * ln(4))
	for name, want := range map[string]int64{"b": 1234, "i": wantInt, "m": 23456, "s": 46, "r": 4, "c": 4} {
		if got := local(t, st, 0, name); got != want {
			t.Errorf("%s = %d, want %d", name, got, want)
		}
	}
	out = try(t, `{"players": [{"budget": 0.5}], "minions": [{"owner": 1, "at": [4,4], "strategy": "i = Int  b = Budget"}]}`)
	if local(t, out[0], 0, "i") != 0 || local(t, out[0], 0, "b") != 0 {
		t.Errorf("below 1: %v", out[0].Minions[0].Locals)
	}
}

// TestRefusedActionsChangeNothing_R10_R11 tries every refused purchase and spawn and
// checks the error's sentinel and that the game is exactly as before.
func TestRefusedActionsChangeNothing_R10_R11(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxSpawns = 2
	g := started(t, cfg)
	tests := []struct {
		name string
		act  func() error
		want error
	}{
		{"buy not adjacent", func() error { return g.Buy(1, Hex{5, 5}) }, ErrNotAdjacent},
		{"buy own area", func() error { return g.Buy(1, Hex{1, 2}) }, ErrAlreadyOwned},
		{"buy enemy area", func() error { return g.Buy(1, Hex{8, 7}) }, ErrAlreadyOwned},
		{"buy off board", func() error { return g.Buy(1, Hex{0, 3}) }, ErrOffBoard},
		{"buy out of turn", func() error { return g.Buy(2, Hex{6, 8}) }, ErrNotYourTurn},
		{"spawn occupied", func() error { return g.Spawn(1, 0, Hex{1, 1}) }, ErrOccupied},
		{"spawn outside", func() error { return g.Spawn(1, 0, Hex{3, 3}) }, ErrNotSpawnable},
		{"spawn unknown kind", func() error { return g.Spawn(1, 4, Hex{1, 2}) }, ErrUnknownKind},
		{"spawn out of turn", func() error { return g.Spawn(2, 0, Hex{7, 7}) }, ErrNotYourTurn},
		{"end out of turn", func() error { _, err := g.EndTurn(2); return err }, ErrNotYourTurn},
		{"free spawn in play", func() error { return g.FreeSpawn(1, 0, Hex{1, 2}) }, ErrWrongPhase},
		{"no such player", func() error { return g.Buy(3, Hex{3, 1}) }, ErrNotAPlayer},
	}
	check := func() {
		for _, tc := range tests {
			before, decisions := g.Snapshot(), g.Decisions()
			err := tc.act()
			if !errors.Is(err, tc.want) {
				t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
			}
			var ae *ActionError
			if !errors.As(err, &ae) || ae.Msg == "" {
				t.Errorf("%s: %v is not an ActionError with a message", tc.name, err)
			}
			if after := g.Snapshot(); !reflect.DeepEqual(before, after) || g.Decisions() != decisions {
				t.Errorf("%s changed the game", tc.name)
			}
		}
	}
	check()
	// Budget: a purchase needs budget >= cost (R10), a spawn budget >= spawn_cost (R11).
	poor := DefaultConfig()
	poor.InitBudget, poor.TurnBudget, poor.HexPurchaseCost, poor.SpawnCost = 0, 99, 100, 100
	g = started(t, poor)
	tests = []struct {
		name string
		act  func() error
		want error
	}{
		{"buy unaffordable", func() error { return g.Buy(1, Hex{3, 1}) }, ErrNotEnoughBudget},
		{"spawn unaffordable", func() error { return g.Spawn(1, 0, Hex{1, 2}) }, ErrNotEnoughBudget},
	}
	check()
	// At most one purchase and one spawn, the purchase first; spawns run out.
	rich := DefaultConfig()
	rich.MaxSpawns = 2
	g = started(t, rich)
	must(t, g.Buy(1, Hex{3, 1}))
	must(t, g.Spawn(1, 0, Hex{3, 1})) // the bought hex is spawnable at once
	tests = []struct {
		name string
		act  func() error
		want error
	}{
		{"second purchase", func() error { return g.Buy(1, Hex{3, 2}) }, ErrAlreadyDone},
		{"second spawn", func() error { return g.Spawn(1, 0, Hex{1, 2}) }, ErrAlreadyDone},
	}
	check()
	mustEnd(t, g, 1)
	must(t, g.Spawn(2, 0, Hex{7, 7}))
	tests = []struct {
		name string
		act  func() error
		want error
	}{{"buy after spawn", func() error { return g.Buy(2, Hex{6, 8}) }, ErrWrongPhase}}
	check()
	mustEnd(t, g, 2)
	tests = []struct {
		name string
		act  func() error
		want error
	}{{"no spawns left", func() error { return g.Spawn(1, 0, Hex{1, 2}) }, ErrNoSpawnsLeft}}
	check()
}

// TestBuyOccupied_R10: a bought hex may hold a minion, even the opponent's.
func TestBuyOccupied_R10(t *testing.T) {
	out := try(t, `{"minions": [{"owner": 1, "at": [1,1], "strategy": "done"}, {"owner": 2, "at": [3,1], "strategy": "done"}],
	  "steps": [{"turn": 1, "buy": [3,1]}]}`)
	if len(out[0].Refused) != 0 || len(out[0].Players[0].Spawnable) != 6 {
		t.Errorf("buying an occupied hex: refused %v, spawnable %v", out[0].Refused, out[0].Players[0].Spawnable)
	}
}

// TestSpawnRunsLast_R11: a new minion runs this turn, after all older ones.
func TestSpawnRunsLast_R11(t *testing.T) {
	g := started(t, DefaultConfig(), "Order = Order * 10 + 1", "Order = Order * 10 + 2")
	must(t, g.Spawn(1, 1, Hex{1, 2}))
	log := mustEnd(t, g, 1)
	var ids []int
	for _, e := range log.Events {
		if e.Type == EvEval {
			ids = append(ids, e.Minion)
		}
	}
	if fmt.Sprint(ids) != "[1 3]" || g.Snapshot().Players[0].Globals["Order"] != 12 {
		t.Errorf("evaluations %v, Order %d; want the old minion (#1) first, then the new one (#3)", ids, g.Snapshot().Players[0].Globals["Order"])
	}
}

// TestKilledMinionDoesNotRun_R11: a minion killed earlier in its own side's turn (by a
// teammate) does not run.
func TestKilledMinionDoesNotRun_R11(t *testing.T) {
	out := try(t, `{"minions": [
	    {"owner": 1, "at": [4,4], "strategy": "shoot down 1000"},
	    {"owner": 1, "at": [5,4], "strategy": "Ran = 1"},
	    {"owner": 2, "at": [8,8], "strategy": "done"}],
	  "steps": [{"turn": 1}]}`)
	st := out[0]
	if st.Minions[1].Alive || st.Players[0].Globals["Ran"] != 0 || len(eventsOf(st, EvEval)) != 1 || len(eventsOf(st, EvDeath)) != 1 {
		t.Errorf("the killed minion ran or lived: %+v", st)
	}
}

func TestMove_R16(t *testing.T) {
	out := try(t, `{"players": [{"budget": 3}], "minions": [
	    {"owner": 1, "at": [1,1], "strategy": "move up  move upright  move down  move down  x = 1"},
	    {"owner": 1, "at": [1,2], "strategy": "done"},
	    {"owner": 2, "at": [3,1], "strategy": "done"}]}`)
	st := out[0]
	moves := eventsOf(st, EvMove)
	// up: off the board, paid; upright: (1,2) is occupied, paid; down: (2,1), paid; the
	// last down has no budget: nothing happens and the evaluation ends (x never set).
	if len(moves) != 3 || !moves[0].Blocked || !moves[1].Blocked || moves[2].Blocked || moves[2].To != (Hex{2, 1}) {
		t.Fatalf("moves %v", moves)
	}
	if st.End != EndBudget || st.Players[0].Budget != 0 || st.Minions[0].At != (Hex{2, 1}) || local(t, st, 0, "x") != 0 {
		t.Errorf("end %q, budget %v, at %v, x %d", st.End, st.Players[0].Budget, st.Minions[0].At, local(t, st, 0, "x"))
	}
}

func TestShoot_R17(t *testing.T) {
	base := `{"players": [{"budget": %v}], "minions": [
	    {"owner": 1, "at": [4,4], "strategy": %q},
	    {"owner": 2, "at": [3,4], "hp": 50, "defense": %d, "strategy": "done"},
	    {"owner": 1, "at": [5,4], "hp": 5, "strategy": "done"},
	    {"owner": 2, "at": [8,8], "strategy": "done"}]}`
	tests := []struct {
		name     string
		budget   float64
		defense  int64
		strategy string
		budgetAf float64
		hpUp     int64 // HP of the enemy above
		hpDown   int64 // HP of our minion below
		blocked  bool
	}{
		{"negative does nothing", 100, 0, "shoot up 0 - 5", 100, 50, 5, false},
		{"damage minus defense", 100, 10, "shoot up 30", 69, 30, 5, false},
		{"at least 1 damage", 100, 10, "shoot up 3", 96, 49, 5, false},
		{"zero expenditure", 100, 0, "shoot up 0", 99, 49, 5, false},
		{"not affordable: nothing, go on", 10, 0, "shoot up 10  shoot up 3", 6, 47, 5, false},
		{"empty hex is paid for", 100, 0, "shoot upright 7", 92, 50, 5, false},
		{"own minion can be hit and dies", 100, 0, "shoot down 9", 90, 50, 0, false},
		{"HP floors at 0", 100, 0, "shoot up 80", 19, 0, 5, false},
	}
	for _, tc := range tests {
		js := fmt.Sprintf(base, tc.budget, tc.strategy, tc.defense)
		st := try(t, js)[0]
		if st.Players[0].Budget != tc.budgetAf || st.Minions[1].HP != tc.hpUp || st.Minions[2].HP != tc.hpDown {
			t.Errorf("%s: budget %v, HP above %d, HP below %d; want %v, %d, %d\n%v", tc.name, st.Players[0].Budget,
				st.Minions[1].HP, st.Minions[2].HP, tc.budgetAf, tc.hpUp, tc.hpDown, st.Events)
		}
		if dead := st.Minions[1].HP == 0 || st.Minions[2].HP == 0; dead != (len(eventsOf(st, EvDeath)) == 1) {
			t.Errorf("%s: deaths %v", tc.name, eventsOf(st, EvDeath))
		}
	}
	// The log gives the damage and the HP lost, which a kill caps at what was left.
	st := try(t, fmt.Sprintf(base, 100, "shoot up 80  shoot down 9", 10))[0]
	if shots := eventsOf(st, EvShoot); len(shots) != 2 ||
		shots[0].Damage != 70 || shots[0].Lost != 50 || shots[0].HP != 0 ||
		shots[1].Damage != 9 || shots[1].Lost != 5 || shots[1].HP != 0 {
		t.Errorf("shots of 70 and 9 damage at 50 and 5 HP logged as %v", shots)
	} else if got := shots[0].String(); !strings.Contains(got, "hit for 70, loses 50 HP, killed") {
		t.Errorf("a kill reads %q", got)
	}
	st = try(t, fmt.Sprintf(base, 100, "shoot up 30", 10))[0]
	if shots := eventsOf(st, EvShoot); len(shots) != 1 || shots[0].Damage != 20 || shots[0].Lost != 20 ||
		!strings.Contains(shots[0].String(), "hit for 20, loses 20 HP, 30 HP left") {
		t.Errorf("a hit of 20 at 50 HP logged as %v", shots)
	}
	// A dead minion leaves the board at once: the hex is free for a move right after.
	st = try(t, fmt.Sprintf(base, 100, "shoot down 10  move down", 0))[0]
	if st.Minions[0].At != (Hex{5, 4}) || st.Minions[2].Alive {
		t.Errorf("after killing the minion below and moving down: at %v", st.Minions[0].At)
	}
}

func TestOpponentAlly_R18(t *testing.T) {
	// From (4,4), an even column: the own minion at (3,4) (up, distance 1) does not hide
	// the enemy behind it at (2,4) (up, 2); the enemy at (3,6) is upright at distance 2
	// ((4,4) -> (3,5) -> (3,6)). The tie goes to the smaller direction number.
	out := try(t, `{"minions": [
	    {"owner": 1, "at": [4,4], "strategy": "o = opponent  a = ally"},
	    {"owner": 1, "at": [3,4], "strategy": "o = opponent  a = ally"},
	    {"owner": 2, "at": [2,4], "strategy": "o = opponent  a = ally"},
	    {"owner": 2, "at": [3,6], "strategy": "done"},
	    {"owner": 1, "at": [8,1], "strategy": "o = opponent  a = ally"}],
	  "steps": [{"run": 1}, {"run": 2}, {"run": 3}, {"run": 5}]}`)
	check := func(step, minion int, o, a int64) {
		t.Helper()
		st := out[step]
		if got := local(t, st, minion, "o"); got != o {
			t.Errorf("minion %d: opponent = %d, want %d", minion, got, o)
		}
		if got := local(t, st, minion, "a"); got != a {
			t.Errorf("minion %d: ally = %d, want %d", minion, got, a)
		}
	}
	check(0, 0, 21, 11) // enemy up at 2 (seen past the ally) ties upright at 2: 21 < 22
	check(1, 1, 11, 14) // enemy right above; the ally below at distance 1, direction 4
	check(2, 2, 14, 23) // player 2's view: enemy (3,4) below; its ally (3,6) downright at 2
	check(3, 4, 0, 0)   // nobody on any ray from the corner (8,1)
}

func TestNearby_R19(t *testing.T) {
	out := try(t, `{"minions": [
	    {"owner": 1, "at": [4,4], "strategy": "u = nearby up  d = nearby down  r = nearby upright  l = nearby downleft"},
	    {"owner": 2, "at": [2,4], "hp": 100, "defense": 12, "strategy": "done"},
	    {"owner": 1, "at": [5,4], "hp": 7, "defense": 0, "strategy": "done"},
	    {"owner": 2, "at": [8,8], "strategy": "done"}]}`)
	st := out[0]
	for name, want := range map[string]int64{
		"u": 100*3 + 10*2 + 2,    // enemy: 3 HP digits, 2 defense digits, distance 2
		"d": -(100*1 + 10*1 + 1), // own: negative; digits(0) = 1
		"r": 0, "l": 0,           // nobody that way
	} {
		if got := local(t, st, 0, name); got != want {
			t.Errorf("%s = %d, want %d", name, got, want)
		}
	}
}

func TestVariables_R20(t *testing.T) {
	// Locals per minion, globals per player shared by all kinds, kept across turns.
	g := started(t, DefaultConfig(), "t = t + 1  Count = Count + 1", "Seen = Count")
	must(t, g.Spawn(1, 1, Hex{1, 2}))
	mustEnd(t, g, 1)
	mustEnd(t, g, 2)
	must(t, g.Spawn(1, 0, Hex{1, 3}))
	mustEnd(t, g, 1)
	s := g.Snapshot()
	if s.Players[0].Globals["Count"] != 3 || s.Players[0].Globals["Seen"] != 2 || s.Players[1].Globals["Count"] != 1 {
		t.Errorf("globals %v / %v; want Count 3 and Seen 2 for player 1, Count 1 for player 2", s.Players[0].Globals, s.Players[1].Globals)
	}
	for _, m := range s.Minions {
		if m.ID == 1 && m.Locals["t"] != 2 || m.ID == 4 && m.Locals["t"] != 1 {
			t.Errorf("minion %d: t = %d", m.ID, m.Locals["t"])
		}
	}
	// random is 0..999 from the game's seed.
	draw := func(seed int) []int64 {
		st := try(t, fmt.Sprintf(`{"seed": %d, "minions": [{"owner": 1, "at": [4,4], "strategy": "a = random b = random c = random Budget = 5"}]}`, seed))[0]
		return []int64{local(t, st, 0, "a"), local(t, st, 0, "b"), local(t, st, 0, "c")}
	}
	a, b, c := draw(5), draw(5), draw(6)
	if fmt.Sprint(a) != fmt.Sprint(b) || fmt.Sprint(a) == fmt.Sprint(c) {
		t.Errorf("random with seeds 5, 5, 6: %v %v %v", a, b, c)
	}
	for _, v := range append(a, c...) {
		if v < 0 || v > 999 {
			t.Errorf("random gave %d", v)
		}
	}
}

func TestStepLimit_R21(t *testing.T) {
	out := try(t, `{"config": "step_limit=50", "minions": [{"owner": 1, "at": [4,4], "strategy": "while (1) x = x + 1"}]}`)
	if st := out[0]; st.End != EndSteps || *st.StepsUsed > 50 || local(t, st, 0, "x") == 0 {
		t.Errorf("end %q after %d steps, x = %d", st.End, *st.StepsUsed, local(t, st, 0, "x"))
	}
}

// TestElimination_R24: the moment the last enemy dies, the game ends; nothing else runs.
func TestElimination_R24(t *testing.T) {
	out := try(t, `{"minions": [
	    {"owner": 1, "at": [4,4], "strategy": "shoot up 500  After = 1"},
	    {"owner": 1, "at": [6,6], "strategy": "Later = 1"},
	    {"owner": 2, "at": [3,4], "strategy": "done"}],
	  "steps": [{"turn": 1}, {"run": 1}]}`)
	st := out[0]
	if st.Winner != 1 || st.End != "" || st.Players[0].Globals["After"] != 0 || st.Players[0].Globals["Later"] != 0 {
		t.Errorf("after the kill: winner %v, globals %v", st.Winner, st.Players[0].Globals)
	}
	if evals := eventsOf(st, EvEval); len(evals) != 1 || evals[0].End != EndGameOver {
		t.Errorf("evaluations %v, want one ending gameover", evals)
	}
	if len(out[1].Refused) != 1 {
		t.Errorf("a step after the end was not refused: %+v", out[1])
	}
}

// TestTurnLimit_R25: each player plays max_turns turns; then minions, HP, budget.
func TestTurnLimit_R25(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxTurns = 2
	g := started(t, cfg)
	for i := 0; i < 3; i++ {
		mustEnd(t, g, g.Current())
	}
	if g.Phase() != PhasePlay || g.Current() != 2 {
		t.Fatalf("ended early: %v", g.Result())
	}
	last := mustEnd(t, g, 2)
	if r := g.Result(); r == nil || last.Result == nil || *r != *last.Result {
		t.Fatalf("result %v, in log %v", r, last.Result)
	}
	if r := g.Result(); *r != (Result{Winner: 0, Reason: ReasonTie}) {
		t.Errorf("identical sides: %v", r)
	}
	for _, tc := range []struct {
		js     string
		winner any
	}{
		{`{"minions": [{"owner": 1, "at": [1,1], "strategy": "done"}, {"owner": 1, "at": [1,2], "strategy": "done"}, {"owner": 2, "at": [8,8], "hp": 999, "strategy": "done"}]}`, 1},
		{`{"minions": [{"owner": 1, "at": [1,1], "hp": 5, "strategy": "done"}, {"owner": 2, "at": [8,8], "hp": 6, "strategy": "done"}]}`, 2},
		{`{"players": [{"budget": 10.5}, {"budget": 10.25}], "minions": [{"owner": 1, "at": [1,1], "strategy": "done"}, {"owner": 2, "at": [8,8], "strategy": "done"}]}`, 1},
		{`{"players": [{"budget": 10}, {"budget": 10}], "minions": [{"owner": 1, "at": [1,1], "strategy": "done"}, {"owner": 2, "at": [8,8], "strategy": "done"}]}`, "tie"},
	} {
		var sc Scenario
		must(t, jsonUnmarshal(tc.js, &sc))
		sc.Steps = []ScenarioStep{{Finish: true}}
		out, err := RunScenario(NewLanguage(), sc)
		must(t, err)
		if out[0].Winner != tc.winner {
			t.Errorf("%s: winner %v, want %v", tc.js, out[0].Winner, tc.winner)
		}
	}
}

func TestResignForfeit(t *testing.T) {
	g := started(t, DefaultConfig())
	must(t, g.Resign(2))
	if r := g.Result(); *r != (Result{Winner: 1, Reason: ReasonResign}) || g.Phase() != PhaseOver {
		t.Errorf("resign: %v", r)
	}
	if err := g.Forfeit(1); !errors.Is(err, ErrGameOver) {
		t.Errorf("forfeit after the end: %v", err)
	}
	if _, err := g.EndTurn(1); !errors.Is(err, ErrGameOver) {
		t.Errorf("turn after the end: %v", err)
	}
	g = newGame(t, Setup{Kinds: []KindSpec{{Name: "a", Strategy: "done"}}})
	must(t, g.Forfeit(1))
	if r := g.Result(); *r != (Result{Winner: 2, Reason: ReasonForfeit}) {
		t.Errorf("forfeit in setup: %v", r)
	}
}

// TestEventCap: a strategy that moves 500 times pays for every move, but the log keeps
// MaxEventsPerEval of them and counts the rest.
func TestEventCap(t *testing.T) {
	st := try(t, `{"players": [{"budget": 1000}], "minions": [{"owner": 1, "at": [1,1], "strategy": "while (500 - i) { move up  i = i + 1 }"}]}`)[0]
	evals := eventsOf(st, EvEval)
	if len(eventsOf(st, EvMove)) != MaxEventsPerEval || evals[0].Omitted != 500-MaxEventsPerEval || st.Players[0].Budget != 500 {
		t.Errorf("%d move events, %d omitted, budget %v", len(eventsOf(st, EvMove)), evals[0].Omitted, st.Players[0].Budget)
	}
}
