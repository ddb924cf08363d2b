package game

import (
	"math"
	"math/rand/v2"
	"sync"
)

// Bot is the built-in opponent of solitaire and auto games. Its decisions are a pure
// function of its seed and the game's state, so a game resumed after a restart goes on
// as it would have; it never touches the game's own random generator (replays apply
// decisions without running the bot).
//
// How it plays: at its first decision it plays short trial games against a random
// player to learn what works with this game's kinds and rules (strategies decide far
// more than defense factors, and only playing them shows which ones work): first which
// kind to field, then whether to buy hexes freely or only when its area is full, and
// whether to spawn toward the enemy or spread out. Then it spawns whenever it can
// (minions decide the game at the turn limit, R25, and do the fighting) following that
// plan.
type Bot struct {
	seed  uint64
	mu    sync.Mutex
	plans map[*Game]plan // a cache: working a plan out again gives the same plan
}

// plan is how the bot plays a game.
type plan struct {
	player int
	kind   int  // the kind to spawn
	second int  // the runner-up, fielded now and then for variety (-1: none)
	spend  bool // buy hexes whenever affordable, rather than only when the area is full
	front  bool // spawn on the hex nearest the enemy, rather than anywhere
}

// NewBot returns a bot; the seed varies its choices between equally good options. A
// bot may serve several games, also concurrently.
func NewBot(seed uint64) *Bot { return &Bot{seed: seed, plans: map[*Game]plan{}} }

var _ Decider = (*Bot)(nil)

func (b *Bot) rng(g *Game) *rand.Rand {
	return rand.New(rand.NewPCG(b.seed, uint64(g.Decisions())*0x9e3779b97f4a7c15+1))
}

// FreeSpawn places the plan's kind.
func (b *Bot) FreeSpawn(g *Game, p int) (int, Hex) {
	pl := b.plan(g, p)
	return pl.pick(b.rng(g)), b.place(g, p, pl, g.FreeSpawnOptions(p))
}

// Buy buys when the plan says to spend, or when the spawnable area is full.
func (b *Bot) Buy(g *Game, p int) (Hex, bool) {
	if g.Current() != p {
		return Hex{}, false
	}
	pl := b.plan(g, p)
	return pl.buy(g, p, b.rng(g))
}

// Spawn spawns the plan's kind whenever it can.
func (b *Bot) Spawn(g *Game, p int) (int, Hex, bool) {
	opts := g.SpawnOptions(p)
	if len(opts) == 0 || g.player(p).budget < float64(g.setup.Config.SpawnCost) {
		return 0, Hex{}, false
	}
	pl := b.plan(g, p)
	rng := b.rng(g)
	return pl.pick(rng), b.place(g, p, pl, opts), true
}

func (pl plan) pick(rng *rand.Rand) int {
	if pl.second >= 0 && rng.IntN(5) == 0 {
		return pl.second
	}
	return pl.kind
}

func (pl plan) buy(g *Game, p int, rng *rand.Rand) (Hex, bool) {
	cfg := g.setup.Config
	me := g.player(p)
	if cfg.MaxSpawns-me.spawnsUsed <= 0 || me.budget < float64(cfg.HexPurchaseCost+cfg.SpawnCost) {
		return Hex{}, false
	}
	if !pl.spend && len(g.emptySpawnable(p)) > 0 {
		return Hex{}, false
	}
	opts := g.BuyOptions(p)
	if len(opts) == 0 {
		return Hex{}, false
	}
	if pl.front {
		return frontHex(g, p, opts, rng), true
	}
	return opts[rng.IntN(len(opts))], true
}

func (b *Bot) place(g *Game, p int, pl plan, opts []Hex) Hex {
	rng := b.rng(g)
	if pl.front {
		return frontHex(g, p, opts, rng)
	}
	return opts[rng.IntN(len(opts))]
}

