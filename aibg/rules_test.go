package aibg

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestPhases_A1: a match goes POOL_SELECTION, then ROUND_SELECTION and
// ROUND_IN_PROGRESS per round, then GAME_OVER; a phase ends when both have acted, and
// acting out of phase or twice is an error that changes nothing.
func TestPhases_A1(t *testing.T) {
	g, err := New(Setup{Seed: 1, Creatures: testCreatures(), Items: testItems()})
	if err != nil {
		t.Fatal(err)
	}
	pool := strings.Fields("W F N W F N W F N W F N")
	steps := []struct {
		do    func() error
		want  error
		phase Phase
	}{
		{func() error { _, err := g.Play(1, "attack"); return err }, ErrPhase, PoolSelection},
		{func() error { return g.SelectLineup(1, []int{1}) }, ErrPhase, PoolSelection},
		{func() error { return g.SelectPool(1, pool) }, nil, PoolSelection},
		{func() error { return g.SelectPool(1, pool) }, ErrChosen, PoolSelection},
		{func() error { return g.SelectPool(2, pool) }, nil, RoundSelection},
		{func() error { return g.SelectPool(2, pool) }, ErrPhase, RoundSelection},
		{func() error { return g.Finish() }, ErrPhase, RoundSelection},
		{func() error { return g.SelectLineup(1, []int{1, 2}) }, nil, RoundSelection},
		{func() error { return g.SelectLineup(2, []int{13}) }, nil, RoundInProgress},
		{func() error { _, err := g.Play(1, "attack"); return err }, nil, RoundInProgress},
		{func() error { _, err := g.Play(1, "attack"); return err }, ErrChosen, RoundInProgress},
	}
	for i, s := range steps {
		if err := s.do(); !errors.Is(err, s.want) {
			t.Fatalf("step %d: error %v, want %v", i+1, err, s.want)
		}
		if g.Phase() != s.phase {
			t.Fatalf("step %d: phase %s, want %s", i+1, g.Phase(), s.phase)
		}
	}
	for r := 1; r <= MaxRounds; r++ {
		if g.Round() != r {
			t.Fatalf("round %d, want %d", g.Round(), r)
		}
		if g.Phase() == RoundSelection {
			g.SelectLineup(1, []int{1})
			g.SelectLineup(2, []int{13})
		}
		if err := g.Finish(); err != nil {
			t.Fatal(err)
		}
	}
	if g.Phase() != GameOver || g.Winner() != 0 {
		t.Errorf("after 5 drawn rounds: phase %s winner %d, want GAME_OVER and a draw", g.Phase(), g.Winner())
	}
	if err := g.Finish(); !errors.Is(err, ErrGameOver) {
		t.Errorf("Finish after the end: %v, want ErrGameOver", err)
	}
}

// TestPool_A2_A2a: exactly 12 known types, repeats allowed, names case-insensitive;
// a refused pool gives no ids; ids 1 to 12 are player 1's in the order named, 13 to 24
// player 2's, whoever chose first.
func TestPool_A2_A2a(t *testing.T) {
	g, _ := New(Setup{Seed: 1, Creatures: testCreatures(), Items: testItems()})
	for _, c := range []struct {
		types []string
		want  string
	}{
		{strings.Fields("W W W W W W W W W W W"), "exactly 12 creature types, got 11"},
		{strings.Fields("W W W W W W W W W W W W W"), "exactly 12 creature types, got 13"},
		{strings.Fields("W W W W W W W W W W Foo Bar"), `unknown creature type "Foo", "Bar"`},
	} {
		if err := g.SelectPool(2, c.types); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("pool %v: %v, want %q", c.types, err, c.want)
		}
	}
	p2 := strings.Fields("n n n n n n n n n n n big")
	p1 := strings.Fields("W F N WR WA Fast Big Odd W W W W")
	if err := g.SelectPool(2, p2); err != nil {
		t.Fatal(err)
	}
	if len(g.Pool(2)) != 0 {
		t.Fatalf("ids given before both pools are in: %v", g.Pool(2))
	}
	if err := g.SelectPool(1, p1); err != nil {
		t.Fatal(err)
	}
	for p, names := range [][]string{p1, p2} {
		ids := g.Pool(p + 1)
		for i, id := range ids {
			if id != 12*p+i+1 || !strings.EqualFold(g.Creature(id).Type, names[i]) {
				t.Errorf("player %d's creature %d: id %d type %s, want id %d type %s", p+1, i, id, g.Creature(id).Type, 12*p+i+1, names[i])
			}
		}
	}
}

