package aibg

import "fmt"

// EventKind is a kind of event of a turn.
type EventKind string

// The events a turn logs, in the order they happen.
const (
	EventSwap    EventKind = "swap"    // Creature left the front for Target (A7)
	EventItem    EventKind = "item"    // the player bought Item for Amount atoms (A13)
	EventDamage  EventKind = "damage"  // an item dealt Amount to Target (A9)
	EventHeal    EventKind = "heal"    // an item healed Target by Amount (A9)
	EventUpgrade EventKind = "upgrade" // an item changed Target's Stat by Amount (A14a)
	EventDomain  EventKind = "domain"  // Item became the domain (A15)
	EventAttack  EventKind = "attack"  // Creature hit Target for Amount (A8)
	EventTick    EventKind = "tick"    // the domain's turn action changed Target's health by Amount (A15)
	EventDeath   EventKind = "death"   // Target died and went behind the living (A11)
	EventLost    EventKind = "lost"    // the player's move was lost: its front creature died first, or nothing was left to hit (A7a)
)

// Event is one thing that happened in a turn.
type Event struct {
	Kind     EventKind `json:"kind"`
	Player   int       `json:"player"`             // whose move it was; 0 for the domain's turn action
	Creature int       `json:"creature,omitempty"` // the creature that acted (its id)
	Target   int       `json:"target,omitempty"`   // the creature acted on (its id)
	Item     string    `json:"item,omitempty"`
	Stat     string    `json:"stat,omitempty"`
	Amount   int       `json:"amount"`                // atoms, damage, healing or a stat's change, before health is held to 0 and its maximum
	Mult     *Mults    `json:"multipliers,omitempty"` // the multipliers the amount was computed with
	Why      string    `json:"why,omitempty"`         // EventLost: why the move was lost
}

// Mults are the multipliers of an amount (A8, A9, A15); a factor that did not apply is 0.
type Mults struct {
	Element float64 `json:"element"`
	Falloff float64 `json:"falloff,omitempty"`
	Domain  float64 `json:"domain,omitempty"`
}

// TurnLog is what a turn did.
type TurnLog struct {
	Round       int         `json:"round"`
	Turn        int         `json:"turn"`
	Moves       [2]string   `json:"moves"`   // as each player wrote it
	Refused     [2]*Refusal `json:"refused"` // why a player's move was a pass (A6), or nil
	Events      []Event     `json:"events"`
	RoundOver   bool        `json:"round_over"`
	RoundWinner int         `json:"round_winner"` // 1 or 2 when RoundOver; 0 for a draw
}

// falloff is an area attack's share of its damage per slot, in thousandths (A8).
func falloff(slot int) int64 { return [...]int64{800, 600, 350, 150}[slot] }

// attackMult is the element multiplier of an attack or a damage item of element a on a
// creature of element t, in thousandths (A9).
func attackMult(a, t Element) int64 {
	switch {
	case a.beats(t):
		return 1200
	case t.beats(a):
		return 800
	}
	return 1000
}

// healMult reverses attackMult for healing (A9): water heals nature 1.2x.
func healMult(h, t Element) int64 { return attackMult(t, h) }

// amount is base times factors given in thousandths, computed exactly and rounded once
// to the nearest integer, halves away from zero (A10). The data's bounds keep it in
// int64.
func amount(base int, factors ...int64) int {
	num, den := int64(base), int64(1)
	for _, f := range factors {
		num *= f
		den *= 1000
	}
	neg := num < 0
	if neg {
		num = -num
	}
	q := (2*num + den) / (2 * den)
	if neg {
		q = -q
	}
	return int(q)
}

func thousandths(f int64) float64 { return float64(f) / 1000 }

// change is what a move does to one creature: deltas added up with those of a
// simultaneous move, then held to the stats' bounds (A7b, A10).
type change struct {
	id                               int
	health, maxHealth, damage, speed int
}

// effect is a move computed on the state as it stands, not yet applied (A7b).
type effect struct {
	changes []change
	events  []Event
	p       int      // whose move it is
	swap    int      // the slot swapped with the front; 0 for none
	item    int      // the catalog index bought, or -1
	domain  int      // the catalog index of a domain set, or -1
	why     *Refusal // a pass
}

