package cli

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kombat-game/kombat/aibg"
)

// How kombat play --game aibg words the match: the board, the shop, the moves' help
// and a turn's events, in plain sentences within 80 columns.

// board is both lineups as they stand, then the rounds won, the domain and the shop.
func (s *aibgTerminal) board() string {
	g := s.g
	if g.Phase() != aibg.RoundInProgress {
		return "  The lineups are not in yet: the board shows once both have lined up.\n"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n-- Round %d, turn %d -- rounds won: you %d, the bot %d\n", g.Round(), g.Turn(), g.RoundsWon(s.me), g.RoundsWon(s.them))
	fmt.Fprintf(&b, "Your lineup:\n%s", creatureTable(g, g.Slots(s.me), true))
	fmt.Fprintf(&b, "The bot's lineup:\n%s", creatureTable(g, g.Slots(s.them), true))
	domain := "none"
	if d, ok := g.Domain(); ok {
		domain = d.Name + " (" + itemWords(d) + ")"
	}
	b.WriteString(wrap("Domain: "+domain+".", 80, "", "  ") + "\n")
	b.WriteString(s.shop())
	return b.String()
}

// shop is the round's shop with each item's price and effect, the player's atoms and
// what the player has bought this round.
func (s *aibgTerminal) shop() string {
	g := s.g
	shop := g.Shop()
	if len(shop) == 0 {
		return fmt.Sprintf("You have %d atoms; the shop is empty this round (every item has been on show).\n", g.Atoms(s.me))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Shop (you have %s; each item once a round):\n", plural(g.Atoms(s.me), "atom", "atoms"))
	for _, it := range shop {
		what := itemWords(it)
		if g.Bought(s.me, it.Name) {
			what += " (bought)"
		}
		b.WriteString(wrap(what, 80, fmt.Sprintf("  %-11s %-8s ", it.Name, plural(it.Cost, "atom", "atoms")), strings.Repeat(" ", 23)) + "\n")
	}
	return b.String()
}

// itemWords says what an item does, briefly (docs/aibg.md's catalog table in words).
func itemWords(it aibg.Item) string {
	single := map[aibg.Scope]string{aibg.Friendly: "one of yours", aibg.Enemy: "one enemy", aibg.All: "one slot, both sides"}[it.Scope]
	multi := map[aibg.Scope]string{aibg.Friendly: "all of yours", aibg.Enemy: "every enemy", aibg.All: "every creature, yours too"}[it.Scope]
	who := single
	if it.Multi {
		who = multi
	}
	switch it.Effect {
	case aibg.Damage:
		return fmt.Sprintf("%d %s damage to %s", it.Value, it.Element, who)
	case aibg.Heal:
		return fmt.Sprintf("heals %d (%s) %s", it.Value, it.Element, who)
	case aibg.Upgrade:
		change := fmt.Sprintf("%+d", it.Flat)
		if it.Percent != 0 {
			change = fmt.Sprintf("%+d%%", it.Percent)
		}
		return fmt.Sprintf("%s %s for %s, this round", it.Stat, change, who)
	case aibg.Domain:
		who := it.Element.String() + " creatures"
		if it.Element == aibg.NoElement {
			who = "all creatures"
		}
		if it.Mult != 0 {
			return fmt.Sprintf("domain: damage of %s x%s, both sides", who, strconv.FormatFloat(float64(it.Mult)/1000, 'f', -1, 64))
		}
		return fmt.Sprintf("domain: %s %+d health a turn, both sides", who, it.EachTurn)
	}
	return it.Effect.String()
}

// creatureTable lists creatures: with slots, as a lineup (the living by slot, the dead
// after them marked dead); without, as a pool to choose from.
func creatureTable(g *aibg.Game, ids []int, slots bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  %4s %3s  %-11s %-8s %-7s %7s %6s %7s\n", "slot", "id", "type", "element", "attack", "health", "speed", "damage")
	if !slots {
		b.Reset()
		fmt.Fprintf(&b, "  %3s  %-11s %-8s %-7s %7s %6s %7s\n", "id", "type", "element", "attack", "health", "speed", "damage")
	}
	for i, id := range ids {
		c := g.Creature(id)
		health := fmt.Sprintf("%d/%d", c.Health, c.MaxHealth)
		slot := strconv.Itoa(i)
		if !c.Alive {
			health, slot = "dead", "-"
		}
		if slots {
			fmt.Fprintf(&b, "  %4s ", slot)
		} else {
			b.WriteString("  ")
		}
		fmt.Fprintf(&b, "%3d  %-11s %-8s %-7s %7s %6d %7d\n", id, c.Type, c.Element, c.Attack, health, c.Speed, c.Damage)
	}
	return b.String()
}

// moveHelp is what the player may type at the move prompt.
func (s *aibgTerminal) moveHelp() string {
	return `  attack          your front creature attacks: melee hits the enemy's front
                  (slot 0), aoe every enemy slot (80%, 60%, 35%, 15%)
  attack SLOT     a ranged front creature hits that enemy slot (0 to 3)
  item NAME       buys NAME from the shop and uses it at once (on slot 0)
  item NAME SLOT  the same, on that slot (for a one-creature item)
  swap SLOT       your creature in SLOT (1 to 3) takes the front
  Enter           attacks
  board           shows the board again; quit resigns (it asks first)
` + wrap("Swaps go first, then items, then attacks; when both make the same kind of move, the faster front creature's goes first, and with equal speeds both happen at once. Buying or swapping costs the turn's attack.", 80, "", "") + "\n"
}

// refusalWords is a refused move's reason as the player reads it.
func refusalWords(r *aibg.Refusal) string {
	if r.Code == aibg.RefuseSyntax {
		return r.Msg + ` (the moves are attack, item NAME and swap SLOT; "help" says more)`
	}
	return r.Msg
}

// owner is the seat of creature id: player 1's are 1 to 12, player 2's 13 to 24 (A2a).
func owner(id int) int { return (id-1)/aibg.PoolSize + 1 }

// name is creature id as the player reads it: "your Tide (3)", "the bot's Ember (14)".
func (s *aibgTerminal) name(id int) string {
	whose := "the bot's"
	if owner(id) == s.me {
		whose = "your"
	}
	return fmt.Sprintf("%s %s (%d)", whose, s.g.Creature(id).Type, id)
}

// capital starts a sentence.
func capital(text string) string {
	r, n := utf8.DecodeRuneInString(text)
	return string(unicode.ToUpper(r)) + text[n:]
}

// turnWords tells what a turn did: both moves, which went first and why, each event in
// order, the passes, and the round's end. fronts are both front creatures as the turn
// began, player 1's first.
func (s *aibgTerminal) turnWords(log aibg.TurnLog, fronts [2]aibg.Creature) string {
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, capital(fmt.Sprintf(format, args...))) }
	add("turn %d: you played %q, the bot %q.", log.Turn, log.Moves[s.me-1], log.Moves[s.them-1])
	if o := s.order(log, fronts); o != "" {
		add("%s", o)
	}
	for _, e := range log.Events {
		add("%s", s.eventWords(e))
	}
	for p := 1; p <= 2; p++ {
		if r := log.Refused[p-1]; r != nil {
			whose := "your"
			if p == s.them {
				whose = "the bot's"
			}
			add("%s move was a pass: %s.", whose, r.Msg)
		}
	}
	if log.RoundOver {
		switch log.RoundWinner {
		case s.me:
			add("round %d goes to you: the bot has no living creature in line.", log.Round)
		case s.them:
			add("round %d goes to the bot: you have no living creature in line.", log.Round)
		default:
			if log.Turn >= aibg.MaxTurns {
				add("round %d is a draw: it reached its last turn, %d.", log.Round, aibg.MaxTurns)
			} else {
				add("round %d is a draw: both lineups died in the same turn.", log.Round)
			}
		}
	}
	var b strings.Builder
	for i, l := range lines {
		if i == 0 {
			b.WriteString(wrap(l, 80, "", "  ") + "\n")
			continue
		}
		b.WriteString(wrap(l, 80, "  ", "    ") + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// order says which move went first and why (A7): by priority, else by the front
// creatures' speed. With a pass there is one move and nothing to say.
func (s *aibgTerminal) order(log aibg.TurnLog, fronts [2]aibg.Creature) string {
	var kind [2]aibg.MoveKind
	for i, text := range log.Moves {
		m, err := aibg.ParseMove(text)
		kind[i] = m.Kind
		if err != nil || log.Refused[i] != nil {
			kind[i] = aibg.Pass
		}
	}
	me, them := kind[s.me-1], kind[s.them-1]
	switch {
	case me == aibg.Pass || them == aibg.Pass:
		return ""
	case me != them:
		first, k := "your", me
		if them < me {
			first, k = "the bot's", them
		}
		return fmt.Sprintf("%s %s went first: swaps go before items, items before attacks.", first, k)
	}
	a, b := fronts[s.me-1], fronts[s.them-1]
	what := map[aibg.MoveKind]string{aibg.Swap: "a swap", aibg.UseItem: "an item", aibg.AttackMove: "an attack"}[me]
	switch {
	case a.Speed > b.Speed:
		return fmt.Sprintf("both played %s; your %s (speed %d) is faster than the bot's %s (speed %d), so yours went first.", what, a.Type, a.Speed, b.Type, b.Speed)
	case b.Speed > a.Speed:
		return fmt.Sprintf("both played %s; the bot's %s (speed %d) is faster than your %s (speed %d), so its went first.", what, b.Type, b.Speed, a.Type, a.Speed)
	}
	return fmt.Sprintf("both played %s and both front creatures have speed %d: the two happened at once, each on the state before either.", what, a.Speed)
}

// eventWords is one event as a sentence.
func (s *aibgTerminal) eventWords(e aibg.Event) string {
	g := s.g
	switch e.Kind {
	case aibg.EventSwap:
		return fmt.Sprintf("%s takes the front from %s.", s.name(e.Target), s.name(e.Creature))
	case aibg.EventItem:
		if e.Player == s.me {
			return fmt.Sprintf("you buy %s for %s.", e.Item, plural(e.Amount, "atom", "atoms"))
		}
		return fmt.Sprintf("the bot buys %s for %s.", e.Item, plural(e.Amount, "atom", "atoms"))
	case aibg.EventDamage:
		return fmt.Sprintf("%s deals %d to %s%s.", e.Item, e.Amount, s.name(e.Target), s.mults(e.Mult, s.itemElement(e.Item), e.Target))
	case aibg.EventHeal:
		return fmt.Sprintf("%s heals %s by %d%s.", e.Item, s.name(e.Target), e.Amount, s.mults(e.Mult, "", e.Target))
	case aibg.EventUpgrade:
		return fmt.Sprintf("%s: %s %s %+d.", e.Item, s.name(e.Target), e.Stat, e.Amount)
	case aibg.EventDomain:
		d := e.Item
		for _, it := range g.Items() {
			if it.Name == e.Item {
				d += " (" + itemWords(it) + ")"
			}
		}
		return fmt.Sprintf("%s becomes the domain.", d)
	case aibg.EventAttack:
		return fmt.Sprintf("%s hits %s for %d%s.", s.name(e.Creature), s.name(e.Target), e.Amount, s.mults(e.Mult, g.Creature(e.Creature).Element, e.Target))
	case aibg.EventTick:
		if e.Amount < 0 {
			return fmt.Sprintf("%s: %s loses %d health.", e.Item, s.name(e.Target), -e.Amount)
		}
		return fmt.Sprintf("%s: %s gains %d health.", e.Item, s.name(e.Target), e.Amount)
	case aibg.EventDeath:
		return fmt.Sprintf("%s dies.", s.name(e.Target))
	case aibg.EventLost:
		whose := "your"
		if e.Player == s.them {
			whose = "the bot's"
		}
		why := e.Why
		if e.Creature != 0 { // the engine names the creature by its id alone
			why = strings.Replace(why, fmt.Sprintf("creature %d", e.Creature), s.name(e.Creature), 1)
		}
		return fmt.Sprintf("%s move is lost: %s.", whose, why)
	}
	return fmt.Sprintf("%s (%+v)", e.Kind, e)
}

// itemElement is the element of the item named, for a damage item's multipliers.
func (s *aibgTerminal) itemElement(name string) string {
	for _, it := range s.g.Items() {
		if it.Name == name {
			return it.Element.String()
		}
	}
	return ""
}

// mults says which multipliers an amount was computed with, in parentheses: an
// element beating another (from the attacking element el; "" for a heal, whose
// element multiplier is reversed), an area attack's share, a domain. Nothing when all
// were 1.
func (s *aibgTerminal) mults(m *aibg.Mults, el string, target int) string {
	if m == nil {
		return ""
	}
	var parts []string
	te := s.g.Creature(target).Element
	switch {
	case m.Element > 1 && el != "":
		parts = append(parts, fmt.Sprintf("x%g, %s beats %s", m.Element, el, te))
	case m.Element < 1 && el != "":
		parts = append(parts, fmt.Sprintf("x%g, %s beats %s", m.Element, te, el))
	case m.Element != 1:
		parts = append(parts, fmt.Sprintf("x%g for the elements", m.Element))
	}
	if m.Falloff != 0 {
		parts = append(parts, fmt.Sprintf("%g%% of an area attack", 100*m.Falloff))
	}
	if m.Domain != 0 {
		parts = append(parts, fmt.Sprintf("x%g from the domain", m.Domain))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}
