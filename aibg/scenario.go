package aibg

import (
	"fmt"
	"slices"
	"strings"
)

// Scenario is a position and steps to play from it, as `kombat try --game aibg` reads
// it. Every field but Steps is optional. Creatures and Items replace the roster and
// the catalog (A16), so that a test never depends on the built-in numbers.
type Scenario struct {
	Game      string           `json:"game"` // "aibg"
	Seed      uint64           `json:"seed"` // draws the shops not given
	Creatures []CreatureSpec   `json:"creatures"`
	Items     []ItemSpec       `json:"items"`
	Phase     string           `json:"phase"` // default POOL_SELECTION, or ROUND_IN_PROGRESS when a player has a lineup, else ROUND_SELECTION when one has a pool
	Round     int              `json:"round"` // default 1 after pool selection
	Turn      int              `json:"turn"`  // ROUND_IN_PROGRESS's open turn; default 1
	Players   []ScenarioPlayer `json:"players"`
	Shop      []string         `json:"shop"`   // item names; default drawn from the seed (A13)
	Domain    *string          `json:"domain"` // a domain item's name, or null
	Steps     []ScenarioStep   `json:"steps"`
}

// ScenarioPlayer is one seat of a scenario, player 1 first.
type ScenarioPlayer struct {
	Atoms     *int               `json:"atoms"` // default the round's (A12)
	RoundsWon int                `json:"rounds_won"`
	Bought    []string           `json:"bought"` // items bought this round
	Pool      []ScenarioCreature `json:"pool"`
	Lineup    []int              `json:"lineup"` // ids, slot 0 first; ROUND_IN_PROGRESS only
}

// ScenarioCreature is a creature of a player's pool.
type ScenarioCreature struct {
	ID     int    `json:"id"`     // 1 to 24 (A2a), unique in the scenario
	Type   string `json:"type"`   // a type of the roster
	Health *int   `json:"health"` // default full health
	Alive  *bool  `json:"alive"`  // default true
}

// ScenarioStep is one step: both players' moves, pools or lineups (null for a player
// who does not act in the step), or the round's end as at its turn limit (A4).
type ScenarioStep struct {
	Moves   []*string   `json:"moves"`
	Pools   []*[]string `json:"pools"`
	Lineups []*[]int    `json:"lineups"`
	Finish  bool        `json:"finish"`
}

// StepResult is the state after one step.
type StepResult struct {
	Step    int           `json:"step"` // 1-based
	Refused [][]string    `json:"refused"`
	Events  []Event       `json:"events"`
	Players []PlayerState `json:"players"`
	Shop    []string      `json:"shop"`
	Domain  *string       `json:"domain"`
	Phase   Phase         `json:"phase"`
	Round   int           `json:"round"`
	Turn    int           `json:"turn"`
	Winner  any           `json:"winner"` // 1, 2, "draw" or null
	Log     *TurnLog      `json:"-"`      // the turn played, if any
}

// PlayerState is a player in a StepResult.
type PlayerState struct {
	Atoms     int         `json:"atoms"`
	RoundsWon int         `json:"rounds_won"`
	Slots     []SlotState `json:"slots"` // the living in slot order, then the dead
	Pool      []PoolEntry `json:"pool"`
}

// SlotState is a slotted creature in a StepResult.
type SlotState struct {
	ID        int    `json:"id"`
	Type      string `json:"type"`
	Element   string `json:"element"`
	Health    int    `json:"health"`
	MaxHealth int    `json:"max_health"`
	Speed     int    `json:"speed"`
	Damage    int    `json:"damage"`
}

// PoolEntry is a creature of a pool in a StepResult.
type PoolEntry struct {
	ID    int    `json:"id"`
	Type  string `json:"type"`
	Alive bool   `json:"alive"`
}

// ScenarioError is a scenario that cannot be played: what is wrong and where, and the
// scenario's further mistakes (every one found, in order).
type ScenarioError struct {
	// Path leads to the value at fault through object keys and 0-based list indexes,
	// as in "players", 1, "pool", 0, "type"; empty when the fault is the whole scenario.
	Path []any
	// Msg says what is wrong in the scenario's words, naming the player, creature or
	// step (each counted from 1).
	Msg string
	// Also holds the mistakes found after this one.
	Also []ScenarioError
}

// Error lists every mistake, one a line.
func (e *ScenarioError) Error() string {
	lines := []string{e.Msg}
	for _, o := range e.Also {
		lines = append(lines, o.Msg)
	}
	return strings.Join(lines, "\n")
}

