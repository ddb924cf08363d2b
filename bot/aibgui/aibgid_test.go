package aibgui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/bot/view"
)

// shownControl is one control of a reply: its custom id and, for a select, its options'
// values.
type shownControl struct {
	label  string
	id     string
	values []string // nil for a button
}

// controls lists rep's controls, skipping disabled buttons (they cannot be pressed).
func controls(rep view.Reply) []shownControl {
	var out []shownControl
	for _, r := range rep.Components {
		for _, c := range r.(discordgo.ActionsRow).Components {
			switch c := c.(type) {
			case discordgo.Button:
				if !c.Disabled {
					out = append(out, shownControl{label: c.Label, id: c.CustomID})
				}
			case discordgo.SelectMenu:
				ctl := shownControl{label: c.Placeholder, id: c.CustomID, values: []string{}}
				for _, o := range c.Options {
					ctl.values = append(ctl.values, o.Value)
				}
				out = append(out, ctl)
			}
		}
	}
	return out
}

// parse reads a control pressed, or a select's option chosen, failing t if it does not
// parse or is stale on g.
func parse(t *testing.T, g *aibg.Game, id string, values []string) AibgControl {
	t.Helper()
	c, err := ParseAibg(id, values)
	if err != nil {
		t.Fatalf("%s %v: %v", id, values, err)
	}
	if c.Stale(g) || c.Game != 42 {
		t.Fatalf("%s: stale on the match it was made for", id)
	}
	return c
}

// TestAibgPoolPickerWalk_A2: every control of the pool picker parses back to what it
// shows (Undo drops the last pick, Clear all, a select's option adds its type), and a
// pool picked through it, with repeats, is one SelectPool accepts.
func TestAibgPoolPickerWalk_A2(t *testing.T) {
	s := seats()
	g := newMatch(t, nil, nil)
	var picks []int
	for step := 0; ; step++ {
		rep := AibgPoolPicker(s, g, picks)
		checkLimits(t, fmt.Sprintf("pool step %d", step), rep)
		var done []int
		for _, c := range controls(rep) {
			if c.values != nil {
				for _, v := range c.values {
					k, _ := strconv.Atoi(v)
					if got := parse(t, g, c.id, []string{v}).After(); !slices.Equal(got, append(slices.Clone(picks), k)) {
						t.Errorf("step %d: option %s gives %v", step, v, got)
					}
				}
				continue
			}
			got := parse(t, g, c.id, nil)
			want := map[string][]int{"Undo": picks[:max(len(picks)-1, 0)], "Clear": nil, "Done": picks}[c.label]
			if !slices.Equal(got.After(), want) {
				t.Errorf("step %d: %s gives %v, want %v", step, c.label, got.After(), want)
			}
			if c.label == "Done" {
				done = got.After()
			}
		}
		if done != nil {
			must(t, g.SelectPool(1, AibgPoolNames(g, done)))
			if step != 7 { // 2, 4, 6 and Undo 5, 7, 9, 11, 12
				t.Errorf("Done after %d steps", step)
			}
			return
		}
		// Pick two types a time, then one: types 3 and 5, 3 and 5 again, ..., then 3.
		sel := controls(rep)[0]
		values := []string{"3", "5"}
		if len(picks) == aibg.PoolSize-1 {
			values = values[:1]
		}
		picks = parse(t, g, sel.id, values).After()
		if step == 2 { // an Undo on the way
			picks = parse(t, g, controls(AibgPoolPicker(s, g, picks))[1].id, nil).After()
		}
	}
}

// TestAibgLineupPickerWalk_A3: the lineup picker's controls parse back to what they
// show, and a lineup picked through it goes in as picked, slot 0 first.
func TestAibgLineupPickerWalk_A3(t *testing.T) {
	s := seats()
	g := newMatch(t, twelve("Tide", "Spout", "Ember"), twelve("Flare"))
	var chosen []int
	for len(chosen) < aibg.MaxSlots {
		rep := AibgLineupPicker(s, g, 1, chosen)
		checkLimits(t, "lineup", rep)
		sel := controls(rep)[0]
		if sel.values == nil || len(sel.values) != aibg.PoolSize-len(chosen) {
			t.Fatalf("with %v: the select offers %v", chosen, sel.values)
		}
		for _, v := range sel.values {
			id, _ := strconv.Atoi(v)
			if slices.Contains(chosen, id) {
				t.Errorf("creature %d offered twice", id)
			}
		}
		chosen = parse(t, g, sel.id, sel.values[len(sel.values)-1:]).After()
	}
	rep := AibgLineupPicker(s, g, 1, chosen)
	cs := controls(rep)
	if len(cs) != 3 || cs[2].label != "Done" {
		t.Fatalf("a full lineup shows %v", cs)
	}
	must(t, g.SelectLineup(1, parse(t, g, cs[2].id, nil).After()))
	must(t, g.SelectLineup(2, []int{13}))
	if got := g.Slots(1); !slices.Equal(got, chosen) {
		t.Errorf("slots %v, picked %v", got, chosen)
	}
}

