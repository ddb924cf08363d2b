package aibgui

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/bot/view"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// maxCustomID is Discord's limit on a custom id.
const maxCustomID = 100

// checkLimits fails t for every Discord limit rep breaks: content within 2,000
// characters, at most 5 rows of at most 5 buttons or one select, custom ids of at
// most 100 characters and distinct within the message, labels of at most 80, a
// select's 1 to 25 options with distinct values, labels and descriptions of at most
// 100 and a MaxValues within its options.
func checkLimits(t *testing.T, name string, rep view.Reply) {
	t.Helper()
	if n := utf8.RuneCountInString(rep.Content); n > view.ContentLimit {
		t.Errorf("%s: content of %d characters", name, n)
	}
	if len(rep.Components) > 5 {
		t.Errorf("%s: %d rows", name, len(rep.Components))
	}
	ids := map[string]bool{}
	id := func(s string) {
		if s == "" || len(s) > maxCustomID || ids[s] {
			t.Errorf("%s: custom id %q is empty, too long or repeated", name, s)
		}
		ids[s] = true
	}
	for _, c := range rep.Components {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			t.Errorf("%s: a component outside a row: %T", name, c)
			continue
		}
		if len(row.Components) == 0 || len(row.Components) > 5 {
			t.Errorf("%s: a row of %d components", name, len(row.Components))
		}
		for _, c := range row.Components {
			switch c := c.(type) {
			case discordgo.Button:
				id(c.CustomID)
				if n := utf8.RuneCountInString(c.Label); n == 0 || n > 80 {
					t.Errorf("%s: button label %q of %d characters", name, c.Label, n)
				}
			case discordgo.SelectMenu:
				id(c.CustomID)
				if len(row.Components) != 1 {
					t.Errorf("%s: a select shares its row", name)
				}
				if len(c.Options) == 0 || len(c.Options) > maxOptions || c.MaxValues > len(c.Options) || utf8.RuneCountInString(c.Placeholder) > 150 {
					t.Errorf("%s: select %q with %d options, max values %d", name, c.Placeholder, len(c.Options), c.MaxValues)
				}
				values := map[string]bool{}
				for _, o := range c.Options {
					if values[o.Value] || utf8.RuneCountInString(o.Label) > 100 || utf8.RuneCountInString(o.Description) > 100 || o.Label == "" {
						t.Errorf("%s: option %+v repeated or too long", name, o)
					}
					values[o.Value] = true
				}
			default:
				t.Errorf("%s: unexpected component %T", name, c)
			}
		}
	}
}

// describe writes a reply as text for a golden file: its content, then its files and
// controls.
func describe(rep view.Reply) string {
	var b strings.Builder
	if rep.Ephemeral {
		b.WriteString("(private)\n")
	}
	b.WriteString(rep.Content + "\n")
	for _, f := range rep.Files {
		fmt.Fprintf(&b, "[file %s]\n", f.Name)
	}
	for i, c := range rep.Components {
		for _, c := range c.(discordgo.ActionsRow).Components {
			switch c := c.(type) {
			case discordgo.Button:
				off := ""
				if c.Disabled {
					off = " (disabled)"
				}
				fmt.Fprintf(&b, "row %d: [%s]%s %s\n", i+1, c.Label, off, c.CustomID)
			case discordgo.SelectMenu:
				fmt.Fprintf(&b, "row %d: <%s> up to %d %s\n", i+1, c.Placeholder, max(c.MaxValues, 1), c.CustomID)
				for _, o := range c.Options {
					fmt.Fprintf(&b, "    %s = %s — %s\n", o.Value, o.Label, o.Description)
				}
			}
		}
	}
	return b.String()
}

// golden compares got with testdata/aibg_NAME.golden (-update rewrites it).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := "testdata/aibg_" + name + ".golden"
	if *update {
		must(t, os.WriteFile(path, []byte(got), 0o644))
	}
	if want, err := os.ReadFile(path); err != nil || string(want) != got {
		t.Errorf("%s differs from %s (%v; go test -update rewrites it):\n%s", name, path, err, got)
	}
}

