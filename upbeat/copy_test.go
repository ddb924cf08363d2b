package upbeat

import (
	"reflect"
	"testing"
)

// TestCopy_GoesOnAlike_U20a: a copy taken mid-game and the game itself, given the same
// remaining actions, produce the same turn logs and end in the same state (the random
// generator, the variables kept across revisions and the open turn's interest
// included); what is done to the copy leaves the game as it was.
func TestCopy_GoesOnAlike_U20a(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxTurns = 30
	full := botGameWith(t, cfg, "easy", 2, 4).Record()
	if len(full.Actions) < 20 {
		t.Fatalf("a game of %d actions is too short to cut", len(full.Actions))
	}
	for _, cut := range []int{1, len(full.Actions) / 3, len(full.Actions) / 2, len(full.Actions) - 1} {
		g, err := New(NewLanguage(), full.Setup)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range full.Actions[:cut] {
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		c := g.Copy()
		before := g.Snapshot()
		// The copy revises and plays on its own first: the game must not notice.
		if p := c.Current(); p != 0 && c.CanRevise(p) {
			_ = c.Revise(p, "x = 99\ninvest 1", 0)
			if _, err := c.Confirm(p, 0); err != nil {
				t.Fatal(err)
			}
		}
		if !reflect.DeepEqual(g.Snapshot(), before) {
			t.Fatalf("cut %d: playing the copy changed the game", cut)
		}
		c = g.Copy()
		for i, a := range full.Actions[cut:] {
			lg, err := g.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			lc, err := c.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(lg, lc) {
				t.Fatalf("cut %d, action %d: the copy's log %+v, the game's %+v", cut, cut+i, lc, lg)
			}
		}
		if !reflect.DeepEqual(g.Snapshot(), c.Snapshot()) || g.Winner() != c.Winner() {
			t.Errorf("cut %d: the copy ended elsewhere", cut)
		}
	}
}
