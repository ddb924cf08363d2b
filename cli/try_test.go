package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

const oneMinion = `{"owner": 1, "at": [1,1], "strategy": "done"}`

// TestTryStrict: kombat try refuses what encoding/json would let through, and every
// mistake is told with its line and column in the scenario's words, never in Go's.
func TestTryStrict(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"second object", `{"minions": [` + oneMinion + `]} {}`,
			`line 1, column 62: more text after the scenario's closing "}": a file holds one scenario object`},
		{"trailing text", "{\"minions\": [" + oneMinion + "]}\n\n  x",
			`line 3, column 3: more text after the scenario's closing "}": a file holds one scenario object`},
		{"duplicate key", "{\"seed\": 1,\n \"minions\": [" + oneMinion + "],\n \"seed\": 2}",
			`line 3, column 2: "seed" is given twice (first at line 1, column 2)`},
		{"duplicate minion key", `{"minions": [{"owner": 1, "at": [1,1], "owner": 2, "strategy": "done"}]}`,
			`line 1, column 40: minion 1: "owner" is given twice (first at line 1, column 15)`},
		{"duplicate local", `{"minions": [{"owner": 1, "at": [1,1], "strategy": "done", "locals": {"a": 1, "a": 2}}]}`,
			`line 1, column 79: minion 1: "locals": "a" is given twice (first at line 1, column 71)`},
		{"duplicate spawn key", "{\"minions\": [" + oneMinion + "],\n \"steps\": [{\"turn\": 1, \"spawn\": {\"at\": [1,2], \"at\": [1,3]}}]}",
			`line 2, column 47: step 1: "spawn": "at" is given twice (first at line 2, column 34)`},
		{"empty local name", "{\"minions\": [\n  {\"owner\": 1, \"at\": [1,1], \"strategy\": \"done\", \"locals\": {\"\": 1}}]}",
			`line 2, column 60: minion 1: locals: a variable needs a name, found an empty one`},
		{"empty global name", "{\"players\": [{}, {\"globals\": {\"\": 1}}],\n \"minions\": [" + oneMinion + "]}",
			`line 1, column 31: player 2: globals: a variable needs a name, found an empty one`},
		{"seed", "{\n  \"minions\": [" + oneMinion + "],\n  \"seed\": \"abc\"\n}",
			`line 3, column 11: "seed" must be a whole number from 0 to 18446744073709551615, found "abc"`},
		{"negative seed", `{"seed": -1, "minions": [` + oneMinion + `]}`,
			`line 1, column 10: "seed" must be a whole number from 0 to 18446744073709551615, found -1`},
		{"fractional hp", `{"minions": [{"owner": 1, "at": [1,1], "hp": 1.5, "strategy": "done"}]}`,
			`line 1, column 46: minion 1: "hp" must be a whole number from -9223372036854775808 to 9223372036854775807, found 1.5`},
		{"hex", `{"minions": [{"owner": 1, "at": [1], "strategy": "done"}]}`,
			`line 1, column 33: minion 1: "at" must be a hex [row, col] of two whole numbers, found [1]`},
		{"spawnable hex", `{"players": [{"spawnable": [[1,1], {"row": 1}]}], "minions": [` + oneMinion + `]}`,
			`line 1, column 36: player 1: "spawnable", item 2, must be a hex [row, col] of two whole numbers, found {"row": 1}`},
		{"huge budget", `{"players": [{"budget": 1e999}], "minions": [` + oneMinion + `]}`,
			`line 1, column 25: player 1: "budget" must be a number, found 1e999`},
		{"strategy", `{"minions": [{"owner": 1, "at": [1,1], "strategy": 5}]}`,
			`line 1, column 52: minion 1: "strategy" must be a string in double quotes, found 5`},
		{"finish", `{"minions": [` + oneMinion + `], "steps": [{"finish": "yes"}]}`,
			`line 1, column 83: step 1: "finish" must be true or false, found "yes"`},
		{"global value", `{"players": [{"globals": {"A": "1"}}], "minions": [` + oneMinion + `]}`,
			`line 1, column 32: player 1: "globals": "A" must be a whole number from -9223372036854775808 to 9223372036854775807, found "1"`},
		{"null minion", `{"minions": [null]}`,
			`line 1, column 14: minion 1 must be an object {...}, found null`},
		{"unknown key", `{"minions": [` + oneMinion + `], "colour": "red"}`,
			`line 1, column 62: unknown key "colour"; a scenario's keys are "game", "config", "seed", "turn", "players", "minions" and "steps"`},
		{"unknown minion key", `{"minions": [{"owner": 1, "at": [1,1], "strategy": "done", "colour": 1}]}`,
			`line 1, column 60: minion 1: unknown key "colour"; its keys are "owner", "at", "hp", "defense", "strategy" and "locals"`},
		{"unknown game", `{"game": "chess", "minions": [` + oneMinion + `]}`,
			`line 1, column 10: "game" is "chess": the games are "kombat", "upbeat" and "aibg"`},
		{"game not a string", `{"game": 1, "minions": [` + oneMinion + `]}`,
			`line 1, column 10: "game" must be a string in double quotes, found 1`},
		{"no minions", `{"minions": []}`,
			`line 1, column 13: "minions" is empty: a scenario needs at least one minion to run`},
		{"not an object", `[1, 2]`,
			`line 1, column 1: a scenario is a JSON object {"minions": [...], ...}, found [1, 2]`},
		{"empty file", "  \n",
			`the file is empty: a scenario is a JSON object {"minions": [...], ...}`},
		{"syntax", "{\"minions\": [" + oneMinion + "],\n}",
			`line 2, column 1: invalid character '}' looking for beginning of object key string`},
		{"cut short", `{"minions": [` + oneMinion,
			`line 1, column 59: the file ends inside the scenario's JSON`},
		{"occupied", "{\"minions\": [" + oneMinion + ",\n  {\"owner\": 2, \"at\": [1,1], \"strategy\": \"done\"}]}",
			`line 2, column 22: minion 2: (1,1) already holds minion 1`},
		{"no such minion", `{"minions": [` + oneMinion + `], "steps": [{"run": 0}]}`,
			`line 1, column 80: step 1: there is no minion 0: minions are numbered from 1 in list order, and the scenario lists 1`},
		{"missing strategy", `{"minions": [{"owner": 1, "at": [1,1]}]}`,
			"line 1, column 14: minion 1's strategy does not compile:\nminion 1:1:1: error: the strategy is empty"},
		{"config", "{\"config\": \"max_turns=0\\nmax_spawns=x\",\n \"minions\": [" + oneMinion + "]}",
			`line 1, column 12: config: line 1: max_turns must be from 1 to 1000, got 0; line 2: max_spawns must be a whole number from 1 to 1000, got "x"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tc.text, "try", "-")
			if code != 1 || out != "" || !strings.HasPrefix(errs, "kombat try: -: "+tc.want) {
				t.Errorf("exit %d, stdout %q\n got %s\nwant kombat try: -: %s", code, out, errs, tc.want)
			}
			for _, goWord := range []string{"Go ", "struct", "int64", "uint64", "float64", "game.", "json:"} {
				if strings.Contains(errs, goWord) {
					t.Errorf("the message speaks Go (%q): %s", goWord, errs)
				}
			}
		})
	}
}

// TestTryCompileErrorOnce: a strategy that does not compile is reported once, with its
// place in the file, then the diagnostics with the source line.
func TestTryCompileErrorOnce(t *testing.T) {
	text := "{\"minions\": [\n  {\"owner\": 1, \"at\": [1,1], \"strategy\": \"move right\"}]}"
	code, out, errs := runCmd(t, text, "try", "-")
	want := "kombat try: -: line 2, column 41: minion 1's strategy does not compile:\n" +
		"minion 1:1:6: error: expected a direction after 'move', found name 'right'\n" +
		"  1 | move right\n" +
		"    |      ^~~~~\n"
	if code != 1 || out != "" || !strings.HasPrefix(errs, want) || strings.Count(errs, "expected a direction") != 1 {
		t.Errorf("exit %d\n got %s\nwant %s...", code, errs, want)
	}
}

// TestTryTooLarge: a file over the limit is refused as a scenario, not a strategy.
func TestTryTooLarge(t *testing.T) {
	text := `{"minions": [` + oneMinion + `], "steps": [` + strings.Repeat(`{"run": 1},`, maxScenarioBytes/11) + `{"run": 1}]}`
	code, _, errs := runCmd(t, text, "try", "-")
	if code != 2 || errs != "kombat try: -: larger than 1048576 bytes; a scenario is at most 1048576 bytes (1 MiB)\n" {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestTryGolden runs the scenarios of testdata/try and compares what they print with
// the .golden files (KOMBAT_UPDATE_GOLDEN=1 rewrites them).
func TestTryGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/try/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			code, out, errs := runCmd(t, "", "try", f)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			golden := strings.TrimSuffix(f, ".json") + ".golden"
			if os.Getenv("KOMBAT_UPDATE_GOLDEN") != "" {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if out != string(want) {
				t.Errorf("output differs from %s:\n%s", golden, out)
			}
		})
	}
}

// TestTryOutputShape: printing step by step gives, byte for byte, what printing the
// whole result at once did: json.MarshalIndent of {"format": 1, "game": "kombat",
// "steps": [...]} with each [row, col] pair put back on one line by a regular
// expression.
func TestTryOutputShape(t *testing.T) {
	pairs := regexp.MustCompile(`\[\s+(-?\d+),\s+(-?\d+)\s+\]`)
	files, _ := filepath.Glob("testdata/try/*.json")
	for _, f := range append(files, "") {
		text := []byte(`{"minions": [` + oneMinion + `], "steps": []}`)
		if f != "" {
			var err error
			if text, err = os.ReadFile(f); err != nil {
				t.Fatal(err)
			}
		}
		if g, _ := tools().scenarioGame(text, ""); g != "kombat" {
			continue // UPBEAT has no RunScenario to print at once; its golden file holds its shape
		}
		sc, err := decodeScenario(text)
		if err != nil {
			t.Fatal(err)
		}
		steps, err := game.RunScenario(game.NewLanguage(), sc)
		if err != nil {
			t.Fatal(err)
		}
		var numbered []kombatTryStep
		for i, r := range steps {
			numbered = append(numbered, kombatStep(i+1, r))
		}
		whole, err := json.MarshalIndent(struct {
			Format int             `json:"format"`
			Game   string          `json:"game"`
			Steps  []kombatTryStep `json:"steps"`
		}{tryFormat, "kombat", append([]kombatTryStep{}, numbered...)}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		want := string(pairs.ReplaceAll(whole, []byte("[$1, $2]"))) + "\n"
		if _, out, _ := runCmd(t, string(text), "try", "-"); out != want {
			t.Errorf("%s: printed\n%s\nwant\n%s", f, out, want)
		}
	}
}

// TestCompactPairs: compactPairs does what the regular expression it replaces did.
func TestCompactPairs(t *testing.T) {
	pairs := regexp.MustCompile(`\[\s+(-?\d+),\s+(-?\d+)\s+\]`)
	cases := []string{
		"[\n  1,\n  2\n]", "[1,2]", "[ -1,\t-22 ]", "[\n 1,\n 2]", "[[\n 1,\n 2\n]]", "[ 1, 2, 3 ]", "[ -, 1 ]",
		"[ 1 ,2 ]", "[\f7,\r8\n]x", "[", "[ 1", "[ 1,", "[ 1, 2", "[ 1, 2 ", "", "[ 12,  34  ][ 5, 6 ]",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("[]-, \n\t09x")
	for range 20000 {
		b := make([]byte, rng.IntN(16))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		want := string(pairs.ReplaceAll([]byte(c), []byte("[$1, $2]")))
		if got := string(compactPairs(nil, []byte(c))); got != want {
			t.Errorf("%q: got %q, want %q", c, got, want)
		}
	}
}

// TestTryOutputLimit: a scenario that would print more than the limit stops with an
// error instead of printing for hours.
func TestTryOutputLimit(t *testing.T) {
	text := `{"minions": [` + oneMinion + `], "steps": [` + strings.Repeat(`{"run": 1}, `, 99) + `{"run": 1}]}`
	var out, errb bytes.Buffer
	code := tools().tryLimited("", []string{"-"}, strings.NewReader(text), &out, &errb, 100_000)
	if code != 1 || out.Len() > 100_000 || !strings.Contains(errb.String(), "the output passed 100000 bytes, the most one scenario may print; use fewer steps, minions or variables") {
		t.Errorf("exit %d after %d bytes: %s", code, out.Len(), errb.String())
	}
}

// heapWriter counts what try prints, keeping none of it, and samples the heap as the
// output goes by.
type heapWriter struct {
	n, next, peak uint64
	steps         int    // step results seen
	tail          []byte // the end of the previous write, for a marker split between two
	sample        []metrics.Sample
}

// stepMarker begins each step's result in the output.
const stepMarker = "\n    {\n      \"step\": "

func (w *heapWriter) Write(p []byte) (int, error) {
	both := append(w.tail, p...)
	w.steps += bytes.Count(both, []byte(stepMarker))
	w.tail = append(w.tail[:0], both[max(0, len(both)-len(stepMarker)+1):]...)
	w.n += uint64(len(p))
	if w.n >= w.next {
		w.next = w.n + 1<<20
		metrics.Read(w.sample)
		w.peak = max(w.peak, w.sample[0].Value.Uint64())
	}
	return len(p), nil
}

// largestScenario is a full board of 64 minions and as many run steps as fit in the
// size limit (at most most): the scenario that prints the most per byte of input.
func largestScenario(most int) (string, int) {
	var b strings.Builder
	b.WriteString(`{"minions": [`)
	for i := range 64 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"owner": %d, "at": [%d,%d], "strategy": "x = x + 1"}`, 1+i/32, 1+i/8, 1+i%8)
	}
	b.WriteString(`], "steps": [{"run":1}`)
	n := 1
	for n < most && b.Len()+len(`,{"run":1}]}`) <= maxScenarioBytes {
		b.WriteString(`,{"run":1}`)
		n++
	}
	b.WriteString("]}")
	return b.String(), n
}

