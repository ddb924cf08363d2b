package aibg

import (
	"strings"
	"testing"
)

// TestData_Loads_A16: the built-in roster and catalog load, and cover what A14 and A16
// ask: every element with every attack type, melee hitting hardest and ranged least
// within each element, every kind of item, domains of both varieties, costs that
// every round's atoms can meet (A12).
func TestData_Loads_A16(t *testing.T) {
	roster, catalog := Roster(), Catalog()
	type pair struct {
		e Element
		a Attack
	}
	best := map[pair]int{}
	least := map[pair]int{}
	for _, k := range roster {
		p := pair{k.Element, k.Attack}
		best[p] = max(best[p], k.Damage)
		if least[p] == 0 || k.Damage < least[p] {
			least[p] = k.Damage
		}
	}
	for e := Water; e < NoElement; e++ {
		for a := Melee; a <= AoE; a++ {
			if best[pair{e, a}] == 0 {
				t.Errorf("no %s %s creature in the roster", e, a)
			}
		}
		if !(least[pair{e, Melee}] > best[pair{e, AoE}] && least[pair{e, AoE}] > best[pair{e, Ranged}]) {
			t.Errorf("%s: melee must hit hardest, ranged least, area in between (A16)", e)
		}
	}
	seen := map[string]bool{}
	cheapest := MaxCost
	for _, it := range catalog {
		key := it.Effect.String()
		if it.Effect == Upgrade {
			key += " " + it.Stat.String()
		}
		if it.Effect == Domain {
			key += map[bool]string{true: " multiplier", false: " each_turn"}[it.Mult != 0]
		}
		seen[key] = true
		cheapest = min(cheapest, it.Cost)
	}
	for _, want := range []string{"damage", "heal", "upgrade damage", "upgrade health", "upgrade speed", "domain multiplier", "domain each_turn"} {
		if !seen[want] {
			t.Errorf("the catalog has no %s item", want)
		}
	}
	if cheapest > Atoms(1) {
		t.Errorf("the cheapest item costs %d: round 1's %d atoms buy nothing", cheapest, Atoms(1))
	}
}

// TestData_EveryMistake: a data file with several mistakes reports each at its
// file:line, all at once.
func TestData_EveryMistake(t *testing.T) {
	_, err := readCreatures("r.txt", "# comment\nTide element=water attack=melee speed=5 health=100 damage=30\n"+
		"Bad element=earth attack=melee speed=5 health=0 damage=3\n\ntide element=fire attack=aoe speed=x health=1 damage=1 colour=red\n")
	want := []string{
		`r.txt:3: element is water, fire or nature, got "earth"`,
		`r.txt:3: health is from 1 to 100000, got 0`,
		`r.txt:5: unknown field "colour"`,
		`r.txt:5: speed=x is not a whole number`,
		`r.txt:5: type "tide" is named twice`,
	}
	for _, w := range want {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v\nlacks %q", err, w)
		}
	}
	_, err = readItems("c.txt", "Rock cost=2 effect=damage element=nature scope=enemy\nDom cost=12 effect=domain element=NONE multiplier=1.5 each_turn=3\nUp cost=1 effect=upgrade stat=luck flat=2 value=3\n")
	want = []string{
		`c.txt:1: a damage item's value is from 1 to 100000, got none`,
		`c.txt:2: cost is from 0 to 11 atoms`,
		`c.txt:2: a domain gives multiplier or each_turn, exactly one of them`,
		`c.txt:3: value is not a field of an upgrade item`,
		`c.txt:3: an upgrade's stat is damage, health or speed, got "luck"`,
	}
	for _, w := range want {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v\nlacks %q", err, w)
		}
	}
}

// TestData_CheckedAtStart: what init checks the built-in files with reports every
// mistake of both files at once, each at its file:line, and finds none in the files
// as they are.
func TestData_CheckedAtStart(t *testing.T) {
	if err := checkData(mustRead("roster.txt"), mustRead("catalog.txt")); err != nil {
		t.Fatalf("the built-in files: %v", err)
	}
	err := checkData("Tide element=water attack=melee speed=5 health=100 damage=30\nAsh element=smoke attack=melee speed=1 health=1 damage=1\n",
		"# items\nRock cost=2 effect=damage element=nature value=10\nBig cost=20 effect=heal element=water value=5\n")
	for _, w := range []string{`aibg/roster.txt:2: element is water, fire or nature, got "smoke"`, "aibg/catalog.txt:3: cost is from 0 to 11 atoms"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v\nlacks %q", err, w)
		}
	}
}
