package host

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/kombat-game/kombat/store"
)

// TestTick_WakesAtTheNextDeadline: Tick sleeps until the soonest deadline when it is
// within a second (a millisecond more: deadlines are stored to the millisecond), a
// second otherwise, and is woken when a deadline is armed; a deadline it has fired
// for already and that is still to come by the host's clock is not woken for again.
func TestTick_WakesAtTheNextDeadline(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "k.db"))
	must(t, err)
	clock := NewManualClock(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
	h, err := New(Options{Games: kombatOnly(), DB: db, Front: quietFront{}, Log: quietLog(), Clock: clock})
	must(t, err)
	t.Cleanup(func() {
		<-h.Close()
		db.Close()
	})
	if wait, due := h.untilNext(ctx, time.Time{}); wait != time.Second || !due.IsZero() {
		t.Errorf("no deadline: sleeps %v for %v, want a second", wait, due)
	}
	tb := NewTable(&store.Game{ID: 9}, stubGame{}.Part)
	soon := clock.Now().Add(20 * time.Millisecond)
	h.Arm(tb, AutoTurn, soon)
	select {
	case <-h.armed:
	default:
		t.Error("arming a deadline did not wake Tick's loop")
	}
	if wait, due := h.untilNext(ctx, time.Time{}); wait != 21*time.Millisecond || !due.Equal(soon) {
		t.Errorf("a deadline 20 ms away: sleeps %v for %v, want 21ms for %v", wait, due, soon)
	}
	if wait, _ := h.untilNext(ctx, soon); wait != time.Second {
		t.Errorf("a deadline fired for already: sleeps %v, want a second", wait)
	}
	h.Arm(tb, AutoTurn, clock.Now().Add(5*time.Second))
	if wait, due := h.untilNext(ctx, time.Time{}); wait != time.Second || !due.IsZero() {
		t.Errorf("a deadline 5 s away: sleeps %v for %v, want a second", wait, due)
	}
}
