package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/upbeat"
)

// GameName says whose rules a stored game holds.
type GameName string

// The games a row can hold. Every game stored before UPBEAT is KOMBAT's.
const (
	GameKombat GameName = "kombat"
	GameUpbeat GameName = "upbeat"
)

// gameName is the row's game, KOMBAT's when unset.
func (g *Game) gameName() GameName { return g.Game.orKombat() }

// orKombat is the name, KOMBAT's when unset.
func (n GameName) orKombat() GameName {
	if n == "" {
		return GameKombat
	}
	return n
}

// Upbeat is what an UPBEAT game's row holds beyond the columns every game shares
// (place, scope, status, seed, setup, result...): its seats, its configuration, the
// players' first plans and its actions. With Seed, it is the game's record.
type Upbeat struct {
	Seats   []string        `json:"seats"`           // the front's user ids by seat, 2 to 6; "" for a bot seat (seats)
	Plans   []string        `json:"plans,omitempty"` // each seat's first plan (U19), fixed once in play (seats' data)
	Config  upbeat.Config   `json:"-"`               // stored as its file text, in config
	Actions []upbeat.Action `json:"-"`               // every action, in order, in actions
}

// UpbeatRecord is an UPBEAT game's record: what upbeat.Replay needs.
func (g *Game) UpbeatRecord() upbeat.Record {
	u := g.Upbeat
	return upbeat.Record{
		Setup:   upbeat.Setup{Config: u.Config, Seed: g.Seed, Players: len(u.Seats), Plans: u.Plans},
		Actions: u.Actions,
	}
}

// checkGame refuses a row whose game and game-specific part disagree.
func (g *Game) checkGame() error {
	switch g.gameName() {
	case GameKombat:
		if g.Upbeat != nil {
			return fmt.Errorf("%w: a KOMBAT game with an UPBEAT part", ErrInvalidInput)
		}
	case GameUpbeat:
		if g.Upbeat == nil || len(g.Upbeat.Seats) < 2 || len(g.Upbeat.Seats) > 6 || len(g.Upbeat.Plans) > len(g.Upbeat.Seats) {
			return fmt.Errorf("%w: an UPBEAT game needs 2 to 6 seats and at most a first plan each", ErrInvalidInput)
		}
		if len(g.Upbeat.Actions) > 0 {
			return fmt.Errorf("%w: a new game has no actions; commit them with CommitActions", ErrInvalidInput)
		}
	default:
		return fmt.Errorf("%w: unknown game %q", ErrInvalidInput, g.Game)
	}
	return nil
}

// configText is the configuration's file text, as the config column keeps it.
func (g *Game) configText() string {
	if g.Upbeat != nil {
		return g.Upbeat.Config.String()
	}
	return g.Config.String()
}

// upbeatSeat is the data of an UPBEAT game's seat that has a first plan (the seats
// table's data column, empty for a seat with none).
type upbeatSeat struct {
	Plan string `json:"plan"`
}

// seatRows are the game's rows in the seats table: a player each, and the first plans
// (a prefix of the seats: Plans may be shorter) as the seats' data.
func (u *Upbeat) seatRows() ([]seatRow, error) {
	out := make([]seatRow, len(u.Seats))
	for i, p := range u.Seats {
		out[i].player = p
		if i < len(u.Plans) {
			b, err := json.Marshal(upbeatSeat{Plan: u.Plans[i]})
			if err != nil {
				return nil, err
			}
			out[i].data = string(b)
		}
	}
	return out, nil
}

// setSeat puts a stored seat, read in order from seat 1, into u.
func (u *Upbeat) setSeat(seat int, s seatRow) error {
	if seat != len(u.Seats)+1 {
		return fmt.Errorf("seat %d of an UPBEAT game after %d", seat, len(u.Seats))
	}
	u.Seats = append(u.Seats, s.player)
	if s.data == "" {
		return nil
	}
	if len(u.Plans) != len(u.Seats)-1 {
		return fmt.Errorf("a first plan on seat %d, but none on an earlier seat", seat)
	}
	var d upbeatSeat
	if err := json.Unmarshal([]byte(s.data), &d); err != nil {
		return fmt.Errorf("seat %d: %w", seat, err)
	}
	u.Plans = append(u.Plans, d.Plan)
	return nil
}

// sameSeats reports whether stored seats hold u's seats and first plans, whatever
// the JSON of their data (the migration's and this program's may escape differently).
func (u *Upbeat) sameSeats(stored []seatRow) bool {
	var was Upbeat
	for i, s := range stored {
		if was.setSeat(i+1, s) != nil {
			return false
		}
	}
	return slices.Equal(was.Seats, u.Seats) && slices.Equal(was.Plans, u.Plans)
}

// decodeUpbeat reads an UPBEAT row's config column; its seats are read apart.
func decodeUpbeat(config string) (*Upbeat, error) {
	cfg, err := upbeat.ParseConfig(config)
	if err != nil {
		return nil, fmt.Errorf("configuration: %w", err)
	}
	return &Upbeat{Config: cfg}, nil
}

// upbeatActions are the actions an UPBEAT record can replay.
func upbeatActions() []upbeat.ActionKind {
	return []upbeat.ActionKind{upbeat.ActRevise, upbeat.ActConfirm, upbeat.ActResign, upbeat.ActStop}
}

// upbeatAction returns the engine's constant for a stored verb, so loading a game does
// not allocate a string per action.
func upbeatAction(b []byte) upbeat.ActionKind {
	for _, a := range upbeatActions() {
		if string(b) == string(a) {
			return a
		}
	}
	return upbeat.ActionKind(b)
}

// CommitActions stores an UPBEAT game's actions made at position pos of its record
// (pos is how many were stored before them), all or none, as AppendDecisions stores
// KOMBAT's: a duplicate or stale write gives ErrConflict and changes nothing. When res
// is not nil the game is over with it (its winner a seat, or 0 for a tie), and when
// summary is not nil the screen of the new state is owed with it, in the same
// transaction. It rates nothing: CommitRated is CommitActions with a rating policy.
func (db *DB) CommitActions(ctx context.Context, id int64, pos int, as []upbeat.Action, res *game.Result, turns int, summary *string) error {
	return db.CommitRated(ctx, id, pos, as, res, turns, summary, nil)
}

// CommitRated is CommitActions applying, when the game ends, the rating changes it
// causes by policy (nil: none) in the same transaction as its result, as Finish does.
func (db *DB) CommitRated(ctx context.Context, id int64, pos int, as []upbeat.Action, res *game.Result, turns int, summary *string, policy RatingPolicy) error {
	for _, a := range as {
		if a.Player < 1 || a.Player > 6 || a.Elapsed < 0 || !slices.Contains(upbeatActions(), a.Kind) {
			return fmt.Errorf("store: game %d: %w: action %+v", id, ErrInvalidInput, a)
		}
	}
	add := func(tx *txn, now int64) error {
		if err := checkAppend(ctx, tx, id, pos); err != nil {
			return err
		}
		stmt, err := tx.PrepareContext(ctx, `INSERT INTO actions (game_id, pos, seat, verb, data, elapsed, at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for i, a := range as {
			if _, err := stmt.ExecContext(ctx, id, pos+i, a.Player, string(a.Kind), a.Plan, int64(a.Elapsed), now); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET updated_at = ? WHERE id = ?`, now, id)
		return err
	}
	if res != nil {
		return db.finishWith(ctx, id, pos+len(as), add, 6, *res, turns, summary, policy)
	}
	return db.appendRows(ctx, id, pos, len(as), add, summary)
}
