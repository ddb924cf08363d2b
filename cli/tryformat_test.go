package cli

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/upbeat"
)

// TestUpbeatDoFields: upbeatDo, which prints an UPBEAT step as the scenario gave it,
// has upbeat.ScenarioStep's keys, so that a key added there is not silently dropped.
func TestUpbeatDoFields(t *testing.T) {
	keys := func(t reflect.Type) []string {
		var k []string
		for i := range t.NumField() {
			k = append(k, jsonName(t.Field(i)))
		}
		return k
	}
	if got, want := keys(reflect.TypeFor[upbeatDo]()), keys(reflect.TypeFor[upbeat.ScenarioStep]()); !slices.Equal(got, want) {
		t.Errorf("upbeatDo's keys are %q, upbeat.ScenarioStep's %q", got, want)
	}
}

// TestTryFormatAlike: both games' try output has format 1's shape: "format", "game"
// and "steps" at the top; in each step "step" a number, "do" an object, then
// "refused" and "events" (every event with its "type"), the game's state, and
// "winner" last; no event keyed "kind" for what happened.
func TestTryFormatAlike(t *testing.T) {
	tests := []struct {
		file, game string
		state      []string // the game's own keys, in order
	}{
		{"testdata/try/readme.json", "kombat", []string{"players", "minions"}},
		{"testdata/try/upbeat.json", "upbeat", []string{"players", "regions", "crew"}},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			code, out, errs := runCmd(t, "", "try", tc.file)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			top := keysInOrder(t, []byte(out))
			if !slices.Equal(top, []string{"format", "game", "steps"}) {
				t.Errorf("top-level keys %q", top)
			}
			var v struct {
				Format int
				Game   string
				Steps  []json.RawMessage
			}
			if err := json.Unmarshal([]byte(out), &v); err != nil || v.Format != 1 || v.Game != tc.game || len(v.Steps) == 0 {
				t.Fatalf("format %d, game %q, %d steps, %v", v.Format, v.Game, len(v.Steps), err)
			}
			for i, raw := range v.Steps {
				var st struct {
					Step   int
					Do     map[string]any
					Events []map[string]any
				}
				if err := json.Unmarshal(raw, &st); err != nil || st.Step != i+1 || st.Do == nil {
					t.Errorf("step %d: step %d, do %v, %v", i+1, st.Step, st.Do, err)
				}
				for _, e := range st.Events {
					if _, ok := e["type"].(string); !ok {
						t.Errorf("step %d: an event without its type: %v", i+1, e)
					}
				}
				keys := keysInOrder(t, raw)
				want := append([]string{"step", "do", "refused", "events"}, tc.state...)
				if !slices.Equal(keys[:len(want)], want) || keys[len(keys)-1] != "winner" {
					t.Errorf("step %d's keys are %q, want %q first and winner last", i+1, keys, want)
				}
			}
			if strings.Contains(out, `"kind": "move"`) || strings.Contains(out, `"kind": "eval`) {
				t.Errorf("an event says what happened as \"kind\":\n%s", out)
			}
		})
	}
}

// keysInOrder lists a JSON object's keys in the order the text gives them.
func keysInOrder(t *testing.T, text []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(text))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %v", err)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}
