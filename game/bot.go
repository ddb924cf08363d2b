package game

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"weak"
)

// Bot is the built-in opponent of solitaire and auto games. Its decisions depend only
// on its seed and the game (setup and position), so a game resumed after a restart,
// with a new Bot of the same seed, goes on as it would have. It never touches the
// game's own random generator, which replays depend on: it simulates on copies.
//
// At its first decision in a game it makes a plan from the setup alone:
//   - It puts each kind next to an enemy on a copy of the board and runs it. If some
//     kind does damage, the kinds play short games against each other from both seats,
//     and the bot fields the one that did best (against a random player every kind
//     worth playing wins; only games between the kinds tell the good from the best).
//   - If no kind ever does damage, the count of minions decides (R25). If minions also
//     spend nearly all the budget once they see an enemy, as the spec's sample
//     strategy does, no hex can be bought once they are out, so the bot hoards: it
//     buys a hex every turn, out of the enemy's sight, and spawns only once its empty
//     spawnable hexes are about as many as the turns left. Otherwise it plays as in a
//     fight.
//
// Each turn of a fight it buys the hex that brings its spawnable area closest to the
// enemy whenever it can pay for it and still spawn, and it spawns every turn (minions
// decide the game, R25): among the few empty spawnable hexes nearest the enemy, on the
// one after which a simulation of its turn and of the enemy minions' reply leaves it
// furthest ahead. A new minion runs last in its turn (R11), so next to an enemy it
// shoots first.
type Bot struct {
	seed  uint64
	style style // its level of play
	only  []int // the kinds it may field (0-based); all when empty
	mu    sync.Mutex
	plans map[weak.Pointer[Game]]plan // made plans, a cache: a plan made again is the same
}

// NewBot returns a bot; the seed varies its choices between equally good options. A
// bot may serve several games and both seats, also concurrently.
func NewBot(seed uint64) *Bot {
	return &Bot{seed: seed, style: styleNormal(), plans: map[weak.Pointer[Game]]plan{}}
}

// NewBotOf returns a bot that fields only the given kinds (0-based indexes into the
// game's kinds), for games where each side brings its own kinds, as in a tournament.
func NewBotOf(seed uint64, kinds []int) *Bot {
	b := NewBot(seed)
	b.only = append([]int(nil), kinds...)
	return b
}

var _ Decider = (*Bot)(nil)

// How much the bot simulates, and how it paces a hoard. Simulation is bounded in
// evaluation steps (deterministic, unlike time), so that strategies that loop to their
// step limit cannot make a decision slow.
const (
	probeSteps     = 50_000     // per probe evaluation
	trialTurns     = 20         // turns each side plays in a trial game
	trialRounds    = 2          // trial games each pair of kinds plays from either seat
	trialSteps     = 10_000_000 // all trial games of a plan together
	lookaheadHexes = 4          // spawn hexes simulated per decision
	lookaheadSteps = 4_000_000  // steps simulated per decision, all hexes together
	hoardSlack     = 3          // spare turns left when spawning as late as possible
)

// FreeSpawn places the plan's kind.
func (b *Bot) FreeSpawn(g *Game, p int) (int, Hex) {
	opts := g.FreeSpawnOptions(p)
	if len(opts) == 0 {
		return 0, Hex{} // nothing is legal; the game will say why
	}
	pl := b.plan(g)
	return pl.kind, pl.place(g, p, opts, b.rng(g))
}

// Buy buys a hex when the plan calls for one and the budget allows it.
func (b *Bot) Buy(g *Game, p int) (Hex, bool) {
	if g.Current() != p {
		return Hex{}, false
	}
	return b.plan(g).buy(g, p, b.rng(g))
}

// Spawn spawns every turn it can, except while hoarding; where (and with hard, which
// kind) depends on its level.
func (b *Bot) Spawn(g *Game, p int) (int, Hex, bool) {
	if g.Current() != p {
		return 0, Hex{}, false
	}
	pl := b.plan(g)
	rng := b.rng(g)
	k, h, ok := pl.spawn(g, p, rng)
	if ok && !pl.hoarding(g) {
		if b.style.hexes > 0 {
			k, h = pl.lookahead(g, p, rng, b.style, b.kinds(g))
		}
	}
	return k, h, ok
}

// rng is the generator for one decision: a function of the bot's seed and of how far
// the game has got, so that a restarted bot draws the same numbers.
func (b *Bot) rng(g *Game) *rand.Rand { return decisionRng(b.seed, g) }

