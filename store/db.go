package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
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
	// ErrPlaceBusy: the place (channel or thread) already has an active game.
	ErrPlaceBusy = errors.New("a game is already active in this channel")
	// ErrForeignDB: the file is not a kombat database, and Open left it alone.
	ErrForeignDB = errors.New("not a kombat database")
	// ErrNewerSchema: the database was migrated by a newer kombat than this one.
	ErrNewerSchema = errors.New("database schema is newer than this program")
	// ErrReadOnly: the database file or its directory cannot be written.
	ErrReadOnly = errors.New("database is not writable")
	// ErrInvalidInput: the caller passed something the store never keeps.
	ErrInvalidInput = errors.New("invalid input")
	// ErrClaimed: another process runs the game (ClaimGame).
	ErrClaimed = errors.New("another process runs this game")
	// ErrClaimLost: a claim no longer holds, and another process may run its game.
	ErrClaimLost = errors.New("the claim on this game is lost")
)

// DB is the store. It is safe for concurrent use.
type DB struct {
	sql  pool
	d    dialect
	path string // the SQLite file, or the PostgreSQL URL without its password
	dsn  string // what Open was given
	now  func() time.Time

	claims claims      // games this process runs (ClaimGame)
	group  groupCommit // write transactions waiting to share a commit (tx)
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
	fail := func(err error) (*DB, error) {
		return nil, fmt.Errorf("store: open %s: %w", path, explainAt(path, err, processUser()))
	}
	if path == "" {
		return nil, fmt.Errorf("store: open: %w: the database path is empty; set KOMBAT_DB or leave it unset for %s", ErrInvalidInput, DefaultPath)
	}
	if isPostgresURL(path) {
		return openPostgres(ctx, path)
	}
	if isKeyValueDSN(path) {
		// Taken for a file name, it would create a file named after the password.
		return nil, fmt.Errorf("store: open %s: %w: this is a PostgreSQL key=value connection string; KOMBAT_DB takes a postgres://user:password@host:port/dbname URL or an SQLite file's path",
			Redact(path), ErrInvalidInput)
	}
	if strings.ContainsAny(path, "?#") {
		return fail(fmt.Errorf("%w: a database path may not contain '?' or '#'", ErrInvalidInput))
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fail(fmt.Errorf("create its directory: %w", err))
	}
	// Processes (or a test's goroutines) opening a new file at once race to migrate it.
	// SQLite answers some of those races with "database is locked" at once instead of
	// waiting out the busy timeout (switching the journal to WAL, say), so a busy first
	// open is tried again a few times before it counts.
	var err error
	for wait := 20 * time.Millisecond; ; wait *= 2 {
		var db *DB
		if db, err = openSQLite(ctx, path); err == nil {
			return db, nil
		}
		if sqliteCode(err)&0xff != sqlite3.SQLITE_BUSY || wait > 2*time.Second {
			return fail(err)
		}
		select {
		case <-ctx.Done():
			return fail(err)
		case <-time.After(wait):
		}
	}
}

// openSQLite opens and migrates the SQLite file at path once.
func openSQLite(ctx context.Context, path string) (*DB, error) {
	if err := checkExisting(ctx, path); err != nil {
		return nil, err
	}
	sqldb, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, err
	}
	db := &DB{sql: pool{DB: sqldb}, path: path, dsn: path, now: time.Now}
	if err := db.setUp(ctx); err != nil {
		return nil, err
	}
	return db, nil
}

// openPostgres opens and migrates the PostgreSQL database at the URL dsn (its schema
// is the connection's current schema: public, or the URL's search_path).
func openPostgres(ctx context.Context, dsn string) (*DB, error) {
	name := Redact(dsn)
	if _, err := url.Parse(dsn); err != nil {
		// Neither Go's parse error nor the driver's quotes the URL safely: without
		// boundaries between its parts, their masking can miss a password.
		return nil, fmt.Errorf("store: open %s: %w: KOMBAT_DB is not a valid URL; check its syntax, and percent-encode @ : / ? # %% in the user and password (%%40 for @)",
			name, ErrInvalidInput)
	}
	sqldb, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", name, redactedError{err})
	}
	db := &DB{sql: pool{DB: sqldb, d: dialect{postgres: true}}, d: dialect{postgres: true}, path: name, dsn: dsn, now: time.Now}
	if err := db.setUp(ctx); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", name, redactedError{err})
	}
	return db, nil
}

// setUp migrates a freshly opened pool and checks that it can write, closing it when
// it cannot be used.
func (db *DB) setUp(ctx context.Context) error {
	err := db.migrate(ctx)
	if err == nil {
		err = db.checkWritable(ctx)
	}
	if err != nil {
		db.sql.Close()
	}
	return err
}

// explain turns the SQLite errors a misconfigured deployment gives into ones that say
// what to check.
func explain(err error) error {
	switch sqliteCode(err) & 0xff {
	case sqlite3.SQLITE_READONLY:
		return readOnly(err)
	case sqlite3.SQLITE_CANTOPEN:
		return fmt.Errorf("cannot open the database file (%w); check that its directory is writable", err)
	case sqlite3.SQLITE_NOTADB:
		return fmt.Errorf("%w: the file is not an SQLite database (%w)", ErrForeignDB, err)
	}
	return err
}

