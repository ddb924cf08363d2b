package cli

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/upbeat"
)

// upbeatScript runs kombat play --game upbeat on a small 3-turn game with the script as
// standard input, in a fresh folder.
func upbeatScript(t *testing.T, config, script string, args ...string) (code int, out, errs, dir string) {
	t.Helper()
	return upbeatScriptWith(t, render.New, config, script, args...)
}

// upbeatScriptWith is upbeatScript with the renderer draw makes.
func upbeatScriptWith(t *testing.T, draw newRenderer, config, script string, args ...string) (code int, out, errs, dir string) {
	t.Helper()
	dir = t.TempDir()
	cfg := writeFile(t, t.TempDir(), "small.cfg", config)
	code, out, errs = runWith(t, draw, script, append([]string{"play", "--game", "upbeat", "--out", dir, "--config", cfg, "--seed", "3", "--level", "easy"}, args...)...)
	return code, out, errs, dir
}

// TestUpbeatPlay_ScriptedGame plays a 3-player game of three turns each to its end: the
// first plan typed (once wrong, then right), a revision from a file, one from a missing
// file, a typed one that does not compile, then one that does; the winner is printed and
// every turn's territory image decodes.
func TestUpbeatPlay_ScriptedGame(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	plans := t.TempDir()
	good := writeFile(t, plans, "good.plan", "invest 20\nmove down\ninvest 5\n")
	script := strings.Join([]string{
		"x = ", ".", // does not compile: asked again
		"invest 10", "move up", "invest 5", ".",
		"show",
		"", // turn 1 runs the first plan
		"revise " + filepath.Join(plans, "missing.plan"),
		"revise " + good,
		"", // turn 2
		"plan", "while (", ".",
		"plan", "# comments do not count", "invest 20 move down invest 5", ".", // the same plan: free
		"status", "bogus",
		"", // turn 3: the last
	}, "\n") + "\n"
	code, out, errs, dir := upbeatScript(t, "m=8\nn=8\nmax_turns=3\n", script, "--players", "3")
	if code != 0 {
		t.Fatalf("exit %d; stderr %q\n%s", code, errs, out)
	}
	for _, want := range []string{
		"Type it again", "revision clock 30:00", "invest 10\nmove up\ninvest 5",
		"missing.plan", "✓ revised for 100", "does not compile", "The same plan as yours",
		"Bot 2's turn 3", "\"bogus\"", "Game over: ", "The territory images are in " + dir,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if n := len(regexp.MustCompile(`(?m)^Your turn \d+:`).FindAllString(out, -1)); n != 3 {
		t.Errorf("%d turns of yours reported as \"Your turn N:\", want 3", n)
	}
	checkColumns(t, out)
	names := []string{"start.png"}
	for i := 1; i <= 9; i++ {
		names = append(names, fmt.Sprintf("turn-%04d.png", i))
	}
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() != render.Width || b.Dy() != render.Height {
			t.Errorf("%s is %v", name, b)
		}
	}
}

// TestUpbeatPlay_ClockRunsOut: with a revision clock of 0:00 the first revision is
// refused and the plan runs; later turns run the plan without asking, to the end.
func TestUpbeatPlay_ClockRunsOut(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	plan := writeFile(t, t.TempDir(), "p.plan", "invest 1\n")
	code, out, errs, _ := upbeatScript(t, "m=6\nn=6\nmax_turns=3\nplan_rev_min=0\nplan_rev_sec=0\n",
		"plan\ninvest 2\n.\n", plan)
	if code != 0 {
		t.Fatalf("exit %d; stderr %q\n%s", code, errs, out)
	}
	for _, want := range []string{"your revision clock has run out", "Your revision clock has run out: your plan runs as it is.", "Game over: "} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "✓ revised") {
		t.Error("a revision was accepted on a spent clock")
	}
}

// TestUpbeatPlay_Endings: input that ends mid-game leaves it unfinished, quit resigns,
// and mistakes on the command line exit 1 or 2 before anything is played.
func TestUpbeatPlay_Endings(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	dir := t.TempDir()
	plan := writeFile(t, dir, "p.plan", "invest 1\n")
	bad := writeFile(t, dir, "bad.plan", "ally\n")
	cfg := "m=6\nn=6\nmax_turns=5\n"
	draw := drawOnce()
	if code, out, _, _ := upbeatScriptWith(t, draw, cfg, "\n", plan); code != 0 || !strings.Contains(out, "End of input: the game is left unfinished") {
		t.Errorf("end of input: exit %d\n%s", code, out)
	}
	if code, out, _, _ := upbeatScriptWith(t, draw, cfg, "quit\nyes\n", plan); code != 0 || !strings.Contains(out, "You resigned") ||
		!strings.Contains(out, "Game over: Bot 2 wins. Bot 2 won: you resigned.") {
		t.Errorf("quit, yes: exit %d\n%s", code, out)
	}
	// quit asks first: anything but yes goes on, here to the end of the input.
	if code, out, _, _ := upbeatScriptWith(t, draw, cfg, "quit\nno\n", plan); code != 0 || strings.Contains(out, "resigned") ||
		!strings.Contains(out, "Resign the game?") || !strings.Contains(out, "The game goes on.") || !strings.Contains(out, "End of input") {
		t.Errorf("quit, no: exit %d\n%s", code, out)
	}
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"--players", "7"}, 2},
		{[]string{plan, plan}, 2},
		{[]string{"--level", "hard"}, 2},
		{[]string{filepath.Join(dir, "missing.plan")}, 2},
		{[]string{bad}, 1},
	} {
		if code, _, errs, _ := upbeatScriptWith(t, draw, cfg, "", tc.args...); code != tc.code {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.code, errs)
		}
	}
	if code, _, _, _ := upbeatScriptWith(t, draw, "m=0\n", "", plan); code != 1 {
		t.Errorf("a bad configuration: exit %d, want 1", code)
	}
}

