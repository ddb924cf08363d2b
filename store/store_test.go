package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
)

func openTest(t testing.TB) *DB {
	t.Helper()
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

func TestOpenFromEmpty(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	var version, appID int
	must(t, db.sql.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version))
	must(t, db.sql.QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID))
	if version != SchemaVersion() || version < 2 || appID != ApplicationID {
		t.Errorf("version %d (want %d), application id %#x", version, SchemaVersion(), appID)
	}
	// Every pooled connection has the pragmas, not just the first.
	c1, err := db.sql.Conn(ctx)
	must(t, err)
	defer c1.Close()
	c2, err := db.sql.Conn(ctx)
	must(t, err)
	defer c2.Close()
	for i, c := range []*sql.Conn{c1, c2} {
		var fk, timeout int
		var mode string
		must(t, c.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk))
		must(t, c.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&timeout))
		must(t, c.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode))
		if fk != 1 || timeout < 5000 || mode != "wal" {
			t.Errorf("connection %d: foreign_keys %d, busy_timeout %d, journal_mode %s", i+1, fk, timeout, mode)
		}
	}
	// Opening again is a no-op.
	db2, err := Open(ctx, db.Path())
	must(t, err)
	db2.Close()
	if res, err := db.IntegrityCheck(ctx); err != nil || res != "ok" {
		t.Errorf("integrity: %q %v", res, err)
	}
	if p := PathFromEnv(func(string) string { return "" }); p != DefaultPath {
		t.Errorf("default path %q", p)
	}
}

func TestOpenRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	// Someone else's database.
	other := filepath.Join(dir, "other.db")
	raw, err := sql.Open("sqlite", "file:"+other)
	must(t, err)
	_, err = raw.Exec("PRAGMA application_id = 1234; CREATE TABLE notes (x TEXT)")
	must(t, err)
	raw.Close()
	if _, err := Open(ctx, other); !errors.Is(err, ErrForeignDB) {
		t.Errorf("foreign database: %v", err)
	}
	// A plain SQLite file with tables but no application id is not ours either.
	plain := filepath.Join(dir, "plain.db")
	raw, _ = sql.Open("sqlite", "file:"+plain)
	_, err = raw.Exec("CREATE TABLE notes (x TEXT)")
	must(t, err)
	raw.Close()
	if _, err := Open(ctx, plain); !errors.Is(err, ErrForeignDB) {
		t.Errorf("plain database: %v", err)
	}
	// A newer schema than we know.
	newer := filepath.Join(dir, "newer.db")
	db, err := Open(ctx, newer)
	must(t, err)
	_, err = db.sql.Exec(fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion()+1))
	must(t, err)
	db.Close()
	if _, err := Open(ctx, newer); !errors.Is(err, ErrNewerSchema) || !strings.Contains(err.Error(), "use a newer kombat") {
		t.Errorf("newer schema: %v", err)
	}
	// An unwritable place: the directory would have to be inside a file.
	file := filepath.Join(dir, "afile")
	must(t, os.WriteFile(file, []byte("x"), 0o644))
	if _, err := Open(ctx, filepath.Join(file, "kombat.db")); err == nil || !strings.Contains(err.Error(), "create directory") {
		t.Errorf("unwritable path: %v", err)
	}
	// Not a database at all.
	junk := filepath.Join(dir, "junk.db")
	must(t, os.WriteFile(junk, []byte(strings.Repeat("not sqlite ", 100)), 0o644))
	if _, err := Open(ctx, junk); err == nil {
		t.Error("a junk file opened as a database")
	}
}

// TestMigrateKeepsRows opens a database made at schema version 1 (testdata/v1.sql on
// top of the first migration): its rows survive and the new tables work.
func TestMigrateKeepsRows(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	raw, err := sql.Open("sqlite", "file:"+path)
	must(t, err)
	ms, err := migrations()
	must(t, err)
	fixture, err := os.ReadFile("testdata/v1.sql")
	must(t, err)
	for _, q := range []string{fmt.Sprintf("PRAGMA application_id = %d", ApplicationID), ms[0].sql, string(fixture), "PRAGMA user_version = 1"} {
		_, err := raw.Exec(q)
		must(t, err)
	}
	raw.Close()

	db, err := Open(ctx, path)
	must(t, err)
	defer db.Close()
	g, err := db.Game(ctx, 7)
	must(t, err)
	if g.Status != StatusOver || len(g.Decisions) != 3 || g.Result == nil || g.Result.Winner != 1 || g.Kinds[0].Name != "a" {
		t.Errorf("game after migration: %+v", g)
	}
	rec, err := g.Record()
	must(t, err)
	replayed, err := game.Replay(game.NewLanguage(), rec)
	must(t, err)
	if r := replayed.Result(); r == nil || *r != (game.Result{Winner: 1, Reason: game.ReasonResign}) {
		t.Errorf("replayed result %v", r)
	}
	s, err := db.GetStrategy(ctx, "u1", "RUSH", 0)
	if err != nil || s.Source != "move up" || s.Defense != 2 {
		t.Errorf("strategy after migration: %+v %v", s, err)
	}
	if r, err := db.PlayerRating(ctx, "g1", KindDuel, "u1"); err != nil || r.Rating != 1216 {
		t.Errorf("rating after migration: %+v %v", r, err)
	}
	must(t, db.SaveDraft(ctx, "u1", "k", "text"))
	if d, err := db.Draft(ctx, "u1", "k"); err != nil || d != "text" {
		t.Errorf("draft in the new table: %q %v", d, err)
	}
}

