package upbeat

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kombat-game/kombat/interp"
)

// FuzzUpbeatCompile checks UPBEAT's language on any input: no panic, every diagnostic
// inside the text, and a plan that compiles runs one turn within its step limit.
func FuzzUpbeatCompile(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.plan")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(economyPlan)
	f.Add(wanderPlan)
	f.Add("while (1) { invest 1 collect 1 shoot up 1 move down }")
	lang := NewLanguage()
	f.Fuzz(func(t *testing.T, src string) {
		prog, err := interp.Compile(lang, "fuzz", src)
		if err != nil {
			e, ok := err.(*interp.Error)
			if !ok {
				t.Fatalf("error of type %T", err)
			}
			if strings.Contains(e.Error(), "internal error") {
				t.Fatalf("compiler panicked: %v", e)
			}
			lines := strings.Split(src, "\n")
			for _, d := range e.Diags {
				if d.Pos.Line < 1 || d.Pos.Line > len(lines) || d.Pos.Col < 1 || d.Pos.Col > utf8.RuneCountInString(lines[d.Pos.Line-1])+1 {
					t.Fatalf("diagnostic at %v outside the text: %s", d.Pos, d.Msg)
				}
			}
			return
		}
		_ = prog
		budget := int64(500)
		var steps int64
		err = PlayScenario(lang, Scenario{
			Config:  "m=5\nn=5\nstep_limit=20000",
			Players: []ScenarioPlayer{{Budget: &budget, Center: &Region{3, 3}, Plan: src}, {Center: &Region{1, 1}}},
			Steps:   []ScenarioStep{{Turn: 1}},
		}, func(r StepResult) error { steps = r.StepsUsed; return nil })
		if err != nil {
			t.Fatalf("a plan that compiles did not run: %v", err)
		}
		if steps > 20000 {
			t.Fatalf("%d steps, over the limit 20000", steps)
		}
	})
}