// TestUpbeatPlay_Edit: "edit" opens the plan in the player's editor ($VISUAL, else
// $EDITOR, arguments and all) and revises to what it saved; an editor that fails, or
// none set, leaves the plan as it was and says why.
func TestUpbeatPlay_Edit(t *testing.T) {
	bin := t.TempDir()
	editor := writeFile(t, bin, "ed.sh", "#!/bin/sh\n# the file is the last argument\nfor f; do :; done\ncat \"$f\" > \"$f.seen\"\nprintf 'invest 7\\nmove down\\n' > \"$f\"\n")
	if err := os.Chmod(editor, 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, visual, editor string
		want                 []string
	}{
		{"editor", "", editor + " --wait", []string{"✓ revised for 100", "invest 7\nmove down"}},
		{"visual first", editor, "false", []string{"✓ revised for 100", "invest 7\nmove down"}},
		{"failing editor", "", "false", []string{`the editor "false"`, "your plan stays", "invest 10\nmove up"}},
		{"none", "", "", []string{"set VISUAL or EDITOR", "invest 10\nmove up"}},
	}
	draw := drawOnce()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("VISUAL", tc.visual)
			t.Setenv("EDITOR", tc.editor)
			script := strings.Join([]string{"invest 10", "move up", ".", "edit", "show", "quit"}, "\n") + "\n"
			_, out, _, dir := upbeatScriptWith(t, draw, "m=8\nn=8\nmax_turns=3\n", script)
			for _, want := range tc.want {
				if !strings.Contains(out, want) {
					t.Errorf("the output lacks %q:\n%s", want, out)
				}
			}
			if seen, _ := filepath.Glob(filepath.Join(dir, "*.seen")); strings.Contains(tc.want[0], "revised") {
				if len(seen) != 1 {
					t.Fatalf("the editor ran %d times", len(seen))
				}
				if b, err := os.ReadFile(seen[0]); err != nil || string(b) != "invest 10\nmove up\n" {
					t.Errorf("the editor opened %q (%v), want the plan as it stood", b, err)
				}
			}
		})
	}
}

// TestUpbeatPlay_DefaultLevel: without --level the bots play at upbeat.PlayLevel, one a
// newcomer can beat (normal shot a newcomer's city center down on its third turn),
// and the intro says so and how to choose another level, naming every level.
func TestUpbeatPlay_DefaultLevel(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	dir := t.TempDir()
	cfg := writeFile(t, dir, "small.cfg", "m=6\nn=6\nmax_turns=2\n")
	code, out, errs := runCmd(t, "invest 1\n.\n", "play", "--game", "upbeat", "--out", t.TempDir(), "--config", cfg, "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d; stderr %q\n%s", code, errs, out)
	}
	intro, _, _ := strings.Cut(out, "Type your first")
	if !strings.Contains(intro, "at level "+upbeat.PlayLevel+" ") || !strings.Contains(intro, "--level") {
		t.Errorf("the intro does not name the level %q and --level:\n%s", upbeat.PlayLevel, intro)
	}
	for _, l := range upbeat.Levels() {
		if !strings.Contains(intro, l) {
			t.Errorf("the intro does not name the level %q:\n%s", l, intro)
		}
	}
}

// TestUpbeatStatus_WholeDeposits: the status line shows a total deposit by its whole
// part, as the territory image does (upbeat.Whole): 215.9 is 215, not 216.
func TestUpbeatStatus_WholeDeposits(t *testing.T) {
	snap := upbeat.Snapshot{Current: 1, Players: []upbeat.PlayerView{
		{Budget: 10, Alive: true, Regions: 2, Total: 215.9},
		{Budget: 20, Regions: 1, Total: 0.5},
	}}
	got := upbeatStatus(snap, []string{"You", "Bot 2"})
	for _, want := range []string{"You (to play): budget 10, 2 regions, deposits 215,", "Bot 2 (out): budget 20, 1 region, deposits 0,"} {
		if !strings.Contains(got, want) {
			t.Errorf("status lacks %q:\n%s", want, got)
		}
	}
}

