package aibg

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// fingerprint is everything a match's future depends on, as text: two matches with
// the same fingerprint go on alike.
func fingerprint(g *Game) string {
	st, _ := g.pcg.MarshalBinary()
	s := fmt.Sprintf("%s r%d t%d w%d d%d shop%v shown%v rng%x\n", g.phase, g.round, g.turn, g.winner, g.domain, g.shop, g.shown, st)
	for i, pl := range g.players {
		s += fmt.Sprintf("p%d atoms%d won%d pool%v slots%v bought%v chosen%v sel%v\n", i+1, pl.atoms, pl.roundsWon, pl.pool, pl.slots, pl.bought, pl.chosen, pl.selection)
	}
	return s + fmt.Sprintf("%v", g.creatures)
}

// checkInvariants fails the test when the match is in a state the rules never allow.
func checkInvariants(t *testing.T, g *Game) {
	t.Helper()
	for p := 1; p <= 2; p++ {
		pl := &g.players[p-1]
		if pl.atoms < 0 {
			t.Fatalf("player %d has %d atoms", p, pl.atoms)
		}
		living := true
		for i, id := range pl.slots {
			c := g.creatures[id-1]
			if c.owner != p || slices.Contains(pl.slots[:i], id) {
				t.Fatalf("player %d's slots %v hold creature %d wrongly", p, pl.slots, id)
			}
			if c.alive && !living {
				t.Fatalf("player %d's slots %v: a living creature behind the dead (A11)", p, pl.slots)
			}
			living = c.alive
		}
	}
	for id, c := range g.creatures {
		if c.owner != 0 && (c.health < 0 || c.health > c.maxHealth || c.alive != (c.health > 0) && g.phase == RoundInProgress) {
			t.Fatalf("creature %d: health %d of %d, alive %v", id+1, c.health, c.maxHealth, c.alive)
		}
		if c.owner != 0 && (c.maxHealth < 1 || c.damage < 0 || c.speed < 0 || max(c.maxHealth, c.damage, c.speed) > MaxStat) {
			t.Fatalf("creature %d: max health %d, damage %d, speed %d out of their bounds (A14a)", id+1, c.maxHealth, c.damage, c.speed)
		}
	}
	// The phases' shapes: 12 creatures a pool once both are in (A2), 1 to 4 slotted in a
	// round (A3), a shop of at most 3 (A13), a domain only in a round (A15).
	for p := 1; p <= 2; p++ {
		pl := &g.players[p-1]
		if g.phase != PoolSelection && len(pl.pool) != PoolSize {
			t.Fatalf("player %d's pool has %d creatures in %s", p, len(pl.pool), g.phase)
		}
		if n := len(pl.slots); g.phase == RoundInProgress && (n < 1 || n > MaxSlots) {
			t.Fatalf("player %d has %d slots in a round", p, n)
		}
	}
	if len(g.shop) > ShopSize || g.domain >= 0 && g.phase != RoundInProgress {
		t.Fatalf("shop %v, domain %d in %s", g.shop, g.domain, g.phase)
	}
}

// recorded plays a match between two deciders and returns it with every turn's log.
func recorded(t *testing.T, seed uint64, a, b Decider) (*Game, []TurnLog) {
	t.Helper()
	g, err := New(Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var logs []TurnLog
	d := [2]Decider{a, b}
	for !g.Over() {
		for p := 1; p <= 2; p++ {
			if g.Over() || g.Chosen(p) {
				continue
			}
			log, err := Act(g, p, d[p-1])
			if err != nil {
				t.Fatal(err)
			}
			if log != nil {
				logs = append(logs, *log)
			}
			checkInvariants(t, g)
		}
	}
	return g, logs
}

// TestRecordReplay: a match's record, through JSON, replays to the same turn logs and
// the same end, with the same roster and catalog (the record holds them), refused moves
// and random players' nonsense included; so does a record with its own roster and
// catalog.
func TestRecordReplay(t *testing.T) {
	hard, _ := NewBot("hard", 5)
	for i, pair := range [][2]Decider{{hard, randomPlayer{7}}, {randomPlayer{8}, hard}, {randomPlayer{1}, randomPlayer{2}}} {
		g, logs := recorded(t, uint64(i+1), pair[0], pair[1])
		rec := viaJSON(t, g.Record())
		var again []TurnLog
		r, err := Replay(rec, func(l TurnLog) { again = append(again, l) })
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(logs, again) || fingerprint(r) != fingerprint(g) || !reflect.DeepEqual(r.roster, g.roster) || !reflect.DeepEqual(r.catalog, g.catalog) {
			t.Errorf("match %d: the replay differs (%d turns played, %d replayed)", i+1, len(logs), len(again))
		}
	}
	rec := Record{Setup: Setup{Seed: 4, Creatures: testCreatures(), Items: testItems()}}
	rec.Actions = []Action{
		{Player: 2, Kind: ActPool, Types: []string{"W", "F", "N", "W", "F", "N", "W", "F", "N", "W", "F", "N"}},
		{Player: 1, Kind: ActPool, Types: []string{"Fast", "F", "N", "W", "F", "N", "W", "F", "N", "W", "F", "N"}},
		{Player: 1, Kind: ActLineup, IDs: []int{1, 2}},
		{Player: 2, Kind: ActLineup, IDs: []int{13}},
		{Player: 1, Kind: ActMove, Move: "attack"},
		{Player: 2, Kind: ActMove, Move: "attack"},
	}
	g, err := Replay(rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.RoundsWon(1) != 1 || g.Round() != 2 {
		t.Errorf("Fast kills W: rounds won %d, round %d", g.RoundsWon(1), g.Round())
	}
	g.SelectLineup(1, []int{1})
	g.SelectLineup(2, []int{14})
	g.Finish()
	again, err := Replay(viaJSON(t, g.Record()), nil)
	if err != nil {
		t.Fatal(err)
	}
	if fingerprint(again) != fingerprint(g) || again.Round() != 3 {
		t.Errorf("a finished round replayed to round %d (error %v), want round 3 as played", again.Round(), err)
	}
	rec.Actions = append(rec.Actions, Action{Player: 1, Kind: ActMove, Move: "attack"})
	if _, err := Replay(rec, nil); err == nil {
		t.Errorf("a move in ROUND_SELECTION replayed without error")
	}
}

// TestCopy_GoesOnAlike: a copy taken mid-match and the match itself, given the same
// moves, end in the same state; what is done to the copy leaves the match as it was.
func TestCopy_GoesOnAlike(t *testing.T) {
	normal, _ := NewBot("normal", 3)
	full, _ := recorded(t, 9, normal, randomPlayer{4})
	acts := full.Record().Actions
	for _, cut := range []int{2, len(acts) / 3, len(acts) / 2, len(acts) - 1} {
		g, _ := New(full.Record().Setup)
		for _, a := range acts[:cut] {
			g.Apply(a)
		}
		before := fingerprint(g)
		c := g.Copy()
		for _, a := range acts[cut:] {
			if _, err := c.Apply(a); err != nil {
				t.Fatalf("cut %d: %v", cut, err)
			}
		}
		if fingerprint(g) != before {
			t.Fatalf("cut %d: playing the copy changed the match", cut)
		}
		if fingerprint(c) != fingerprint(full) {
			t.Errorf("cut %d: the copy ended differently", cut)
		}
	}
}

// viaJSON is v written as JSON and read back, as a record is stored.
func viaJSON[T any](t *testing.T, v T) T {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
