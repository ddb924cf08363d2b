package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/kombat-game/kombat/interp"
)

// Scenario is a position a player describes to test strategies offline (kombat try):
// minions where they like, budgets, variables, and steps to play. Every field but
// Minions is optional.
type Scenario struct {
	Config  *string           `json:"config"`  // a configuration file's text; default the spec's sample
	Seed    *uint64           `json:"seed"`    // default 1
	Turn    int               `json:"turn"`    // the turn number both players are in; default 1
	Players []ScenarioPlayer  `json:"players"` // player 1 then player 2
	Minions *[]ScenarioMinion `json:"minions"` // oldest first
	Steps   []ScenarioStep    `json:"steps"`   // default one {"run": 0}
}

// ScenarioPlayer overrides a player's state.
type ScenarioPlayer struct {
	Budget     *float64         `json:"budget"`      // default init_budget
	Globals    map[string]int64 `json:"globals"`     // shared variables
	SpawnsUsed *int64           `json:"spawns_used"` // default: how many listed minions it owns
	Spawnable  *[]Hex           `json:"spawnable"`   // default: the start area (R4)
}

// ScenarioMinion places a minion with its own strategy.
type ScenarioMinion struct {
	Owner    int              `json:"owner"`
	At       Hex              `json:"at"`
	HP       *int64           `json:"hp"` // default init_hp
	Defense  int64            `json:"defense"`
	Strategy string           `json:"strategy"`
	Locals   map[string]int64 `json:"locals"`
}

// ScenarioStep is one step: run one minion, play one player's turn, or finish.
type ScenarioStep struct {
	Run    *int           `json:"run,omitempty"`    // evaluate minion i (0-based, input order) once, no income
	Turn   *int           `json:"turn,omitempty"`   // play player p's whole turn
	Buy    *Hex           `json:"buy,omitempty"`    // with turn: buy this hex
	Spawn  *ScenarioSpawn `json:"spawn,omitempty"`  // with turn: spawn this minion
	Finish bool           `json:"finish,omitempty"` // end the game as at the turn limit
}

// ScenarioSpawn is a minion spawned during a turn step.
type ScenarioSpawn struct {
	Strategy string `json:"strategy"`
	Defense  int64  `json:"defense"`
	At       Hex    `json:"at"`
}

// StepResult is the state after one step.
type StepResult struct {
	Step      ScenarioStep    `json:"step"`
	End       string          `json:"end,omitempty"`        // run steps: how the evaluation ended
	StepsUsed *int64          `json:"steps_used,omitempty"` // run steps: steps the evaluation took
	Refused   []string        `json:"refused"`
	Events    []Event         `json:"events"`
	Players   []ScenarioState `json:"players"`
	Minions   []MinionState   `json:"minions"`
	Winner    any             `json:"winner"` // 1, 2, "tie", or null while the game goes on
}

// ScenarioState is a player's state after a step.
type ScenarioState struct {
	Budget     float64          `json:"budget"`
	Turn       int              `json:"turn"`
	SpawnsLeft int64            `json:"spawns_left"`
	Spawnable  []Hex            `json:"spawnable"`
	Globals    map[string]int64 `json:"globals"`
}

// MinionState is a minion's state after a step, in input order (spawned ones last).
type MinionState struct {
	Owner  int              `json:"owner"`
	At     Hex              `json:"at"`
	HP     int64            `json:"hp"`
	Alive  bool             `json:"alive"`
	Locals map[string]int64 `json:"locals"`
}

// ScenarioError is a malformed scenario: what is wrong and where.
type ScenarioError struct{ Msg string }

func (e *ScenarioError) Error() string { return e.Msg }

func badScenario(format string, args ...any) error {
	return &ScenarioError{Msg: fmt.Sprintf(format, args...)}
}

// scenarioRun is a game built from a scenario, with its minions in input order.
type scenarioRun struct {
	g       *Game
	minions []*minion
	extra   []map[string]int64 // given locals the minion's strategy does not use, kept as given
}

// RunScenario plays a scenario and returns the state after each step. A malformed
// scenario gives a *ScenarioError; a strategy that does not compile gives an error
// wrapping its *interp.Error.
func RunScenario(lang *interp.Language, sc Scenario) ([]StepResult, error) {
	r, err := buildScenario(lang, sc)
	if err != nil {
		return nil, err
	}
	steps := sc.Steps
	if steps == nil {
		zero := 0
		steps = []ScenarioStep{{Run: &zero}}
	}
	var out []StepResult
	for i, st := range steps {
		res, err := r.step(i, st)
		if err != nil {
			return nil, err
		}
		out = append(out, res)
	}
	return out, nil
}