// TestLineup_A3: 1 to 4 distinct ids of the player's own living creatures, slot 0 the
// first named; a refused lineup changes nothing.
func TestLineup_A3(t *testing.T) {
	sc := Scenario{Creatures: testCreatures(), Items: testItems(), Phase: string(RoundSelection), Round: 2}
	pool1, _ := lineup("W F N W! W W", 1)
	pool2, _ := lineup("N", 13)
	sc.Players = []ScenarioPlayer{{Pool: pool1}, {Pool: pool2}}
	for _, c := range []struct {
		ids  []int
		want string
	}{
		{nil, "1 to 4 creatures, got 0"},
		{[]int{1, 2, 3, 5, 6}, "1 to 4 creatures, got 5"},
		{[]int{1, 13}, "creature 13 is not in your pool"},
		{[]int{1, 4}, "creature 4 is dead"},
		{[]int{2, 2}, "creature 2 is named twice"},
		{[]int{99}, "creature 99 is not in your pool"},
	} {
		ids := c.ids
		sc.Steps = []ScenarioStep{{Lineups: []*[]int{&ids, nil}}}
		r := final(t, sc)
		if got := strings.Join(r.Refused[0], ";"); !strings.Contains(got, c.want) || r.Phase != RoundSelection {
			t.Errorf("lineup %v: refused %q in %s, want %q", c.ids, got, r.Phase, c.want)
		}
	}
	a, b := []int{3, 1, 2}, []int{13}
	sc.Steps = []ScenarioStep{{Lineups: []*[]int{&a, &b}}}
	r := final(t, sc)
	if r.Phase != RoundInProgress || !slices.Equal(slotIDs(r, 1), a) {
		t.Errorf("lineup %v: phase %s slots %v", a, r.Phase, slotIDs(r, 1))
	}
}

// TestRoundEnd_A4: one side all dead: the other wins the round; both at once: a draw;
// the 600th turn ends the round drawn and never the 599th; survivors start the next
// round healed, with their type's stats (upgrades last one round).
func TestRoundEnd_A4(t *testing.T) {
	sc := fight("W:30", "W:30", "", [2]string{"attack", "attack"})
	bench(&sc, "N", "N")
	r := final(t, sc)
	if r.Phase != RoundSelection || r.Round != 2 || r.Players[0].RoundsWon+r.Players[1].RoundsWon != 0 {
		t.Errorf("both fronts dead at once: phase %s round %d rounds won %d-%d, want a draw and round 2", r.Phase, r.Round, r.Players[0].RoundsWon, r.Players[1].RoundsWon)
	}
	sc = fight("W", "W:30 W!", "", [2]string{"attack", "attack"})
	bench(&sc, "N", "N")
	r = final(t, sc)
	if r.Players[0].RoundsWon != 1 || r.Players[1].RoundsWon != 0 {
		t.Errorf("player 2 all dead: rounds won %d-%d, want 1-0", r.Players[0].RoundsWon, r.Players[1].RoundsWon)
	}
	limit := fight("Big", "Big", "", [2]string{"swap 0", "swap 0"}, [2]string{"swap 0", "swap 0"})
	limit.Turn = 599 // literal: a limit that moved by one must fail
	rs := play(t, limit)
	if rs[0].Phase != RoundInProgress || rs[0].Turn != 600 {
		t.Errorf("after turn 599: %s turn %d, want the round on at turn 600", rs[0].Phase, rs[0].Turn)
	}
	if rs[1].Phase != RoundSelection || rs[1].Round != 2 || rs[1].Players[0].RoundsWon != 0 {
		t.Errorf("after turn 600: %s round %d, want a drawn round and round 2's selection", rs[1].Phase, rs[1].Round)
	}
	sc = fight("W:50", "W", "Sharp Bulk", [2]string{"item sharp", "swap 0"}, [2]string{"item bulk", "swap 0"})
	one, two := []int{1}, []int{13}
	sc.Steps = append(sc.Steps, ScenarioStep{Finish: true}, ScenarioStep{Lineups: []*[]int{&one, &two}})
	rs = play(t, sc)
	if s := rs[1].Players[0].Slots[0]; s.Damage != 45 || s.MaxHealth != 150 || s.Health != 100 {
		t.Fatalf("upgraded: %+v, want damage 45, health 100 of 150", s)
	}
	if s := rs[3].Players[0].Slots[0]; s.Damage != 30 || s.MaxHealth != 100 || s.Health != 100 {
		t.Errorf("next round: %+v, want damage 30 and health 100 of 100", s)
	}
}