// explainAt is explain plus what Open found at path when SQLite could not open, read or
// write it, so that an operator sees which file or directory to fix and for whom. A
// file or directory u may not write makes such a failure ErrReadOnly.
func explainAt(path string, err error, u user) error {
	switch sqliteCode(err) & 0xff {
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_IOERR:
	default:
		return explain(err)
	}
	explained := explain(err)
	found, writable := writeAccess(path, u)
	if !writable && !errors.Is(explained, ErrReadOnly) {
		explained = readOnly(err)
	}
	return fmt.Errorf("%w: found %s", explained, found)
}

// readOnly wraps err, an SQLite error, in ErrReadOnly.
func readOnly(err error) error {
	return fmt.Errorf("%w (%w); check the permissions of the file and its directory", ErrReadOnly, err)
}

// user is whom the kernel checks a file's permission bits against.
type user struct {
	uid, gid int   // effective; -1 where the system has none (Windows)
	groups   []int // supplementary
}

// processUser is the user this process acts as.
func processUser() user {
	groups, _ := os.Getgroups()
	return user{uid: os.Geteuid(), gid: os.Getegid(), groups: groups}
}

// writeAccess describes, for the message of a database that cannot be written, the
// file at path, its directory and any rollback journal beside it, and reports whether
// u may write both the file (where there is one) and the directory.
func writeAccess(path string, u user) (found string, writable bool) {
	who := "this process"
	if u.uid >= 0 {
		who += fmt.Sprintf(" (uid %d gid %d)", u.uid, u.gid)
	}
	file, fileWritable, exists := describeAccess(path, u, who)
	if exists {
		who = "it"
	}
	dir, dirWritable, _ := describeAccess(filepath.Dir(path), u, who)
	found = file + "; its directory " + dir
	if fi, err := os.Stat(path + "-journal"); err == nil && fi.Size() > 0 {
		found += fmt.Sprintf("; a rollback journal %s (%d bytes) from an interrupted write: SQLite must roll it back, which takes write access to both, before anyone can read the database",
			path+"-journal", fi.Size())
	}
	return found, fileWritable && dirWritable
}

// describeAccess says what name is, whose it is and whether u (who, in the message)
// may write it. A missing file counts as writable: its directory decides. A file's
// permission bits are read, not tried: closing any descriptor of a file drops every
// POSIX lock this process holds on it, SQLite's included. A directory whose bits allow
// writing is tried, which catches a read-only mount.
func describeAccess(name string, u user, who string) (found string, writable, exists bool) {
	fi, err := os.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return "no " + name, true, false
	}
	if err != nil {
		return err.Error(), false, true
	}
	found = fmt.Sprintf("%s (mode %s", name, fi.Mode())
	if uid, gid, ok := owner(fi); ok {
		found += fmt.Sprintf(", owner uid %d gid %d", uid, gid)
	}
	if !u.mayWrite(fi) {
		return found + "): not writable for " + who, false, true
	}
	if fi.IsDir() {
		f, err := os.CreateTemp(name, ".kombat-write-test-*")
		if err != nil {
			return fmt.Sprintf("%s): not writable for %s: %v", found, who, errors.Unwrap(err)), false, true
		}
		f.Close()
		os.Remove(f.Name())
	}
	return found + "): writable for " + who, true, true
}

// mayWrite applies the permission bits of fi's owner, group or others, whichever class
// u falls in (as the kernel does), to writing fi; a directory also needs search
// permission. Root may write anything; where the system has no owners, the owner's
// bits carry the read-only attribute.
func (u user) mayWrite(fi fs.FileInfo) bool {
	need := fs.FileMode(0o2)
	if fi.IsDir() {
		need = 0o3
	}
	perm := fi.Mode().Perm()
	uid, gid, ok := owner(fi)
	switch {
	case !ok || u.uid < 0:
		return perm>>6&need == need
	case u.uid == 0:
		return true
	case uint64(u.uid) == uid:
		return perm>>6&need == need
	case uint64(u.gid) == gid || slices.Contains(u.groups, int(gid)):
		return perm>>3&need == need
	}
	return perm&need == need
}

// owner reads the uid and gid that fi.Sys() holds on Unix (a *syscall.Stat_t). They are
// read by field name because Windows has neither the type nor owners, and this file
// builds there.
func owner(fi fs.FileInfo) (uid, gid uint64, ok bool) {
	v := reflect.Indirect(reflect.ValueOf(fi.Sys()))
	if v.Kind() != reflect.Struct {
		return 0, 0, false
	}
	u, g := v.FieldByName("Uid"), v.FieldByName("Gid")
	if !u.IsValid() || !g.IsValid() || !u.CanUint() || !g.CanUint() {
		return 0, 0, false
	}
	return u.Uint(), g.Uint(), true
}

// SetClock replaces the clock used for timestamps (tests).
func (db *DB) SetClock(now func() time.Time) { db.now = now }

// Path is the database file's path, or its PostgreSQL URL with its credentials masked
// (Redact), for messages.
func (db *DB) Path() string { return db.path }

// Close closes the database, releasing every claim.
func (db *DB) Close() error {
	err := db.claims.close()
	return errors.Join(db.sql.Close(), err)
}

// Ping checks that the database answers, for health checks.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	return db.sql.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// IntegrityCheck runs PRAGMA integrity_check and returns its verdict ("ok" when sound).
// PostgreSQL checks its own pages as it reads them: there it reports "ok" when the
// server answers.
func (db *DB) IntegrityCheck(ctx context.Context) (string, error) {
	if db.d.postgres {
		if err := db.Ping(ctx); err != nil {
			return "", err
		}
		return "ok", nil
	}
	var res string
	err := db.sql.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res)
	return res, err
}

func (db *DB) millis() int64 { return db.now().UnixMilli() }

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
