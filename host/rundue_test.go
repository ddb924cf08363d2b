package host

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestAutoPace: an auto game's next turn is due a step after its last was due, so the
// pace holds whatever the turn took; a step from now when that has passed or there
// was none, so a screen stays up a full step at least.
func TestAutoPace(t *testing.T) {
	clock := NewManualClock(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
	_, db := openRecords(t)
	h, err := New(Options{Games: kombatOnly(), DB: db, Front: quietFront{}, Clock: clock, AutoStep: 3 * time.Second})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	now := clock.Now()
	for _, c := range []struct {
		name string
		last time.Time
		want time.Time
	}{
		{"the first turn, or after Resume: a step from now", time.Time{}, now.Add(3 * time.Second)},
		{"the last turn was due a second ago: a step after it", now.Add(-time.Second), now.Add(2 * time.Second)},
		{"the last turn's step has passed (a late screen, a restart): a step from now", now.Add(-5 * time.Second), now.Add(3 * time.Second)},
		{"the last turn's step ends now: a step from now", now.Add(-3 * time.Second), now.Add(3 * time.Second)},
	} {
		if got := h.AutoPace(c.last); !got.Equal(c.want) {
			t.Errorf("%s: AutoPace(%v) = %v, want %v", c.name, c.last, got, c.want)
		}
	}
}

// blockingGame is a game whose due deadlines run as its tables' expire says.
type blockingGame struct{ expire map[int64]func() error }

func (g blockingGame) Part(t *Table) Hosted { return &blockingPart{stubPart{t: t}, g.expire[t.Row.ID]} }

type blockingPart struct {
	stubPart
	expire func() error
}

func (p *blockingPart) Expire(*Host, store.Deadline) error { return p.expire() }

// TestRunDue_GamesRunConcurrently: one game's slow deadline (a turn whose strategy
// spends its step limit) holds no other game's: the first game's, due first, waits
// until the second's has run, which it could not if RunDue ran them one after the
// other. RunDue returns once both have run, and clears both.
func TestRunDue_GamesRunConcurrently(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "k.db"))
	must(t, err)
	t.Cleanup(func() { db.Close() })
	clock := NewManualClock(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
	second := make(chan struct{})
	waited := false
	g := blockingGame{expire: map[int64]func() error{}}
	h, err := New(Options{DB: db, Front: quietFront{}, Clock: clock, Log: quietLog(),
		Games: []Plug{{Name: store.GameKombat, Unnamed: true, New: func(*Host) Game { return g }}}})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	var ids []int64
	for i, place := range []string{"slow", "quick"} {
		row := &store.Game{Game: store.GameKombat, Scope: "g", Place: place, Mode: game.ModeAuto, Status: store.StatusPlay, Seats: []store.Seat{{}, {}}, ConfigText: game.DefaultConfig().String(), Setup: []byte(`{}`)}
		id, err := db.CreateGame(ctx, row)
		must(t, err)
		ids = append(ids, id)
		if i == 0 {
			g.expire[id] = func() error {
				select {
				case <-second:
					waited = true
				case <-time.After(10 * time.Second): // the failure: RunDue ran the games in turn
				}
				return nil
			}
		} else {
			g.expire[id] = func() error { close(second); return nil }
		}
	}
	if n, err := h.Restore(ctx); err != nil || n != 2 {
		t.Fatalf("Restore: %d games, %v", n, err)
	}
	for i, id := range ids {
		tb, err := h.Lock(id)
		must(t, err)
		h.Arm(tb, AutoTurn, clock.Now().Add(time.Duration(i+1)*time.Second))
		tb.Unlock()
	}
	clock.Advance(3 * time.Second)
	h.RunDue(ctx)
	if !waited {
		t.Error("the slow game's deadline held the quick game's: RunDue ran them one after the other")
	}
	if left, err := db.Deadlines(ctx, clock.Now()); err != nil || len(left) != 0 {
		t.Errorf("after RunDue: %d deadlines left (%v), want both cleared", len(left), err)
	}
}