// scenarioErrors gathers a scenario's mistakes.
type scenarioErrors []ScenarioError

func (es *scenarioErrors) add(path []any, format string, args ...any) {
	*es = append(*es, ScenarioError{Path: path, Msg: fmt.Sprintf(format, args...)})
}

func (es scenarioErrors) err() error {
	if len(es) == 0 {
		return nil
	}
	e := es[0]
	e.Also = es[1:]
	return &e
}

func path(keys ...any) []any { return keys }

// PlayScenario sets up sc's position and plays its steps through the same methods a
// match is played with, calling out with each step's result as soon as it is played;
// out's error stops the play and is returned. The whole scenario is checked first: a
// malformed one is a *ScenarioError (with every mistake found) before out is called.
func PlayScenario(sc Scenario, out func(StepResult) error) error {
	g, err := buildScenario(sc)
	if err != nil {
		return err
	}
	for i, st := range sc.Steps {
		if err := out(g.scenarioStep(i, st)); err != nil {
			return err
		}
	}
	return nil
}

// buildScenario makes the match sc describes, before any step.
func buildScenario(sc Scenario) (*Game, error) {
	var es scenarioErrors
	if sc.Game != "" && sc.Game != "aibg" {
		es.add(path("game"), `"game" is %q: this is AIBG's scenario reader ("aibg")`, sc.Game)
	}
	setup := Setup{Seed: sc.Seed, Creatures: sc.Creatures, Items: sc.Items}
	checkSpecs(sc.Creatures, "creatures", "creature", CreatureSpec.kind, func(s CreatureSpec) (string, string) { return "type", s.Type }, &es)
	if sc.Creatures != nil && len(sc.Creatures) == 0 {
		es.add(path("creatures"), `"creatures" is empty: leave it out for the built-in roster`)
	}
	checkSpecs(sc.Items, "items", "item", ItemSpec.item, func(s ItemSpec) (string, string) { return "name", s.Name }, &es)
	var g *Game
	if len(es) > 0 {
		// The rest is still checked, against what the specs say as far as they can be
		// read, so that every mistake is told at once.
		g = lenient(setup)
	} else {
		var err error
		if g, err = New(setup); err != nil {
			return nil, err // unreachable: the specs were checked above
		}
	}
	g.setPosition(sc, &es)
	for i, st := range sc.Steps {
		checkStep(i, st, &es)
	}
	if len(sc.Steps) == 0 {
		es.add(path("steps"), `"steps" is needed: a scenario plays at least one step`)
	}
	if err := es.err(); err != nil {
		return nil, err
	}
	return g, nil
}

// lenient is a match with setup's roster and catalog read past their mistakes (already
// reported): a type whose numbers are wrong keeps its name and element with the most
// health, so that a position naming it is checked for its own mistakes and not for the
// type's. Only the scenario reader uses it, and never plays it.
func lenient(setup Setup) *Game {
	g := &Game{setup: setup, roster: Roster(), catalog: Catalog()}
	if len(setup.Creatures) > 0 {
		g.roster = make([]Kind, len(setup.Creatures))
		for i, s := range setup.Creatures {
			k, ps := s.kind()
			if len(ps) > 0 {
				k.Health = MaxStat
			}
			g.roster[i] = k
		}
	}
	if setup.Items != nil {
		g.catalog = make([]Item, len(setup.Items))
		for i, s := range setup.Items {
			g.catalog[i], _ = s.item()
		}
	}
	return g.restart(setup.Seed)
}

// checkSpecs checks a scenario's creature or item specs, each mistake at its path,
// and names given twice; name gives a spec's name and the key it is given under.
func checkSpecs[S, T any](specs []S, list, noun string, conv func(S) (T, []problem), name func(S) (string, string), es *scenarioErrors) {
	for i, s := range specs {
		_, ps := conv(s)
		for _, p := range ps {
			es.add(fieldPath(list, i, p.field), "%s %d: %s", noun, i+1, p.msg)
		}
		key, n := name(s)
		for j := range i {
			if _, o := name(specs[j]); strings.EqualFold(o, n) {
				es.add(path(list, i, key), "%s %d: %q is named twice (names are case-insensitive)", noun, i+1, n)
			}
		}
	}
}

// fieldPath is the path to a spec's field, or to the spec when field is "".
func fieldPath(list string, i int, field string) []any {
	if field == "" {
		return path(list, i)
	}
	return path(list, i, field)
}

