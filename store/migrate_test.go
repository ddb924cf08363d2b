package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
)

// TestMigrateFromEmpty applies every step to a new file, one version at a time, and
// checks that each step leaves the version it claims and the tables it makes.
func TestMigrateFromEmpty(t *testing.T) {
	sqliteOnly(t, "migrating SQLite files made by older versions (PostgreSQL runs the same steps from empty in every test)")
	ms, err := migrations()
	must(t, err)
	if len(ms) != SchemaVersion() || len(ms) < 2 {
		t.Fatalf("%d migrations, SchemaVersion %d", len(ms), SchemaVersion())
	}
	for i, m := range ms {
		if !strings.HasPrefix(m.name, fmt.Sprintf("%04d_", i+1)) {
			t.Errorf("migration %d is named %s", i+1, m.name)
		}
	}
	db := openTest(t)
	tables := schemaOf(t, db.sql.DB)
	for _, want := range []string{"table games:", "table seats:", "table actions:", "table deadlines:", "table strategies:",
		"table strategy_versions:", "table ratings:", "table drafts:", "index games_active_channel:", "index strategies_owner_game_name:"} {
		if !strings.Contains(tables, want) {
			t.Errorf("schema lacks %q:\n%s", want, tables)
		}
	}
}

// v1Database builds a database file at schema version 1 from testdata/v1.sql alone.
func v1Database(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "v1.db")
	fixture, err := os.ReadFile("testdata/v1.sql")
	must(t, err)
	raw := rawOpen(t, path)
	_, err = raw.Exec(string(fixture))
	must(t, err)
	must(t, raw.Close())
	return path
}

// TestMigrateKeepsRows opens a database made by the first release: every row survives,
// the new tables work, the schema is what a new database gets, and the game in play
// goes on.
func TestMigrateKeepsRows(t *testing.T) {
	sqliteOnly(t, "migrating SQLite files made by older versions (PostgreSQL runs the same steps from empty in every test)")
	ctx := context.Background()
	path := v1Database(t)
	db, err := Open(ctx, path)
	must(t, err)
	defer db.Close()

	over, err := db.Game(ctx, 7)
	must(t, err)
	if over.Status != StatusOver || len(over.Actions) != 3 || over.Result == nil || *over.Result != (game.Result{Winner: 1, Reason: game.ReasonResign}) ||
		kOf(over).Kinds[0].Name != "a" || !over.FinishedAt.Equal(time.UnixMilli(1700000001000)) {
		t.Errorf("finished game after migration: %+v", over)
	}
	rec := kOf(over).record(over)
	replayed, err := game.Replay(game.NewLanguage(), rec)
	must(t, err)
	if r := replayed.Result(); r == nil || *r != *over.Result {
		t.Errorf("replayed result %v, stored %v", r, over.Result)
	}

	playing, err := db.ActiveAt(ctx, "thread8")
	must(t, err)
	if playing.ID != 8 || len(playing.Actions) != 6 || playing.Scope != "g1" || playing.Place != "thread8" || playing.Origin != "c1" || playing.Shown != "m8" || playing.TurnTimeout != 5*time.Minute ||
		string(playing.Setup) != `{"ready":[true,true]}` || len(kOf(playing).Kinds) != 2 || kOf(playing).Kinds[1].Defense != 3 {
		t.Errorf("game in play after migration: %+v", playing)
	}
	rec = kOf(playing).record(playing)
	g, err := game.Replay(game.NewLanguage(), rec)
	must(t, err)
	if g.Phase() != game.PhasePlay || g.Current() != 1 {
		t.Fatalf("the stored game replays to phase %s, player %d to move", g.Phase(), g.Current())
	}
	if _, err := g.EndTurn(1); err != nil {
		t.Fatal(err)
	}
	must(t, db.AppendDecisions(ctx, 8, 6, g.Record().Decisions[6:]))

	vs, err := db.StrategyVersions(ctx, "u1", "RUSH")
	if err != nil || len(vs) != 2 || vs[0].Source != "move down" || vs[0].Defense != 4 || vs[1].Source != "move up" {
		t.Errorf("strategy after migration: %+v %v", vs, err)
	}
	if v, err := db.SaveStrategy(ctx, "u1", "rush", "done", 0, false); err != nil || v != 3 {
		t.Errorf("a new version of an old strategy: %d %v", v, err)
	}
	// Migration 7: strategies saved before are KOMBAT's; UPBEAT's library starts empty,
	// and takes a plan of the same name.
	if s, err := db.Shelf(GameKombat, wordsOf(GameKombat)).Get(ctx, "u1", "rush", 0); err != nil || s.Game != GameKombat || s.Version != 3 {
		t.Errorf("an old strategy on KOMBAT's shelf: %+v %v", s, err)
	}
	if list, err := db.Shelf(GameUpbeat, wordsOf(GameUpbeat)).List(ctx, "u1"); err != nil || len(list) != 0 {
		t.Errorf("UPBEAT's shelf after migration: %+v %v", list, err)
	}
	if v, err := db.Shelf(GameUpbeat, wordsOf(GameUpbeat)).Save(ctx, "u1", "RUSH", "invest 1", 0, true); err != nil || v != 1 {
		t.Errorf("an UPBEAT plan named like an old strategy: %d %v", v, err)
	}
	if r, err := db.PlayerRating(ctx, "g1", KindDuel, "u2"); err != nil || r.Rating != 1184 || r.Losses != 1 {
		t.Errorf("rating after migration: %+v %v", r, err)
	}
	if ds, err := db.Deadlines(ctx, time.UnixMilli(1700000302000)); err != nil || len(ds) != 1 || ds[0].Payload != "6" {
		t.Errorf("deadline after migration: %+v %v", ds, err)
	}
	must(t, db.SaveDraft(ctx, "u1", "k", "text"))
	if d, err := db.Draft(ctx, "u1", "k"); err != nil || d != "text" {
		t.Errorf("draft in the new table: %q %v", d, err)
	}

	fresh := openTest(t)
	if got, want := schemaOf(t, db.sql.DB), schemaOf(t, fresh.sql.DB); got != want {
		t.Errorf("schema migrated from version 1 differs from a new database's:\n%s\nnew:\n%s", got, want)
	}
}

// TestMigrateConcurrentOpen opens a new file from several goroutines at once, as two
// processes starting together would: each step is applied exactly once.
func TestMigrateConcurrentOpen(t *testing.T) {
	sqliteOnly(t, "migrating SQLite files made by older versions (PostgreSQL runs the same steps from empty in every test)")
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "k.db")
	const n = 6
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			db, err := Open(ctx, path)
			if err == nil {
				err = db.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("open %d: %v", i, err)
		}
	}
	db, err := Open(ctx, path)
	must(t, err)
	defer db.Close()
	fresh := openTest(t)
	if !reflect.DeepEqual(schemaOf(t, db.sql.DB), schemaOf(t, fresh.sql.DB)) {
		t.Errorf("schema after concurrent opens:\n%s", schemaOf(t, db.sql.DB))
	}
}
