package cli

import (
	"bytes"
	"image"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/render"
)

// aibgScript runs kombat play --game aibg at seed 5 with the script as standard input,
// for what it says: it draws nothing (a picture costs 5 ms, and thirty times that under
// the race detector; TestAibgPlay_Pictures checks them). The folder it names is a new
// one of the test's (a later --out in args wins).
func aibgScript(t *testing.T, script string, args ...string) (code int, out, errs string) {
	t.Helper()
	return aibgDrawn(t, noPictures, script, args...)
}

// noPictures is a renderer maker for aibgScript: no renderer, so no picture.
func noPictures() (*render.Renderer, error) { return nil, nil }

// aibgDrawn is aibgScript drawing with the renderer draw makes.
func aibgDrawn(t *testing.T, draw newRenderer, script string, args ...string) (code int, out, errs string) {
	t.Helper()
	return runWith(t, draw, script, append([]string{"play", "--game", "aibg", "--seed", "5", "--out", t.TempDir()}, args...)...)
}

// containsAll fails for each of wants that out lacks, printing out once; what names
// the case, if anything.
func containsAll(t *testing.T, what, out string, wants ...string) {
	t.Helper()
	lacks := false
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("%s the output lacks %q", what, w)
			lacks = true
		}
	}
	if lacks {
		t.Logf("the output:\n%s", out)
	}
}

// toTheEnd is input that plays any match to its end: "default" takes the pool and
// each lineup, and at a move prompt is refused (it is no move) before Enter attacks.
func toTheEnd() string { return "default\n" + strings.Repeat("default\n\n", 400) }

// checkWidth fails for an output line wider than 80 columns; a prompt's "> " is left
// out, as the player's Enter ends that line in a terminal.
func checkWidth(t *testing.T, out string) {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		for strings.HasPrefix(line, "> ") {
			line = line[2:]
		}
		if utf8.RuneCountInString(line) > 80 {
			t.Errorf("a line is wider than 80 columns: %q", line)
		}
	}
}

// TestAibgPlay_WholeMatch plays a match to its end with the defaults and Enter: the
// intro, the roster, each round's shop and lineup, the board, every turn's events in
// words with who went first and why, the winner with the rounds won and the advice,
// all within 80 columns; the same seed and input play the same match again.
func TestAibgPlay_WholeMatch(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := aibgScript(t, toTheEnd(), "--out", dir)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d; stderr %q\n%s", code, errs, out)
	}
	containsAll(t, "", out,
		"AIBG: you are player 1 against the bot at level easy (seed 5; play it again with",
		"--level: easy (the default",
		"  Tide         water    melee        5     100      30\n",
		"== Round 1 of 5 ==", "Shop (you have 3 atoms; each item once a round):",
		"Your lineup:\n  slot  id  type", "The bot's lineup:",
		`Turn 1: you played "attack", the bot "attack".`,
		"so its went first.", "hits your Tide (1) for 17 (x0.8, water beats fire).",
		"dies.", "Round 1 goes to ",
		"Match over: the bot wins. Rounds won: you 1, the bot 3, after 4 rounds;",
		"After the match:", "You bought no item",
		"Your move is lost: your Grove (12) died before its move.",
	)
	checkWidth(t, out)
	if _, again, _ := aibgScript(t, toTheEnd(), "--out", dir); again != out {
		t.Error("the same seed and input played another match")
	}
}

// TestAibgPlay_PoolMistakes: every mistake of a pool is told at once, with the nearest
// type for a typo, and the pool asked again; "x3" repeats a type, names are read
// without regard to case, and the ids follow the pool's order (A2a).
func TestAibgPlay_PoolMistakes(t *testing.T) {
	_, out, _ := aibgScript(t, "tyde spout x3 x2 wisp\n\nTIDE x4 ember x4 thorn X4\n")
	containsAll(t, "", out,
		"✗ tyde: no creature type of that name; did you mean Tide?\n",
		"✗ x2: a count follows a creature type, as in \"Tide x3\"\n",
		"✗ that makes 5 creatures; a pool has exactly 12\n",
		"✗ name 12 creature types from the table, or type \"default\"\n",
		"✓ Your creatures, by id: 1 Tide, 2 Tide, 3 Tide, 4 Tide, 5 Ember,",
		"12 Thorn.", "End of input: the match is left unfinished",
	)
	if n := strings.Count(out, "Your pool: 12 creature types"); n != 3 {
		t.Errorf("the pool was asked %d times, want 3 (two refused answers)", n)
	}
}

