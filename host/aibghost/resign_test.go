package aibghost

import (
	"context"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// TestResignationIsStored: a resignation is the stored record's last action, the
// resigning seat's "resign", so the final screen has a version of its own, one past
// the screen that was up; the row decodes back with the resignation apart from
// aibg's record (which replays as before), and a restarted host finds the match over
// and replays it.
func TestResignationIsStored(t *testing.T) {
	f := &recFront{}
	path := dbPath(t)
	h, stop := openHost(t, path, f, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	id, da, db := duel(t, h)
	locked(t, h, id, func(tb *host.Table) {
		play(t, h, tb, ann, 1, da)
		play(t, h, tb, bob, 2, db)
	})
	var up int
	locked(t, h, id, func(tb *host.Table) {
		up = tb.Version()
		must(t, h.ab.Resign(tb, bob))
	})
	row := checkReplays(t, h.db, id)
	if *row.Result != (game.Result{Winner: 1, Reason: game.ReasonResign}) {
		t.Errorf("result %+v, want ann's win by bob's resignation", *row.Result)
	}
	if n := len(row.Actions); n != up+1 || row.Actions[n-1] != (store.Action{Seat: 2, Verb: verbResign}) {
		t.Fatalf("the stored actions end %+v (%d of them, %d before the resignation)", row.Actions[n-1], n, up)
	}
	if last := f.Shown[len(f.Shown)-1].Version; last != up+1 {
		t.Errorf("the final screen is at version %d, the one up before at %d: want one past it", last, up)
	}
	own, err := Decode(row)
	must(t, err)
	if own.Resigned != 2 || len(own.Actions) != up {
		t.Errorf("decoded: resigned %d, %d actions of the record; want 2 and %d", own.Resigned, len(own.Actions), up)
	}
	stop()
	h, _ = openHost(t, path, &recFront{}, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	tb, err := h.ab.Over(context.Background(), "c", id)
	must(t, err)
	if tb.Version() != up+1 {
		t.Errorf("after a restart the finished match is at version %d, want %d", tb.Version(), up+1)
	}
	if _, err := h.ab.ReplayOf(tb); err != nil {
		t.Errorf("replay after a restart: %v", err)
	}
}

// TestResignedTheOldWayLoads: a match stored resigned before resignations were
// stored (its result alone says so, no action) still loads: decoded with no
// resignation, at the version of its last action, its record replayed and its
// replay made.
func TestResignedTheOldWayLoads(t *testing.T) {
	path := dbPath(t)
	h, stop := openHost(t, path, &recFront{}, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	id, da, db := duel(t, h)
	locked(t, h, id, func(tb *host.Table) {
		play(t, h, tb, ann, 1, da)
		play(t, h, tb, bob, 2, db)
	})
	stop()
	// the old way: the result committed with no action
	st, err := store.Open(context.Background(), path)
	must(t, err)
	n := len(stored(t, st, id).Actions)
	must(t, st.CommitRated(context.Background(), id, n, nil, &game.Result{Winner: 2, Reason: game.ReasonResign}, 0, nil, Elo{}))
	must(t, st.Close())
	h, _ = openHost(t, path, &recFront{}, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	row := checkReplays(t, h.db, id)
	own, err := Decode(row)
	must(t, err)
	if own.Resigned != 0 || len(own.Actions) != n {
		t.Errorf("decoded: resigned %d, %d actions; want 0 and %d", own.Resigned, len(own.Actions), n)
	}
	tb, err := h.ab.Over(context.Background(), "c", id)
	must(t, err)
	if tb.Version() != n {
		t.Errorf("the old way's finished match is at version %d, want %d", tb.Version(), n)
	}
	if _, err := h.ab.Match(tb); err != nil {
		t.Errorf("the old way's match does not rebuild: %v", err)
	}
}
