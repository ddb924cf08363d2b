package aibgui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/render"
)

// AIBG's messages (issue 25): the public screen of each phase (the pools, a round's
// lineups, each turn, the end), the private pickers a player chooses with (pool,
// lineup, move), the turn's summary and the after-game text. A picker shows only what
// the rules allow, so a refusal (AibgRefusal) comes only from a stale control or a
// program's move.

// AibgPicture is the name of the picture a screen carries (render.BattlePNG's).
const AibgPicture = "battle.png"

// AibgSeats is what the screens say of the seats and the clock besides the match.
type AibgSeats struct {
	Game     int64
	Names    [2]string // display names: a person's, "Bot (level)", a program's
	Users    [2]string // Discord user ids; "" for a bot or a program
	Deadline time.Time // when the open choice's clock runs out (A18); zero for none
	Timeouts [2]int    // each seat's passes in a row by timeout (A18): the third forfeits
	// Result is the stored result once the match is over (nil before): a resignation
	// or a forfeit ends a match the rules have not finished.
	Result *game.Result
}

// aibgForfeitAfter is how many passes in a row by timeout forfeit a match (A18).
const aibgForfeitAfter = 3

// who names seat p in a screen: a ping for a person, a bold name otherwise.
func (s AibgSeats) who(p int) string {
	if s.Users[p-1] != "" {
		return "<@" + s.Users[p-1] + ">"
	}
	return "**" + s.Names[p-1] + "**"
}

// aibgCount is n with its noun, singular or plural as n asks.
func aibgCount(n int, one, many string) string {
	return fmt.Sprintf("%d %s", n, render.Plural(n, one, many))
}

// aibgFront is player p's front creature, if one lives in slot 0.
func aibgFront(g *aibg.Game, p int) (aibg.Creature, bool) {
	s := g.Slots(p)
	if len(s) == 0 {
		return aibg.Creature{}, false
	}
	c := g.Creature(s[0])
	return c, c.Alive
}

// AibgKindStats is a creature type's stats in a line: element, attack, speed, health,
// damage.
func AibgKindStats(k aibg.Kind) string {
	return fmt.Sprintf("%s · %s · speed %d · health %d · damage %d", k.Element, k.Attack, k.Speed, k.Health, k.Damage)
}

// AibgRoster is the roster as a table in a code block, within limit characters: the
// types the limit leaves out are counted.
func AibgRoster(kinds []aibg.Kind, limit int) string {
	head := fmt.Sprintf("%-12s %-8s %-7s %5s %6s %6s\n", "type", "element", "attack", "speed", "health", "damage")
	var b strings.Builder
	b.WriteString("```\n" + head)
	for i, k := range kinds {
		line := fmt.Sprintf("%-12s %-8s %-7s %5d %6d %6d\n", k.Name, k.Element, k.Attack, k.Speed, k.Health, k.Damage)
		more := fmt.Sprintf("… and %d more\n", len(kinds)-i)
		if b.Len()+len(line)+len(more)+3 > limit {
			b.WriteString(more)
			break
		}
		b.WriteString(line)
	}
	b.WriteString("```")
	return b.String()
}

// AibgItemEffect words what an item does, in a line: its effect, amount, element,
// scope and target (A14, A15).
func AibgItemEffect(it aibg.Item) string {
	whom := func() string {
		side := map[aibg.Scope][2]string{
			aibg.Friendly: {"one of your creatures", "each of your creatures"},
			aibg.Enemy:    {"one enemy creature", "each enemy creature"},
			aibg.All:      {"the creature in one slot on each side", "every creature on both sides"},
		}[it.Scope]
		if it.Multi {
			return side[1]
		}
		return side[0]
	}
	switch it.Effect {
	case aibg.Damage:
		return fmt.Sprintf("%d %s damage to %s", it.Value, it.Element, whom())
	case aibg.Heal:
		return fmt.Sprintf("heals %s by %d (%s)", whom(), it.Value, it.Element)
	case aibg.Upgrade:
		amt := fmt.Sprintf("%+d", it.Flat)
		if it.Percent != 0 {
			amt = fmt.Sprintf("%+d%%", it.Percent)
		}
		return fmt.Sprintf("%s %s to %s for the round", amt, it.Stat, whom())
	}
	kind := "every creature"
	if it.Element != aibg.NoElement {
		kind = "every " + it.Element.String() + " creature"
	}
	if it.Mult != 0 {
		of := "all damage"
		if it.Element != aibg.NoElement {
			of = it.Element.String() + " damage"
		}
		return fmt.Sprintf("domain: %s ×%s for the round", of, strconv.FormatFloat(float64(it.Mult)/1000, 'f', -1, 64))
	}
	if it.EachTurn < 0 {
		return fmt.Sprintf("domain: %s loses %d health a turn", kind, -it.EachTurn)
	}
	return fmt.Sprintf("domain: %s heals %d a turn", kind, it.EachTurn)
}

