package aibgui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host/aibghost"
)

// The move strings a person's seat plays without writing one: the picker's Pass, and
// the host's when the clock runs out on a move (A18). aibg reads neither as a move, so
// each is a pass (A6), which the summary words as what it was rather than a mistake.
const (
	AibgPassMove    = "pass"
	AibgTimeoutMove = "timeout"
)

// aibgFrontSpeed is player p's front creature as the turn began (0 for none) and its
// speed (-1 for none), as aibg's resolution orders a priority both players chose (A7).
// Those fronts are the ones the order was decided on: a priority both chose is the
// first either moves in, so no swap, upgrade or death came before it.
func aibgFrontSpeed(before [2][]aibg.Creature, p int) (int, int) {
	s := before[p-1]
	if len(s) == 0 || !s[0].Alive {
		return 0, -1
	}
	return s[0].ID, s[0].Speed
}

// aibgPriority is the move kind an event belongs to, given the kinds the players chose.
func aibgPriority(e aibg.Event, kinds [2]aibg.MoveKind) aibg.MoveKind {
	switch e.Kind {
	case aibg.EventSwap:
		return aibg.Swap
	case aibg.EventItem, aibg.EventDamage, aibg.EventHeal, aibg.EventUpgrade, aibg.EventDomain:
		return aibg.UseItem
	case aibg.EventAttack:
		return aibg.AttackMove
	case aibg.EventLost:
		return kinds[e.Player-1]
	}
	return aibg.Pass // a death follows its cause; a tick comes after every move
}

// AibgSummary words a turn in order (log, aibg's): each player's move, who moved
// first within a priority and why (A7: the faster front, or both at once at equal
// speed), every swap, purchase, hit with its multipliers (A8, A9, A15), heal,
// upgrade, the domain's turn action, each death, each pass with its reason, and the
// round's or the match's end. before is both lineups as the turn began (slot 0 first,
// as aibg's Slots and Creature give them); g is the match after the turn (for the
// creatures' types and the match's end).
func AibgSummary(s AibgSeats, g *aibg.Game, log aibg.TurnLog, before [2][]aibg.Creature) string {
	var b strings.Builder
	name := func(id int) string {
		if id == 0 {
			return "nobody"
		}
		c := g.Creature(id)
		return aibgCreature(c)
	}
	var kinds [2]aibg.MoveKind
	chose := make([]string, 2)
	for i, m := range log.Moves {
		kinds[i] = aibg.Pass
		if mv, err := aibg.ParseMove(m); err == nil && log.Refused[i] == nil {
			kinds[i] = mv.Kind // a refused move did nothing: there is no order to tell
		}
		chose[i] = fmt.Sprintf("%s `%s`", s.Names[i], strings.ReplaceAll(aibgCut(m, 40), "`", "'"))
		switch m {
		case AibgPassMove:
			chose[i] = s.Names[i] + " passed"
		case AibgTimeoutMove:
			chose[i] = s.Names[i] + " let the clock run out (a pass)"
		}
	}
	fmt.Fprintf(&b, "**Round %d, turn %d:** %s.", log.Round, log.Turn, strings.Join(chose, ", "))
	word := map[aibg.MoveKind]string{aibg.Swap: "swaps", aibg.UseItem: "items", aibg.AttackMove: "attacks"}
	if k0, k1 := kinds[0], kinds[1]; k0 != k1 && k0 != aibg.Pass && k1 != aibg.Pass {
		first := 0
		if k1 < k0 {
			first = 1
		}
		fmt.Fprintf(&b, "\n%s's %s first: %s go before %s.", s.Names[first], strings.TrimSuffix(word[kinds[first]], "s"), word[kinds[first]], word[kinds[1-first]])
	}
	said, together := map[aibg.MoveKind]bool{}, map[aibg.MoveKind]bool{}
	for _, e := range log.Events {
		if k := aibgPriority(e, kinds); k != aibg.Pass && kinds[0] == k && kinds[1] == k && !said[k] {
			said[k] = true
			f1, s1 := aibgFrontSpeed(before, 1)
			f2, s2 := aibgFrontSpeed(before, 2)
			switch {
			case s1 == s2:
				together[k] = true
				fmt.Fprintf(&b, "\nBoth %s at once: the fronts are equally fast (%s and %s, speed %d).", word[k], name(f1), name(f2), s1)
			default:
				first, fa, sa, fb, sb := 1, f1, s1, f2, s2
				if s2 > s1 {
					first, fa, sa, fb, sb = 2, f2, s2, f1, s1
				}
				fmt.Fprintf(&b, "\n%s's %s first: front %s is faster (speed %d against %d for %s).", s.Names[first-1], strings.TrimSuffix(word[k], "s"), name(fa), sa, sb, name(fb))
			}
		}
		b.WriteString("\n• " + aibgEvent(s, e, name))
	}
	if at := aibgDomains(log.Events); len(at) == 2 && together[aibg.UseItem] {
		if d, ok := g.Domain(); ok && !log.RoundOver {
			fmt.Fprintf(&b, "\n• %s and %s came at the same moment: one domain at a time, and a coin from the match's seed kept %s.", at[0], at[1], d.Name)
		}
	}
	for i, r := range log.Refused {
		if r != nil && log.Moves[i] != AibgPassMove && log.Moves[i] != AibgTimeoutMove {
			fmt.Fprintf(&b, "\n• %s's move was a pass: %s.", s.Names[i], aibgRefusalFix(r))
		}
	}
	if log.RoundOver {
		if w := log.RoundWinner; w != 0 {
			fmt.Fprintf(&b, "\n**%s wins round %d.**", s.Names[w-1], log.Round)
		} else if log.Turn >= aibg.MaxTurns {
			fmt.Fprintf(&b, "\n**Round %d is a draw:** %d turns played.", log.Round, aibg.MaxTurns)
		} else {
			fmt.Fprintf(&b, "\n**Round %d is a draw:** both sides fell together.", log.Round)
		}
	}
	return b.String()
}

