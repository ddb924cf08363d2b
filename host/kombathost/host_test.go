package kombathost

import (
	"context"
	"errors"
	"github.com/kombat-game/kombat/host"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/internal/hosttest"
	"github.com/kombat-game/kombat/store"
)

// scriptFront is the recording front the adapters' tests share: a host's games
// tested without any chat.
type scriptFront = hosttest.Front

var errTransient = errors.New("HTTP 500")
var errForbidden = errors.New("HTTP 403")

// newScriptFront is a front whose next Shows fail with fail, in order, and which
// treats errForbidden as permanent.
func newScriptFront(fail ...error) *scriptFront {
	f := hosttest.NewFront(fail...)
	f.Forbidden = errForbidden
	return f
}

// quietLog drops the host's log: the tests check what it does.
func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// hostOn hosts the database at path with front, retrying screens within milliseconds.
func hostOn(t *testing.T, path string, f host.Front, clock host.Clock) (*testHost, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	must(t, err)
	h, err := newHost(host.Options{DB: db, Front: f, Clock: clock, Log: quietLog(), RetryBase: time.Millisecond, RetryMax: 2 * time.Millisecond})
	must(t, err)
	t.Cleanup(func() {
		<-h.Close()
		db.Close()
	})
	return h, db
}

// soloToFirstBoard creates a solitaire game for ann (seat 1) with one idle kind, agrees
// on it and makes ann's free spawn: the first board is then owed. It returns the table,
// unlocked.
func soloToFirstBoard(t *testing.T, h *testHost) *host.Table {
	t.Helper()
	row := &store.Game{Scope: "g", Place: "c", Mode: game.ModeSolitaire, Status: store.StatusSetup, Seed: 5, TurnTimeout: time.Minute}
	NewRow(row, [2]string{"ann", ""}, 1, game.DefaultConfig())
	tb, err := Create(h.Host, row, game.DefaultConfig(), Lobby{Owner: "ann", Kinds: []Proposal{{Name: "Idle", Strategy: "done"}}})
	must(t, err)
	tb, err = h.Lock(tb.Row.ID)
	must(t, err)
	defer tb.Unlock()
	must(t, h.Agree(tb))
	g, err := h.Engine(tb)
	must(t, err)
	if _, err := h.FreeSpawn(tb, "ann", 0, g.FreeSpawnOptions(1)[0]); err != nil {
		t.Fatal(err)
	}
	return tb
}

// turnDeadlines counts the game's stored turn clocks.
func turnDeadlines(t *testing.T, db *store.DB) int {
	t.Helper()
	ds, err := db.Deadlines(context.Background(), time.Unix(4_000_000_000, 0)) // all of them
	must(t, err)
	n := 0
	for _, d := range ds {
		if d.Kind == string(host.TurnTimeUp) {
			n++
		}
	}
	return n
}

// TestHost_ScreenRetriedUntilShown: a screen the front fails to show (a 500) stays
// owed and is retried until it is shown, once; the old screen loses its controls only
// then, and the turn clock runs only once the board is up.
func TestHost_ScreenRetriedUntilShown(t *testing.T) {
	f := newScriptFront()
	h, db := hostOn(t, filepath.Join(t.TempDir(), "k.db"), f, nil)
	f.Fail = nil
	row := soloToFirstBoard(t, h) // free spawns' screen (1 decision: the bot's), then the board (2)
	if got := f.Versions(); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("screens shown %v, want the free spawns' (1) then the first board (2)", got)
	}
	f.Wait(t)
	f.Wait(t)

	// ann ends her turn; the board after it fails twice, then shows.
	f.Mu.Lock()
	f.Fail = []error{errTransient, errTransient}
	f.Mu.Unlock()
	tb, err := h.Lock(row.Row.ID)
	must(t, err)
	must(t, h.EndTurn(tb, 1))
	owed := tb.Owed() != nil
	tb.Unlock()
	if !owed {
		t.Fatal("the board that failed is not owed")
	}
	if s := f.Wait(t); s.Version != 3 {
		t.Fatalf("retried screen has version %d, want 3 (after ann's turn)", s.Version)
	}
	// The retrier goes on with the game: the bot's turn, then its board.
	if s := f.Wait(t); s.Version <= 3 {
		t.Fatalf("after the retried board, version %d, want the bot's turn (after 3)", s.Version)
	}
	// The retrier shows and retires under the game's lock: once we hold it, it is done.
	tb, err = h.Lock(row.Row.ID)
	must(t, err)
	tb.Unlock()
	got := f.Versions()
	seen := map[int]int{}
	for _, v := range got {
		seen[v]++
	}
	for v, n := range seen {
		if n != 1 {
			t.Errorf("screen %d shown %d times", v, n)
		}
	}
	f.Mu.Lock()
	retired := len(f.Retired)
	f.Mu.Unlock()
	if retired != len(got)-1 {
		t.Errorf("%d old screens retired after %d shown, want one fewer", retired, len(got))
	}
	if n := turnDeadlines(t, db); n != 1 {
		t.Errorf("%d turn clocks stored, want ann's one", n)
	}
}