// aibgHeader is a screen's first line: the game, the round and turn, the rounds won.
func aibgHeader(s AibgSeats, g *aibg.Game) string {
	h := fmt.Sprintf("**AIBG** game #%d · %s vs %s", s.Game, s.Names[0], s.Names[1])
	if g.Round() > 0 {
		h += fmt.Sprintf(" · round %d of %d", g.Round(), aibg.MaxRounds)
	}
	if g.Turn() > 0 {
		h += fmt.Sprintf(", turn %d", g.Turn())
	}
	if g.Round() > 0 {
		h += fmt.Sprintf(" · rounds won %d–%d", g.RoundsWon(1), g.RoundsWon(2))
	}
	return h
}

// aibgAwaited says whose choice is awaited and until when (A18), and whose is in.
func aibgAwaited(s AibgSeats, g *aibg.Game, what string) (string, []string) {
	var waiting, in []string
	var ping []string
	for p := 1; p <= 2; p++ {
		if g.Chosen(p) {
			in = append(in, s.Names[p-1])
			continue
		}
		waiting = append(waiting, s.who(p))
		if s.Users[p-1] != "" {
			ping = append(ping, s.Users[p-1])
		}
	}
	line := "Waiting for " + strings.Join(waiting, " and ") + " to choose " + what
	if !s.Deadline.IsZero() {
		line += fmt.Sprintf(", by <t:%d:R>", s.Deadline.Unix())
	}
	line += "."
	if len(in) > 0 {
		line += " " + strings.Join(in, " and ") + " has chosen."
	}
	return line, ping
}

// AibgScreen is an AIBG game's public message after each step: the summary of the
// turn just played (if any), the phase's header and what it waits for, with the button
// that opens a person's private picker, and the picture (png, render.BattlePNG's;
// none during the pools). At the end: the result.
func AibgScreen(s AibgSeats, g *aibg.Game, summary string, png []byte) view.Reply {
	var b strings.Builder
	if summary != "" {
		b.WriteString(summary + "\n")
	}
	b.WriteString(aibgHeader(s, g) + "\n")
	var rep view.Reply
	if len(png) > 0 {
		rep.Files = []view.File{{Name: AibgPicture, MIME: "image/png", Data: png}}
	}
	if g.Over() || s.Result != nil {
		b.WriteString(AibgResult(s, g))
		rep.Content = view.Fit(b.String())
		return rep
	}
	var what, button string
	switch g.Phase() {
	case aibg.PoolSelection:
		fmt.Fprintf(&b, "Each player picks a pool of %d creatures from the roster, in secret (repeats allowed):\n%s\n", aibg.PoolSize, AibgRoster(g.Kinds(), 1200))
		what, button = "a pool", "Pick my pool"
	case aibg.RoundSelection:
		fmt.Fprintf(&b, "Each player puts 1 to %d living creatures of their pool in slots, in secret; slot 0 is the front. Atoms this round: %d.\n", aibg.MaxSlots, aibg.Atoms(g.Round()))
		what, button = "a lineup", "Choose my lineup"
	default:
		fmt.Fprintf(&b, "Atoms: %s %d, %s %d. %s\n", s.Names[0], g.Atoms(1), s.Names[1], g.Atoms(2), aibgDomainLine(g))
		what, button = "a move", "Choose my move"
	}
	line, ping := aibgAwaited(s, g, what)
	b.WriteString(line)
	for p := 1; p <= 2; p++ {
		if n := s.Timeouts[p-1]; n > 0 && g.Phase() == aibg.RoundInProgress {
			fmt.Fprintf(&b, "\n%s has let the clock run out on %s in a row; %d in a row forfeit the match.", s.Names[p-1], aibgCount(n, "move", "moves"), aibgForfeitAfter)
		}
	}
	rep.Content, rep.Mentions = view.Fit(b.String()), ping
	if s.Users[0] != "" || s.Users[1] != "" {
		rep.Components = []discordgo.MessageComponent{view.Row(discordgo.Button{Label: button, Style: discordgo.PrimaryButton, CustomID: aibgID(s.Game, g, AbOpen)})}
	}
	return rep
}