// Play makes player p's move for the open turn: a move string (A6). A string that
// does not read as a move, or a move that cannot be carried out, is a pass, and the
// turn's log says why. Once both players have moved, the turn resolves and its log is
// returned; until then the log is nil. An error means nothing was done: the match is
// over, not in ROUND_IN_PROGRESS, or p has moved this turn already.
func (g *Game) Play(p int, text string) (*TurnLog, error) {
	if err := g.check(p, RoundInProgress); err != nil {
		return nil, err
	}
	if len(text) > MaxMoveBytes+1 {
		text = text[:MaxMoveBytes+1] // refused all the same, with the same reason
	}
	m, err := ParseMove(text)
	if err != nil {
		m = Move{Kind: Pass, Why: &Refusal{Code: RefuseSyntax, Msg: err.Error(), Err: err}}
	}
	g.actions = append(g.actions, Action{Player: p, Kind: ActMove, Move: text})
	pl := &g.players[p-1]
	pl.chosen, pl.move, pl.text = true, m, text
	if !g.players[0].chosen || !g.players[1].chosen {
		return nil, nil
	}
	log := g.resolve()
	return &log, nil
}

// front is player p's front creature (slot 0), or 0 when no slotted creature lives.
func (g *Game) front(p int) int {
	s := g.players[p-1].slots
	if len(s) == 0 || !g.creatures[s[0]-1].alive {
		return 0
	}
	return s[0]
}

// resolve plays the open turn: swaps, then items, then attacks (A7); within one
// priority the faster front creature's move first, equal speeds together; then the
// domain's turn action (A15) and the round's end (A4, A15a).
func (g *Game) resolve() TurnLog {
	log := TurnLog{Round: g.round, Turn: g.turn}
	moves := [2]Move{g.players[0].move, g.players[1].move}
	log.Moves = [2]string{g.players[0].text, g.players[1].text}
	start := [2]int{g.front(1), g.front(2)}
	for kind := Swap; kind <= AttackMove; kind++ {
		one, two := moves[0].Kind == kind, moves[1].Kind == kind
		switch {
		case one && two:
			s1, s2 := g.speedOf(g.front(1)), g.speedOf(g.front(2))
			switch {
			case s1 > s2:
				g.run(&log, g.effect(1, moves[0], start[0]))
				g.run(&log, g.effect(2, moves[1], start[1]))
			case s2 > s1:
				g.run(&log, g.effect(2, moves[1], start[1]))
				g.run(&log, g.effect(1, moves[0], start[0]))
			default:
				g.run(&log, g.effect(1, moves[0], start[0]), g.effect(2, moves[1], start[1]))
			}
		case one:
			g.run(&log, g.effect(1, moves[0], start[0]))
		case two:
			g.run(&log, g.effect(2, moves[1], start[1]))
		}
	}
	for i := range g.players {
		if m := g.players[i].move; m.Kind == Pass { // refused when read, or when carried out
			log.Refused[i] = m.Why
		}
	}
	g.tick(&log)
	for i := range g.players {
		g.players[i].chosen, g.players[i].move = false, Move{}
	}
	dead1, dead2 := g.Living(1) == 0, g.Living(2) == 0
	switch {
	case dead1 && dead2:
		g.endRound(0, &log)
	case dead1:
		g.endRound(2, &log)
	case dead2:
		g.endRound(1, &log)
	case g.turn >= MaxTurns:
		g.endRound(0, &log)
	default:
		g.turn++
	}
	return log
}

func (g *Game) speedOf(id int) int {
	if id == 0 {
		return -1
	}
	return g.creatures[id-1].speed
}

