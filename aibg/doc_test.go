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

// TestDocs_ListData: docs/aibg.md's tables of the roster and the catalog are the data
// files' creature types and items, row for row in the files' order with their numbers
// and nothing else, so that the page cannot drift from the game; the costs the
// catalog's section gives are the catalog's.
func TestDocs_ListData(t *testing.T) {
	b, err := os.ReadFile("../docs/aibg.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	var roster, catalog []string
	for _, k := range Roster() {
		roster = append(roster, rosterRow(k))
	}
	cheap, dear := MaxCost, 0
	for _, it := range Catalog() {
		catalog = append(catalog, catalogRow(it))
		cheap, dear = min(cheap, it.Cost), max(dear, it.Cost)
	}
	for _, c := range []struct {
		from, to string
		want     []string
	}{{"## The roster", "## The catalog", roster}, {"## The catalog", "## Bots", catalog}} {
		got := tableRows(t, doc, c.from, c.to)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("docs/aibg.md's table under %q:\n%s\nthe data files:\n%s", c.from, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
	if costs := fmt.Sprintf("Costs run from %d to %d atoms", cheap, dear); !strings.Contains(doc, costs) {
		t.Errorf("docs/aibg.md does not say %q", costs)
	}
}

// tableRows is the body rows of the table between the headings from and to.
func tableRows(t *testing.T, doc, from, to string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(doc, "\n"+from+"\n")
	section, _, ok2 := strings.Cut(rest, "\n"+to+"\n")
	if !ok || !ok2 {
		t.Fatalf("docs/aibg.md has no section %q followed by %q", from, to)
	}
	var rows []string
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "| ") {
			rows = append(rows, line)
		}
	}
	if len(rows) < 1 {
		t.Fatalf("no table under %q", from)
	}
	return rows[1:] // the header
}