// TestParsePool pins the pool reader: counts, commas, case, bounds, and an unknown
// name far from every type (no suggestion).
func TestParsePool(t *testing.T) {
	kinds := aibg.Roster()
	for _, c := range []struct {
		text     string
		types    string
		problems string
	}{
		{"tide x12", strings.Repeat("Tide ", 12), ""},
		{"Tide,spout x11", "Tide " + strings.Repeat("Spout ", 11), ""},
		{"tide x13", "Tide ", "x13: a count is from 1 to 12|that makes 1 creature; a pool has exactly 12"},
		{"tide x0 " + strings.Repeat("ember ", 11), "Tide " + strings.Repeat("Ember ", 11), "x0: a count is from 1 to 12"},
		{"zzzzzz x11 tide", "Tide ", "zzzzzz: no creature type of that name|x11: a count follows a creature type, as in \"Tide x3\"|that makes 2 creatures; a pool has exactly 12"},
		{strings.Repeat("wisp ", 13), strings.Repeat("Wisp ", 13), "that makes 13 creatures; a pool has exactly 12"},
	} {
		types, problems := parsePool(c.text, kinds, nil)
		if got := strings.Join(types, " "); got != strings.TrimSpace(c.types) {
			t.Errorf("parsePool(%q) types %q, want %q", c.text, got, strings.TrimSpace(c.types))
		}
		if got := strings.Join(problems, "|"); got != c.problems {
			t.Errorf("parsePool(%q) problems %q, want %q", c.text, got, c.problems)
		}
	}
}

// TestAibgPlay_LineupMistakes: every mistake of a lineup is told at once (A3): an id
// not the player's, a word, one named twice, too many; then a lineup stands, front
// first, and the board shows it. In seat 2 the player's ids are 13 to 24.
func TestAibgPlay_LineupMistakes(t *testing.T) {
	_, out, _ := aibgScript(t, "default\n99 1 1 abc 2 3 4\n\n3 1\n")
	containsAll(t, "", out,
		"✗ 99: not one of your creatures; yours are 1 to 12\n",
		"✗ 1: named twice; each creature takes one slot\n",
		"✗ abc: not an id; your creatures are 1 to 12\n",
		"✗ a lineup has 1 to 4 creatures; you named 7\n",
		"✗ a lineup has 1 to 4 creatures; you named 0\n",
		"     0   3  Maelstrom", "     1   1  Tide",
	)
	_, out, _ = aibgScript(t, "default\n1\n14 13\n", "--seat", "2")
	containsAll(t, "seat 2", out,
		"you are player 2", "✓ Your creatures, by id: 13 Tide,",
		"✗ 1: not one of your creatures; yours are 13 to 24", "     0  14  Spout",
	)
}

// TestAibgPlay_RefusedMoves: a move the rules would refuse (A6) is explained and asked
// again rather than played as a pass: no move at all (with its column), an unknown
// item, an item not on show, swap 0, a swap with an empty slot. Then Enter attacks
// and the turn is played once.
func TestAibgPlay_RefusedMoves(t *testing.T) {
	_, out, _ := aibgScript(t, "default\n1 2\nattak\nitem nosuch\nitem potion\nswap 0\nswap 3\nitem mire\n\n")
	containsAll(t, "", out,
		`✗ move "attak": column 1: expected attack, item or swap, found "attak"`,
		`✗ item "nosuch": no item has that name (the shop shows Mire, Overgrowth,`,
		"✗ item Potion is not in this round's shop (it shows Mire, Overgrowth,",
		"✗ swap 0 would swap the front creature with itself; choose another move.",
		"✗ swap 3: slot 3 is empty; choose another move.",
		"✗ item Mire costs 5 atoms, you have 3; choose another move.",
		`Turn 1: you played "attack", the bot "attack".`,
	)
	if n := strings.Count(out, "Round 1, turn 1: your move?"); n != 7 {
		t.Errorf("the move was asked %d times, want 7 (six refused)", n)
	}
}

// TestAibgPlay_ItemsAndSwaps: a bought item and a swap are told in words, in the
// order of the rules (swaps, then items, then attacks), and the shop marks what the
// player bought.
func TestAibgPlay_ItemsAndSwaps(t *testing.T) {
	_, out, _ := aibgScript(t, "default\n1 2\nitem waterjet\nswap 1\n")
	containsAll(t, "", out,
		"You buy WaterJet for 3 atoms.",
		"WaterJet deals 36 to the bot's Flare (15) (x1.2, water beats fire).",
		"Your item went first: swaps go before items, items before attacks.",
		"30 water damage to one enemy (bought)",
		"Your Spout (2) takes the front from your Tide (1).",
		"Your swap went first",
	)
}

