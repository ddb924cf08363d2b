package aibg

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// balanceMatches is how many matches each balance measure plays.
const balanceMatches = 200

// TestBalance_HardPicks: over balanceMatches matches, no creature type makes up more
// than a quarter of the creatures the hard bot names for its pools (issue 25). The
// share of every type is logged.
func TestBalance_HardPicks(t *testing.T) {
	count := map[string]int{}
	total := 0
	for seed := uint64(1); seed <= balanceMatches; seed++ {
		g, _ := New(Setup{Seed: seed})
		hard, _ := NewBot("hard", seed)
		for _, name := range hard.Pool(g, 1+int(seed%2)) {
			count[name]++
			total++
		}
	}
	var lines []string
	for _, k := range Roster() {
		share := float64(count[k.Name]) / float64(total)
		lines = append(lines, fmt.Sprintf("%-10s %-6s %-6s %5.1f%%", k.Name, k.Element, k.Attack, 100*share))
		if share > 0.25 {
			t.Errorf("%s makes up %.1f%% of hard's picks, over a quarter", k.Name, 100*share)
		}
	}
	t.Logf("hard's picks over %d matches:\n%s", balanceMatches, strings.Join(lines, "\n"))
}

// buyer is a normal bot that buys item at its first move of every round it is on show
// and affordable (at slot 0), or never buys it (never): the two sides of an item's
// mirror match.
type buyer struct {
	bot    *Bot
	item   string
	never  bool
	bought *bool
}

func (b buyer) Pool(g *Game, p int) []string { return b.bot.Pool(g, p) }
func (b buyer) Lineup(g *Game, p int) []int  { return b.bot.Lineup(g, p) }
func (b buyer) Move(g *Game, p int) string {
	m := b.bot.Move(g, p)
	on := false
	for _, it := range g.Shop() {
		on = on || it.Name == b.item && it.Cost <= g.Atoms(p)
	}
	switch {
	case b.never && strings.HasPrefix(m, "item "+b.item):
		return attackMove(g, p)
	case !b.never && on && !g.Bought(p, b.item):
		*b.bought = true
		return "item " + b.item
	}
	return m
}

// TestBalance_Items: for every item of the catalog, mirror matches of normal bots in
// which one side buys the item whenever it can and the other never does; the buyer
// wins at most 65% of the matches in which it bought the item (issue 25). Each item
// plays until balanceMatches such matches (or five times as many seeds). The win rates
// are logged with their 95% intervals.
func TestBalance_Items(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 5,000 matches")
	}
	type row struct {
		name     string
		rate     float64
		lo, hi   float64
		n, drawn int
	}
	var rows []row
	base := builtIn(t)
	for _, it := range Catalog() {
		wins, drawn, n := 0, 0, 0
		for i := 0; n < balanceMatches && i < 5*balanceMatches; i++ {
			seed := uint64(i/2 + 1)
			seat := 1 + i%2
			bought := false
			a, _ := NewBot("normal", seed)
			b, _ := NewBot("normal", seed+7919)
			d := [2]Decider{buyer{bot: a, item: it.Name, bought: &bought}, buyer{bot: b, item: it.Name, never: true}}
			if seat == 2 {
				d[0], d[1] = d[1], d[0]
			}
			w := match(t, base, seed, d[0], d[1])
			if !bought {
				continue
			}
			n++
			switch w {
			case seat:
				wins++
			case 0:
				drawn++
			}
		}
		r := row{name: it.Name, n: n, drawn: drawn}
		r.rate = float64(wins) / float64(n)
		r.lo, r.hi = wilson(wins, n)
		rows = append(rows, r)
		if r.rate > 0.65 {
			t.Errorf("%s: its buyer won %.1f%% of %d mirror matches, over 65%%", it.Name, 100*r.rate, n)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].rate > rows[j].rate })
	var lines []string
	for _, r := range rows {
		lines = append(lines, fmt.Sprintf("%-11s %5.1f%% (%4.1f%% to %4.1f%%) of %d, %d drawn", r.name, 100*r.rate, 100*r.lo, 100*r.hi, r.n, r.drawn))
	}
	t.Logf("the buyer's wins in mirror matches:\n%s", strings.Join(lines, "\n"))
}
