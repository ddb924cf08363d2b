package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/interp"
)

// TestAibgTry_Golden runs the scenarios of testdata/aibg through kombat try, the
// command a user runs, and compares what it prints with the .golden files
// (KOMBAT_UPDATE_GOLDEN=1 rewrites them): issue.json is issue 25's example as the issue
// gives it, exit 0 and the steps on standard output; a hostile*.json scenario is refused
// with exit 1, nothing on standard output, and every mistake on standard error with its
// line, column and JSON path.
func TestAibgTry_Golden(t *testing.T) {
	files, err := filepath.Glob("testdata/aibg/*.json")
	if err != nil || len(files) < 2 {
		t.Fatalf("scenarios %v: %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			hostile := strings.HasPrefix(filepath.Base(f), "hostile")
			code, out, errs := runCmd(t, "", "try", f)
			got, want := out, 0
			if hostile {
				got, want = errs, 1
				if out != "" {
					t.Errorf("a refused scenario printed %q", out)
				}
			}
			if code != want {
				t.Fatalf("exit %d, want %d: %s", code, want, errs)
			}
			golden := strings.TrimSuffix(f, ".json") + ".golden"
			if os.Getenv("KOMBAT_UPDATE_GOLDEN") != "" {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			w, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(w) {
				t.Errorf("output differs from %s:\n%s", golden, got)
			}
		})
	}
}

// TestAibgTry_IssueFields: the issue's example prints, for every step, the fields issue
// 25 names, in format 1's order (step, do, refused, events, then the state, winner
// last): per player atoms, rounds_won, slots (id, type, element, health, max_health,
// speed, damage) and pool (id, type, alive); every event with its type, player and
// amount; and the values the rules give (SmallRock's 10 × 1.2 on the water front before
// the attacks, the swap with an empty slot refused, the finished round a draw that
// leaves the shop only the item not yet shown).
func TestAibgTry_IssueFields(t *testing.T) {
	code, out, errs := runCmd(t, "", "try", "testdata/aibg/issue.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var v struct {
		Steps []json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Steps) != 3 {
		t.Fatalf("%d steps, %v", len(v.Steps), err)
	}
	type slot struct {
		ID        int    `json:"id"`
		Health    int    `json:"health"`
		MaxHealth int    `json:"max_health"`
		Type      string `json:"type"`
	}
	type step struct {
		Refused [][]string
		Events  []map[string]any
		Players []struct {
			Atoms     int    `json:"atoms"`
			RoundsWon int    `json:"rounds_won"`
			Slots     []slot `json:"slots"`
			Pool      []map[string]any
		}
		Shop   []string
		Domain *string
		Phase  string
		Round  int
		Turn   int
		Winner any
	}
	var steps []step
	for i, raw := range v.Steps {
		keys := keysInOrder(t, raw)
		want := []string{"step", "do", "refused", "events", "players", "shop", "domain", "phase", "round", "turn", "winner"}
		if !slices.Equal(keys, want) {
			t.Errorf("step %d's keys %q, want %q", i+1, keys, want)
		}
		var s step
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		for _, p := range s.Players {
			for _, e := range p.Pool {
				if len(e) != 3 || e["id"] == nil || e["type"] == nil || e["alive"] == nil {
					t.Errorf("step %d: pool entry %v, want id, type, alive", i+1, e)
				}
			}
		}
		for _, e := range s.Events {
			if e["type"] == nil || e["player"] == nil || e["amount"] == nil {
				t.Errorf("step %d: event %v lacks its type, player or amount", i+1, e)
			}
		}
		steps = append(steps, s)
	}
	slotKeys := keysInOrder(t, []byte(strings.SplitN(strings.SplitN(out, `"slots": [`, 2)[1], "}", 2)[0]+"}"))
	if want := []string{"id", "type", "element", "health", "max_health", "speed", "damage"}; !slices.Equal(slotKeys, want) {
		t.Errorf("a slot's keys %q, want %q", slotKeys, want)
	}
	one, two, three := steps[0], steps[1], steps[2]
	if e := one.Events; len(e) != 3 || e[0]["type"] != "item" || e[1]["type"] != "damage" || e[1]["amount"] != 12.0 || e[2]["type"] != "attack" {
		t.Errorf("step 1's events %v: want the purchase, SmallRock's 12, then the attack", e)
	}
	if m, _ := one.Events[1]["multipliers"].(map[string]any); m["element"] != 1.2 {
		t.Errorf("SmallRock's multipliers %v, want element 1.2", m)
	}
	if s := one.Players[0].Slots[0]; s.ID != 1 || s.Health != 48 || s.MaxHealth != 100 || one.Players[1].Atoms != 3 || one.Players[0].RoundsWon != 1 {
		t.Errorf("after step 1: %+v, player 2's atoms %d", s, one.Players[1].Atoms)
	}
	if len(two.Refused[0]) != 1 || len(two.Refused[1]) != 0 || two.Players[0].Slots[0].Health != 18 || two.Turn != 3 {
		t.Errorf("step 2: refused %v, health %d, turn %d", two.Refused, two.Players[0].Slots[0].Health, two.Turn)
	}
	if three.Phase != "ROUND_SELECTION" || three.Round != 3 || !slices.Equal(three.Shop, []string{"Wildfire"}) || three.Domain != nil || three.Winner != nil || three.Players[0].Atoms != 7 {
		t.Errorf("after the finish: %s round %d shop %v domain %v winner %v atoms %d", three.Phase, three.Round, three.Shop, three.Domain, three.Winner, three.Players[0].Atoms)
	}
}

