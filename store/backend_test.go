package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The store's suite runs on SQLite, and on PostgreSQL when KOMBAT_TEST_POSTGRES names
// a server (scripts/postgres.sh starts one and prints the line to export): then
// TestPostgres runs this test binary again with backendEnv set, and every test that
// opens its database with openTest gets a fresh PostgreSQL schema of its own instead
// of an SQLite file. Tests of what only SQLite has (files, their permissions, crash
// journals) skip themselves there with sqliteOnly.
const (
	postgresEnv = "KOMBAT_TEST_POSTGRES"
	backendEnv  = "KOMBAT_TEST_STORE_BACKEND" // "postgres" in the run TestPostgres starts
	howToRunPG  = "to run the store's suite on PostgreSQL too: eval \"$(scripts/postgres.sh)\" (it installs and starts a server, then prints KOMBAT_TEST_POSTGRES=postgres://...), then go test ./store"
)

// onPostgres reports whether this run of the suite is the one on PostgreSQL.
func onPostgres() bool { return os.Getenv(backendEnv) == "postgres" }

// sqliteOnly skips a test in the PostgreSQL run, saying why it is SQLite's alone.
func sqliteOnly(t testing.TB, why string) {
	t.Helper()
	if onPostgres() {
		t.Skip("SQLite only: " + why)
	}
}

// needPostgres skips a test unless KOMBAT_TEST_POSTGRES is set, and returns it.
func needPostgres(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(postgresEnv)
	if dsn == "" {
		t.Skip("PostgreSQL tests skipped: KOMBAT_TEST_POSTGRES is not set; " + howToRunPG)
	}
	return dsn
}

// TestPostgres runs the whole suite again, on PostgreSQL: this test binary with the
// same flags (but -test.run), in the environment that makes openTest use PostgreSQL.
func TestPostgres(t *testing.T) {
	if onPostgres() {
		t.Skip("this is the PostgreSQL run")
	}
	needPostgres(t)
	var args []string
	for _, a := range os.Args[1:] {
		for _, keep := range []string{"-test.v", "-test.timeout", "-test.count", "-test.short", "-test.failfast", "-test.parallel", "-test.cpu", "-test.paniconexit0"} {
			if a == keep || strings.HasPrefix(a, keep+"=") {
				args = append(args, a)
			}
		}
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), backendEnv+"=postgres")
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the suite on PostgreSQL failed (%v):\n%s", err, out)
	}
	t.Logf("the suite passed on PostgreSQL in %v", time.Since(start).Round(time.Millisecond))
	if testing.Verbose() {
		t.Logf("%s", out)
	}
}

// newTestDatabase returns where a new, empty database for the test is: an SQLite
// file's path, or in the PostgreSQL run the URL of a new schema.
func newTestDatabase(t testing.TB) string {
	t.Helper()
	if onPostgres() {
		return newPostgresSchema(t)
	}
	return filepath.Join(t.TempDir(), "kombat.db")
}

// openPostgresTest opens a fresh, empty schema of the KOMBAT_TEST_POSTGRES database,
// dropped when the test ends.
func openPostgresTest(t testing.TB) *DB {
	t.Helper()
	return openPostgresSchema(t, newPostgresSchema(t))
}

// newPostgresSchema creates an empty schema, dropped when the test ends, and returns
// the URL of the KOMBAT_TEST_POSTGRES database with that schema as the current one.
func newPostgresSchema(t testing.TB) string {
	t.Helper()
	dsn := needPostgres(t)
	var b [6]byte
	rand.Read(b[:])
	schema := "kombat_test_" + hex.EncodeToString(b[:])
	admin, err := sql.Open("pgx", dsn)
	must(t, err)
	t.Cleanup(func() { admin.Close() })
	_, err = admin.Exec("CREATE SCHEMA " + schema)
	must(t, err)
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(dsn)
	must(t, err)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// openPostgresSchema opens the database at dsn, closed when the test ends.
func openPostgresSchema(t testing.TB, dsn string) *DB {
	t.Helper()
	db, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// reopenTest closes db and opens the same database again, as a restarted process would.
func reopenTest(t testing.TB, db *DB) *DB {
	t.Helper()
	must(t, db.Close())
	db, err := Open(context.Background(), db.dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