// TestAibgMovePicker_A6_A8: every move the picker offers, at every step, is one the
// rules carry out (no refusal), and it is the move its control stands for: a ranged
// attacker's Attack asks the target (A8), an item aimed at one slot asks it (A14),
// a swap offers the living slots behind the front (A6a).
func TestAibgMovePicker_A6_A8(t *testing.T) {
	s := seats()
	for _, seed := range []uint64{1, 4, 8, 11} {
		g, err := aibg.New(aibg.Setup{Seed: seed})
		must(t, err)
		must(t, g.SelectPool(1, twelve("Spout", "Tide", "Ember")))
		must(t, g.SelectPool(2, twelve("Flare", "Thorn", "Bloom")))
		must(t, g.SelectLineup(1, []int{1, 2, 3}))
		must(t, g.SelectLineup(2, []int{13, 14}))
		seen := map[string]bool{}
		var walk func(rep view.Reply, depth int)
		walk = func(rep view.Reply, depth int) {
			checkLimits(t, "move picker", rep)
			for _, c := range controls(rep) {
				values := [][]string{nil}
				if c.values != nil {
					values = nil
					for _, v := range c.values {
						values = append(values, []string{v})
					}
				}
				for _, v := range values {
					ctl := parse(t, g, c.id, v)
					move, done := ctl.Move(g, 1)
					if !done {
						if ctl.Op != AbBack && depth == 0 {
							walk(AibgMovePicker(s, g, 1, ctl), 1)
						}
						continue
					}
					seen[move] = true
					cp := g.Copy()
					if _, err := cp.Play(1, move); err != nil {
						t.Fatal(err)
					}
					l, err := cp.Play(2, "pass")
					if err != nil || l == nil {
						t.Fatalf("%s: %v", move, err)
					}
					if r := l.Refused[0]; r != nil && move != "pass" {
						t.Errorf("seed %d: the picker offers %q (%s %v), which the rules refuse: %v", seed, move, c.id, v, r)
					}
				}
			}
		}
		walk(AibgMovePicker(s, g, 1, AibgControl{}), 0)
		for _, want := range []string{"attack 0", "attack 1", "swap 1", "swap 2", "pass"} {
			if !seen[want] {
				t.Errorf("seed %d: the picker never offers %q (offers %v)", seed, want, seen)
			}
		}
		if seen["attack 2"] || seen["attack"] {
			t.Errorf("seed %d: a ranged attack at an empty slot, or without a target: %v", seed, seen)
		}
	}
}

// TestParseAibgRefuses: ids no view makes are refused, each with its reason.
func TestParseAibgRefuses(t *testing.T) {
	for _, c := range []struct {
		id     string
		values []string
		why    string
	}{
		{"k0:ab:1:0.0:open", nil, "older version"},
		{"k1:upview:1:0.0:open", nil, "not an AIBG control"},
		{"k1:ab:1", nil, "no stamp"},
		{"k1:ab:1:1:open", nil, "not ROUND.TURN"},
		{"k1:ab:1:6.0:open", nil, "round \"6\""},
		{"k1:ab:1:1.601:pass", nil, "turn \"601\""},
		{"k1:ab:1:1.01:pass", nil, "turn \"01\""},
		{"k1:ab:1:1.1:fly", nil, "unknown op"},
		{"k1:ab:1:1.1:pass:x", nil, "takes 0 arguments"},
		{"k1:ab:1:0.0:pass", nil, "not a turn"},
		{"k1:ab:1:1.0:pdone:-", nil, "not the pool selection"},
		{"k1:ab:1:0.0:padd:0:-", nil, "1 to 25 chosen types"},
		{"k1:ab:1:0.0:padd:0:-", []string{"25"}, "roster index \"25\""},
		{"k1:ab:1:0.0:padd:4:-", []string{"1"}, "page \"4\""},
		{"k1:ab:1:0.0:padd:0:0.0.0.0.0.0.0.0.0.0.0.0", []string{"1"}, "more than 12"},
		{"k1:ab:1:0.0:pdone:0.0.0.0.0.0.0.0.0.0.0.0.0", nil, "at most 12"},
		{"k1:ab:1:0.0:pdone:0..1", nil, "picks \"\""},
		{"k1:ab:1:1.0:ladd:1.2.3.4", []string{"5"}, "has 4 creatures"},
		{"k1:ab:1:1.0:ladd:1.2", []string{"2"}, "in the lineup already"},
		{"k1:ab:1:1.0:ldone:1.1", nil, "twice"},
		{"k1:ab:1:1.0:ldone:0", nil, "lineup \"0\""},
		{"k1:ab:1:1.2:atk:4", nil, "slot \"4\""},
		{"k1:ab:1:1.0:atk", nil, "not a turn"},
		{"k1:ab:1:1.2:item", nil, "an item chosen in its select"},
		{"k1:ab:1:1.2:item:1", nil, "an item chosen in its select"},
		{"k1:ab:1:1.2:swap", []string{"0"}, "slot \"0\""},
		{"k1:ab:1:1.2:swap", []string{"+1"}, "slot \"+1\""},
	} {
		_, err := ParseAibg(c.id, c.values)
		if err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s %v: error %v, want one saying %q", c.id, c.values, err, c.why)
		}
	}
}