// TestMatchEnd_A5_A5a: the match ends after round 5, or at once when a player has no
// living creature left; the winner is who won more rounds, even the one left without
// creatures.
func TestMatchEnd_A5_A5a(t *testing.T) {
	r := final(t, fight("W", "Fast", "", [2]string{"attack", "attack"}))
	if r.Phase != GameOver || r.Winner != 2 {
		t.Errorf("player 1's last creature died: %s, winner %v; want GAME_OVER, 2", r.Phase, r.Winner)
	}
	sc := fight("W", "Fast", "", [2]string{"attack", "attack"})
	sc.Round, sc.Players[0].RoundsWon = 3, 2
	r = final(t, sc)
	if r.Phase != GameOver || r.Winner != 1 {
		t.Errorf("player 1 out of creatures with 2 rounds to 1: winner %v, want 1 (A5a)", r.Winner)
	}
	sc = fight("W W", "W", "", [2]string{"swap 0", "swap 0"})
	sc.Steps = append(sc.Steps, ScenarioStep{Finish: true})
	for _, round := range []int{4, 5} {
		sc.Round = round
		r = final(t, sc)
		if over := r.Phase == GameOver; over != (round == MaxRounds) {
			t.Errorf("round %d ended: phase %s", round, r.Phase)
		}
	}
	if r.Winner != "draw" {
		t.Errorf("no round won: winner %v, want draw", r.Winner)
	}
}

// TestRefusals_A6_A6a: a move that cannot be carried out is a pass with its reason,
// and changes nothing of the player's.
func TestRefusals_A6_A6a(t *testing.T) {
	for _, c := range []struct {
		mine, move, want string
		code             RefusalCode // RefuseSyntax when left out
	}{
		{"W", "item nothing", `item "nothing": no item has that name`, RefuseUnknownItem},
		{"W", "item sharp", "item Sharp is not in this round's shop", RefuseNotOnShow},
		{"W", "item DEAR", "item Dear costs 11 atoms, you have 3", RefuseAtoms},
		{"W", "item rock", "item Rock: you have bought it this round already", RefuseBought},
		{"W", "item heal 1", "item Heal: your slot 1 holds no living creature", RefuseNoTarget},
		{"W", "swap 1", "swap 1: slot 1 is empty", RefuseSwapEmpty},
		{"W W!", "swap 1", "swap 1: creature 2 in slot 1 is dead", RefuseSwapDead},
		{"W W", "swap 0", "swap 0 would swap the front creature with itself", RefuseSwapFront},
		{"W", "attack 4", "column 8: slot 4 is out of range: the slots are 0 to 3", ""},
		{"W", "attack -1", "slot -1 is out of range", ""},
		{"W", "attack x", `column 8: expected a slot from 0 to 3, found "x"`, ""},
		{"W", "swap", "column 5: expected a slot from 0 to 3 after swap", ""},
		{"W", "item", "expected an item's name after item", ""},
		{"W", "attack 1 2", `column 10: expected the end of the move, found "2"`, ""},
		{"W", "  dance", `column 3: expected attack, item or swap, found "dance"`, ""},
		{"W", "", "expected attack, item or swap, found nothing", ""},
		{"W", "attack" + strings.Repeat(" ", 300), "column 201: a move is at most 200 bytes", ""},
	} {
		sc := fight(c.mine, "Big", "Rock Heal Dear", [2]string{c.move, "swap 0"})
		sc.Players[0].Atoms, sc.Players[0].Bought = ip(3), []string{"Rock"}
		r := final(t, sc)
		got := strings.Join(r.Refused[0], ";")
		if !strings.Contains(got, c.want) {
			t.Errorf("%q: refused %q, want %q", c.move, got, c.want)
		}
		want := c.code
		if want == "" {
			want = RefuseSyntax
		}
		var me *MoveError
		if why := r.Log.Refused[0]; why == nil || why.Code != want || (want == RefuseSyntax) != errors.As(why, &me) {
			t.Errorf("%q: refusal %+v, want code %s", c.move, why, want)
		}
		if r.Players[0].Atoms != 3 || health(r, 13) != 1000 || len(r.Events) != 0 {
			t.Errorf("%q: a refused move changed the match: atoms %d, events %v", c.move, r.Players[0].Atoms, r.Events)
		}
	}
}

