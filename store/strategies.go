package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Strategy is one version of a player's saved program: a KOMBAT strategy, an UPBEAT
// plan, whatever the game's shelf (Game) holds.
type Strategy struct {
	Owner   string
	Game    GameName // whose library holds it
	Name    string
	Version int // 1 for the first save, then counting up
	Source  string
	Defense int64
	Saved   time.Time // when this version was saved
	Created time.Time // when the first version was saved
}

// Limits on saved strategies: what a player can keep, and how much.
const (
	// MaxStrategyName is the longest name, in characters (runes).
	MaxStrategyName = 32
	// MaxStrategiesPerOne is how many strategies one player may keep in each game's
	// library.
	MaxStrategiesPerOne = 50
	// MaxVersionsKept is how many versions of a strategy are kept, the newest: history
	// for diffs, not an archive.
	MaxVersionsKept = 20
	// MaxStrategySource is the largest source in bytes, the language's own limit.
	MaxStrategySource = 16 << 10
)

// CheckStrategyName validates a strategy name: 1 to 32 letters, digits, spaces, '-' or '_'.
func CheckStrategyName(name string) error {
	if strings.TrimSpace(name) == "" {
		return fmt.Errorf("%w: a strategy needs a name", ErrInvalidInput)
	}
	if n := len([]rune(name)); n > MaxStrategyName {
		return fmt.Errorf("%w: the name %q is %d characters long; the limit is %d", ErrInvalidInput, name, n, MaxStrategyName)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == ' ' || r == '-' || r == '_') {
			return fmt.Errorf("%w: the name %q has %q: use letters, digits, spaces, '-' and '_'", ErrInvalidInput, name, r)
		}
	}
	return nil
}

// Shelf is one game's library of saved programs (KOMBAT's strategies, UPBEAT's
// plans). Each game's is apart: a name is unique per owner and game, and nothing on
// one shelf is listed, read or deleted through another.
type Shelf struct {
	db    *DB
	game  GameName
	words Words
}

// Words are how a shelf's messages name what it holds, in its game's words: one
// ("strategy", "plan") and many ("strategies", "plans").
type Words struct{ One, Many string }

// Shelf is the library of game, whose messages name what it holds in words (its
// adapter's: the store knows no game's).
func (db *DB) Shelf(game GameName, words Words) Shelf {
	return Shelf{db: db, game: game, words: words}
}

// Game is the game whose library the shelf is.
func (sh Shelf) Game() GameName { return sh.game }

// noun is what the shelf holds, as its messages say: strategy or plan.
func (sh Shelf) noun() string { return sh.words.One }

// plural is noun's plural.
func (sh Shelf) plural() string { return sh.words.Many }

// Save saves a strategy under a name: a new one (create true; an existing name
// gives ErrDuplicate) or a new version of an existing one (create false; a missing name
// gives ErrNotFound). It returns the version saved. Names are compared ignoring case.
func (sh Shelf) Save(ctx context.Context, owner, name, source string, defense int64, create bool) (int, error) {
	db, noun := sh.db, sh.noun()
	wrap := func(err error) error { return fmt.Errorf("store: save %s %q: %w", noun, name, err) }
	if err := CheckStrategyName(name); err != nil {
		return 0, wrap(err)
	}
	if len(source) > MaxStrategySource {
		return 0, wrap(fmt.Errorf("%w: the %s is %d bytes; the limit is %d", ErrInvalidInput, noun, len(source), MaxStrategySource))
	}
	if defense < 0 {
		return 0, wrap(fmt.Errorf("%w: defense must be 0 or more, got %d", ErrInvalidInput, defense))
	}
	var version int
	err := db.tx(ctx, func(tx *txn) error {
		now := db.millis()
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM strategies WHERE owner_id = ? AND game = ? AND name = ? COLLATE NOCASE`, owner, string(sh.game), name).Scan(&id)
		switch {
		case errors.Is(err, sql.ErrNoRows) && create:
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM strategies WHERE owner_id = ? AND game = ?`, owner, string(sh.game)).Scan(&n); err != nil {
				return err
			}
			if n >= MaxStrategiesPerOne {
				return fmt.Errorf("%w: you have %d saved %s, the limit; delete one first", ErrInvalidInput, n, sh.plural())
			}
			err := tx.QueryRowContext(ctx, `INSERT INTO strategies (owner_id, game, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
				owner, string(sh.game), name, now, now).Scan(&id)
			if isUnique(err) {
				return fmt.Errorf("%w: you already have a %s named %q", ErrDuplicate, noun, name)
			}
			if err != nil {
				return err
			}
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("%w: you have no %s named %q", ErrNotFound, noun, name)
		case err != nil:
			return err
		case create:
			return fmt.Errorf("%w: you already have a %s named %q; save it as a new version, or pick another name", ErrDuplicate, noun, name)
		}
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) + 1 FROM strategy_versions WHERE strategy_id = ?`, id).Scan(&version); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO strategy_versions (strategy_id, version, source, defense, created_at) VALUES (?, ?, ?, ?, ?)`,
			id, version, source, defense, now); err != nil {
			return err
		}
		// Keep the newest versions only: history for diffs, not an archive.
		if _, err := tx.ExecContext(ctx, `DELETE FROM strategy_versions WHERE strategy_id = ? AND version <= ?`, id, version-MaxVersionsKept); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE strategies SET updated_at = ? WHERE id = ?`, now, id)
		return err
	})
	if err != nil {
		return 0, wrap(err)
	}
	return version, nil
}

