package aibgui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/bot/view"
)

// AIBG's controls (issue 25) are custom ids "k1:ab:GAME:STAMP:OP[:ARG...]". STAMP is
// the match's position, "ROUND.TURN" (aibg's Round and Turn: "0.0" while the pools
// are chosen, "R.0" while round R's lineups are, "R.T" in its turn T), so a press on
// a control of an earlier phase or turn is recognised as stale. A private picker
// keeps what the player has picked so far in its controls' ids (a pool's picks, a
// lineup's creatures, the item whose target is asked), so a press needs nothing
// stored and nothing is half-chosen in the match until the player presses Done.

// AibgAction is the custom id action of every AIBG control.
const AibgAction = "ab"

// AibgOp is what an AIBG control does.
type AibgOp string

// The AIBG controls.
const (
	AbOpen      AibgOp = "open"   // the public screen's button: opens the private picker of the phase
	AbPoolAdd   AibgOp = "padd"   // a roster select: adds the types chosen (values: roster indexes)
	AbPoolUndo  AibgOp = "pundo"  // drops the last pick
	AbPoolClear AibgOp = "pclear" // drops every pick
	AbPoolDone  AibgOp = "pdone"  // submits the 12 picks
	AbLineAdd   AibgOp = "ladd"   // a creature select: puts the creature in the next slot (value: its id)
	AbLineUndo  AibgOp = "lundo"  // takes the last creature out
	AbLineClear AibgOp = "lclear" // empties the lineup
	AbLineDone  AibgOp = "ldone"  // submits the lineup
	AbAttack    AibgOp = "atk"    // attack; a ranged attacker's target slot as the argument
	AbItem      AibgOp = "item"   // buy an item (the select's value or the argument: its catalog index), then its target slot
	AbSwap      AibgOp = "swap"   // swap the front with a slot (the select's value)
	AbPass      AibgOp = "pass"   // do nothing this turn
	AbBack      AibgOp = "back"   // back to the move picker's first step
)

// maxRosterPicker is the most roster types the pool picker offers: four selects of
// 25 options, with the buttons' row the fifth of Discord's five rows.
const maxRosterPicker = 4 * maxOptions

// maxOptions is Discord's limit on a select's options.
const maxOptions = 25

// AibgControl is a decoded AIBG control, with the values chosen in its select.
type AibgControl struct {
	Game  int64
	Round int // the stamp: the match's round and turn when the control was made
	Turn  int
	Op    AibgOp
	Picks []int // the pool's picks so far (roster indexes) or the lineup so far (creature ids), before Op
	Page  int   // AbPoolAdd: which of the roster's selects (0 to 3)
	Adds  []int // AbPoolAdd: the roster indexes chosen; AbLineAdd: the creature id chosen
	Item  int   // AbItem: the catalog index, or -1
	Slot  int   // AbAttack, AbItem: the target slot, or -1 when not chosen yet; AbSwap: the slot
}

// AibgStamp is the stamp of g's position, as its controls carry it.
func AibgStamp(g *aibg.Game) (round, turn int) { return g.Round(), g.Turn() }

// Stale reports whether c was made at another position of g than the one it is at:
// the press is answered with AibgStaleText and changes nothing.
func (c AibgControl) Stale(g *aibg.Game) bool {
	r, t := AibgStamp(g)
	return g.Over() || c.Round != r || c.Turn != t
}

// AibgStaleText answers a press on a control of an earlier phase or turn.
const AibgStaleText = "That control is from an earlier phase or turn of this AIBG game, so it did nothing. Press the button on the game's newest message for fresh controls."

// aibgID is the custom id of control op at g's position, with args.
func aibgID(game int64, g *aibg.Game, op AibgOp, args ...string) string {
	r, t := AibgStamp(g)
	return view.CustomID{Action: AibgAction, Game: game, Args: append([]string{fmt.Sprintf("%d.%d", r, t), string(op)}, args...)}.Encode()
}

// encodeList writes picks or ids for an id: dot-separated numbers, "-" for none.
func encodeList(xs []int) string {
	if len(xs) == 0 {
		return "-"
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ".")
}

// number reads a decimal from lo to hi, refusing signs, spaces and leading zeros.
func number(s, what string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || s != strconv.Itoa(n) || n < lo || n > hi {
		return 0, fmt.Errorf("%s %q is not a number from %d to %d", what, s, lo, hi)
	}
	return n, nil
}

