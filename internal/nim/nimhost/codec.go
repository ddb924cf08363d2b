package nimhost

import (
	"fmt"
	"strconv"

	"github.com/kombat-game/kombat/store"
)

// Nim's codec: how a Nim game's own part is kept in the store's game-neutral fields,
// which the store keeps without reading. The configuration text is the heap in
// decimal; each seat is its player ("" for the bot), with no data; each take is an
// action of its seat, verb "take", the stones taken in decimal as data, and a
// resignation the last action, its seat's "resign". There is no state: the heap and
// the takes rebuild it (nim.Replay).

// Name is the name Nim's rows carry (store.Game.Game).
const Name store.GameName = "nim"

// The verbs of the actions.
const (
	verbTake   = "take"
	verbResign = "resign"
)

// Own is a Nim game's own part, decoded from its row.
type Own struct {
	Seats    [2]string // the front's user ids by seat; "" for the bot
	Heap     int
	Takes    []int // every take, in order: seat 1's first
	Resigned int   // the seat that resigned, after the takes; 0 for none
}

// actions counts the record's actions: the takes and a resignation.
func (o *Own) actions() int { return len(o.Takes) + min(o.Resigned, 1) }

// people are the seats of people.
func (o *Own) people() []int {
	var out []int
	for i, u := range o.Seats {
		if u != "" {
			out = append(out, i+1)
		}
	}
	return out
}

// Decode reads a Nim row's own part out of its neutral fields. It never returns nil:
// on an error (a row another program wrote, or not Nim's), what it read so far.
func Decode(row *store.Game) (*Own, error) {
	o := &Own{}
	if row.Game != Name || len(row.Seats) != 2 {
		return o, fmt.Errorf("game %d is %q with %d seats, not Nim's two", row.ID, row.Game, len(row.Seats))
	}
	o.Seats = [2]string{row.Seats[0].Player, row.Seats[1].Player}
	var err error
	if o.Heap, err = strconv.Atoi(row.ConfigText); err != nil {
		return o, fmt.Errorf("game %d: heap: %w", row.ID, err)
	}
	for i, a := range row.Actions {
		if a.Verb == verbResign && i == len(row.Actions)-1 && (a.Seat == 1 || a.Seat == 2) {
			o.Resigned = a.Seat
			break
		}
		k, err := strconv.Atoi(a.Data)
		if a.Verb != verbTake || err != nil || a.Seat != 1+i%2 {
			return o, fmt.Errorf("game %d: action %d is seat %d's %q %q, not seat %d's take of a number of stones (or a last resignation)", row.ID, i+1, a.Seat, a.Verb, a.Data, 1+i%2)
		}
		o.Takes = append(o.Takes, k)
	}
	return o, nil
}

// encodeTakes are the takes from position pos on as the store keeps them.
func encodeTakes(pos int, takes []int) []store.Action {
	out := make([]store.Action, len(takes))
	for i, k := range takes {
		out[i] = store.Action{Seat: 1 + (pos+i)%2, Verb: verbTake, Data: strconv.Itoa(k)}
	}
	return out
}

// newRow writes a new game's part into row: its heap and seats.
func (o *Own) newRow(row *store.Game) {
	row.Game, row.ConfigText = Name, strconv.Itoa(o.Heap)
	row.Seats = []store.Seat{{Player: o.Seats[0]}, {Player: o.Seats[1]}}
}