// run applies effects computed together (one, or two simultaneous ones: A7b), logs
// their events and moves the dead behind the living (A11).
func (g *Game) run(log *TurnLog, effs ...effect) {
	var all []change
	domains := 0
	for _, e := range effs {
		if e.why != nil {
			continue // a pass: its reason is the move's (Move.Why), set when it was computed
		}
		all = append(all, e.changes...)
		if !g.quiet {
			log.Events = append(log.Events, e.events...)
		}
		if e.domain >= 0 {
			domains++
		}
	}
	// Two domains bought at the same moment: one replaces the other, and a coin from
	// the match's seed says which stands (our choice; A15 is silent).
	stands := 0
	if domains == 2 {
		stands = g.rng.IntN(2)
	}
	for i := range effs {
		e := &effs[i]
		if e.why != nil {
			continue
		}
		pl := &g.players[e.p-1]
		if e.swap > 0 {
			pl.slots[0], pl.slots[e.swap] = pl.slots[e.swap], pl.slots[0]
		}
		if e.item >= 0 {
			pl.atoms -= g.catalog[e.item].Cost
			pl.bought[e.item] = true
		}
		if e.domain >= 0 && (domains < 2 || stands == i) {
			g.domain = e.domain
		}
	}
	g.applyChanges(all, log)
}

// applyChanges adds the changes up per creature, holds each stat to its bounds
// (A10, A14a) and moves the newly dead behind the living, front first (A11, A11a).
func (g *Game) applyChanges(all []change, log *TurnLog) {
	for i, c := range all {
		if c.id == 0 {
			continue
		}
		sum := c
		for j := i + 1; j < len(all); j++ {
			if all[j].id == c.id {
				o := all[j]
				sum.health += o.health
				sum.maxHealth += o.maxHealth
				sum.damage += o.damage
				sum.speed += o.speed
				all[j].id = 0
			}
		}
		cr := &g.creatures[c.id-1]
		cr.maxHealth = min(max(cr.maxHealth+sum.maxHealth, 1), MaxStat)
		cr.damage = min(max(cr.damage+sum.damage, 0), MaxStat)
		cr.speed = min(max(cr.speed+sum.speed, 0), MaxStat)
		cr.health = min(max(cr.health+sum.health, 0), cr.maxHealth)
	}
	for p := 1; p <= 2; p++ {
		pl := &g.players[p-1]
		var living, died, dead []int
		for _, id := range pl.slots {
			c := &g.creatures[id-1]
			switch {
			case c.alive && c.health == 0:
				c.alive = false
				died = append(died, id)
				if !g.quiet {
					log.Events = append(log.Events, Event{Kind: EventDeath, Player: p, Target: id})
				}
			case c.alive:
				living = append(living, id)
			default:
				dead = append(dead, id)
			}
		}
		if died != nil {
			pl.slots = append(append(append(pl.slots[:0:0], living...), dead...), died...)
		}
	}
}

// effect computes player p's move m on the state as it stands; first is p's front
// creature when the turn began (A7a).
func (g *Game) effect(p int, m Move, first int) effect {
	e := effect{p: p, item: -1, domain: -1}
	mover := g.front(p)
	lost := func(why string) effect {
		return effect{p: p, item: -1, domain: -1, events: []Event{{Kind: EventLost, Player: p, Creature: first, Why: why}}}
	}
	switch m.Kind {
	case Swap:
		s := g.players[p-1].slots
		switch {
		case m.Slot == 0:
			return g.refuse(p, RefuseSwapFront, "swap 0 would swap the front creature with itself")
		case m.Slot >= len(s):
			return g.refuse(p, RefuseSwapEmpty, fmt.Sprintf("swap %d: slot %d is empty", m.Slot, m.Slot))
		case !g.creatures[s[m.Slot]-1].alive:
			return g.refuse(p, RefuseSwapDead, fmt.Sprintf("swap %d: creature %d in slot %d is dead", m.Slot, s[m.Slot], m.Slot))
		}
		e.swap = m.Slot
		e.log(g, Event{Kind: EventSwap, Player: p, Creature: s[0], Target: s[m.Slot]})
		return e
	case UseItem:
		if first == 0 || !g.creatures[first-1].alive {
			return lost(fmt.Sprintf("creature %d died before its move", first))
		}
		return g.itemEffect(p, m, mover)
	case AttackMove:
		if first == 0 || !g.creatures[first-1].alive {
			return lost(fmt.Sprintf("creature %d died before its move", first))
		}
		return g.attackEffect(p, m, mover, lost)
	}
	return effect{p: p, item: -1, domain: -1, why: m.Why}
}

