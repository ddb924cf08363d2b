package game

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Levels are the names NewLevel accepts: the bot's three levels of play, from weakest
// to strongest, then the two reference players that serve to measure them.
//
//   - easy makes the normal bot's plan (the same kind, the same purchases) but places
//     every spawn by rule, nearest the enemy, without simulating: a newcomer can beat it.
//   - normal is the bot as NewBot makes it (see Bot): it simulates its turn and the enemy
//     minions' reply for each of its 4 best spawn hexes.
//   - hard plans like normal but looks further: for each kind it may field on each of its
//     8 best spawn hexes, it simulates its turn, the enemy's whole reply (a purchase and
//     a spawn by the plan as well as the minions), then one more round of both sides
//     played by the plan, and keeps the spawn that leaves it furthest ahead.
//   - random picks uniformly among the legal choices, "none" included (as
//     RandomDecider does, with a generator drawn from the seed and the position).
//   - greedy is a simple heuristic a newcomer might follow: see Greedy.
func Levels() []string { return []string{"easy", "normal", "hard", "random", "greedy"} }

// DefaultLevel is the level the bot plays at unless told otherwise.
const DefaultLevel = "normal"

// NewLevel returns the player named name (one of Levels), seeded with seed: the same
// seed and game give the same decisions, also after a restart.
func NewLevel(name string, seed uint64) (Decider, error) {
	switch name {
	case "easy":
		return newStyledBot(seed, styleEasy()), nil
	case "normal":
		return NewBot(seed), nil
	case "hard":
		return newStyledBot(seed, styleHard()), nil
	case "random":
		return Random{Seed: seed}, nil
	case "greedy":
		return Greedy{Seed: seed}, nil
	}
	return nil, fmt.Errorf("unknown level %q; the levels are %s", name, strings.Join(Levels(), ", "))
}

// style is what sets the bot's levels apart: how it chooses among its spawn hexes.
type style struct {
	hexes  int  // spawn hexes the lookahead simulates; 0: none, placeScore decides
	kinds  bool // the lookahead tries every kind the bot may field, not only the plan's
	reply  bool // the enemy's simulated reply is a whole turn by the plan: purchase, spawn, minions
	rounds int  // full rounds the lookahead plays on after the enemy's reply, both sides by plan
}

// The styles of the levels.
func styleEasy() style   { return style{} }
func styleNormal() style { return style{hexes: lookaheadHexes} }
func styleHard() style {
	return style{hexes: 2 * lookaheadHexes, kinds: true, reply: true, rounds: 1}
}

// newStyledBot returns a bot playing in the given style.
func newStyledBot(seed uint64, st style) *Bot {
	b := NewBot(seed)
	b.style = st
	return b
}

// decisionRng is the generator for one decision of a player seeded with seed: a
// function of the seed and of how far the game has got, so that a restarted player
// draws the same numbers.
func decisionRng(seed uint64, g *Game) *rand.Rand {
	return rand.New(rand.NewPCG(seed, g.setup.Seed^uint64(g.Decisions()+1)*0x9e3779b97f4a7c15))
}

// Random is the "random" reference player: RandomDecider with a generator drawn for
// each decision from Seed and the position, so that it is deterministic per seed and
// game, also when a game is resumed.
type Random struct{ Seed uint64 }

// FreeSpawn picks a kind and a hex at random.
func (r Random) FreeSpawn(g *Game, p int) (int, Hex) {
	return RandomDecider{Rng: decisionRng(r.Seed, g)}.FreeSpawn(g, p)
}

// Buy picks one affordable buyable hex, or none, uniformly.
func (r Random) Buy(g *Game, p int) (Hex, bool) {
	return RandomDecider{Rng: decisionRng(r.Seed, g)}.Buy(g, p)
}

// Spawn picks one (kind, hex) spawn, or none, uniformly.
func (r Random) Spawn(g *Game, p int) (int, Hex, bool) {
	return RandomDecider{Rng: decisionRng(r.Seed, g)}.Spawn(g, p)
}

// Greedy is the "greedy" reference player, the heuristic a newcomer might follow:
//   - free spawn: the first kind, on the free-spawn hex nearest the enemy's start area;
//   - each turn, it buys the legal hex nearest an enemy minion (or the enemy's start
//     area when it has none) whenever it can pay for it;
//   - then it spawns, every turn it can pay for it, the kind with the most HP left on
//     the board (its own minions and the enemy's together; the first kind when the
//     board has none) on the spawnable hex nearest the enemy.
//
// Ties between hexes are broken at random with Seed, per decision.
type Greedy struct{ Seed uint64 }

// FreeSpawn places the first kind nearest the enemy's start area.
func (d Greedy) FreeSpawn(g *Game, p int) (int, Hex) {
	opts := g.FreeSpawnOptions(p)
	if len(opts) == 0 {
		return 0, Hex{}
	}
	far := StartArea(3 - p)
	return 0, lowest(opts, decisionRng(d.Seed, g), func(h Hex) float64 { return float64(nearest(h, far)) })
}

// Buy buys the hex nearest the enemy whenever the budget allows.
func (d Greedy) Buy(g *Game, p int) (Hex, bool) {
	if g.Current() != p || g.player(p).budget < float64(g.setup.Config.HexPurchaseCost) {
		return Hex{}, false
	}
	opts := g.BuyOptions(p)
	if len(opts) == 0 {
		return Hex{}, false
	}
	enemies := g.enemyHexes(p)
	return lowest(opts, decisionRng(d.Seed, g), func(h Hex) float64 { return float64(nearest(h, enemies)) }), true
}

// Spawn spawns the kind with the most HP on the board nearest the enemy.
func (d Greedy) Spawn(g *Game, p int) (int, Hex, bool) {
	if g.Current() != p || g.player(p).budget < float64(g.setup.Config.SpawnCost) {
		return 0, Hex{}, false
	}
	opts := g.SpawnOptions(p)
	if len(opts) == 0 {
		return 0, Hex{}, false
	}
	hp := make([]int64, len(g.kinds))
	for _, m := range g.minions {
		if !m.dead {
			hp[m.kind] += m.hp
		}
	}
	kind := 0
	for k := range hp {
		if hp[k] > hp[kind] {
			kind = k
		}
	}
	enemies := g.enemyHexes(p)
	return kind, lowest(opts, decisionRng(d.Seed, g), func(h Hex) float64 { return float64(nearest(h, enemies)) }), true
}
