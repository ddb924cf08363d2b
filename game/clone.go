package game

import (
	"math/rand/v2"
	"slices"

	"github.com/kombat-game/kombat/interp"
)

// clone returns an independent copy of the game for the bot to simulate on: playing the
// copy, its random generator included, changes nothing in g, and the copy plays exactly
// as g would given the same decisions. Without history the copy leaves out the finished
// turns' logs, the setup's events and the decisions made so far, which a simulation does
// not read and which can be long; a copy with history has them too, so its Record and
// Log are g's.
//
// What is shared is never written after New: the language, the compiled programs, the
// kinds' variable layouts and the rays.
func (g *Game) clone(history bool) *Game {
	c := *g // scalars, and fields added later are at least copied (TestClone_Fields)
	c.setup.Kinds = slices.Clone(g.setup.Kinds)
	c.kinds = slices.Clone(g.kinds)
	c.globalNames = slices.Clone(g.globalNames)
	pcg := *g.pcg
	c.pcg = &pcg
	c.rng = rand.New(c.pcg)
	for p := range c.players {
		c.players[p].globals = slices.Clone(g.players[p].globals)
	}
	c.board = [Rows * Cols]*minion{}
	c.minions = make([]*minion, len(g.minions))
	for i, m := range g.minions {
		cm := *m
		cm.locals = slices.Clone(m.locals)
		c.minions[i] = &cm
		if !m.dead {
			c.board[m.hex.index()] = &cm
		}
	}
	if g.result != nil {
		r := *g.result
		c.result = &r
	}
	c.turn = cloneTurn(g.turn, g.result, c.result)
	c.log, c.setupLog, c.decisions = nil, nil, nil
	if history {
		c.log = make([]TurnLog, len(g.log))
		for i, t := range g.log {
			c.log[i] = cloneTurn(t, g.result, c.result)
		}
		c.setupLog = slices.Clone(g.setupLog)
		c.decisions = slices.Clone(g.decisions)
	}
	// The copy appends to its report's series without touching the original's.
	c.points, c.kills = slices.Clip(g.points), slices.Clip(g.kills)
	// The machine's registers are scratch space: sharing them would let the two games'
	// evaluations overwrite each other.
	c.machine = interp.Machine{Stop: g.machine.Stop}
	return &c
}

// cloneTurn copies a turn log, pointing its result at the copy's result when it was
// the game's own.
func cloneTurn(t TurnLog, old, new *Result) TurnLog {
	t.Events = slices.Clone(t.Events)
	switch {
	case t.Result == nil:
	case t.Result == old:
		t.Result = new
	default:
		r := *t.Result
		t.Result = &r
	}
	return t
}
