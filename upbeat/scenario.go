package upbeat

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/kombat-game/kombat/interp"
)

// Scenario is a position and steps to play from it, as `kombat try --game upbeat` reads
// it (the README's UPBEAT section). Every field but Players is optional.
type Scenario struct {
	Game    string           `json:"game"`   // "upbeat"
	Config  string           `json:"config"` // a configuration file's text (U23)
	Seed    uint64           `json:"seed"`   // draws the centers not given and random
	Players []ScenarioPlayer `json:"players"`
	Regions []ScenarioRegion `json:"regions"`
	Steps   []ScenarioStep   `json:"steps"`
}

// ScenarioPlayer is one seat of a scenario, numbered from 1 in order.
type ScenarioPlayer struct {
	Budget *int64           `json:"budget"` // default init_budget
	Center *Region          `json:"center"` // default drawn as U3
	Turn   int64            `json:"turn"`   // the number of the player's next turn; default 1
	Plan   string           `json:"plan"`   // default "done"
	Vars   map[string]int64 `json:"vars"`   // the plan's variables
	Clock  *float64         `json:"clock"`  // revision seconds left (U25); default the configured total
}

// ScenarioRegion sets one region: its owner (0 for none) and deposit.
type ScenarioRegion struct {
	At      Region  `json:"at"`
	Owner   int     `json:"owner"`
	Deposit float64 `json:"deposit"`
}

// ScenarioStep is one step: a turn of a player (with a revision first), or the end.
type ScenarioStep struct {
	Turn    int     `json:"turn"`    // the player whose turn is played whole
	Revise  *string `json:"revise"`  // a revision applied first (U20)
	Elapsed float64 `json:"elapsed"` // seconds spent before the revision (U25)
	Finish  bool    `json:"finish"`  // end the game as at the turn limit (U22)
}

// StepResult is the state after one step.
type StepResult struct {
	Step      int           `json:"step"` // 1-based
	Refused   []string      `json:"refused"`
	Events    []Event       `json:"events"`
	Players   []PlayerState `json:"players"`
	Regions   []RegionState `json:"regions"`
	Crew      *Region       `json:"crew"`
	End       string        `json:"end,omitempty"`
	StepsUsed int64         `json:"steps_used"`
	Winner    any           `json:"winner"` // a player number, "tie" or null
	Log       *TurnLog      `json:"-"`      // the turn played, if any
}

// PlayerState is a player in a StepResult.
type PlayerState struct {
	Budget int64            `json:"budget"`
	Turn   int64            `json:"turn"`
	Center Region           `json:"center"`
	Alive  bool             `json:"alive"`
	Vars   map[string]int64 `json:"vars"`
}

// RegionState is a region that is owned or holds a deposit.
type RegionState struct {
	At      Region  `json:"at"`
	Owner   int     `json:"owner"`
	Deposit float64 `json:"deposit"`
}

// ScenarioError is a scenario that cannot be played: where and why, and the
// diagnostics when a plan does not compile.
type ScenarioError struct {
	Path    string        // e.g. "players[1].center"
	Msg     string        // lower case
	Compile *interp.Error // a plan that does not compile, if that is the problem
}

// Error is "PATH: MSG".
func (e *ScenarioError) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

