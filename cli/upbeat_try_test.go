package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/upbeat"
)

// upTwo is the players of a two-player UPBEAT scenario, both on default settings.
const upTwo = `"players": [{}, {}]`

// TestUpbeatTryStrict_U25: kombat try --game upbeat reads a scenario as strictly as
// KOMBAT's reader, and tells every mistake with its line and column in the scenario's
// words, all of a configuration's mistakes at once.
func TestUpbeatTryStrict_U25(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"second object", `{` + upTwo + `} {}`,
			`line 1, column 23: more text after the scenario's closing "}": a file holds one scenario object`},
		{"trailing text", "{" + upTwo + "}\n  x",
			`line 2, column 3: more text after the scenario's closing "}": a file holds one scenario object`},
		{"duplicate key", "{\"seed\": 1,\n " + upTwo + ",\n \"seed\": 2}",
			`line 3, column 2: "seed" is given twice (first at line 1, column 2)`},
		{"duplicate player key", `{"players": [{"budget": 1, "budget": 2}, {}]}`,
			`line 1, column 28: player 1: "budget" is given twice (first at line 1, column 15)`},
		{"duplicate var", `{"players": [{"vars": {"a": 1, "a": 2}}, {}]}`,
			`line 1, column 32: player 1: "vars": "a" is given twice (first at line 1, column 24)`},
		{"unknown key", `{` + upTwo + `, "minions": []}`,
			`line 1, column 23: unknown key "minions"; a scenario's keys are "game", "config", "seed", "players", "regions" and "steps"`},
		{"unknown step key", `{` + upTwo + `, "steps": [{"run": 1}]}`,
			`line 1, column 34: step 1: unknown key "run"; its keys are "turn", "revise", "elapsed" and "finish"`},
		{"region pair", `{` + upTwo + `, "regions": [{"at": [1, 2, 3]}]}`,
			`line 1, column 42: region 1: "at" must be a region [row, col] of two whole numbers, found [1, 2, 3]`},
		{"budget type", `{"players": [{"budget": "lots"}, {}]}`,
			`line 1, column 25: player 1: "budget" must be a whole number from -9223372036854775808 to 9223372036854775807, found "lots"`},
		{"not an object", `[1]`,
			`line 1, column 1: a scenario is a JSON object {"players": [...], "steps": [...], ...}, found [1]`},
		{"empty", " \n", `the file is empty: a scenario is a JSON object {"players": [...], "steps": [...], ...}`},
		{"cut short", `{"players": [{}, {}`, `line 1, column 20: the file ends inside the scenario's JSON`},
		{"invalid name", `{"players": [{"vars": {"x1": 1, "1x": 2}}, {}]}`,
			`line 1, column 33: player 1: vars: "1x" is not a variable name: a letter, then letters and digits`},
		{"keyword name", `{"players": [{}, {"vars": {"while": 1}}]}`,
			`line 1, column 28: player 2: vars: "while" is a word of the language or a read-only special, not a variable`},
		{"special name (U9)", `{"players": [{"vars": {"budget": 1}}, {}]}`,
			`line 1, column 24: player 1: vars: "budget" is a word of the language or a read-only special, not a variable`},
		{"turn that would wrap", `{"players": [{"turn": 9223372036854775807}, {}]}`,
			`line 1, column 23: player 1: turn must be from 1 to max_turns (1000), got 9223372036854775807`},
		{"elapsed past any clock", `{` + upTwo + `, "steps": [{"turn": 1, "elapsed": 1e300}]}`,
			`line 1, column 56: step 1: elapsed is the seconds spent before the revision, from 0 to 86459, got 1e+300`},
		{"clock past any clock", `{"players": [{"clock": 1e19}, {}]}`,
			`line 1, column 24: player 1: clock is the revision seconds left, from 0 to 86459, got 1e+19`},
		{"step player", `{` + upTwo + `, "steps": [{"turn": 1}, {"turn": 3}]}`,
			`line 1, column 55: step 2: turn names the player whose turn is played, from 1 to 2, got 3`},
		{"step of nothing", `{` + upTwo + `, "steps": [{"revise": "done"}]}`,
			`line 1, column 33: step 1: give either "turn" (with "revise" and "elapsed" if wanted) or "finish"`},
		{"step both", `{` + upTwo + `, "steps": [{"turn": 1, "finish": true}]}`,
			`line 1, column 33: step 1: give either "turn" (with "revise" and "elapsed" if wanted) or "finish"`},
		{"off the territory", `{"config": "m=6\nn=6", "players": [{"center": [7, 1]}, {}]}`,
			`line 1, column 47: player 1: center (7,1) is off the 6x6 territory`},
		{"config, every mistake at once (U23)", `{"config": "m=0\nmax_turns=x", ` + upTwo + `}`,
			`line 1, column 12: config: line 1: m must be from 1 to 100, got 0; line 2: max_turns must be a whole number from 1 to 1000, got "x"`},
		{"one player (U2)", `{"players": [{}]}`,
			`line 1, column 13: "players" lists 1: a game has 2 to 6 players, not 1`},
		{"other game", `{"game": "kombat", ` + upTwo + `}`,
			`line 1, column 10: "game" is "kombat" but --game upbeat was given: leave out --game (the scenario says its game) or make the two agree`},
		{"plan", "{\"players\": [\n {\"plan\": \"move right\"}, {}]}",
			"line 2, column 11: player 1's plan does not compile:\nplayer 1:1:6: error: expected a direction after 'move', found name 'right'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tc.text, "try", "--game", "upbeat", "-")
			if code != 1 || out != "" || !strings.HasPrefix(errs, "kombat try: -: "+tc.want) {
				t.Errorf("exit %d, stdout %q\n got %s\nwant kombat try: -: %s", code, out, errs, tc.want)
			}
			for _, goWord := range []string{"Go ", "struct", "int64", "float64", "upbeat.", "json:"} {
				if strings.Contains(errs, goWord) {
					t.Errorf("the message speaks Go (%q): %s", goWord, errs)
				}
			}
		})
	}
}

