package upbeathost

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// autoDeadline is the game's stored AutoTurn deadline, if any.
func autoDeadline(t *testing.T, db *store.DB) (store.Deadline, bool) {
	t.Helper()
	return deadlineOf(t, db, host.AutoTurn)
}

// TestUpbeat_AutoGame: an UPBEAT game of three bots, opened by ann, who watches. It is
// mode auto, holds ann in no game, and begins at once when she starts it; then each
// advance of the clock by AutoStep plays exactly one turn and shows it (a step less
// plays none), and a turn played late does not delay the next; bob cannot pause it, ann can, and nothing plays while it is paused;
// Resume goes on a full step later; a restart in the middle plays the next turn at the
// time stored before it, not sooner and not AutoStep after the restart; the game ends
// at max_turns with a result and no rating on any ladder.
func TestUpbeat_AutoGame(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "k.db")
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	f := newScriptFront()
	db, err := store.Open(ctx, path)
	must(t, err)
	h, err := newHost(host.Options{DB: db, Front: f, Clock: clock, Log: quietLog(), RetryBase: time.Hour, RetryMax: time.Hour})
	must(t, err)
	step := h.AutoStep()
	if step != 3*time.Second {
		t.Fatalf("AutoStep %v, want KOMBAT's default 3s", step)
	}
	cfg := upConfig() // four turns each
	tb, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c", Owner: "ann", OwnerName: "Ann", Config: cfg,
		Seats: 3, Bots: []string{"easy", "easy", "easy"}, Seed: 7})
	must(t, err)
	id := tb.Row.ID
	if tb.Row.Mode != game.ModeAuto || tb.Seat("ann") != 0 {
		t.Fatalf("mode %s, ann in seat %d; want an auto game ann watches", tb.Row.Mode, tb.Seat("ann"))
	}
	// The one-game rule holds nobody: ann opens a lobby of her own on the same server.
	if _, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c2", Owner: "ann", OwnerName: "Ann", Config: cfg, Seats: 2, Seed: 8}); err != nil {
		t.Fatalf("ann, watching an auto game, could not open another game: %v", err)
	}

	locked(t, h, id, func(tb *host.Table) {
		if err := h.StartUpbeat(tb, "bob"); refusedWith(t, err) == "" {
			t.Error("bob started ann's auto game")
		}
		must(t, h.StartUpbeat(tb, "ann"))
		if tb.Row.Status != store.StatusPlay {
			t.Fatalf("status %s once started, want play at once: nobody writes a plan", tb.Row.Status)
		}
	})
	turns := func(h *testHost) int { // turns played, read under the lock (stored once over)
		if h.Get(id) == nil {
			row, err := h.DB().Game(ctx, id)
			must(t, err)
			return row.Turns
		}
		n := 0
		locked(t, h, id, func(tb *host.Table) {
			g, err := h.UpEngine(tb)
			must(t, err)
			n = g.Turns()
		})
		return n
	}
	if got := len(f.Versions()); got != 1 || turns(h) != 0 {
		t.Fatalf("%d screens and %d turns once begun, want the first screen alone", got, turns(h))
	}
	if d, ok := autoDeadline(t, db); !ok || !d.Due.Equal(clock.Now().Add(step)) {
		t.Fatalf("next turn %+v (%v), want due a step after the first screen", d, ok)
	}

	// One turn per step, none sooner.
	played := 0
	tick := func(h *testHost, f *scriptFront, d time.Duration, want int) {
		t.Helper()
		before := len(f.Versions())
		clock.Advance(d)
		h.RunDue(ctx)
		played += want
		if got := len(f.Versions()) - before; got != want {
			t.Fatalf("after %v: %d screens, want %d", d, got, want)
		}
		if got := turns(h); got != played {
			t.Fatalf("after %v: %d turns played, want %d", d, got, played)
		}
	}
	for range 2 {
		tick(h, f, step-time.Millisecond, 0)
		tick(h, f, time.Millisecond, 1)
	}
	// A turn played late (the ticker checks each second) does not slow the pace: the
	// next is due a step after the late one was due, not a step after it was played.
	tick(h, f, step+500*time.Millisecond, 1)
	tick(h, f, step-500*time.Millisecond-time.Millisecond, 0)
	tick(h, f, time.Millisecond, 1)

	// Pause: only ann; nothing plays while paused; Resume goes on a step later.
	locked(t, h, id, func(tb *host.Table) {
		if msg := refusedWith(t, h.Pause(tb, "bob", true)); !strings.Contains(msg, "<@ann>") {
			t.Errorf("bob pausing ann's game: %q", msg)
		}
		must(t, h.Pause(tb, "ann", true))
	})
	if _, ok := autoDeadline(t, db); ok {
		t.Error("a paused game keeps its next turn's deadline")
	}
	tick(h, f, 10*step, 0)
	locked(t, h, id, func(tb *host.Table) { must(t, h.Pause(tb, "ann", false)) })
	tick(h, f, step-time.Millisecond, 0)
	tick(h, f, time.Millisecond, 1)

	// A restart in the middle: the next turn comes at the time stored before it.
	due, ok := autoDeadline(t, db)
	if !ok {
		t.Fatal("no next turn stored")
	}
	clock.Advance(time.Second)
	<-h.Close()
	db.Close()
	f2 := newScriptFront()
	h2, db2 := hostOn(t, path, f2, clock)
	if _, err := h2.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	h2.Connected()
	if d, ok := autoDeadline(t, db2); !ok || !d.Due.Equal(due.Due) {
		t.Fatalf("after the restart, next turn %+v, want the one stored before (%v)", d, due.Due)
	}
	left := due.Due.Sub(clock.Now())
	tick(h2, f2, left-time.Millisecond, 0)
	tick(h2, f2, time.Millisecond, 1)

	// To the end: every step one turn, and the game over at max_turns.
	want := 3 * int(cfg.MaxTurns)
	for played < want {
		tick(h2, f2, step, 1)
	}
	if _, err := h2.Lock(id); err == nil {
		t.Fatalf("the game is still active after %d turns", played)
	}
	row, err := db2.Game(ctx, id)
	must(t, err)
	if row.Status != store.StatusOver || row.Result == nil || row.Turns != want {
		t.Fatalf("status %s, result %v after %d turns; want over after %d", row.Status, row.Result, row.Turns, want)
	}
	if _, ok := autoDeadline(t, db2); ok {
		t.Error("a next turn is still stored once the game is over")
	}
	for _, kind := range UpLadders() {
		if top, err := db2.Leaderboard(ctx, "g", kind, 10); err != nil || len(top) != 0 {
			t.Errorf("ladder %s after an auto game: %v, %v; want nobody rated", kind, top, err)
		}
	}
}

