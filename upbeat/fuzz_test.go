package upbeat

import (
	"os"
	"path/filepath"
	"reflect"
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

// FuzzLongPlan: a plan of nested loops (the shape of issue 23's 40-byte plan) runs
// within its step limit, logs at most MaxEventsPerEval command events an evaluation,
// counts the rest on the evaluation's end and every command in its tally, and a game
// of it replays from its record (the actions, not the events) to the same logs and
// the same territory.
func FuzzLongPlan(f *testing.F) {
	f.Add("invest 1", uint8(3), uint16(20000), int64(1_000_000_000_000))
	f.Add("{ move up invest 1 shoot down 0 - 1 collect 1 x = opponent }", uint8(2), uint16(5000), int64(300))
	f.Add("{ shoot upleft 5 move downright invest 0 - 1 y = nearby up relocate }", uint8(1), uint16(900), int64(50))
	f.Add("if (random % 2) then move down else shoot up budget", uint8(3), uint16(65535), int64(0))
	lang := NewLanguage()
	f.Fuzz(func(t *testing.T, body string, depth uint8, steps uint16, budget int64) {
		plan := strings.Repeat("while (1) ", int(depth%4)) + body
		if _, err := interp.Compile(lang, "fuzz", plan); err != nil {
			return
		}
		cfg := DefaultConfig()
		cfg.Rows, cfg.Cols, cfg.MaxTurns = 8, 8, 3
		cfg.StepLimit, cfg.InitBudget = int64(steps)+1, min(max(budget, 0), MaxAmount)
		g, err := New(lang, Setup{Config: cfg, Seed: uint64(steps), Players: 2, Plans: []string{plan, plan}})
		if err != nil {
			t.Fatal(err)
		}
		var logs []TurnLog
		for !g.Over() {
			log, err := g.Confirm(g.Current(), 0)
			if err != nil {
				t.Fatal(err)
			}
			checkCapped(t, log, cfg.StepLimit)
			logs = append(logs, log)
		}
		var again []TurnLog
		r, err := Replay(lang, g.Record(), func(l TurnLog) { again = append(again, l) })
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(logs, again) || !reflect.DeepEqual(g.Snapshot(), r.Snapshot()) {
			t.Errorf("the replay differs from the game played")
		}
	})
}

// checkCapped checks one turn's log against the cap and its tally.
func checkCapped(t *testing.T, log TurnLog, limit int64) {
	t.Helper()
	if log.Steps > limit {
		t.Errorf("%d steps, over the limit %d", log.Steps, limit)
	}
	logged, omitted := int64(0), int64(-1)
	for _, e := range log.Events {
		switch e.Kind {
		case EventInterest, EventLost:
		case EventEvalEnd:
			omitted = e.Omitted
		default:
			logged++
		}
	}
	c := log.Tally
	all := c.Move.Runs + c.Invest.Runs + c.Collect.Runs + c.Shoot.Runs + c.Relocate.Runs + c.Ownerless
	if logged > MaxEventsPerEval || omitted < 0 || logged+omitted != all {
		t.Errorf("%d events logged, %d omitted, %d tallied: want at most %d logged and the rest omitted", logged, omitted, all, MaxEventsPerEval)
	}
}
