package aibg

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MoveKind is what a move does; its value is its priority (A7): swaps first.
type MoveKind uint8

// The moves, in the order they resolve. Pass is what a refused move becomes (A6).
const (
	Swap MoveKind = iota
	UseItem
	AttackMove
	Pass
)

// String spells the move kind as a move string starts.
func (k MoveKind) String() string {
	return [...]string{"swap", "item", "attack", "pass"}[k]
}

// Move is one player's move of a turn, as ParseMove reads it from the spec's move
// strings: "attack [slot]", "item NAME [slot]", "swap slot".
type Move struct {
	Kind    MoveKind
	Item    string   // UseItem: the name as written
	Slot    int      // 0 to 3; 0 when not given
	HasSlot bool     // the slot was written
	Why     *Refusal // Pass: why the move was refused
}

// String writes the move back as a move string.
func (m Move) String() string {
	switch m.Kind {
	case AttackMove:
		if m.HasSlot {
			return fmt.Sprintf("attack %d", m.Slot)
		}
		return "attack"
	case UseItem:
		if m.HasSlot {
			return fmt.Sprintf("item %s %d", m.Item, m.Slot)
		}
		return "item " + m.Item
	case Swap:
		return fmt.Sprintf("swap %d", m.Slot)
	}
	return "pass"
}

// MoveError is a move string that does not read as a move: where (a column, from 1,
// in runes) and what was expected there.
type MoveError struct {
	Text string // the move string
	Col  int    // 1-based, in runes; one past the end when something is missing
	Msg  string
}

// Error says what is wrong and where.
func (e *MoveError) Error() string {
	return fmt.Sprintf("move %q: column %d: %s", e.Text, e.Col, e.Msg)
}

// MaxMoveBytes bounds a move string: the longest real one is far shorter, and a
// refusal quotes the string.
const MaxMoveBytes = 200

// ParseMove reads a move string (A6): the words are separated by spaces and read
// case-insensitively. A slot is a number from 0 to 3 (A6a).
func ParseMove(s string) (Move, error) {
	if len(s) > MaxMoveBytes {
		return Move{}, &MoveError{Text: s[:MaxMoveBytes] + "...", Col: utf8.RuneCountInString(s[:MaxMoveBytes]) + 1, Msg: fmt.Sprintf("a move is at most %d bytes; this one goes on", MaxMoveBytes)}
	}
	type word struct {
		text string
		col  int
	}
	var words []word
	col := 1
	start := -1
	for i, r := range s + " " {
		space := r == ' ' || r == '\t' || r == '\n' || r == '\r'
		switch {
		case !space && start < 0:
			start = i
			words = append(words, word{col: col})
		case space && start >= 0:
			words[len(words)-1].text = s[start:i]
			start = -1
		}
		col++
	}
	end := utf8.RuneCountInString(s) + 1
	bad := func(at int, format string, args ...any) (Move, error) {
		return Move{}, &MoveError{Text: s, Col: at, Msg: fmt.Sprintf(format, args...)}
	}
	if len(words) == 0 {
		return bad(end, "expected attack, item or swap, found nothing")
	}
	// slot reads words[i] as a slot.
	slot := func(i int, m *Move, after string) error {
		if i >= len(words) {
			return &MoveError{Text: s, Col: end, Msg: fmt.Sprintf("expected a slot from 0 to %d after %s", MaxSlots-1, after)}
		}
		w := words[i]
		n, err := strconv.Atoi(w.text)
		if err != nil {
			return &MoveError{Text: s, Col: w.col, Msg: fmt.Sprintf("expected a slot from 0 to %d, found %q", MaxSlots-1, w.text)}
		}
		if n < 0 || n >= MaxSlots {
			return &MoveError{Text: s, Col: w.col, Msg: fmt.Sprintf("slot %d is out of range: the slots are 0 to %d", n, MaxSlots-1)}
		}
		m.Slot, m.HasSlot = n, true
		return nil
	}
	var m Move
	next := 1
	switch w := words[0]; strings.ToLower(w.text) {
	case "attack":
		m.Kind = AttackMove
		if len(words) > 1 {
			if err := slot(1, &m, "attack"); err != nil {
				return Move{}, err
			}
			next = 2
		}
	case "item":
		m.Kind = UseItem
		if len(words) < 2 {
			return bad(end, "expected an item's name after item")
		}
		m.Item = words[1].text
		next = 2
		if len(words) > 2 {
			if err := slot(2, &m, "the item's name"); err != nil {
				return Move{}, err
			}
			next = 3
		}
	case "swap":
		m.Kind = Swap
		if err := slot(1, &m, "swap"); err != nil {
			return Move{}, err
		}
		next = 2
	default:
		return bad(w.col, "expected attack, item or swap, found %q", w.text)
	}
	if next < len(words) {
		return bad(words[next].col, "expected the end of the move, found %q", words[next].text)
	}
	return m, nil
}