// log adds an event to the effect's, unless the match is quiet.
func (e *effect) log(g *Game, ev Event) {
	if !g.quiet {
		e.events = append(e.events, ev)
	}
}

// refuse turns player p's move into a pass with its reason (A6).
func (g *Game) refuse(p int, code RefusalCode, msg string) effect {
	why := &Refusal{Code: code, Msg: msg}
	g.players[p-1].move = Move{Kind: Pass, Why: why}
	return effect{p: p, item: -1, domain: -1, why: why}
}

// domainMult is the domain's multiplier on damage of element el, in thousandths (A15).
func (g *Game) domainMult(el Element) int64 {
	if g.domain < 0 {
		return 1000
	}
	d := g.catalog[g.domain]
	if d.Mult == 0 || !d.Element.covers(el) {
		return 1000
	}
	return int64(d.Mult)
}

// mults describes factors for an event: element, falloff (0: none), domain.
func (g *Game) mults(el, fall, dom int64) *Mults {
	if g.quiet {
		return nil // no event is logged
	}
	m := &Mults{Element: thousandths(el), Falloff: thousandths(fall)}
	if dom != 1000 {
		m.Domain = thousandths(dom)
	}
	return m
}

// attackEffect is the front creature's attack (A8).
func (g *Game) attackEffect(p int, m Move, attacker int, lost func(string) effect) effect {
	e := effect{p: p, item: -1, domain: -1}
	enemy := g.players[2-p].slots
	n := g.Living(3 - p)
	if n == 0 {
		return lost("no enemy creature is left to attack")
	}
	a := g.creatures[attacker-1]
	k := g.roster[a.kind]
	dom := g.domainMult(k.Element)
	hit := func(slot int, fall int64) {
		t := enemy[slot]
		te := g.roster[g.creatures[t-1].kind].Element
		el := attackMult(k.Element, te)
		var amt int
		if fall == 0 {
			amt = amount(a.damage, el, dom)
		} else {
			amt = amount(a.damage, el, fall, dom)
		}
		e.changes = append(e.changes, change{id: t, health: -amt})
		e.log(g, Event{Kind: EventAttack, Player: p, Creature: attacker, Target: t, Amount: amt, Mult: g.mults(el, fall, dom)})
	}
	switch k.Attack {
	case Melee:
		hit(0, 0)
	case Ranged:
		slot := m.Slot
		if slot >= n {
			slot = 0 // an empty or dead slot falls back to slot 0 (A8, A6a)
		}
		hit(slot, 0)
	case AoE:
		for s := range n {
			hit(s, falloff(s))
		}
	}
	return e
}