func newGameRow(channel string, mode game.Mode, p1, p2 string) *Game {
	return &Game{Guild: "g", Channel: channel, Mode: mode, Players: [2]string{p1, p2}, Config: game.DefaultConfig().String(),
		Seed: 5, Status: StatusSetup, Kinds: []game.KindSpec{{Name: "a", Strategy: "done"}}, TurnTimeout: 10 * time.Minute}
}

func TestGames(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	g := newGameRow("c1", game.ModeDuel, "u1", "u2")
	id, err := db.CreateGame(ctx, g)
	must(t, err)
	if _, err := db.CreateGame(ctx, newGameRow("c1", game.ModeDuel, "u3", "u4")); !errors.Is(err, ErrChannelBusy) {
		t.Errorf("second game in a channel: %v", err)
	}
	// Decisions commit at their position; a stale or duplicate write is refused.
	free := []game.Decision{{Player: 1, Action: game.ActFreeSpawn, Hex: game.Hex{Row: 1, Col: 1}}, {Player: 2, Action: game.ActFreeSpawn, Hex: game.Hex{Row: 8, Col: 8}}}
	must(t, db.AppendDecisions(ctx, id, 0, free))
	if err := db.AppendDecisions(ctx, id, 0, free); !errors.Is(err, ErrConflict) {
		t.Errorf("duplicate write: %v", err)
	}
	if err := db.AppendDecisions(ctx, id, 5, free); !errors.Is(err, ErrConflict) {
		t.Errorf("write past the end: %v", err)
	}
	if err := db.AppendDecisions(ctx, id, 2, []game.Decision{{Player: 1, Action: game.ActEnd}, {Player: 3, Action: game.ActEnd}}); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("a bad decision: %v", err)
	}
	got, err := db.Game(ctx, id)
	must(t, err)
	if len(got.Decisions) != 2 || !reflect.DeepEqual(got.Decisions, free) {
		t.Errorf("decisions after a refused batch: %v (the batch must be all or nothing)", got.Decisions)
	}
	// Metadata.
	got.Status, got.Channel, got.Parent, got.MessageID = StatusPlay, "thread9", "c1", "m1"
	got.Setup = []byte(`{"ready":[true,true]}`)
	must(t, db.SaveMeta(ctx, got))
	if again, err := db.ActiveInChannel(ctx, "thread9"); err != nil || again.MessageID != "m1" || string(again.Setup) != `{"ready":[true,true]}` || again.Parent != "c1" {
		t.Errorf("after SaveMeta: %+v %v", again, err)
	}
	if _, err := db.ActiveInChannel(ctx, "c1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the old channel is free now: %v", err)
	}
	// The game can be rebuilt and played on.
	rec, err := got.Record()
	must(t, err)
	eng, err := game.Replay(game.NewLanguage(), rec)
	must(t, err)
	if eng.Phase() != game.PhasePlay || eng.Current() != 1 {
		t.Errorf("rebuilt game in phase %s", eng.Phase())
	}
	// Finishing records the result, the last decisions and ratings at once.
	must(t, db.Finish(ctx, id, 2, []game.Decision{{Player: 2, Action: game.ActResign}}, game.Result{Winner: 1, Reason: game.ReasonResign}, 0))
	over, err := db.Game(ctx, id)
	must(t, err)
	if over.Status != StatusOver || over.Result == nil || over.Result.Winner != 1 || len(over.Decisions) != 3 {
		t.Errorf("finished game: %+v", over)
	}
	if err := db.AppendDecisions(ctx, id, 3, []game.Decision{{Player: 1, Action: game.ActEnd}}); !errors.Is(err, ErrConflict) {
		t.Errorf("a decision after the end: %v", err)
	}
	r1, _ := db.PlayerRating(ctx, "g", KindDuel, "u1")
	r2, _ := db.PlayerRating(ctx, "g", KindDuel, "u2")
	if r1.Rating != InitialRating+16 || r2.Rating != InitialRating-16 || r1.Wins != 1 || r2.Losses != 1 {
		t.Errorf("ratings %+v %+v; want +16 and -16 between equals", r1, r2)
	}
	if last, err := db.LastGameIn(ctx, "c1"); err != nil || last.ID != id {
		t.Errorf("last game in the parent channel: %v %v", last, err)
	}
	if recent, err := db.RecentGames(ctx, "g", "u2", 5); err != nil || len(recent) != 1 || recent[0].ID != id {
		t.Errorf("recent games: %v %v", recent, err)
	}
	// Cancel a challenge; the channel is free again.
	cid, err := db.CreateGame(ctx, &Game{Guild: "g", Channel: "c1", Mode: game.ModeDuel, Players: [2]string{"u1", "u5"}, Config: "", Status: StatusChallenge})
	must(t, err)
	must(t, db.Cancel(ctx, cid))
	if err := db.Cancel(ctx, cid); !errors.Is(err, ErrNotFound) {
		t.Errorf("cancel twice: %v", err)
	}
	if active, err := db.ActiveGames(ctx); err != nil || len(active) != 0 {
		t.Errorf("active games: %d %v", len(active), err)
	}
	if _, err := db.Game(ctx, 999); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing game: %v", err)
	}
}