// PlayScenario sets up sc's position and plays its steps, calling out with each step's
// result as soon as it is played; out's error stops the play and is returned. A
// scenario that cannot be set up is a *ScenarioError or ConfigErrors.
func PlayScenario(lang *interp.Language, sc Scenario, out func(StepResult) error) error {
	if sc.Game != "" && sc.Game != "upbeat" {
		return &ScenarioError{Path: "game", Msg: fmt.Sprintf("this is UPBEAT's scenario reader, not %q's", sc.Game)}
	}
	cfg, err := ParseConfig(sc.Config)
	if err != nil {
		return err
	}
	n := len(sc.Players)
	if err := cfg.Check(n); err != nil {
		return &ScenarioError{Path: "players", Msg: err.Error()}
	}
	g := newEmpty(lang, Setup{Config: cfg, Seed: sc.Seed, Players: n})
	terr := g.terr
	taken := make([]bool, terr.Size())
	for i, r := range sc.Regions {
		path := fmt.Sprintf("regions[%d]", i)
		switch {
		case !terr.Has(r.At):
			return &ScenarioError{Path: path + ".at", Msg: fmt.Sprintf("%v is off the %dx%d territory", r.At, terr.Rows, terr.Cols)}
		case r.Owner < 0 || r.Owner > n:
			return &ScenarioError{Path: path + ".owner", Msg: fmt.Sprintf("owner %d: players are numbered 1 to %d, 0 for none", r.Owner, n)}
		case math.IsNaN(r.Deposit) || r.Deposit < 0 || r.Deposit > float64(cfg.MaxDep):
			return &ScenarioError{Path: path + ".deposit", Msg: fmt.Sprintf("deposit %v is outside 0 to max_dep (%d)", r.Deposit, cfg.MaxDep)}
		case r.Owner != 0 && r.Deposit < 1:
			return &ScenarioError{Path: path + ".deposit", Msg: fmt.Sprintf("an owned region holds at least 1 (U4), got %v", r.Deposit)}
		case taken[terr.index(r.At)]:
			return &ScenarioError{Path: path + ".at", Msg: fmt.Sprintf("%v is listed twice", r.At)}
		}
		i := terr.index(r.At)
		taken[i] = true
		g.owner[i], g.dep[i] = uint8(r.Owner), r.Deposit
	}
	centers := make([]bool, terr.Size())
	for i, sp := range sc.Players {
		path := fmt.Sprintf("players[%d]", i)
		pl := &g.players[i]
		pl.budget, pl.turn, pl.alive, pl.clock = cfg.InitBudget, 1, true, cfg.RevisionClock()
		if sp.Budget != nil {
			if *sp.Budget < 0 {
				return &ScenarioError{Path: path + ".budget", Msg: fmt.Sprintf("a budget is at least 0, got %d", *sp.Budget)}
			}
			pl.budget = *sp.Budget
		}
		if sp.Turn != 0 {
			if sp.Turn < 1 {
				return &ScenarioError{Path: path + ".turn", Msg: fmt.Sprintf("turns are numbered from 1, got %d", sp.Turn)}
			}
			pl.turn = sp.Turn
		}
		if sp.Clock != nil {
			if *sp.Clock < 0 || math.IsNaN(*sp.Clock) {
				return &ScenarioError{Path: path + ".clock", Msg: fmt.Sprintf("clock is seconds left, at least 0, got %v", *sp.Clock)}
			}
			pl.clock = time.Duration(*sp.Clock * float64(time.Second))
			pl.spent = pl.clock <= 0
		}
		var at int
		if sp.Center != nil {
			if !terr.Has(*sp.Center) {
				return &ScenarioError{Path: path + ".center", Msg: fmt.Sprintf("%v is off the %dx%d territory", *sp.Center, terr.Rows, terr.Cols)}
			}
			at = terr.index(*sp.Center)
		} else {
			at = -1
			free := 0
			for j := range centers {
				if !centers[j] && g.owner[j] == 0 {
					free++
				}
			}
			if free == 0 {
				return &ScenarioError{Path: path, Msg: "no free region left for a city center"}
			}
			k := g.rng.IntN(free)
			for j := range centers {
				if !centers[j] && g.owner[j] == 0 {
					if k == 0 {
						at = j
						break
					}
					k--
				}
			}
		}
		if centers[at] {
			return &ScenarioError{Path: path + ".center", Msg: fmt.Sprintf("%v is another player's city center", terr.at(at))}
		}
		centers[at] = true
		pl.center = terr.at(at)
		switch {
		case !taken[at]:
			g.owner[at], g.dep[at] = uint8(i+1), float64(cfg.InitCenterDep)
			taken[at] = true
		case int(g.owner[at]) != i+1:
			return &ScenarioError{Path: path + ".center", Msg: fmt.Sprintf("%v is listed in regions with owner %d, not player %d", terr.at(at), g.owner[at], i+1)}
		}
		if err := g.setPlan(i+1, sp.Plan); err != nil {
			var ie *interp.Error
			if errors.As(err, &ie) {
				return &ScenarioError{Path: path + ".plan", Msg: fmt.Sprintf("player %d's plan does not compile", i+1), Compile: ie}
			}
			return &ScenarioError{Path: path + ".plan", Msg: err.Error()}
		}
		for j, name := range pl.prog.Locals() {
			if v, ok := sp.Vars[name]; ok {
				pl.locals[j] = v
			}
		}
		for name, v := range sp.Vars {
			if !containsName(pl.prog.Locals(), name) {
				if pl.saved == nil {
					pl.saved = map[string]int64{}
				}
				pl.saved[name] = v
			}
		}
	}
	for i, st := range sc.Steps {
		res, err := g.scenarioStep(i, st)
		if err != nil {
			return err
		}
		if err := out(res); err != nil {
			return err
		}
	}
	return nil
}

