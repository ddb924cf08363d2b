package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/interp"
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

// local reads a minion's local variable after a step; minion indexes the result's
// list from 0.
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
	  "steps": [ {"run": 1}, {"turn": 2}, {"run": 1}, {"finish": true} ]
	}`)
	if len(out) != 4 {
		t.Fatalf("%d step results, want 4", len(out))
	}
	first := out[0]
	if first.End != EndOfProgram || first.StepsUsed == nil || *first.StepsUsed != 2 {
		t.Errorf("run 1: end %q, steps %v; want end after 2 steps (the assignment and opponent)", first.End, first.StepsUsed)
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
	// Player 1's state is untouched by player 2's turn: no income before its own.
	if turn.Players[0].Budget != 1000.5 || turn.Players[0].Turn != 3 {
		t.Errorf("player 1 after player 2's turn: %+v", turn.Players[0])
	}
	if out[3].Winner != 1 { // one minion each; HP 100 against 40
		t.Errorf("finish: winner %v, want 1 (more HP)", out[3].Winner)
	}
}

func TestScenarioErrors(t *testing.T) {
	const one = `{"owner": 1, "at": [1,1], "strategy": "done"}`
	tests := []struct {
		js   string
		path []any
		key  bool
		want string
	}{
		{`{}`, nil, false, `a scenario needs "minions"`},
		{`{"minions": []}`, keyPath("minions"), false, `"minions" is empty: a scenario needs at least one minion to run`},
		{`{"minions": [{"owner": 3, "at": [1,1], "strategy": "done"}]}`, keyPath("minions", 0, "owner"), false, "minion 1: owner must be 1 or 2, got 3"},
		{`{"minions": [{"owner": 1, "at": [9,1], "strategy": "done"}]}`, keyPath("minions", 0, "at"), false, "minion 1: (9,1) is off the board"},
		{`{"minions": [` + one + `, {"owner": 2, "at": [1,1], "strategy": "done"}]}`, keyPath("minions", 1, "at"), false, "minion 2: (1,1) already holds minion 1"},
		{`{"minions": [{"owner": 1, "at": [1,1], "hp": 0, "strategy": "done"}]}`, keyPath("minions", 0, "hp"), false, "minion 1: hp must be at least 1, got 0"},
		{`{"minions": [{"owner": 1, "at": [1,1], "defense": -1, "strategy": "done"}]}`, keyPath("minions", 0, "defense"), false, "minion 1: defense must be 0 or more, got -1"},
		{`{"minions": [` + one + `, {"owner": 1, "at": [1,2], "strategy": "move right"}]}`, keyPath("minions", 1, "strategy"), false,
			"minion 2's strategy does not compile: minion 2:1:6: expected a direction after 'move', found name 'right'"},
		{`{"minions": [{"owner": 1, "at": [1,1], "strategy": "done", "locals": {"Big": 1}}]}`, keyPath("minions", 0, "locals", "Big"), true, `minion 1: locals: "Big" starts with an uppercase letter`},
		{`{"minions": [{"owner": 1, "at": [1,1], "strategy": "done", "locals": {"": 1, "ok": 2}}]}`, keyPath("minions", 0, "locals", ""), true, "minion 1: locals: a variable needs a name, found an empty one"},
		{`{"minions": [{"owner": 1, "at": [1,1], "strategy": "done", "locals": {"if": 1}}]}`, keyPath("minions", 0, "locals", "if"), true, `"if" is a word of the language`},
		{`{"minions": [{"owner": 1, "at": [1,1], "strategy": "done", "locals": {"x-y": 1}}]}`, keyPath("minions", 0, "locals", "x-y"), true, `"x-y" is not a variable name`},
		{`{"players": [{}, {"globals": {"t": 1}}], "minions": [` + one + `]}`, keyPath("players", 1, "globals", "t"), true, `player 2: globals: "t" starts with a lowercase letter`},
		{`{"players": [{"globals": {"": 1}}], "minions": [` + one + `]}`, keyPath("players", 0, "globals", ""), true, "player 1: globals: a variable needs a name"},
		{`{"players": [{"globals": {"Budget": 1}}], "minions": [` + one + `]}`, keyPath("players", 0, "globals", "Budget"), true, `"Budget" is a word of the language or a read-only special`},
		{`{"players": [{"budget": -1}], "minions": [` + one + `]}`, keyPath("players", 0, "budget"), false, "player 1: budget must be from 0 to max_budget (23456), got -1"},
		{`{"players": [{"budget": 30000}], "minions": [` + one + `]}`, keyPath("players", 0, "budget"), false, "player 1: budget must be from 0 to max_budget (23456), got 30000"},
		{`{"players": [{"spawns_used": -1}], "minions": [` + one + `]}`, keyPath("players", 0, "spawns_used"), false, "player 1: spawns_used must be 0 or more, got -1"},
		{`{"players": [{"spawnable": [[1,1], [0,3]]}], "minions": [` + one + `]}`, keyPath("players", 0, "spawnable", 1), false, "player 1: spawnable hex (0,3) is off the board"},
		{`{"players": [{"spawnable": [[4,4]]}, {"spawnable": [[4,4]]}], "minions": [` + one + `]}`, keyPath("players", 1, "spawnable"), false, "spawnable hexes [(4,4)] belong to both players"},
		{`{"players": [{}, {}, {}], "minions": [` + one + `]}`, keyPath("players", 2), false, "players lists 3 players; there are 2"},
		{`{"config": "max_turns=0", "minions": [` + one + `]}`, keyPath("config"), false, "config: line 1: max_turns must be from 1 to 1000, got 0"},
		{`{"minions": [` + one + `], "turn": -1}`, keyPath("turn"), false, "turn must be from 1 to max_turns (69), got -1"},
		{`{"config": "max_turns=5", "minions": [` + one + `], "turn": 6}`, keyPath("turn"), false, "turn must be from 1 to max_turns (5), got 6"},
		{`{"minions": [` + one + `], "steps": [{"run": 0}]}`, keyPath("steps", 0, "run"), false, "step 1: there is no minion 0: minions are numbered from 1 in list order, and the scenario lists 1"},
		{`{"minions": [` + one + `], "steps": [{"turn": 1, "spawn": {"strategy": "done", "at": [1,2]}}, {"run": 3}]}`, keyPath("steps", 1, "run"), false,
			"step 2: there is no minion 3: minions are numbered from 1 in list order, and the scenario lists 1 and spawns at most 1 before this step"},
		{`{"minions": [` + one + `], "steps": [{"finish": true}, {"run": 1, "finish": true}]}`, keyPath("steps", 1), false, `step 2: give exactly one of "run", "turn" and "finish"`},
		{`{"minions": [` + one + `], "steps": [{}]}`, keyPath("steps", 0), false, `step 1: give exactly one of "run", "turn" and "finish"`},
		{`{"minions": [` + one + `], "steps": [{"finish": true, "buy": [1,1]}]}`, keyPath("steps", 0), false, `step 1: "buy" and "spawn" go with "turn"`},
		{`{"minions": [` + one + `], "steps": [{"turn": 3}]}`, keyPath("steps", 0, "turn"), false, "step 1: turn 3: players are 1 and 2"},
		{`{"minions": [` + one + `], "steps": [{"turn": 1, "spawn": {"strategy": "done", "defense": -2, "at": [1,2]}}]}`, keyPath("steps", 0, "spawn", "defense"), false, "step 1: spawn: defense must be 0 or more, got -2"},
		{`{"minions": [` + one + `], "steps": [{"run": 1}, {"turn": 1, "spawn": {"strategy": "move x", "at": [1,2]}}]}`, keyPath("steps", 1, "spawn", "strategy"), false,
			"step 2: the spawn's strategy does not compile: step 2 spawn:1:6: expected a direction"},
	}
	for _, tc := range tests {
		var sc Scenario
		if err := json.Unmarshal([]byte(tc.js), &sc); err != nil {
			t.Fatalf("%s: %v", tc.js, err)
		}
		emitted := 0
		err := PlayScenario(NewLanguage(), sc, func(StepResult) error { emitted++; return nil })
		var se *ScenarioError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.want) || !reflect.DeepEqual(se.Path, tc.path) || se.Key != tc.key {
			t.Errorf("%s:\n got %v (%#v)\nwant %q at %v, key %v", tc.js, err, se, tc.want, tc.path, tc.key)
			continue
		}
		if emitted != 0 {
			t.Errorf("%s: %d steps played before the error", tc.js, emitted)
		}
		var cerr *interp.Error
		if compiles := strings.Contains(tc.want, "does not compile"); IsScenarioError(err) == compiles || errors.As(err, &cerr) != compiles {
			t.Errorf("%s: IsScenarioError %v, wraps an *interp.Error %v", tc.js, IsScenarioError(err), errors.As(err, &cerr))
		}
	}
}

// TestScenarioNumbering: steps and events number minions alike, from 1 in list order,
// spawned ones after the listed ones.
func TestScenarioNumbering(t *testing.T) {
	out := try(t, `{"minions": [
	    {"owner": 1, "at": [1,1], "strategy": "done"},
	    {"owner": 2, "at": [8,8], "strategy": "x = 1"}],
	  "steps": [{"run": 2}, {"turn": 1, "spawn": {"strategy": "y = 2", "at": [1,2]}}, {"run": 3}, {"run": 1}]}`)
	eval := func(st StepResult) Event {
		t.Helper()
		evs := eventsOf(st, EvEval)
		if len(evs) == 0 {
			t.Fatalf("no evaluation in %+v", st)
		}
		return evs[len(evs)-1]
	}
	if e := eval(out[0]); e.Minion != 2 || e.Kind != "minion 2" || local(t, out[0], 1, "x") != 1 {
		t.Errorf("run 2: event of minion %d (%s), locals %v", e.Minion, e.Kind, out[0].Minions[1].Locals)
	}
	if sp := eventsOf(out[1], EvSpawn); len(sp) != 1 || sp[0].Minion != 3 || sp[0].Kind != "minion 3" {
		t.Errorf("spawn events %+v, want minion 3", sp)
	}
	if e := eval(out[2]); e.Minion != 3 || local(t, out[2], 2, "y") != 2 {
		t.Errorf("run 3: event of minion %d, minions %+v", e.Minion, out[2].Minions)
	}
	if e := eval(out[3]); e.Minion != 1 || e.Kind != "minion 1" {
		t.Errorf("run 1: event of minion %d (%s)", e.Minion, e.Kind)
	}
	// A run of a minion whose spawn was refused (the hex is taken) is refused too.
	out = try(t, `{"minions": [{"owner": 1, "at": [1,1], "strategy": "done"}],
	  "steps": [{"turn": 1, "spawn": {"strategy": "done", "at": [1,1]}}, {"run": 2}]}`)
	if len(out[0].Refused) != 1 || !reflect.DeepEqual(out[1].Refused, []string{"minion 2 was never spawned"}) {
		t.Errorf("refused %q then %q", out[0].Refused, out[1].Refused)
	}
}

// TestScenarioPlaysLikeAGame: turn steps are a game's turns. A game played through
// FreeSpawn, Buy, Spawn and EndTurn and the scenario of the same position and decisions
// log the same events and end the same way, by elimination (R24) or at the turn limit
// (R25); steps after the end are refused.
func TestScenarioPlaysLikeAGame(t *testing.T) {
	// A walker steps in a random direction (so the games draw from the generator) and
	// shoots all around, so that the games see deaths, and some an elimination.
	walker := `shoot up 9  shoot upright 9  shoot downright 9  shoot down 9  shoot downleft 9  shoot upleft 9
	  r = random % 6
	  if (1 - r ^ 2) then move up else if (1 - (r - 1) ^ 2) then move upright else
	  if (1 - (r - 2) ^ 2) then move downright else if (1 - (r - 3) ^ 2) then move down else
	  if (1 - (r - 4) ^ 2) then move downleft else move upleft`
	kinds := append([]KindSpec{{Name: "walker", Strategy: walker}}, exampleKinds(t)...)
	ends := map[Reason]int{}
	for seed := uint64(1); seed <= 20; seed++ {
		cfgText := fmt.Sprintf("max_turns=40\ninit_hp=%d", 10+seed%3*10)
		cfg, err := ParseConfig(cfgText)
		must(t, err)
		g := newGame(t, Setup{Config: cfg, Seed: seed, Kinds: kinds})
		must(t, g.FreeSpawn(1, 0, Hex{2, 2}))
		must(t, g.FreeSpawn(2, 0, Hex{7, 7}))
		var logs []TurnLog
		var steps []ScenarioStep
		var states []StepResult
		for g.Phase() == PhasePlay {
			p := g.Current()
			st := ScenarioStep{Turn: &p}
			if opts := g.BuyOptions(p); len(logs)%4 == 0 && len(opts) > 0 && g.Buy(p, opts[0]) == nil {
				st.Buy = &opts[0]
			}
			k := (len(logs) + int(seed)) % len(kinds)
			if opts := g.SpawnOptions(p); seed%2 == 0 && len(logs)%3 == 0 && len(opts) > 0 && g.Spawn(p, k, opts[0]) == nil {
				st.Spawn = &ScenarioSpawn{Strategy: kinds[k].Strategy, Defense: kinds[k].Defense, At: opts[0]}
			}
			// The state after the turn, before the other player's begins as EndTurn
			// begins it (a scenario begins it with that player's turn step).
			c := g.clone(false)
			_, err := c.closeTurn(p)
			must(t, err)
			states = append(states, scenarioStateOf(c, p))
			log, err := g.EndTurn(p)
			must(t, err)
			logs = append(logs, log)
			steps = append(steps, st)
		}
		p := 1
		steps = append(steps, ScenarioStep{Turn: &p})
		ms := []ScenarioMinion{
			{Owner: 1, At: Hex{2, 2}, Strategy: walker},
			{Owner: 2, At: Hex{7, 7}, Strategy: walker},
		}
		out, err := RunScenario(NewLanguage(), Scenario{Config: &cfgText, Seed: &seed, Minions: &ms, Steps: steps})
		must(t, err)
		for i, log := range logs {
			if got, want := anonymous(out[i].Events), anonymous(log.Events); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d, turn step %d (player %d's turn %d):\nscenario %v\n    game %v", seed, i+1, log.Player, log.Turn, got, want)
			}
			if got, want := shown(out[i]), states[i]; !reflect.DeepEqual(got.Players, want.Players) || !reflect.DeepEqual(got.Minions, want.Minions) {
				t.Fatalf("seed %d, turn step %d (player %d's turn %d):\nscenario %+v %+v\n    game %+v %+v", seed, i+1, log.Player, log.Turn, got.Players, got.Minions, want.Players, want.Minions)
			}
			if i < len(logs)-1 && out[i].Winner != nil {
				t.Fatalf("seed %d: the scenario ended at step %d, the game after %d turns", seed, i+1, len(logs))
			}
		}
		r := g.Result()
		var want any = r.Winner
		if r.Winner == 0 {
			want = "tie"
		}
		if last := out[len(logs)-1]; last.Winner != want {
			t.Errorf("seed %d: scenario winner %v, game %v", seed, last.Winner, r)
		}
		if after := out[len(logs)]; !reflect.DeepEqual(after.Refused, []string{"the game is over"}) {
			t.Errorf("seed %d: the step after the end: %+v", seed, after)
		}
		ends[r.Reason]++
	}
	if ends[ReasonElimination] == 0 || len(ends) < 2 {
		t.Errorf("the games ended %v: the test wants both eliminations and turn limits", ends)
	}
}

// scenarioStateOf is the state a scenario's step prints, of game g after player p's turn (as
// shown keeps it). A scenario counts the turn a player is in, a game the turns
// started: but for the player whose turn ended the game, one more.
func scenarioStateOf(g *Game, p int) StepResult {
	var st StepResult
	r := &scenarioRun{g: g, minions: g.minions, extra: make([]map[string]int64, len(g.minions))}
	r.report(&st)
	for q := range st.Players {
		if g.phase != PhaseOver || q+1 != p {
			st.Players[q].Turn++
		}
	}
	return shown(st)
}

// shown keeps of a step's result the players (budget, turn, spawns left, spawnable
// hexes, and the shared variables not 0: a game knows its kinds' names, a scenario only
// its minions') and the minions alive (owner, hex, HP, variables), oldest first.
func shown(st StepResult) StepResult {
	out := StepResult{Players: slices.Clone(st.Players), Minions: []MinionState{}}
	for i := range out.Players {
		out.Players[i].Globals = maps.Clone(out.Players[i].Globals)
		maps.DeleteFunc(out.Players[i].Globals, func(_ string, v int64) bool { return v == 0 })
	}
	for _, m := range st.Minions {
		if m.Alive {
			out.Minions = append(out.Minions, m)
		}
	}
	return out
}

// anonymous drops the kind names, which differ between a game's kinds and a
// scenario's minions.
func anonymous(evs []Event) []Event {
	out := make([]Event, len(evs))
	for i, e := range evs {
		e.Kind = ""
		out[i] = e
	}
	return out
}

// TestScenarioTurnLimit: the game ends after player 2's max_turns-th turn (R25) as
// EndTurn ends it, whatever the steps; a player who has played all its turns plays no
// more.
func TestScenarioTurnLimit(t *testing.T) {
	out := try(t, `{"config": "max_turns=2", "minions": [
	    {"owner": 1, "at": [1,1], "hp": 50, "strategy": "done"},
	    {"owner": 2, "at": [8,8], "strategy": "done"}],
	  "steps": [{"turn": 1}, {"turn": 2}, {"turn": 1}, {"turn": 2}, {"run": 1}]}`)
	for i, want := range []any{nil, nil, nil, 2} {
		if out[i].Winner != want {
			t.Errorf("step %d: winner %v, want %v", i+1, out[i].Winner, want)
		}
	}
	if last := out[3]; last.Players[1].Turn != 2 || last.Players[0].Turn != 3 {
		t.Errorf("turns after the end: %d and %d, want 3 (player 1 is in its next turn) and 2 (the last)", last.Players[0].Turn, last.Players[1].Turn)
	}
	if !reflect.DeepEqual(out[4].Refused, []string{"the game is over"}) {
		t.Errorf("after the end: %q", out[4].Refused)
	}
	out = try(t, `{"config": "max_turns=3", "turn": 3, "minions": [
	    {"owner": 1, "at": [1,1], "strategy": "done"},
	    {"owner": 2, "at": [8,8], "strategy": "done"}],
	  "steps": [{"turn": 1}, {"turn": 1}, {"turn": 2}]}`)
	if !reflect.DeepEqual(out[1].Refused, []string{"player 1 has played all its turns (max_turns=3)"}) || out[1].Winner != nil {
		t.Errorf("player 1's turn 4: %+v", out[1])
	}
	if out[2].Winner != "tie" {
		t.Errorf("player 2's turn 3: winner %v, want a tie at the turn limit", out[2].Winner)
	}
}

// TestScenarioRunStepsShareTurnSteps: run steps in one turn share TurnStepLimit, as a
// turn's minions do, so run steps cannot take longer than turns; a turn step gives the
// player a fresh turn.
func TestScenarioRunStepsShareTurnSteps(t *testing.T) {
	runs := strings.Repeat(`{"run": 1}, `, 7)
	out := try(t, `{"config": "step_limit=10000000", "minions": [
	    {"owner": 1, "at": [1,1], "strategy": "while (1) while (1) x = x + 1"},
	    {"owner": 2, "at": [8,8], "strategy": "done"}],
	  "steps": [`+runs+`{"turn": 2}, {"turn": 1}, {"run": 1}]}`)
	used := int64(0)
	for i := range 6 {
		if out[i].End != EndSteps || *out[i].StepsUsed < 9_999_000 {
			t.Errorf("run %d: %s after %d steps, want the whole step_limit", i+1, out[i].End, *out[i].StepsUsed)
		}
		used += *out[i].StepsUsed
	}
	if st := out[6]; st.End != EndTurnSteps || used+*st.StepsUsed > TurnStepLimit {
		t.Errorf("run 7: %s after %d steps, want what is left of TurnStepLimit after %d", st.End, *st.StepsUsed, used)
	}
	if st := out[9]; st.End != EndSteps || *st.StepsUsed < 9_999_000 {
		t.Errorf("run in the next turn: %s after %d steps", st.End, *st.StepsUsed)
	}
}

// scenarioOfMany is a scenario in which player 1 has n shared variables and a minion
// whose strategy uses 1,500 locals has n: with a search of the names for each (as
// Game.globalSlot does), n = 100,000 took over ten seconds to set up.
func scenarioOfMany(n int) Scenario {
	globals := make(map[string]int64, n)
	locals := make(map[string]int64, n)
	var prog strings.Builder
	for i := range n {
		globals[fmt.Sprintf("G%d", i)] = int64(i)
		locals[fmt.Sprintf("v%d", i)] = int64(i)
		if i < 1500 {
			fmt.Fprintf(&prog, "v%d=0 ", i)
		}
	}
	ms := []ScenarioMinion{{Owner: 1, At: Hex{1, 1}, Strategy: prog.String(), Locals: locals}}
	return Scenario{Minions: &ms, Players: []ScenarioPlayer{{Globals: globals}}, Steps: []ScenarioStep{}}
}

// TestScenarioManyVariables: 100,000 shared variables and 100,000 locals go in and
// come out whole, and a run step sees them. That they go in in linear time is
// BenchmarkScenarioVariables' to show.
func TestScenarioManyVariables(t *testing.T) {
	const n = 100_000
	sc := scenarioOfMany(n)
	one := 1
	sc.Steps = []ScenarioStep{{Run: &one}}
	out, err := RunScenario(NewLanguage(), sc)
	must(t, err)
	if st := out[0]; len(st.Players[0].Globals) != n || st.Players[0].Globals["G99999"] != 99999 || len(st.Minions[0].Locals) != n || st.Minions[0].Locals["v1499"] != 0 || st.Minions[0].Locals["v1500"] != 1500 {
		t.Errorf("%d globals, %d locals", len(st.Players[0].Globals), len(st.Minions[0].Locals))
	}
}

// BenchmarkScenarioVariables sets up scenarios of 10,000 and 100,000 variables of
// each sort: linear, the second costs about ten times the first (a quadratic setup
// costs a hundred times, and took over ten seconds at 100,000).
func BenchmarkScenarioVariables(b *testing.B) {
	lang := NewLanguage()
	for _, n := range []int{10_000, 100_000} {
		sc := scenarioOfMany(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := RunScenario(lang, sc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestReservedWords: the names refused as variables are exactly those a strategy cannot
// assign to a variable of that name.
func TestReservedWords(t *testing.T) {
	lang := NewLanguage()
	reserved := reservedWords(lang)
	for _, name := range append([]string{"x", "Shared", "row2", "iff", "Done"}, keys(reserved)...) {
		prog, err := interp.Compile(lang, "t", name+" = 1")
		variable := err == nil && len(prog.Locals())+len(prog.Globals()) == 1
		if variable == reserved[name] {
			t.Errorf("%q: a variable: %v, reserved: %v", name, variable, reserved[name])
		}
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

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
	if eval.Type != EvEval || eval.Minion != 1 || !strings.Contains(eval.Trace, "1:1    x =") || !strings.Contains(eval.Trace, "move down") {
		t.Fatalf("no trace of the run: %+v", eval)
	}
	moved := false
	for _, m := range snap.Minions {
		moved = moved || m.Owner == 1 && m.Hex == (Hex{Row: 5, Col: 4})
	}
	if !moved {
		t.Errorf("the snapshot does not show the move: %+v", snap.Minions)
	}
	if _, _, err := TryScenario(NewLanguage(), sc, 5); !IsScenarioError(err) || !strings.Contains(err.Error(), "there is no minion 6") {
		t.Errorf("minion 6 of 2: %v", err)
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// TestScenarioRefusesAsGames_R25: a turn step the rules refuse is refused by the
// engine's own check (beginTurn, which begins every turn of a game too), in its words:
// a turn once the game is over, and a turn past the player's max_turns. Issue 22's
// case is the first: max_turns=1, turns of player 1, player 2, then player 1 again.
func TestScenarioRefusesAsGames_R25(t *testing.T) {
	cfg, err := ParseConfig("max_turns=1")
	must(t, err)
	g := newGame(t, Setup{Config: cfg, Seed: 1, Kinds: []KindSpec{{Name: "idle", Strategy: "done"}}})
	must(t, g.FreeSpawn(1, 0, Hex{1, 1}))
	must(t, g.FreeSpawn(2, 0, Hex{8, 8}))
	mustEnd(t, g, 1)
	turnsErr := g.beginTurn(1) // player 1 has started its one turn
	mustEnd(t, g, 2)
	_, overErr := g.EndTurn(1)
	if !errors.Is(turnsErr, ErrTurnsPlayed) || !errors.Is(overErr, ErrGameOver) || !errors.Is(g.beginTurn(1), ErrGameOver) {
		t.Fatalf("the game's refusals: %v, %v", turnsErr, overErr)
	}
	tests := []struct {
		name, steps string
		winners     []any
		refused     []string // per step
	}{
		{"issue 22: 1, 2, 1", `[{"turn": 1}, {"turn": 2}, {"turn": 1}]`,
			[]any{nil, "tie", "tie"}, []string{"", "", overErr.Error()}},
		{"a second turn of player 1", `[{"turn": 1}, {"turn": 1, "buy": [1,2]}, {"turn": 2}]`,
			[]any{nil, nil, "tie"}, []string{"", turnsErr.Error(), ""}},
		{"player 2 first: its last turn ends the game", `[{"turn": 2}, {"turn": 1}]`,
			[]any{2, 2}, []string{"", overErr.Error()}}, // player 2 earned its income: R25's larger budget
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := try(t, `{"config": "max_turns=1", "minions": [
			    {"owner": 1, "at": [1,1], "strategy": "done"},
			    {"owner": 2, "at": [8,8], "strategy": "done"}], "steps": `+tc.steps+`}`)
			for i, res := range out {
				if refused := strings.Join(res.Refused, "; "); refused != tc.refused[i] || res.Winner != tc.winners[i] {
					t.Errorf("step %d: winner %v, refused %q; want %v, %q", i+1, res.Winner, refused, tc.winners[i], tc.refused[i])
				}
				if i > 0 && len(res.Refused) > 0 && !reflect.DeepEqual(res.Players, out[i-1].Players) {
					t.Errorf("step %d was refused but changed the players: %+v, before %+v", i+1, res.Players, out[i-1].Players)
				}
			}
		})
	}
}
