package aibghost

import (
	"encoding/json"
	"fmt"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// AIBG's codec: how an AIBG match's own part is kept in the store's game-neutral
// fields, which the store keeps without reading. The configuration column holds the
// match's setup but its seed (the row's) as JSON: the roster and the catalog the match
// is played with, so that its record replays the same match after the data files
// change. Each seat is its player ("" for the bot), with no data. Each action is the
// record's: its kind as verb, and as data a pool's type names or a lineup's ids in
// JSON, or a move string as written; a finish (no player's) is stored on seat 1. A
// resignation is the last action, its seat's "resign" with no data (a match resigned
// before resignations were stored has none: its result alone says so). There is no
// state: the record rebuilds it (aibg.Replay).

// Name is the name AIBG's rows carry (store.Game.Game).
const Name store.GameName = "aibg"

// Aibg is an AIBG match's own part, decoded from its row: with the row's seed, the
// match's record.
type Aibg struct {
	Seats   [2]string     // the front's user ids by seat; "" for a bot
	Setup   aibg.Setup    // the seed is the row's
	Actions []aibg.Action // every action of aibg's record, in order
	// Resigned is the seat whose resignation is the stored last action, after
	// Actions; 0 for none.
	Resigned int
}

// verbResign is a resignation's verb in the store: not an action of aibg's record.
const verbResign = "resign"

// stored counts the match's stored actions: the record's and a resignation.
func (a *Aibg) stored() int { return len(a.Actions) + min(a.Resigned, 1) }

// Record is the match's record: what aibg.Replay needs.
func (a *Aibg) Record(seed uint64) aibg.Record {
	s := a.Setup
	s.Seed = seed
	return aibg.Record{Setup: s, Actions: a.Actions}
}

// Decode reads an AIBG row's own part out of its neutral fields. It never returns
// nil: on an error (a row another program wrote, or not AIBG's), what it read so far.
func Decode(row *store.Game) (*Aibg, error) {
	a := &Aibg{}
	if row.Game != Name {
		return a, fmt.Errorf("game %d is %q, not AIBG", row.ID, row.Game)
	}
	if len(row.Seats) != 2 {
		return a, fmt.Errorf("game %d has %d seats; AIBG's have 2", row.ID, len(row.Seats))
	}
	a.Seats = [2]string{row.Seats[0].Player, row.Seats[1].Player}
	if err := json.Unmarshal([]byte(row.ConfigText), &a.Setup); err != nil {
		return a, fmt.Errorf("game %d: setup: %w", row.ID, err)
	}
	a.Actions = make([]aibg.Action, 0, len(row.Actions))
	for i, s := range row.Actions {
		if s.Verb == verbResign && i == len(row.Actions)-1 && (s.Seat == 1 || s.Seat == 2) {
			a.Resigned = s.Seat
			break
		}
		act, err := decodeAction(s)
		if err != nil {
			return a, fmt.Errorf("game %d: action %d: %w", row.ID, i+1, err)
		}
		a.Actions = append(a.Actions, act)
	}
	return a, nil
}

// decodeAction is one stored action as the record holds it.
func decodeAction(s store.Action) (aibg.Action, error) {
	a := aibg.Action{Player: s.Seat, Kind: aibg.ActionKind(s.Verb)}
	var err error
	switch a.Kind {
	case aibg.ActPool:
		err = json.Unmarshal([]byte(s.Data), &a.Types)
	case aibg.ActLineup:
		err = json.Unmarshal([]byte(s.Data), &a.IDs)
	case aibg.ActMove:
		a.Move = s.Data
	case aibg.ActFinish:
		a.Player = 0
	default:
		err = fmt.Errorf("verb %q is none of AIBG's (pool, lineup, move, finish, or a last resign by seat 1 or 2)", s.Verb)
	}
	return a, err
}

// encodeActions are AIBG's actions as the store keeps them.
func encodeActions(as []aibg.Action) ([]store.Action, error) {
	out := make([]store.Action, len(as))
	for i, a := range as {
		s := store.Action{Seat: a.Player, Verb: string(a.Kind)}
		var b []byte
		var err error
		switch a.Kind {
		case aibg.ActPool:
			b, err = json.Marshal(a.Types)
		case aibg.ActLineup:
			b, err = json.Marshal(a.IDs)
		case aibg.ActMove:
			b = []byte(a.Move)
		case aibg.ActFinish:
			s.Seat = 1
		}
		if err != nil {
			return nil, err
		}
		s.Data = string(b)
		out[i] = s
	}
	return out, nil
}

// newRow writes a new match's part into row: its setup and seats.
func (a *Aibg) newRow(row *store.Game) error {
	s := a.Setup
	s.Seed = 0 // the row's
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	row.Game, row.ConfigText = Name, string(b)
	row.Seats = []store.Seat{{Player: a.Seats[0]}, {Player: a.Seats[1]}}
	return nil
}

// Own is an AIBG table's own part, decoded when the table was made and kept in step
// with its row; for a table without AIBG's hosted part (a detached one), decoded from
// its row.
func Own(t *host.Table) *Aibg {
	if p, ok := t.Hosted().(*hosted); ok && p.own != nil {
		return p.own
	}
	a, _ := Decode(t.Row)
	return a
}

// IsAibg reports whether a stored game is AIBG's.
func IsAibg(row *store.Game) bool { return row.Game == Name }
