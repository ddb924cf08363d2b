package game

import (
	"encoding/json"
	"strings"
	"testing"
)

// try runs a scenario given as JSON and fails the test on any error.
func try(t *testing.T, js string) []StepResult {
	t.Helper()
	var sc Scenario
	dec := json.NewDecoder(strings.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		t.Fatalf("scenario JSON: %v", err)
	}
	out, err := RunScenario(NewLanguage(), sc)
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	return out
}

// local reads a minion's local variable after a step.
func local(t *testing.T, st StepResult, minion int, name string) int64 {
	t.Helper()
	v, ok := st.Minions[minion].Locals[name]
	if !ok {
		t.Fatalf("minion %d has no local %q: %v", minion, name, st.Minions[minion].Locals)
	}
	return v
}

func eventsOf(st StepResult, typ EventType) []Event {
	var out []Event
	for _, e := range st.Events {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// TestScenarioExample runs the example of issue 3 and checks its documented values.
func TestScenarioExample(t *testing.T) {
	out := try(t, `{
	  "config": "max_budget=23456\ninterest_pct=5",
	  "seed": 7,
	  "turn": 3,
	  "players": [ {"budget": 1000.5, "globals": {"Target": 2}}, {"budget": 800} ],
	  "minions": [
	    {"owner": 1, "at": [4,4], "hp": 100, "defense": 10, "strategy": "x = opponent", "locals": {"t": 2}},
	    {"owner": 2, "at": [3,6], "hp": 40,  "defense": 0,  "strategy": "done"}
	  ],
	  "steps": [ {"run": 0}, {"turn": 2}, {"run": 0}, {"finish": true} ]
	}`)
	if len(out) != 4 {
		t.Fatalf("%d step results, want 4", len(out))
	}
	first := out[0]
	if first.End != EndOfProgram || first.StepsUsed == nil || *first.StepsUsed != 2 {
		t.Errorf("run 0: end %q, steps %v; want end after 2 steps (the assignment and opponent)", first.End, first.StepsUsed)
	}
	if local(t, first, 0, "x") != 22 || local(t, first, 0, "t") != 2 {
		t.Errorf("locals %v, want x=22 (distance 2, upright) and t=2 kept", first.Minions[0].Locals)
	}
	if g := first.Players[0].Globals["Target"]; g != 2 || first.Players[0].Budget != 1000.5 || first.Players[0].Turn != 3 {
		t.Errorf("player 1 after run: %+v", first.Players[0])
	}
	if sl := first.Players[0].SpawnsLeft; sl != 46 {
		t.Errorf("spawns left %d, want 46 (47 minus the one listed minion)", sl)
	}
	turn := out[1]
	if turn.Players[1].Turn != 4 || len(eventsOf(turn, EvIncome)) != 1 || len(eventsOf(turn, EvEval)) != 1 {
		t.Errorf("turn step: player 2 at turn %d, events %v", turn.Players[1].Turn, turn.Events)
	}
	// Player 2's turn 3: income 90 then interest on 890 at 5 * log10(890) * ln(3).
	if inc := eventsOf(turn, EvInterest); len(inc) != 1 || !near(inc[0].Rate, 5*log10(890)*ln(3)) {
		t.Errorf("interest events %v", inc)
	}
	if out[3].Winner != 1 { // one minion each; HP 100 against 40
		t.Errorf("finish: winner %v, want 1 (more HP)", out[3].Winner)
	}
}

func TestScenarioErrors(t *testing.T) {
	tests := []struct {
		js   string
		want string
	}{
		{`{}`, `a scenario needs "minions"`},
		{`{"minions": [{"owner": 3, "at": [1,1], "strategy": "done"}]}`, "minions[0]: owner must be 1 or 2, got 3"},
		{`{"minions": [{"owner": 1, "at": [9,1], "strategy": "done"}]}`, "minions[0]: at (9,1) is off the board"},
		{`{"minions": [{"owner": 1, "at": [1,1], "strategy": "done"}, {"owner": 2, "at": [1,1], "strategy": "done"}]}`, "minions[1]: (1,1) already holds minions[0]"},
		{`{"minions": [{"owner": 1, "at": [1,1], "hp": 0, "strategy": "done"}]}`, "minions[0]: hp must be at least 1, got 0"},
		{`{"minions": [{"owner": 1, "at": [1,1], "strategy": "move right"}]}`, "minions[0]: minion 0:1:6: expected a direction after 'move', found name 'right'"},
		{`{"minions": [{"owner": 1, "at": [1,1], "strategy": "done", "locals": {"Big": 1}}]}`, `"Big" starts with an uppercase letter`},
		{`{"config": "max_turns=0", "minions": []}`, "config: line 1: max_turns must be from 1 to 1000, got 0"},
		{`{"minions": [], "steps": [{"run": 0}]}`, "steps[0]: run 0: there are minions 0 to -1"},
		{`{"minions": [], "steps": [{"run": 0, "finish": true}]}`, `steps[0]: give exactly one of "run", "turn" and "finish"`},
		{`{"minions": [], "steps": [{"finish": true, "buy": [1,1]}]}`, `steps[0]: "buy" and "spawn" go with "turn"`},
		{`{"minions": [], "players": [{"spawnable": [[4,4]]}, {"spawnable": [[4,4]]}]}`, "spawnable hexes [(4,4)] belong to both players"},
		{`{"minions": [], "turn": -1}`, "turn must be at least 1, got -1"},
	}
	for _, tc := range tests {
		var sc Scenario
		if err := json.Unmarshal([]byte(tc.js), &sc); err != nil {
			t.Fatalf("%s: %v", tc.js, err)
		}
		_, err := RunScenario(NewLanguage(), sc)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %q", tc.js, err, tc.want)
		}
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// TestTryScenario: trying a strategy evaluates the chosen minion once with its trace,
// and the snapshot shows what it did (R16: a move to an empty hex).
func TestTryScenario(t *testing.T) {
	sc := Scenario{Minions: &[]ScenarioMinion{
		{Owner: 1, At: Hex{Row: 4, Col: 4}, Strategy: "x = opponent\nmove down"},
		{Owner: 2, At: Hex{Row: 1, Col: 8}, Strategy: "done"},
	}}
	log, snap, err := TryScenario(NewLanguage(), sc, 0)
	must(t, err)
	eval := log.Events[len(log.Events)-1]
	if eval.Type != EvEval || !strings.Contains(eval.Trace, "1:1    x =") || !strings.Contains(eval.Trace, "move down") {
		t.Fatalf("no trace of the run: %+v", eval)
	}
	moved := false
	for _, m := range snap.Minions {
		moved = moved || m.Owner == 1 && m.Hex == (Hex{Row: 5, Col: 4})
	}
	if !moved {
		t.Errorf("the snapshot does not show the move: %+v", snap.Minions)
	}
	if _, _, err := TryScenario(NewLanguage(), sc, 5); !IsScenarioError(err) {
		t.Errorf("minion 5 of 2: %v", err)
	}
}
