package aibg

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Phase is a phase of a match, spelled as the spec spells it (A1).
type Phase string

// The phases, in the order a match goes through them.
const (
	PoolSelection   Phase = "POOL_SELECTION"
	RoundSelection  Phase = "ROUND_SELECTION"
	RoundInProgress Phase = "ROUND_IN_PROGRESS"
	GameOver        Phase = "GAME_OVER"
)

// The numbers of the rules.
const (
	PoolSize  = 12  // creatures a player names (A2)
	MaxSlots  = 4   // creatures in a lineup (A3)
	MaxRounds = 5   // rounds in a match (A5)
	MaxTurns  = 600 // turns in a round before it is a draw (A4)
	ShopSize  = 3   // items shown each round (A13)
)

// Atoms is what each player gets at the start of round r, from 1 (A12): 3, 5, 7, 9, 11.
func Atoms(r int) int { return 1 + 2*r }

// Sentinel errors for conditions callers branch on. A refused move is not one of
// them: it is a pass, reported in the turn's log (A6).
var (
	// ErrGameOver: the match has ended; nothing more can be done in it.
	ErrGameOver = errors.New("aibg: the match is over")
	// ErrPhase: a selection or a move out of its phase.
	ErrPhase = errors.New("aibg: not in this phase")
	// ErrChosen: the player has already chosen in this phase (or this turn).
	ErrChosen = errors.New("aibg: already chosen")
)

// Setup is what a match starts from: its seed, and the roster and catalog when they
// are not the built-in ones (scenarios bring their own, A16).
type Setup struct {
	Seed      uint64         `json:"seed"`
	Creatures []CreatureSpec `json:"creatures,omitempty"` // nil: Roster()
	Items     []ItemSpec     `json:"items,omitempty"`     // nil: Catalog()
}

// creature is one creature of a pool, with its stats for the round (A4).
type creature struct {
	kind      int // index in the roster
	owner     int // 1 or 2
	health    int
	maxHealth int
	damage    int
	speed     int
	alive     bool
}

// player is one side's state.
type player struct {
	pool      []int // creature ids, in the order named
	slots     []int // the round's lineup: the living in slot order, then the dead in the order they died (A11, A11a)
	atoms     int
	roundsWon int
	bought    []bool     // per catalog item, this round (A13)
	chosen    bool       // the player's selection or move for this phase or turn is in
	move      Move       // the move chosen for the open turn
	text      string     // the move as written
	selection []int      // a pool (roster indexes) or lineup (ids) chosen, waiting for the other player
	ended     []Creature // the lineup as the last round ended, before the survivors were healed (Ended)
}

// Game is one AIBG match. It is deterministic given its Setup and the selections and
// moves applied to it. A Game is not safe for concurrent use.
type Game struct {
	setup     Setup
	roster    []Kind
	catalog   []Item
	phase     Phase
	round     int // from 1; 0 during pool selection
	turn      int // the open turn of the round, from 1
	creatures []creature
	players   [2]player
	shown     []bool // per catalog item: shown in some round (A13)
	shop      []int  // catalog indexes on display
	domain    int    // catalog index of the domain in force, or -1
	pcg       *rand.PCG
	rng       *rand.Rand
	actions   []Action
	winner    int  // once over: 1, 2, or 0 for a draw
	quiet     bool // no events are logged (SetQuiet)
}

// New starts a match in POOL_SELECTION.
func New(s Setup) (*Game, error) {
	g := &Game{setup: s}
	var err error
	if s.Creatures == nil {
		g.roster = Roster()
	} else if g.roster, err = kinds(s.Creatures, func(i int) string { return fmt.Sprintf("creature %d", i+1) }); err != nil {
		return nil, fmt.Errorf("aibg: setup: %w", err)
	}
	if s.Items == nil {
		g.catalog = Catalog()
	} else if g.catalog, err = items(s.Items, func(i int) string { return fmt.Sprintf("item %d", i+1) }); err != nil {
		return nil, fmt.Errorf("aibg: setup: %w", err)
	}
	return g.restart(s.Seed), nil
}