// aibgDomains are the domains a turn's events set, in order.
func aibgDomains(events []aibg.Event) []string {
	var out []string
	for _, e := range events {
		if e.Kind == aibg.EventDomain {
			out = append(out, e.Item)
		}
	}
	return out
}

// aibgMults words an amount's multipliers other than 1: "element ×1.2, slot ×0.6".
func aibgMults(m *aibg.Mults) string {
	if m == nil {
		return ""
	}
	var parts []string
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	if m.Element != 0 && m.Element != 1 {
		parts = append(parts, "element ×"+f(m.Element))
	}
	if m.Falloff != 0 && m.Falloff != 1 {
		parts = append(parts, "area ×"+f(m.Falloff))
	}
	if m.Domain != 0 && m.Domain != 1 {
		parts = append(parts, "domain ×"+f(m.Domain))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// aibgEvent words one event of a turn.
func aibgEvent(s AibgSeats, e aibg.Event, name func(int) string) string {
	who := ""
	if e.Player > 0 {
		who = s.Names[e.Player-1]
	}
	switch e.Kind {
	case aibg.EventSwap:
		return fmt.Sprintf("%s swapped %s out of the front for %s.", who, name(e.Creature), name(e.Target))
	case aibg.EventItem:
		return fmt.Sprintf("%s bought %s for %s.", who, e.Item, aibgCount(e.Amount, "atom", "atoms"))
	case aibg.EventDamage:
		return fmt.Sprintf("%s dealt %d to %s%s.", e.Item, e.Amount, name(e.Target), aibgMults(e.Mult))
	case aibg.EventHeal:
		return fmt.Sprintf("%s healed %s by %d%s.", e.Item, name(e.Target), e.Amount, aibgMults(e.Mult))
	case aibg.EventUpgrade:
		return fmt.Sprintf("%s changed %s's %s by %+d for the round.", e.Item, name(e.Target), e.Stat, e.Amount)
	case aibg.EventDomain:
		return fmt.Sprintf("%s is the domain now.", e.Item)
	case aibg.EventAttack:
		return fmt.Sprintf("%s hit %s for %d%s.", name(e.Creature), name(e.Target), e.Amount, aibgMults(e.Mult))
	case aibg.EventTick:
		if e.Amount < 0 {
			return fmt.Sprintf("The domain %s took %d from %s.", e.Item, -e.Amount, name(e.Target))
		}
		return fmt.Sprintf("The domain %s healed %s by %d.", e.Item, name(e.Target), e.Amount)
	case aibg.EventDeath:
		return fmt.Sprintf("%s died.", name(e.Target))
	case aibg.EventLost:
		return fmt.Sprintf("%s's move was lost: %s.", who, e.Why)
	}
	return string(e.Kind)
}

// aibgRefusalFix is a refusal's reason and how to do better.
func aibgRefusalFix(r *aibg.Refusal) string {
	fix := map[aibg.RefusalCode]string{
		aibg.RefuseSyntax:      "a move is `attack [slot]`, `item NAME [slot]` or `swap slot`, with slots 0 to 3",
		aibg.RefuseUnknownItem: "choose an item from the shop",
		aibg.RefuseNotOnShow:   "only this round's items can be bought",
		aibg.RefuseBought:      "each item can be bought once a round: choose another, or attack",
		aibg.RefuseAtoms:       "choose a cheaper item, or attack",
		aibg.RefuseNoTarget:    "aim it at a slot that holds a living creature",
		aibg.RefuseSwapFront:   "swap with slot 1, 2 or 3",
		aibg.RefuseSwapEmpty:   "swap with a slot that holds a living creature",
		aibg.RefuseSwapDead:    "swap with a slot that holds a living creature",
	}[r.Code]
	if fix == "" {
		return r.Msg
	}
	return r.Msg + "; " + fix
}

// AibgRefusal words, for the player, why aibg refused their move (A6): what, why, and
// how to fix it.
func AibgRefusal(r *aibg.Refusal) string {
	return "Your move was a pass: " + aibgRefusalFix(r) + "."
}

// AibgRound is one round of a finished match, for the after-game text.
type AibgRound struct {
	Winner int // 1, 2, or 0 for a draw
	Turns  int
}

// AibgRounds reads the rounds out of a match's record: who won each and in how many
// turns (a round cut short, aibg's Finish, is a draw at the turn it stood at).
func AibgRounds(r aibg.Record) ([]AibgRound, error) {
	g, err := aibg.New(r.Setup)
	if err != nil {
		return nil, err
	}
	var out []AibgRound
	for i, a := range r.Actions {
		turn := g.Turn()
		l, err := g.Apply(a)
		if err != nil {
			return out, fmt.Errorf("aibg: replay action %d: %w", i+1, err)
		}
		switch {
		case a.Kind == aibg.ActFinish:
			out = append(out, AibgRound{Turns: turn - 1})
		case l != nil && l.RoundOver:
			out = append(out, AibgRound{Winner: l.RoundWinner, Turns: l.Turn})
		}
	}
	return out, nil
}

// MaxAibgRoundLines bounds the after-game text's lines of rounds (aibg's MaxRounds).
const MaxAibgRoundLines = aibg.MaxRounds

// AibgAfterGame is the after-game text: the result, then a line a round.
func AibgAfterGame(s AibgSeats, g *aibg.Game, rounds []AibgRound) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**AIBG** game #%d · %s vs %s\n%s", s.Game, s.Names[0], s.Names[1], AibgResult(s, g))
	for i, r := range rounds {
		if i == MaxAibgRoundLines {
			break
		}
		res := "a draw"
		if r.Winner != 0 {
			res = s.Names[r.Winner-1] + " won"
		}
		fmt.Fprintf(&b, "\nRound %d: %s after %s.", i+1, res, aibgCount(r.Turns, "turn", "turns"))
	}
	return view.Fit(b.String())
}

// AibgLineups is both lineups as they stand, slot 0 first: what AibgSummary takes as
// the lineups a turn began with, taken before the turn's second move is played.
func AibgLineups(g *aibg.Game) [2][]aibg.Creature { return aibghost.Lineups(g) }
