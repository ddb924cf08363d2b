package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Deadline is a pending timer (a turn clock, a challenge's or a setup's expiry),
// stored so that it survives restarts. Kind and Key identify it; setting it again
// moves it.
type Deadline struct {
	Kind    string    // what runs out: "turn", "challenge", "setup"... (the caller's words)
	Key     string    // which one, usually a game id
	Due     time.Time // stored to the millisecond
	Payload string    // whatever the handler needs, such as the record position it was set at
}

// SetDeadline creates or moves a deadline.
func (db *DB) SetDeadline(ctx context.Context, d Deadline) error {
	_, err := db.exec(ctx, `INSERT INTO deadlines (kind, key, due, payload) VALUES (?, ?, ?, ?)
		ON CONFLICT (kind, key) DO UPDATE SET due = excluded.due, payload = excluded.payload`,
		d.Kind, d.Key, d.Due.UnixMilli(), d.Payload)
	if err != nil {
		return fmt.Errorf("store: set deadline %s/%s: %w", d.Kind, d.Key, err)
	}
	return nil
}

// ClearDeadline removes a deadline whatever its due time; removing one that is not
// there is not an error.
func (db *DB) ClearDeadline(ctx context.Context, kind, key string) error {
	if _, err := db.exec(ctx, `DELETE FROM deadlines WHERE kind = ? AND key = ?`, kind, key); err != nil {
		return fmt.Errorf("store: clear deadline %s/%s: %w", kind, key, err)
	}
	return nil
}

// ClearDeadlines removes every deadline keyed key (every kind of a game's, its id
// the key), whatever its due time; the kinds are the caller's, so a kind of one
// game's own goes with the rest.
func (db *DB) ClearDeadlines(ctx context.Context, key string) error {
	if _, err := db.exec(ctx, `DELETE FROM deadlines WHERE key = ?`, key); err != nil {
		return fmt.Errorf("store: clear deadlines of %s: %w", key, err)
	}
	return nil
}

// Deadlines lists the deadlines due at or before a time, soonest first; pass a time far
// ahead to list them all.
func (db *DB) Deadlines(ctx context.Context, before time.Time) ([]Deadline, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT kind, key, due, payload FROM deadlines WHERE due <= ? ORDER BY due, kind, key`, before.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("store: deadlines: %w", err)
	}
	defer rows.Close()
	var out []Deadline
	for rows.Next() {
		var d Deadline
		var due int64
		if err := rows.Scan(&d.Kind, &d.Key, &due, &d.Payload); err != nil {
			return nil, fmt.Errorf("store: deadlines: %w", err)
		}
		d.Due = time.UnixMilli(due)
		out = append(out, d)
	}
	return out, rows.Err()
}

// ClearDeadlineIf removes a deadline only if it is still as listed (same due time and
// payload), and reports whether it did. A handler of a due deadline calls it after
// acting, so that a deadline its action set again (the next turn's clock, under the
// same kind and key) is kept: ClearDeadline would remove that one too.
func (db *DB) ClearDeadlineIf(ctx context.Context, d Deadline) (bool, error) {
	n, err := db.exec(ctx, `DELETE FROM deadlines WHERE kind = ? AND key = ? AND due = ? AND payload = ?`,
		d.Kind, d.Key, d.Due.UnixMilli(), d.Payload)
	if err != nil {
		return false, fmt.Errorf("store: clear deadline %s/%s: %w", d.Kind, d.Key, err)
	}
	return n == 1, nil
}

// NextDeadline returns the soonest deadline, so a timer can sleep until then; ok is
// false when none is set.
func (db *DB) NextDeadline(ctx context.Context) (d Deadline, ok bool, err error) {
	return db.NextDeadlineAfter(ctx, time.Time{})
}

// NextDeadlineAfter returns the soonest deadline due after t; ok is false when none
// is. A process sleeping until its next deadline asks for those still to come: one
// already due that it left (another process's game) would otherwise hide them.
func (db *DB) NextDeadlineAfter(ctx context.Context, t time.Time) (d Deadline, ok bool, err error) {
	var due int64
	err = db.sql.QueryRowContext(ctx, `SELECT kind, key, due, payload FROM deadlines WHERE due > ? ORDER BY due, kind, key LIMIT 1`, t.UnixMilli()).
		Scan(&d.Kind, &d.Key, &due, &d.Payload)
	if errors.Is(err, sql.ErrNoRows) {
		return Deadline{}, false, nil
	}
	if err != nil {
		return Deadline{}, false, fmt.Errorf("store: next deadline: %w", err)
	}
	d.Due = time.UnixMilli(due)
	return d, true, nil
}

// PostponeDeadlineIf moves a deadline to due only if it is still as listed, and
// reports whether it did: a handler that failed (the store was down) tries again
// later, while a deadline its action set anew is left as set.
func (db *DB) PostponeDeadlineIf(ctx context.Context, d Deadline, due time.Time) (bool, error) {
	n, err := db.exec(ctx, `UPDATE deadlines SET due = ? WHERE kind = ? AND key = ? AND due = ? AND payload = ?`,
		due.UnixMilli(), d.Kind, d.Key, d.Due.UnixMilli(), d.Payload)
	if err != nil {
		return false, fmt.Errorf("store: postpone deadline %s/%s: %w", d.Kind, d.Key, err)
	}
	return n == 1, nil
}

// ClearEndedDeadlines removes the deadlines of games that are no longer active (over,
// cancelled, or gone), and returns how many. Every deadline is keyed by its game's id;
// a process clears only these, never a deadline of a game another process may hold.
func (db *DB) ClearEndedDeadlines(ctx context.Context) (int64, error) {
	n, err := db.exec(ctx, `DELETE FROM deadlines WHERE key NOT IN
		(SELECT CAST(id AS TEXT) FROM games WHERE status IN (?, ?, ?))`,
		string(StatusChallenge), string(StatusSetup), string(StatusPlay))
	if err != nil {
		return 0, fmt.Errorf("store: clear ended games' deadlines: %w", err)
	}
	return n, nil
}
