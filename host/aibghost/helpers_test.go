package aibghost

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/internal/hosttest"
	"github.com/kombat-game/kombat/store"
)

// recFront is the recording front the adapters' tests share, as a zero value: it
// shows every screen and keeps the screens shown and the events worded.
type recFront = hosttest.Front

// testHost is a host with AIBG plugged in: the core's methods and the adapter's.
type testHost struct {
	*host.Host
	ab *Ab
	db *store.DB
}

// openHost hosts the database at path with front and clock; stop closes it (a
// restart), and the test's cleanup does if the test did not.
func openHost(t *testing.T, path string, f host.Front, clock host.Clock) (h *testHost, stop func()) {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	must(t, err)
	hh, err := host.New(host.Options{DB: db, Front: f, Clock: clock, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		RetryBase: time.Hour, RetryMax: time.Hour, Games: []host.Plug{Plug()}})
	must(t, err)
	var once sync.Once
	stop = func() {
		once.Do(func() {
			<-hh.Close()
			db.Close()
		})
	}
	t.Cleanup(stop)
	return &testHost{hh, Of(hh), db}, stop
}

// dbPath is a new SQLite file of the test.
func dbPath(t *testing.T) string { return filepath.Join(t.TempDir(), "k.db") }

// must fails the test at once on an error.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// locked runs f with game id's table locked.
func locked(t *testing.T, h *testHost, id int64, f func(*host.Table)) {
	t.Helper()
	tb, err := h.Lock(id)
	if err != nil {
		t.Fatalf("lock game %d: %v", id, err)
	}
	defer tb.Unlock()
	f(tb)
}

// play makes user's choice of the open phase as d chooses it for seat p.
func play(t *testing.T, h *testHost, tb *host.Table, user string, p int, d aibg.Decider) {
	t.Helper()
	g, err := h.ab.Match(tb)
	must(t, err)
	switch g.Phase() {
	case aibg.PoolSelection:
		must(t, h.ab.Pool(tb, user, d.Pool(g, p)))
	case aibg.RoundSelection:
		must(t, h.ab.Lineup(tb, user, d.Lineup(g, p)))
	case aibg.RoundInProgress:
		must(t, h.ab.Move(tb, user, d.Move(g, p)))
	default:
		t.Fatalf("nothing to choose in %s", g.Phase())
	}
}

// stored is game id's row as the store holds it.
func stored(t *testing.T, db *store.DB, id int64) *store.Game {
	t.Helper()
	row, err := db.Game(context.Background(), id)
	must(t, err)
	return row
}

// deadline is the stored deadline of kind, if any: the tests host one game at a time.
func deadline(t *testing.T, db *store.DB, kind host.Deadline) (store.Deadline, bool) {
	t.Helper()
	ds, err := db.Deadlines(context.Background(), time.Unix(4_000_000_000, 0))
	must(t, err)
	i := slices.IndexFunc(ds, func(d store.Deadline) bool { return d.Kind == string(kind) })
	if i < 0 {
		return store.Deadline{}, false
	}
	return ds[i], true
}

// dueUntilOver moves clock to each deadline of kind in turn and runs it, until game
// id ends; after limit deadlines, or when none is armed, the test fails.
func dueUntilOver(t *testing.T, h *testHost, clock *host.ManualClock, id int64, kind host.Deadline, limit int) {
	t.Helper()
	for n := 0; h.Get(id) != nil; n++ {
		d, ok := deadline(t, h.db, kind)
		switch {
		case n == limit:
			t.Fatalf("game %d did not end after %d deadlines of %s", id, limit, kind)
		case !ok:
			t.Fatalf("game %d is in play with no %s deadline armed", id, kind)
		}
		clock.Advance(d.Due.Sub(clock.Now()))
		h.RunDue(context.Background())
	}
}

// bot is a decider of level for the tests' people.
func bot(t testing.TB, level string, seed uint64) *aibg.Bot {
	t.Helper()
	b, err := aibg.NewBot(level, seed)
	must(t, err)
	return b
}
