// Package store keeps everything the bot must not lose in one SQLite file: games and
// every decision made in them, pending deadlines, saved strategies, and ratings.
//
// Every change a player can see is committed in one transaction before the caller
// shows it, so a crash or a restart loses nothing that was shown. The engine is
// deterministic, so a game is stored as its setup and its decisions (game.Record) and
// rebuilt with game.Replay; no board is stored.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// DefaultPath is where the database lives when KOMBAT_DB is not set.
const DefaultPath = "data/kombat.db"

// ApplicationID marks a database as ours (PRAGMA application_id, "KMBT"), so the
// program never migrates someone else's SQLite file.
const ApplicationID = 0x4b4d4254

// Sentinel errors callers branch on with errors.Is; returned errors wrap them with
// what was being done and why, as in `store: save strategy "rush": already exists: ...`.
var (
	// ErrNotFound: no such game, strategy, version or draft.
	ErrNotFound = errors.New("not found")
	// ErrDuplicate: the name is taken (a strategy of the same owner and name).
	ErrDuplicate = errors.New("already exists")
	// ErrConflict: the write was based on a stale view (a turn already stored, a game
	// already over); nothing was changed, and the caller should reload.
	ErrConflict = errors.New("changed meanwhile")
	// ErrChannelBusy: the channel or thread already has an active game.
	ErrChannelBusy = errors.New("a game is already active in this channel")
	// ErrForeignDB: the file is not a kombat database, and Open left it alone.
	ErrForeignDB = errors.New("not a kombat database")
	// ErrNewerSchema: the database was migrated by a newer kombat than this one.
	ErrNewerSchema = errors.New("database schema is newer than this program")
	// ErrReadOnly: the database file or its directory cannot be written.
	ErrReadOnly = errors.New("database is not writable")
	// ErrInvalidInput: the caller passed something the store never keeps.
	ErrInvalidInput = errors.New("invalid input")
)

// DB is the store. It is safe for concurrent use.
type DB struct {
	sql  *sql.DB
	path string
	now  func() time.Time
}

// PathFromEnv returns KOMBAT_DB from getenv (os.Getenv in the program), or DefaultPath.
func PathFromEnv(getenv func(string) string) string {
	if p := getenv("KOMBAT_DB"); p != "" {
		return p
	}
	return DefaultPath
}

// dsn puts the pragmas every pooled connection needs in the connection string itself:
// set with Exec, they would apply to one connection of the pool only.
func dsn(path string) string {
	q := url.Values{}
	for _, p := range []string{
		"foreign_keys(1)",     // decisions and versions die with their game or strategy
		"busy_timeout(10000)", // writers wait for each other instead of failing
		"journal_mode(WAL)",   // readers do not block the writer
		"synchronous(FULL)",   // in WAL mode NORMAL may lose the last commits on power loss
	} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate") // writers queue at BEGIN instead of failing mid-transaction
	return "file:" + uriPath(path) + "?" + q.Encode()
}

// uriPath escapes the characters that a file: URI would read as syntax (SQLite decodes
// %XX in the path; ? starts the query, # a fragment), so that the file of exactly that
// name opens. (Open refuses ? and # anyway, with a message.)
func uriPath(path string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
}

// Open opens (creating it and its directory if needed) and migrates the database at
// path. A path that cannot be written, another program's database, or a schema newer
// than this program knows is reported here, not at the first turn.
func Open(ctx context.Context, path string) (*DB, error) {
	fail := func(err error) (*DB, error) { return nil, fmt.Errorf("store: open %s: %w", path, explain(err)) }
	if path == "" {
		return nil, fmt.Errorf("store: open: %w: the database path is empty; set KOMBAT_DB or leave it unset for %s", ErrInvalidInput, DefaultPath)
	}
	if strings.ContainsAny(path, "?#") {
		return fail(fmt.Errorf("%w: a database path may not contain '?' or '#'", ErrInvalidInput))
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fail(fmt.Errorf("create its directory: %w", err))
	}
	if err := checkExisting(ctx, path); err != nil {
		return fail(err)
	}
	sqldb, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return fail(err)
	}
	db := &DB{sql: sqldb, path: path, now: time.Now}
	if err := db.migrate(ctx); err != nil {
		sqldb.Close()
		return fail(err)
	}
	if err := db.checkWritable(ctx); err != nil {
		sqldb.Close()
		return fail(err)
	}
	return db, nil
}

// explain turns the SQLite errors a misconfigured deployment gives into ones that say
// what to check.
func explain(err error) error {
	switch sqliteCode(err) & 0xff {
	case sqlite3.SQLITE_READONLY:
		return fmt.Errorf("%w (%w); check the permissions of the file and its directory", ErrReadOnly, err)
	case sqlite3.SQLITE_CANTOPEN:
		return fmt.Errorf("cannot open the database file (%w); check that its directory is writable", err)
	case sqlite3.SQLITE_NOTADB:
		return fmt.Errorf("%w: the file is not an SQLite database (%w)", ErrForeignDB, err)
	}
	return err
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

// tx runs f in a transaction, committing when it returns nil. With _txlock=immediate
// the transaction holds the write lock from its first statement, so what f reads
// cannot change before it writes.
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

// querier is what reads one row: the pool, or a transaction.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// sqliteCode is the extended SQLite result code of err, or 0 when it has none.
func sqliteCode(err error) int {
	var e *sqlite.Error
	if errors.As(err, &e) {
		return e.Code()
	}
	return 0
}

// isUnique reports a UNIQUE or PRIMARY KEY constraint failure.
func isUnique(err error) bool {
	c := sqliteCode(err)
	return c == sqlite3.SQLITE_CONSTRAINT_UNIQUE || c == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
}
