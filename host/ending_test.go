package host

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestEnding_ClearsEveryDeadlineKind: a game that ends (Finished) or is called off
// (Cancel) leaves no deadline behind, a kind of its adapter's own included; another
// game's deadlines stay.
func TestEnding_ClearsEveryDeadlineKind(t *testing.T) {
	ctx := context.Background()
	_, db := openRecords(t)
	clock := NewManualClock(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
	h, err := New(Options{Games: kombatOnly(), DB: db, Front: quietFront{}, Clock: clock, Log: quietLog()})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	own := Deadline("bell") // a game's own kind, which the core does not know
	ends := map[string]func(tb *Table) error{
		"Finished": func(tb *Table) error { h.Finished(tb, nil, 0); return nil },
		"Cancel":   h.Cancel,
	}
	var ids []int64
	for place := range ends {
		id, err := db.CreateGame(ctx, &store.Game{Game: store.GameKombat, Scope: "g", Place: place, Mode: game.ModeDuel, Status: store.StatusSetup,
			Seats: []store.Seat{{Player: ann}, {Player: bob}}, ConfigText: game.DefaultConfig().String(), State: `{}`, Setup: []byte(`{}`)})
		must(t, err)
		ids = append(ids, id)
	}
	if n, err := h.Restore(ctx); err != nil || n != len(ids) {
		t.Fatalf("Restore: %d games, %v; want %d", n, err, len(ids))
	}
	for _, id := range ids {
		tb, err := h.Lock(id)
		must(t, err)
		for _, kind := range []Deadline{own, SetupExpiry, AutoTurn, TurnTimeUp} {
			h.Arm(tb, kind, clock.Now().Add(time.Hour))
		}
		tb.Unlock()
	}
	left := func(id int64) (kinds []string) {
		all, err := db.Deadlines(ctx, clock.Now().Add(24*time.Hour))
		must(t, err)
		for _, d := range all {
			if d.Key == strconv.FormatInt(id, 10) {
				kinds = append(kinds, d.Kind)
			}
		}
		return kinds
	}
	for i, id := range ids {
		tb, err := h.Lock(id)
		must(t, err)
		place := tb.Row.Place
		must(t, ends[place](tb))
		tb.Unlock()
		if kinds := left(id); len(kinds) != 0 {
			t.Errorf("%s left deadlines %v of its game", place, kinds)
		}
		if i == 0 {
			if kinds := left(ids[1]); len(kinds) != 4 {
				t.Errorf("%s cleared another game's deadlines: %v left of 4", place, kinds)
			}
		}
	}
}
