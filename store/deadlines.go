package store

import (
	"context"
	"fmt"
	"time"
)

// Deadline is a pending timer (a turn clock, a challenge's expiry), stored so that it
// survives restarts. Kind and Key identify it; setting it again moves it.
type Deadline struct {
	Kind    string
	Key     string
	Due     time.Time
	Payload string
}

// SetDeadline creates or moves a deadline.
func (db *DB) SetDeadline(ctx context.Context, d Deadline) error {
	_, err := db.sql.ExecContext(ctx, `INSERT INTO deadlines (kind, key, due, payload) VALUES (?, ?, ?, ?)
		ON CONFLICT (kind, key) DO UPDATE SET due = excluded.due, payload = excluded.payload`,
		d.Kind, d.Key, d.Due.UnixMilli(), d.Payload)
	if err != nil {
		return fmt.Errorf("store: set deadline %s/%s: %w", d.Kind, d.Key, err)
	}
	return nil
}

// ClearDeadline removes a deadline; removing one that is not there is not an error.
func (db *DB) ClearDeadline(ctx context.Context, kind, key string) error {
	if _, err := db.sql.ExecContext(ctx, `DELETE FROM deadlines WHERE kind = ? AND key = ?`, kind, key); err != nil {
		return fmt.Errorf("store: clear deadline %s/%s: %w", kind, key, err)
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
