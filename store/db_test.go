package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestOpenFromEmpty(t *testing.T) {
	sqliteOnly(t, "opening database files: their paths, permissions and headers")
	db := openTest(t)
	ctx := context.Background()
	if fi, err := os.Stat(filepath.Dir(db.Path())); err != nil || !fi.IsDir() {
		t.Fatalf("Open did not create the database's directory: %v", err)
	}
	h, err := readHeader(ctx, db.sql)
	must(t, err)
	if h.version != SchemaVersion() || h.version < 2 || h.appID != ApplicationID {
		t.Errorf("version %d (want %d), application id %#x (want %#x)", h.version, SchemaVersion(), h.appID, ApplicationID)
	}
	// Every pooled connection has the pragmas, not just the first: hold two at once.
	c1, err := db.sql.Conn(ctx)
	must(t, err)
	defer c1.Close()
	c2, err := db.sql.Conn(ctx)
	must(t, err)
	defer c2.Close()
	for i, c := range []*sql.Conn{c1, c2} {
		var fk, timeout, sync int
		var mode string
		must(t, c.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk))
		must(t, c.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&timeout))
		must(t, c.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode))
		must(t, c.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync))
		if fk != 1 || timeout < 5000 || mode != "wal" || sync != 2 {
			t.Errorf("connection %d: foreign_keys %d, busy_timeout %d, journal_mode %s, synchronous %d; want 1, >= 5000, wal, 2 (full)",
				i+1, fk, timeout, mode, sync)
		}
	}
	// Opening again is a no-op, and the file is sound.
	db2, err := Open(ctx, db.Path())
	must(t, err)
	must(t, db2.Close())
	if res, err := db.IntegrityCheck(ctx); err != nil || res != "ok" {
		t.Errorf("integrity: %q %v", res, err)
	}
	must(t, db.Ping(ctx))
}

func TestPathFromEnv(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	if p := PathFromEnv(getenv); p != "data/kombat.db" {
		t.Errorf("unset: %q, want %q", p, DefaultPath)
	}
	env["KOMBAT_DB"] = "/var/lib/kombat/k.db"
	if p := PathFromEnv(getenv); p != "/var/lib/kombat/k.db" {
		t.Errorf("set: %q", p)
	}
}

// TestOpenRefuses opens what is not ours or not usable: each gives its error at Open,
// and a file that is not ours is left byte for byte as it was.
func TestOpenRefuses(t *testing.T) {
	sqliteOnly(t, "opening database files: their paths, permissions and headers")
	ctx := context.Background()
	dir := t.TempDir()
	foreign := func(name, setup string) string {
		path := filepath.Join(dir, name)
		raw := rawOpen(t, path)
		_, err := raw.Exec(setup)
		must(t, err)
		must(t, raw.Close())
		return path
	}
	newer := filepath.Join(dir, "newer.db")
	db, err := Open(ctx, newer)
	must(t, err)
	_, err = db.sql.Exec(fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion()+1))
	must(t, err)
	must(t, db.Close())
	junk := filepath.Join(dir, "junk.db")
	must(t, os.WriteFile(junk, []byte(strings.Repeat("not sqlite ", 100)), 0o644))
	afile := filepath.Join(dir, "afile")
	must(t, os.WriteFile(afile, []byte("x"), 0o644))

	for _, c := range []struct {
		name, path string
		want       error  // nil: any error
		text       string // part of the message
		untouched  bool   // the file must not change
	}{
		{"another program's database", foreign("other.db", "PRAGMA application_id = 1234; CREATE TABLE notes (x TEXT)"),
			ErrForeignDB, "application id 0x4d2", true},
		{"a plain SQLite file with tables", foreign("plain.db", "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('keep')"),
			ErrForeignDB, "refusing to change it", true},
		{"a plain SQLite file with a version", foreign("versioned.db", "PRAGMA user_version = 3"),
			ErrForeignDB, "schema version 3", true},
		{"a newer schema", newer, ErrNewerSchema, fmt.Sprintf("schema version %d, this program knows up to %d; use a newer kombat", SchemaVersion()+1, SchemaVersion()), false},
		{"not a database", junk, ErrForeignDB, "not an SQLite database", true},
		{"a directory inside a file", filepath.Join(afile, "kombat.db"), nil, "create its directory", false},
		{"a directory", dir, ErrInvalidInput, "is a directory", false},
		{"an empty path", "", ErrInvalidInput, "set KOMBAT_DB", false},
		{"a path with a query", filepath.Join(dir, "k.db?mode=memory"), ErrInvalidInput, "may not contain", false},
	} {
		var before []byte
		if c.untouched {
			before, err = os.ReadFile(c.path)
			must(t, err)
		}
		db, err := Open(ctx, c.path)
		if err == nil {
			db.Close()
			t.Errorf("%s: opened", c.name)
			continue
		}
		if c.want != nil && !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text) || !strings.HasPrefix(err.Error(), "store: open") {
			t.Errorf("%s: %v; want %v mentioning %q", c.name, err, c.want, c.text)
		}
		if c.untouched {
			after, _ := os.ReadFile(c.path)
			_, walErr := os.Stat(c.path + "-wal")
			if !bytes.Equal(before, after) || walErr == nil {
				t.Errorf("%s: Open changed the file it refused (WAL file left: %v)", c.name, walErr == nil)
			}
		}
	}
}

// TestOpenReadOnly: SQLite silently opens a file it may not write read-only; Open must
// say so instead of letting the first turn fail.
func TestOpenReadOnly(t *testing.T) {
	sqliteOnly(t, "opening database files: their paths, permissions and headers")
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "k.db")
	db, err := Open(ctx, path)
	must(t, err)
	must(t, db.Close())

	// The probe on a read-only connection, which works whoever runs the test.
	ro, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	must(t, err)
	defer ro.Close()
	err = explain((&DB{sql: pool{DB: ro}}).checkWritable(ctx))
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), "check the permissions") {
		t.Errorf("probe on a read-only connection: %v", err)
	}
	// The probe wrote nothing on a writable one.
	db, err = Open(ctx, path)
	must(t, err)
	must(t, db.checkWritable(ctx))
	h, _ := readHeader(ctx, db.sql)
	must(t, db.Close())
	if h.version != SchemaVersion() {
		t.Errorf("version %d after the probe", h.version)
	}

	// The whole of Open on a file without write permission (root may write anyway).
	if os.Geteuid() == 0 {
		t.Log("running as root, which may write a read-only file: the chmod case is skipped")
		return
	}
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		os.Chmod(f, 0o444)
	}
	if db, err := Open(ctx, path); !errors.Is(err, ErrReadOnly) {
		if err == nil {
			db.Close()
		}
		t.Errorf("Open of a read-only file: %v", err)
	}
}

// TestOpenOddFileNames: % (which a file: URI would decode) and spaces are part of the
// name: the file of exactly that name is created and reopened. (? and # are refused
// with a message, see TestOpenRefuses.)
func TestOpenOddFileNames(t *testing.T) {
	sqliteOnly(t, "opening database files: their paths, permissions and headers")
	ctx := context.Background()
	for _, name := range []string{"100% sure.db", "a%3fb.db", "50%25 off.db", "kombat %.db"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, name)
			db, err := Open(ctx, path)
			must(t, err)
			must(t, db.Close())
			entries, err := os.ReadDir(dir)
			must(t, err)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if !slices.Contains(names, name) {
				t.Fatalf("created %v, want %q", names, name)
			}
			db, err = Open(ctx, path) // reopened: the same file, recognised as ours
			must(t, err)
			must(t, db.Close())
		})
	}
}
