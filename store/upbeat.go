package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

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
	Seats   []string        `json:"seats"`           // the front's user ids by seat, 2 to 6; "" for a bot seat
	Plans   []string        `json:"plans,omitempty"` // each seat's first plan (U19), fixed once in play
	Config  upbeat.Config   `json:"-"`               // stored as its file text, in config
	Actions []upbeat.Action `json:"-"`               // every action, in order, in upbeat_actions
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

// encode is the upbeat column: "" for a KOMBAT game.
func (u *Upbeat) encode() (string, error) {
	if u == nil {
		return "", nil
	}
	b, err := json.Marshal(u)
	return string(b), err
}

// decodeUpbeat reads an UPBEAT row's upbeat and config columns.
func decodeUpbeat(up, config string) (*Upbeat, error) {
	var u Upbeat
	if err := json.Unmarshal([]byte(up), &u); err != nil {
		return nil, fmt.Errorf("seats and plans: %w", err)
	}
	cfg, err := upbeat.ParseConfig(config)
	if err != nil {
		return nil, fmt.Errorf("configuration: %w", err)
	}
	u.Config = cfg
	return &u, nil
}

// upbeatActions are the actions an UPBEAT record can replay.
func upbeatActions() []upbeat.ActionKind {
	return []upbeat.ActionKind{upbeat.ActRevise, upbeat.ActConfirm, upbeat.ActResign, upbeat.ActStop}
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
		if err := checkAppend(ctx, tx, id, pos, "upbeat_actions"); err != nil {
			return err
		}
		stmt, err := tx.PrepareContext(ctx, `INSERT INTO upbeat_actions (game_id, pos, player, action, plan, elapsed, at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
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

// loadActions fills in the actions of the UPBEAT games among games, selected by
// filter, in one query.
func loadActions(ctx context.Context, tx *txn, games []*Game, filter string, args []any) error {
	byID := map[int64]*Game{}
	for _, g := range games {
		if g.Upbeat != nil {
			byID[g.ID] = g
		}
	}
	if len(byID) == 0 {
		return nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT game_id, player, action, plan, elapsed FROM upbeat_actions
		WHERE game_id IN (SELECT id FROM games `+filter+`) ORDER BY game_id, pos`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, elapsed int64
		var a upbeat.Action
		var kind string
		if err := rows.Scan(&id, &a.Player, &kind, &a.Plan, &elapsed); err != nil {
			return err
		}
		a.Kind, a.Elapsed = upbeat.ActionKind(kind), time.Duration(elapsed)
		g := byID[id]
		if g == nil {
			return fmt.Errorf("actions of game %d, which the filter did not select", id)
		}
		g.Upbeat.Actions = append(g.Upbeat.Actions, a)
	}
	return rows.Err()
}