// TestUpbeat_StopAutoGame_U22: the opener stops an auto game mid-way: it ends at once
// as at its turn limit (the winner U22 names), stored with its result and a stop in
// its record that replays, its final screen owed and shown, and no turn after it.
// Nobody else may stop it, nor can a game of people be stopped.
func TestUpbeat_StopAutoGame_U22(t *testing.T) {
	ctx := context.Background()
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	f := newScriptFront()
	h, db := hostOn(t, filepath.Join(t.TempDir(), "k.db"), f, clock)
	tb, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c", Owner: "ann", OwnerName: "Ann", Config: upConfig(),
		Seats: 2, Bots: []string{"easy", "easy"}, Seed: 7})
	must(t, err)
	id := tb.Row.ID
	locked(t, h, id, func(tb *host.Table) { must(t, h.StartUpbeat(tb, "ann")) })
	for range 3 {
		clock.Advance(h.AutoStep())
		h.RunDue(ctx)
	}
	var want int
	locked(t, h, id, func(tb *host.Table) {
		if msg := refusedWith(t, h.StopUpbeat(tb, "bob")); !strings.Contains(msg, "<@ann>") {
			t.Errorf("bob stopping ann's game: %q", msg)
		}
		g, err := h.UpEngine(tb)
		must(t, err)
		if g.Turns() != 3 {
			t.Fatalf("%d turns before the stop, want 3", g.Turns())
		}
		limit := g.Copy()
		limit.Finish()
		want = limit.Winner()
		must(t, h.StopUpbeat(tb, "ann"))
	})
	shown := len(f.Versions())
	clock.Advance(10 * h.AutoStep())
	h.RunDue(ctx)
	if got := len(f.Versions()); got != shown {
		t.Errorf("%d screens after the stop, want none", got-shown)
	}
	row, err := db.Game(ctx, id)
	must(t, err)
	if row.Status != store.StatusOver || row.Result == nil || row.Result.Winner != want || row.Turns != 3 {
		t.Fatalf("stored: status %s, result %+v, %d turns; want over, winner %d, 3 turns", row.Status, row.Result, row.Turns, want)
	}
	if acts := decoded(t, row).Actions; acts[len(acts)-1].Kind != upbeat.ActStop {
		t.Errorf("the record ends with %+v, want the stop", acts[len(acts)-1])
	}
	if g, err := upbeat.Replay(upbeat.NewLanguage(), decoded(t, row).Record(row.Seed), nil); err != nil || !g.Over() || g.Winner() != want {
		t.Errorf("the stopped record replays to %v", err)
	}
	v, err := h.UpReplayGame(ctx, "g", "c", id)
	must(t, err)
	if steps, err := h.UpReplay(v, []int{v.Steps() - 1}); err != nil || !steps[0].Stop || !steps[0].Snap.Over {
		t.Errorf("the replay's last step: %+v, %v", steps, err)
	}
	// A game of people has no Stop: they end it by playing or resigning.
	duel := upOpened(t, h)
	locked(t, h, duel.Row.ID, func(tb *host.Table) {
		if msg := refusedWith(t, h.StopUpbeat(tb, "ann")); !strings.Contains(msg, "Only a game of bots") {
			t.Errorf("stopping a game of people: %q", msg)
		}
	})
}