// decodeList reads encodeList's form: at most max numbers from lo to hi.
func decodeList(s, what string, lo, hi, max int) ([]int, error) {
	if s == "-" {
		return nil, nil
	}
	parts := strings.Split(s, ".")
	if len(parts) > max {
		return nil, fmt.Errorf("%s has %d entries, at most %d", what, len(parts), max)
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := number(p, what, lo, hi)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// ParseAibg reads an AIBG control from its custom id and the values chosen in it (a
// select's; none for a button). It refuses anything no view of this version makes,
// saying what is wrong: an id from another version (ErrStaleComponent), another
// action, a malformed stamp, an unknown op, arguments or values out of their bounds.
// Whether the control fits the match as it stands (Stale, a roster index or a
// creature id of this match) is for the caller to check against the game.
func ParseAibg(id string, values []string) (AibgControl, error) {
	c, err := view.DecodeID(id)
	if err != nil {
		return AibgControl{}, err
	}
	if c.Action != AibgAction {
		return AibgControl{}, fmt.Errorf("custom id %q is not an AIBG control (action %q)", id, c.Action)
	}
	if len(c.Args) < 2 {
		return AibgControl{}, fmt.Errorf("AIBG control %q has no stamp and op", id)
	}
	out := AibgControl{Game: c.Game, Item: -1, Slot: -1}
	r, t, ok := strings.Cut(c.Args[0], ".")
	if !ok {
		return AibgControl{}, fmt.Errorf("AIBG control %q: stamp %q is not ROUND.TURN", id, c.Args[0])
	}
	if out.Round, err = number(r, "round", 0, aibg.MaxRounds); err == nil {
		out.Turn, err = number(t, "turn", 0, aibg.MaxTurns)
	}
	if err != nil {
		return AibgControl{}, fmt.Errorf("AIBG control %q: %w", id, err)
	}
	out.Op = AibgOp(c.Args[1])
	args := c.Args[2:]
	bad := func(format string, a ...any) (AibgControl, error) {
		return AibgControl{}, fmt.Errorf("AIBG control %q: %s", id, fmt.Sprintf(format, a...))
	}
	want := func(nargs, nvalues int) error {
		if len(args) != nargs {
			return fmt.Errorf("%s takes %d arguments, got %d", out.Op, nargs, len(args))
		}
		if nvalues >= 0 && len(values) != nvalues {
			return fmt.Errorf("%s takes %d chosen values, got %d", out.Op, nvalues, len(values))
		}
		return nil
	}
	pool, line := out.Round == 0 && out.Turn == 0, out.Round > 0 && out.Turn == 0
	switch out.Op {
	case AbOpen, AbPass, AbBack:
		err = want(0, 0)
		if err == nil && out.Op != AbOpen && (pool || line) {
			err = fmt.Errorf("%s is a move, and stamp %s is not a turn", out.Op, c.Args[0])
		}
	case AbPoolAdd, AbPoolUndo, AbPoolClear, AbPoolDone:
		n, nv := 1, 0
		if out.Op == AbPoolAdd {
			n, nv = 2, -1
		}
		if err = want(n, nv); err != nil {
			break
		}
		if !pool {
			err = fmt.Errorf("%s picks a pool, and stamp %s is not the pool selection", out.Op, c.Args[0])
			break
		}
		if out.Op == AbPoolAdd {
			if out.Page, err = number(args[0], "page", 0, maxRosterPicker/maxOptions-1); err != nil {
				break
			}
			args = args[1:]
			if len(values) < 1 || len(values) > maxOptions {
				err = fmt.Errorf("%s takes 1 to %d chosen types, got %d", out.Op, maxOptions, len(values))
				break
			}
			for _, v := range values {
				var k int
				if k, err = number(v, "roster index", out.Page*maxOptions, (out.Page+1)*maxOptions-1); err != nil {
					break
				}
				out.Adds = append(out.Adds, k)
			}
			if err != nil {
				break
			}
		}
		if out.Picks, err = decodeList(args[0], "picks", 0, maxRosterPicker-1, aibg.PoolSize); err == nil && len(out.Picks)+len(out.Adds) > aibg.PoolSize {
			err = fmt.Errorf("%d picks and %d more make more than %d", len(out.Picks), len(out.Adds), aibg.PoolSize)
		}
	case AbLineAdd, AbLineUndo, AbLineClear, AbLineDone:
		nv := 0
		if out.Op == AbLineAdd {
			nv = 1
		}
		if err = want(1, nv); err != nil {
			break
		}
		if !line {
			err = fmt.Errorf("%s picks a lineup, and stamp %s is not a round's selection", out.Op, c.Args[0])
			break
		}
		if out.Picks, err = decodeList(args[0], "lineup", 1, 2*aibg.PoolSize, aibg.MaxSlots); err != nil {
			break
		}
		if out.Op == AbLineAdd {
			var id int
			if id, err = number(values[0], "creature id", 1, 2*aibg.PoolSize); err != nil {
				break
			}
			if len(out.Picks) == aibg.MaxSlots {
				err = fmt.Errorf("the lineup has %d creatures already", aibg.MaxSlots)
				break
			}
			for _, p := range out.Picks {
				if p == id {
					err = fmt.Errorf("creature %d is in the lineup already", id)
				}
			}
			out.Adds = []int{id}
		}
		for i, p := range out.Picks {
			for _, q := range out.Picks[:i] {
				if p == q {
					err = fmt.Errorf("creature %d is in the lineup twice", p)
				}
			}
		}
	case AbAttack:
		if len(args) > 1 || len(values) > 0 {
			err = fmt.Errorf("%s takes at most a slot and no chosen value", out.Op)
		} else if len(args) == 1 {
			out.Slot, err = number(args[0], "slot", 0, aibg.MaxSlots-1)
		}
	case AbItem:
		// The select: its value is the item. A target button: the item and the slot.
		switch {
		case len(args) == 0 && len(values) == 1:
			out.Item, err = number(values[0], "item", 0, 999)
		case len(args) == 2 && len(values) == 0:
			if out.Item, err = number(args[0], "item", 0, 999); err == nil {
				out.Slot, err = number(args[1], "slot", 0, aibg.MaxSlots-1)
			}
		default:
			err = fmt.Errorf("%s takes an item chosen in its select, or an item and a slot", out.Op)
		}
	case AbSwap:
		if err = want(0, 1); err == nil {
			out.Slot, err = number(values[0], "slot", 1, aibg.MaxSlots-1)
		}
	default:
		return bad("unknown op %q", c.Args[1])
	}
	if err == nil && (out.Op == AbAttack || out.Op == AbItem || out.Op == AbSwap) && (pool || line) {
		err = fmt.Errorf("%s is a move, and stamp %s is not a turn", out.Op, c.Args[0])
	}
	if err != nil {
		return bad("%v", err)
	}
	return out, nil
}

// After is the picks once the control is applied: a pool's roster indexes or a
// lineup's creature ids, in order.
func (c AibgControl) After() []int {
	switch c.Op {
	case AbPoolAdd, AbLineAdd:
		return append(append([]int(nil), c.Picks...), c.Adds...)
	case AbPoolUndo, AbLineUndo:
		if len(c.Picks) > 0 {
			return append([]int(nil), c.Picks[:len(c.Picks)-1]...)
		}
		return nil
	case AbPoolClear, AbLineClear:
		return nil
	}
	return append([]int(nil), c.Picks...)
}

// Move is the move string a move control stands for (aibg.ParseMove reads it), given
// the match's catalog and roster and the presser's front creature; done is false when
// the control only opens the next step of the picker (a ranged attacker's target, an
// item's target) or is not a move at all.
func (c AibgControl) Move(g *aibg.Game, p int) (move string, done bool) {
	switch c.Op {
	case AbPass:
		return AibgPassMove, true
	case AbSwap:
		return fmt.Sprintf("swap %d", c.Slot), true
	case AbAttack:
		if c.Slot >= 0 {
			return fmt.Sprintf("attack %d", c.Slot), true
		}
		if f, ok := aibgFront(g, p); ok && f.Attack == aibg.Ranged.String() {
			return "", false
		}
		return "attack", true
	case AbItem:
		items := g.Items()
		if c.Item < 0 || c.Item >= len(items) {
			return "", false
		}
		it := items[c.Item]
		if c.Slot >= 0 {
			return fmt.Sprintf("item %s %d", it.Name, c.Slot), true
		}
		if aibgNeedsTarget(it) {
			return "", false
		}
		return "item " + it.Name, true
	}
	return "", false
}

// aibgNeedsTarget reports whether an item is aimed at one slot.
func aibgNeedsTarget(it aibg.Item) bool { return it.Effect != aibg.Domain && !it.Multi }
