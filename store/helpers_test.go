package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
)

// openTest opens a new database in a directory Open has to create, or, in the
// PostgreSQL run of the suite, in a new schema.
func openTest(t testing.TB) *DB {
	t.Helper()
	if onPostgres() {
		return openPostgresTest(t)
	}
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "sub", "kombat.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// rawOpen opens a file with no pragmas at all, as another program would.
func rawOpen(t testing.TB, path string) *sql.DB {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path)
	must(t, err)
	return raw
}

// schemaOf lists a database's schema objects, one "type name: sql" line each, sorted,
// with whitespace runs collapsed so that only real differences count.
func schemaOf(t testing.TB, conn *sql.DB) string {
	t.Helper()
	rows, err := conn.Query(`SELECT type, name, coalesce(sql, '') FROM sqlite_master ORDER BY type, name`)
	must(t, err)
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var typ, name, text string
		must(t, rows.Scan(&typ, &name, &text))
		fmt.Fprintf(&b, "%s %s: %s\n", typ, name, strings.Join(strings.Fields(text), " "))
	}
	must(t, rows.Err())
	return b.String()
}

func newGameRow(channel string, mode game.Mode, p1, p2 string) *Game {
	g := &Game{Scope: "g", Place: channel, Mode: mode, Seed: 5, Status: StatusSetup, TurnTimeout: 10 * time.Minute}
	kTest{Players: [2]string{p1, p2}, Config: game.DefaultConfig(), Kinds: []game.KindSpec{{Name: "a", Strategy: "done"}}}.put(g)
	return g
}
