package aibg

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Decider chooses a player's pool, lineups and moves: a bot, or a script in tests.
type Decider interface {
	// Pool names 12 creature types for player p (A2).
	Pool(g *Game, p int) []string
	// Lineup picks player p's creatures for the round (A3).
	Lineup(g *Game, p int) []int
	// Move is player p's move string for the open turn (A6).
	Move(g *Game, p int) string
}

// Levels lists the bot's levels, weakest first.
func Levels() []string { return []string{"easy", "normal", "hard"} }

// DefaultLevel is the level of a bot when none is asked for.
const DefaultLevel = "normal"

// Bot plays a seat at a level. easy names a random pool, puts four random living
// creatures in line and always attacks. normal names a pool of four creatures of each
// element (so that every enemy element meets one it beats), lines its strongest up,
// buys items that pay at once (a kill, a heal that saves its front creature, an upgrade
// or domain for its side) and aims ranged attacks at whatever dies soonest. hard picks
// as normal does, then weighs every move it can make by playing the round out on a copy
// of the match (both sides attacking) and keeps the best. A Bot holds no state of its
// own, and reads nothing the opponent has hidden (its pool, atoms and chosen move): its
// choices depend on what a player sees and its seed alone.
type Bot struct {
	level string
	seed  uint64
}

// NewBot returns a bot of the given level.
func NewBot(level string, seed uint64) (*Bot, error) {
	if !slices.Contains(Levels(), level) {
		return nil, fmt.Errorf("aibg: unknown bot level %q; the levels are %s", level, strings.Join(Levels(), ", "))
	}
	return &Bot{level: level, seed: seed}, nil
}

// Level is the bot's level.
func (b *Bot) Level() string { return b.level }

// rng is the bot's generator for one decision of player p, drawn from its seed and the
// moment of the match, so that the bot keeps no state and replays alike.
func (b *Bot) rng(g *Game, p int) *rand.Rand {
	return rand.New(rand.NewPCG(b.seed, uint64(p)<<32|uint64(g.round)<<16|uint64(g.turn)))
}

// value is how much a creature type is worth in a fight: its health times the damage
// it deals in a turn (an area attack's falloff summed over a full lineup, a ranged
// attack's choice of target counted as a small gain), faster ones a little more.
func value(k Kind) float64 {
	dmg := float64(k.Damage)
	switch k.Attack {
	case AoE:
		dmg *= 1.6
	case Ranged:
		dmg *= 1.15
	}
	return float64(k.Health) * dmg * (1 + float64(k.Speed)/40)
}

// Pool names the bot's 12 creature types (A2).
func (b *Bot) Pool(g *Game, p int) []string {
	r := b.rng(g, p)
	var out []string
	if b.level == "easy" {
		for range PoolSize {
			out = append(out, g.roster[r.IntN(len(g.roster))].Name)
		}
		return out
	}
	// Four of each element present, two each of two types drawn with weights by value:
	// an opponent's element always meets one that beats it, and no type dominates.
	byElem := map[Element][]Kind{}
	for _, k := range g.roster {
		byElem[k.Element] = append(byElem[k.Element], k)
	}
	for len(out) < PoolSize {
		for el := Water; el < NoElement && len(out) < PoolSize; el++ {
			ks := slices.Clone(byElem[el])
			for n := 0; n < 2 && len(ks) > 0 && len(out) < PoolSize; n++ {
				k := drawWeighted(r, ks)
				out = append(out, ks[k].Name, ks[k].Name)
				ks = slices.Delete(ks, k, k+1)
			}
		}
	}
	return out[:PoolSize]
}

// drawWeighted draws an index of ks with weights by value.
func drawWeighted(r *rand.Rand, ks []Kind) int {
	total := 0.0
	for _, k := range ks {
		total += value(k)
	}
	x := r.Float64() * total
	for i, k := range ks {
		x -= value(k)
		if x < 0 {
			return i
		}
	}
	return len(ks) - 1
}