func TestRatings(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	play := func(mode game.Mode, p1, p2 string, seat int, res game.Result) {
		g := newGameRow(fmt.Sprintf("c%d", rand.Int()), mode, p1, p2)
		g.HumanSeat = seat
		id, err := db.CreateGame(ctx, g)
		must(t, err)
		must(t, db.Finish(ctx, id, 0, nil, res, 10))
	}
	play(game.ModeDuel, "a", "b", 0, game.Result{Winner: 2, Reason: game.ReasonMinions})
	play(game.ModeDuel, "a", "c", 0, game.Result{Winner: 0, Reason: game.ReasonTie})
	play(game.ModeSolitaire, "a", "", 1, game.Result{Winner: 1, Reason: game.ReasonElimination})
	play(game.ModeAuto, "", "", 0, game.Result{Winner: 1, Reason: game.ReasonElimination})
	a, _ := db.PlayerRating(ctx, "g", KindDuel, "a")
	b, _ := db.PlayerRating(ctx, "g", KindDuel, "b")
	c, _ := db.PlayerRating(ctx, "g", KindDuel, "c")
	// a loses to b at 1200 each (-16), then ties c from 1184 against 1200.
	wantA := 1184 + EloK*(0.5-expected(1184, 1200))
	wantC := 1200 + EloK*(0.5-expected(1200, 1184))
	if !approx(a.Rating, wantA) || a.Games != 2 || a.Losses != 1 || a.Ties != 1 || b.Rating != 1216 || !approx(c.Rating, wantC) {
		t.Errorf("a %+v (want %.3f), b %+v, c %+v (want %.3f)", a, wantA, b, c, wantC)
	}
	if !approx(a.Rating+b.Rating+c.Rating, 3*InitialRating) {
		t.Errorf("duel ratings do not sum to the start: %v", a.Rating+b.Rating+c.Rating)
	}
	solo, _ := db.PlayerRating(ctx, "g", KindBot, "a")
	if solo.Rating != InitialRating+16 || solo.Wins != 1 {
		t.Errorf("solitaire rating %+v", solo)
	}
	board, err := db.Leaderboard(ctx, "g", KindDuel, 10)
	must(t, err)
	if len(board) != 3 || board[0].User != "b" {
		t.Errorf("leaderboard %+v", board)
	}
	if rank, _ := db.Rank(ctx, "g", KindDuel, "a"); rank != 3 {
		t.Errorf("a's rank %d, want 3", rank)
	}
	if rank, _ := db.Rank(ctx, "g", KindDuel, "nobody"); rank != 0 {
		t.Errorf("unrated rank %d", rank)
	}
}

