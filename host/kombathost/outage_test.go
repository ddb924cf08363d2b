package kombathost

import (
	"context"
	"fmt"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/internal/outage"
	"log/slog"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// playToEnd reads the screens a front shows until each game's final one, and returns
// the finished games as stored.
func playToEnd(t *testing.T, f *scriptFront, db *store.DB, ids ...int64) []*store.Game {
	t.Helper()
	done := map[int64]*store.Game{}
	for len(done) < len(ids) {
		s := f.Wait(t)
		if !slices.Contains(ids, s.Game) || done[s.Game] != nil {
			continue
		}
		row, err := db.Game(context.Background(), s.Game)
		must(t, err)
		if row.Status == store.StatusOver && s.Version == len(row.Actions) {
			done[s.Game] = row
		}
	}
	var out []*store.Game
	for _, id := range ids {
		out = append(out, done[id])
	}
	return out
}

// TestOutage_AutoGameOutlivesAFullDisk: an auto game plays on while the disk holding its
// SQLite database fills up; its turns are refused, and each is played again with
// backoff, its stored deadline kept (before, the first refused turn ended the game's
// loop, and the game stayed in play for good). Once room is made, the game plays to its end, every turn stored
// once, and its record replays to the stored result.
func TestOutage_AutoGameOutlivesAFullDisk(t *testing.T) {
	dir, db := outage.DBOnSmallDisk(t, "")
	refused := outage.WatchLog("deadline not carried out", "game screen not delivered")
	f := newScriptFront()
	f.OK = make(chan store.Screen, 100000) // many games' screens, read as the test goes
	h, err := newHost(host.Options{DB: db, Front: f, Log: slog.New(refused), AutoStep: time.Millisecond,
		RetryBase: time.Millisecond, RetryMax: 20 * time.Millisecond})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 20
	ids := startAutoGames(t, h, f, outageGames(1), cfg)
	h.Tick() // plays the auto turns as they come due, as a serving process does

	free := outage.FillDisk(t, dir)
	// Three refusals, each tried again: of a turn, or of its screen's record (the disk
	// may fill while either is written).
	refused.Await(t, "", 3)
	free()
	for _, row := range playToEnd(t, f, db, ids...) {
		if row.Result == nil || row.Turns != 2*int(cfg.MaxTurns) {
			t.Fatalf("game %d finished with result %v after %d turns, want a result after %d", row.ID, row.Result, row.Turns, 2*cfg.MaxTurns)
		}
		rec, err := Record(row)
		must(t, err)
		g, err := game.Replay(game.NewLanguage(), rec)
		must(t, err)
		if r := g.Result(); r == nil || *r != *row.Result {
			t.Fatalf("game %d's stored record replays to %v, stored %v", row.ID, r, row.Result)
		}
	}
}

// outageGames is how many games an outage test runs: def, or KOMBAT_OUTAGE_GAMES for
// a probe of the size an operator saw (100 on PostgreSQL, 40 on a full disk).
func outageGames(def int) int {
	if n, err := strconv.Atoi(os.Getenv("KOMBAT_OUTAGE_GAMES")); err == nil && n > 0 {
		return n
	}
	return def
}

// startAutoGames opens n auto games of idle bots under cfg, one per channel, and waits
// until each has shown its first screen.
func startAutoGames(t *testing.T, h *testHost, f *scriptFront, n int, cfg game.Config) []int64 {
	t.Helper()
	var ids []int64
	for i := range n {
		tb, err := h.OpenSetup(Where{Scope: "g", Place: fmt.Sprint("c", i), Config: cfg}, game.ModeAuto, Seated{"ann", "Ann"}, 1, [2]string{})
		must(t, err)
		ids = append(ids, tb.Row.ID)
		LobbyOf(tb).Kinds = []Proposal{{Name: "Idle", Strategy: "done"}}
		must(t, h.Agree(tb))
		tb.Unlock()
	}
	for range n {
		f.Wait(t)
	}
	return ids
}

// TestOutage_TurnClockOutlivesAFullDisk: a person's turn clock runs out while the disk
// is full: the turn played for them is refused, the clock stays stored (moved on with
// backoff) instead of being cleared, and once room is made the turn is played for them.
func TestOutage_TurnClockOutlivesAFullDisk(t *testing.T) {
	ctx := context.Background()
	dir, db := outage.DBOnSmallDisk(t, "")
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	refused := outage.WatchLog("deadline not carried out")
	f := newScriptFront()
	h, err := newHost(host.Options{DB: db, Front: f, Clock: clock, Log: slog.New(refused), RetryBase: time.Hour, RetryMax: time.Hour})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	clockedSolo(t, h, "g", "c")
	f.Wait(t)
	f.Wait(t)
	clock.Advance(2 * time.Minute)
	free := outage.FillDisk(t, dir)
	h.RunDue(ctx)
	refused.Await(t, "deadline not carried out", 1) // the time-up could not be stored
	free()
	if n := turnDeadlines(t, db); n != 1 {
		t.Fatalf("%d turn clocks stored after the refused time-up, want it kept", n)
	}
	for range 2 { // the backoff is an hour: the clock goes past it
		clock.Advance(2 * time.Hour)
		h.RunDue(ctx)
	}
	if s := f.Wait(t); s.Version != 3 {
		t.Fatalf("screen version %d after the time-up, want 3 (ann's turn, played for her)", s.Version)
	}
	if !slices.Contains(f.EventKinds(), host.EvTimeUp) {
		t.Fatalf("events %v: ann's turn was never played for her", f.EventKinds())
	}
}

// pgServer is a PostgreSQL server of the test's own, started by scripts/postgres.sh in
// a folder of its own, so that the test may stop and start it without touching the
// server other tests share.
type pgServer struct {
	dir, dsn string
}

// ownPostgres starts a PostgreSQL server for the test alone, or skips the test where
// the PostgreSQL tests do not run (KOMBAT_TEST_POSTGRES unset: no server installed).
func ownPostgres(t *testing.T) *pgServer {
	t.Helper()
	if os.Getenv("KOMBAT_TEST_POSTGRES") == "" {
		t.Skip("PostgreSQL tests skipped: KOMBAT_TEST_POSTGRES is not set; eval \"$(scripts/postgres.sh)\" installs and starts a server")
	}
	dir, err := os.MkdirTemp("", "kombat-pg-outage-")
	must(t, err)
	must(t, os.Chmod(dir, 0o755)) // the server runs as the postgres user when root starts it
	s := &pgServer{dir: dir}
	t.Cleanup(func() {
		s.run(t, "stop")
		os.RemoveAll(dir)
	})
	out := s.run(t)
	dsn, ok := strings.CutPrefix(strings.TrimSpace(out), "export KOMBAT_TEST_POSTGRES=")
	if !ok {
		t.Fatalf("scripts/postgres.sh printed %q, want an export line", out)
	}
	s.dsn = strings.Trim(dsn, "'")
	return s
}

// run runs scripts/postgres.sh on the test's server, and returns what it printed.
func (s *pgServer) run(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("../../scripts/postgres.sh", args...) // from host/kombathost
	cmd.Env = append(os.Environ(), "KOMBAT_PG_DIR="+s.dir)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("scripts/postgres.sh %v: %v\n%s", args, err, stderr.String())
	}
	return string(out)
}

