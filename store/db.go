// Package store keeps everything the bot must not lose in one SQLite file: games and
// every decision made in them, pending deadlines, saved strategies, and ratings.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// DefaultPath is where the database lives when KOMBAT_DB is not set.
const DefaultPath = "data/kombat.db"

// ApplicationID marks a database as ours (PRAGMA application_id, "KMBT"), so the
// program never migrates someone else's SQLite file.
const ApplicationID = 0x4b4d4254

// Sentinel errors callers branch on; returned errors wrap them with details.
var (
	ErrNotFound     = errors.New("not found")
	ErrDuplicate    = errors.New("already exists")
	ErrConflict     = errors.New("changed meanwhile")
	ErrChannelBusy  = errors.New("a game is already active in this channel")
	ErrForeignDB    = errors.New("not a kombat database")
	ErrNewerSchema  = errors.New("database schema is newer than this program")
	ErrInvalidInput = errors.New("invalid input")
)

// DB is the store. It is safe for concurrent use.
type DB struct {
	sql  *sql.DB
	path string
	now  func() time.Time
}

// PathFromEnv returns KOMBAT_DB, or DefaultPath.
func PathFromEnv(getenv func(string) string) string {
	if p := getenv("KOMBAT_DB"); p != "" {
		return p
	}
	return DefaultPath
}

// dsn sets the pragmas every pooled connection needs in the connection string itself:
// set with Exec, they would apply to one connection only.
func dsn(path string) string {
	q := url.Values{}
	for _, p := range []string{"foreign_keys(1)", "busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate") // writers queue at BEGIN instead of failing mid-transaction
	return "file:" + path + "?" + q.Encode()
}

// Open opens (creating it and its directory if needed) and migrates the database at
// path. A path that cannot be written, another program's database, or a schema newer
// than this program knows is reported here, not later.
func Open(ctx context.Context, path string) (*DB, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("store: create directory for %s: %w", path, err)
		}
	}
	sqldb, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	db := &DB{sql: sqldb, path: path, now: time.Now}
	if err := db.migrate(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return db, nil
}

// SetClock replaces the clock used for timestamps (tests).
func (db *DB) SetClock(now func() time.Time) { db.now = now }

// Path is the database file's path.
func (db *DB) Path() string { return db.path }

// Close closes the database.
func (db *DB) Close() error { return db.sql.Close() }

// Ping checks that the database answers, for health checks.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	return db.sql.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// IntegrityCheck runs PRAGMA integrity_check and returns its verdict ("ok" when sound).
func (db *DB) IntegrityCheck(ctx context.Context) (string, error) {
	var res string
	err := db.sql.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res)
	return res, err
}

func (db *DB) millis() int64 { return db.now().UnixMilli() }

// tx runs f in a transaction, committing when it returns nil.
func (db *DB) tx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