// itemEffect is player p's purchase and use of an item (A13, A14, A15).
func (g *Game) itemEffect(p int, m Move, buyer int) effect {
	pl := &g.players[p-1]
	i := g.itemIndex(m.Item)
	switch {
	case i < 0:
		return g.refuse(p, RefuseUnknownItem, fmt.Sprintf("item %q: no item has that name (the shop shows %s)", m.Item, g.shopNames()))
	case !g.onShow(i):
		return g.refuse(p, RefuseNotOnShow, fmt.Sprintf("item %s is not in this round's shop (it shows %s)", g.catalog[i].Name, g.shopNames()))
	case pl.bought[i]:
		return g.refuse(p, RefuseBought, fmt.Sprintf("item %s: you have bought it this round already", g.catalog[i].Name))
	case pl.atoms < g.catalog[i].Cost:
		return g.refuse(p, RefuseAtoms, fmt.Sprintf("item %s costs %d atoms, you have %d", g.catalog[i].Name, g.catalog[i].Cost, pl.atoms))
	}
	it := g.catalog[i]
	e := effect{p: p, item: i, domain: -1}
	e.log(g, Event{Kind: EventItem, Player: p, Creature: buyer, Item: it.Name, Amount: it.Cost})
	if it.Effect == Domain {
		e.domain = i
		e.log(g, Event{Kind: EventDomain, Player: p, Item: it.Name})
		return e
	}
	var targets []int
	sides := map[Scope][]int{Friendly: {p}, Enemy: {3 - p}, All: {p, 3 - p}}[it.Scope]
	for _, side := range sides {
		slots, n := g.players[side-1].slots, g.Living(side)
		if it.Multi {
			targets = append(targets, slots[:n]...)
		} else if m.Slot < n {
			targets = append(targets, slots[m.Slot])
		}
	}
	if len(targets) == 0 {
		whose := map[Scope]string{Friendly: "your", Enemy: "the enemy's", All: "either side's"}[it.Scope]
		if it.Multi {
			return g.refuse(p, RefuseNoTarget, fmt.Sprintf("item %s: no living creature is in its scope", it.Name))
		}
		return g.refuse(p, RefuseNoTarget, fmt.Sprintf("item %s: %s slot %d holds no living creature", it.Name, whose, m.Slot))
	}
	for _, t := range targets {
		c := g.creatures[t-1]
		te := g.roster[c.kind].Element
		switch it.Effect {
		case Damage:
			el, dom := attackMult(it.Element, te), g.domainMult(it.Element)
			amt := amount(it.Value, el, dom)
			e.changes = append(e.changes, change{id: t, health: -amt})
			e.log(g, Event{Kind: EventDamage, Player: p, Target: t, Item: it.Name, Amount: amt, Mult: g.mults(el, 0, dom)})
		case Heal:
			el := healMult(it.Element, te)
			amt := amount(it.Value, el)
			e.changes = append(e.changes, change{id: t, health: amt})
			e.log(g, Event{Kind: EventHeal, Player: p, Target: t, Item: it.Name, Amount: amt, Mult: g.mults(el, 0, 1000)})
		case Upgrade:
			ch := change{id: t}
			var d int
			switch it.Stat {
			case StatDamage:
				d = upgraded(c.damage, it, 0) - c.damage
				ch.damage = d
			case StatSpeed:
				d = upgraded(c.speed, it, 0) - c.speed
				ch.speed = d
			case StatHealth:
				d = upgraded(c.maxHealth, it, 1) - c.maxHealth
				ch.maxHealth, ch.health = d, d
			}
			e.changes = append(e.changes, ch)
			e.log(g, Event{Kind: EventUpgrade, Player: p, Target: t, Item: it.Name, Stat: it.Stat.String(), Amount: d})
		}
	}
	return e
}

// upgraded is stat after the upgrade it (A14a): flat points, or a percent of the stat
// as it stands rounded once, held to floor and MaxStat.
func upgraded(stat int, it Item, floor int) int {
	v := stat + it.Flat
	if it.Percent != 0 {
		v = amount(stat, int64(1000+10*it.Percent))
	}
	return min(max(v, floor), MaxStat)
}

// onShow reports whether catalog item i is in this round's shop.
func (g *Game) onShow(i int) bool {
	for _, s := range g.shop {
		if s == i {
			return true
		}
	}
	return false
}

// shopNames lists the shop for a message.
func (g *Game) shopNames() string {
	if len(g.shop) == 0 {
		return "nothing"
	}
	s := ""
	for i, k := range g.shop {
		if i > 0 {
			s += ", "
		}
		s += g.catalog[k].Name
	}
	return s
}

// tick is the domain's turn action at the end of the turn, both sides together (A15).
func (g *Game) tick(log *TurnLog) {
	if g.domain < 0 || g.catalog[g.domain].EachTurn == 0 {
		return
	}
	d := g.catalog[g.domain]
	var all []change
	for p := 1; p <= 2; p++ {
		slots := g.players[p-1].slots
		for _, id := range slots[:g.Living(p)] {
			if d.Element.covers(g.roster[g.creatures[id-1].kind].Element) {
				all = append(all, change{id: id, health: d.EachTurn})
				if !g.quiet {
					log.Events = append(log.Events, Event{Kind: EventTick, Target: id, Item: d.Name, Amount: d.EachTurn})
				}
			}
		}
	}
	g.applyChanges(all, log)
}