// setPosition sets the phase, round, turn, players, shop and domain sc gives.
func (g *Game) setPosition(sc Scenario, es *scenarioErrors) {
	phase := Phase(sc.Phase)
	if sc.Phase == "" {
		phase = PoolSelection
		for _, sp := range sc.Players {
			if sp.Pool != nil && phase == PoolSelection {
				phase = RoundSelection
			}
			if sp.Lineup != nil {
				phase = RoundInProgress
			}
		}
	}
	switch phase {
	case PoolSelection, RoundSelection, RoundInProgress, GameOver:
	default:
		es.add(path("phase"), "phase is %s, %s, %s or %s, got %q", PoolSelection, RoundSelection, RoundInProgress, GameOver, sc.Phase)
		return
	}
	g.phase = phase
	switch {
	case phase == PoolSelection && sc.Round != 0:
		es.add(path("round"), "round is 0 (or left out) during %s, got %d", PoolSelection, sc.Round)
	case phase != PoolSelection && (sc.Round < 0 || sc.Round > MaxRounds):
		es.add(path("round"), "round is from 1 to %d, got %d", MaxRounds, sc.Round)
	case phase != PoolSelection:
		g.round = max(sc.Round, 1)
	}
	switch {
	case phase != RoundInProgress && sc.Turn != 0:
		es.add(path("turn"), "turn is given only in %s, the match is in %s", RoundInProgress, phase)
	case sc.Turn < 0 || sc.Turn > MaxTurns:
		es.add(path("turn"), "turn is from 1 to %d, got %d", MaxTurns, sc.Turn)
	case phase == RoundInProgress:
		g.turn = max(sc.Turn, 1)
	}
	if len(sc.Players) > 2 {
		es.add(path("players"), `"players" lists %d: a match has 2`, len(sc.Players))
		return
	}
	g.setPools(sc, es)
	for i := range sc.Players {
		g.setPlayer(i, sc.Players[i], es)
	}
	if phase == RoundSelection || phase == RoundInProgress {
		needsBoth(sc, phase, es)
	}
	g.setShop(sc, es)
	if sc.Domain != nil {
		switch i := g.itemIndex(*sc.Domain); {
		case phase != RoundInProgress:
			es.add(path("domain"), "a domain is in force only in %s, the match is in %s", RoundInProgress, phase)
		case i < 0 || g.catalog[i].Effect != Domain:
			es.add(path("domain"), "domain %q is not a domain of the catalog", *sc.Domain)
		default:
			g.domain = i
		}
	}
	if phase == GameOver {
		switch a, b := g.players[0].roundsWon, g.players[1].roundsWon; {
		case a > b:
			g.winner = 1
		case b > a:
			g.winner = 2
		}
	}
}

// setPools makes both players' pools: ids from 1 to 24 (A2a), unique, of the roster's
// types; gaps in the ids hold no creature.
func (g *Game) setPools(sc Scenario, es *scenarioErrors) {
	owner := make([]int, 2*PoolSize+1)
	for i, sp := range sc.Players {
		switch {
		case g.phase == PoolSelection && sp.Pool != nil:
			es.add(path("players", i, "pool"), "player %d: pools are chosen with a \"pools\" step during %s", i+1, PoolSelection)
			continue
		case g.phase != PoolSelection && g.phase != GameOver && len(sp.Pool) == 0:
			es.add(path("players", i, "pool"), "player %d: a pool is needed in %s", i+1, g.phase)
		case len(sp.Pool) > PoolSize:
			es.add(path("players", i, "pool"), "player %d: a pool has at most %d creatures, got %d", i+1, PoolSize, len(sp.Pool))
			continue
		}
		for j, c := range sp.Pool {
			at := path("players", i, "pool", j)
			if lo, hi := i*PoolSize+1, (i+1)*PoolSize; c.ID < lo || c.ID > hi {
				es.add(append(at, "id"), "player %d: creature %d: player %d's ids are %d to %d (A2a), got %d", i+1, j+1, i+1, lo, hi, c.ID)
				continue
			}
			if owner[c.ID] != 0 {
				es.add(append(at, "id"), "player %d: id %d is given twice", i+1, c.ID)
				continue
			}
			owner[c.ID] = i + 1
		}
	}
	g.creatures = make([]creature, 0, 2*PoolSize)
	last := 0
	for id, o := range owner {
		if o != 0 {
			last = id
		}
	}
	for range last {
		g.creatures = append(g.creatures, creature{}) // no one's, dead: a gap in the ids
	}
	for i, sp := range sc.Players {
		if g.phase == PoolSelection || len(sp.Pool) > PoolSize {
			continue
		}
		for j, c := range sp.Pool {
			if c.ID < 1 || c.ID > last || owner[c.ID] != i+1 || g.creatures[c.ID-1].owner != 0 {
				continue
			}
			at := path("players", i, "pool", j)
			k := g.kindIndex(c.Type)
			if k < 0 {
				es.add(append(at, "type"), "player %d: creature %d: unknown type %q (the types are %s)", i+1, c.ID, c.Type, g.typeNames())
				continue
			}
			kd := g.roster[k]
			cr := creature{kind: k, owner: i + 1, alive: c.Alive == nil || *c.Alive, health: kd.Health, maxHealth: kd.Health, damage: kd.Damage, speed: kd.Speed}
			if !cr.alive {
				cr.health = 0
			}
			if c.Health != nil {
				h := *c.Health
				switch {
				case !cr.alive && h != 0:
					es.add(append(at, "health"), "player %d: creature %d is dead: its health is 0, got %d", i+1, c.ID, h)
				case cr.alive && (h < 1 || h > kd.Health):
					es.add(append(at, "health"), "player %d: creature %d: a living %s's health is from 1 to %d, got %d", i+1, c.ID, kd.Name, kd.Health, h)
				default:
					cr.health = h
				}
			}
			g.creatures[c.ID-1] = cr
			g.players[i].pool = append(g.players[i].pool, c.ID)
		}
	}
}