func containsName(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// scenarioStep plays step i.
func (g *Game) scenarioStep(i int, st ScenarioStep) (StepResult, error) {
	res := StepResult{Step: i + 1, Refused: []string{}, Events: []Event{}}
	path := fmt.Sprintf("steps[%d]", i)
	switch {
	case st.Finish && (st.Turn != 0 || st.Revise != nil):
		return res, &ScenarioError{Path: path, Msg: "a step either plays a turn or finishes the game"}
	case !st.Finish && (st.Turn < 1 || st.Turn > len(g.players)):
		return res, &ScenarioError{Path: path + ".turn", Msg: fmt.Sprintf("turn names a player from 1 to %d, got %d", len(g.players), st.Turn)}
	case st.Elapsed < 0 || math.IsNaN(st.Elapsed):
		return res, &ScenarioError{Path: path + ".elapsed", Msg: fmt.Sprintf("elapsed is seconds, at least 0, got %v", st.Elapsed)}
	}
	switch {
	case g.over:
		res.Refused = append(res.Refused, "the game is over")
	case st.Finish:
		g.Finish()
	case !g.players[st.Turn-1].alive:
		res.Refused = append(res.Refused, fmt.Sprintf("player %d is out of the game", st.Turn))
	default:
		p := st.Turn
		g.cur = p
		log := TurnLog{Player: p, Turn: g.players[p-1].turn}
		log.Events = g.interest(p, log.Events)
		if st.Revise != nil {
			if err := g.revise(p, *st.Revise, time.Duration(st.Elapsed*float64(time.Second))); err != nil {
				res.Refused = append(res.Refused, "revision refused: "+refusal(err))
			}
		}
		g.run(p, &log)
		g.players[p-1].turn++
		if !g.over {
			g.cur = 0
		}
		res.Events, res.End, res.StepsUsed = log.Events, log.End, log.Steps
		crew := log.Crew
		res.Crew = &crew
		res.Log = &log
	}
	for p := range g.players {
		pl := &g.players[p]
		res.Players = append(res.Players, PlayerState{Budget: pl.budget, Turn: pl.turn, Center: pl.center, Alive: pl.alive, Vars: g.Vars(p + 1)})
	}
	res.Regions = []RegionState{}
	for i, o := range g.owner {
		if o != 0 || g.dep[i] > 0 {
			res.Regions = append(res.Regions, RegionState{At: g.terr.at(i), Owner: int(o), Deposit: g.dep[i]})
		}
	}
	if g.over {
		if g.winner == 0 {
			res.Winner = "tie"
		} else {
			res.Winner = g.winner
		}
	}
	return res, nil
}

// refusal words a refused revision for a player.
func refusal(err error) string {
	var ie *interp.Error
	if errors.As(err, &ie) {
		return "the plan does not compile: " + ie.Error()
	}
	return err.Error()
}
