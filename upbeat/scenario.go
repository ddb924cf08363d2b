package upbeat

import (
	"errors"
	"fmt"
	"slices"
	"strings"
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
	Tally     *Tally        `json:"tally,omitempty"` // a turn's commands, every one, logged or not
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

// ScenarioError is a scenario that cannot be played, or one of its plans that does
// not compile: what is wrong, and where in the scenario (as KOMBAT's
// game.ScenarioError, so that `kombat try` gives its line and column).
type ScenarioError struct {
	// Path leads to the value at fault through object keys and 0-based list indexes,
	// as in "players", 1, "center"; it is empty when the fault is the whole scenario.
	Path []any
	// Key means the fault is Path's last key itself (a variable's name), not its value.
	Key bool
	// Msg says what is wrong in the scenario's words, naming the player, region or step
	// (each counted from 1).
	Msg string
	// Compile holds the diagnostics of a plan that does not compile.
	Compile *interp.Error
}

// Error says what is wrong; for a plan, with the compiler's first error (Compile
// holds them all).
func (e *ScenarioError) Error() string {
	if e.Compile == nil {
		return e.Msg
	}
	return e.Msg + ": " + e.Compile.Error()
}

// badScenario is a ScenarioError about the value at path.
func badScenario(path []any, format string, args ...any) error {
	return &ScenarioError{Path: path, Msg: fmt.Sprintf(format, args...)}
}

// Bounds of a scenario, past those of its configuration: each keeps what one step
// prints, and so what `kombat try` holds, to a size a plan could need.
const (
	// MaxScenarioVars bounds the variables given to one player: more than a plan of
	// interp.MaxSourceBytes can name (about 4,900 names of one to three characters).
	MaxScenarioVars = 5000
	// MaxScenarioSeconds bounds a player's clock and a step's elapsed, in seconds: the
	// longest revision clock a configuration can set (plan_rev_min=1440,
	// plan_rev_sec=59). Larger values would overflow the clock's nanoseconds.
	MaxScenarioSeconds = MaxMinutes*60 + 59
)

// PlayScenario sets up sc's position and plays its steps, calling out with each step's
// result as soon as it is played, so that a long scenario never holds more than one
// step's result; out's error stops the play and is returned. The whole scenario is
// checked first, steps included: a malformed one is a *ScenarioError (for a plan that
// does not compile, with its diagnostics in Compile) before out is ever called.
func PlayScenario(lang *interp.Language, sc Scenario, out func(StepResult) error) error {
	g, err := buildScenario(lang, sc)
	if err != nil {
		return err
	}
	for i, st := range sc.Steps {
		if err := g.checkStep(i, st); err != nil {
			return err
		}
	}
	for i, st := range sc.Steps {
		if err := out(g.scenarioStep(i, st)); err != nil {
			return err
		}
	}
	return nil
}

// buildScenario makes the game sc describes, before any step.
func buildScenario(lang *interp.Language, sc Scenario) (*Game, error) {
	if sc.Game != "" && sc.Game != "upbeat" {
		return nil, badScenario(path("game"), `"game" is %q: this is UPBEAT's scenario reader ("upbeat"); KOMBAT's scenarios run without --game upbeat`, sc.Game)
	}
	cfg, err := ParseConfig(sc.Config)
	if err != nil {
		return nil, badScenario(path("config"), "config: %s", strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	n := len(sc.Players)
	if err := cfg.Check(n); err != nil {
		return nil, badScenario(path("players"), `"players" lists %d: %s`, n, strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	g := newEmpty(lang, Setup{Config: cfg, Seed: sc.Seed, Players: n})
	taken := make([]bool, g.terr.Size())
	for i, r := range sc.Regions {
		if err := g.setRegion(i, r, taken); err != nil {
			return nil, err
		}
	}
	centers := make([]bool, g.terr.Size())
	for i, sp := range sc.Players {
		if err := g.setPlayer(i, sp, taken, centers); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// path builds a ScenarioError's path.
func path(keys ...any) []any { return keys }

// setRegion applies region i of the scenario's list; taken marks the regions listed.
func (g *Game) setRegion(i int, r ScenarioRegion, taken []bool) error {
	terr, n, maxDep := g.terr, len(g.players), g.cfg.MaxDep
	field := func(key string) []any { return path("regions", i, key) }
	switch {
	case !terr.Has(r.At):
		return badScenario(field("at"), "region %d: %v is off the %dx%d territory (rows 1 to %d, columns 1 to %d)", i+1, r.At, terr.Rows, terr.Cols, terr.Rows, terr.Cols)
	case r.Owner < 0 || r.Owner > n:
		return badScenario(field("owner"), "region %d: owner %d: players are numbered 1 to %d, 0 for none", i+1, r.Owner, n)
	case !(r.Deposit >= 0 && r.Deposit <= float64(maxDep)): // NaN fails too
		return badScenario(field("deposit"), "region %d: deposit %v is outside 0 to max_dep (%d)", i+1, r.Deposit, maxDep)
	case r.Owner != 0 && r.Deposit < 1:
		return badScenario(field("deposit"), "region %d: an owned region holds at least 1 (U4), got %v", i+1, r.Deposit)
	case taken[terr.index(r.At)]:
		return badScenario(field("at"), "region %d: %v is listed twice", i+1, r.At)
	}
	j := terr.index(r.At)
	taken[j] = true
	g.owner[j], g.dep[j] = uint8(r.Owner), r.Deposit
	return nil
}

// setPlayer sets up seat i+1 as the scenario gives it: budget, turn, clock, city
// center (drawn as U3 when not given), plan and variables.
func (g *Game) setPlayer(i int, sp ScenarioPlayer, taken, centers []bool) error {
	cfg, terr, p := g.cfg, g.terr, i+1
	field := func(key string) []any { return path("players", i, key) }
	pl := &g.players[i]
	pl.budget, pl.turn, pl.alive, pl.clock = cfg.InitBudget, 1, true, cfg.RevisionClock()
	if sp.Budget != nil {
		if *sp.Budget < 0 {
			return badScenario(field("budget"), "player %d: a budget is at least 0, got %d", p, *sp.Budget)
		}
		pl.budget = *sp.Budget
	}
	if sp.Turn != 0 {
		// Bounded by max_turns, as KOMBAT's scenario turn: a turn past it is never
		// played, and a number near the largest int64 would wrap when counted on.
		if sp.Turn < 1 || sp.Turn > cfg.MaxTurns {
			return badScenario(field("turn"), "player %d: turn must be from 1 to max_turns (%d), got %d", p, cfg.MaxTurns, sp.Turn)
		}
		pl.turn = sp.Turn
	}
	if sp.Clock != nil {
		if c := *sp.Clock; !(c >= 0 && c <= MaxScenarioSeconds) {
			return badScenario(field("clock"), "player %d: clock is the revision seconds left, from 0 to %d, got %v", p, MaxScenarioSeconds, c)
		}
		pl.clock = time.Duration(*sp.Clock * float64(time.Second))
		pl.spent = pl.clock <= 0
	}
	at, err := g.scenarioCenter(i, sp.Center, centers)
	if err != nil {
		return err
	}
	centers[at] = true
	pl.center = terr.at(at)
	switch {
	case !taken[at]:
		g.owner[at], g.dep[at] = uint8(p), float64(cfg.InitCenterDep)
		taken[at] = true
	case int(g.owner[at]) != p:
		return badScenario(field("center"), "player %d: %v is listed in regions with owner %d, not player %d", p, terr.at(at), g.owner[at], p)
	}
	if err := g.setPlan(p, sp.Plan); err != nil {
		var ie *interp.Error
		if errors.As(err, &ie) {
			return &ScenarioError{Path: field("plan"), Msg: fmt.Sprintf("player %d's plan does not compile", p), Compile: ie}
		}
		return badScenario(field("plan"), "player %d's plan: %v", p, err)
	}
	return g.setVars(i, sp.Vars)
}

// scenarioCenter is the index of player i+1's city center: the one given, or one drawn
// as U3 among the regions neither listed nor drawn.
func (g *Game) scenarioCenter(i int, given *Region, centers []bool) (int, error) {
	terr := g.terr
	if given != nil {
		switch {
		case !terr.Has(*given):
			return 0, badScenario(path("players", i, "center"), "player %d: center %v is off the %dx%d territory", i+1, *given, terr.Rows, terr.Cols)
		case centers[terr.index(*given)]:
			return 0, badScenario(path("players", i, "center"), "player %d: %v is another player's city center", i+1, *given)
		}
		return terr.index(*given), nil
	}
	free := 0
	for j := range centers {
		if !centers[j] && g.owner[j] == 0 {
			free++
		}
	}
	if free == 0 {
		return 0, badScenario(path("players", i), "player %d: no free region is left for a city center; give one with \"center\"", i+1)
	}
	k := g.rng.IntN(free)
	for j := range centers {
		if !centers[j] && g.owner[j] == 0 {
			if k == 0 {
				return j, nil
			}
			k--
		}
	}
	panic("unreachable: free counted a region the draw did not find")
}

// setVars gives player i+1's plan variables their values; names the plan does not use
// are kept as an earlier plan's (U20a). Of several bad names it reports the first in
// sorted order, so that the message does not depend on map order.
func (g *Game) setVars(i int, vars map[string]int64) error {
	p, pl := i+1, &g.players[i]
	if len(vars) > MaxScenarioVars {
		return badScenario(path("players", i, "vars"), "player %d: %d vars, more than the %d a player may be given (more than a plan can name)", p, len(vars), MaxScenarioVars)
	}
	names := make([]string, 0, len(vars))
	for name := range vars {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if why := g.nameProblem(name); why != "" {
			return &ScenarioError{Path: path("players", i, "vars", name), Key: true, Msg: fmt.Sprintf("player %d: vars: %s", p, why)}
		}
	}
	slot := make(map[string]int, len(pl.prog.Locals()))
	for j, name := range pl.prog.Locals() {
		slot[name] = j
	}
	for _, name := range names {
		if j, ok := slot[name]; ok {
			pl.locals[j] = vars[name]
			continue
		}
		if pl.saved == nil {
			pl.saved = map[string]int64{}
		}
		pl.saved[name] = vars[name]
	}
	return nil
}

// nameProblem says what is wrong with a given variable's name, or "" if nothing is: a
// plan could not assign it (U9: a letter, then letters and digits; not a word of the
// language nor a read-only special, whose assignment does nothing).
func (g *Game) nameProblem(name string) string {
	if name == "" {
		return "a variable needs a name, found an empty one"
	}
	if len(name) > interp.MaxSourceBytes {
		return fmt.Sprintf("a name of %d bytes is longer than a plan (%d bytes)", len(name), interp.MaxSourceBytes)
	}
	for k, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || k > 0 && c >= '0' && c <= '9') {
			return fmt.Sprintf("%q is not a variable name: a letter, then letters and digits", name)
		}
	}
	// Whether a plan assigning it makes a variable of that name: a keyword does not
	// compile, and a special's assignment makes none.
	prog, err := interp.Compile(g.lang, "name", name+" = 0")
	if err != nil || !slices.Contains(prog.Locals(), name) {
		return fmt.Sprintf("%q is a word of the language or a read-only special, not a variable", name)
	}
	return ""
}

// checkStep checks step i before any step runs, so that a long scenario never stops
// half printed.
func (g *Game) checkStep(i int, st ScenarioStep) error {
	n, field := i+1, func(keys ...any) []any { return append(path("steps", i), keys...) }
	switch {
	case st.Finish && (st.Turn != 0 || st.Revise != nil || st.Elapsed != 0), !st.Finish && st.Turn == 0:
		return badScenario(field(), `step %d: give either "turn" (with "revise" and "elapsed" if wanted) or "finish"`, n)
	case st.Finish:
		return nil
	case st.Turn < 1 || st.Turn > len(g.players):
		return badScenario(field("turn"), "step %d: turn names the player whose turn is played, from 1 to %d, got %d", n, len(g.players), st.Turn)
	case !(st.Elapsed >= 0 && st.Elapsed <= MaxScenarioSeconds):
		return badScenario(field("elapsed"), "step %d: elapsed is the seconds spent before the revision, from 0 to %d, got %v", n, MaxScenarioSeconds, st.Elapsed)
	}
	return nil
}

// scenarioStep plays checked step i through the engine, as a game plays a turn: seat
// opens the step's player's turn (the one thing a scenario does that a game does not:
// a game opens turns in seat order), then the turn is revised (Revise) and confirmed
// (confirm) on the path Confirm takes; finish is Stop. The rules' refusals (the game
// is over, the player is out, all its turns are played) are the engine's.
func (g *Game) scenarioStep(i int, st ScenarioStep) StepResult {
	res := StepResult{Step: i + 1, Refused: []string{}, Events: []Event{}}
	var err error
	if st.Finish {
		err = g.Stop()
	} else {
		err = g.scenarioTurn(st, &res)
	}
	if err != nil {
		res.Refused = append(res.Refused, strings.TrimPrefix(err.Error(), "upbeat: "))
	}
	g.actions = g.actions[:0] // a scenario is not recorded; its actions would only pile up
	g.state(&res)
	return res
}

// state sets res's players, regions and winner from the game as it is.
func (g *Game) state(res *StepResult) {
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
}

// scenarioTurn plays a turn step: elapsed is charged to the revision when there is one,
// else to the confirmation, as a game charges the time before each action (U20).
func (g *Game) scenarioTurn(st ScenarioStep, res *StepResult) error {
	p, elapsed := st.Turn, time.Duration(st.Elapsed*float64(time.Second))
	if err := g.seat(p); err != nil {
		return err
	}
	if st.Revise != nil {
		if err := g.Revise(p, *st.Revise, elapsed); err != nil {
			res.Refused = append(res.Refused, "revision refused: "+refusal(err))
		}
		elapsed = 0
	}
	log, _, err := g.confirm(p, elapsed)
	if err != nil {
		return err
	}
	res.Events, res.End, res.StepsUsed = log.Events, log.End, log.Steps
	crew := log.Crew
	res.Crew, res.Tally, res.Log = &crew, &log.Tally, &log
	return nil
}

// seat opens player p's turn out of seat order, as a scenario's step may, once the
// rules allow the turn (playable).
func (g *Game) seat(p int) error {
	if err := g.playable(p); err != nil {
		return err
	}
	g.open(p)
	return nil
}

// refusal words a refused revision for a player.
func refusal(err error) string {
	var ie *interp.Error
	if errors.As(err, &ie) {
		return "the plan does not compile: " + ie.Error()
	}
	return err.Error()
}
