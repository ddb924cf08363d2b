package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kombat-game/kombat/match"
)

// GameName says whose rules a stored game holds: a name its adapter owns (1 to 32
// lowercase letters, digits or dashes). The store branches on none: it keeps every
// game's own part through the game-neutral fields (Seats, State, Actions, ConfigText),
// which its adapter encodes. Every game stored before UPBEAT is named "kombat".
type GameName string

// The names of the games hosted today, as their adapters give them (and the fronts
// name them): names only, since the store branches on none.
const (
	GameKombat GameName = "kombat"
	GameUpbeat GameName = "upbeat"
)

// Seat is one seat of a game, as the seats table keeps it: who sits there and the
// game's own part of the seat (UPBEAT's first plan), which the store does not read.
// Seats are numbered from 1 in Game.Seats' order.
type Seat struct {
	Player string // the front's user id; "" for a bot
	Data   string // the game's own part of the seat, opaque here; "" for none
}

// Action is one action of a game's record, as the actions table keeps it: the seat
// that made it, what it did in its game's words, the rest of it and the game's clock
// before it. Data is text, not JSON: the store does not read it, and one game's data
// is not JSON at all (UPBEAT's revision carries its plan's text). KOMBAT's decisions
// are its actions too (verb the action, data [kind,row,col]).
type Action struct {
	Seat    int           // from 1
	Verb    string        // in the game's words (UPBEAT's revise, confirm, resign, stop)
	Data    string        // the rest of the action, opaque here; "" for none
	Elapsed time.Duration // the game's clock before the action; 0 when it keeps none
}

// maxSeats bounds a game's seats, so that a bad caller cannot store an unbounded row.
const maxSeats = 64

// checkGame refuses a new row no game could hold: every mistake at once.
func (g *Game) checkGame() error {
	var errs []string
	if !validName(string(g.Game)) {
		errs = append(errs, fmt.Sprintf("game name %q: use 1 to 32 lowercase letters, digits or dashes", g.Game))
	}
	if len(g.Seats) < 1 || len(g.Seats) > maxSeats {
		errs = append(errs, fmt.Sprintf("%d seats: a game has 1 to %d", len(g.Seats), maxSeats))
	}
	if len(g.Actions) > 0 {
		errs = append(errs, "a new game has no actions: commit them with CommitActions")
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %s", ErrInvalidInput, strings.Join(errs, "; "))
	}
	return nil
}

// validName reports whether a game's name is one a row may hold.
func validName(s string) bool {
	if len(s) < 1 || len(s) > 32 {
		return false
	}
	for _, c := range s {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}

// checkActions refuses actions no record could hold: a seat below 1, no verb, a
// negative clock. (Whether a seat exists is checked against the stored game.)
func checkActions(as []Action) error {
	for i, a := range as {
		if a.Seat < 1 || a.Seat > maxSeats || a.Verb == "" || a.Elapsed < 0 {
			return fmt.Errorf("%w: action %d (%+v): it needs a seat from 1, a verb and a clock of 0 or more", ErrInvalidInput, i, a)
		}
	}
	return nil
}

// CommitActions stores a game's actions made at position pos of its record (pos is how
// many were stored before them), all or none: a duplicate or stale write gives
// ErrConflict and changes nothing, and an action by a
// seat the game does not have gives ErrInvalidInput. When res is not nil the game is
// over with it (its winner a seat, or 0 for a tie), and when summary is not nil the
// screen of the new state is owed with it, in the same transaction. It rates nothing:
// CommitRated is CommitActions with a rating policy. The store writes each action's
// verb and data as given: the game's adapter encodes them.
func (db *DB) CommitActions(ctx context.Context, id int64, pos int, as []Action, res *match.Result, turns int, summary *string) error {
	return db.CommitRated(ctx, id, pos, as, res, turns, summary, nil)
}

// CommitRated is CommitActions applying, when the game ends, the rating changes it
// causes by policy (nil: none) in the same transaction as its result, as Finish does.
func (db *DB) CommitRated(ctx context.Context, id int64, pos int, as []Action, res *match.Result, turns int, summary *string, policy RatingPolicy) error {
	if err := checkActions(as); err != nil {
		return fmt.Errorf("store: game %d: %w", id, err)
	}
	add := func(tx *txn, now int64) error {
		seats, err := checkAppend(ctx, tx, id, pos)
		if err != nil {
			return err
		}
		stmt, err := tx.PrepareContext(ctx, `INSERT INTO actions (game_id, pos, seat, verb, data, elapsed, at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for i, a := range as {
			if a.Seat > seats {
				return fmt.Errorf("%w: action %d is seat %d's, and the game has %d seats", ErrInvalidInput, i, a.Seat, seats)
			}
			if _, err := stmt.ExecContext(ctx, id, pos+i, a.Seat, a.Verb, a.Data, int64(a.Elapsed), now); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET updated_at = ? WHERE id = ?`, now, id)
		return err
	}
	if res != nil {
		return db.finishWith(ctx, id, pos+len(as), add, *res, turns, summary, policy)
	}
	return db.appendRows(ctx, id, pos, len(as), add, summary)
}

// verbs interns the verbs of the actions one load reads: a game has a handful, so
// loading a long record does not allocate a string per action.
type verbs []string

// of returns the interned string equal to b.
func (v *verbs) of(b []byte) string {
	for _, s := range *v {
		if s == string(b) {
			return s
		}
	}
	s := string(b)
	if len(*v) < 32 {
		*v = append(*v, s)
	}
	return s
}
