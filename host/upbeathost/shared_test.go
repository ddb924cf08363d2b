package upbeathost

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/store"
)

// sharedHost is a host of the shared database db for the games mine says, with its
// own front, on clock.
func sharedHost(t *testing.T, db *store.DB, clock host.Clock, mine func(*store.Game) bool) (*testHost, *scriptFront) {
	t.Helper()
	f := newScriptFront()
	h, err := newHost(host.Options{DB: db, Front: f, Clock: clock, Log: quietLog(), RetryBase: time.Hour, RetryMax: time.Hour, Mine: mine})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	return h, f
}

// sharedDB opens a database for the test's hosts, closed after them, and a clock.
func sharedDB(t *testing.T) (*store.DB, *host.ManualClock) {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "k.db"))
	must(t, err)
	t.Cleanup(func() { db.Close() }) // after the hosts' Close (cleanups run last first)
	return db, host.NewManualClock(time.Unix(1_800_000_000, 0))
}

// clockedSolo opens ann's solitaire game at scope/place with a one-minute turn clock
// and brings it to its first board: her turn clock and its reminder are stored.
func clockedSolo(t *testing.T, h *testHost, scope, place string) int64 {
	t.Helper()
	tb, err := kombathost.Of(h.Host).OpenSetup(kombathost.Where{Scope: scope, Place: place, Config: game.DefaultConfig(), TurnTimeout: time.Minute},
		game.ModeSolitaire, kombathost.Seated{User: "ann-" + place, Name: "Ann"}, 1, [2]string{})
	must(t, err)
	defer tb.Unlock()
	kombathost.LobbyOf(tb).Kinds = []kombathost.Proposal{{Name: "Idle", Strategy: "done"}}
	must(t, kombathost.Of(h.Host).Agree(tb))
	g, err := kombathost.Of(h.Host).Engine(tb)
	must(t, err)
	if _, err := kombathost.Of(h.Host).FreeSpawn(tb, tb.Row.Player(1), 0, g.FreeSpawnOptions(1)[0]); err != nil {
		t.Fatal(err)
	}
	return tb.Row.ID
}

// autoUpbeat opens and starts an UPBEAT game of three bots at scope/place: its first
// auto turn is stored as a deadline.
func autoUpbeat(t *testing.T, h *testHost, scope, place string) int64 {
	t.Helper()
	tb, err := h.OpenUpbeat(UpOpen{Scope: scope, Place: place, Owner: "cy-" + place, OwnerName: "Cy", Config: upConfig(),
		Seats: 3, Bots: []string{"easy", "easy", "easy"}, Seed: 7})
	must(t, err)
	id := tb.Row.ID
	locked(t, h, id, func(tb *host.Table) { must(t, h.StartUpbeat(tb, "cy-"+place)) })
	return id
}

// allDeadlines lists every stored deadline, as "kind/key".
func allDeadlines(t *testing.T, db *store.DB) []string {
	t.Helper()
	ds, err := db.Deadlines(context.Background(), time.Unix(4_000_000_000, 0))
	must(t, err)
	var out []string
	for _, d := range ds {
		out = append(out, d.Kind+"/"+d.Key+"@"+d.Payload)
	}
	slices.Sort(out)
	return out
}

// TestShared_ShardsLeaveEachOthersDeadlines: two shards on one database (each hosts
// its own scope's games) both run their ticks over the one deadlines table. Shard b's
// tick, which sees shard a's due deadlines first (a KOMBAT turn clock and its reminder,
// an UPBEAT auto turn), must leave them alone: shard a then runs every one of them.
// Before, b deleted them as "another process's", and a's games never moved again.
func TestShared_ShardsLeaveEachOthersDeadlines(t *testing.T) {
	ctx := context.Background()
	db, clock := sharedDB(t)
	scope := func(s string) func(*store.Game) bool { return func(g *store.Game) bool { return g.Scope == s } }
	a, fa := sharedHost(t, db, clock, scope("a"))
	b, fb := sharedHost(t, db, clock, scope("b"))
	clockedSolo(t, a, "a", "c1")
	auto := autoUpbeat(t, a, "a", "c2")
	before := allDeadlines(t, db)
	if len(before) != 3 {
		t.Fatalf("deadlines %v, want a turn clock, its reminder and an auto turn", before)
	}
	shownB := len(fb.Versions())

	clock.Advance(2 * time.Minute) // all of them due
	b.RunDue(ctx)
	b.Adopt(ctx)
	if got := allDeadlines(t, db); !slices.Equal(got, before) {
		t.Fatalf("shard b's tick changed shard a's deadlines:\n got %v\nwant %v", got, before)
	}
	if n := len(fb.Versions()); n != shownB {
		t.Fatalf("shard b showed %d screens of shard a's games", n-shownB)
	}

	a.RunDue(ctx)
	if !slices.Contains(fa.EventKinds(), host.EvTimeUp) {
		t.Errorf("shard a's events %v: its turn clock did not play ann's turn", fa.EventKinds())
	}
	locked(t, a, auto, func(tb *host.Table) {
		g, err := a.UpEngine(tb)
		must(t, err)
		if g.Turns() == 0 {
			t.Error("shard a's UPBEAT auto game played no turn at its due auto turn")
		}
	})
}