// TestTryLargestScenarioMemory: the largest scenario, 1 MiB of run steps on a full
// board, prints over a gigabyte; the heap stays far below the 100 MB budget because
// each step is printed as it is played (holding them all took over 9 GB). Under the
// race detector a fortieth of the steps shows the same: some 29 MB printed, which held
// would take over 200 MB, far past the bound (a tenth took 193 s on a busy machine).
func TestTryLargestScenarioMemory(t *testing.T) {
	text, steps := largestScenario(1 << 30)
	if len(text) > maxScenarioBytes || len(text) < maxScenarioBytes-10 || steps < 100_000 {
		t.Fatalf("%d bytes, %d steps", len(text), steps)
	}
	if raceEnabled {
		text, steps = largestScenario(steps / 40)
	}
	w := &heapWriter{sample: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}}
	var errb bytes.Buffer
	if code := tools().try("", []string{"-"}, strings.NewReader(text), w, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if w.steps != steps || w.n < uint64(steps)*10_000 {
		t.Errorf("%d steps printed in %d bytes, want %d", w.steps, w.n, steps)
	}
	// The heap's objects include garbage not yet collected: with GOGC's default the
	// peak runs to about twice what is live, which reached 68 MB on a busy machine.
	if w.peak > 96<<20 {
		t.Errorf("the heap reached %d MB while printing %d MB", w.peak>>20, w.n>>20)
	}
	t.Logf("%d steps, %d MB printed, heap at most %d MB", w.steps, w.n>>20, w.peak>>20)
}

