package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
)

func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return runWith(t, render.New, stdin, args...)
}

// runWith runs a command with the renderer draw makes.
func runWith(t *testing.T, draw newRenderer, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(draw, args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// drawOnce is the renderer maker of a test that runs many commands: one renderer,
// made at the first that draws, for them all. Making one (fonts, the field, every
// hex's stamps) costs more under the race detector than the short games the tests
// play with it, and a Renderer is safe for concurrent use. It is the test's own, so
// the heap tests that follow find none of it held.
func drawOnce() newRenderer { return sync.OnceValues(render.New) }

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.kombat", "```kombat\nx = opponent\nif (x) then move up else done\n```\n")
	warn := writeFile(t, dir, "warn.kombat", "Budget = 3\nx = budget\n")
	bad := writeFile(t, dir, "bad.kombat", "move right\nif (x) move up else done\n")
	plan := writeFile(t, dir, "plan.upbeat", "invest 10\nrelocate\n")                                // UPBEAT's commands
	upbeatWords := writeFile(t, dir, "words.upbeat", "x = deposit\nif (x) then move up else done\n") // UPBEAT's names
	kombat := writeFile(t, dir, "k.kombat", "x = ally\nif (x) then move up else done\n")
	late := writeFile(t, dir, "late.kombat", "move up\n# defense: 3\n")
	twice := writeFile(t, dir, "twice.kombat", "# defense: 3\n# defense: 4\nmove up\n")
	header := writeFile(t, dir, "header.kombat", "# name: Runner\n# defense: 3\nmove up\n")

	tests := []struct {
		name     string
		args     []string
		stdin    string
		code     int
		out, err []string // substrings that must appear
	}{
		{"clean file", []string{"check", good}, "", 0, []string{"1 file checked: no errors.\n"}, nil},
		{"quiet", []string{"check", "-q", good}, "", 0, nil, nil},
		{"two clean files", []string{"check", good, warn}, "", 0, []string{"2 files checked: no errors.\n"}, nil},
		{"warnings only", []string{"check", warn}, "", 0,
			[]string{warn + ":1:1: warning: assigning to 'Budget' does nothing", warn + ":2:5: warning: 'budget' is never assigned", "did you mean 'Budget'?"}, nil},
		{"errors", []string{"check", bad}, "", 1,
			[]string{bad + ":1:6: error: expected a direction after 'move', found name 'right'",
				"  1 | move right\n    |      ^~~~~\n",
				bad + ":2:8: error: expected 'then' after the if condition, found command 'move'"}, nil},
		{"error and clean", []string{"check", good, bad}, "", 1, []string{bad + ":1:6"}, nil},
		{"stdin", []string{"check", "-"}, "done done", 0, []string{"-:1:6: warning: this statement never runs", "1 file checked"}, nil},
		{"missing file", []string{"check", filepath.Join(dir, "nope.kombat"), bad}, "", 2,
			[]string{bad + ":1:6"}, []string{"nope.kombat"}},
		{"an UPBEAT plan checked as KOMBAT", []string{"check", plan}, "", 1,
			[]string{plan + ":1:8: error:", plan + ": note: it compiles cleanly as an UPBEAT plan: check it with kombat check --game upbeat\n"}, nil},
		{"UPBEAT's names checked as KOMBAT", []string{"check", upbeatWords}, "", 0,
			[]string{"'deposit' is never assigned", upbeatWords + ": note: it compiles cleanly as an UPBEAT plan", "1 file checked"}, nil},
		{"a KOMBAT strategy checked as UPBEAT", []string{"check", "--game", "upbeat", kombat}, "", 0,
			[]string{"'ally' is never assigned", kombat + ": note: it compiles cleanly as a KOMBAT strategy: check it without --game upbeat\n"}, nil},
		// One rule for check, play and sim: game.KindFromFile's header lines.
		{"defense line after the code", []string{"check", late}, "", 1,
			[]string{late + `:2: the "# defense:" line comes after the strategy's first line of code`}, nil},
		{"defense line twice", []string{"check", twice}, "", 1,
			[]string{twice + `:2: a second "# defense:" line (the first is on line 1): keep one`}, nil},
		{"header lines first", []string{"check", header}, "", 0, []string{"1 file checked: no errors.\n"}, nil},
		{"no files", []string{"check"}, "", 2, nil, []string{"usage: kombat check"}},
		{"unknown command", []string{"frobnicate"}, "", 2, nil, []string{`unknown command "frobnicate"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errs)
			}
			for _, s := range tc.out {
				if !strings.Contains(out, s) {
					t.Errorf("stdout lacks %q:\n%s", s, out)
				}
			}
			for _, s := range tc.err {
				if !strings.Contains(errs, s) {
					t.Errorf("stderr lacks %q:\n%s", s, errs)
				}
			}
			if tc.out == nil && out != "" {
				t.Errorf("unexpected stdout:\n%s", out)
			}
			if tc.code != 0 && strings.Contains(out, "checked") {
				t.Errorf("a failed check says it checked the files:\n%s", out)
			}
		})
	}
}

// TestHelp: every command's --help prints its usage and exits 0.
func TestHelp(t *testing.T) {
	for _, cmd := range []string{"check", "try", "sim", "play", "serve"} {
		for _, flag := range []string{"--help", "-h"} {
			code, out, errs := runCmd(t, "", cmd, flag)
			if code != 0 || !strings.Contains(out+errs, "usage: kombat "+cmd) {
				t.Errorf("kombat %s %s: exit %d, output %q", cmd, flag, code, out+errs)
			}
		}
	}
}

func TestCheckRejectsHugeAndBinaryFiles(t *testing.T) {
	dir := t.TempDir()
	huge := writeFile(t, dir, "huge.kombat", strings.Repeat("x = 1\n", maxFileBytes/6+10))
	bin := writeFile(t, dir, "bin.kombat", "x = 1\x00\x01")
	code, _, errs := runCmd(t, "", "check", huge, bin)
	if code != 2 || !strings.Contains(errs, "larger than") || !strings.Contains(errs, "binary file") {
		t.Errorf("status %d, stderr:\n%s", code, errs)
	}
}

// TestReadmeStrategy keeps the README's example strategy compiling without warnings.
func TestReadmeStrategy(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	i := strings.Index(readme, "## The strategy language")
	if i < 0 {
		t.Fatal("README has no strategy language section")
	}
	code, _ := interp.Extract(readme[i:], "")
	prog, err := interp.Compile(game.NewLanguage(), "README.md", code)
	if err != nil {
		t.Fatalf("README example does not compile:\n%s", err.(*interp.Error).Format())
	}
	if w := prog.Warnings(); len(w) > 0 {
		t.Errorf("README example has warnings:\n%s", interp.Report("README.md", code, w, 0))
	}
}

func TestTry(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "s.json", `{"seed": 7, "turn": 3,
	  "players": [{"budget": 1000.5, "globals": {"Target": 2}}, {"budget": 800}],
	  "minions": [{"owner": 1, "at": [4,4], "defense": 10, "strategy": "x = opponent", "locals": {"t": 2}},
	              {"owner": 2, "at": [3,6], "hp": 40, "strategy": "done"}],
	  "steps": [{"run": 1}, {"turn": 2}, {"run": 1}, {"finish": true}]}`)
	code, out, errs := runCmd(t, "", "try", good)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Steps []struct {
			End       string           `json:"end"`
			StepsUsed int              `json:"steps_used"`
			Refused   []string         `json:"refused"`
			Winner    any              `json:"winner"`
			Minions   []map[string]any `json:"minions"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if len(res.Steps) != 4 || res.Steps[0].End != "end" || res.Steps[0].StepsUsed != 2 || res.Steps[3].Winner != float64(1) || res.Steps[0].Winner != nil {
		t.Errorf("steps: %+v", res.Steps)
	}
	if !strings.Contains(out, `"at": [4, 4]`) {
		t.Errorf("hexes are not printed as [row, col]:\n%s", out)
	}

	bad := writeFile(t, dir, "bad.json", `{"minions": [{"owner": 1, "at": [1,1], "strategy": "move right"}]}`)
	code, _, errs = runCmd(t, "", "try", bad)
	if code != 1 || !strings.Contains(errs, "expected a direction after 'move', found name 'right'") || !strings.Contains(errs, "^~~~~") {
		t.Errorf("broken strategy: exit %d\n%s", code, errs)
	}
	malformed := writeFile(t, dir, "m.json", `{"minions": [], "colour": "red"}`)
	code, _, errs = runCmd(t, "", "try", malformed)
	if code != 1 || !strings.Contains(errs, `line 1, column 17: unknown key "colour"`) {
		t.Errorf("unknown field: exit %d\n%s", code, errs)
	}
	code, _, errs = runCmd(t, `{"minions": [{"owner": 5, "at": [1,1], "strategy": "done"}]}`, "try", "-")
	if code != 1 || !strings.Contains(errs, "line 1, column 24: minion 1: owner must be 1 or 2, got 5") {
		t.Errorf("bad owner: exit %d\n%s", code, errs)
	}
	if code, _, _ := runCmd(t, "", "try"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
	if code, _, _ := runCmd(t, "", "try", filepath.Join(dir, "missing.json")); code != 2 {
		t.Errorf("missing file: exit %d, want 2", code)
	}
}

func TestSim(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	dir := t.TempDir()
	cfg := writeFile(t, dir, "short.cfg", "max_turns=5\n")
	code, out, errs := runCmd(t, "", "sim", "--config", cfg, "--games", "3", "--seed", "4", "--out", filepath.Join(dir, "out"), "../examples/shooter.kombat", "../examples/rusher.kombat")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "3 games: player 1 won") || !strings.Contains(out, "games/s") || strings.Count(out, "(seed ") != 3 {
		t.Errorf("summary:\n%s", out)
	}
	for _, f := range []string{"game-4/setup.png", "game-4/turn-001.png", "game-6/replay.gif"} {
		if st, err := os.Stat(filepath.Join(dir, "out", f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	// The same seeds give the same games.
	_, again, _ := runCmd(t, "", "sim", "--config", cfg, "--games", "3", "--seed", "4", "../examples/shooter.kombat", "../examples/rusher.kombat")
	first := func(s string) string { return s[:strings.LastIndex(s, "\n3 games")] }
	if first(again) != first(out) {
		t.Errorf("same seeds, different games:\n%s\n%s", out, again)
	}
	// Turns are counted as max_turns counts them, each player's: minions that do
	// nothing play the game to its limit.
	idle := writeFile(t, dir, "idle.kombat", "# defense: 5\ndone\n")
	_, out, _ = runCmd(t, "", "sim", "--config", cfg, "--games", "2", idle)
	if strings.Count(out, "after 5 turns each\n") != 2 || !strings.Contains(out, "5.0 turns each on average") {
		t.Errorf("max_turns=5 games that go to the limit:\n%s", out)
	}
	bad := writeFile(t, dir, "bad.kombat", "move right\n")
	if code, _, errs := runCmd(t, "", "sim", bad); code != 1 || !strings.Contains(errs, "expected a direction") {
		t.Errorf("broken strategy: exit %d\n%s", code, errs)
	}
	if code, _, _ := runCmd(t, "", "sim"); code != 2 {
		t.Errorf("no files: exit %d", code)
	}
	if code, _, errs := runCmd(t, "", "sim", "--games", "0", bad); code != 2 || !strings.Contains(errs, "--games must be at least 1") {
		t.Errorf("zero games: exit %d %s", code, errs)
	}
	// Levels per seat: the stronger wins; an unknown one is a usage error naming the seat.
	code, out, errs = runCmd(t, "", "sim", "--games", "6", "--player1", "random", "--player2", "hard", "../examples/shooter.kombat", "../examples/rusher.kombat")
	if code != 0 || !strings.Contains(out, "6 games: player 1 won 0, player 2 won 6") {
		t.Errorf("random against hard: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runCmd(t, "", "sim", "--player2", "expert", "../examples/shooter.kombat"); code != 2 ||
		!strings.Contains(errs, `kombat sim: --player2: unknown level "expert"; the levels are easy, normal, hard, random, greedy`) {
		t.Errorf("unknown level: exit %d %s", code, errs)
	}
	// Every mistake of a configuration, each on its own line with the file (issue 13).
	badCfg := writeFile(t, dir, "bad.cfg", "max_turns=0\nstep_limit=9223372036854775807\n")
	code, _, errs = runCmd(t, "", "sim", "--config", badCfg, "../examples/shooter.kombat")
	want := badCfg + ":1: max_turns must be from 1 to 1000, got 0\n" +
		"kombat sim: " + badCfg + ":2: step_limit must be from 1 to 10000000, got 9223372036854775807\n"
	if code != 1 || !strings.HasSuffix(errs, want) {
		t.Errorf("bad config: exit %d %q, want it to end with %q", code, errs, want)
	}
}

// TestWarningsWhereAccepted: a strategy accepted with warnings says so in play and sim
// too, not only in check (issue 15 §3), and the game still runs.
func TestWarningsWhereAccepted(t *testing.T) {
	dir := t.TempDir()
	warn := writeFile(t, dir, "warny.kombat", "x = oponent\nif (x) then move up else done\n")
	cfg := writeFile(t, dir, "short.cfg", "max_turns=2\n")
	for _, args := range [][]string{
		{"sim", "--games", "1", "--config", cfg, warn},
		{"play", "--seed", "1", "--config", cfg, "--out", dir, warn},
	} {
		code, out, errs := runCmd(t, strings.Repeat("\n", 40), args...)
		if code != 0 {
			t.Errorf("%s: exit %d\n%s%s", args[0], code, out, errs)
		}
		for _, want := range []string{warn + ":1:5: warning: 'oponent' is never assigned", "did you mean 'opponent'?"} {
			if !strings.Contains(errs, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", args[0], want, errs)
			}
		}
	}
}

// TestHeaderRuleAlike: check, sim and play refuse a file whose header lines break
// game.KindFromFile's rule with the same words (check once passed a "# defense:" line
// after the code that play and sim refuse).
func TestHeaderRuleAlike(t *testing.T) {
	dir := t.TempDir()
	late := writeFile(t, dir, "late.kombat", "move up\n# defense: 3\n")
	want := late + `:2: the "# defense:" line comes after the strategy's first line of code`
	for _, args := range [][]string{{"check", late}, {"sim", late}, {"play", late}} {
		code, out, errs := runCmd(t, "quit\ny\n", args...)
		if code != 1 || !strings.Contains(out+errs, want) {
			t.Errorf("kombat %s: exit %d, want 1 saying %q; output:\n%s%s", strings.Join(args, " "), code, want, out, errs)
		}
	}
}

// TestGames_OneRegistry: every game of the command line has every command and a
// scenario reader, and the messages that name the games name each of them, so a new
// game is one entry in tools.
func TestGames_OneRegistry(t *testing.T) {
	ts := tools()
	if ts[0].name != defaultGame {
		t.Fatalf("the first game is %q, not the default %q", ts[0].name, defaultGame)
	}
	for _, tl := range ts {
		if tl.check == nil || tl.sim == nil || tl.scenario == nil || tl.tryUsage == "" || tl.title == "" {
			t.Errorf("game %q lacks a command: %+v", tl.name, tl)
		}
		if got, ok := ts.named(tl.name); !ok || got.name != tl.name {
			t.Errorf("named(%q) = %q, %v", tl.name, got.name, ok)
		}
	}
	var out, errb strings.Builder
	if code := Run([]string{"sim", "--game", "chess"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Fatalf("exit %d for an unknown game", code)
	}
	for _, tl := range ts {
		if !strings.Contains(errb.String(), tl.name) {
			t.Errorf("the unknown game's message %q does not name %q", errb.String(), tl.name)
		}
	}
	out.Reset()
	Run([]string{"help"}, strings.NewReader(""), &out, &errb)
	for _, tl := range ts[1:] {
		if !strings.Contains(out.String(), "--game "+tl.name+" for "+tl.title) {
			t.Errorf("help does not name --game %s:\n%s", tl.name, out.String())
		}
	}
}
