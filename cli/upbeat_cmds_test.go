package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUpbeatCommands runs check, sim and try with --game upbeat, and their exit codes.
func TestUpbeatCommands(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.plan", "invest 10\nBudget = 1")
	bad := write("bad.plan", "ally")
	scenario := write("s.json", `{"game": "upbeat", "config": "m=6\nn=6", "players": [
		{"budget": 1000, "center": [2,2], "plan": "invest 10"}, {"center": [5,5]}],
		"steps": [{"turn": 1}, {"turn": 2, "revise": "collect 5"}, {"finish": true}]}`)
	tests := []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"check", "--game", "upbeat", good}, 0, "1 plan checked: no errors."},
		{[]string{"check", "--game=upbeat", bad}, 1, "error"},
		{[]string{"check", good}, 1, "error"}, // invest is no KOMBAT command
		{[]string{"check", "--game", "chess", good}, 2, ""},
		{[]string{"sim", "--game", "upbeat", "--players", "3", "--games", "3", good}, 0, "3 games: player 1 won"},
		{[]string{"sim", "--game", "upbeat", "--players", "7"}, 2, ""},
		{[]string{"try", "--game", "upbeat", scenario}, 0, `"winner": 1`},
		{[]string{"try", "--game", "upbeat", good}, 1, ""},
		{[]string{"play", "--game", "upbeat"}, 2, ""},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		code := Run(tc.args, strings.NewReader(""), &out, &errOut)
		if code != tc.code || !strings.Contains(out.String(), tc.out) {
			t.Errorf("%v: exit %d, want %d; output %q (stderr %q)", tc.args, code, tc.code, out.String(), errOut.String())
		}
		if tc.args[0] == "try" && code == 0 {
			var v struct{ Steps []map[string]any }
			if err := json.Unmarshal(out.Bytes(), &v); err != nil || len(v.Steps) != 3 {
				t.Errorf("try output is not three steps of JSON: %v", err)
			}
		}
	}
}