// kinds lists the kinds the bot may field in g.
func (b *Bot) kinds(g *Game) []int {
	var out []int
	for k := range g.kinds {
		if len(b.only) == 0 || slices.Contains(b.only, k) {
			out = append(out, k)
		}
	}
	return out
}

// plan returns the plan for g, making it at the first call. The cache holds games
// weakly: a finished game is not kept alive by a long-lived bot.
func (b *Bot) plan(g *Game) plan {
	key := weak.Make(g)
	b.mu.Lock()
	pl, ok := b.plans[key]
	b.mu.Unlock()
	if ok {
		return pl
	}
	pl = makePlan(g, b.seed, b.only) // unlocked: games played in parallel make their plans in parallel
	b.mu.Lock()
	defer b.mu.Unlock()
	for k := range b.plans {
		if k.Value() == nil {
			delete(b.plans, k)
		}
	}
	b.plans[key] = pl
	return pl
}

// plan is how the bot plays a game, the same from either seat.
type plan struct {
	kind  int  // the kind it spawns
	hoard bool // minions neither hurt each other nor leave budget for hexes: area first
}

// makePlan works the plan out from the setup, not the position, so that it comes out
// the same whenever it is made: at the start or after a restart.
func makePlan(g *Game, seed uint64, only []int) plan {
	base, err := New(g.lang, g.setup)
	if err != nil || len(base.kinds) != len(g.kinds) {
		return plan{} // a scenario's game, with kinds added since: play the first
	}
	var cands []int
	for _, k := range only {
		if k >= 0 && k < len(base.kinds) && !slices.Contains(cands, k) {
			cands = append(cands, k)
		}
	}
	if len(cands) == 0 {
		for k := range base.kinds {
			cands = append(cands, k)
		}
	}
	if !base.canHurt() {
		// The count will decide (R25). Minions that spend the budget once they see an
		// enemy stop the buying of hexes, and then the empty spawnable hexes cap the
		// count: the area comes first.
		k := base.thriftiest(cands)
		return plan{kind: k, hoard: base.burns(k)}
	}
	n := len(cands)
	if n == 1 {
		return plan{kind: cands[0]}
	}
	// A random player is beaten by every kind worth playing; only games between the
	// kinds tell the good from the best.
	score := make([]float64, len(base.kinds))
	steps := int64(trialSteps / (n * (n - 1) * trialRounds))
	game := uint64(0)
	for i := range n {
		for j := i + 1; j < n; j++ {
			a, b := cands[i], cands[j]
			for round := range 2 * trialRounds {
				kinds := [2]int{a, b}
				if round%2 == 1 {
					kinds = [2]int{b, a}
				}
				game++
				t := base.trial(kinds, seed^game*0xbf58476d1ce4e5b9, steps)
				score[kinds[0]] += t.trialScore(1)
				score[kinds[1]] += t.trialScore(2)
			}
		}
	}
	best := cands[0]
	for _, k := range cands {
		if score[k] > score[best] {
			best = k
		}
	}
	return plan{kind: best}
}

// hoarding reports whether the plan hoards now: only while nobody has been hurt, so
// that a probe proven wrong by the game costs no more than the turns it took.
func (pl plan) hoarding(g *Game) bool { return pl.hoard && g.peaceful() }

// buy picks the hex to buy this turn, if any. Hexes only serve spawns: none once the
// spawns are used up, and none that would leave too little to spawn this turn.
func (pl plan) buy(g *Game, p int, rng *rand.Rand) (Hex, bool) {
	cfg := g.setup.Config
	me := g.player(p)
	if me.spawnsUsed >= cfg.MaxSpawns || me.budget < float64(cfg.HexPurchaseCost+cfg.SpawnCost) {
		return Hex{}, false
	}
	opts := g.BuyOptions(p)
	if len(opts) == 0 {
		return Hex{}, false
	}
	enemies := g.enemyHexes(p)
	hoarding := pl.hoarding(g)
	return lowest(opts, rng, func(h Hex) float64 {
		d := float64(nearest(h, enemies))
		if g.at(h) != nil {
			d += 3 // of no use until its minion leaves
		}
		if hoarding {
			return float64(g.exposure(p, h))/10 - d
		}
		return d
	}), true
}

