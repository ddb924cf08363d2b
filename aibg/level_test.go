package aibg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// levelMatches is how many matches each pairing of TestLevels_Targets plays: each seed
// twice, the stronger side in seat 1 and then in seat 2.
const levelMatches = 200

// randomPlayer is the reference the weakest level is measured against: a random pool,
// a random lineup and a random move string each turn (attack, swap or an item of the
// shop, at a random slot), drawn from its own seed and the moment of the match.
type randomPlayer struct{ seed uint64 }

func (r randomPlayer) rng(g *Game, p int) *rand.Rand {
	return rand.New(rand.NewPCG(r.seed, uint64(p)<<32|uint64(g.Round())<<16|uint64(g.Turn())))
}

func (r randomPlayer) Pool(g *Game, p int) []string {
	rng, ks := r.rng(g, p), g.Kinds()
	out := make([]string, PoolSize)
	for i := range out {
		out[i] = ks[rng.IntN(len(ks))].Name
	}
	return out
}

func (r randomPlayer) Lineup(g *Game, p int) []int {
	rng := r.rng(g, p)
	var living []int
	for _, id := range g.Pool(p) {
		if g.Creature(id).Alive {
			living = append(living, id)
		}
	}
	rng.Shuffle(len(living), func(i, j int) { living[i], living[j] = living[j], living[i] })
	return living[:min(len(living), 1+rng.IntN(MaxSlots))]
}

func (r randomPlayer) Move(g *Game, p int) string {
	rng := r.rng(g, p)
	switch shop := g.Shop(); rng.IntN(4) {
	case 0:
		return fmt.Sprintf("swap %d", rng.IntN(MaxSlots))
	case 1:
		if len(shop) > 0 {
			return fmt.Sprintf("item %s %d", shop[rng.IntN(len(shop))].Name, rng.IntN(MaxSlots))
		}
	}
	return fmt.Sprintf("attack %d", rng.IntN(MaxSlots))
}

// match plays one match between two deciders, on base's roster and catalog with seed,
// and returns the winner (0 for a draw).
func match(t testing.TB, base *Game, seed uint64, a, b Decider) int {
	t.Helper()
	g := base.restart(seed)
	g.SetQuiet(true)
	if err := PlayOut(g, [2]Decider{a, b}); err != nil {
		t.Fatal(err)
	}
	return g.Winner()
}

// winRate plays n matches of strong against weak, strong in seat 1 for the even ones
// and seat 2 for the odd ones, each seed from both seats; mk makes a side for a seed.
// It returns the share strong won (draws are not wins) with its Wilson 95% interval.
func winRate(t testing.TB, n int, strong, weak func(seed uint64) Decider) (rate, lo, hi float64) {
	t.Helper()
	wins, base := 0, builtIn(t)
	for i := range n {
		seed := uint64(i/2 + 1)
		s, w := strong(seed), weak(seed+1000)
		seat := 1 + i%2
		d := [2]Decider{s, w}
		if seat == 2 {
			d = [2]Decider{w, s}
		}
		if match(t, base, seed, d[0], d[1]) == seat {
			wins++
		}
	}
	rate = float64(wins) / float64(n)
	lo, hi = wilson(wins, n)
	return rate, lo, hi
}

// wilson is the Wilson score interval at 95% for k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.96
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return c - h, c + h
}

// builtIn is a match with the built-in roster and catalog, to restart with each seed.
func builtIn(t testing.TB) *Game {
	t.Helper()
	g, err := New(Setup{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func bot(t testing.TB, level string) func(uint64) Decider {
	return func(seed uint64) Decider {
		b, err := NewBot(level, seed)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
}

// TestLevels_Targets measures the levels as KOMBAT's are measured: levelMatches
// matches per pairing, both seats. normal must beat a random player in at least 95% of
// matches, hard must beat normal in at least 60% (issue 25); easy must beat the random
// player more often than not, or it is no level at all.
func TestLevels_Targets(t *testing.T) {
	random := func(seed uint64) Decider { return randomPlayer{seed} }
	for _, c := range []struct {
		name         string
		strong, weak func(uint64) Decider
		low          float64
	}{
		{"easy-vs-random", bot(t, "easy"), random, 0.5},
		{"normal-vs-random", bot(t, "normal"), random, 0.95},
		{"hard-vs-normal", bot(t, "hard"), bot(t, "normal"), 0.60},
		{"normal-vs-easy", bot(t, "normal"), bot(t, "easy"), 0.60},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, lo, hi := winRate(t, levelMatches, c.strong, c.weak)
			t.Logf("%s: won %.1f%% of %d matches (95%% CI %.1f%% to %.1f%%)", c.name, 100*r, levelMatches, 100*lo, 100*hi)
			if r < c.low {
				t.Errorf("%s won %.1f%%, want at least %.0f%%", c.name, 100*r, 100*c.low)
			}
		})
	}
}