// aibgDomainLine names the domain in force and what it does.
func aibgDomainLine(g *aibg.Game) string {
	d, ok := g.Domain()
	if !ok {
		return "No domain."
	}
	return fmt.Sprintf("Domain: %s (%s).", d.Name, AibgItemEffect(d))
}

// AibgResult words how a finished match ended: on rounds (A5, A5a), or by a
// resignation or a forfeit on time (A18), with the rounds won so far.
func AibgResult(s AibgSeats, g *aibg.Game) string {
	a, b := g.RoundsWon(1), g.RoundsWon(2)
	if r := s.Result; r != nil && r.Winner != 0 && !g.Over() {
		left, how := 3-r.Winner, "resigned"
		if r.Reason == game.ReasonForfeit {
			how = fmt.Sprintf("forfeited, the clock run out on %d moves in a row", aibgForfeitAfter)
		}
		return fmt.Sprintf("**Game over.** %s %s: %s wins the match (rounds %d to %d).", s.Names[left-1], how, s.who(r.Winner), g.RoundsWon(r.Winner), g.RoundsWon(left))
	}
	if w := g.Winner(); w != 0 {
		return fmt.Sprintf("**Game over.** %s wins the match, %s to %d.", s.who(w), aibgCount(max(a, b), "round", "rounds"), min(a, b))
	}
	return fmt.Sprintf("**Game over.** A draw: %s each.", aibgCount(a, "round", "rounds"))
}

// AibgPoolPicker is player p's private pool picker with picks (roster indexes) so far:
// the picks counted by type and how many are missing; a select per 25 types (each
// shows a type's stats, and adds the types chosen in it, a select being unable to
// take one option twice: a repeat is a second choice of the same type); Undo, Clear,
// and Done once the pool is full.
func AibgPoolPicker(s AibgSeats, g *aibg.Game, picks []int) view.Reply {
	kinds := g.Kinds()
	var b strings.Builder
	fmt.Fprintf(&b, "**AIBG** game #%d · your pool: %d of %d picked", s.Game, len(picks), aibg.PoolSize)
	if len(picks) > 0 {
		b.WriteString(": " + aibgTally(kinds, picks))
	}
	left := aibg.PoolSize - len(picks)
	if left > 0 {
		fmt.Fprintf(&b, ".\nPick %d more %s: each choice in a menu adds one of each type chosen, and a type may be chosen again. Only you see this.", left, render.Plural(left, "creature", "creatures"))
	} else {
		b.WriteString(".\nThe pool is full: press **Done** to submit it (**Undo** or **Clear** to change it).")
	}
	picksArg := encodeList(picks)
	var rows []discordgo.MessageComponent
	if left > 0 {
		for page := 0; page*maxOptions < len(kinds) && page*maxOptions < maxRosterPicker; page++ {
			var opts []discordgo.SelectMenuOption
			for i := page * maxOptions; i < len(kinds) && i < (page+1)*maxOptions; i++ {
				k := kinds[i]
				opts = append(opts, discordgo.SelectMenuOption{Label: k.Name, Description: AibgKindStats(k), Value: strconv.Itoa(i)})
			}
			ph := fmt.Sprintf("Add creatures (up to %d)…", min(left, len(opts)))
			if len(kinds) > maxOptions {
				ph = fmt.Sprintf("Add creatures %d–%d of the roster…", page*maxOptions+1, page*maxOptions+len(opts))
			}
			rows = append(rows, view.Row(discordgo.SelectMenu{CustomID: aibgID(s.Game, g, AbPoolAdd, strconv.Itoa(page), picksArg),
				Placeholder: ph, Options: opts, MaxValues: min(left, len(opts))}))
		}
	}
	rows = append(rows, view.Row(
		discordgo.Button{Label: "Undo", Style: discordgo.SecondaryButton, CustomID: aibgID(s.Game, g, AbPoolUndo, picksArg), Disabled: len(picks) == 0},
		discordgo.Button{Label: "Clear", Style: discordgo.SecondaryButton, CustomID: aibgID(s.Game, g, AbPoolClear, picksArg), Disabled: len(picks) == 0},
		discordgo.Button{Label: "Done", Style: discordgo.SuccessButton, CustomID: aibgID(s.Game, g, AbPoolDone, picksArg), Disabled: left > 0},
	))
	return view.Reply{Content: view.Fit(b.String()), Ephemeral: true, Components: rows}
}

