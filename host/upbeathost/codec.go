package upbeathost

import (
	"encoding/json"
	"fmt"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// UPBEAT's codec: how an UPBEAT game's own part is kept in the store's game-neutral
// fields, which the store keeps without reading. The encoding is the one the store
// wrote itself before its API became neutral (store/testdata/v9.db holds it), so no
// stored game changed: the configuration's file text is the config column; each seat
// is a player with, once the game is in play, its first plan as data {"plan":...}
// (json.Marshal's escaping: a seat written back unchanged compares equal); each action
// has its kind as verb, its plan's text as data and its clock; there is no state.

// Name is UPBEAT's name in the store (store.Game.Game) and on the fronts.
const Name = store.GameUpbeat

// Upbeat is an UPBEAT game's own part, decoded from its row: with the row's seed, the
// game's record.
type Upbeat struct {
	Seats   []string        // the front's user ids by seat, 2 to 6; "" for a bot seat
	Plans   []string        // each seat's first plan (U19), fixed once in play; a prefix of the seats
	Config  upbeat.Config   // stored as its file text
	Actions []upbeat.Action // every action, in order
}

// Record is the game's record: what upbeat.Replay needs.
func (u *Upbeat) Record(seed uint64) upbeat.Record {
	return upbeat.Record{
		Setup:   upbeat.Setup{Config: u.Config, Seed: seed, Players: len(u.Seats), Plans: u.Plans},
		Actions: u.Actions,
	}
}

// seatData is the data of a seat with a first plan.
type seatData struct {
	Plan string `json:"plan"`
}

// Decode reads an UPBEAT row's own part out of its neutral fields. It never returns
// nil: on an error (a row another program wrote, or not UPBEAT's), what it read so far.
func Decode(row *store.Game) (*Upbeat, error) {
	u := &Upbeat{Seats: make([]string, len(row.Seats))}
	if row.Game != Name {
		return u, fmt.Errorf("game %d is %q, not UPBEAT", row.ID, row.Game)
	}
	cfg, err := upbeat.ParseConfig(row.ConfigText)
	if err != nil {
		return u, fmt.Errorf("game %d: configuration: %w", row.ID, err)
	}
	u.Config = cfg
	for i, s := range row.Seats {
		u.Seats[i] = s.Player
		if s.Data == "" {
			continue
		}
		if len(u.Plans) != i {
			return u, fmt.Errorf("game %d: a first plan on seat %d, but none on an earlier seat", row.ID, i+1)
		}
		var d seatData
		if err := json.Unmarshal([]byte(s.Data), &d); err != nil {
			return u, fmt.Errorf("game %d: seat %d: %w", row.ID, i+1, err)
		}
		u.Plans = append(u.Plans, d.Plan)
	}
	if n := len(u.Seats); n < 2 || n > upbeat.MaxPlayers {
		return u, fmt.Errorf("game %d has %d seats; UPBEAT's have 2 to %d", row.ID, n, upbeat.MaxPlayers)
	}
	u.Actions = make([]upbeat.Action, len(row.Actions))
	for i, a := range row.Actions {
		u.Actions[i] = upbeat.Action{Player: a.Seat, Kind: upbeat.ActionKind(a.Verb), Plan: a.Data, Elapsed: a.Elapsed}
	}
	return u, nil
}

// encodeSeats writes u's seats and first plans into row.
func (u *Upbeat) encodeSeats(row *store.Game) error {
	seats := make([]store.Seat, len(u.Seats))
	for i, p := range u.Seats {
		seats[i].Player = p
		if i < len(u.Plans) {
			b, err := json.Marshal(seatData{Plan: u.Plans[i]})
			if err != nil {
				return err
			}
			seats[i].Data = string(b)
		}
	}
	row.Seats = seats
	return nil
}

// newRow writes a new game's part into row: its configuration and seats.
func (u *Upbeat) newRow(row *store.Game) error {
	row.Game, row.ConfigText = Name, u.Config.String()
	return u.encodeSeats(row)
}

// encodeActions are UPBEAT's actions as the store keeps them.
func encodeActions(as []upbeat.Action) []store.Action {
	out := make([]store.Action, len(as))
	for i, a := range as {
		out[i] = store.Action{Seat: a.Player, Verb: string(a.Kind), Data: a.Plan, Elapsed: a.Elapsed}
	}
	return out
}

// Own is an UPBEAT table's own part, decoded when the table was made and kept in step
// with its row; for a table without UPBEAT's hosted part (a detached one), decoded
// from its row.
func Own(t *host.Table) *Upbeat {
	if p, ok := t.Hosted().(*hosted); ok && p.up != nil {
		return p.up
	}
	u, _ := Decode(t.Row)
	return u
}

// IsUpbeat reports whether a stored game is UPBEAT's.
func IsUpbeat(row *store.Game) bool { return row.Game == Name }

// Seats are a stored UPBEAT game's user ids by seat ("" for a bot), read without
// decoding the rest of its part: what a listed game (host.Past) needs.
func Seats(row *store.Game) []string {
	out := make([]string, len(row.Seats))
	for i, s := range row.Seats {
		out[i] = s.Player
	}
	return out
}