// TestUpbeatTooManyVars: more variables than a plan can name are refused with the
// bound, where they are given.
func TestUpbeatTooManyVars(t *testing.T) {
	text := `{"players": [{}, {"vars": ` + upVars(upbeat.MaxScenarioVars+1) + `}]}`
	code, _, errs := runCmd(t, text, "try", "--game", "upbeat", "-")
	want := fmt.Sprintf("kombat try: -: line 1, column 27: player 2: %d vars, more than the %d a player may be given", upbeat.MaxScenarioVars+1, upbeat.MaxScenarioVars)
	if code != 1 || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d: %s\nwant %s", code, errs, want)
	}
}

// upVars is a vars object of n variables.
func upVars(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"v%d":%d`, i, i)
	}
	b.WriteString("}")
	return b.String()
}

// upSteps is the winner and refusals of each step of an UPBEAT try's output.
func upSteps(t *testing.T, out string) []struct {
	Refused []string
	Winner  any
	Players []struct{ Turn int64 }
} {
	t.Helper()
	var v struct {
		Steps []struct {
			Refused []string
			Winner  any
			Players []struct{ Turn int64 }
		}
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	return v.Steps
}

// TestUpbeatTryMaxTurns_U22: a turn past max_turns is refused, and the game ends as a
// game does at its turn limit once every player still in has played max_turns turns:
// the same winner as the game played with Confirm.
func TestUpbeatTryMaxTurns_U22(t *testing.T) {
	text := `{"game": "upbeat", "config": "m=6\nn=6\nmax_turns=1", "seed": 4,
		"players": [{"plan": "invest 50"}, {"plan": "invest 10"}, {}],
		"steps": [{"turn": 2}, {"turn": 2}, {"turn": 1}, {"turn": 3}, {"turn": 1}]}`
	code, out, errs := runCmd(t, text, "try", "--game", "upbeat", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	steps := upSteps(t, out)
	if len(steps) != 5 {
		t.Fatalf("%d steps, want 5", len(steps))
	}
	if r := steps[1].Refused; len(r) != 1 || r[0] != "player 2 has played all its turns (max_turns=1)" || steps[1].Players[1].Turn != 2 {
		t.Errorf("step 2 refused %q, player 2 at turn %d; want its second turn refused", r, steps[1].Players[1].Turn)
	}
	if steps[2].Winner != nil {
		t.Errorf("winner %v after two of three players played: the game goes on", steps[2].Winner)
	}
	// The same game played turn by turn.
	cfg, _ := upbeat.ParseConfig("m=6\nn=6\nmax_turns=1")
	g, err := upbeat.New(upbeat.NewLanguage(), upbeat.Setup{Config: cfg, Seed: 4, Players: 3, Plans: []string{"invest 50", "invest 10"}})
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		g.Confirm(g.Current(), 0)
	}
	if w, _ := steps[3].Winner.(float64); int(w) != g.Winner() || g.Winner() != 1 {
		t.Errorf("winner %v after every player's last turn, want %d as the game played gives", steps[3].Winner, g.Winner())
	}
	if r := steps[4].Refused; len(r) != 1 || r[0] != "the game is over" {
		t.Errorf("step 5 refused %q, want the game over", r)
	}
}

// upTryBounded runs an UPBEAT scenario printing at most limit bytes and reports the
// bytes printed, the heap's peak while printing, and the bytes allocated in all.
func upTryBounded(t *testing.T, text string, limit int64) (printed, peak, allocated uint64, errs string) {
	t.Helper()
	w := &heapWriter{sample: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}} // KOMBAT's try tests'

	var errb bytes.Buffer
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	upbeatTryLimited([]string{"-"}, strings.NewReader(text), w, &errb, limit)
	runtime.ReadMemStats(&after)
	return w.n, w.peak, after.TotalAlloc - before.TotalAlloc, errb.String()
}

// TestUpbeatTryLongPlanMemory: issue 23's 400-byte scenario, the 40-byte plan under
// the largest step limit for 25 turns, died out of memory at 6 GB (one turn took
// 4.5 GB and 45 s); now each turn keeps MaxEventsPerEval events and is printed as it
// is played, and the whole run allocates less than KOMBAT's 64 MB bound.
func TestUpbeatTryLongPlanMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("a quarter of a billion steps")
	}
	turns := 25
	if raceEnabled {
		turns = 2
	}
	steps := strings.TrimSuffix(strings.Repeat(`{"turn":1},`, turns), ",")
	text := `{"game":"upbeat","config":"step_limit=10000000\ninit_budget=1000000000000",` +
		`"players":[{"plan":"while (1) while (1) while (1) invest 1"},{}],"steps":[` + steps + `]}`
	if turns == 25 && len(text) > 450 {
		t.Fatalf("the scenario is %d bytes, not the issue's 400", len(text))
	}
	printed, peak, allocated, errs := upTryBounded(t, text, maxTryOutput)
	if errs != "" {
		t.Fatal(errs)
	}
	t.Logf("%d bytes scenario, %d turns: %d KB printed, heap at most %d MB, %d MB allocated", len(text), turns, printed>>10, peak>>20, allocated>>20)
	if peak > 64<<20 || allocated > 64<<20 {
		t.Errorf("heap at %d MB, %d MB allocated: over KOMBAT's 64 MB bound", peak>>20, allocated>>20)
	}
	if want := uint64(turns) * 10_000; printed < want {
		t.Errorf("%d bytes printed for %d turns, want at least %d", printed, turns, want)
	}
}

// TestUpbeatTryVarsMemory: the most variables a scenario may give, printed at every
// step of as many steps as fit in the file, stay within KOMBAT's 64 MB heap bound:
// each step is printed as it is played (holding every step's results reached 6.4 GB
// with 70,000 variables), and the output stops at its limit.
func TestUpbeatTryVarsMemory(t *testing.T) {
	var b strings.Builder
	fmt.Fprintf(&b, `{"game":"upbeat","players":[{"vars":%s},{"vars":%s}],"steps":[{"turn":1}`,
		upVars(upbeat.MaxScenarioVars), upVars(upbeat.MaxScenarioVars))
	most := 1 << 30
	if raceEnabled {
		most = 200
	}
	for n := 1; n < most && b.Len()+len(`,{"turn":1}]}`) <= maxScenarioBytes; n++ {
		b.WriteString(`,{"turn":1}`)
	}
	b.WriteString("]}")
	const limit = 256 << 20
	printed, peak, _, errs := upTryBounded(t, b.String(), limit)
	t.Logf("%d bytes scenario: %d MB printed, heap at most %d MB", b.Len(), printed>>20, peak>>20)
	if peak > 64<<20 {
		t.Errorf("the heap reached %d MB while printing %d MB", peak>>20, printed>>20)
	}
	if !raceEnabled && !strings.Contains(errs, "the output passed 268435456 bytes, the most one scenario may print; use fewer steps, players, regions or variables") {
		t.Errorf("stderr %q, want the output limit", errs)
	}
}

// FuzzUpbeatTry: no UPBEAT scenario file crashes kombat try --game upbeat; every
// refusal says what is wrong, and a scenario that runs prints JSON.
func FuzzUpbeatTry(f *testing.F) {
	f.Add(`{"game": "upbeat", "config": "m=6\nn=6", "players": [{"budget": 1000, "center": [2,2], "plan": "invest 10"}, {"center": [5,5]}], "steps": [{"turn": 1}, {"turn": 2, "revise": "collect 5"}, {"finish": true}]}`)
	f.Add(`{"config": "step_limit=20000\nmax_turns=2", "players": [{"plan": "while (1) while (1) while (1) invest 1", "vars": {"a": 1}}, {}, {}], "regions": [{"at": [1,1], "owner": 2, "deposit": 5}], "steps": [{"turn": 1}, {"turn": 2}, {"turn": 3}, {"turn": 1}, {"turn": 1}]}`)
	f.Add(`{"players": [{"plan": "while (1) { x = opponent shoot up 0 - 1 }"}, {"turn": 5, "clock": 0}], "steps": [{"turn": 2, "revise": "done", "elapsed": 3}]}`)
	f.Add(`{"players": [{}, {}]} {}`)
	f.Add(`{"players": [{"budget": "lots", "vars": {"a": "1", "a": 2}}, {"center": "2,2"}], "regions": [{"at": [1, 2, 3]}], "steps": [{"turn": "x"}, {"finsh": true}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		// A scenario of many turns at a large step limit is valid and slow (0.2 s a
		// turn at ten million steps); the fuzzer looks for crashes, not for those.
		var sc upbeat.Scenario
		if decodeStrict([]byte(text), &sc, "") == nil {
			if cfg, err := upbeat.ParseConfig(sc.Config); err == nil && cfg.StepLimit*int64(len(sc.Steps)) > 5_000_000 {
				t.Skip("too many steps to play quickly")
			}
		}
		var out, errb bytes.Buffer
		code := upbeatTryLimited([]string{"-"}, strings.NewReader(text), &out, &errb, 1<<20)
		switch {
		case code != 0 && errb.Len() == 0:
			t.Errorf("exit %d and no message", code)
		case code != 0 && out.Len() > 0 && !strings.Contains(errb.String(), "the output passed"):
			t.Errorf("exit %d after printing %d bytes: %s", code, out.Len(), errb.String())
		case code == 0 && !json.Valid(out.Bytes()):
			t.Errorf("the output is not JSON:\n%s", out.String())
		}
	})
}

// upbeatTryLimited is try --game upbeat printing at most limit bytes.
func upbeatTryLimited(args []string, stdin io.Reader, stdout, stderr io.Writer, limit int64) int {
	return tools().tryLimited("upbeat", args, stdin, stdout, stderr, limit)
}