// TestUpbeat_AutoPaceUnderASecond: an auto game at a pace under a second keeps it
// (issue 24 §3: deadlines were checked once a second, so its turns came a second
// apart). Tick wakes at the next deadline: the game's first turn, armed as its first
// screen went up, and each next one, armed as the turn before was shown: the game
// plays to its end through Tick alone. How long Tick sleeps is TestTick_WakesAtTheNextDeadline's
// (no timing here: a loaded machine would make it flaky).
func TestUpbeat_AutoPaceUnderASecond(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "k.db"))
	must(t, err)
	f := newScriptFront()
	h, err := newHost(host.Options{DB: db, Front: f, Log: quietLog(), AutoStep: 20 * time.Millisecond, RetryBase: time.Hour, RetryMax: time.Hour})
	must(t, err)
	t.Cleanup(func() {
		<-h.Close()
		db.Close()
	})
	cfg := upConfig()
	cfg.MaxTurns = 6 // twelve turns for two bots
	tb, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c", Owner: "ann", OwnerName: "Ann", Config: cfg,
		Seats: 2, Bots: []string{"easy", "easy"}, Seed: 7})
	must(t, err)
	h.Tick() // running before the game starts: its first turn is armed after the loop's last look
	locked(t, h, tb.Row.ID, func(tb *host.Table) { must(t, h.StartUpbeat(tb, "ann")) })
	for range 1 + 12 { // the first screen, then a screen a turn
		f.Wait(t)
	}
	if row, err := db.Game(ctx, tb.Row.ID); err != nil || row.Status != store.StatusOver {
		t.Errorf("the game after twelve turns: %+v %v; want it over", row, err)
	}
}

// BenchmarkUpbeat_AutoTurn is one turn of an auto game of two bots through the host:
// its AutoTurn deadline due, the bot's turn played, committed with its screen owed,
// and the screen shown (which arms the next turn). A game over is replaced by a new
// one outside the timing.
func BenchmarkUpbeat_AutoTurn(b *testing.B) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(b.TempDir(), "k.db"))
	must(b, err)
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	f := newScriptFront()
	h, err := newHost(host.Options{DB: db, Front: f, Clock: clock, Log: quietLog(), RetryBase: time.Hour, RetryMax: time.Hour})
	must(b, err)
	b.Cleanup(func() {
		<-h.Close()
		db.Close()
	})
	cfg := upbeat.DefaultConfig()
	cfg.MaxTurns = 50
	n := 0
	open := func() int64 {
		n++
		place := "c" + strconv.Itoa(n)
		tb, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: place, Owner: "cy", OwnerName: "Cy", Config: cfg,
			Seats: 2, Bots: []string{"easy", "easy"}, Seed: uint64(n)})
		must(b, err)
		tb, err = h.Lock(tb.Row.ID)
		must(b, err)
		defer tb.Unlock()
		must(b, h.StartUpbeat(tb, "cy"))
		<-f.OK // its first screen
		return tb.Row.ID
	}
	id := open()
	for b.Loop() {
		clock.Advance(h.AutoStep())
		h.RunDue(ctx)
		<-f.OK
		if h.Get(id) == nil { // over
			b.StopTimer()
			id = open()
			b.StartTimer()
		}
	}
}
