package aibg

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// rosterRow is a creature type as docs/aibg.md lists it.
func rosterRow(k Kind) string {
	return fmt.Sprintf("| %s | %s | %s | %d | %d | %d |", k.Name, k.Element, k.Attack, k.Speed, k.Health, k.Damage)
}

// catalogRow is an item as docs/aibg.md lists it.
func catalogRow(it Item) string {
	what := ""
	switch it.Effect {
	case Damage, Heal:
		what = fmt.Sprintf("%s %d %s", it.Effect, it.Value, it.Element)
	case Upgrade:
		if it.Percent != 0 {
			what = fmt.Sprintf("%s %+d%%", it.Stat, it.Percent)
		} else {
			what = fmt.Sprintf("%s %+d", it.Stat, it.Flat)
		}
	case Domain:
		if it.Mult != 0 {
			what = fmt.Sprintf("%s damage x%g", it.Element, float64(it.Mult)/1000)
		} else {
			what = fmt.Sprintf("%s %+d health each turn", it.Element, it.EachTurn)
		}
	}
	who := "both sides"
	if it.Effect != Domain {
		who = it.Scope.String() + ", " + map[bool]string{false: "single", true: "multi"}[it.Multi]
	}
	return fmt.Sprintf("| %s | %d | %s | %s | %s |", it.Name, it.Cost, it.Effect, what, who)
}

// TestDocs_ListData: docs/aibg.md lists every creature type and item of the data files
// with their numbers, so that the page cannot drift from the game.
func TestDocs_ListData(t *testing.T) {
	b, err := os.ReadFile("../docs/aibg.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	var missing []string
	for _, k := range Roster() {
		if !strings.Contains(doc, rosterRow(k)+"\n") {
			missing = append(missing, rosterRow(k))
		}
	}
	for _, it := range Catalog() {
		if !strings.Contains(doc, catalogRow(it)+"\n") {
			missing = append(missing, catalogRow(it))
		}
	}
	if missing != nil {
		t.Errorf("docs/aibg.md lacks these rows (or lists other numbers):\n%s", strings.Join(missing, "\n"))
	}
}