// aibgTally counts picks by type, in the order first picked: "Tide ×2, Ember".
func aibgTally(kinds []aibg.Kind, picks []int) string {
	count := map[int]int{}
	var order []int
	for _, k := range picks {
		if count[k] == 0 {
			order = append(order, k)
		}
		count[k]++
	}
	parts := make([]string, len(order))
	for i, k := range order {
		parts[i] = kinds[k].Name
		if count[k] > 1 {
			parts[i] += fmt.Sprintf(" ×%d", count[k])
		}
	}
	return strings.Join(parts, ", ")
}

// AibgPoolNames is the pool's picks as aibg.Game.SelectPool takes them.
func AibgPoolNames(g *aibg.Game, picks []int) []string {
	kinds := g.Kinds()
	out := make([]string, len(picks))
	for i, k := range picks {
		out[i] = kinds[k].Name
	}
	return out
}

// aibgCreature names a creature with its id: "Tide #3".
func aibgCreature(c aibg.Creature) string { return fmt.Sprintf("%s #%d", c.Type, c.ID) }

// AibgLineupPicker is player p's private lineup picker with the creatures chosen so far
// (ids, slot 0 first): the lineup in slots, a select of the living creatures not in it
// yet (each with its stats), Undo, Clear, and Done once one is in (A3).
func AibgLineupPicker(s AibgSeats, g *aibg.Game, p int, chosen []int) view.Reply {
	var b strings.Builder
	fmt.Fprintf(&b, "**AIBG** game #%d · round %d · your lineup (%d of at most %d)", s.Game, g.Round(), len(chosen), aibg.MaxSlots)
	for i, id := range chosen {
		fmt.Fprintf(&b, "\nslot %d: %s", i, aibgCreature(g.Creature(id)))
	}
	in := map[int]bool{}
	for _, id := range chosen {
		in[id] = true
	}
	var opts []discordgo.SelectMenuOption
	living := 0
	for _, id := range g.Pool(p) {
		c := g.Creature(id)
		if !c.Alive {
			continue
		}
		living++
		if !in[id] {
			opts = append(opts, discordgo.SelectMenuOption{Label: aibgCreature(c),
				Description: fmt.Sprintf("%s · %s · speed %d · health %d · damage %d", c.Element, c.Attack, c.Speed, c.MaxHealth, c.Damage),
				Value:       strconv.Itoa(id)})
		}
	}
	switch {
	case len(chosen) == 0:
		fmt.Fprintf(&b, "\nChoose the creature for slot 0, the front (it attacks and is hit first), then the others in order; %s of your pool %s alive. Only you see this.", aibgCount(living, "creature", "creatures"), render.Plural(living, "is", "are"))
	case len(chosen) < aibg.MaxSlots && len(opts) > 0:
		fmt.Fprintf(&b, "\nAdd the creature for slot %d, or press **Done** to play with %s.", len(chosen), aibgCount(len(chosen), "creature", "creatures"))
	default:
		b.WriteString("\nPress **Done** to submit this lineup.")
	}
	arg := encodeList(chosen)
	var rows []discordgo.MessageComponent
	if len(chosen) < aibg.MaxSlots && len(opts) > 0 {
		rows = append(rows, view.Row(discordgo.SelectMenu{CustomID: aibgID(s.Game, g, AbLineAdd, arg),
			Placeholder: fmt.Sprintf("Creature for slot %d…", len(chosen)), Options: opts[:min(len(opts), maxOptions)]}))
	}
	rows = append(rows, view.Row(
		discordgo.Button{Label: "Undo", Style: discordgo.SecondaryButton, CustomID: aibgID(s.Game, g, AbLineUndo, arg), Disabled: len(chosen) == 0},
		discordgo.Button{Label: "Clear", Style: discordgo.SecondaryButton, CustomID: aibgID(s.Game, g, AbLineClear, arg), Disabled: len(chosen) == 0},
		discordgo.Button{Label: "Done", Style: discordgo.SuccessButton, CustomID: aibgID(s.Game, g, AbLineDone, arg), Disabled: len(chosen) == 0},
	))
	return view.Reply{Content: view.Fit(b.String()), Ephemeral: true, Components: rows}
}