// TestOutage_PostgresRestart: auto games run on PostgreSQL when its server is stopped
// and started again, as a restart or a failover does. The process learns that its
// claims went with their session, stops hosting its games, and takes them up again on
// a new session; every game then plays to its end. A second process started after the
// outage takes none of them. Before, the claims' session was kept dead forever: turns
// refused during the outage were never played again (89 of 100 games stuck), new games
// failed, and a second process took every game.
func TestOutage_PostgresRestart(t *testing.T) {
	pg := ownPostgres(t)
	ctx := context.Background()
	db, err := store.Open(ctx, pg.dsn)
	must(t, err)
	t.Cleanup(func() { db.Close() })
	watch := outage.WatchLog("lost the database session", "took up a game")
	f := newScriptFront()
	f.OK = make(chan store.Screen, 100000)
	h, err := newHost(host.Options{DB: db, Front: f, Log: slog.New(watch), AutoStep: 10 * time.Millisecond,
		RetryBase: 5 * time.Millisecond, RetryMax: 100 * time.Millisecond})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 30
	ids := startAutoGames(t, h, f, outageGames(12), cfg)
	h.Tick()

	pg.run(t, "stop")
	watch.Await(t, "lost the database session", 1) // the tick's check, within a second
	if h.Lost() == 0 {
		t.Error("health would say nothing is lost while the games wait for the database")
	}
	pg.run(t)
	watch.Await(t, "took up a game", 1)
	// A second process, started now, may take only games the first no longer runs (it
	// may not have taken every one up again yet): never is a game run by both. Before,
	// the first kept running every game on its dead session while the second took them.
	db2, err := store.Open(ctx, pg.dsn)
	must(t, err)
	t.Cleanup(func() { db2.Close() })
	h2, err := newHost(host.Options{DB: db2, Front: newScriptFront(), Log: quietLog()})
	must(t, err)
	if _, err := h2.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	for _, a := range h2.Active() {
		if h.Get(a.ID) != nil {
			t.Errorf("game %d is run by both processes", a.ID)
		}
	}
	<-h2.Close() // the first process takes up what the second let go
	// New games are claimed on the new session (before, each failed with an internal
	// error and left a row that blocked its channel).
	tb, err := h.OpenSetup(Where{Scope: "g", Place: "c-new", Config: cfg}, game.ModeAuto, Seated{"bob", "Bob"}, 1, [2]string{})
	if err != nil {
		t.Fatalf("a new game after the outage: %v", err)
	}
	tb.Unlock()
	for _, row := range playToEnd(t, f, db, ids...) {
		if row.Result == nil || row.Turns != 2*int(cfg.MaxTurns) {
			t.Errorf("game %d finished with %v after %d turns, want a result after %d", row.ID, row.Result, row.Turns, 2*cfg.MaxTurns)
		}
	}
	if n := h.Lost(); n != 0 {
		t.Errorf("%d games still lost once every game ended", n)
	}
}
