package upbeat

import (
	"testing"
	"time"
)

// run plays a scenario and returns every step's result; it fails the test on an error.
func run(t *testing.T, sc Scenario) []StepResult {
	t.Helper()
	var out []StepResult
	err := PlayScenario(NewLanguage(), sc, func(r StepResult) error {
		out = append(out, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// duel is a 2-player scenario on a 6x6 territory: player 1 at (3,3) running plan with
// budget, player 2 at (5,5) running done; regions are added; one turn of player 1.
func duel(plan string, budget int64, regions ...ScenarioRegion) Scenario {
	return Scenario{
		Config: "m=6\nn=6",
		Players: []ScenarioPlayer{
			{Budget: &budget, Center: &Region{3, 3}, Plan: plan},
			{Center: &Region{5, 5}},
		},
		Regions: regions,
		Steps:   []ScenarioStep{{Turn: 1}},
	}
}

// one plays duel and returns its only step.
func one(t *testing.T, plan string, budget int64, regions ...ScenarioRegion) StepResult {
	t.Helper()
	return run(t, duel(plan, budget, regions...))[0]
}

// region finds r in a result: owner and deposit (0, 0 if not listed).
func region(res StepResult, r Region) (int, float64) {
	for _, x := range res.Regions {
		if x.At == r {
			return x.Owner, x.Deposit
		}
	}
	return 0, 0
}

func ptr[T any](v T) *T { return &v }

// seconds is s seconds as a duration.
func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
