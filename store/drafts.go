package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// MaxDraft bounds a draft: a form's fields, a strategy of up to 4000 characters and
// its name, with room to spare.
const MaxDraft = 32 << 10

// SaveDraft keeps what a player typed under a key until they use it or replace it.
func (db *DB) SaveDraft(ctx context.Context, user, key, body string) error {
	if len(body) > MaxDraft {
		return fmt.Errorf("store: save draft %s: %w: %d bytes, the limit is %d", key, ErrInvalidInput, len(body), MaxDraft)
	}
	_, err := db.exec(ctx, `INSERT INTO drafts (user_id, key, body, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, key) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`, user, key, body, db.millis())
	if err != nil {
		return fmt.Errorf("store: save draft %s: %w", key, err)
	}
	return nil
}

// Draft returns a saved draft, or ErrNotFound.
func (db *DB) Draft(ctx context.Context, user, key string) (string, error) {
	var body string
	err := db.sql.QueryRowContext(ctx, `SELECT body FROM drafts WHERE user_id = ? AND key = ?`, user, key).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("store: draft %s: %w", key, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("store: draft %s: %w", key, err)
	}
	return body, nil
}

// DeleteDraft forgets a draft.
func (db *DB) DeleteDraft(ctx context.Context, user, key string) error {
	if _, err := db.exec(ctx, `DELETE FROM drafts WHERE user_id = ? AND key = ?`, user, key); err != nil {
		return fmt.Errorf("store: delete draft %s: %w", key, err)
	}
	return nil
}
