package upbeat

import "testing"

// BenchmarkScenarioTurns plays try's turn steps: 200 turns of two players, each step a
// turn through the engine, every fourth with a revision.
func BenchmarkScenarioTurns(b *testing.B) {
	sc := Scenario{Config: "m=10\nn=10\nmax_turns=100", Seed: 1,
		Players: []ScenarioPlayer{{Plan: "invest 1\nmove up\ncollect 1"}, {Plan: "move down\ninvest 2"}}}
	plans := []string{"invest 1\nmove up\ncollect 1", "move downleft\ninvest 3"}
	for i := range 200 {
		st := ScenarioStep{Turn: i%2 + 1}
		if i%4 == 0 {
			st.Revise = &plans[i/4%2]
		}
		sc.Steps = append(sc.Steps, st)
	}
	lang := NewLanguage()
	b.ReportAllocs()
	for b.Loop() {
		if err := PlayScenario(lang, sc, func(StepResult) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}
