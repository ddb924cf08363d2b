package aibghost

import (
	"fmt"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// AIBG's replays (/aibg replay): a finished match's turns, replayed once from its
// record and kept (host.Recent, the adapter's replays) so that a step viewer's press
// does not replay the whole match again: each turn's log and where it ends in the
// record, with a copy of the match every replayEvery turns, from which any turn is at
// most replayEvery turns of actions away.

// replayEvery is how many turns apart a replay keeps copies of the match: a press
// costs at most that many turns' actions, and a replay keeps a copy per that many
// turns (a match lasts at most 5 rounds of 600 turns, A4).
const replayEvery = 32

// Replay is a finished match's turns for a replay, read only once made.
type Replay struct {
	Logs []aibg.TurnLog // each turn's log, in order
	// Before are both lineups as each turn began (the summary's order of its moves).
	Before [][2][]aibg.Creature
	rec    aibg.Record
	ends   []int        // ends[i]: the record's actions applied once turn i resolved
	points []*aibg.Game // points[k]: the match after turn k*replayEvery
}

// Turns is how many turns the match played.
func (r *Replay) Turns() int { return len(r.Logs) }

// At is the match as it stood once turn i (from 0) resolved, a copy of its own.
func (r *Replay) At(i int) (*aibg.Game, error) {
	if i < 0 || i >= len(r.Logs) {
		return nil, fmt.Errorf("aibghost: turn %d of a match of %d turns", i+1, len(r.Logs))
	}
	k := i / replayEvery
	g := r.points[k].Copy()
	for _, a := range r.rec.Actions[r.ends[k*replayEvery]:r.ends[i]] {
		if _, err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("aibghost: replay to turn %d: %w", i+1, err)
		}
	}
	return g, nil
}

// ReplayOf is the replay of a finished match (a table Over gives), made once and kept
// among the host's last host.ReplaysKept.
func (a *Ab) ReplayOf(t *host.Table) (*Replay, error) {
	if t.Row.Status != store.StatusOver {
		return nil, host.Refuse(host.CodeNotStarted, "AIBG match %d is not over: its replay comes once it is.", t.Row.ID)
	}
	if r, ok := a.replays.Get(t.Row.ID); ok {
		return r, nil
	}
	own, err := Decode(t.Row)
	if err != nil {
		return nil, fmt.Errorf("aibghost: replay: %w", err)
	}
	r, err := newReplay(own.Record(t.Row.Seed))
	if err != nil {
		return nil, fmt.Errorf("aibghost: replay game %d: %w", t.Row.ID, err)
	}
	a.replays.Keep(t.Row.ID, r)
	return r, nil
}

// newReplay replays a record once, keeping each turn's log and lineups and a copy of
// the match every replayEvery turns.
func newReplay(rec aibg.Record) (*Replay, error) {
	r := &Replay{rec: rec}
	g, err := aibg.New(r.rec.Setup)
	if err != nil {
		return nil, err
	}
	var before [2][]aibg.Creature
	for j, act := range r.rec.Actions {
		if act.Kind == aibg.ActMove {
			before = Lineups(g)
		}
		log, err := g.Apply(act)
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", j+1, err)
		}
		if log == nil {
			continue
		}
		if len(r.Logs)%replayEvery == 0 {
			r.points = append(r.points, g.Copy())
		}
		r.Logs, r.ends, r.Before = append(r.Logs, *log), append(r.ends, j+1), append(r.Before, before)
	}
	return r, nil
}