// TestAibgStale: a control of an earlier phase or turn is stale.
func TestAibgStale(t *testing.T) {
	s := seats()
	g := newMatch(t, nil, nil)
	pool, _ := ParseAibg(controls(AibgScreen(s, g, "", nil))[0].id, nil)
	must(t, g.SelectPool(1, twelve("Tide")))
	must(t, g.SelectPool(2, twelve("Tide")))
	if !pool.Stale(g) {
		t.Error("a pool control is fresh in round 1's selection")
	}
	must(t, g.SelectLineup(1, []int{1}))
	must(t, g.SelectLineup(2, []int{13}))
	turn1, _ := ParseAibg(controls(AibgScreen(s, g, "", nil))[0].id, nil)
	if turn1.Stale(g) {
		t.Error("turn 1's control is stale in turn 1")
	}
	play(t, s, g, "attack", "attack")
	if !turn1.Stale(g) {
		t.Error("turn 1's control is fresh in turn 2")
	}
}

// TestAibgLongRoster: a roster of 60 types with the longest names fits Discord's
// limits in every picker (three selects of 25, 25 and 10), and each page's select adds
// its own types.
func TestAibgLongRoster(t *testing.T) {
	var cs []aibg.CreatureSpec
	for i := range 60 {
		cs = append(cs, aibg.CreatureSpec{Type: fmt.Sprintf("%s%02d", strings.Repeat("N", aibg.MaxNameBytes-2), i),
			Element: "water", Attack: "ranged", Speed: aibg.MaxStat, Health: aibg.MaxStat, Damage: aibg.MaxStat})
	}
	g, err := aibg.New(aibg.Setup{Seed: 3, Creatures: cs})
	must(t, err)
	s := seats()
	s.Game = 1<<63 - 1
	s.Names = [2]string{strings.Repeat("Ann", 30), strings.Repeat("Bob", 30)}
	screen := AibgScreen(s, g, "", nil)
	checkLimits(t, "long roster screen", screen)
	if !strings.Contains(screen.Content, "… and ") {
		t.Error("the roster's table does not say what it left out")
	}
	picks := []int{59, 59, 59, 59, 59, 59, 59, 59, 59, 59, 59}
	rep := AibgPoolPicker(s, g, picks)
	checkLimits(t, "long roster picker", rep)
	sels := controls(rep)[:3]
	for page, sel := range sels {
		last := sel.values[len(sel.values)-1]
		c, err := ParseAibg(sel.id, []string{last})
		if err != nil || c.Page != page || c.After()[len(picks)] != page*maxOptions+len(sel.values)-1 {
			t.Errorf("page %d: %+v, %v", page, c, err)
		}
	}
	must(t, g.SelectPool(1, AibgPoolNames(g, append(picks, 0))))
	must(t, g.SelectPool(2, g.DefaultPool()))
	checkLimits(t, "long lineup", AibgLineupPicker(s, g, 1, []int{1, 2, 3}))
	must(t, g.SelectLineup(1, []int{1, 2, 3, 4}))
	must(t, g.SelectLineup(2, []int{13, 14, 15, 16}))
	checkLimits(t, "long moves", AibgMovePicker(s, g, 1, AibgControl{}))
	checkLimits(t, "long targets", AibgMovePicker(s, g, 1, AibgControl{Op: AbAttack, Slot: -1, Item: -1}))
}

// FuzzParseAibg: any id and value parse without a panic, and what parses is within
// the rules' bounds.
func FuzzParseAibg(f *testing.F) {
	for _, id := range []string{"k1:ab:42:0.0:padd:0:1.0.0.4.11", "k1:ab:42:1.0:ladd:1.4", "k1:ab:42:1.1:item:1:0",
		"k1:ab:42:1.1:swap", "k1:ab:42:1.1:atk:2", "k1:ab:42:0.0:pdone:-", "k1:ab:42:5.600:pass"} {
		f.Add(id, "3")
	}
	f.Fuzz(func(t *testing.T, id, value string) {
		for _, values := range [][]string{nil, {value}, {value, value}} {
			c, err := ParseAibg(id, values)
			if err != nil {
				continue
			}
			if c.Round < 0 || c.Round > aibg.MaxRounds || c.Turn < 0 || c.Turn > aibg.MaxTurns ||
				c.Slot < -1 || c.Slot >= aibg.MaxSlots || len(c.After()) > aibg.PoolSize {
				t.Fatalf("%q %v parses out of bounds: %+v", id, values, c)
			}
			if (c.Op == AbLineAdd || c.Op == AbLineDone) && len(c.After()) > aibg.MaxSlots {
				t.Fatalf("%q %v: a lineup of %d", id, values, len(c.After()))
			}
		}
	})
}