// seats are the seats of the tests' matches: a person against a bot.
func seats() AibgSeats {
	return AibgSeats{Game: 42, Names: [2]string{"Ann", "Bot (easy)"}, Users: [2]string{"111", ""},
		Deadline: time.Unix(1_800_000_000, 0)}
}

// newMatch is a match of the built-in roster and catalog with the pools given.
func newMatch(t *testing.T, pool1, pool2 []string) *aibg.Game {
	t.Helper()
	g, err := aibg.New(aibg.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if pool1 != nil {
		must(t, g.SelectPool(1, pool1))
		must(t, g.SelectPool(2, pool2))
	}
	return g
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// twelve repeats types to a pool of 12.
func twelve(types ...string) []string {
	out := make([]string, aibg.PoolSize)
	for i := range out {
		out[i] = types[i%len(types)]
	}
	return out
}

// play plays a turn and returns its summary.
func play(t *testing.T, s AibgSeats, g *aibg.Game, m1, m2 string) string {
	t.Helper()
	before := AibgLineups(g)
	if _, err := g.Play(1, m1); err != nil {
		t.Fatal(err)
	}
	l, err := g.Play(2, m2)
	if err != nil || l == nil {
		t.Fatalf("turn: %v", err)
	}
	return AibgSummary(s, g, *l, before)
}

// TestAibgScreens_A2_A3: each screen and picker of a match, from the pools to the
// end, against its golden file and Discord's limits.
func TestAibgScreens_A2_A3(t *testing.T) {
	s := seats()
	pool := twelve("Spout", "Tide", "Tide", "Ember")
	g := newMatch(t, nil, nil)
	cases := map[string]view.Reply{
		"pool_screen":       AibgScreen(s, g, "", nil),
		"pool_picker_empty": AibgPoolPicker(s, g, nil),
		"pool_picker_some":  AibgPoolPicker(s, g, []int{1, 0, 0, 4, 11}),
		"pool_picker_full":  AibgPoolPicker(s, g, []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}),
	}
	must(t, g.SelectPool(1, pool))
	must(t, g.SelectPool(2, twelve("Flare", "Thorn", "Bloom")))
	cases["lineup_screen"] = AibgScreen(s, g, "", nil)
	cases["lineup_picker"] = AibgLineupPicker(s, g, 1, []int{1, 4})
	must(t, g.SelectLineup(1, []int{1, 2, 4}))
	cases["lineup_screen_one_in"] = AibgScreen(s, g, "", nil)
	must(t, g.SelectLineup(2, []int{13, 14, 15}))
	cases["turn_screen"] = AibgScreen(s, g, "", []byte("png"))
	cases["move_picker"] = AibgMovePicker(s, g, 1, AibgControl{})
	cases["move_ranged_target"] = AibgMovePicker(s, g, 1, AibgControl{Op: AbAttack, Slot: -1, Item: -1})
	for i, it := range g.Items() {
		if it.Name == g.Shop()[0].Name {
			cases["move_item_target"] = AibgMovePicker(s, g, 1, AibgControl{Op: AbItem, Item: i, Slot: -1})
		}
	}
	sum := play(t, s, g, "swap 2", "attack")
	s.Timeouts[1] = 1
	cases["turn_screen_after"] = AibgScreen(s, g, sum, []byte("png"))
	cases["chosen"] = AibgChosen("`attack 1`")
	cases["already_chosen"] = AibgAlreadyChosen()
	cases["pool_picker_one_left"] = AibgPoolPicker(s, newMatch(t, nil, nil), []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	for name, rep := range cases {
		checkLimits(t, name, rep)
		golden(t, name, describe(rep))
	}
}

// TestAibgSummary_A7: turn summaries say who moved first and why (the faster front,
// or both at once at equal speed: A7, A7b), the multipliers (A8, A9), deaths (A11),
// passes with their reasons (A6) and the round's end (A4); the after-game text counts
// the rounds.
func TestAibgSummary_A7(t *testing.T) {
	s := seats()
	g := newMatch(t, twelve("Tide"), twelve("Tide", "Ember", "Spout"))
	must(t, g.SelectLineup(1, []int{1}))
	must(t, g.SelectLineup(2, []int{13, 14}))
	var out []string
	out = append(out, play(t, s, g, "attack", "attack"))                // speed 5 and 5: at once
	out = append(out, play(t, s, g, "swap 1", "swap 1"))                // Ann has no slot 1; Bot's Ember comes forward
	out = append(out, play(t, s, g, "item Fireball", "attack 0"))       // items before attacks
	out = append(out, play(t, s, g, "item Nothing", "item Fireball 0")) // an unknown item; Fireball on water
	out = append(out, play(t, s, g, AibgPassMove, "fly"))               // a chosen pass, a move that is none
	out = append(out, play(t, s, g, "swap 1", AibgTimeoutMove))         // the clock ran out (A18)
	for g.Round() == 1 {
		out = append(out, play(t, s, g, "attack", "attack"))
	}
	text := strings.Join(out, "\n\n")
	for _, want := range []string{"at once", "first: front", "(element ×", "died.", "Ann passed", "Bot (easy) let the clock run out (a pass).", "wins round 1", "no item has that name"} {
		if !strings.Contains(text, want) {
			t.Errorf("the summaries lack %q", want)
		}
	}
	golden(t, "summary", text)
	for !g.Over() {
		if g.Phase() == aibg.RoundSelection {
			must(t, g.SelectLineup(1, g.DefaultLineup(1)))
			must(t, g.SelectLineup(2, g.DefaultLineup(2)))
			continue
		}
		play(t, s, g, "attack", "attack")
	}
	rounds, err := AibgRounds(g.Record())
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != g.RoundsWon(1)+g.RoundsWon(2) && len(rounds) < g.RoundsWon(1)+g.RoundsWon(2) {
		t.Errorf("%d rounds for %d won", len(rounds), g.RoundsWon(1)+g.RoundsWon(2))
	}
	after := AibgAfterGame(s, g, rounds)
	end := AibgScreen(s, g, "", []byte("png"))
	checkLimits(t, "end", end)
	golden(t, "after_game", after+"\n\n"+describe(end))
}

// TestAibgRefusals_A6: every refusal aibg can give is worded with what to do instead.
func TestAibgRefusals_A6(t *testing.T) {
	codes := []aibg.RefusalCode{aibg.RefuseSyntax, aibg.RefuseUnknownItem, aibg.RefuseNotOnShow, aibg.RefuseBought,
		aibg.RefuseAtoms, aibg.RefuseNoTarget, aibg.RefuseSwapFront, aibg.RefuseSwapEmpty, aibg.RefuseSwapDead}
	var lines []string
	for _, c := range codes {
		got := AibgRefusal(&aibg.Refusal{Code: c, Msg: "MSG"})
		if !strings.HasPrefix(got, "Your move was a pass: MSG; ") {
			t.Errorf("%s: %q says no fix", c, got)
		}
		lines = append(lines, string(c)+": "+got)
	}
	golden(t, "refusals", strings.Join(lines, "\n")+"\n")
}

// TestAibgSummaryDomains_A15: domains set at the same moment (one stands: A15), an
// item on every creature of both sides (A14), the domain's multiplier and turn action
// (A15) and an area attack's falloff (A8), worded in the summary.
func TestAibgSummaryDomains_A15(t *testing.T) {
	n := func(v int) *int { return &v }
	m := 1.5
	setup := aibg.Setup{Seed: 5,
		Creatures: []aibg.CreatureSpec{
			{Type: "Reed", Element: "nature", Attack: "melee", Speed: 5, Health: 100, Damage: 20},
			{Type: "Pike", Element: "water", Attack: "melee", Speed: 5, Health: 100, Damage: 20},
			{Type: "Coal", Element: "fire", Attack: "aoe", Speed: 3, Health: 60, Damage: 30},
		},
		Items: []aibg.ItemSpec{
			{Name: "Spring", Cost: 1, Effect: "domain", Element: "nature", EachTurn: n(10)},
			{Name: "Monsoon", Cost: 1, Effect: "domain", Element: "water", Multiplier: &m},
			{Name: "Blaze", Cost: 2, Effect: "damage", Element: "fire", Value: n(10), Scope: "all", Target: "multi"},
		}}
	g, err := aibg.New(setup)
	must(t, err)
	s := seats()
	must(t, g.SelectPool(1, twelve("Reed", "Coal")))
	must(t, g.SelectPool(2, twelve("Coal", "Pike")))
	must(t, g.SelectLineup(1, []int{1, 2}))
	must(t, g.SelectLineup(2, []int{14, 13}))
	out := []string{play(t, s, g, "item Spring", "item Monsoon"), play(t, s, g, "attack", "item Blaze")}
	for g.Round() == 1 {
		out = append(out, play(t, s, g, "attack", "attack"))
	}
	text := strings.Join(out, "\n\n")
	for _, want := range []string{"came at the same moment", "domain ×1.5", "area ×", "Blaze dealt"} {
		if !strings.Contains(text, want) {
			t.Errorf("the summaries lack %q", want)
		}
	}
	golden(t, "summary_domain", text)
	rep := AibgScreen(s, g, text, []byte("png"))
	checkLimits(t, "a round's summaries on one screen", rep)
}

// TestAibgEventWords: each kind of event of a turn, worded.
func TestAibgEventWords(t *testing.T) {
	s := seats()
	name := func(id int) string { return fmt.Sprintf("C%d", id) }
	for _, c := range []struct {
		e    aibg.Event
		want string
	}{
		{aibg.Event{Kind: aibg.EventSwap, Player: 1, Creature: 1, Target: 3}, "Ann swapped C1 out of the front for C3."},
		{aibg.Event{Kind: aibg.EventItem, Player: 2, Item: "Potion", Amount: 1}, "Bot (easy) bought Potion for 1 atom."},
		{aibg.Event{Kind: aibg.EventDamage, Player: 1, Target: 14, Item: "Fireball", Amount: 36, Mult: &aibg.Mults{Element: 1.2}}, "Fireball dealt 36 to C14 (element ×1.2)."},
		{aibg.Event{Kind: aibg.EventHeal, Player: 1, Target: 2, Item: "Balm", Amount: 45, Mult: &aibg.Mults{Element: 1}}, "Balm healed C2 by 45."},
		{aibg.Event{Kind: aibg.EventUpgrade, Player: 2, Target: 13, Item: "Mire", Stat: "speed", Amount: -4}, "Mire changed C13's speed by -4 for the round."},
		{aibg.Event{Kind: aibg.EventDomain, Player: 2, Item: "Plague"}, "Plague is the domain now."},
		{aibg.Event{Kind: aibg.EventAttack, Player: 1, Creature: 1, Target: 13, Amount: 7, Mult: &aibg.Mults{Element: 0.8, Falloff: 0.35, Domain: 1.3}}, "C1 hit C13 for 7 (element ×0.8, area ×0.35, domain ×1.3)."},
		{aibg.Event{Kind: aibg.EventTick, Target: 3, Item: "Plague", Amount: -6}, "The domain Plague took 6 from C3."},
		{aibg.Event{Kind: aibg.EventTick, Target: 3, Item: "Spring", Amount: 10}, "The domain Spring healed C3 by 10."},
		{aibg.Event{Kind: aibg.EventDeath, Player: 2, Target: 13}, "C13 died."},
		{aibg.Event{Kind: aibg.EventLost, Player: 1, Creature: 1, Why: "creature 1 died before its move"}, "Ann's move was lost: creature 1 died before its move."},
	} {
		if got := aibgEvent(s, c.e, name); got != c.want {
			t.Errorf("%s: got %q, want %q", c.e.Kind, got, c.want)
		}
	}
}