func buildScenario(lang *interp.Language, sc Scenario) (*scenarioRun, error) {
	cfg := DefaultConfig()
	if sc.Config != nil {
		c, err := ParseConfig(*sc.Config)
		if err != nil {
			return nil, badScenario("config: %v", err)
		}
		cfg = c
	}
	seed := uint64(1)
	if sc.Seed != nil {
		seed = *sc.Seed
	}
	turn := sc.Turn
	if turn == 0 {
		turn = 1
	}
	if turn < 1 {
		return nil, badScenario("turn must be at least 1, got %d", sc.Turn)
	}
	if sc.Minions == nil {
		return nil, badScenario(`a scenario needs "minions": a list of {"owner", "at", "strategy", ...}`)
	}
	if len(sc.Players) > 2 {
		return nil, badScenario("players lists %d players; there are 2", len(sc.Players))
	}
	g, err := New(lang, Setup{Config: cfg, Seed: seed, Mode: ModeDuel, Kinds: []KindSpec{{Name: "none", Strategy: "done"}}})
	if err != nil {
		return nil, err
	}
	g.kinds, g.globalNames = nil, nil
	g.phase = PhasePlay
	r := &scenarioRun{g: g}
	owned := [2]int64{}
	for i, sm := range *sc.Minions {
		where := fmt.Sprintf("minions[%d]", i)
		if sm.Owner != 1 && sm.Owner != 2 {
			return nil, badScenario("%s: owner must be 1 or 2, got %d", where, sm.Owner)
		}
		if !sm.At.OnBoard() {
			return nil, badScenario("%s: at %v is off the board (rows and columns 1 to 8)", where, sm.At)
		}
		if o := g.at(sm.At); o != nil {
			return nil, badScenario("%s: %v already holds minions[%d]", where, sm.At, slices.Index(r.minions, o))
		}
		if sm.Defense < 0 {
			return nil, badScenario("%s: defense must be 0 or more, got %d", where, sm.Defense)
		}
		hp := cfg.InitHP
		if sm.HP != nil {
			hp = *sm.HP
		}
		if hp < 1 {
			return nil, badScenario("%s: hp must be at least 1, got %d", where, hp)
		}
		k, err := g.addKind(KindSpec{Name: fmt.Sprintf("minion %d", i), Defense: sm.Defense, Strategy: sm.Strategy})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		m := g.addMinion(sm.Owner, k, sm.At)
		m.hp = hp
		extra := map[string]int64{}
		for name, v := range sm.Locals {
			if !isLocalName(name) {
				return nil, badScenario("%s: locals: %q starts with an uppercase letter, so it is shared: give it in players[].globals", where, name)
			}
			if j := slices.Index(g.kinds[k].prog.Locals(), name); j >= 0 {
				m.locals[j] = v
			} else {
				extra[name] = v
			}
		}
		owned[sm.Owner-1]++
		r.minions = append(r.minions, m)
		r.extra = append(r.extra, extra)
	}
	for p := 1; p <= 2; p++ {
		pl := g.player(p)
		pl.turns = turn
		pl.spawnsUsed = owned[p-1]
		if p > len(sc.Players) {
			continue
		}
		sp := sc.Players[p-1]
		where := fmt.Sprintf("players[%d]", p-1)
		if sp.Budget != nil {
			if *sp.Budget < 0 || *sp.Budget != *sp.Budget {
				return nil, badScenario("%s: budget must be 0 or more, got %v", where, *sp.Budget)
			}
			pl.budget = *sp.Budget
		}
		if sp.SpawnsUsed != nil {
			if *sp.SpawnsUsed < 0 {
				return nil, badScenario("%s: spawns_used must be 0 or more, got %d", where, *sp.SpawnsUsed)
			}
			pl.spawnsUsed = *sp.SpawnsUsed
		}
		if sp.Spawnable != nil {
			pl.spawnable = 0
			for _, h := range *sp.Spawnable {
				if !h.OnBoard() {
					return nil, badScenario("%s: spawnable hex %v is off the board", where, h)
				}
				pl.spawnable.add(h)
			}
		}
		for name, v := range sp.Globals {
			if isLocalName(name) {
				return nil, badScenario("%s: globals: %q starts with a lowercase letter, so it is a minion's own: give it in minions[].locals", where, name)
			}
			pl.globals[g.globalSlot(name)] = v
		}
	}
	if both := g.players[0].spawnable & g.players[1].spawnable; both != 0 {
		return nil, badScenario("spawnable hexes %v belong to both players", both.list())
	}
	return r, nil
}

// step plays one step and reports the state after it.
func (r *scenarioRun) step(i int, st ScenarioStep) (StepResult, error) {
	g := r.g
	res := StepResult{Step: st, Refused: []string{}, Events: []Event{}}
	where := fmt.Sprintf("steps[%d]", i)
	kinds := 0
	for _, set := range []bool{st.Run != nil, st.Turn != nil, st.Finish} {
		if set {
			kinds++
		}
	}
	if kinds != 1 {
		return res, badScenario(`%s: give exactly one of "run", "turn" and "finish"`, where)
	}
	if (st.Buy != nil || st.Spawn != nil) && st.Turn == nil {
		return res, badScenario(`%s: "buy" and "spawn" go with "turn"`, where)
	}
	switch {
	case g.phase == PhaseOver:
		res.Refused = append(res.Refused, "the game is over")
	case st.Run != nil:
		if err := r.run(*st.Run, where, &res); err != nil {
			return res, err
		}
	case st.Turn != nil:
		if err := r.turn(*st.Turn, st, where, &res); err != nil {
			return res, err
		}
	case st.Finish:
		g.finish(g.turnLimitResult())
	}
	r.report(&res)
	return res, nil
}

