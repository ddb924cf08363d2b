package upbeat

import (
	"fmt"
	"time"

	"github.com/kombat-game/kombat/interp"
)

// ActionKind is a kind of player action.
type ActionKind string

// The actions a game is made of.
const (
	ActRevise  ActionKind = "revise"  // a plan revision, accepted or refused (U20)
	ActConfirm ActionKind = "confirm" // the plan is confirmed: the crew runs it
	ActResign  ActionKind = "resign"  // the player gives up
	ActStop    ActionKind = "stop"    // the game is stopped early and ends as at its turn limit (Stop)
)

// Action is one player action, in the order made.
type Action struct {
	Player  int           `json:"p"`
	Kind    ActionKind    `json:"a"`
	Plan    string        `json:"plan,omitempty"`    // for revisions
	Elapsed time.Duration `json:"elapsed,omitempty"` // clock time before the action, in nanoseconds (U20)
}

// Record is a whole game in compact form: its setup (configuration, seed, first plans)
// and every action with its time. Replaying it rebuilds the game exactly.
type Record struct {
	Setup   Setup    `json:"setup"`
	Actions []Action `json:"actions"`
}

// Record returns the game so far as a record.
func (g *Game) Record() Record {
	s := g.setup
	s.Plans = append([]string(nil), s.Plans...)
	return Record{Setup: s, Actions: append([]Action(nil), g.actions...)}
}

// Apply makes one action, as the matching method would. A refused revision is no
// error here: it was refused when played too, and is part of the record.
func (g *Game) Apply(a Action) (TurnLog, error) {
	switch a.Kind {
	case ActRevise:
		err := g.Revise(a.Player, a.Plan, a.Elapsed)
		if err != nil && (g.over || a.Player != g.cur) {
			return TurnLog{}, err
		}
		return TurnLog{}, nil
	case ActConfirm:
		return g.Confirm(a.Player, a.Elapsed)
	case ActResign:
		return TurnLog{}, g.Resign(a.Player)
	case ActStop:
		if a.Player != g.cur {
			return TurnLog{}, fmt.Errorf("upbeat: a stop recorded on player %d's turn, but it is player %d's", a.Player, g.cur)
		}
		return TurnLog{}, g.Stop()
	}
	return TurnLog{}, fmt.Errorf("upbeat: unknown action %q", a.Kind)
}

// Replay rebuilds a game from its record, calling each (if not nil) after every
// confirmed turn with its log.
func Replay(lang *interp.Language, r Record, each func(TurnLog)) (*Game, error) {
	g, err := New(lang, r.Setup)
	if err != nil {
		return nil, err
	}
	for i, a := range r.Actions {
		log, err := g.Apply(a)
		if err != nil {
			return nil, fmt.Errorf("upbeat: replay action %d: %w", i+1, err)
		}
		if a.Kind == ActConfirm && each != nil {
			each(log)
		}
	}
	return g, nil
}

// ReplayReport rebuilds a game's Report from its record, for a host that did not
// gather it turn by turn as the terminal does (a chat posts it once the game is over,
// and may have restarted since): a Note after the start and after every confirmed
// turn, NoteResign for a resignation, and the final state after a stop. It replays
// every turn with its events (a lost city center is one), so it costs what the game's
// play did.
func ReplayReport(lang *interp.Language, r Record) (Report, error) {
	var rep Report
	g, err := New(lang, r.Setup)
	if err != nil {
		return rep, err
	}
	rep.Note(g.Snapshot(), TurnLog{})
	for i, a := range r.Actions {
		log, err := g.Apply(a)
		if err != nil {
			return rep, fmt.Errorf("upbeat: replay action %d: %w", i+1, err)
		}
		switch a.Kind {
		case ActConfirm:
			rep.Note(g.Snapshot(), log)
		case ActResign:
			rep.NoteResign(a.Player, g.Snapshot())
		case ActStop:
			rep.Final = g.Snapshot()
		}
	}
	return rep, nil
}