// Get returns a version of a saved strategy (version 0: the latest).
func (sh Shelf) Get(ctx context.Context, owner, name string, version int) (Strategy, error) {
	s := Strategy{Owner: owner, Game: sh.game}
	var saved, created int64
	q := `SELECT s.name, v.version, v.source, v.defense, v.created_at, s.created_at FROM strategies s
		JOIN strategy_versions v ON v.strategy_id = s.id WHERE s.owner_id = ? AND s.game = ? AND s.name = ? COLLATE NOCASE`
	args := []any{owner, string(sh.game), name}
	if version > 0 {
		q += ` AND v.version = ?`
		args = append(args, version)
	} else {
		q += ` ORDER BY v.version DESC LIMIT 1`
	}
	err := sh.db.sql.QueryRowContext(ctx, q, args...).Scan(&s.Name, &s.Version, &s.Source, &s.Defense, &saved, &created)
	if errors.Is(err, sql.ErrNoRows) {
		what := fmt.Sprintf("you have no %s named %q", sh.noun(), name)
		if version > 0 {
			what = fmt.Sprintf("%s %q has no version %d", sh.noun(), name, version)
		}
		return s, fmt.Errorf("store: %s %q: %w: %s", sh.noun(), name, ErrNotFound, what)
	}
	if err != nil {
		return s, fmt.Errorf("store: %s %q: %w", sh.noun(), name, err)
	}
	s.Saved, s.Created = time.UnixMilli(saved), time.UnixMilli(created)
	return s, nil
}

// List returns the latest version of each of a player's strategies, by name.
func (sh Shelf) List(ctx context.Context, owner string) ([]Strategy, error) {
	rows, err := sh.db.sql.QueryContext(ctx, `SELECT s.name, v.version, v.source, v.defense, v.created_at, s.created_at FROM strategies s
		JOIN strategy_versions v ON v.strategy_id = s.id
		WHERE s.owner_id = ? AND s.game = ? AND v.version = (SELECT max(version) FROM strategy_versions WHERE strategy_id = s.id)
		ORDER BY s.name COLLATE NOCASE`, owner, string(sh.game))
	if err != nil {
		return nil, fmt.Errorf("store: strategies of %s: %w", owner, err)
	}
	defer rows.Close()
	var out []Strategy
	for rows.Next() {
		s := Strategy{Owner: owner, Game: sh.game}
		var saved, created int64
		if err := rows.Scan(&s.Name, &s.Version, &s.Source, &s.Defense, &saved, &created); err != nil {
			return nil, fmt.Errorf("store: strategies of %s: %w", owner, err)
		}
		s.Saved, s.Created = time.UnixMilli(saved), time.UnixMilli(created)
		out = append(out, s)
	}
	return out, rows.Err()
}

// Versions lists the versions kept of a strategy, newest first.
func (sh Shelf) Versions(ctx context.Context, owner, name string) ([]Strategy, error) {
	rows, err := sh.db.sql.QueryContext(ctx, `SELECT s.name, v.version, v.source, v.defense, v.created_at, s.created_at FROM strategies s
		JOIN strategy_versions v ON v.strategy_id = s.id WHERE s.owner_id = ? AND s.game = ? AND s.name = ? COLLATE NOCASE ORDER BY v.version DESC`, owner, string(sh.game), name)
	if err != nil {
		return nil, fmt.Errorf("store: versions of %q: %w", name, err)
	}
	defer rows.Close()
	var out []Strategy
	for rows.Next() {
		s := Strategy{Owner: owner, Game: sh.game}
		var saved, created int64
		if err := rows.Scan(&s.Name, &s.Version, &s.Source, &s.Defense, &saved, &created); err != nil {
			return nil, err
		}
		s.Saved, s.Created = time.UnixMilli(saved), time.UnixMilli(created)
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("store: versions of %q: %w: you have no %s named %q", name, ErrNotFound, sh.noun(), name)
	}
	return out, nil
}

// Delete deletes a strategy with all its versions.
func (sh Shelf) Delete(ctx context.Context, owner, name string) error {
	n, err := sh.db.exec(ctx, `DELETE FROM strategies WHERE owner_id = ? AND game = ? AND name = ? COLLATE NOCASE`, owner, string(sh.game), name)
	if err != nil {
		return fmt.Errorf("store: delete %s %q: %w", sh.noun(), name, err)
	}
	if n == 0 {
		return fmt.Errorf("store: delete %s %q: %w: you have no %s named %q", sh.noun(), name, ErrNotFound, sh.noun(), name)
	}
	return nil
}