func approx(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func TestStrategies(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	v, err := db.SaveStrategy(ctx, "u", "Rush", "move up", 1, true)
	if err != nil || v != 1 {
		t.Fatalf("save: %d %v", v, err)
	}
	_, err = db.SaveStrategy(ctx, "u", "rush", "move down", 1, true)
	if !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), `store: save strategy "rush": already exists: you already have a strategy named "rush"`) {
		t.Errorf("duplicate: %v", err)
	}
	if v, err := db.SaveStrategy(ctx, "u", "RUSH", "move down", 2, false); err != nil || v != 2 {
		t.Errorf("new version: %d %v", v, err)
	}
	if _, err := db.SaveStrategy(ctx, "u", "ghost", "done", 0, false); !errors.Is(err, ErrNotFound) {
		t.Errorf("new version of nothing: %v", err)
	}
	if _, err := db.SaveStrategy(ctx, "other", "rush", "done", 0, true); err != nil {
		t.Errorf("another owner may use the name: %v", err)
	}
	for _, bad := range []string{"", "bad!", strings.Repeat("x", 33)} {
		if _, err := db.SaveStrategy(ctx, "u", bad, "done", 0, true); !errors.Is(err, ErrInvalidInput) {
			t.Errorf("name %q: %v", bad, err)
		}
	}
	if _, err := db.SaveStrategy(ctx, "u", "neg", "done", -1, true); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("negative defense: %v", err)
	}
	latest, err := db.GetStrategy(ctx, "u", "rush", 0)
	if err != nil || latest.Version != 2 || latest.Source != "move down" || latest.Name != "Rush" {
		t.Errorf("latest: %+v %v", latest, err)
	}
	first, err := db.GetStrategy(ctx, "u", "rush", 1)
	if err != nil || first.Source != "move up" {
		t.Errorf("version 1: %+v %v", first, err)
	}
	if _, err := db.GetStrategy(ctx, "u", "rush", 9); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "has no version 9") {
		t.Errorf("missing version: %v", err)
	}
	list, err := db.ListStrategies(ctx, "u")
	if err != nil || len(list) != 1 || list[0].Version != 2 {
		t.Errorf("list: %+v %v", list, err)
	}
	if vs, err := db.StrategyVersions(ctx, "u", "rush"); err != nil || len(vs) != 2 || vs[0].Version != 2 {
		t.Errorf("versions: %+v %v", vs, err)
	}
	for i := 0; i < MaxVersionsKept+5; i++ {
		_, err := db.SaveStrategy(ctx, "u", "rush", fmt.Sprint("x = ", i), 0, false)
		must(t, err)
	}
	if vs, _ := db.StrategyVersions(ctx, "u", "rush"); len(vs) != MaxVersionsKept {
		t.Errorf("%d versions kept, want %d", len(vs), MaxVersionsKept)
	}
	must(t, db.DeleteStrategy(ctx, "u", "RUSH"))
	if err := db.DeleteStrategy(ctx, "u", "rush"); !errors.Is(err, ErrNotFound) {
		t.Errorf("delete twice: %v", err)
	}
	if vs, err := db.StrategyVersions(ctx, "u", "rush"); !errors.Is(err, ErrNotFound) || vs != nil {
		t.Errorf("versions after delete: %v %v", vs, err)
	}
}

func TestDeadlines(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	t0 := time.UnixMilli(1_700_000_000_000)
	must(t, db.SetDeadline(ctx, Deadline{Kind: "turn", Key: "1", Due: t0.Add(time.Minute), Payload: "p"}))
	must(t, db.SetDeadline(ctx, Deadline{Kind: "challenge", Key: "2", Due: t0.Add(2 * time.Minute)}))
	must(t, db.SetDeadline(ctx, Deadline{Kind: "turn", Key: "1", Due: t0.Add(3 * time.Minute), Payload: "moved"}))
	due, err := db.Deadlines(ctx, t0.Add(2*time.Minute))
	must(t, err)
	if len(due) != 1 || due[0].Kind != "challenge" {
		t.Errorf("due at +2m: %+v", due)
	}
	all, err := db.Deadlines(ctx, t0.Add(time.Hour))
	must(t, err)
	if len(all) != 2 || all[1].Payload != "moved" || !all[1].Due.Equal(t0.Add(3*time.Minute)) {
		t.Errorf("all: %+v", all)
	}
	must(t, db.ClearDeadline(ctx, "turn", "1"))
	must(t, db.ClearDeadline(ctx, "turn", "1"))
	if all, _ := db.Deadlines(ctx, t0.Add(time.Hour)); len(all) != 1 {
		t.Errorf("after clearing: %+v", all)
	}
}

// TestConcurrentWriters commits turns of many games at once (run with -race).
func TestConcurrentWriters(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	const games, turns = 16, 25
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for i := 0; i < games; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			id, err := db.CreateGame(ctx, newGameRow(fmt.Sprint("ch", i), game.ModeDuel, "a", "b"))
			if err != nil {
				errs <- err
				return
			}
			for pos := 0; pos < turns; pos++ {
				if err := db.AppendDecisions(ctx, id, pos, []game.Decision{{Player: pos%2 + 1, Action: game.ActEnd}}); err != nil {
					errs <- err
					return
				}
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	active, err := db.ActiveGames(ctx)
	must(t, err)
	if len(active) != games {
		t.Fatalf("%d games", len(active))
	}
	for _, g := range active {
		if len(g.Decisions) != turns {
			t.Errorf("game %d has %d decisions", g.ID, len(g.Decisions))
		}
	}
}