// TestReadmeScenario keeps the README's example scenario the one testdata/try/readme.json
// runs, so that its documented output stays true.
func TestReadmeScenario(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	example, err2 := os.ReadFile("testdata/try/readme.json")
	if err := errors.Join(err, err2); err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "### `kombat try`")
	if code, _ := interp.Extract(section, "json"); !ok || code != string(example) {
		t.Errorf("the README's example scenario differs from testdata/try/readme.json:\n%s", code)
	}
}

// FuzzTry: no scenario file crashes kombat try; every refusal says where or what.
func FuzzTry(f *testing.F) {
	files, _ := filepath.Glob("testdata/try/*.json")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(`{"minions": [` + oneMinion + `], "steps": [{"turn": 1, "spawn": {"at": [1,2], "strategy": "move up"}}, {"run": 2}]}`)
	f.Add(`{"minions": [[[[[[[[[[]]]]]]]]]]}`)
	// Many mistakes of shape at once: every one is told, the reading goes on past each.
	f.Add(`{"seed": "x", "minions": [{"owner": "1", "at": [1, [2]], "strategy": 5, "colour": 1, "owner": 2}, null], "steps": [{"spawn": {"at": {}}}], "sede": 2}`)
	f.Fuzz(func(t *testing.T, text string) {
		var out, errb bytes.Buffer
		code := tools().tryLimited("", []string{"-"}, strings.NewReader(text), &out, &errb, 1<<20)
		if code != 0 && (errb.Len() == 0 || out.Len() > 0 && !strings.Contains(errb.String(), "the output passed")) {
			t.Errorf("exit %d, stdout %d bytes, stderr %q", code, out.Len(), errb.String())
		}
	})
}