// TestAibgTry_Refused: what cannot be read as a scenario, or contradicts --game, is
// refused with exit 1 and says where and how to fix it; a step the phase refuses is
// reported in the step and the scenario runs (exit 0); no file, or one that cannot be
// read, is a usage error (exit 2), as in the other games' try; --help is the usage.
func TestAibgTry_Refused(t *testing.T) {
	for _, c := range []struct {
		name, text string
		args       []string
		code       int
		want       string
	}{
		{"empty", "", nil, 1, "the file is empty"},
		{"not an object", `[1, 2]`, nil, 1, "line 1, column 1: a scenario is a JSON object"},
		{"a string for a number", `{"game": "aibg", "players": [{"atoms": "many"}], "steps": [{"finish": true}]}`, nil, 1,
			`line 1, column 40: player 1: "atoms" must be a whole number`},
		{"unknown key", `{"game": "aibg", "steps": [{"finish": true}], "board": 1}`, nil, 1, `unknown key "board"`},
		{"no steps", `{"game": "aibg"}`, nil, 1, `"steps" is needed`},
		{"another game given", `{"game": "aibg", "steps": [{"finish": true}]}`, []string{"--game", "upbeat"}, 1, `"game" is "aibg" but --game upbeat was given`},
		{"a step out of phase", `{"game": "aibg", "steps": [{"finish": true}]}`, nil, 0, `a round ends only in ROUND_IN_PROGRESS, the match is in POOL_SELECTION"`},
		{"help", "", []string{"--game", "aibg", "--help"}, 0, "usage: kombat try"},
		{"no file", "", []string{"--game", "aibg"}, 2, "usage: kombat try"},
		{"a missing file", "", []string{"--game", "aibg", "testdata/aibg/none.json"}, 2, "none.json: no such file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append(append([]string{"try"}, c.args...), "-")
			if c.code == 2 || c.name == "help" { // the arguments are the point
				args = append([]string{"try"}, c.args...)
			}
			code, out, errs := runCmd(t, c.text, args...)
			if code != c.code || !strings.Contains(out+errs, c.want) {
				t.Errorf("exit %d, want %d; output lacks %q:\n%s%s", code, c.code, c.want, out, errs)
			}
		})
	}
}

// TestAibgDocsExample: docs/aibg.md's scenario is issue.json, so that the example a
// reader copies runs as testdata/aibg/issue.golden shows.
func TestAibgDocsExample(t *testing.T) {
	doc, err := os.ReadFile("../docs/aibg.md")
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("testdata/aibg/issue.json")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## Scenarios")
	if code, _ := interp.Extract(section, "json"); !ok || code != string(example) {
		t.Errorf("docs/aibg.md's scenario differs from testdata/aibg/issue.json:\n%s", code)
	}
}

// FuzzAibgTry: no text given to kombat try as an AIBG scenario crashes it or runs
// without bound: it plays (exit 0, standard output JSON of format 1, within the output
// limit) or is refused (exit 1) with every line of standard error a message about the
// scenario, never Go's words for its own types.
func FuzzAibgTry(f *testing.F) {
	files, _ := filepath.Glob("testdata/aibg/*.json")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"steps": [{"pools": [["Tide", "Tide", "Tide", "Tide", "Tide", "Tide", "Tide", "Tide", "Tide", "Tide", "Tide", "Tide"], null]}]}`))
	f.Add([]byte(`{"phase": "ROUND_SELECTION", "players": [{"pool": [{"id": 1, "type": "Grove"}]}, {"pool": [{"id": 24, "type": "Wisp"}]}], "steps": [{"lineups": [[1], [24]]}, {"moves": ["attack 3", "item x 9"]}]}`))
	f.Add([]byte(`{"players": [{"atoms": "5", "pool": [{"id": 1, "alive": "yes"}, 7]}, {"lineup": [1, "2"]}], "shop": "Rock", "domain": 5, "phase": 1, "phase": 2}`))
	f.Fuzz(func(t *testing.T, text []byte) {
		var out, errb strings.Builder
		code := aibgScenario("f.json", text, &out, &errb, 1<<20)
		switch code {
		case 0:
			if !json.Valid([]byte(out.String())) && !strings.Contains(errb.String(), "the output passed") {
				t.Errorf("exit 0 with output that is not JSON: %.200q", out.String())
			}
		case 1:
			for _, line := range strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n") {
				if !strings.HasPrefix(line, "kombat try: f.json: ") || strings.Contains(line, "json: cannot") || strings.Contains(line, "Go value") {
					t.Errorf("a refusal line %q", line)
				}
			}
		default:
			t.Errorf("exit %d: %s", code, errb.String())
		}
	})
}
