package aibg

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// testCreatures is the roster the rule tests play with, so that no test depends on the
// built-in numbers (A16).
func testCreatures() []CreatureSpec {
	return []CreatureSpec{
		{Type: "W", Element: "water", Attack: "melee", Speed: 5, Health: 100, Damage: 30},
		{Type: "F", Element: "fire", Attack: "melee", Speed: 5, Health: 100, Damage: 30},
		{Type: "N", Element: "nature", Attack: "melee", Speed: 5, Health: 100, Damage: 30},
		{Type: "WR", Element: "water", Attack: "ranged", Speed: 3, Health: 80, Damage: 20},
		{Type: "WA", Element: "water", Attack: "aoe", Speed: 4, Health: 90, Damage: 100},
		{Type: "Fast", Element: "nature", Attack: "melee", Speed: 9, Health: 50, Damage: 200},
		{Type: "Big", Element: "water", Attack: "melee", Speed: 1, Health: 1000, Damage: 1},
		{Type: "Odd", Element: "water", Attack: "aoe", Speed: 0, Health: 100, Damage: 10},
	}
}

func ip(v int) *int { return &v }

// testItems is the catalog the rule tests play with.
func testItems() []ItemSpec {
	return []ItemSpec{
		{Name: "Rock", Cost: 2, Effect: "damage", Element: "nature", Value: ip(10)},
		{Name: "Heal", Cost: 2, Effect: "heal", Element: "water", Value: ip(30)},
		{Name: "Sharp", Cost: 3, Effect: "upgrade", Stat: "damage", Percent: ip(50)},
		{Name: "Bulk", Cost: 3, Effect: "upgrade", Stat: "health", Flat: ip(50), Target: "multi"},
		{Name: "Weak", Cost: 1, Effect: "upgrade", Stat: "damage", Flat: ip(-100), Scope: "enemy"},
		{Name: "Wet", Cost: 4, Effect: "domain", Element: "water", Multiplier: func() *float64 { m := 1.5; return &m }()},
		{Name: "Burn", Cost: 4, Effect: "domain", Element: "fire", EachTurn: ip(-10)},
		{Name: "Gust", Cost: 4, Effect: "domain", Element: "NONE", Multiplier: func() *float64 { m := 2.0; return &m }()},
		{Name: "Bomb", Cost: 5, Effect: "damage", Element: "fire", Value: ip(20), Scope: "all", Target: "multi"},
		{Name: "Dear", Cost: 11, Effect: "heal", Element: "fire", Value: ip(1)},
	}
}

// lineup reads "W F:40 N!" as a pool and lineup: types in slot order, ":H" a health,
// "!" a dead creature; ids count from first.
func lineup(text string, first int) ([]ScenarioCreature, []int) {
	var pool []ScenarioCreature
	var ids []int
	for i, w := range strings.Fields(text) {
		c := ScenarioCreature{ID: first + i}
		if strings.HasSuffix(w, "!") {
			w = strings.TrimSuffix(w, "!")
			f := false
			c.Alive = &f
		}
		name, h, ok := strings.Cut(w, ":")
		if ok {
			n, _ := strconv.Atoi(h)
			c.Health = &n
		}
		c.Type = name
		pool = append(pool, c)
		ids = append(ids, c.ID)
	}
	return pool, ids
}

// fight is a position in ROUND_IN_PROGRESS, round 1, turn 1, with the test roster and
// catalog, player 1's creatures from id 1 and player 2's from id 13, every one slotted;
// the shop shows shop (space-separated names) and the steps are the turns' moves.
func fight(p1, p2, shop string, turns ...[2]string) Scenario {
	pool1, l1 := lineup(p1, 1)
	pool2, l2 := lineup(p2, 13)
	sc := Scenario{
		Creatures: testCreatures(), Items: testItems(), Phase: string(RoundInProgress), Round: 1, Turn: 1,
		Players: []ScenarioPlayer{{Pool: pool1, Lineup: l1, Atoms: ip(20)}, {Pool: pool2, Lineup: l2, Atoms: ip(20)}},
		Shop:    strings.Fields(shop),
	}
	if sc.Shop == nil {
		sc.Shop = []string{}
	}
	for _, m := range turns {
		sc.Steps = append(sc.Steps, moves(m[0], m[1]))
	}
	return sc
}

// moves is a step of both players' moves.
func moves(a, b string) ScenarioStep { return ScenarioStep{Moves: []*string{&a, &b}} }

// play plays a scenario and returns every step's result; it fails the test on an error.
func play(t *testing.T, sc Scenario) []StepResult {
	t.Helper()
	var out []StepResult
	if err := PlayScenario(sc, func(r StepResult) error { out = append(out, r); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

// final plays sc and returns its last step's result.
func final(t *testing.T, sc Scenario) StepResult {
	t.Helper()
	r := play(t, sc)
	return r[len(r)-1]
}

// health is creature id's health in a result (-1 if it is in no slot).
func health(r StepResult, id int) int {
	for _, p := range r.Players {
		for _, s := range p.Slots {
			if s.ID == id {
				return s.Health
			}
		}
	}
	return -1
}

// slotIDs is player p's slots in a result, by id.
func slotIDs(r StepResult, p int) []int {
	var ids []int
	for _, s := range r.Players[p-1].Slots {
		ids = append(ids, s.ID)
	}
	return ids
}

// amounts lists the amounts of the events of a kind, in order.
func amounts(r StepResult, kind EventKind) []int {
	var out []int
	for _, e := range r.Events {
		if e.Kind == kind {
			out = append(out, e.Amount)
		}
	}
	return out
}

// bench adds a living creature of each type given to each player's pool, out of the
// lineup, so that a round's end does not end the match (A5).
func bench(sc *Scenario, types ...string) {
	for i := range sc.Players {
		id := 12*i + 12
		sc.Players[i].Pool = append(sc.Players[i].Pool, ScenarioCreature{ID: id, Type: types[i]})
	}
}

// allW is a match with the test roster and catalog whose two pools are twelve W each,
// in round 1's ROUND_SELECTION.
func allW(t *testing.T, seed uint64) *Game {
	t.Helper()
	g, err := New(Setup{Seed: seed, Creatures: testCreatures(), Items: testItems()})
	if err != nil {
		t.Fatal(err)
	}
	pool := strings.Fields("W W W W W W W W W W W W")
	if err := errors.Join(g.SelectPool(1, pool), g.SelectPool(2, pool)); err != nil {
		t.Fatal(err)
	}
	return g
}