func (r *scenarioRun) run(i int, where string, res *StepResult) error {
	g := r.g
	if i < 0 || i >= len(r.minions) {
		return badScenario("%s: run %d: there are minions 0 to %d", where, i, len(r.minions)-1)
	}
	m := r.minions[i]
	if m.dead {
		res.Refused = append(res.Refused, fmt.Sprintf("minion %d is dead", i))
		return nil
	}
	g.current = m.owner
	g.turn = TurnLog{Player: m.owner, Turn: g.player(m.owner).turns}
	g.runMinion(m, TurnStepLimit)
	res.Events = g.turn.Events
	eval := res.Events[len(res.Events)-1]
	res.End, res.StepsUsed = eval.End, &eval.Steps
	return nil
}

func (r *scenarioRun) turn(p int, st ScenarioStep, where string, res *StepResult) error {
	g := r.g
	if p != 1 && p != 2 {
		return badScenario("%s: turn %d: players are 1 and 2", where, p)
	}
	g.current = p
	pl := g.player(p)
	pl.turns-- // startTurn counts the current number back in; it goes up after the turn
	g.startTurn()
	if st.Buy != nil {
		if err := g.Buy(p, *st.Buy); err != nil {
			res.Refused = append(res.Refused, "buy: "+err.Error())
		}
	}
	if sp := st.Spawn; sp != nil {
		if sp.Defense < 0 {
			return badScenario("%s: spawn: defense must be 0 or more, got %d", where, sp.Defense)
		}
		k, err := g.addKind(KindSpec{Name: fmt.Sprintf("minion %d", len(r.minions)), Defense: sp.Defense, Strategy: sp.Strategy})
		if err != nil {
			return fmt.Errorf("%s: spawn: %w", where, err)
		}
		if err := g.Spawn(p, k, sp.At); err != nil {
			res.Refused = append(res.Refused, "spawn: "+err.Error())
		} else {
			r.minions = append(r.minions, g.minions[len(g.minions)-1])
			r.extra = append(r.extra, nil)
		}
	}
	g.runMinions(p)
	pl.turns++
	res.Events = g.turn.Events
	return nil
}

func (r *scenarioRun) report(res *StepResult) {
	g := r.g
	for p := 1; p <= 2; p++ {
		pl := g.player(p)
		st := ScenarioState{Budget: pl.budget, Turn: pl.turns, SpawnsLeft: g.setup.Config.MaxSpawns - pl.spawnsUsed,
			Spawnable: pl.spawnable.list(), Globals: map[string]int64{}}
		if st.Spawnable == nil {
			st.Spawnable = []Hex{}
		}
		for j, n := range g.globalNames {
			st.Globals[n] = pl.globals[j]
		}
		res.Players = append(res.Players, st)
	}
	for i, m := range r.minions {
		ms := MinionState{Owner: m.owner, At: m.hex, HP: m.hp, Alive: !m.dead, Locals: map[string]int64{}}
		for n, v := range r.extra[i] {
			ms.Locals[n] = v
		}
		for j, n := range g.kinds[m.kind].prog.Locals() {
			ms.Locals[n] = m.locals[j]
		}
		res.Minions = append(res.Minions, ms)
	}
	if g.result != nil {
		if g.result.Winner == 0 {
			res.Winner = "tie"
		} else {
			res.Winner = g.result.Winner
		}
	}
}

// IsScenarioError reports whether err is a malformed scenario (rather than a strategy
// that does not compile).
func IsScenarioError(err error) bool {
	var se *ScenarioError
	return errors.As(err, &se)
}

// isLocalName reports whether a variable name is a minion's own (R20): it must be a
// valid name starting with a lowercase letter.
func isLocalName(name string) bool {
	return name != "" && !interp.UpperShared(name)
}

// TryScenario builds a scenario and evaluates its minion i once with tracing on, for a
// player trying a strategy: the events (the minion's EvEval event carries the trace)
// and the position after, to draw. Errors are RunScenario's.
func TryScenario(lang *interp.Language, sc Scenario, i int) (TurnLog, Snapshot, error) {
	r, err := buildScenario(lang, sc)
	if err != nil {
		return TurnLog{}, Snapshot{}, err
	}
	r.g.SetTracing(true)
	res := StepResult{Refused: []string{}}
	if err := r.run(i, "try", &res); err != nil {
		return TurnLog{}, Snapshot{}, err
	}
	return r.g.turn, r.g.Snapshot(), nil
}
