package aibg

import (
	"bytes"
	"encoding/json"
	"flag"
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
