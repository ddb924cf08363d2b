package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Screen is what a game's place owes its players: the state after Version stored
// decisions, with Summary above it. At most one is owed per game; a newer one replaces
// an older one that was never shown.
type Screen struct {
	Game      int64
	Version   int
	Summary   string
	OwedAt    time.Time
	Attempts  int    // failed deliveries so far
	LastError string // the last failure, for the log and /kombat status
	Paused    string // why delivery stopped for good (missing permission, deleted channel); "" while it goes on
}

// owe records the screen of version as owed, replacing an older debt.
func owe(ctx context.Context, tx *txn, id int64, version int, summary string, now int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO screens (game_id, version, summary, owed_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, summary = excluded.summary, owed_at = excluded.owed_at,
		attempts = 0, last_error = '', paused = ''`, id, version, summary, now)
	return err
}

// OwedScreens lists every screen owed, oldest debt first, with its game's status
// whatever it is: a finished game still owes its final screen.
func (db *DB) OwedScreens(ctx context.Context) ([]Screen, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT game_id, version, summary, owed_at, attempts, last_error, paused FROM screens ORDER BY owed_at, game_id`)
	if err != nil {
		return nil, fmt.Errorf("store: owed screens: %w", err)
	}
	defer rows.Close()
	var out []Screen
	for rows.Next() {
		var s Screen
		var at int64
		if err := rows.Scan(&s.Game, &s.Version, &s.Summary, &at, &s.Attempts, &s.LastError, &s.Paused); err != nil {
			return nil, fmt.Errorf("store: owed screens: %w", err)
		}
		s.OwedAt = time.UnixMilli(at)
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: owed screens: %w", err)
	}
	return out, nil
}

// OwedScreen returns the screen game owes, or ErrNotFound.
func (db *DB) OwedScreen(ctx context.Context, id int64) (Screen, error) {
	s := Screen{Game: id}
	var at int64
	err := db.sql.QueryRowContext(ctx, `SELECT version, summary, owed_at, attempts, last_error, paused FROM screens WHERE game_id = ?`, id).
		Scan(&s.Version, &s.Summary, &at, &s.Attempts, &s.LastError, &s.Paused)
	if errors.Is(err, sql.ErrNoRows) {
		return s, fmt.Errorf("store: owed screen of game %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return s, fmt.Errorf("store: owed screen of game %d: %w", id, err)
	}
	s.OwedAt = time.UnixMilli(at)
	return s, nil
}

// ScreenShown clears the debt of version (a newer one stays owed) and records the
// message now showing the game, with the host's lobby state (setup, unless nil) as it
// stands once the screen is up, in one transaction: a crash cannot leave the screen
// recorded as shown and the lobby saying it is not (UPBEAT's clocks count from it).
func (db *DB) ScreenShown(ctx context.Context, id int64, version int, messageID string, setup []byte) error {
	err := db.tx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM screens WHERE game_id = ? AND version = ?`, id, version); err != nil {
			return err
		}
		if setup != nil {
			_, err := tx.ExecContext(ctx, `UPDATE games SET shown = ?, setup = ?, updated_at = ? WHERE id = ?`, messageID, string(setup), db.millis(), id)
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE games SET shown = ?, updated_at = ? WHERE id = ?`, messageID, db.millis(), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: game %d: screen %d shown: %w", id, version, err)
	}
	return nil
}

// ScreenFailed records a failed delivery of version; a non-empty paused stops the
// retries until ResumeScreen.
func (db *DB) ScreenFailed(ctx context.Context, id int64, version int, failure, paused string) error {
	_, err := db.exec(ctx, `UPDATE screens SET attempts = attempts + 1, last_error = ?, paused = ? WHERE game_id = ? AND version = ?`,
		failure, paused, id, version)
	if err != nil {
		return fmt.Errorf("store: game %d: screen %d failed: %w", id, version, err)
	}
	return nil
}

// ResumeScreen lets a paused delivery go on (a player asked for the board again).
func (db *DB) ResumeScreen(ctx context.Context, id int64) error {
	if _, err := db.exec(ctx, `UPDATE screens SET paused = '' WHERE game_id = ?`, id); err != nil {
		return fmt.Errorf("store: game %d: resume screen: %w", id, err)
	}
	return nil
}