// TestOrder_A7_A7a: swaps, then items, then attacks; within one priority the faster
// front creature first; a creature killed before its move loses it, and the one that
// moved up does not act this turn; equal speeds resolve together.
func TestOrder_A7_A7a(t *testing.T) {
	r := final(t, fight("W Big", "F", "", [2]string{"swap 1", "attack"}))
	if health(r, 2) != 976 || health(r, 1) != 100 {
		t.Errorf("swap before attack: Big %d W %d, want 976 (hit after the swap) and 100", health(r, 2), health(r, 1))
	}
	r = final(t, fight("W:10", "W", "Heal", [2]string{"item heal", "attack"}))
	if health(r, 1) != 10 {
		t.Errorf("item before attack: health %d, want 10+30-30", health(r, 1))
	}
	r = final(t, fight("Fast", "W W", "", [2]string{"attack", "attack"}))
	if health(r, 1) != 50 || !slices.Equal(slotIDs(r, 2), []int{14, 13}) {
		t.Errorf("faster first: Fast %d, slots %v; want 50 and [14 13]", health(r, 1), slotIDs(r, 2))
	}
	lost := 0
	for _, e := range r.Events {
		if e.Kind == EventLost && e.Player == 2 && e.Creature == 13 {
			lost++
		}
	}
	if lost != 1 {
		t.Errorf("events %v: want player 2's move lost (A7a)", r.Events)
	}
	r = final(t, fight("W:30 W", "W:30 W", "", [2]string{"attack", "attack"}))
	if health(r, 1) != 0 || health(r, 13) != 0 {
		t.Errorf("equal speeds: healths %d and %d, want both fronts dead together", health(r, 1), health(r, 13))
	}
}

// TestSimultaneous_A7b: moves resolved together are each computed on the state before
// both, and each creature's changes are added up before being held to 0 and its
// maximum: a heal and a blow that would have killed it first leave it alive.
func TestSimultaneous_A7b(t *testing.T) {
	r := final(t, fight("W:10", "W", "Rock Heal", [2]string{"item heal", "item rock"}))
	if health(r, 1) != 28 {
		t.Errorf("heal +30 and rock -12 together on 10: %d, want 28", health(r, 1))
	}
	r = final(t, fight("W:95", "W", "Rock Heal", [2]string{"item heal", "item rock"}))
	if health(r, 1) != 100 {
		t.Errorf("heal +30 and rock -12 together on 95: %d, want 100 (113 held to the maximum)", health(r, 1))
	}
}

// TestAttack_A8: melee hits slot 0 whatever slot is named; ranged hits the slot named,
// an empty or dead one falling back to slot 0; area hits every living slot at 80%,
// 60%, 35%, 15%.
func TestAttack_A8(t *testing.T) {
	for _, c := range []struct {
		mine, theirs, move string
		hit                int // id
		left               int
	}{
		{"W", "W W W", "attack 2", 13, 70},
		{"WR", "W W W", "attack 2", 15, 80},
		{"WR", "W W W", "attack 3", 13, 80},
		{"WR", "W W W!", "attack 2", 13, 80},
	} {
		r := final(t, fight(c.mine, c.theirs, "", [2]string{c.move, "swap 0"}))
		if health(r, c.hit) != c.left {
			t.Errorf("%s %q on %s: creature %d has %d, want %d", c.mine, c.move, c.theirs, c.hit, health(r, c.hit), c.left)
		}
	}
	r := final(t, fight("WA", "Big Big Big Big", "", [2]string{"attack 3", "swap 0"}))
	got := []int{health(r, 13), health(r, 14), health(r, 15), health(r, 16)}
	if !slices.Equal(got, []int{920, 940, 965, 985}) {
		t.Errorf("area attack of 100: healths %v, want 80, 60, 35, 15 taken", got)
	}
}

