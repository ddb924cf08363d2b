package aibg

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// ActionKind is a kind of player action.
type ActionKind string

// The actions a match is made of.
const (
	ActPool   ActionKind = "pool"   // a pool accepted (A2)
	ActLineup ActionKind = "lineup" // a lineup accepted (A3)
	ActMove   ActionKind = "move"   // a move string, a pass included (A6)
	ActFinish ActionKind = "finish" // the round ended as at its turn limit (Finish)
)

// Action is one accepted player action, in the order made. Refused selections and
// moves out of phase changed nothing and are not recorded.
type Action struct {
	Player int        `json:"p,omitempty"` // 0 for a finish
	Kind   ActionKind `json:"a"`
	Types  []string   `json:"types,omitempty"` // a pool
	IDs    []int      `json:"ids,omitempty"`   // a lineup
	Move   string     `json:"move,omitempty"`  // a move string as written
}

// Record is a whole match in compact form: its setup and every action. Replaying it
// rebuilds the match exactly.
type Record struct {
	Setup   Setup    `json:"setup"`
	Actions []Action `json:"actions"`
}

// Record returns the match so far as a record. Its setup always holds the roster and
// the catalog the match was played with, the built-in ones included, so that the record
// replays the same match after the data files change.
func (g *Game) Record() Record {
	s := g.setup
	s.Creatures, s.Items = make([]CreatureSpec, len(g.roster)), make([]ItemSpec, len(g.catalog))
	for i, k := range g.roster {
		s.Creatures[i] = k.Spec()
	}
	for i, it := range g.catalog {
		s.Items[i] = it.Spec()
	}
	return Record{Setup: s, Actions: slices.Clone(g.actions)}
}

// Apply makes one action, as the matching method would.
func (g *Game) Apply(a Action) (*TurnLog, error) {
	switch a.Kind {
	case ActPool:
		return nil, g.SelectPool(a.Player, a.Types)
	case ActLineup:
		return nil, g.SelectLineup(a.Player, a.IDs)
	case ActMove:
		return g.Play(a.Player, a.Move)
	case ActFinish:
		return nil, g.Finish()
	}
	return nil, fmt.Errorf("aibg: unknown action %q", a.Kind)
}

// Replay rebuilds a match from its record, calling each (if not nil) with every turn's
// log.
func Replay(r Record, each func(TurnLog)) (*Game, error) {
	g, err := New(r.Setup)
	if err != nil {
		return nil, err
	}
	for i, a := range r.Actions {
		log, err := g.Apply(a)
		if err != nil {
			return nil, fmt.Errorf("aibg: replay action %d: %w", i+1, err)
		}
		if log != nil && each != nil {
			each(*log)
		}
	}
	return g, nil
}

// Copy is an independent copy of the match as it stands, its random generator
// included: what is done to either leaves the other as it was (a bot's trial). The
// copy's record holds none of the match's actions, and it logs no events.
func (g *Game) Copy() *Game {
	c := *g
	c.creatures = slices.Clone(g.creatures)
	for i := range c.players {
		pl := &c.players[i]
		pl.pool, pl.slots = slices.Clone(pl.pool), slices.Clone(pl.slots)
		pl.bought, pl.selection = slices.Clone(pl.bought), slices.Clone(pl.selection)
	}
	c.shown, c.shop = slices.Clone(g.shown), slices.Clone(g.shop)
	pcg := *g.pcg
	c.pcg = &pcg
	c.rng = rand.New(c.pcg)
	c.actions = nil
	c.quiet = true
	return &c
}