// AibgMovePicker is player p's private move picker at step (the control just pressed;
// the zero value or AbOpen or AbBack for the first step). First: Attack (a melee or
// area attacker's attack at once; a ranged one's asks its target), a select of the
// shop's items p can buy (price and effect; those p cannot are named with why), a
// select of the living slots to swap the front with, and Pass. Then, for a ranged
// attack or an item aimed at one slot: a button per slot with a living target, and
// Back.
func AibgMovePicker(s AibgSeats, g *aibg.Game, p int, step AibgControl) view.Reply {
	var b strings.Builder
	front, ok := aibgFront(g, p)
	fmt.Fprintf(&b, "**AIBG** game #%d · round %d, turn %d · your move · %s", s.Game, g.Round(), g.Turn(), aibgCount(g.Atoms(p), "atom", "atoms"))
	if ok {
		fmt.Fprintf(&b, " · front: %s (%s %s, speed %d, damage %d)", aibgCreature(front), front.Element, front.Attack, front.Speed, front.Damage)
	}
	back := discordgo.Button{Label: "Back", Style: discordgo.SecondaryButton, CustomID: aibgID(s.Game, g, AbBack)}
	items := g.Items()
	switch {
	case step.Op == AbAttack && step.Slot < 0 && ok && front.Attack == aibg.Ranged.String():
		b.WriteString("\nAttack which enemy slot? A ranged attack hits the slot chosen.")
		return view.Reply{Content: view.Fit(b.String()), Ephemeral: true, Components: []discordgo.MessageComponent{
			view.Row(aibgTargets(s, g, []int{3 - p}, AbAttack)...), view.Row(back)}}
	case step.Op == AbItem && step.Slot < 0 && step.Item >= 0 && step.Item < len(items) && aibgNeedsTarget(items[step.Item]):
		it := items[step.Item]
		sides := map[aibg.Scope][]int{aibg.Friendly: {p}, aibg.Enemy: {3 - p}, aibg.All: {p, 3 - p}}[it.Scope]
		fmt.Fprintf(&b, "\n%s (%d atoms): %s. Which slot?", it.Name, it.Cost, AibgItemEffect(it))
		targets := aibgTargets(s, g, sides, AbItem, strconv.Itoa(step.Item))
		if len(targets) == 0 {
			b.WriteString(" No slot in its scope holds a living creature: choose another move.")
			return view.Reply{Content: view.Fit(b.String()), Ephemeral: true, Components: []discordgo.MessageComponent{view.Row(back)}}
		}
		return view.Reply{Content: view.Fit(b.String()), Ephemeral: true, Components: []discordgo.MessageComponent{view.Row(targets...), view.Row(back)}}
	}
	var rows []discordgo.MessageComponent
	attack := discordgo.Button{Label: "Attack", Style: discordgo.DangerButton, CustomID: aibgID(s.Game, g, AbAttack)}
	if ok && front.Attack == aibg.Ranged.String() {
		attack.Label = "Attack…"
	}
	rows = append(rows, view.Row(attack, discordgo.Button{Label: "Pass", Style: discordgo.SecondaryButton, CustomID: aibgID(s.Game, g, AbPass)}))
	var opts []discordgo.SelectMenuOption
	var cannot []string
	for _, it := range g.Shop() {
		switch {
		case g.Bought(p, it.Name):
			cannot = append(cannot, it.Name+" (bought this round)")
		case it.Cost > g.Atoms(p):
			cannot = append(cannot, fmt.Sprintf("%s (costs %d)", it.Name, it.Cost))
		default:
			opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("%s · %s", it.Name, aibgCount(it.Cost, "atom", "atoms")),
				Description: aibgCut(AibgItemEffect(it), 100), Value: strconv.Itoa(aibgItemIndex(items, it.Name))})
		}
	}
	if len(opts) > 0 {
		rows = append(rows, view.Row(discordgo.SelectMenu{CustomID: aibgID(s.Game, g, AbItem), Placeholder: "Buy an item…", Options: opts}))
	}
	if len(cannot) > 0 {
		b.WriteString("\nNot for you now: " + strings.Join(cannot, ", ") + ".")
	} else if len(g.Shop()) == 0 {
		b.WriteString("\nThe shop is empty this round.")
	}
	var swaps []discordgo.SelectMenuOption
	slots := g.Slots(p)
	for i := 1; i < g.Living(p); i++ {
		c := g.Creature(slots[i])
		swaps = append(swaps, discordgo.SelectMenuOption{Label: fmt.Sprintf("Slot %d: %s", i, aibgCreature(c)),
			Description: fmt.Sprintf("%s %s · health %d/%d · speed %d", c.Element, c.Attack, c.Health, c.MaxHealth, c.Speed), Value: strconv.Itoa(i)})
	}
	if len(swaps) > 0 {
		rows = append(rows, view.Row(discordgo.SelectMenu{CustomID: aibgID(s.Game, g, AbSwap), Placeholder: "Swap the front with…", Options: swaps}))
	} else {
		b.WriteString("\nNo living creature stands behind your front: no swap.")
	}
	b.WriteString("\nSwaps resolve first, then items, then attacks; within each, the faster front moves first. Only you see this.")
	return view.Reply{Content: view.Fit(b.String()), Ephemeral: true, Components: rows}
}

