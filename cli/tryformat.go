package cli

import (
	"encoding/json"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/upbeat"
)

// tryFormat is the version of kombat try's output, printed as its "format". Format 1
// is one shape for every game:
//
//	{"format": 1, "game": "kombat" or "upbeat", "steps": [STEP, ...]}
//
// where each STEP holds, in this order, "step" (its number, from 1), "do" (the step
// as the scenario gave it, without the keys it left out), "refused", "events" (each
// with its "type": what happened), the game's state ("players" and "minions";
// "players", "regions", "crew" and "tally"), "end" and "steps_used" (how an
// evaluation ended and its steps; KOMBAT prints them for run steps only) and
// "winner". A program
// reading the output can rely on these keys; a change to any of them is a new format
// number, so that readers can tell.
// Before format 1 the two games differed for no reason: KOMBAT's "step" was the step
// given, UPBEAT's its number; UPBEAT's events said what happened as "kind".
const tryFormat = 1

// kombatTryStep is one KOMBAT step's result in format 1: the fields of the order
// both games share first, then the rest of game.StepResult's (encoding/json keeps the
// least nested of two fields of one key, so these shadow its own; its "step", the
// step given, becomes the number).
type kombatTryStep struct {
	Step    int                  `json:"step"`
	Do      game.ScenarioStep    `json:"do"`
	Refused []string             `json:"refused"`
	Events  []game.Event         `json:"events"`
	Players []game.ScenarioState `json:"players"`
	Minions []game.MinionState   `json:"minions"`
	game.StepResult
}

// upbeatTryStep is one UPBEAT step's result in format 1, as kombatTryStep; its
// events say what happened as "type", as KOMBAT's do (upbeat.Event's own "kind" stays,
// as records and the database store it).
type upbeatTryStep struct {
	Step    int           `json:"step"`
	Do      upbeatDo      `json:"do"`
	Refused []string      `json:"refused"`
	Events  []upbeatEvent `json:"events"`
	upbeat.StepResult
}

// upbeatDo is an upbeat.ScenarioStep without the keys the scenario left out, as
// KOMBAT's steps are printed ({"turn": 1} rather than {"turn": 1, "revise": null,
// "elapsed": 0, "finish": false}). TestUpbeatDoFields keeps its fields upbeat's.
type upbeatDo struct {
	Turn    int     `json:"turn,omitempty"`
	Revise  *string `json:"revise,omitempty"`
	Elapsed float64 `json:"elapsed,omitempty"`
	Finish  bool    `json:"finish,omitempty"`
}

// upbeatEvent is an upbeat.Event printed with "type" for what happened.
type upbeatEvent struct{ upbeat.Event }

// MarshalJSON writes the event with "type" first and no "kind".
func (e upbeatEvent) MarshalJSON() ([]byte, error) {
	type fields upbeat.Event // without this method
	return json.Marshal(struct {
		Type string `json:"type"`
		Kind string `json:"kind,omitempty"` // empty: hides the embedded "kind"
		fields
	}{Type: e.Kind, fields: fields(e.Event)})
}

// kombatStep is r as step n of format 1.
func kombatStep(n int, r game.StepResult) kombatTryStep {
	return kombatTryStep{Step: n, Do: r.Step, Refused: r.Refused, Events: r.Events, Players: r.Players, Minions: r.Minions, StepResult: r}
}

// upbeatStep is r, step number r.Step, given as st, in format 1.
func upbeatStep(st upbeat.ScenarioStep, r upbeat.StepResult) upbeatTryStep {
	events := make([]upbeatEvent, len(r.Events))
	for i, e := range r.Events {
		events[i] = upbeatEvent{e}
	}
	do := upbeatDo{Turn: st.Turn, Revise: st.Revise, Elapsed: st.Elapsed, Finish: st.Finish}
	return upbeatTryStep{Step: r.Step, Do: do, Refused: r.Refused, Events: events, StepResult: r}
}