// Lineup picks up to four living creatures (A3): easy at random, the others the most
// valuable, the hardest hitter in front.
func (b *Bot) Lineup(g *Game, p int) []int {
	var living []int
	for _, id := range g.players[p-1].pool {
		if g.creatures[id-1].alive {
			living = append(living, id)
		}
	}
	if b.level == "easy" {
		r := b.rng(g, p)
		r.Shuffle(len(living), func(i, j int) { living[i], living[j] = living[j], living[i] })
		return living[:min(MaxSlots, len(living))]
	}
	kind := func(id int) Kind { return g.roster[g.creatures[id-1].kind] }
	slices.SortStableFunc(living, func(a, c int) int { return cmpFloat(value(kind(c)), value(kind(a))) })
	pick := living[:min(MaxSlots, len(living))]
	// Only the front creature attacks: the one that deals most in a turn goes first
	// (an area attack counts every slot it hits), the sturdiest behind it.
	front := func(id int) float64 {
		k := kind(id)
		d := float64(k.Damage)
		if k.Attack == AoE {
			d *= 1.9
		}
		return d*1000 + float64(k.Health)
	}
	slices.SortStableFunc(pick, func(a, c int) int { return cmpFloat(front(c), front(a)) })
	return pick
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Move is the bot's move string for the open turn (A6).
func (b *Bot) Move(g *Game, p int) string {
	switch b.level {
	case "easy":
		return "attack"
	case "normal":
		return greedyMove(g, p)
	}
	return b.searchMove(g, p)
}

// greedyMove is normal's move: an item that pays at once, else its best attack.
func greedyMove(g *Game, p int) string {
	if m := itemMove(g, p); m != "" {
		return m
	}
	return attackMove(g, p)
}

// attackMove attacks; a ranged attacker aims at the enemy that would die of the hit,
// else the one with the least health left.
func attackMove(g *Game, p int) string {
	f := g.front(p)
	if f == 0 || g.roster[g.creatures[f-1].kind].Attack != Ranged {
		return "attack"
	}
	a := g.creatures[f-1]
	ae := g.roster[a.kind].Element
	enemy := g.players[2-p].slots[:g.Living(3-p)]
	best, bestScore := 0, 1<<62
	for s, id := range enemy {
		c := g.creatures[id-1]
		hit := amount(a.damage, attackMult(ae, g.roster[c.kind].Element), g.domainMult(ae))
		score := c.health - hit
		if score <= 0 {
			score = -1_000_000 + c.damage // a kill, the hardest hitter first
		}
		if score < bestScore {
			best, bestScore = s, score
		}
	}
	if best == 0 {
		return "attack"
	}
	return fmt.Sprintf("attack %d", best)
}

// itemMove is an item worth buying now for player p, or "": a damage item that kills,
// a heal that keeps the front creature alive, a friendly upgrade on the front creature
// or every creature, or a domain that favours p's slotted creatures more than the
// enemy's.
func itemMove(g *Game, p int) string {
	pl := &g.players[p-1]
	mine := pl.slots[:g.Living(p)]
	enemy := g.players[2-p].slots[:g.Living(3-p)]
	if len(mine) == 0 || len(enemy) == 0 {
		return ""
	}
	for _, i := range g.shop {
		it := g.catalog[i]
		if pl.bought[i] || pl.atoms < it.Cost {
			continue
		}
		switch it.Effect {
		case Damage:
			if it.Scope == Friendly {
				continue
			}
			for s, id := range enemy {
				c := g.creatures[id-1]
				if amount(it.Value, attackMult(it.Element, g.roster[c.kind].Element), g.domainMult(it.Element)) >= c.health {
					if it.Multi {
						return "item " + it.Name
					}
					if it.Scope == Enemy {
						return fmt.Sprintf("item %s %d", it.Name, s)
					}
				}
			}
		case Heal:
			if it.Scope == Enemy {
				continue
			}
			c := g.creatures[mine[0]-1]
			if c.health*5 < c.maxHealth*2 && c.maxHealth-c.health >= it.Value {
				return "item " + it.Name
			}
		case Upgrade:
			if it.Scope == Friendly && (it.Flat > 0 || it.Percent > 0) && (it.Multi || g.turn <= 2) {
				if it.Stat != StatSpeed || g.speedOf(mine[0]) <= g.speedOf(enemy[0]) {
					return "item " + it.Name
				}
			}
			if it.Scope == Enemy && (it.Flat < 0 || it.Percent < 0) && it.Stat != StatHealth {
				return "item " + it.Name
			}
		case Domain:
			if g.domain < 0 && domainGain(g, p, it) > 0 {
				return "item " + it.Name
			}
		}
	}
	return ""
}

// domainGain weighs a domain for player p: the damage it adds (or health it gives)
// to p's slotted creatures less what it does for the enemy's.
func domainGain(g *Game, p int, it Item) int {
	gain := 0
	for side := 1; side <= 2; side++ {
		sign := 1
		if side != p {
			sign = -1
		}
		for _, id := range g.players[side-1].slots[:g.Living(side)] {
			c := g.creatures[id-1]
			if !it.Element.covers(g.roster[c.kind].Element) {
				continue
			}
			if it.Mult != 0 {
				gain += sign * (amount(c.damage, int64(it.Mult)) - c.damage)
			} else {
				gain += sign * it.EachTurn
			}
		}
	}
	return gain
}

// searchMove is hard's move: every move it could make is played on a copy of the
// match, the opponent answering with an attack, and the round played out with attacks
// (normal's aim) to its end or rolloutTurns; the move whose outcome scores best wins.
func (b *Bot) searchMove(g *Game, p int) string {
	best, bestScore := "", -1<<62
	for _, m := range candidates(g, p) {
		c := g.Copy()
		c.players[2-p].chosen, c.players[2-p].move = false, Move{} // unseen: the opponent's answer is assumed
		c.Play(p, m)
		c.Play(3-p, attackMove(c, 3-p))
		if s := rollout(c, p, g.round); s > bestScore {
			best, bestScore = m, s
		}
	}
	return best
}

// rolloutTurns bounds hard's look ahead: rounds last a few dozen turns at most, and a
// move's worth shows within them.
const rolloutTurns = 30

// rollout plays the round on, p with normal's moves and the opponent attacking (its
// atoms are hidden from p), and scores it for p: a
// round won is worth 1,000, each creature alive in the pool 150, health left in the
// slots its points.
func rollout(g *Game, p, round int) int {
	winner := -1
	for n := 0; n < rolloutTurns && g.round == round && !g.Over(); n++ {
		var moves [2]string
		moves[p-1], moves[2-p] = greedyMove(g, p), attackMove(g, 3-p)
		g.Play(1, moves[0])
		log, _ := g.Play(2, moves[1])
		if log != nil && log.RoundOver {
			winner = log.RoundWinner
		}
	}
	score := 150 * (g.livingIn(p) - g.livingIn(3-p))
	switch winner {
	case p:
		score += 1000
	case 3 - p:
		score -= 1000
	case -1:
		for side := 1; side <= 2; side++ {
			sign := 1
			if side != p {
				sign = -1
			}
			for _, id := range g.players[side-1].slots[:g.Living(side)] {
				score += sign * g.creatures[id-1].health
			}
		}
	}
	return score
}

// candidates lists the moves worth weighing for player p: attacks (at each slot for a
// ranged attacker), swaps with each living creature, and each affordable item of the
// shop at each slot it may aim at.
func candidates(g *Game, p int) []string {
	out := []string{"attack"}
	f := g.front(p)
	nEnemy, nMine := g.Living(3-p), g.Living(p)
	if f != 0 && g.roster[g.creatures[f-1].kind].Attack == Ranged {
		for s := 1; s < nEnemy; s++ {
			out = append(out, fmt.Sprintf("attack %d", s))
		}
	}
	for s := 1; s < nMine; s++ {
		out = append(out, fmt.Sprintf("swap %d", s))
	}
	pl := &g.players[p-1]
	for _, i := range g.shop {
		it := g.catalog[i]
		if pl.bought[i] || pl.atoms < it.Cost {
			continue
		}
		n := 1
		if it.Effect != Domain && !it.Multi {
			switch it.Scope {
			case Friendly:
				n = nMine
			case Enemy:
				n = nEnemy
			case All:
				n = max(nMine, nEnemy)
			}
		}
		for s := range n {
			if s == 0 {
				out = append(out, "item "+it.Name)
			} else {
				out = append(out, fmt.Sprintf("item %s %d", it.Name, s))
			}
		}
	}
	return out
}

// PlayOut plays g to its end with a decider per seat.
func PlayOut(g *Game, d [2]Decider) error {
	for !g.Over() {
		for p := 1; p <= 2; p++ {
			if g.Over() || g.Chosen(p) {
				continue
			}
			if _, err := Act(g, p, d[p-1]); err != nil {
				return err
			}
		}
	}
	return nil
}

// Act makes player p's selection or move for the phase g is in, as d chooses it, and
// returns the turn's log when the move resolved the turn.
func Act(g *Game, p int, d Decider) (*TurnLog, error) {
	var err error
	var log *TurnLog
	switch g.Phase() {
	case PoolSelection:
		err = g.SelectPool(p, d.Pool(g, p))
	case RoundSelection:
		err = g.SelectLineup(p, d.Lineup(g, p))
	case RoundInProgress:
		log, err = g.Play(p, d.Move(g, p))
	default:
		err = ErrGameOver
	}
	if err != nil {
		return nil, fmt.Errorf("aibg: player %d in %s: %w", p, g.Phase(), err)
	}
	return log, nil
}
