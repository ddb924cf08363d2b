package game

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/kombat-game/kombat/interp"
)

// exampleKinds loads the strategies shipped in examples/.
func exampleKinds(t testing.TB) []KindSpec {
	t.Helper()
	files, err := filepath.Glob("../examples/*.kombat")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example strategies: %v", err)
	}
	sort.Strings(files)
	var kinds []KindSpec
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		k, err := KindFromFile(f, string(b))
		if err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, k)
	}
	return kinds
}

func testLang(t testing.TB) *interp.Language {
	t.Helper()
	return NewLanguage()
}

func newGame(t testing.TB, s Setup) *Game {
	t.Helper()
	g, err := New(testLang(t), s)
	if err != nil {
		t.Fatal(err)
	}
	g.SetKeepLog(true)
	return g
}

func randomDeciders(seed uint64) [2]Decider {
	return [2]Decider{
		RandomDecider{Rng: rand.New(rand.NewPCG(seed, 1))},
		RandomDecider{Rng: rand.New(rand.NewPCG(seed, 2))},
	}
}

func near(a, b float64) bool  { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
func log10(x float64) float64 { return math.Log10(x) }
func ln(x float64) float64    { return math.Log(x) }

// minionsOf lists p's living minions.
func (g *Game) minionsOf(p int) []*minion {
	var out []*minion
	for _, m := range g.minions {
		if m.owner == p && !m.dead {
			out = append(out, m)
		}
	}
	return out
}

// Neighbourhood lists the on-board hexes within r steps of h, nearest first.
func Neighbourhood(h Hex, r int) []Hex {
	var out []Hex
	for d := 0; d <= r; d++ {
		for i := 0; i < Rows*Cols; i++ {
			if o := hexAt(i); Distance(h, o) == d {
				out = append(out, o)
			}
		}
	}
	return out
}

// benchDeciders are the deciders benchmarks play with: the bot on both sides.
func benchDeciders(seed uint64) [2]Decider { return [2]Decider{NewBot(seed), NewBot(seed + 1)} }