// TestAibgPlay_Quit: quit asks first; anything but yes goes on, yes ends the match
// with the bot the winner and the advice.
func TestAibgPlay_Quit(t *testing.T) {
	code, out, _ := aibgScript(t, "quit\nno\ndefault\nboard\nhelp\nquit\nyes\n")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	containsAll(t, "", out,
		"Resign the game? Type yes", "The game goes on.",
		"The lineups are not in yet", `"default" lines up your first 4 living ones.`,
		"Match over: you resigned: the bot wins. Rounds won: you 0, the bot 0",
		"Only the front creature attacks",
	)
	if strings.Contains(out, "End of input") {
		t.Errorf("a resigned match is said as unfinished:\n%s", out)
	}
}

// TestAibgPlay_Usage: bad flags are usage errors naming the flag; --help is not.
func TestAibgPlay_Usage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--level", "godlike"}, 2, "kombat play: --level: aibg: unknown bot level \"godlike\"; the levels are easy, normal, hard"},
		{[]string{"--seat", "3"}, 2, "--seat must be 1 or 2, got 3"},
		{[]string{"my.kombat"}, 2, "--game aibg takes no files"},
		{[]string{"--out", "/dev/null/x"}, 2, "kombat play: mkdir /dev/null: not a directory"},
		{[]string{"--help"}, 0, "usage: kombat play --game aibg [--seed N] [--seat 1|2] [--level LEVEL] [--out DIR]"},
	} {
		code, _, errs := runCmd(t, "", append([]string{"play", "--game", "aibg"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.err) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errs, c.code, c.err)
		}
	}
}

// TestAibgPlay_GarbageNeverCrashes: any line at any prompt gets an answer and the
// prompt again, never a crash; a line over maxInputLine is refused whole.
func TestAibgPlay_GarbageNeverCrashes(t *testing.T) {
	lines := []string{"", "x", "-1", "item", "swap", "attack 9", "1 2 3 4 5", "x3", "item smallrock 7",
		"ÿ😀", strings.Repeat("a", maxInputLine+10), "swap 1 2", "attack 0 0", "default"}
	script := strings.Repeat(strings.Join(lines, "\n")+"\n", 30)
	dir := t.TempDir()
	code, out, errs := aibgScript(t, script, "--out", dir)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d; stderr %q", code, errs)
	}
	if !strings.Contains(out, "that line is longer than 4096 bytes") {
		t.Error("a line too long was not refused")
	}
	if !regexp.MustCompile(`Match over|End of input`).MatchString(out) {
		t.Errorf("the match neither ended nor ran out of input:\n%s", out[len(out)-2000:])
	}
	checkWidth(t, strings.ReplaceAll(out, dir, "DIR")) // the folder's name is the test's
}

// aibgNewcomer is how a newcomer plays AIBG, for the choice of aibgPlayLevel: the
// default pool, the four living creatures with the most health times damage in line
// (the table's strongest), always attack.
type aibgNewcomer struct{}

func (aibgNewcomer) Pool(g *aibg.Game, _ int) []string { return g.DefaultPool() }
func (aibgNewcomer) Move(*aibg.Game, int) string       { return "attack" }
func (aibgNewcomer) Lineup(g *aibg.Game, p int) []int {
	var ids []int
	for _, id := range g.Pool(p) {
		if g.Creature(id).Alive {
			ids = append(ids, id)
		}
	}
	worth := func(id int) int { c := g.Creature(id); return c.Health * c.Damage }
	sort.SliceStable(ids, func(i, j int) bool { return worth(ids[i]) > worth(ids[j]) })
	return ids[:min(aibg.MaxSlots, len(ids))]
}

// TestAibgPlay_LevelForNewcomers measures the levels against aibgNewcomer over 200
// matches (each seed from both seats): the newcomer wins 55% to 85% against
// aibgPlayLevel, what play starts at (measured 69.5%), and at most 30% against normal
// (measured 16.5%), too strong to start at. The intro says the default.
func TestAibgPlay_LevelForNewcomers(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 400 matches")
	}
	for _, c := range []struct {
		level    string
		low, top float64
	}{{aibgPlayLevel, 0.55, 0.85}, {"normal", 0, 0.30}} {
		wins := 0
		const n = 200
		for i := range n {
			seed, seat := uint64(i/2+1), 1+i%2
			b, err := aibg.NewBot(c.level, seed*7919)
			if err != nil {
				t.Fatal(err)
			}
			var d [2]aibg.Decider
			d[seat-1], d[2-seat] = aibgNewcomer{}, b
			g, err := aibg.New(aibg.Setup{Seed: seed})
			if err == nil {
				err = aibg.PlayOut(g, d)
			}
			if err != nil {
				t.Fatal(err)
			}
			if g.Winner() == seat {
				wins++
			}
		}
		r := float64(wins) / n
		t.Logf("the newcomer won %.1f%% of %d matches against %s", 100*r, n, c.level)
		if r < c.low || r > c.top {
			t.Errorf("the newcomer won %.1f%% against %s, want %.0f%% to %.0f%%", 100*r, c.level, 100*c.low, 100*c.top)
		}
	}
	_, out, _ := aibgScript(t, "")
	if !strings.Contains(out, "at level "+aibgPlayLevel+" ") || !strings.Contains(out, "--level: "+aibgPlayLevel+" (the default") {
		t.Errorf("the intro does not say the default level %s:\n%s", aibgPlayLevel, out)
	}
}