// spawn picks this turn's spawn, if any: every turn it can, except that a hoarding
// plan waits while it can still buy hexes and has turns to spare.
func (pl plan) spawn(g *Game, p int, rng *rand.Rand) (int, Hex, bool) {
	cfg := g.setup.Config
	me := g.player(p)
	opts := g.SpawnOptions(p)
	if len(opts) == 0 || me.budget < float64(cfg.SpawnCost) {
		return 0, Hex{}, false
	}
	if pl.hoarding(g) {
		turnsLeft := cfg.MaxTurns - int64(me.turns) + 1 // this one included
		// No hexes will be bought once the minions are out: first an area with room for
		// as many as there will be turns left to spawn them.
		spawnsLeft := min(cfg.MaxSpawns-me.spawnsUsed, int64(len(opts)))
		canBuy := g.bought || me.budget >= float64(cfg.HexPurchaseCost+cfg.SpawnCost) && len(g.BuyOptions(p)) > 0
		if canBuy && turnsLeft > spawnsLeft+hoardSlack {
			return 0, Hex{}, false
		}
	}
	return pl.kind, pl.place(g, p, opts, rng), true
}

// place picks a spawn hex without simulating: fighting, the one nearest the enemy, away
// from the bot's own minions (they would block each other's way); hoarding, one out of
// the enemy's sight (R18), far from it.
func (pl plan) place(g *Game, p int, opts []Hex, rng *rand.Rand) Hex {
	return lowest(opts, rng, pl.placeScore(g, p))
}

func (pl plan) placeScore(g *Game, p int) func(Hex) float64 {
	enemies := g.enemyHexes(p)
	hoarding := pl.hoarding(g)
	return func(h Hex) float64 {
		d := float64(nearest(h, enemies))
		if hoarding {
			return float64(g.exposure(p, h)) - d
		}
		return d + 0.3*float64(g.ownNeighbours(p, h))
	}
}