// TestShared_TwinTakesOverOnlyOnceLetGo: a twin of the same shard (the new half of a
// rolling deploy) starts while the old process still holds its games: it restores
// none, runs none of their deadlines and shows none of their owed screens. Once the old
// process has let them go, the twin's Adopt takes them up, with the screen owed, and
// runs their deadlines from then on.
func TestShared_TwinTakesOverOnlyOnceLetGo(t *testing.T) {
	ctx := context.Background()
	db, clock := sharedDB(t)
	old, fo := sharedHost(t, db, clock, nil)
	solo := clockedSolo(t, old, "g", "c1")
	autoUpbeat(t, old, "g", "c2")
	// ann ends her turn; its board fails to show: a screen is owed, retried in an hour.
	fo.Mu.Lock()
	fo.Fail = []error{errTransient}
	fo.Mu.Unlock()
	locked(t, old, solo, func(tb *host.Table) { must(t, kombathost.Of(old.Host).EndTurn(tb, 1)) })
	owedBefore := allDeadlines(t, db)

	twin, ft := sharedHost(t, db, clock, nil)
	if n, err := twin.Restore(ctx); err != nil || n != 0 {
		t.Fatalf("the twin restored %d games (%v) the old process holds", n, err)
	}
	twin.Connected()
	clock.Advance(host.AdoptGrace + 2*time.Minute)
	twin.RunDue(ctx)
	if n := twin.Adopt(ctx); n != 0 {
		t.Fatalf("the twin took up %d games the old process holds", n)
	}
	if got := allDeadlines(t, db); !slices.Equal(got, owedBefore) {
		t.Fatalf("the twin changed the old process's deadlines:\n got %v\nwant %v", got, owedBefore)
	}
	if n := len(ft.Versions()); n != 0 {
		t.Fatalf("the twin showed %d screens of games it does not hold", n)
	}

	// A press reaches both halves: the twin leaves it to the old process.
	if !twin.Elsewhere(solo) || !twin.PlaceElsewhere("c1") || old.Elsewhere(solo) || old.PlaceElsewhere("c1") {
		t.Errorf("Elsewhere: twin %v (place %v), old %v (place %v); want the twin to leave game %d to the old process alone",
			twin.Elsewhere(solo), twin.PlaceElsewhere("c1"), old.Elsewhere(solo), old.PlaceElsewhere("c1"), solo)
	}

	<-old.Close() // the old half of the deploy ends, and lets its games go
	if twin.Elsewhere(solo) {
		t.Error("the twin leaves a game to a process that let it go")
	}
	if _, err := twin.Lock(solo); !strings.Contains(refusedWith(t, err), "being taken up again") {
		t.Errorf("a press between the old process's end and the twin's Adopt: %v, want to be told to try again shortly", err)
	}
	if n := twin.Adopt(ctx); n != 2 {
		t.Fatalf("the twin took up %d games once they were let go, want 2", n)
	}
	if s := ft.Wait(t); s.Game != solo || s.Version != 3 {
		t.Fatalf("the twin showed game %d version %d first, want the owed board of game %d (3)", s.Game, s.Version, solo)
	}
	twin.RunDue(ctx)
	if !slices.Contains(ft.EventKinds(), host.EvTurn) {
		t.Errorf("the twin's events %v: it ran no turn of the games it took up", ft.EventKinds())
	}
}