// needsBoth tells of a player that a round cannot go on without: one not given, or
// whose pool names no living creature (the match would be over, A5). An empty pool is
// told by setPools.
func needsBoth(sc Scenario, phase Phase, es *scenarioErrors) {
	for i := range 2 {
		if i >= len(sc.Players) {
			es.add(path("players"), "player %d is not given: in %s each player has a pool with a living creature%s", i+1, phase,
				map[bool]string{true: " and a lineup", false: ""}[phase == RoundInProgress])
			continue
		}
		if pool := sc.Players[i].Pool; len(pool) > 0 && !slices.ContainsFunc(pool, func(c ScenarioCreature) bool { return c.Alive == nil || *c.Alive }) {
			es.add(path("players", i), "player %d: no creature of its pool is alive: in %s each player has one, or the match would be over (A5)", i+1, phase)
		}
	}
}

// setPlayer sets player i+1's atoms, rounds won, items bought and lineup.
func (g *Game) setPlayer(i int, sp ScenarioPlayer, es *scenarioErrors) {
	pl, p := &g.players[i], i+1
	at := func(keys ...any) []any { return append(path("players", i), keys...) }
	if g.round > 0 {
		pl.atoms = Atoms(g.round)
	}
	if sp.Atoms != nil {
		if a := *sp.Atoms; a < 0 || a > 1000 {
			es.add(at("atoms"), "player %d: atoms are from 0 to 1000, got %d", p, a)
		} else {
			pl.atoms = a
		}
	}
	if sp.RoundsWon < 0 || sp.RoundsWon > MaxRounds {
		es.add(at("rounds_won"), "player %d: rounds_won is from 0 to %d, got %d", p, MaxRounds, sp.RoundsWon)
	} else {
		pl.roundsWon = sp.RoundsWon
	}
	for j, name := range sp.Bought {
		switch k := g.itemIndex(name); {
		case k < 0:
			es.add(at("bought", j), "player %d: bought: no item is named %q", p, name)
		case pl.bought[k]:
			es.add(at("bought", j), "player %d: bought: %s is listed twice", p, name)
		default:
			pl.bought[k] = true
		}
	}
	if g.phase != RoundInProgress {
		if sp.Lineup != nil {
			es.add(at("lineup"), "player %d: a lineup stands only in %s; in %s give a \"lineups\" step", p, RoundInProgress, g.phase)
		}
		return
	}
	if len(sp.Lineup) < 1 || len(sp.Lineup) > MaxSlots {
		es.add(at("lineup"), "player %d: a lineup has 1 to %d creatures in %s, got %d", p, MaxSlots, RoundInProgress, len(sp.Lineup))
		return
	}
	var living, dead []int
	for j, id := range sp.Lineup {
		switch {
		case id < 1 || id > len(g.creatures) || g.creatures[id-1].owner != p:
			es.add(at("lineup", j), "player %d: creature %d is not in the player's pool", p, id)
		case contains(sp.Lineup[:j], id):
			es.add(at("lineup", j), "player %d: creature %d is in the lineup twice", p, id)
		case g.creatures[id-1].alive:
			living = append(living, id)
		default:
			dead = append(dead, id)
		}
	}
	if len(living) == 0 && len(dead) > 0 {
		es.add(at("lineup"), "player %d: no creature of the lineup is alive: the round would be over", p)
	}
	pl.slots = append(living, dead...)
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// setShop puts the items given on display, or draws the round's (A13).
func (g *Game) setShop(sc Scenario, es *scenarioErrors) {
	if g.phase == PoolSelection || g.phase == GameOver {
		if len(sc.Shop) > 0 {
			es.add(path("shop"), "the shop is shown only during rounds, the match is in %s", g.phase)
		}
		return
	}
	if sc.Shop == nil {
		g.drawShop()
		return
	}
	if len(sc.Shop) > ShopSize {
		es.add(path("shop"), "the shop shows at most %d items, got %d", ShopSize, len(sc.Shop))
	}
	for j, name := range sc.Shop {
		switch k := g.itemIndex(name); {
		case k < 0:
			es.add(path("shop", j), "shop: no item is named %q", name)
		case g.shown[k]:
			es.add(path("shop", j), "shop: %s is listed twice", name)
		default:
			g.shown[k] = true
			g.shop = append(g.shop, k)
		}
	}
}

// checkStep checks step i's shape; what it asks of the match is the engine's to refuse.
func checkStep(i int, st ScenarioStep, es *scenarioErrors) {
	given := 0
	for _, n := range []int{len(st.Moves), len(st.Pools), len(st.Lineups)} {
		if n > 0 {
			given++
		}
	}
	if st.Finish {
		given++
	}
	if given != 1 {
		es.add(path("steps", i), `step %d: give one of "moves", "pools", "lineups" or "finish"`, i+1)
		return
	}
	for _, f := range []struct {
		key string
		n   int
	}{{"moves", len(st.Moves)}, {"pools", len(st.Pools)}, {"lineups", len(st.Lineups)}} {
		if f.n != 0 && f.n != 2 {
			es.add(path("steps", i, f.key), "step %d: %s lists one per player (null for a player who does not act), got %d", i+1, f.key, f.n)
		}
	}
}

// scenarioStep plays checked step i through the match's own methods.
func (g *Game) scenarioStep(i int, st ScenarioStep) StepResult {
	res := StepResult{Step: i + 1, Refused: [][]string{{}, {}}, Events: []Event{}}
	refuse := func(p int, err error) {
		if err != nil {
			res.Refused[p-1] = append(res.Refused[p-1], strings.TrimPrefix(err.Error(), "aibg: "))
		}
	}
	for p := 1; p <= 2; p++ {
		switch {
		case len(st.Moves) == 2 && st.Moves[p-1] != nil:
			log, err := g.Play(p, *st.Moves[p-1])
			refuse(p, err)
			if log != nil {
				res.Log = log
				res.Events = append(res.Events, log.Events...)
				for q, why := range log.Refused {
					if why != nil {
						res.Refused[q] = append(res.Refused[q], why.Msg)
					}
				}
			}
		case len(st.Pools) == 2 && st.Pools[p-1] != nil:
			refuse(p, g.SelectPool(p, *st.Pools[p-1]))
		case len(st.Lineups) == 2 && st.Lineups[p-1] != nil:
			refuse(p, g.SelectLineup(p, *st.Lineups[p-1]))
		}
	}
	if st.Finish {
		err := g.Finish()
		refuse(1, err)
		refuse(2, err)
	}
	for p := 1; p <= 2; p++ {
		ps := PlayerState{Atoms: g.players[p-1].atoms, RoundsWon: g.players[p-1].roundsWon, Slots: []SlotState{}, Pool: []PoolEntry{}}
		for _, id := range g.players[p-1].slots {
			c := g.Creature(id)
			ps.Slots = append(ps.Slots, SlotState{ID: id, Type: c.Type, Element: c.Element, Health: c.Health, MaxHealth: c.MaxHealth, Speed: c.Speed, Damage: c.Damage})
		}
		for _, id := range g.players[p-1].pool {
			c := g.Creature(id)
			ps.Pool = append(ps.Pool, PoolEntry{ID: id, Type: c.Type, Alive: c.Alive})
		}
		res.Players = append(res.Players, ps)
	}
	res.Shop = []string{}
	for _, it := range g.Shop() {
		res.Shop = append(res.Shop, it.Name)
	}
	if d, ok := g.Domain(); ok {
		res.Domain = &d.Name
	}
	res.Phase, res.Round, res.Turn = g.phase, g.round, g.turn
	if g.Over() {
		res.Winner = "draw"
		if g.winner != 0 {
			res.Winner = g.winner
		}
	}
	return res
}