// aibgTargets are a button per slot of sides holding a living creature, for op with
// args before the slot; on both sides (an item of scope all) a slot is one button.
func aibgTargets(s AibgSeats, g *aibg.Game, sides []int, op AibgOp, args ...string) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for slot := 0; slot < aibg.MaxSlots; slot++ {
		var names []string
		for _, side := range sides {
			if slot < g.Living(side) {
				names = append(names, g.Creature(g.Slots(side)[slot]).Type)
			}
		}
		if len(names) == 0 {
			continue
		}
		label := aibgCut(fmt.Sprintf("Slot %d: %s", slot, strings.Join(names, " / ")), 80)
		out = append(out, discordgo.Button{Label: label, Style: discordgo.PrimaryButton,
			CustomID: aibgID(s.Game, g, op, append(append([]string(nil), args...), strconv.Itoa(slot))...)})
	}
	return out
}

// aibgCut keeps s within n characters.
func aibgCut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// aibgItemIndex is the catalog index of the item named, or -1.
func aibgItemIndex(items []aibg.Item, name string) int {
	for i, it := range items {
		if it.Name == name {
			return i
		}
	}
	return -1
}

// AibgAlreadyChosen answers a press on a picker of a player whose choice for the
// phase or turn is in: a choice is final.
func AibgAlreadyChosen() view.Reply {
	return view.Private("Your choice for this phase of the AIBG game is in already, and a choice is final. Wait for the other player: the game's message says when it resolves.")
}

// AibgChosen answers a player whose move (or selection) is in: what it was, and that
// the turn resolves when both have chosen.
func AibgChosen(what string) view.Reply {
	return view.Reply{Update: true, Content: fmt.Sprintf("Your choice is in: %s. It resolves when both players have chosen; until then nobody sees it.", what)}
}
