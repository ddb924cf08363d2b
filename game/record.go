package game

import (
	"fmt"
	"sync/atomic"

	"github.com/kombat-game/kombat/interp"
)

// Action is a kind of player decision.
type Action string

// The decisions a game is made of.
const (
	ActFreeSpawn Action = "free"    // the setup's free spawn (R6)
	ActBuy       Action = "buy"     // a hex purchase (R10)
	ActSpawn     Action = "spawn"   // a spawn (R11)
	ActEnd       Action = "end"     // end of the player's decisions: the minions run
	ActResign    Action = "resign"  // the player gives up
	ActForfeit   Action = "forfeit" // the player ran out of time
)

// Decision is one player decision, in the order made.
type Decision struct {
	Player int    `json:"p"`
	Action Action `json:"a"`
	Kind   int    `json:"k,omitzero"` // 0-based kind, for spawns
	Hex    Hex    `json:"h,omitzero"` // for spawns and purchases
}

// Record is a whole game in compact form: its setup and every decision. Replaying it
// rebuilds the game exactly, turn logs included.
type Record struct {
	Setup     Setup      `json:"setup"`
	Decisions []Decision `json:"decisions"`
}

// Record returns the game so far as a record.
func (g *Game) Record() Record {
	s := g.setup
	s.Kinds = append([]KindSpec(nil), s.Kinds...)
	return Record{Setup: s, Decisions: append([]Decision(nil), g.decisions...)}
}

// Decisions returns how many decisions have been made, a position in the record.
func (g *Game) Decisions() int { return len(g.decisions) }

// Apply makes one decision, as the matching method would.
func (g *Game) Apply(d Decision) error {
	switch d.Action {
	case ActFreeSpawn:
		return g.FreeSpawn(d.Player, d.Kind, d.Hex)
	case ActBuy:
		return g.Buy(d.Player, d.Hex)
	case ActSpawn:
		return g.Spawn(d.Player, d.Kind, d.Hex)
	case ActEnd:
		_, err := g.EndTurn(d.Player)
		return err
	case ActResign:
		return g.Resign(d.Player)
	case ActForfeit:
		return g.Forfeit(d.Player)
	}
	return fmt.Errorf("unknown action %q", d.Action)
}

// Replay rebuilds a game from its record. A decision the rules refuse means the record
// is corrupt (or from other rules): the error says which one.
func Replay(lang *interp.Language, r Record) (*Game, error) {
	return ReplayStop(lang, r, nil)
}

// ReplayStop is Replay with the stop flag of SetStop given from the start, so that
// rebuilding a long game can be interrupted too (the error then wraps ErrStopped).
func ReplayStop(lang *interp.Language, r Record, stop *atomic.Bool) (*Game, error) {
	g, err := New(lang, r.Setup)
	if err != nil {
		return nil, err
	}
	g.SetStop(stop)
	for i, d := range r.Decisions {
		if err := g.Apply(d); err != nil {
			return nil, fmt.Errorf("replay: decision %d (%s by player %d): %w", i+1, d.Action, d.Player, err)
		}
	}
	return g, nil
}

// Frame is the game after one step of its record: the setup's free spawns, then each
// turn. Renderers draw one image per frame.
type Frame struct {
	Snapshot Snapshot `json:"snapshot"`
	Turn     TurnLog  `json:"turn"` // the turn just played; for the setup frame, its free spawns
	Setup    bool     `json:"setup,omitzero"`
}

// Frames replays a record and returns a frame for the end of setup and one for every
// turn played, for replays and animations.
func Frames(lang *interp.Language, r Record) ([]Frame, error) {
	g, err := New(lang, r.Setup)
	if err != nil {
		return nil, err
	}
	var frames []Frame
	for i, d := range r.Decisions {
		wasSetup := g.Phase() == PhaseSetup
		turns := g.finished
		if err := g.Apply(d); err != nil {
			return nil, fmt.Errorf("replay: decision %d (%s by player %d): %w", i+1, d.Action, d.Player, err)
		}
		switch {
		case wasSetup && g.Phase() != PhaseSetup:
			frames = append(frames, Frame{Snapshot: g.Snapshot(), Turn: TurnLog{Events: g.SetupEvents()}, Setup: true})
			if g.finished > turns { // resigned during setup
				frames = append(frames, Frame{Snapshot: g.Snapshot(), Turn: g.log[len(g.log)-1]})
			}
		case g.finished > turns:
			frames = append(frames, Frame{Snapshot: g.Snapshot(), Turn: g.log[len(g.log)-1]})
		}
	}
	return frames, nil
}

// TraceTurn replays a record up to its n-th finished turn (counting both players' turns
// from 1, as Turns does) with tracing on for that turn only, and returns the turn's log:
// each minion's EvEval event carries its trace. Tracing is off for the turns before it,
// so explaining turn 60 costs a plain replay plus one traced turn.
func TraceTurn(lang *interp.Language, r Record, n int) (TurnLog, error) {
	g, err := New(lang, r.Setup)
	if err != nil {
		return TurnLog{}, err
	}
	for i, d := range r.Decisions {
		g.SetTracing(g.finished == n-1)
		if err := g.Apply(d); err != nil {
			return TurnLog{}, fmt.Errorf("replay: decision %d (%s by player %d): %w", i+1, d.Action, d.Player, err)
		}
		if g.finished == n {
			return g.log[len(g.log)-1], nil
		}
	}
	return TurnLog{}, fmt.Errorf("the game has %d turns, not %d", g.finished, n)
}