// TestAibgPlay_Pictures: a match played to its end writes, to the folder the intro
// names, the picture of each round's lineups and of every turn the output tells,
// final.png and replay.gif; every PNG decodes at the pictures' size, and the replay
// is one frame per picture, the last the final one. The folder is said at the end.
// Under the race detector, which draws thirty times slower, the player resigns after
// round 1's third turn: the same pictures of fewer turns.
func TestAibgPlay_Pictures(t *testing.T) {
	dir := t.TempDir()
	script := toTheEnd()
	if raceEnabled {
		script = "default\ndefault\n\n\n\nquit\nyes\n"
	}
	code, out, errs := aibgDrawn(t, render.New, script, "--out", dir)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d; stderr %q\n%s", code, errs, out)
	}
	containsAll(t, "", out, "go to\n  "+dir+"\n", "replay.gif are in\n  "+dir+"\n")
	turns := len(regexp.MustCompile(`(?m)^Turn \d+: you played`).FindAllString(out, -1))
	rounds := strings.Count(out, "== Round ")
	lineups, _ := filepath.Glob(filepath.Join(dir, "round-*-lineups.png"))
	played, _ := filepath.Glob(filepath.Join(dir, "round-*-turn-*.png"))
	if len(lineups) != rounds || len(played) != turns || turns == 0 {
		t.Errorf("%d lineup and %d turn pictures for %d rounds and %d turns", len(lineups), len(played), rounds, turns)
	}
	for _, name := range append(append(lineups, played...), filepath.Join(dir, "final.png")) {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds() != image.Rect(0, 0, render.Width, render.Height) {
			t.Errorf("%s: %v, bounds %v", filepath.Base(name), err, img.Bounds())
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "replay.gif"))
	if err != nil {
		t.Fatal(err)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("replay.gif does not decode: %v", err)
	}
	if want := len(lineups) + len(played) + 1; len(anim.Image) != want {
		t.Errorf("replay.gif has %d frames, want %d (one per picture)", len(anim.Image), want)
	}
}

// TestAibgPlay_PicturesLeft: a match stopped by the end of input keeps the pictures
// drawn so far and a replay of them; one that stopped before any lineup (the input
// ended at the pool, or the player resigned there) leaves no picture, and the folder
// goes when the game made it, as the other games' play does.
func TestAibgPlay_PicturesLeft(t *testing.T) {
	base := t.TempDir()
	draw := drawOnce()
	for _, tc := range []struct {
		name   string
		script string
		before bool // the folder exists before the game
		want   string
		files  []string // what the folder holds after
	}{
		{"mid-match", "default\ndefault\n\n", false, "Its pictures and replay.gif are in ",
			[]string{"replay.gif", "round-1-lineups.png", "round-1-turn-001.png"}},
		{"at the pool", "", false, "Nothing was played, so no image was written, and the folder made for them, ", nil},
		{"at the pool, folder there before", "", true, "Nothing was played, so no image was written to ", []string{}},
		{"resigned at the pool", "quit\nyes\n", false, "Nothing was played, so no image was written, and the folder made for them, ", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(base, strings.ReplaceAll(tc.name, " ", "-"))
			if tc.before {
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			code, out, errs := aibgDrawn(t, draw, tc.script, "--out", dir)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d; stderr %q\n%s", code, errs, out)
			}
			containsAll(t, "", out, tc.want)
			entries, err := os.ReadDir(dir)
			if tc.files == nil {
				if err == nil {
					t.Errorf("the folder made for the match is left behind")
				}
				return
			}
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if !slices.Equal(names, tc.files) {
				t.Errorf("the folder holds %v, want %v", names, tc.files)
			}
		})
	}
}

// TestSpread: at most n, evenly spread, the first and the last kept.
func TestSpread(t *testing.T) {
	for _, tc := range []struct {
		len, n int
		want   []int
	}{
		{3, 5, []int{0, 1, 2}},
		{5, 5, []int{0, 1, 2, 3, 4}},
		{6, 5, []int{0, 1, 2, 3, 5}},
		{10, 4, []int{0, 3, 6, 9}},
		{3000, 2, []int{0, 2999}},
	} {
		xs := make([]int, tc.len)
		for i := range xs {
			xs[i] = i
		}
		if got := spread(xs, tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("spread of %d to %d: %v, want %v", tc.len, tc.n, got, tc.want)
		}
	}
}