// TestElements_A9: water beats fire beats nature beats water: 1.2x, 0.8x the other
// way, 1.0x on its own element; healing reversed (water heals nature 1.2x).
func TestElements_A9(t *testing.T) {
	want := map[[2]string]int{
		{"W", "F"}: 36, {"W", "N"}: 24, {"W", "W"}: 30,
		{"F", "N"}: 36, {"F", "W"}: 24, {"F", "F"}: 30,
		{"N", "W"}: 36, {"N", "F"}: 24, {"N", "N"}: 30,
	}
	for pair, dmg := range want {
		r := final(t, fight(pair[0], pair[1], "", [2]string{"attack", "swap 0"}))
		if got := 100 - health(r, 13); got != dmg {
			t.Errorf("%s attacks %s: %d damage, want %d", pair[0], pair[1], got, dmg)
		}
	}
	for target, heal := range map[string]int{"N": 36, "F": 24, "W": 30} {
		r := final(t, fight(target+":50", "Big", "Heal", [2]string{"item heal", "swap 0"}))
		if got := health(r, 1) - 50; got != heal {
			t.Errorf("water heals %s: +%d, want +%d", target, got, heal)
		}
	}
}

// TestArithmetic_A10: every amount is the exact product of its factors rounded once,
// halves away from zero; health stays within 0 and its maximum.
func TestArithmetic_A10(t *testing.T) {
	r := final(t, fight("Odd", "Big Big Big Big", "", [2]string{"attack", "swap 0"}))
	if got := amounts(r, EventAttack); !slices.Equal(got, []int{8, 6, 4, 2}) {
		t.Errorf("area attack of 10: %v, want 8, 6, 4 (3.5), 2 (1.5)", got)
	}
	pool2 := "F F F F"
	r = final(t, fight("Odd", pool2, "", [2]string{"attack", "swap 0"}))
	if got := amounts(r, EventAttack); !slices.Equal(got, []int{10, 7, 4, 2}) {
		t.Errorf("area attack of 10 at 1.2x: %v, want 10 (9.6), 7 (7.2), 4 (4.2), 2 (1.8)", got)
	}
	for _, c := range []struct {
		base    int
		factors []int64
		want    int
	}{
		{10, []int64{350}, 4}, {-10, []int64{350}, -4}, {25, []int64{1200, 150}, 5}, {30, []int64{350}, 11}, {7, []int64{500}, 4},
	} {
		if got := amount(c.base, c.factors...); got != c.want {
			t.Errorf("amount(%d, %v) = %d, want %d", c.base, c.factors, got, c.want)
		}
	}
	r = final(t, fight("W", "Fast", "", [2]string{"attack", "attack"}))
	if h := r.Players[0].Slots[0].Health; h != 0 {
		t.Errorf("a creature hit for 240 with 100: health %d, want 0", h)
	}
}

// TestDeath_A11_A11a: the dead leave their slots, the living behind move up in order,
// and the dead follow them in the order they died (at once: front first).
func TestDeath_A11_A11a(t *testing.T) {
	sc := fight("WA Big", "F:70 W W:20 W", "", [2]string{"attack", "swap 0"}, [2]string{"attack", "swap 0"})
	rs := play(t, sc)
	if got := slotIDs(rs[0], 2); !slices.Equal(got, []int{14, 16, 13, 15}) {
		t.Errorf("slots 0 and 2 died: %v, want [14 16 13 15]", got)
	}
	if got := slotIDs(rs[1], 2); !slices.Equal(got, []int{16, 13, 15, 14}) {
		t.Errorf("then slot 0 died: %v, want [16 13 15 14] (newest dead last)", got)
	}
}

// TestAtoms_A12: 3, 5, 7, 9, 11 atoms at the start of rounds 1 to 5; what is left is
// lost when the round ends.
func TestAtoms_A12(t *testing.T) {
	g := allW(t, 3)
	var got []int
	for !g.Over() {
		got = append(got, g.Atoms(1))
		g.SelectLineup(1, []int{1})
		g.SelectLineup(2, []int{13})
		if g.Round() == 1 {
			for _, it := range g.Shop() {
				if it.Cost <= g.Atoms(1) {
					g.Play(1, "item "+it.Name)
					g.Play(2, "swap 0")
					break
				}
			}
		}
		g.Finish()
	}
	if !slices.Equal(got, []int{3, 5, 7, 9, 11}) {
		t.Errorf("atoms per round %v, want 3 5 7 9 11", got)
	}
}