// lookahead picks the spawn by simulation: for each of the best few hexes by
// placeScore (st.hexes of them), it plays the rest of the turn on a copy of the game,
// then the enemy's minions' turn (without a purchase or spawn), and keeps the hex that
// leaves the bot with the largest lead in minions and HP. With st.kinds it tries each
// of kinds on every hex, not only the plan's; with st.deep it also plays its own next
// turn, by the plan. The copy's random generator is the game's, so the bot's own turn
// is simulated exactly.
func (pl plan) lookahead(g *Game, p int, rng *rand.Rand, st style, kinds []int) (int, Hex) {
	type cand struct {
		k     int
		h     Hex
		score float64
	}
	if !st.kinds || len(kinds) == 0 {
		kinds = []int{pl.kind}
	}
	score := pl.placeScore(g, p)
	var hexes []cand
	for _, h := range g.SpawnOptions(p) {
		hexes = append(hexes, cand{pl.kind, h, score(h) + 0.1*rng.Float64()})
	}
	slices.SortFunc(hexes, func(a, b cand) int { return cmp.Compare(a.score, b.score) })
	hexes = hexes[:min(len(hexes), st.hexes)]
	var cands []cand
	for _, c := range hexes {
		for _, k := range kinds {
			cands = append(cands, cand{k, c.h, c.score})
		}
	}
	// The plan's kind first, so that it wins ties.
	slices.SortStableFunc(cands, func(a, b cand) int {
		return cmp.Compare(b2i(a.k != pl.kind), b2i(b.k != pl.kind))
	})
	best, bestValue := cands[0], math.Inf(-1)
	steps := int64(lookaheadSteps)
	steps *= int64(1 + st.rounds)
	for i, c := range cands {
		if len(cands) == 1 || steps <= 0 {
			break // nothing to choose from, or no more time to choose
		}
		sim := g.clone(false)
		if sim.Spawn(p, c.k, c.h) != nil {
			continue
		}
		steps -= sim.endTurn(p)
		if sim.phase == PhasePlay && st.reply {
			if t, err := PlayTurn(sim, 3-p, planned{pl: plan{kind: sim.lastKind(3-p, c.k)}, rng: rng}); err == nil {
				steps -= t.steps()
			}
		} else if sim.phase == PhasePlay {
			steps -= sim.endTurn(3 - p)
		}
		for range st.rounds {
			for _, q := range []int{p, 3 - p} {
				if sim.phase != PhasePlay {
					break
				}
				t, err := PlayTurn(sim, q, planned{pl: plan{kind: sim.lastKind(q, c.k)}, rng: rng})
				if err != nil {
					break
				}
				steps -= t.steps()
			}
		}
		// Between equal outcomes, the order of placeScore decides.
		if v := sim.lead(p) - 0.001*float64(i); v > bestValue {
			best, bestValue = c, v
		}
	}
	return best.k, best.h
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// endTurn ends p's turn in a simulation and returns the evaluation steps it took.
func (g *Game) endTurn(p int) int64 {
	t, _ := g.EndTurn(p)
	return t.steps()
}

// steps counts the evaluation steps of a turn.
func (t TurnLog) steps() int64 {
	n := int64(0)
	for _, e := range t.Events {
		n += e.Steps
	}
	return n
}

// lead is how far p is ahead: a won game counts most, then minions (R25), then HP in
// units of a new minion's.
func (g *Game) lead(p int) float64 {
	if r := g.result; r != nil && r.Winner != 0 {
		if r.Winner == p {
			return 1e9
		}
		return -1e9
	}
	var n, hp [2]float64
	for _, m := range g.minions {
		if !m.dead {
			n[m.owner-1]++
			hp[m.owner-1] += float64(m.hp)
		}
	}
	return n[p-1] - n[2-p] + (hp[p-1]-hp[2-p])/float64(max(1, g.setup.Config.InitHP))
}

// probeHexes are where probes put the minion under test: mid-board, so that the enemy
// can stand two hexes away in every direction.
func probeHexes() [2]Hex { return [2]Hex{{4, 4}, {5, 5}} }

// canHurt reports whether some kind damages an enemy next to it: run in each
// direction, from two places, with the initial and the maximum budget, three times
// (strategies count turns).
func (base *Game) canHurt() bool {
	cfg := base.setup.Config
	for k := range base.kinds {
		for _, at := range probeHexes() {
			for d := 1; d <= 6; d++ {
				for _, budget := range []int64{cfg.InitBudget, cfg.MaxBudget} {
					c, m := base.probe(k, (k+d)%len(base.kinds), at, d, 1, budget)
					if m == nil {
						continue
					}
					for range 3 {
						c.runMinion(m, TurnStepLimit)
					}
					for _, e := range c.turn.Events {
						if e.Type == EvShoot && e.Target != 0 {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// thriftiest is the kind whose minion spends least with an enemy in sight but out of
// reach: when minions cannot fight, budget spent moving is not spent on hexes.
func (base *Game) thriftiest(cands []int) int {
	best, least := cands[0], math.Inf(1)
	for _, k := range cands {
		if len(cands) == 1 {
			break
		}
		spent := 0.0
		for d := 1; d <= 6; d++ {
			c, m := base.probe(k, k, probeHexes()[0], d, 2, base.setup.Config.InitBudget)
			if m == nil {
				continue
			}
			before := c.players[0].budget
			c.runMinion(m, TurnStepLimit)
			spent += before - c.players[0].budget
		}
		if spent < least {
			best, least = k, spent
		}
	}
	return best
}

// burns reports whether a minion of kind k spends most of the budget in one turn when
// it sees an enemy but cannot move, hemmed in by its own side: minions like that leave
// nothing for hexes once they are out.
func (base *Game) burns(k int) bool {
	const budget = 1000
	spent := 0.0
	for d := 1; d <= 6; d++ {
		c, m := base.probe(k, k, probeHexes()[0], d, 3, budget)
		if m == nil {
			continue
		}
		for _, dir := range Directions() {
			c.addMinion(1, k, m.hex.Neighbor(dir))
		}
		c.runMinion(m, TurnStepLimit)
		spent = max(spent, budget-c.players[0].budget)
	}
	return spent > budget/2
}

// probe sets up a copy of base with player 1 to play with the given budget, a minion of
// kind k of its at a, and an enemy of kind j dist hexes away from it in direction d;
// the minion is nil when the enemy would stand off the board.
func (base *Game) probe(k, j int, at Hex, d, dist int, budget int64) (*Game, *minion) {
	enemy := at
	for range dist {
		enemy = enemy.Neighbor(d)
	}
	if !enemy.OnBoard() || !at.OnBoard() {
		return nil, nil
	}
	c := base.clone(false)
	c.setup.Config.StepLimit = min(c.setup.Config.StepLimit, probeSteps)
	c.phase, c.current = PhasePlay, 1
	c.players[0].budget, c.players[0].turns = float64(budget), 1
	m := c.addMinion(1, k, at)
	c.addMinion(2, j, enemy)
	return c, m
}

// trial plays a short game from base (the setup) between two fighting plans with the
// given kinds, placing spawns without lookahead. It stops early once its steps run
// out.
func (base *Game) trial(kinds [2]int, seed uint64, steps int64) *Game {
	g := base.clone(false)
	g.setup.Config.MaxTurns = min(g.setup.Config.MaxTurns, trialTurns)
	var d [2]planned
	for q := range d {
		d[q] = planned{pl: plan{kind: kinds[q]}, rng: rand.New(rand.NewPCG(seed, uint64(q)))}
	}
	for q := 1; q <= 2; q++ {
		if PlayFreeSpawn(g, q, d[q-1]) != nil {
			return g
		}
	}
	for g.phase == PhasePlay && steps > 0 {
		q := g.current
		t, err := PlayTurn(g, q, d[q-1])
		if err != nil {
			return g
		}
		steps -= t.steps()
	}
	return g
}

// trialScore rates a trial game for p: 1 for a win by elimination, 0 for a loss; a
// game still open or ended at the trial's turn limit, 0.5 plus half p's lead in
// minions. On top, up to 0.5 for the HP p has left of all it fielded, which tells apart
// kinds that both win.
func (g *Game) trialScore(p int) float64 {
	var n [2]float64
	hp := 0.0
	for _, m := range g.minions {
		if !m.dead {
			n[m.owner-1]++
			if m.owner == p {
				hp += float64(m.hp)
			}
		}
	}
	s := 0.5 + 0.5*(n[p-1]-n[2-p])/max(1, n[0]+n[1])
	if r := g.result; r != nil && r.Reason == ReasonElimination {
		s = 0
		if r.Winner == p {
			s = 1
		}
	}
	return s + 0.5*hp/float64(max(1, g.setup.Config.InitHP*g.player(p).spawnsUsed))
}

// planned plays a plan in trial games, with its own generator.
type planned struct {
	pl  plan
	rng *rand.Rand
}

func (d planned) FreeSpawn(g *Game, p int) (int, Hex) {
	return d.pl.kind, d.pl.place(g, p, g.FreeSpawnOptions(p), d.rng)
}

func (d planned) Buy(g *Game, p int) (Hex, bool) { return d.pl.buy(g, p, d.rng) }

func (d planned) Spawn(g *Game, p int) (int, Hex, bool) { return d.pl.spawn(g, p, d.rng) }

// lowest returns the option with the lowest score, ties broken at random.
func lowest(opts []Hex, rng *rand.Rand, score func(Hex) float64) Hex {
	var best Hex
	bestScore := math.Inf(1)
	for _, h := range opts {
		if s := score(h) + 0.1*rng.Float64(); s < bestScore {
			best, bestScore = h, s
		}
	}
	return best
}

// enemyHexes lists where p's enemies stand, or their start area when none are left.
func (g *Game) enemyHexes(p int) []Hex {
	var out []Hex
	for _, m := range g.minions {
		if !m.dead && m.owner != p {
			out = append(out, m.hex)
		}
	}
	if len(out) == 0 {
		return StartArea(3 - p)
	}
	return out
}

// nearest is the distance from h to the closest of hexes.
func nearest(h Hex, hexes []Hex) int {
	d := math.MaxInt
	for _, o := range hexes {
		d = min(d, Distance(h, o))
	}
	return d
}

// exposure rates how soon p's minion at h could be in an enemy's sight: 10 for each
// ray from h with an enemy on it (an enemy whose opponent query, R18, finds h), plus
// 1 for each hex on them where the enemy can spawn.
func (g *Game) exposure(p int, h Hex) int {
	n := 0
	theirs := g.players[2-p].spawnable
	for _, ray := range g.rays[h.index()] {
		seen := false
		for _, i := range ray {
			if o := g.board[i]; !seen && o != nil && o.owner != p {
				n += 10
				seen = true
			}
			if theirs&(1<<i) != 0 {
				n++
			}
		}
	}
	return n
}

// ownNeighbours counts p's minions next to h.
func (g *Game) ownNeighbours(p int, h Hex) int {
	n := 0
	for _, d := range Directions() {
		if m := g.at(h.Neighbor(d)); m != nil && m.owner == p {
			n++
		}
	}
	return n
}

// peaceful reports whether no minion has been hurt so far: all alive with full HP.
func (g *Game) peaceful() bool {
	var alive [2]int64
	for _, m := range g.minions {
		if !m.dead {
			if m.hp < g.setup.Config.InitHP {
				return false
			}
			alive[m.owner-1]++
		}
	}
	return alive[0] == g.players[0].spawnsUsed && alive[1] == g.players[1].spawnsUsed
}

// lastKind is the kind of p's newest living minion, or k when p has none.
func (g *Game) lastKind(p, k int) int {
	for i := len(g.minions) - 1; i >= 0; i-- {
		if m := g.minions[i]; !m.dead && m.owner == p {
			return m.kind
		}
	}
	return k
}