// restart is a new match with g's roster and catalog and another seed: what New makes
// of the same Setup with that seed, without reading the data again (simulations play
// thousands of matches).
func (g *Game) restart(seed uint64) *Game {
	c := &Game{setup: g.setup, roster: g.roster, catalog: g.catalog, phase: PoolSelection, domain: -1}
	c.setup.Seed = seed
	c.shown = make([]bool, len(c.catalog))
	for i := range c.players {
		c.players[i].bought = make([]bool, len(c.catalog))
	}
	c.pcg = rand.NewPCG(seed, 0x6169626721) // "aibg!"
	c.rng = rand.New(c.pcg)
	return c
}

// SetQuiet turns the turn logs' events off (or on again): a match played for its
// result alone, by a simulation or a bot's trial, runs faster without them.
func (g *Game) SetQuiet(on bool) { g.quiet = on }

// check says whether player p may act in phase ph now.
func (g *Game) check(p int, ph Phase) error {
	switch {
	case g.phase == GameOver:
		return ErrGameOver
	case p != 1 && p != 2:
		return fmt.Errorf("aibg: no player %d: the players are 1 and 2", p)
	case g.phase != ph:
		return fmt.Errorf("%w: the match is in %s", ErrPhase, g.phase)
	case g.players[p-1].chosen:
		return ErrChosen
	}
	return nil
}

// kindIndex looks a creature type up by name, case-insensitively; -1 if the roster has none.
func (g *Game) kindIndex(name string) int {
	for i, k := range g.roster {
		if strings.EqualFold(k.Name, name) {
			return i
		}
	}
	return -1
}

// itemIndex looks an item up by name, case-insensitively; -1 if the catalog has none.
func (g *Game) itemIndex(name string) int {
	for i, it := range g.catalog {
		if strings.EqualFold(it.Name, name) {
			return i
		}
	}
	return -1
}

// SelectPool makes player p's pool: exactly 12 type names of the roster, repeats
// allowed (A2). A refused pool changes nothing. Once both pools are in, the creatures
// get their ids (A2a) and the first round begins.
func (g *Game) SelectPool(p int, types []string) error {
	if err := g.check(p, PoolSelection); err != nil {
		return err
	}
	if len(types) != PoolSize {
		return fmt.Errorf("aibg: a pool names exactly %d creature types, got %d", PoolSize, len(types))
	}
	sel := make([]int, len(types))
	var unknown []string
	for i, name := range types {
		if sel[i] = g.kindIndex(name); sel[i] < 0 {
			unknown = append(unknown, fmt.Sprintf("%q", name))
		}
	}
	if unknown != nil {
		return fmt.Errorf("aibg: unknown creature type %s (the types are %s)", strings.Join(unknown, ", "), g.typeNames())
	}
	g.actions = append(g.actions, Action{Player: p, Kind: ActPool, Types: append([]string(nil), types...)})
	pl := &g.players[p-1]
	pl.chosen, pl.selection = true, sel
	if g.players[0].chosen && g.players[1].chosen {
		for i := range g.players {
			pl := &g.players[i]
			for _, k := range pl.selection {
				g.creatures = append(g.creatures, creature{kind: k, owner: i + 1, alive: true})
				pl.pool = append(pl.pool, len(g.creatures))
			}
		}
		g.startRound()
	}
	return nil
}