// TestShop_A13_A13a: three items a round, both players the same, never one shown
// before; with fewer left, what is left. Both may buy the same item, each once.
func TestShop_A13_A13a(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g := allW(t, seed)
		seen := map[string]bool{}
		var sizes []int
		for !g.Over() {
			sizes = append(sizes, len(g.Shop()))
			for _, it := range g.Shop() {
				if seen[it.Name] {
					t.Fatalf("seed %d: %s shown twice", seed, it.Name)
				}
				seen[it.Name] = true
			}
			g.SelectLineup(1, []int{1})
			g.SelectLineup(2, []int{13})
			g.Finish()
		}
		if !slices.Equal(sizes, []int{3, 3, 3, 1, 0}) {
			t.Errorf("seed %d: shop sizes %v, want 3 3 3 1 0 from a catalog of 10", seed, sizes)
		}
	}
	rs := play(t, fight("W", "W", "Rock Heal", [2]string{"item rock", "item rock"}, [2]string{"item rock", "swap 0"}))
	if rs[0].Players[0].Atoms != 18 || rs[0].Players[1].Atoms != 18 || len(rs[0].Refused[0])+len(rs[0].Refused[1]) != 0 {
		t.Errorf("both buy Rock: atoms %d and %d, refused %v", rs[0].Players[0].Atoms, rs[0].Players[1].Atoms, rs[0].Refused)
	}
	if len(rs[1].Refused[0]) != 1 {
		t.Errorf("Rock bought twice: refused %v", rs[1].Refused)
	}
}

// TestItems_A14_A14a: upgrades by percent (of the stat as it stands, rounded once) and
// flat, a health upgrade raising maximum and current health alike, enemy upgrades held
// to 0, multi-target and all-scoped items.
func TestItems_A14_A14a(t *testing.T) {
	r := final(t, fight("W:60 F", "W", "Sharp Bulk", [2]string{"item sharp", "swap 0"}, [2]string{"item bulk", "swap 0"}))
	a, b := r.Players[0].Slots[0], r.Players[0].Slots[1]
	if a.Damage != 45 || a.Health != 110 || a.MaxHealth != 150 || b.Health != 150 || b.MaxHealth != 150 || b.Damage != 30 {
		t.Errorf("Sharp on slot 0, then Bulk on all: %+v %+v", a, b)
	}
	r = final(t, fight("W", "W", "Weak", [2]string{"item weak", "swap 0"}, [2]string{"swap 0", "attack"}))
	if s := r.Players[1].Slots[0]; s.Damage != 0 || health(r, 1) != 100 {
		t.Errorf("Weak -100 on 30 damage: %d, and its attack left %d; want 0 and 100", s.Damage, health(r, 1))
	}
	r = final(t, fight("W N", "F", "Bomb", [2]string{"item bomb", "swap 0"}))
	if got := []int{health(r, 1), health(r, 2), health(r, 13)}; !slices.Equal(got, []int{84, 76, 80}) {
		t.Errorf("Bomb (fire 20, all, multi): healths %v, want 84 76 80", got)
	}
	g, _ := New(Setup{Creatures: testCreatures()})
	if _, err := New(Setup{Items: []ItemSpec{{Name: "x", Cost: 1, Effect: "upgrade", Stat: "speed"}}}); err == nil || g == nil {
		t.Errorf("an upgrade with neither flat nor percent was accepted")
	}
}

// TestDomains_A15_A15a: an elemental mod domain multiplies its element's damage (NONE:
// all); a new domain replaces the old; a turn action domain acts on both sides after
// the moves, and the round is decided after it; none survives the round.
func TestDomains_A15_A15a(t *testing.T) {
	r := final(t, fight("W", "W", "Wet", [2]string{"item wet", "attack"}))
	if health(r, 1) != 55 || r.Domain == nil || *r.Domain != "Wet" {
		t.Errorf("Wet then a water attack: %d, domain %v; want 55 (45 taken)", health(r, 1), r.Domain)
	}
	rs := play(t, fight("F", "N", "Wet Gust", [2]string{"item wet", "swap 0"}, [2]string{"item gust", "swap 0"}, [2]string{"attack", "swap 0"}))
	if *rs[1].Domain != "Gust" || health(rs[2], 13) != 28 {
		t.Errorf("Gust replaced Wet: domain %s, nature left %d; want Gust and 100-72", *rs[1].Domain, health(rs[2], 13))
	}
	r = final(t, fight("F W", "F", "Burn", [2]string{"item burn", "swap 0"}))
	if got := []int{health(r, 1), health(r, 2), health(r, 13)}; !slices.Equal(got, []int{90, 100, 90}) {
		t.Errorf("Burn (fire, -10 each turn): %v, want 90 100 90", got)
	}
	r = final(t, fight("W", "F:10", "Burn", [2]string{"item burn", "swap 0"}))
	if r.Players[0].RoundsWon != 1 || r.Domain != nil || r.Phase != GameOver {
		t.Errorf("Burn killed the last fire creature: rounds won %d, domain %v; want the round won, no domain after it", r.Players[0].RoundsWon, r.Domain)
	}
}