// TestTryPicksGame: try plays a scenario as the game its "game" names without --game,
// KOMBAT when it names none, and refuses a "game" that --game contradicts.
func TestTryPicksGame(t *testing.T) {
	kombat := `{"minions": [` + oneMinion + `]}`
	kombatSaid := `{"game": "kombat", "minions": [` + oneMinion + `]}`
	upbeatSaid := `{"game": "upbeat", "players": [{}, {}], "steps": [{"turn": 1}]}`
	tests := []struct {
		name, text string
		flags      []string
		code       int
		want       string // in stdout when code is 0, else in stderr
	}{
		{"no game, no flag", kombat, nil, 0, `"game": "kombat"`},
		{"kombat said", kombatSaid, nil, 0, `"game": "kombat"`},
		{"kombat said and given", kombatSaid, []string{"--game", "kombat"}, 0, `"game": "kombat"`},
		{"upbeat said", upbeatSaid, nil, 0, `"game": "upbeat"`},
		{"upbeat said and given", upbeatSaid, []string{"--game=upbeat"}, 0, `"game": "upbeat"`},
		{"upbeat said, kombat given", upbeatSaid, []string{"--game", "kombat"}, 1,
			`kombat try: -: line 1, column 10: "game" is "upbeat" but --game kombat was given: leave out --game (the scenario says its game) or make the two agree`},
		{"kombat said, upbeat given", kombatSaid, []string{"--game", "upbeat"}, 1,
			`kombat try: -: line 1, column 10: "game" is "kombat" but --game upbeat was given`},
		// Without "game", a scenario that reads only as the other game says so.
		{"upbeat unsaid", `{"players": [{"plan": "invest 1"}, {}], "steps": [{"turn": 1}]}`, nil, 1,
			`unknown key "plan"; its keys are "budget", "globals", "spawns_used" and "spawnable" (JSON path: players[0].plan)` + "\n" +
				`kombat try: -: note: it reads as an UPBEAT scenario: add "game": "upbeat" to it, or run it with --game upbeat` + "\n"},
		{"kombat with upbeat given", kombat, []string{"--game", "upbeat"}, 1,
			`unknown key "minions"; a scenario's keys are "game", "config", "seed", "players", "regions" and "steps" (JSON path: minions)` + "\n" +
				`kombat try: -: note: it reads as a KOMBAT scenario: run it without --game upbeat` + "\n"},
		{"a KOMBAT mistake is no UPBEAT scenario", `{"minions": [` + oneMinion + `], "colour": 1}`, nil, 1,
			`unknown key "colour"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tc.text, append(append([]string{"try"}, tc.flags...), "-")...)
			got := out
			if tc.code != 0 {
				got = errs
			}
			if code != tc.code || !strings.Contains(got, tc.want) {
				t.Errorf("exit %d, want %d saying %q\nstdout:\n%s\nstderr:\n%s", code, tc.code, tc.want, out, errs)
			}
			if !strings.Contains(tc.want, "note:") && strings.Contains(errs, "note:") {
				t.Errorf("a note where the scenario reads as neither game:\n%s", errs)
			}
		})
	}
}

// TestTryTurnLimit is issue 22's case through the command: with max_turns=1 and two
// players, steps for player 1, player 2, then player 1 again. The game ends with
// player 2's turn (UPBEAT's U22 and KOMBAT's R25), its winner stands from then on, and
// the third step is refused, as a game refuses it.
func TestTryTurnLimit(t *testing.T) {
	tests := []struct {
		name, text string
		winners    []any // per step; JSON numbers are float64
		refused    []string
	}{
		{"upbeat, issue 22", `{"game": "upbeat", "config": "max_turns=1", "players": [{}, {}],
			"steps": [{"turn": 1}, {"turn": 2}, {"turn": 1}]}`,
			[]any{nil, "tie", "tie"}, []string{"", "", "the game is over"}},
		{"upbeat, out of seat order", `{"game": "upbeat", "config": "max_turns=1", "players": [{}, {}],
			"steps": [{"turn": 2}, {"turn": 2}, {"turn": 1}, {"turn": 2}]}`,
			[]any{nil, nil, "tie", "tie"}, []string{"", "player 2 has played all its turns (max_turns=1)", "", "the game is over"}},
		{"kombat, issue 22", `{"config": "max_turns=1", "minions": [` + oneMinion + `, {"owner": 2, "at": [8,8], "strategy": "done"}],
			"steps": [{"turn": 1}, {"turn": 2}, {"turn": 1}]}`,
			[]any{nil, "tie", "tie"}, []string{"", "", "the game is over"}},
		{"kombat, a second turn of player 1", `{"config": "max_turns=1", "minions": [` + oneMinion + `, {"owner": 2, "at": [8,8], "strategy": "done"}],
			"steps": [{"turn": 1}, {"turn": 1}, {"turn": 2}, {"run": 1}]}`,
			[]any{nil, nil, "tie", "tie"}, []string{"", "player 1 has played all its turns (max_turns=1)", "", "the game is over"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tc.text, "try", "-")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var got struct {
				Steps []struct {
					Refused []string `json:"refused"`
					Winner  any      `json:"winner"`
				} `json:"steps"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Steps) != len(tc.winners) {
				t.Fatalf("%d steps printed, want %d:\n%s", len(got.Steps), len(tc.winners), out)
			}
			for i, st := range got.Steps {
				refused := strings.Join(st.Refused, "; ")
				if st.Winner != tc.winners[i] || refused != tc.refused[i] {
					t.Errorf("step %d: winner %v, refused %q; want %v, %q", i+1, st.Winner, refused, tc.winners[i], tc.refused[i])
				}
			}
		})
	}
}