// typeNames lists the roster's names for a message.
func (g *Game) typeNames() string {
	names := make([]string, len(g.roster))
	for i, k := range g.roster {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

// SelectLineup makes player p's lineup for the round: 1 to 4 distinct ids of living
// creatures of p's pool, slot 0 first (A3). A refused lineup changes nothing. Once
// both are in, they are revealed together and the round's first turn opens.
func (g *Game) SelectLineup(p int, ids []int) error {
	if err := g.check(p, RoundSelection); err != nil {
		return err
	}
	if len(ids) < 1 || len(ids) > MaxSlots {
		return fmt.Errorf("aibg: a lineup has 1 to %d creatures, got %d", MaxSlots, len(ids))
	}
	for i, id := range ids {
		switch {
		case id < 1 || id > len(g.creatures) || g.creatures[id-1].owner != p:
			return fmt.Errorf("aibg: creature %d is not in your pool", id)
		case !g.creatures[id-1].alive:
			return fmt.Errorf("aibg: creature %d is dead", id)
		}
		for _, o := range ids[:i] {
			if o == id {
				return fmt.Errorf("aibg: creature %d is named twice", id)
			}
		}
	}
	g.actions = append(g.actions, Action{Player: p, Kind: ActLineup, IDs: append([]int(nil), ids...)})
	pl := &g.players[p-1]
	pl.chosen, pl.selection = true, append([]int(nil), ids...)
	if g.players[0].chosen && g.players[1].chosen {
		for i := range g.players {
			pl := &g.players[i]
			pl.slots, pl.selection, pl.chosen = pl.selection, nil, false
		}
		g.phase, g.turn = RoundInProgress, 1
	}
	return nil
}

// startRound opens the next round's selection: atoms (A12), a fresh shop (A13), no
// domain (A15), the survivors healed and back to their type's stats (A4).
func (g *Game) startRound() {
	g.round++
	g.phase, g.turn, g.domain = RoundSelection, 0, -1
	for i := range g.creatures {
		c := &g.creatures[i]
		if c.alive {
			k := g.roster[c.kind]
			c.health, c.maxHealth, c.damage, c.speed = k.Health, k.Health, k.Damage, k.Speed
		}
	}
	for i := range g.players {
		pl := &g.players[i]
		pl.atoms, pl.slots, pl.chosen, pl.selection = Atoms(g.round), nil, false, nil
		clear(pl.bought)
	}
	g.drawShop()
}

// drawShop shows up to three items never shown before, drawn from the seed (A13, A13a).
func (g *Game) drawShop() {
	g.shop = g.shop[:0]
	for range ShopSize {
		left := 0
		for _, s := range g.shown {
			if !s {
				left++
			}
		}
		if left == 0 {
			return
		}
		k := g.rng.IntN(left)
		for i, s := range g.shown {
			if s {
				continue
			}
			if k == 0 {
				g.shown[i] = true
				g.shop = append(g.shop, i)
				break
			}
			k--
		}
	}
}

// Finish ends the round in progress as at its turn limit: a draw (A4). The scenario
// reader's "finish", and how whoever watches a bots' match cuts a round short.
func (g *Game) Finish() error {
	if g.phase == GameOver {
		return ErrGameOver
	}
	if g.phase != RoundInProgress {
		return fmt.Errorf("%w: a round ends only in %s, the match is in %s", ErrPhase, RoundInProgress, g.phase)
	}
	g.actions = append(g.actions, Action{Kind: ActFinish})
	g.endRound(0, nil)
	return nil
}

// endRound ends the round with winner (0 for a draw) and either ends the match (A5)
// or opens the next round.
func (g *Game) endRound(winner int, log *TurnLog) {
	if winner != 0 {
		g.players[winner-1].roundsWon++
	}
	if log != nil {
		log.RoundOver, log.RoundWinner = true, winner
	}
	for i := range g.players {
		g.players[i].move, g.players[i].chosen = Move{}, false
		g.players[i].ended = nil
		if !g.quiet { // a bot's trial never looks
			g.players[i].ended = g.lineup(i + 1)
		}
	}
	if g.round >= MaxRounds || g.livingIn(1) == 0 || g.livingIn(2) == 0 {
		g.phase, g.shop, g.domain = GameOver, nil, -1
		switch a, b := g.players[0].roundsWon, g.players[1].roundsWon; {
		case a > b:
			g.winner = 1
		case b > a:
			g.winner = 2
		}
		return
	}
	g.startRound()
}

// livingIn counts the living creatures of player p's pool.
func (g *Game) livingIn(p int) int { return g.count(g.players[p-1].pool) }

// count is the number of living creatures among ids.
func (g *Game) count(ids []int) int {
	n := 0
	for _, id := range ids {
		if g.creatures[id-1].alive {
			n++
		}
	}
	return n
}

// Phase is the match's phase.
func (g *Game) Phase() Phase { return g.phase }

// Round is the round, from 1; 0 during pool selection.
func (g *Game) Round() int { return g.round }

// Turn is the round's open turn, from 1, during ROUND_IN_PROGRESS; 0 otherwise.
func (g *Game) Turn() int { return g.turn }

// Over reports whether the match has ended.
func (g *Game) Over() bool { return g.phase == GameOver }

// Winner is 1 or 2 once the match is over, 0 for a draw or a match going on.
func (g *Game) Winner() int { return g.winner }

// Atoms is player p's atoms left this round.
func (g *Game) Atoms(p int) int { return g.players[p-1].atoms }

// RoundsWon is the rounds player p has won.
func (g *Game) RoundsWon(p int) int { return g.players[p-1].roundsWon }

// Chosen reports whether player p's selection or move for the open phase or turn is in.
func (g *Game) Chosen(p int) bool { return g.players[p-1].chosen }

// Kinds is the match's roster.
func (g *Game) Kinds() []Kind { return append([]Kind(nil), g.roster...) }

// Items is the match's catalog.
func (g *Game) Items() []Item { return append([]Item(nil), g.catalog...) }

// Shop is the items on display this round (A13).
func (g *Game) Shop() []Item {
	out := make([]Item, len(g.shop))
	for i, k := range g.shop {
		out[i] = g.catalog[k]
	}
	return out
}

// Bought reports whether player p has bought the item named this round.
func (g *Game) Bought(p int, name string) bool {
	i := g.itemIndex(name)
	return i >= 0 && g.players[p-1].bought[i]
}

// Domain is the domain in force, if any (A15).
func (g *Game) Domain() (Item, bool) {
	if g.domain < 0 {
		return Item{}, false
	}
	return g.catalog[g.domain], true
}

// Creature is a creature of the match as a player sees it.
type Creature struct {
	ID        int    `json:"id"`
	Type      string `json:"type"`
	Element   string `json:"element"`
	Attack    string `json:"attack"`
	Health    int    `json:"health"`
	MaxHealth int    `json:"max_health"`
	Speed     int    `json:"speed"`
	Damage    int    `json:"damage"`
	Alive     bool   `json:"alive"`
}

// Creature describes creature id (from 1) as it stands.
func (g *Game) Creature(id int) Creature {
	c := g.creatures[id-1]
	k := g.roster[c.kind]
	return Creature{ID: id, Type: k.Name, Element: k.Element.String(), Attack: k.Attack.String(),
		Health: c.health, MaxHealth: c.maxHealth, Speed: c.speed, Damage: c.damage, Alive: c.alive}
}

// Pool is player p's pool of creature ids, in the order named (empty before both
// pools are in).
func (g *Game) Pool(p int) []int { return append([]int(nil), g.players[p-1].pool...) }

// Slots is player p's lineup in the round: the living in slot order, then the dead in
// the order they died (A11). Empty outside ROUND_IN_PROGRESS.
func (g *Game) Slots(p int) []int { return append([]int(nil), g.players[p-1].slots...) }

// Ended is player p's lineup as the last round ended, as Slots and Creature told it
// then: the next round's selection heals the survivors and empties the slots, and a
// picture of the turn that ended the round still shows how it ended. Nil before a
// round has ended, and in a match played quiet (SetQuiet).
func (g *Game) Ended(p int) []Creature { return slices.Clone(g.players[p-1].ended) }

// lineup is player p's slots as creatures.
func (g *Game) lineup(p int) []Creature {
	out := make([]Creature, 0, len(g.players[p-1].slots))
	for _, id := range g.players[p-1].slots {
		out = append(out, g.Creature(id))
	}
	return out
}

// Living is the number of living creatures in player p's slots.
func (g *Game) Living(p int) int { return g.count(g.players[p-1].slots) }

// DefaultPool is the pool chosen for a player who missed the selection (A18): the
// roster's first 12 types (cycling through a shorter roster).
func (g *Game) DefaultPool() []string {
	out := make([]string, PoolSize)
	for i := range out {
		out[i] = g.roster[i%len(g.roster)].Name
	}
	return out
}

// DefaultLineup is the lineup chosen for player p who missed the selection (A18): the
// first living creatures of p's pool, up to four.
func (g *Game) DefaultLineup(p int) []int {
	var out []int
	for _, id := range g.players[p-1].pool {
		if g.creatures[id-1].alive && len(out) < MaxSlots {
			out = append(out, id)
		}
	}
	return out
}
