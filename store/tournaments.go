package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// TournamentStatus is where a tournament is in its life.
type TournamentStatus string

// Tournament statuses.
const (
	TournamentOpen      TournamentStatus = "open"      // taking entrants
	TournamentRunning   TournamentStatus = "running"   // playing its games
	TournamentOver      TournamentStatus = "over"      // standings posted
	TournamentCancelled TournamentStatus = "cancelled" // stopped by its organiser
)

// MaxTournamentState bounds a tournament's state document: entrants' strategies and
// every game's result.
const MaxTournamentState = 1 << 20

// Tournament is a stored tournament; State is the host's document, opaque here.
type Tournament struct {
	ID        int64
	Guild     string
	Channel   string
	Owner     string // who organised it
	Status    TournamentStatus
	MessageID string // the message showing it
	State     json.RawMessage
	CreatedAt time.Time
	UpdatedAt time.Time
}

// CreateTournament stores a new tournament and returns its id.
func (db *DB) CreateTournament(ctx context.Context, t *Tournament) (int64, error) {
	if len(t.State) > MaxTournamentState {
		return 0, fmt.Errorf("store: create tournament: %w: state of %d bytes", ErrInvalidInput, len(t.State))
	}
	if t.Status == "" {
		t.Status = TournamentOpen
	}
	now := db.millis()
	err := db.tx(ctx, func(tx *txn) error {
		return tx.QueryRowContext(ctx, `INSERT INTO tournaments (guild_id, channel_id, owner_id, status, message_id, state, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, t.Guild, t.Channel, t.Owner, string(t.Status), t.MessageID, string(t.State), now, now).Scan(&t.ID)
	})
	if err != nil {
		return 0, fmt.Errorf("store: create tournament: %w", err)
	}
	t.CreatedAt, t.UpdatedAt = time.UnixMilli(now), time.UnixMilli(now)
	return t.ID, nil
}

// SaveTournament stores a tournament's status, message and state in one write.
func (db *DB) SaveTournament(ctx context.Context, t *Tournament) error {
	if len(t.State) > MaxTournamentState {
		return fmt.Errorf("store: save tournament %d: %w: state of %d bytes", t.ID, ErrInvalidInput, len(t.State))
	}
	now := db.millis()
	n, err := db.exec(ctx, `UPDATE tournaments SET status = ?, message_id = ?, state = ?, updated_at = ? WHERE id = ?`,
		string(t.Status), t.MessageID, string(t.State), now, t.ID)
	if err != nil {
		return fmt.Errorf("store: save tournament %d: %w", t.ID, err)
	}
	if n == 0 {
		return fmt.Errorf("store: save tournament %d: %w", t.ID, ErrNotFound)
	}
	t.UpdatedAt = time.UnixMilli(now)
	return nil
}

// GetTournament loads one tournament.
func (db *DB) GetTournament(ctx context.Context, id int64) (*Tournament, error) {
	ts, err := db.tournaments(ctx, `WHERE id = ?`, id)
	if err == nil && len(ts) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: tournament %d: %w", id, err)
	}
	return ts[0], nil
}

// ActiveTournaments loads the tournaments still open or running, oldest first, for a
// restarted host to resume.
func (db *DB) ActiveTournaments(ctx context.Context) ([]*Tournament, error) {
	ts, err := db.tournaments(ctx, `WHERE status IN ('open', 'running') ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: active tournaments: %w", err)
	}
	return ts, nil
}

func (db *DB) tournaments(ctx context.Context, where string, args ...any) ([]*Tournament, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT id, guild_id, channel_id, owner_id, status, message_id, state, created_at, updated_at
		FROM tournaments `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Tournament
	for rows.Next() {
		t := &Tournament{}
		var state string
		var created, updated int64
		if err := rows.Scan(&t.ID, &t.Guild, &t.Channel, &t.Owner, &t.Status, &t.MessageID, &state, &created, &updated); err != nil {
			return nil, err
		}
		t.State = json.RawMessage(state)
		t.CreatedAt, t.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	return out, nil
}
