package game

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/interp"
)

// Scenario is a position a player describes to test strategies offline (kombat try):
// minions where they like, budgets, variables, and steps to play. Every field but
// Minions is optional. Minions are numbered from 1 in list order, spawned ones after
// them: the numbers run steps take and events carry.
type Scenario struct {
	// Game is "kombat" or left out: kombat try plays a scenario as the game it names.
	Game    string            `json:"game"`
	Config  *string           `json:"config"`  // a configuration file's text; default the spec's sample
	Seed    *uint64           `json:"seed"`    // default 1
	Turn    int               `json:"turn"`    // the turn number both players are in, 1 to max_turns; default 1
	Players []ScenarioPlayer  `json:"players"` // player 1 then player 2
	Minions *[]ScenarioMinion `json:"minions"` // oldest first; at least one
	Steps   []ScenarioStep    `json:"steps"`   // default one {"run": 1}
}

// ScenarioPlayer overrides a player's state.
type ScenarioPlayer struct {
	Budget     *float64         `json:"budget"`      // 0 to max_budget; default init_budget
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
	Run    *int           `json:"run,omitempty"`    // evaluate minion n (from 1, as events number it) once, no income
	Turn   *int           `json:"turn,omitempty"`   // play player p's whole turn, ending the game as EndTurn does
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

// MinionState is a minion's state after a step; minion n is the nth of the list
// (input order, spawned ones last).
type MinionState struct {
	Owner  int              `json:"owner"`
	At     Hex              `json:"at"`
	HP     int64            `json:"hp"`
	Alive  bool             `json:"alive"`
	Locals map[string]int64 `json:"locals"`
}

// ScenarioError is a malformed scenario, or one of its strategies that does not
// compile: what is wrong, and where in the scenario.
type ScenarioError struct {
	// Path leads to the value at fault through object keys and 0-based list indexes,
	// as in "minions", 1, "owner"; it is empty when the fault is the whole scenario.
	Path []any
	// Key means the fault is Path's last key itself (a variable's name), not its value.
	Key bool
	// Msg says what is wrong in the scenario's words, naming the minion, player or step
	// (each counted from 1).
	Msg string
	// Compile holds the diagnostics of a strategy that does not compile.
	Compile *interp.Error
}

// Error says what is wrong; for a strategy, with the compiler's first error.
func (e *ScenarioError) Error() string {
	if e.Compile != nil {
		return e.Msg + ": " + e.Compile.Error()
	}
	return e.Msg
}

// Unwrap gives the compiler's error, so that errors.As finds the *interp.Error.
func (e *ScenarioError) Unwrap() error {
	if e.Compile == nil {
		return nil
	}
	return e.Compile
}

// IsScenarioError reports whether err is a malformed scenario (rather than a strategy
// that does not compile).
func IsScenarioError(err error) bool {
	var se *ScenarioError
	return errors.As(err, &se) && se.Compile == nil
}

func badScenario(path []any, format string, args ...any) error {
	return &ScenarioError{Path: path, Msg: fmt.Sprintf(format, args...)}
}

// at builds a ScenarioError path.
func keyPath(keys ...any) []any { return keys }

// compileStrategy compiles one of the scenario's strategies; whose says whose it is,
// for the message.
func compileStrategy(lang *interp.Language, name, text, whose string, path []any) (*interp.Program, error) {
	prog, err := interp.Compile(lang, name, text)
	if err == nil {
		return prog, nil
	}
	var cerr *interp.Error
	if !errors.As(err, &cerr) {
		return nil, fmt.Errorf("%s: %w", whose, err)
	}
	return nil, &ScenarioError{Path: path, Msg: whose + " does not compile", Compile: cerr}
}

// scenarioRun is a game built from a scenario, with its minions in input order.
type scenarioRun struct {
	g        *Game
	lang     *interp.Language
	reserved map[string]bool    // names no variable may have (reservedWords)
	minions  []*minion          // minion n is minions[n-1]; its id is n too
	extra    []map[string]int64 // given locals the minion's strategy does not use, kept as given
	// slots finds a shared variable's place in the players' globals. Game.globalSlot
	// searches its list of names, which is fine for five kinds but quadratic for the
	// tens of thousands of names a scenario file may give.
	slots map[string]int
	// left is the steps left in each player's current turn for run steps: evaluations
	// within one turn share TurnStepLimit, as a turn's minions do in a game, so a file
	// of run steps cannot take longer than the turns it stands in.
	left [2]int64
}

// PlayScenario plays a scenario and hands each step's result to emit as soon as it is
// computed, so that a long scenario never holds more than one step's result. The whole
// scenario is checked first: a malformed one gives a *ScenarioError, and a strategy
// that does not compile a *ScenarioError wrapping its *interp.Error, before emit is
// ever called. An error from emit stops the play and is returned.
func PlayScenario(lang *interp.Language, sc Scenario, emit func(StepResult) error) error {
	r, err := buildScenario(lang, sc)
	if err != nil {
		return err
	}
	steps := sc.Steps
	if steps == nil {
		one := 1
		steps = []ScenarioStep{{Run: &one}}
	}
	spawns, err := r.checkSteps(steps)
	if err != nil {
		return err
	}
	for i, st := range steps {
		if err := emit(r.step(st, spawns[i])); err != nil {
			return err
		}
	}
	return nil
}

// RunScenario plays a scenario and returns the state after each step, with
// PlayScenario's errors. It keeps every result: for long scenarios use PlayScenario.
func RunScenario(lang *interp.Language, sc Scenario) ([]StepResult, error) {
	var out []StepResult
	err := PlayScenario(lang, sc, func(res StepResult) error {
		out = append(out, res)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func buildScenario(lang *interp.Language, sc Scenario) (*scenarioRun, error) {
	if sc.Game != "" && sc.Game != "kombat" {
		return nil, badScenario(keyPath("game"), `"game" is %q: this is KOMBAT's scenario reader ("kombat"); kombat try plays an UPBEAT scenario when its "game" is "upbeat"`, sc.Game)
	}
	cfg := DefaultConfig()
	if sc.Config != nil {
		c, err := ParseConfig(*sc.Config)
		if err != nil {
			return nil, badScenario(keyPath("config"), "config: %s", strings.ReplaceAll(err.Error(), "\n", "; "))
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
	if turn < 1 || int64(turn) > cfg.MaxTurns {
		return nil, badScenario(keyPath("turn"), "turn must be from 1 to max_turns (%d), got %d", cfg.MaxTurns, sc.Turn)
	}
	if sc.Minions == nil {
		return nil, badScenario(nil, `a scenario needs "minions": a list of {"owner", "at", "strategy", ...}`)
	}
	if len(*sc.Minions) == 0 {
		return nil, badScenario(keyPath("minions"), `"minions" is empty: a scenario needs at least one minion to run`)
	}
	if len(sc.Players) > 2 {
		return nil, badScenario(keyPath("players", 2), "players lists %d players; there are 2", len(sc.Players))
	}
	g, err := New(lang, Setup{Config: cfg, Seed: seed, Mode: ModeDuel, Kinds: []KindSpec{{Name: "none", Strategy: "done"}}})
	if err != nil {
		return nil, err
	}
	g.kinds, g.globalNames = nil, nil
	g.phase = PhasePlay
	r := &scenarioRun{g: g, lang: lang, reserved: reservedWords(lang), slots: map[string]int{}, left: [2]int64{TurnStepLimit, TurnStepLimit}}
	owned := [2]int64{}
	for i, sm := range *sc.Minions {
		if err := r.addListed(i, sm, cfg); err != nil {
			return nil, err
		}
		owned[sm.Owner-1]++
	}
	for p := 1; p <= 2; p++ {
		pl := g.player(p)
		pl.turns = turn
		pl.spawnsUsed = owned[p-1]
		if p <= len(sc.Players) {
			if err := r.setPlayer(p, sc.Players[p-1], cfg); err != nil {
				return nil, err
			}
		}
	}
	if both := g.players[0].spawnable & g.players[1].spawnable; both != 0 {
		last := 0
		if len(sc.Players) == 2 && sc.Players[1].Spawnable != nil {
			last = 1
		}
		return nil, badScenario(keyPath("players", last, "spawnable"), "spawnable hexes %v belong to both players", both.list())
	}
	return r, nil
}

// addListed places minion i+1 of the list.
func (r *scenarioRun) addListed(i int, sm ScenarioMinion, cfg Config) error {
	g, n := r.g, i+1
	field := func(key string) []any { return keyPath("minions", i, key) }
	if sm.Owner != 1 && sm.Owner != 2 {
		return badScenario(field("owner"), "minion %d: owner must be 1 or 2, got %d", n, sm.Owner)
	}
	if !sm.At.OnBoard() {
		return badScenario(field("at"), "minion %d: %v is off the board (rows and columns 1 to 8)", n, sm.At)
	}
	if o := g.at(sm.At); o != nil {
		return badScenario(field("at"), "minion %d: %v already holds minion %d", n, sm.At, o.id)
	}
	if sm.Defense < 0 {
		return badScenario(field("defense"), "minion %d: defense must be 0 or more, got %d", n, sm.Defense)
	}
	hp := cfg.InitHP
	if sm.HP != nil {
		hp = *sm.HP
	}
	if hp < 1 {
		return badScenario(field("hp"), "minion %d: hp must be at least 1, got %d", n, hp)
	}
	name := fmt.Sprintf("minion %d", n)
	prog, err := compileStrategy(r.lang, name, sm.Strategy, name+"'s strategy", field("strategy"))
	if err != nil {
		return err
	}
	if err := r.checkNames(sm.Locals, false, field("locals"), name); err != nil {
		return err
	}
	k := r.addKind(KindSpec{Name: name, Defense: sm.Defense, Strategy: sm.Strategy}, prog)
	m := g.addMinion(sm.Owner, k, sm.At)
	m.hp = hp
	slot := make(map[string]int, len(prog.Locals()))
	for j, v := range prog.Locals() {
		slot[v] = j
	}
	extra := map[string]int64{}
	for v, val := range sm.Locals {
		if j, ok := slot[v]; ok {
			m.locals[j] = val
		} else {
			extra[v] = val
		}
	}
	r.minions = append(r.minions, m)
	r.extra = append(r.extra, extra)
	return nil
}

// setPlayer applies the scenario's overrides of player p.
func (r *scenarioRun) setPlayer(p int, sp ScenarioPlayer, cfg Config) error {
	pl := r.g.player(p)
	field := func(keys ...any) []any { return append(keyPath("players", p-1), keys...) }
	if sp.Budget != nil {
		if b := *sp.Budget; !(b >= 0 && b <= float64(cfg.MaxBudget)) { // NaN fails too
			return badScenario(field("budget"), "player %d: budget must be from 0 to max_budget (%d), got %v", p, cfg.MaxBudget, b)
		}
		pl.budget = *sp.Budget
	}
	if sp.SpawnsUsed != nil {
		if *sp.SpawnsUsed < 0 {
			return badScenario(field("spawns_used"), "player %d: spawns_used must be 0 or more, got %d", p, *sp.SpawnsUsed)
		}
		pl.spawnsUsed = *sp.SpawnsUsed
	}
	if sp.Spawnable != nil {
		pl.spawnable = 0
		for j, h := range *sp.Spawnable {
			if !h.OnBoard() {
				return badScenario(field("spawnable", j), "player %d: spawnable hex %v is off the board", p, h)
			}
			pl.spawnable.add(h)
		}
	}
	if err := r.checkNames(sp.Globals, true, field("globals"), fmt.Sprintf("player %d", p)); err != nil {
		return err
	}
	for name, v := range sp.Globals {
		pl.globals[r.globalSlot(name)] = v
	}
	return nil
}

// checkNames checks the names of given variables: each must be a variable a strategy
// could write, local (lowercase first letter) or shared (uppercase) as the list is
// (R20). Of several bad names it reports the first in sorted order, so that the
// message does not depend on map order.
func (r *scenarioRun) checkNames(vars map[string]int64, shared bool, path []any, whose string) error {
	bad, why := "", ""
	for name := range vars {
		if w := r.nameProblem(name, shared); w != "" && (why == "" || name < bad) {
			bad, why = name, w
		}
	}
	if why == "" {
		return nil
	}
	return &ScenarioError{Path: append(path, bad), Key: true, Msg: fmt.Sprintf("%s: %s: %s", whose, path[len(path)-1], why)}
}

// nameProblem says what is wrong with a given variable name, or "" if nothing is.
func (r *scenarioRun) nameProblem(name string, shared bool) string {
	if name == "" {
		return "a variable needs a name, found an empty one"
	}
	for i, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return fmt.Sprintf("%q is not a variable name: a letter, then letters and digits", name)
		}
	}
	if r.reserved[name] {
		return fmt.Sprintf("%q is a word of the language or a read-only special, not a variable", name)
	}
	switch upper := interp.UpperShared(name); {
	case shared && !upper:
		return fmt.Sprintf("%q starts with a lowercase letter, so it is a minion's own: give it in that minion's \"locals\"", name)
	case !shared && upper:
		return fmt.Sprintf("%q starts with an uppercase letter, so it is shared: give it in the player's \"globals\"", name)
	}
	return ""
}

// reservedWords lists the names no strategy can use as a variable: the grammar's
// keywords and the language's words and read-only specials.
func reservedWords(lang *interp.Language) map[string]bool {
	def := lang.Definition()
	set := map[string]bool{"if": true, "then": true, "else": true, "while": true, "done": true}
	for _, list := range [][]string{def.Directions, def.Specials} {
		for _, w := range list {
			set[w] = true
		}
	}
	for _, w := range append(def.Commands, def.Infos...) {
		set[w.Name] = true
	}
	return set
}

// addKind is Game.addKind for a compiled program, with r.slots for the shared
// variables.
func (r *scenarioRun) addKind(ks KindSpec, prog *interp.Program) int {
	k := kind{KindSpec: ks, prog: prog, globals: make([]int, len(prog.Globals()))}
	for j, name := range prog.Globals() {
		k.globals[j] = r.globalSlot(name)
	}
	r.g.kinds = append(r.g.kinds, k)
	return len(r.g.kinds) - 1
}

// globalSlot is Game.globalSlot through r.slots.
func (r *scenarioRun) globalSlot(name string) int {
	i, ok := r.slots[name]
	if !ok {
		g := r.g
		i = len(g.globalNames)
		r.slots[name] = i
		g.globalNames = append(g.globalNames, name)
		g.players[0].globals = append(g.players[0].globals, 0)
		g.players[1].globals = append(g.players[1].globals, 0)
	}
	return i
}

// checkSteps checks every step before the first one runs, so that a long scenario
// never stops half printed, and compiles the spawns' strategies: spawns[i] is step
// i+1's.
func (r *scenarioRun) checkSteps(steps []ScenarioStep) ([]*interp.Program, error) {
	spawns := make([]*interp.Program, len(steps))
	most := len(r.minions) // minions there can be by this step, if every spawn succeeds
	for i, st := range steps {
		n := i + 1
		field := func(keys ...any) []any { return append(keyPath("steps", i), keys...) }
		kinds := 0
		for _, set := range []bool{st.Run != nil, st.Turn != nil, st.Finish} {
			if set {
				kinds++
			}
		}
		if kinds != 1 {
			return nil, badScenario(field(), `step %d: give exactly one of "run", "turn" and "finish"`, n)
		}
		if (st.Buy != nil || st.Spawn != nil) && st.Turn == nil {
			return nil, badScenario(field(), `step %d: "buy" and "spawn" go with "turn"`, n)
		}
		switch {
		case st.Run != nil:
			if m := *st.Run; m < 1 || m > most {
				msg := fmt.Sprintf("step %d: there is no minion %d: minions are numbered from 1 in list order, and the scenario lists %d", n, m, len(r.minions))
				if spawned := most - len(r.minions); spawned > 0 {
					msg += fmt.Sprintf(" and spawns at most %d before this step, numbered after them", spawned)
				}
				return nil, badScenario(field("run"), "%s", msg)
			}
		case st.Turn != nil:
			if p := *st.Turn; p != 1 && p != 2 {
				return nil, badScenario(field("turn"), "step %d: turn %d: players are 1 and 2", n, p)
			}
			if sp := st.Spawn; sp != nil {
				if sp.Defense < 0 {
					return nil, badScenario(field("spawn", "defense"), "step %d: spawn: defense must be 0 or more, got %d", n, sp.Defense)
				}
				prog, err := compileStrategy(r.lang, fmt.Sprintf("step %d spawn", n), sp.Strategy, fmt.Sprintf("step %d: the spawn's strategy", n), field("spawn", "strategy"))
				if err != nil {
					return nil, err
				}
				spawns[i] = prog
				most++
			}
		}
	}
	return spawns, nil
}

// step plays one checked step and reports the state after it; spawn is the compiled
// strategy of a turn step's spawn.
func (r *scenarioRun) step(st ScenarioStep, spawn *interp.Program) StepResult {
	g := r.g
	res := StepResult{Step: st, Refused: []string{}, Events: []Event{}}
	switch {
	case st.Turn != nil: // refused by the engine once the game is over
		r.turn(*st.Turn, st, spawn, &res)
	case g.phase == PhaseOver:
		res.Refused = append(res.Refused, refuse(ErrGameOver, "the game is over").Error())
	case st.Run != nil:
		r.run(*st.Run, &res)
	case st.Finish:
		g.finish(g.turnLimitResult())
	}
	r.report(&res)
	return res
}

// run evaluates minion n once within its owner's current turn.
func (r *scenarioRun) run(n int, res *StepResult) {
	g := r.g
	if n > len(r.minions) {
		res.Refused = append(res.Refused, fmt.Sprintf("minion %d was never spawned", n))
		return
	}
	m := r.minions[n-1]
	if m.dead {
		res.Refused = append(res.Refused, fmt.Sprintf("minion %d is dead", n))
		return
	}
	g.current = m.owner
	g.turn = TurnLog{Player: m.owner, Turn: g.player(m.owner).turns}
	r.left[m.owner-1] -= g.runMinion(m, r.left[m.owner-1])
	res.Events = g.turn.Events
	for _, e := range res.Events {
		if e.Type == EvEval {
			res.End, res.StepsUsed = e.End, &e.Steps
		}
	}
}

// turn plays player p's whole turn through the engine, as a game plays one: beginTurn
// starts it (income, interest and cap; the one thing a scenario does that a game does
// not is to name the player), the optional purchase and spawn go through Buy and Spawn,
// and closeTurn, the path EndTurn takes, runs the minions and ends the game by
// elimination (R24) or at the turn limit (R25). The rules' refusals (the game is over,
// all the player's turns are played) are the engine's. The other player's turn begins
// with its own turn step, if any.
func (r *scenarioRun) turn(p int, st ScenarioStep, spawn *interp.Program, res *StepResult) {
	g := r.g
	defer func() { g.decisions = g.decisions[:0] }() // a scenario is not recorded; its decisions would only pile up
	// A scenario counts the turn a player is in, run steps' turn; a game counts the
	// turns started, to which beginTurn adds this one.
	pl := g.player(p)
	pl.turns--
	if err := g.beginTurn(p); err != nil {
		pl.turns++
		res.Refused = append(res.Refused, err.Error())
		return
	}
	if st.Buy != nil {
		if err := g.Buy(p, *st.Buy); err != nil {
			res.Refused = append(res.Refused, "buy: "+err.Error())
		}
	}
	if sp := st.Spawn; sp != nil {
		k := r.addKind(KindSpec{Name: fmt.Sprintf("minion %d", len(r.minions)+1), Defense: sp.Defense, Strategy: sp.Strategy}, spawn)
		if err := g.Spawn(p, k, sp.At); err != nil {
			res.Refused = append(res.Refused, "spawn: "+err.Error())
		} else {
			r.minions = append(r.minions, g.minions[len(g.minions)-1])
			r.extra = append(r.extra, nil)
		}
	}
	done, err := g.closeTurn(p)
	if err != nil {
		res.Refused = append(res.Refused, err.Error())
		return
	}
	res.Events = done.Events
	if g.phase != PhaseOver {
		pl.turns++ // the player is now in its next turn
		r.left[p-1] = TurnStepLimit
	}
}

func (r *scenarioRun) report(res *StepResult) {
	g := r.g
	for p := 1; p <= 2; p++ {
		pl := g.player(p)
		st := ScenarioState{Budget: pl.budget, Turn: pl.turns, SpawnsLeft: g.setup.Config.MaxSpawns - pl.spawnsUsed,
			Spawnable: pl.spawnable.list(), Globals: make(map[string]int64, len(g.globalNames))}
		if st.Spawnable == nil {
			st.Spawnable = []Hex{}
		}
		for j, n := range g.globalNames {
			st.Globals[n] = pl.globals[j]
		}
		res.Players = append(res.Players, st)
	}
	for i, m := range r.minions {
		ms := MinionState{Owner: m.owner, At: m.hex, HP: m.hp, Alive: !m.dead, Locals: make(map[string]int64, len(r.extra[i])+len(m.locals))}
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

// TryScenario builds a scenario and evaluates one minion once with tracing on, for a
// player trying a strategy: the events (the minion's EvEval event carries the trace)
// and the position after, to draw. i indexes sc.Minions from 0, as Go does; the events
// number that minion i+1. Errors are PlayScenario's.
func TryScenario(lang *interp.Language, sc Scenario, i int) (TurnLog, Snapshot, error) {
	r, err := buildScenario(lang, sc)
	if err != nil {
		return TurnLog{}, Snapshot{}, err
	}
	if i < 0 || i >= len(r.minions) {
		return TurnLog{}, Snapshot{}, badScenario(nil, "there is no minion %d: the scenario lists %d", i+1, len(r.minions))
	}
	r.g.SetTracing(true)
	res := StepResult{Refused: []string{}}
	r.run(i+1, &res)
	return r.g.turn, r.g.Snapshot(), nil
}