// TestDefaults_A18: a missed pool is the roster's first 12 types, a missed lineup the
// first living ids of the pool; both are accepted.
func TestDefaults_A18(t *testing.T) {
	g, _ := New(Setup{Seed: 2, Creatures: testCreatures(), Items: testItems()})
	want := strings.Fields("W F N WR WA Fast Big Odd W F N WR")
	if got := g.DefaultPool(); !slices.Equal(got, want) {
		t.Errorf("DefaultPool = %v, want %v (8 types, cycled)", got, want)
	}
	for p := 1; p <= 2; p++ {
		if err := g.SelectPool(p, g.DefaultPool()); err != nil {
			t.Fatal(err)
		}
	}
	g.creatures[1].alive = false // as if it had died in an earlier round
	if got := g.DefaultLineup(1); !slices.Equal(got, []int{1, 3, 4, 5}) {
		t.Errorf("DefaultLineup(1) = %v, want [1 3 4 5]", got)
	}
	if err := g.SelectLineup(1, g.DefaultLineup(1)); err != nil {
		t.Error(err)
	}
}

// TestEnded_A4: once a round has ended, Ended keeps each lineup as it ended (the dead
// behind, the survivors' health before healing) while the next round's selection
// has healed the survivors and emptied the slots; a quiet match keeps none.
func TestEnded_A4(t *testing.T) {
	g, err := New(Setup{Creatures: testCreatures(), Items: testItems()})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SelectPool(1, strings.Fields("Fast W N N N N N N N N N N")); err != nil {
		t.Fatal(err)
	}
	if err := g.SelectPool(2, strings.Fields("W W W W W W W W W W W W")); err != nil {
		t.Fatal(err)
	}
	if g.Ended(1) != nil {
		t.Errorf("before any round ended: %+v", g.Ended(1))
	}
	if err := g.SelectLineup(1, []int{1, 2}); err != nil {
		t.Fatal(err)
	}
	if err := g.SelectLineup(2, []int{13}); err != nil {
		t.Fatal(err)
	}
	// W (2) comes to the front and takes 30, goes back, then Fast kills the enemy W.
	for _, m := range [][2]string{{"swap 1", "attack"}, {"swap 1", "swap 0"}, {"attack", "attack"}} {
		if _, err := g.Play(1, m[0]); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Play(2, m[1]); err != nil {
			t.Fatal(err)
		}
	}
	if g.Phase() != RoundSelection || g.Round() != 2 || len(g.Slots(1)) != 0 {
		t.Fatalf("%s round %d slots %v: want round 2's selection, the slots empty", g.Phase(), g.Round(), g.Slots(1))
	}
	if c := g.Creature(2); c.Health != 100 {
		t.Errorf("W after the round: %d health, want healed to 100", c.Health)
	}
	one, two := g.Ended(1), g.Ended(2)
	if len(one) != 2 || one[0].ID != 1 || one[1].ID != 2 || one[1].Health != 70 || !one[1].Alive {
		t.Errorf("player 1 ended with %+v, want Fast then W at 70", one)
	}
	if len(two) != 1 || two[0].ID != 13 || two[0].Health != 0 || two[0].Alive {
		t.Errorf("player 2 ended with %+v, want its W dead", two)
	}
	one[0].Health = -5 // a copy: the game's stays
	if g.Ended(1)[0].Health == -5 {
		t.Error("Ended returns the game's own slice")
	}
	g.SetQuiet(true)
	if err := g.SelectLineup(1, []int{1}); err != nil {
		t.Fatal(err)
	}
	if err := g.SelectLineup(2, []int{14}); err != nil {
		t.Fatal(err)
	}
	if err := g.Finish(); err != nil {
		t.Fatal(err)
	}
	if g.Ended(1) != nil {
		t.Errorf("a quiet round's end kept %+v", g.Ended(1))
	}
}