// TestHost_PausedScreenStopsTheClock: a permanent failure pauses the game's screen (the
// first board, ann to move); her turn clock does not run, so a due deadline plays
// nothing, until Resume shows the board and starts it.
func TestHost_PausedScreenStopsTheClock(t *testing.T) {
	f := newScriptFront(nil, errForbidden) // the free spawns show; the first board is refused
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, db := hostOn(t, filepath.Join(t.TempDir(), "k.db"), f, clock)
	row := soloToFirstBoard(t, h)
	tb, err := h.Lock(row.Row.ID)
	must(t, err)
	paused := tb.Owed() != nil && tb.Owed().Paused == "no permission"
	tb.Unlock()
	if !paused {
		t.Fatal("a permanent failure did not pause the screen")
	}
	if n := turnDeadlines(t, db); n != 0 {
		t.Errorf("%d turn clocks stored while ann's board is paused", n)
	}
	clock.Advance(time.Hour)
	h.RunDue(context.Background())
	f.Mu.Lock()
	events := append([]host.EventKind(nil), f.Events...)
	f.Mu.Unlock()
	for _, e := range events {
		if e == host.EvTimeUp || e == host.EvForfeit {
			t.Fatalf("a turn was played for a player whose board never showed: %v", events)
		}
	}
	tb, err = h.Lock(row.Row.ID)
	must(t, err)
	was, err := h.Resume(tb)
	tb.Unlock()
	must(t, err)
	if !was {
		t.Fatal("Resume did not find the paused screen")
	}
	f.Wait(t) // the free spawns
	if s := f.Wait(t); s.Version != 2 {
		t.Fatalf("resumed screen has version %d, want the first board (2)", s.Version)
	}
	if n := turnDeadlines(t, db); n != 1 {
		t.Errorf("%d turn clocks stored once ann's board is up, want 1", n)
	}
}

// TestHost_ForfeitAfterMisses: a player whose clock runs out has the turn played for
// them, and forfeits on the MaxMisses-th turn in a row.
func TestHost_ForfeitAfterMisses(t *testing.T) {
	f := newScriptFront()
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), f, clock)
	row := soloToFirstBoard(t, h)
	for range MaxMisses {
		clock.Advance(2 * time.Minute)
		h.RunDue(context.Background())
	}
	g, err := h.DB().Game(context.Background(), row.Row.ID)
	must(t, err)
	if g.Status != store.StatusOver || g.Result == nil || g.Result.Winner != 2 || g.Result.Reason != game.ReasonForfeit {
		t.Fatalf("after %d missed turns: status %s, result %+v; want a forfeit won by the bot", MaxMisses, g.Status, g.Result)
	}
	f.Mu.Lock()
	defer f.Mu.Unlock()
	var timeUps, forfeits int
	for _, e := range f.Events {
		switch e {
		case host.EvTimeUp:
			timeUps++
		case host.EvForfeit:
			forfeits++
		}
	}
	if timeUps != MaxMisses-1 || forfeits != 1 {
		t.Errorf("events %v: %d turns played for the player and %d forfeits, want %d and 1", f.Events, timeUps, forfeits, MaxMisses-1)
	}
}

// TestHost_RestartDeliversOwedScreen: a screen still owed when the host stops (the
// front failed it until then) is shown once by the next host on the same database.
func TestHost_RestartDeliversOwedScreen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	f := newScriptFront()
	db, err := store.Open(context.Background(), path)
	must(t, err)
	h, err := newHost(host.Options{DB: db, Front: f, Log: quietLog(), RetryBase: time.Hour, RetryMax: time.Hour})
	must(t, err)
	row := soloToFirstBoard(t, h)
	f.Mu.Lock()
	f.Fail = []error{errTransient}
	f.Mu.Unlock()
	tb, err := h.Lock(row.Row.ID)
	must(t, err)
	must(t, h.EndTurn(tb, 1))
	tb.Unlock()
	<-h.Close()
	db.Close()

	f2 := newScriptFront()
	h2, _ := hostOn(t, path, f2, nil)
	n, err := h2.Restore(context.Background())
	must(t, err)
	if n != 1 {
		t.Fatalf("restored %d games, want 1", n)
	}
	h2.Connected()
	if s := f2.Wait(t); s.Version != 3 {
		t.Fatalf("after the restart, screen version %d shown first, want the owed one (3)", s.Version)
	}
	if s := f2.Wait(t); s.Version <= 3 {
		t.Fatalf("then version %d, want the bot's turn (after 3)", s.Version)
	}
}

// TestHost_OneProcessPerGame: a host restoring games leaves alone the games another
// host on the same store still runs (store.ClaimGame), and takes them once it closed.
func TestHost_OneProcessPerGame(t *testing.T) {
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "k.db"))
	must(t, err)
	defer db.Close()
	first, err := newHost(host.Options{DB: db, Front: newScriptFront(), Log: quietLog()})
	must(t, err)
	soloToFirstBoard(t, first)
	second, err := newHost(host.Options{DB: db, Front: newScriptFront(), Log: quietLog()})
	must(t, err)
	if n, err := second.Restore(context.Background()); err != nil || n != 0 {
		t.Fatalf("a second host restored %d games (%v) that the first runs", n, err)
	}
	<-second.Close()
	<-first.Close()
	third, err := newHost(host.Options{DB: db, Front: newScriptFront(), Log: quietLog()})
	must(t, err)
	defer func() { <-third.Close() }()
	if n, err := third.Restore(context.Background()); err != nil || n != 1 {
		t.Fatalf("after the first host closed, %d games restored (%v), want its 1", n, err)
	}
}
