package kombathost

import (
	"github.com/kombat-game/kombat/host"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

// TryPosition is a sample position a strategy can be tried in.
type TryPosition struct{ Name, Desc string }

// TryPositions are the sample positions of /kombat try: your minion (blue, at 5,4)
// with others placed so the interesting parts of a strategy run.
func TryPositions() []TryPosition {
	return []TryPosition{
		{Name: "near", Desc: "an enemy two hexes up, another further off, an ally beside you"},
		{Name: "adjacent", Desc: "enemies right next to you on three sides"},
		{Name: "alone", Desc: "no enemy anywhere in sight"},
	}
}

// tryScenario builds the scenario of a sample position around the tried strategy.
func tryScenario(position, strategy string, defense int64) game.Scenario {
	me := game.Hex{Row: 5, Col: 4}
	idle := "done"
	ms := []game.ScenarioMinion{{Owner: 1, At: me, Defense: defense, Strategy: strategy}}
	add := func(owner, row, col int) {
		ms = append(ms, game.ScenarioMinion{Owner: owner, At: game.Hex{Row: row, Col: col}, Strategy: idle})
	}
	switch position {
	case "adjacent":
		add(2, 4, 4)
		add(2, 5, 5)
		add(2, 6, 3)
	case "alone":
		add(2, 1, 8)
		// No enemy in any of the six rays from (5,4): (1,8) is off them all.
	default:
		add(2, 3, 4)
		add(2, 1, 7)
		add(1, 6, 3)
	}
	budget := 1000.0
	return game.Scenario{Minions: &ms, Players: []game.ScenarioPlayer{{Budget: &budget}, {}}}
}

// Tried is a strategy run once in a sample position: where, what it did, and the
// board after.
type Tried struct {
	Position TryPosition
	Log      game.TurnLog
	Snap     game.Snapshot
	Eval     game.Event // how the evaluation ended, with its trace
	Acts     []string   // its moves and shots, one "=> ..." line each
}

// Try runs strategy text (code fences are fine) once in the sample position named
// position (the first when unknown), for a minion of the given defense. A strategy
// that does not compile gives CheckStrategy's error.
func Try(lang *interp.Language, name, text string, defense int64, position string) (Tried, error) {
	code, _ := interp.Extract(text, "kombat")
	if _, err := host.CheckStrategy(lang, name, code); err != nil {
		return Tried{}, err
	}
	out := Tried{Position: TryPositions()[0]}
	for _, p := range TryPositions() {
		if p.Name == position {
			out.Position = p
		}
	}
	var err error
	out.Log, out.Snap, err = game.TryScenario(lang, tryScenario(out.Position.Name, code, defense), 0)
	if err != nil {
		return Tried{}, err
	}
	for _, e := range out.Log.Events {
		switch e.Type {
		case game.EvEval:
			out.Eval = e
		case game.EvMove, game.EvShoot:
			out.Acts = append(out.Acts, "=> "+e.String())
		}
	}
	return out, nil
}

// Trace is the run's trace followed by its moves and shots.
func (t Tried) Trace() string { return t.Eval.Trace + strings.Join(t.Acts, "\n") }
