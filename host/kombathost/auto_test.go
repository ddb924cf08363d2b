package kombathost

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// autoDeadline is the stored AutoTurn deadline of game id, if any.
func autoDeadline(t *testing.T, db *store.DB, id int64) (store.Deadline, bool) {
	t.Helper()
	ds, err := db.Deadlines(context.Background(), time.Unix(4_000_000_000, 0)) // all of them
	must(t, err)
	for _, d := range ds {
		if d.Kind == string(host.AutoTurn) && d.Key == strconv.FormatInt(id, 10) {
			return d, true
		}
	}
	return store.Deadline{}, false
}

// TestAuto_TurnsOnStoredDeadline: a KOMBAT auto game's turns are stored deadlines, as
// UPBEAT's are: its screen arms the next turn a step away; RunDue plays nothing a
// millisecond early and one turn when it is due; Pause clears the deadline (nothing
// plays however long the clock runs) and Resume arms it a step away; and a new host
// on the same store, with nothing of the first in memory, carries the game on to its
// end with RunDue alone.
func TestAuto_TurnsOnStoredDeadline(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "k.db"))
	must(t, err)
	t.Cleanup(func() { db.Close() })
	clock := host.NewManualClock(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
	const step = 3 * time.Second
	opt := host.Options{DB: db, Clock: clock, Log: quietLog(), AutoStep: step}
	f := newScriptFront()
	opt.Front = f
	h, err := newHost(opt)
	must(t, err)
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 4
	id := startAutoGames(t, h, f, 1, cfg)[0]

	shown := func() int { return len(f.Versions()) }
	d, ok := autoDeadline(t, db, id)
	if !ok || !d.Due.Equal(clock.Now().Add(step)) {
		t.Fatalf("after the first screen: auto deadline %+v (stored %v), want one due a step away", d, ok)
	}
	before := shown()
	clock.Advance(step - time.Millisecond)
	h.RunDue(ctx)
	if shown() != before {
		t.Fatalf("a turn was played a millisecond before it was due")
	}
	clock.Advance(time.Millisecond)
	h.RunDue(ctx)
	if shown() != before+1 {
		t.Fatalf("%d screens shown when the turn came due, want 1", shown()-before)
	}
	if next, ok := autoDeadline(t, db, id); !ok || !next.Due.Equal(d.Due.Add(step)) {
		t.Fatalf("the next turn: %+v (stored %v), want due a step after the last (%v)", next, ok, d.Due.Add(step))
	}

	pause := func(stop bool) {
		tb, err := h.Lock(id)
		must(t, err)
		defer tb.Unlock()
		must(t, h.Pause(tb, "ann", stop)) // who opened it (startAutoGames)
	}
	pause(true)
	if _, ok := autoDeadline(t, db, id); ok {
		t.Fatal("a paused game kept its next turn's deadline")
	}
	before = shown()
	clock.Advance(10 * step)
	h.RunDue(ctx)
	if shown() != before {
		t.Fatal("a paused game played on")
	}
	pause(false)
	if d, ok := autoDeadline(t, db, id); !ok || !d.Due.Equal(clock.Now().Add(step)) {
		t.Fatalf("after Resume: %+v (stored %v), want a turn a step away", d, ok)
	}

	// The process stops; another, with nothing of it in memory, carries the game on.
	<-h.Close()
	f2 := newScriptFront()
	opt.Front = f2
	h2, err := newHost(opt)
	must(t, err)
	t.Cleanup(func() { <-h2.Close() })
	if n, err := h2.Restore(ctx); err != nil || n != 1 {
		t.Fatalf("Restore: %d games, %v", n, err)
	}
	h2.Connected()
	for range 100 {
		row, err := db.Game(ctx, id)
		must(t, err)
		if row.Status == store.StatusOver {
			if row.Result == nil || row.Turns != 2*int(cfg.MaxTurns) {
				t.Fatalf("the game ended with %v after %d turns, want a result after %d", row.Result, row.Turns, 2*cfg.MaxTurns)
			}
			if _, ok := autoDeadline(t, db, id); ok {
				t.Error("the ended game kept an auto deadline")
			}
			return
		}
		d, ok := autoDeadline(t, db, id)
		if !ok {
			t.Fatalf("game in play after %d turns with no next turn stored", row.Turns)
		}
		clock.Advance(d.Due.Sub(clock.Now()))
		h2.RunDue(ctx)
	}
	t.Fatal("the game did not end in 100 deadlines")
}
