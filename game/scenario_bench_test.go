package game

import "testing"

// BenchmarkScenarioTurns plays try's turn steps: 200 turns of two players with two
// minions each, through the engine.
func BenchmarkScenarioTurns(b *testing.B) {
	cfg := "max_turns=100"
	ms := []ScenarioMinion{
		{Owner: 1, At: Hex{1, 1}, Strategy: "move downright  shoot down 1"},
		{Owner: 1, At: Hex{2, 1}, Strategy: "x = x + 1"},
		{Owner: 2, At: Hex{8, 8}, Strategy: "move upleft  shoot up 1"},
		{Owner: 2, At: Hex{7, 8}, Strategy: "y = y + 1"},
	}
	var steps []ScenarioStep
	for i := range 200 {
		p := i%2 + 1
		steps = append(steps, ScenarioStep{Turn: &p})
	}
	sc := Scenario{Config: &cfg, Minions: &ms, Steps: steps}
	lang := NewLanguage()
	b.ReportAllocs()
	for b.Loop() {
		if err := PlayScenario(lang, sc, func(StepResult) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}