// checkColumns holds a terminal game's output to 80 columns. What the player types
// would end a prompt's line, so a line is checked in the pieces the prompts ("> ")
// leave of it; a line naming a file in the test's temporary folder is let be (a path
// is not broken, and the test's are long).
func checkColumns(t *testing.T, out string) {
	t.Helper()
	for i, line := range strings.Split(out, "\n") {
		for _, piece := range strings.Split(line, "> ") {
			if n := len([]rune(piece)); n > 80 && !strings.Contains(piece, os.TempDir()) {
				t.Errorf("line %d has %d columns: %q", i+1, n, piece)
			}
		}
	}
}

// TestUpbeatPlay_AfterGame: a game that normal ends by shooting the player's city
// center down on its third turn says why, gives the after-game sentences and
// chart.png, prints a text map after each turn, and writes one image per turn played,
// the last turn's included (it used to overwrite the image of the turn before, and say
// one turn fewer).
func TestUpbeatPlay_AfterGame(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	plan := writeFile(t, t.TempDir(), "p.plan", "done\n")
	code, out, errs, dir := upbeatScript(t, "m=8\nn=8\nmax_turns=10\n", "\n\n\n\n", "--level", "normal", plan)
	if code != 0 {
		t.Fatalf("exit %d; stderr %q\n%s", code, errs, out)
	}
	for _, want := range []string{
		"Game over: Bot 2 wins. Bot 2 won on turn 3 by shooting your city center down.",
		"After the game (the chart is " + filepath.Join(dir, "chart.png") + "):",
		"Bot 2 shot your city center down on turn 3, with a budget of",
		"Next time, bank more in your city center early",
		"Bot 2's turn 3: ", "@2", render.TerritoryLegend,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "\n   1 "); n != 6 {
		t.Errorf("%d text maps, want 6, one after each turn", n)
	}
	checkColumns(t, out)
	for _, name := range []string{"start.png", "turn-0005.png", "turn-0006.png", "chart.png"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "turn-0007.png")); err == nil {
		t.Error("an image numbered past the turns played")
	}
}

// TestUpbeatPlay_Help: help lists every command within 80 columns, and the usage text
// has no line broken in the middle of a sentence.
func TestUpbeatPlay_Help(t *testing.T) {
	help := upbeatHelp(100)
	for _, w := range []string{"revise FILE", "edit", "plan", "show", "status", "map", "quit", "cost 100", "@N"} {
		if !strings.Contains(help, w) {
			t.Errorf("help lacks %q:\n%s", w, help)
		}
	}
	checkColumns(t, help)
	code, _, errs := runCmd(t, "", "play", "--game", "upbeat", "--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	usage, _, _ := strings.Cut(errs, "\n  -")
	for i, line := range strings.Split(usage, "\n")[2:] { // after the synopsis
		if n := len([]rune(line)); n > 80 || n > 0 && n < 40 && !strings.HasSuffix(line, ".") {
			t.Errorf("usage line %d is broken or too long (%d columns): %q", i+3, n, line)
		}
	}
}

// TestUpbeatPlay_NothingPlayedLeavesNoFolder: input that ends before the first plan
// (so before start.png) removes the --out folder the game made, or the temporary one
// made without --out, and keeps one that was there before, as KOMBAT's play does.
func TestUpbeatPlay_NothingPlayedLeavesNoFolder(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir()) // where the folder without --out goes, and is cleared
	base := t.TempDir()
	cfg := writeFile(t, t.TempDir(), "small.cfg", "m=6\nn=6\nmax_turns=2\n")
	draw := drawOnce()
	for _, tc := range []struct {
		name   string
		out    bool // --out is given
		before bool // the folder exists before the game
		want   string
	}{
		{"made for the game", true, false, "Nothing was played, so no image was written, and the folder made for them, "},
		{"temporary", false, false, "Nothing was played, so no image was written, and the folder made for them, "},
		{"there before", true, true, "Nothing was played, so no image was written to "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"play", "--game", "upbeat", "--config", cfg, "--seed", "3"}
			dir := filepath.Join(base, strings.ReplaceAll(tc.name, " ", "-"))
			if tc.out {
				args = append(args, "--out", dir)
			}
			if tc.before {
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			code, out, errs := runWith(t, draw, "invest 1\n", args...) // the plan never ends
			if code != 0 || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d, output lacks %q:\n%s%s", code, tc.want, out, errs)
			}
			// The folder the intro named, whichever it was.
			m := regexp.MustCompile(`go to\n  (.*)\n`).FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("the intro names no folder:\n%s", out)
			}
			if tc.out && m[1] != dir {
				t.Errorf("the intro names %s, want %s", m[1], dir)
			}
			if _, err := os.Stat(m[1]); (err == nil) != tc.before {
				t.Errorf("%s exists: %v, want %v", m[1], err == nil, tc.before)
			}
		})
	}
}
