package host

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// BenchmarkRunDue_TenGames: ten hosted games with a deadline each come due; RunDue
// runs and clears them (an op: arming the ten, then RunDue). Their actions do nothing
// (the stub game's), so the figure is the runner's own cost: the store's reads and
// writes, the locks, and a goroutine a game.
func BenchmarkRunDue_TenGames(b *testing.B) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(b.TempDir(), "k.db"))
	must(b, err)
	b.Cleanup(func() { db.Close() })
	clock := NewManualClock(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
	h, err := New(Options{Games: kombatOnly(), DB: db, Front: quietFront{}, Clock: clock, Log: quietLog()})
	must(b, err)
	b.Cleanup(func() { <-h.Close() })
	var tables []*Table
	for i := range 10 {
		row := &store.Game{Game: store.GameKombat, Scope: "g", Place: fmt.Sprint("c", i), Mode: game.ModeAuto, Status: store.StatusPlay, Seats: []store.Seat{{}, {}}, ConfigText: game.DefaultConfig().String(), Setup: []byte(`{}`)}
		_, err := db.CreateGame(ctx, row)
		must(b, err)
	}
	if n, err := h.Restore(ctx); err != nil || n != 10 {
		b.Fatalf("Restore: %d, %v", n, err)
	}
	for _, a := range h.Active() {
		tables = append(tables, h.Get(a.ID))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range tables {
			h.Arm(t, AutoTurn, clock.Now())
		}
		h.RunDue(ctx)
		clock.Advance(time.Second)
	}
	if left, err := db.Deadlines(ctx, clock.Now()); err != nil || len(left) != 0 {
		b.Fatalf("%d deadlines left, %v", len(left), err)
	}
}
