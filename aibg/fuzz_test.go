package aibg

import (
	"strings"
	"testing"
)

// position is a match between a normal bot and a random player after steps
// selections and moves.
func position(t *testing.T, seed uint64, steps int) *Game {
	t.Helper()
	a, _ := NewBot("normal", seed)
	g, err := New(Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	d := [2]Decider{a, randomPlayer{seed + 1}}
	for n := 0; n < steps && !g.Over(); n++ {
		p := 1 + n%2
		if !g.Chosen(p) {
			Act(g, p, d[p-1])
		}
	}
	return g
}

// FuzzMoves plays any move strings, pools and lineups on a match in any phase: the
// engine never panics nor breaks the rules' invariants, a move string that does not
// read as a move is refused with its column inside the string, and a refused move, pool
// or lineup changes nothing: the match goes on exactly as after a pass (for a move) or
// as before (for a selection).
func FuzzMoves(f *testing.F) {
	f.Add(uint64(1), uint8(0), "W", "Tide Tide Tide Tide Tide Tide Tide Tide Tide Tide Tide Tide", []byte{1, 2})
	f.Add(uint64(2), uint8(30), "attack 3", "", []byte{3})
	f.Add(uint64(3), uint8(31), "item smallrock 2", "tide", []byte{})
	f.Add(uint64(4), uint8(40), "swap 1", "", []byte{1, 1})
	f.Add(uint64(5), uint8(60), "ITEM Whetstone 9", "", []byte{200, 0, 13})
	f.Add(uint64(6), uint8(90), "  attack\t1 ", "", []byte{})
	f.Add(uint64(7), uint8(120), "item Monsoon", "", []byte{5, 6, 7, 8})
	f.Add(uint64(8), uint8(8), "swap -0", "Ember ember EMBER Flare Flare Wisp Wisp Thorn Bloom Grove Spore Tide", []byte{25, 24})
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, move, pool string, ids []byte) {
		g := position(t, seed%50, int(steps))
		checkInvariants(t, g)
		p := 1 + int(seed%2)
		if _, err := ParseMove(move); err != nil {
			me, ok := err.(*MoveError)
			if !ok || me.Col < 1 || me.Col > len([]rune(move))+1 {
				t.Fatalf("move %q: error %v outside the string", move, err)
			}
		}
		switch g.Phase() {
		case PoolSelection:
			before := fingerprint(g)
			if g.SelectPool(p, strings.Fields(pool)) != nil && fingerprint(g) != before {
				t.Fatalf("a refused pool %q changed the match", pool)
			}
		case RoundSelection:
			var lineup []int
			for _, b := range ids {
				lineup = append(lineup, int(b))
			}
			before := fingerprint(g)
			if g.SelectLineup(p, lineup) != nil && fingerprint(g) != before {
				t.Fatalf("a refused lineup %v changed the match", lineup)
			}
		case RoundInProgress:
			if g.Chosen(p) {
				before := fingerprint(g)
				if _, err := g.Play(p, move); err == nil || fingerprint(g) != before {
					t.Fatalf("a second move this turn was taken: %v", err)
				}
				p = 3 - p
			}
			pass := g.Copy()
			log, err := g.Play(p, move)
			if err != nil {
				t.Fatal(err)
			}
			pass.Play(p, "pass")
			if log == nil {
				log, _ = g.Play(3-p, "attack")
				pass.Play(3-p, "attack")
			}
			if log.Refused[p-1] != nil && fingerprint(g) != fingerprint(pass) {
				t.Fatalf("refused move %q (%s) did more than a pass", move, log.Refused[p-1])
			}
		}
		checkInvariants(t, g)
		if g.Over() != (g.Phase() == GameOver) {
			t.Fatalf("over %v in %s", g.Over(), g.Phase())
		}
	})
}