// frontHex picks among hexes the one closest to the enemy's minions (or their start
// area when none are left), away from crowds of its own; ties broken at random.
func frontHex(g *Game, p int, opts []Hex, rng *rand.Rand) Hex {
	var targets []Hex
	for _, m := range g.minions {
		if !m.dead && m.owner != p {
			targets = append(targets, m.hex)
		}
	}
	if len(targets) == 0 {
		targets = StartArea(3 - p)
	}
	best, bestScore := opts[0], math.MaxFloat64
	for _, h := range opts {
		d := math.MaxInt
		for _, t := range targets {
			d = min(d, Distance(h, t))
		}
		crowd := 0
		for _, dir := range Directions() {
			if m := g.at(h.Neighbor(dir)); m != nil && m.owner == p {
				crowd++
			}
		}
		score := float64(d) + 0.3*float64(crowd) + rng.Float64()*0.1
		if score < bestScore {
			best, bestScore = h, score
		}
	}
	return best
}

// Trial games that make the plan: how many per candidate, and how long.
const (
	trialGames = 2
	trialTurns = 16
)

// plan works out (once per game and seat) how to play: the best kind with a default
// economy, then, for that kind, the best of the buying and placing habits. It depends
// on the setup and the bot's seed only.
func (b *Bot) plan(g *Game, p int) plan {
	if p != 1 && p != 2 {
		return plan{player: p, second: -1}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if pl, ok := b.plans[g]; ok && pl.player == p {
		return pl
	}
	pl := plan{player: p, second: -1}
	if len(g.kinds) > 1 {
		score := make([]float64, len(g.kinds))
		for k := range g.kinds {
			score[k] = b.trial(g, p, plan{player: p, kind: k, second: -1})
		}
		for k := range score {
			if score[k] > score[pl.kind] {
				pl.kind = k
			}
		}
		for k := range score {
			if k != pl.kind && score[k] >= score[pl.kind]-0.25 && (pl.second < 0 || score[k] > score[pl.second]) {
				pl.second = k
			}
		}
	}
	best := -1.0
	for _, spend := range []bool{false, true} {
		for _, front := range []bool{false, true} {
			c := pl
			c.spend, c.front = spend, front
			if s := b.trial(g, p, c); s > best {
				best, pl.spend, pl.front = s, spend, front
			}
		}
	}
	if len(b.plans) > 64 {
		clear(b.plans)
	}
	b.plans[g] = pl
	return pl
}

// trial scores a plan over short games against a random player from seat p: a win
// counts 1, a tie 0.5, plus half the plan's share of the minions left.
func (b *Bot) trial(g *Game, p int, pl plan) float64 {
	cfg := g.setup.Config
	cfg.MaxTurns = min(cfg.MaxTurns, trialTurns)
	score := 0.0
	for t := 0; t < trialGames; t++ {
		seed := b.seed ^ uint64(t+1)*0xbf58476d1ce4e5b9
		trial, err := New(g.lang, Setup{Config: cfg, Seed: seed, Mode: ModeAuto, Kinds: g.setup.Kinds})
		if err != nil {
			continue
		}
		var d [2]Decider
		d[p-1] = planned{pl: pl, rng: rand.New(rand.NewPCG(seed, 1))}
		d[2-p] = RandomDecider{Rng: rand.New(rand.NewPCG(seed, 2))}
		if PlayOut(trial, d) != nil {
			continue
		}
		switch trial.Result().Winner {
		case p:
			score++
		case 0:
			score += 0.5
		}
		s := trial.Snapshot()
		if mine, theirs := s.Players[p-1].Minions, s.Players[2-p].Minions; mine+theirs > 0 {
			score += 0.5 * float64(mine) / float64(mine+theirs)
		}
	}
	return score
}

// planned plays a plan in trial games.
type planned struct {
	pl  plan
	rng *rand.Rand
}

func (d planned) FreeSpawn(g *Game, p int) (int, Hex) {
	return d.pl.kind, d.hex(g, p, g.FreeSpawnOptions(p))
}

func (d planned) Buy(g *Game, p int) (Hex, bool) { return d.pl.buy(g, p, d.rng) }

func (d planned) Spawn(g *Game, p int) (int, Hex, bool) {
	opts := g.SpawnOptions(p)
	if len(opts) == 0 || g.player(p).budget < float64(g.setup.Config.SpawnCost) {
		return 0, Hex{}, false
	}
	return d.pl.kind, d.hex(g, p, opts), true
}

func (d planned) hex(g *Game, p int, opts []Hex) Hex {
	if d.pl.front {
		return frontHex(g, p, opts, d.rng)
	}
	return opts[d.rng.IntN(len(opts))]
}
