package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
)

// TestRebind numbers placeholders for PostgreSQL, leaving quoted ? alone.
func TestRebind(t *testing.T) {
	pg := dialect{postgres: true}
	for q, want := range map[string]string{
		`SELECT 1`:                          `SELECT 1`,
		`WHERE a = ? AND b IN (?, ?)`:       `WHERE a = $1 AND b IN ($2, $3)`,
		`WHERE a = '?' AND "b?" = ? OR c=?`: `WHERE a = '?' AND "b?" = $1 OR c=$2`,
		`SET x = 'it''s ?', y = ?`:          `SET x = 'it''s ?', y = $1`,
	} {
		if got := pg.rebind(q); got != want {
			t.Errorf("rebind %q = %q, want %q", q, got, want)
		}
		if got := (dialect{}).rebind(q); got != q {
			t.Errorf("SQLite rebind %q = %q", q, got)
		}
	}
}

// TestPostgresSchema rewrites every migration's SQLite-only DDL.
func TestPostgresSchema(t *testing.T) {
	ms, err := migrations()
	must(t, err)
	pg := dialect{postgres: true}
	for _, m := range ms {
		ddl := pg.schema(m.sql)
		for _, sqliteOnly := range []string{"INTEGER", "WITHOUT ROWID", " REAL"} {
			if strings.Contains(ddl, sqliteOnly) {
				t.Errorf("%s for PostgreSQL still has %s:\n%s", m.name, sqliteOnly, ddl)
			}
		}
		if sq := (dialect{}).schema(m.sql); sq != m.sql && !strings.Contains(m.sql, "-- only ") {
			t.Errorf("%s changed for SQLite", m.name)
		}
	}
}

// TestOnlyOurs: each engine keeps the lines a migration marks as its own and those
// marked for both, and drops the other's.
func TestOnlyOurs(t *testing.T) {
	ddl := "CREATE TABLE a (x INTEGER);\n-- only sqlite\nSELECT json_each;\n-- only postgres\nSELECT json_array_elements;\n-- only end\n-- only then b goes\nDROP TABLE b;\n"
	for d, want := range map[dialect]string{
		{}:               "CREATE TABLE a (x INTEGER);\nSELECT json_each;\n-- only then b goes\nDROP TABLE b;\n",
		{postgres: true}: "CREATE TABLE a (x BIGINT);\nSELECT json_array_elements;\n-- only then b goes\nDROP TABLE b;\n",
	} {
		if got := d.schema(ddl); got != want {
			t.Errorf("postgres %v: got %q, want %q", d.postgres, got, want)
		}
	}
	if got := (dialect{}).schema("SELECT 1;\n"); got != "SELECT 1;\n" {
		t.Errorf("a migration without markers: %q", got)
	}
}

// TestPostgresOpenRefuses: Open leaves a schema alone that holds another program's
// tables or a newer kombat's, and never shows the password.
func TestPostgresOpenRefuses(t *testing.T) {
	if !onPostgres() {
		t.Skip("PostgreSQL only: TestOpenRefuses does this for SQLite; TestPostgres runs this")
	}
	ctx := context.Background()
	dsn := newPostgresSchema(t)
	raw, err := sql.Open("pgx", dsn)
	must(t, err)
	defer raw.Close()
	_, err = raw.Exec(`CREATE TABLE theirs (x int)`)
	must(t, err)
	if _, err := Open(ctx, dsn); !errors.Is(err, ErrForeignDB) {
		t.Fatalf("open a schema with another program's table: %v", err)
	}
	_, err = raw.Exec(`DROP TABLE theirs`)
	must(t, err)
	db, err := Open(ctx, dsn)
	must(t, err)
	must(t, db.Close())
	_, err = raw.Exec(`UPDATE kombat_schema SET version = version + 1`)
	must(t, err)
	if _, err := Open(ctx, dsn); !errors.Is(err, ErrNewerSchema) {
		t.Fatalf("open a newer schema: %v", err)
	}

	withPassword := strings.Replace(dsn, "://", "://kombat:hunter2@", 1)
	if i := strings.Index(dsn, "@"); i >= 0 {
		withPassword = dsn[:strings.Index(dsn, "://")+3] + "kombat:hunter2" + dsn[i:]
	}
	_, err = Open(ctx, withPassword)
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Fatalf("open with a password: %v", err)
	}
}
