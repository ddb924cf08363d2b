package aibg

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// playJSON plays a scenario written as JSON and returns its steps' results as JSON
// lines, as `kombat try` would print them.
func playJSON(t *testing.T, text string) (string, error) {
	t.Helper()
	var sc Scenario
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		t.Fatalf("decode: %v", err)
	}
	var out bytes.Buffer
	err := PlayScenario(sc, func(r StepResult) error {
		b, err := json.Marshal(r)
		out.Write(b)
		out.WriteByte('\n')
		return err
	})
	return out.String(), err
}

// TestScenario_Golden plays every testdata/*.json scenario and compares its steps with
// the .golden file beside it (go test ./aibg -update rewrites them).
func TestScenario_Golden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) == 0 {
		t.Fatal("no scenarios in testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got, err := playJSON(t, string(b))
			if err != nil {
				got += "error: " + err.Error() + "\n"
			}
			golden := strings.TrimSuffix(file, ".json") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s:\ngot:\n%s\nwant:\n%s", file, golden, got, want)
			}
		})
	}
}

// TestScenario_Errors: a malformed scenario is a *ScenarioError listing every mistake
// found, each with the JSON path to the value at fault, before any step is played; the
// position and steps are checked even when the scenario's own creatures or items are
// wrong (against them as far as they read: a creature whose health is wrong does not
// make every health given for it wrong too).
func TestScenario_Errors(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string // "path: message" for each mistake, in order
	}{
		{"specs", `{"game": "kombat", "creatures": [{"type": "A b", "element": "earth", "attack": "melee", "speed": 1, "health": 0, "damage": 1}, {"type": "X", "element": "water", "attack": "aoe", "speed": 1, "health": 9, "damage": 1}, {"type": "x", "element": "fire", "attack": "melee", "speed": 1, "health": 9, "damage": 1}],
		  "items": [{"name": "Rock", "cost": 99, "effect": "damage", "element": "nature", "value": 5, "stat": "speed"}, {"name": "D", "cost": 1, "effect": "domain", "element": "none", "multiplier": 1.2345}],
		  "steps": [{"finish": true}]}`,
			[]string{`[game]: "game" is "kombat"`, `[creatures 0 type]: creature 1: "A b" is not a name`, `[creatures 0 element]: creature 1: element is water, fire or nature, got "earth"`,
				`[creatures 0 health]: creature 1: health is from 1 to 100000, got 0`, `[creatures 2 type]: creature 3: "x" is named twice`,
				`[items 0 cost]: item 1: cost is from 0 to 11`, `[items 0 stat]: item 1: stat is not a field of a damage item`, `[items 1 multiplier]: item 2: multiplier is above 0, at most 10, in thousandths, got 1.2345`}},
		{"position", `{"creatures": [{"type": "A", "element": "water", "attack": "melee", "speed": 1, "health": 9, "damage": 1}],
		  "phase": "ROUND_IN_PROGRESS", "round": 6, "turn": 601,
		  "players": [{"atoms": -1, "bought": ["Nope"], "pool": [{"id": 1, "type": "A", "health": 10}, {"id": 1, "type": "A"}, {"id": 30, "type": "A"}, {"id": 2, "type": "B"}], "lineup": [1, 13, 1]},
		              {"rounds_won": 7, "pool": [{"id": 13, "type": "A", "alive": false}], "lineup": [13]}],
		  "shop": ["Nope", "Rock"], "domain": "Rock",
		  "steps": [{"moves": ["attack"]}, {"moves": ["attack", "attack"], "finish": true}, {}]}`,
			[]string{`[round]: round is from 1 to 5, got 6`, `[turn]: turn is from 1 to 600, got 601`, `[players 0 pool 1 id]: player 1: id 1 is given twice`,
				`[players 0 pool 2 id]: player 1: creature 3: player 1's ids are 1 to 12 (A2a), got 30`, `[players 0 pool 0 health]: player 1: creature 1: a living A's health is from 1 to 9, got 10`,
				`[players 0 pool 3 type]: player 1: creature 2: unknown type "B"`, `[players 0 atoms]: player 1: atoms are from 0 to 1000, got -1`,
				`[players 0 bought 0]: player 1: bought: no item is named "Nope"`, `[players 0 lineup 1]: player 1: creature 13 is not in the player's pool`,
				`[players 0 lineup 2]: player 1: creature 1 is in the lineup twice`, `[players 1 rounds_won]: player 2: rounds_won is from 0 to 5, got 7`,
				`[players 1 lineup]: player 2: no creature of the lineup is alive`, `[players 1]: player 2: no creature of its pool is alive`, `[shop 0]: shop: no item is named "Nope"`, `[shop 1]: shop: no item is named "Rock"`,
				`[domain]: domain "Rock" is not a domain of the catalog`, `[steps 0 moves]: step 1: moves lists one per player`, `[steps 1]: step 2: give one of`, `[steps 2]: step 3: give one of`}},
		{"specs and the rest", `{"creatures": [{"type": "Tide", "element": "air", "attack": "melee", "speed": 1, "health": 0, "damage": 1}],
		  "items": [{"name": "Fog", "cost": 1, "effect": "domain", "element": "water"}],
		  "phase": "ROUND_IN_PROGRESS",
		  "players": [{"pool": [{"id": 1, "type": "Tide", "health": 50}, {"id": 2, "type": "Tidee"}], "lineup": [1, 9]}, {"pool": [{"id": 13, "type": "Tide"}], "lineup": [13]}],
		  "domain": "Fog", "steps": [{"moves": ["attack"]}]}`,
			[]string{`[creatures 0 element]: creature 1: element is water, fire or nature, got "air"`, `[creatures 0 health]: creature 1: health is from 1`,
				`[items 0]: item 1: a domain gives multiplier or each_turn`,
				`[players 0 pool 1 type]: player 1: creature 2: unknown type "Tidee"`, `[players 0 lineup 1]: player 1: creature 9 is not in the player's pool`,
				`[steps 0 moves]: step 1: moves lists one per player`}},
		{"a player missing", `{"phase": "ROUND_IN_PROGRESS", "players": [{"pool": [{"id": 1, "type": "Tide"}], "lineup": [1]}], "steps": [{"moves": ["attack", "attack"]}]}`,
			[]string{`[players]: player 2 is not given: in ROUND_IN_PROGRESS each player has a pool with a living creature and a lineup`}},
		{"a player out of creatures", `{"phase": "ROUND_SELECTION", "players": [{"pool": [{"id": 1, "type": "Tide", "alive": false}]}, {"pool": [{"id": 13, "type": "Tide"}]}], "steps": [{"lineups": [[1], [13]]}]}`,
			[]string{`[players 0]: player 1: no creature of its pool is alive: in ROUND_SELECTION each player has one, or the match would be over (A5)`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := playJSON(t, c.text)
			var se *ScenarioError
			if !errors.As(err, &se) || out != "" {
				t.Fatalf("error %v (%T), output %q; want a *ScenarioError and no step played", err, err, out)
			}
			all := append([]ScenarioError{*se}, se.Also...)
			var got []string
			for _, e := range all {
				got = append(got, fmt.Sprintf("%v: %s", e.Path, e.Msg))
			}
			if len(got) != len(c.want) {
				t.Errorf("%d mistakes, want %d:\n%s", len(got), len(c.want), strings.Join(got, "\n"))
			}
			for i := range min(len(got), len(c.want)) {
				if !strings.HasPrefix(got[i], c.want[i]) {
					t.Errorf("mistake %d: %s\nwant: %s...", i+1, got[i], c.want[i])
				}
			}
		})
	}
}
