package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"

	sqlite3 "modernc.org/sqlite/lib"
)

// migrationFiles are the schema's steps, NNNN_name.sql, applied in order. Append
// only: a database made by an older program has run the old steps as they were.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one numbered schema step.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations lists the embedded steps in order, checking they are numbered 1, 2, 3...
func migrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must be NNNN_name.sql", e.Name())
		}
		b, err := fs.ReadFile(migrationFiles, "migrations/"+e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: e.Name(), sql: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: expected version %d", m.name, i+1)
		}
	}
	return out, nil
}

// SchemaVersion is the newest schema this program knows.
func SchemaVersion() int {
	ms, err := migrations()
	if err != nil {
		return 0
	}
	return len(ms)
}

// header is what decides whether a database is ours and how far it is migrated.
type header struct {
	appID   int // PRAGMA application_id
	version int // PRAGMA user_version
	objects int // tables, indexes, views and triggers
}

// readHeader reads a database's header through q (a pool, or a transaction).
func readHeader(ctx context.Context, q querier) (header, error) {
	var h header
	if err := q.QueryRowContext(ctx, "PRAGMA application_id").Scan(&h.appID); err != nil {
		return h, fmt.Errorf("read application id: %w", err)
	}
	if err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&h.version); err != nil {
		return h, fmt.Errorf("read schema version: %w", err)
	}
	if err := q.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master").Scan(&h.objects); err != nil {
		return h, fmt.Errorf("read schema: %w", err)
	}
	return h, nil
}

// check says whether the database is ours to use: fresh is true for an empty file,
// which becomes ours; an error for another program's file or a newer schema.
func (h header) check(known int) (fresh bool, err error) {
	if h.appID != ApplicationID {
		if h.appID != 0 || h.objects > 0 || h.version != 0 {
			return false, fmt.Errorf("%w: application id %#x, schema version %d, %d schema objects; refusing to change it",
				ErrForeignDB, h.appID, h.version, h.objects)
		}
		return true, nil
	}
	if h.version > known {
		return false, fmt.Errorf("%w: the database is at schema version %d, this program knows up to %d; use a newer kombat",
			ErrNewerSchema, h.version, known)
	}
	return false, nil
}

// checkExisting refuses a file that is not ours before the pool touches it: the
// pool's connection pragmas would already switch someone else's database to WAL mode.
// It reads through a read-only connection whose only pragma is a busy timeout (a
// per-connection setting that changes nothing in the file): another process may be
// migrating the same file at this moment. Only when a crash left a write that a reader
// may not undo does it read through a writer, which undoes it.
func checkExisting(ctx context.Context, path string) error {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // a new database
	}
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return fmt.Errorf("%w: the path is a directory, not a database file", ErrInvalidInput)
	}
	if fi.Size() == 0 {
		return nil // created empty, by us or by hand: no schema to protect
	}
	h, err := peekHeader(ctx, path, "ro")
	if sqliteCode(err)&0xff == sqlite3.SQLITE_READONLY {
		// A process killed in the middle of a write (a first Open switching the new
		// file to WAL mode, say) left a hot journal, or a WAL index to rebuild, which
		// a read-only connection may not do: each restart would fail here for good. A
		// read-write connection does it on its first read, as every SQLite writer
		// would, restoring the last committed state (for a first Open, an empty file),
		// so that nothing a reader sees changes. A file this process may not write
		// still fails, and Open says why.
		h, err = peekHeader(ctx, path, "rw")
	}
	if err != nil {
		return err
	}
	_, err = h.check(SchemaVersion())
	return err
}

// peekHeader reads the header of the file at path through a connection of its own,
// opened in mode (ro or rw, never creating the file), whose only pragma is a busy
// timeout.
func peekHeader(ctx context.Context, path, mode string) (header, error) {
	raw, err := sql.Open("sqlite", "file:"+uriPath(path)+"?mode="+mode+"&_pragma=busy_timeout(10000)")
	if err != nil {
		return header{}, err
	}
	defer raw.Close()
	return readHeader(ctx, raw)
}

// migrate brings the database to the newest schema, one transaction per step. Each
// step re-reads the header inside its transaction (which holds the write lock), so
// two processes opening the file at once never apply a step twice; the application
// id is set in the same transaction as the first step.
func (db *DB) migrate(ctx context.Context) error {
	return db.migrateTo(ctx, SchemaVersion())
}

// migrateTo is migrate, stopping at schema version upTo: a test's database as an older
// program left it.
func (db *DB) migrateTo(ctx context.Context, upTo int) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	for _, m := range ms[:min(upTo, len(ms))] {
		// Not db.tx: a migration is a transaction of its own, never in a batch.
		err := db.sql.write(ctx, func(tx *txn) error {
			h, err := db.d.readHeader(ctx, tx)
			if err != nil {
				return err
			}
			fresh, err := h.check(len(ms))
			if err != nil || h.version >= m.version {
				return err // refused, or applied already (perhaps by another process)
			}
			if fresh {
				if err := db.d.claimSchema(ctx, tx); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, db.d.schema(m.sql)); err != nil {
				return err
			}
			return db.d.setVersion(ctx, tx, m.version)
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	return nil
}

// checkWritable makes sure writes will work. SQLite opens a file it may not write
// read-only without a word, and the first turn would fail instead of the start-up.
// The probe writes the header inside a transaction it then rolls back.
func (db *DB) checkWritable(ctx context.Context) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	h, err := db.d.readHeader(ctx, &txn{Tx: tx, d: db.d})
	if err != nil {
		return err
	}
	if err := db.d.setVersion(ctx, &txn{Tx: tx, d: db.d}, h.version); err != nil {
		return fmt.Errorf("write test: %w", err)
	}
	return nil
}
