package upbeathost

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// upConfig is a small, short UPBEAT game: 10 x 10, four turns each, a one-minute
// revision clock.
func upConfig() upbeat.Config {
	cfg := upbeat.DefaultConfig()
	cfg.Rows, cfg.Cols, cfg.MaxTurns = 10, 10, 4
	cfg.PlanRevMin, cfg.PlanRevSec = 1, 0
	return cfg
}

// upOpened opens ann's 3-player game with two bots and starts it: the first plans are
// being written.
func upOpened(t *testing.T, h *testHost) *host.Table {
	t.Helper()
	tb, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c", Owner: "ann", OwnerName: "Ann", Config: upConfig(),
		Seats: 3, Bots: []string{"easy", "easy"}, Seed: 7})
	must(t, err)
	tb, err = h.Lock(tb.Row.ID)
	must(t, err)
	defer tb.Unlock()
	if _, err := h.JoinUpbeat(tb, "bob", "Bob"); refusedWith(t, err) == "" {
		t.Error("bob joined a game whose seats are taken")
	}
	if err := h.StartUpbeat(tb, "bob"); refusedWith(t, err) == "" {
		t.Error("bob, who did not open the game, started it")
	}
	must(t, h.StartUpbeat(tb, "ann"))
	if Lobby(tb).PlansDue.IsZero() {
		t.Error("the first plans' deadline is not kept for the chat to show")
	}
	return tb
}

// hostToRestart hosts the database at path with front for a test that stops the host
// itself (a restart), retrying a failed screen only after an hour: never within the test.
func hostToRestart(t *testing.T, path string, f host.Front, clock host.Clock) (*testHost, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	must(t, err)
	h, err := newHost(host.Options{DB: db, Front: f, Clock: clock, Log: quietLog(), RetryBase: time.Hour, RetryMax: time.Hour})
	must(t, err)
	return h, db
}

// upDeadline is the game's stored turn clock, if any.
func upDeadline(t *testing.T, db *store.DB) (store.Deadline, bool) {
	t.Helper()
	return deadlineOf(t, db, host.TurnTimeUp)
}

// deadlineOf is the game's stored deadline of kind, if any.
func deadlineOf(t *testing.T, db *store.DB, kind host.Deadline) (store.Deadline, bool) {
	t.Helper()
	ds, err := db.Deadlines(context.Background(), time.Unix(4_000_000_000, 0))
	must(t, err)
	for _, d := range ds {
		if d.Kind == string(kind) {
			return d, true
		}
	}
	return store.Deadline{}, false
}

// locked runs f under the table's lock: after whatever the host was doing with it.
func locked(t *testing.T, h *testHost, id int64, f func(*host.Table)) {
	t.Helper()
	tb, err := h.Lock(id)
	must(t, err)
	defer tb.Unlock()
	f(tb)
}

// TestUpbeat_GameThroughTheHost: a 3-player UPBEAT game (ann and two bots) from its
// first plans to its end through the host: ann revises and confirms, the bots play at
// once, a restart in the middle (with a screen owed) loses nothing and shows the owed
// screen, ann's revision clock runs out and her plan is confirmed for her (U20), every
// state's screen is shown exactly once, and the stored record replays to the result.
func TestUpbeat_GameThroughTheHost(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	f := newScriptFront()
	h, db := hostToRestart(t, path, f, clock)
	tb := upOpened(t, h)
	id := tb.Row.ID

	// The first plans (U19): the bots wrote theirs; ann's is checked, then the game begins.
	locked(t, h, id, func(tb *host.Table) {
		var ie *interp.Error
		if _, err := h.WritePlan(tb, "ann", "invest ("); !errors.As(err, &ie) {
			t.Errorf("a first plan that does not compile: %v", err)
		}
		if got := f.Versions(); !slices.Equal(got, []int{upPlansVersion}) {
			t.Errorf("screens %v before the game began, want the first plans' alone", got)
		}
		began, err := h.WritePlan(tb, "ann", "invest 50\ndone")
		must(t, err)
		if !began {
			t.Fatal("the game did not begin with every first plan written")
		}
	})
	if got := f.Versions(); !slices.Equal(got, []int{upPlansVersion, 0}) {
		t.Fatalf("screens %v once the game began, want the first plans', then the first (0): ann plays first", got)
	}
	d, ok := upDeadline(t, db)
	if !ok || !d.Due.Equal(clock.Now().Add(time.Minute)) {
		t.Fatalf("turn clock %+v (%v), want a minute from now: ann's whole revision clock", d, ok)
	}

	// ann revises after 10 s (recorded, no new screen) and confirms 5 s later.
	clock.Advance(10 * time.Second)
	locked(t, h, id, func(tb *host.Table) { must(t, h.ReviseUpbeat(tb, "ann", "collect 1\ninvest 20")) })
	if got := f.Versions(); len(got) != 2 {
		t.Errorf("screens %v after a revision, want none new", got)
	}
	clock.Advance(5 * time.Second)
	locked(t, h, id, func(tb *host.Table) {
		if err := h.ConfirmUpbeat(tb, "bob"); refusedWith(t, err) == "" {
			t.Error("bob, not in the game, confirmed ann's turn")
		}
		must(t, h.ConfirmUpbeat(tb, "ann"))
		g, err := h.UpEngine(tb)
		must(t, err)
		if g.Current() != 1 || g.Turn(1) != 2 || g.Turn(2) != 2 || g.Turn(3) != 2 {
			t.Errorf("after ann's turn, player %d to act, turns %d %d %d; want the bots played at once and ann to act", g.Current(), g.Turn(1), g.Turn(2), g.Turn(3))
		}
		if g.Clock(1) != 45*time.Second || g.Plan(1) != "collect 1\ninvest 20" {
			t.Errorf("ann's clock %v, plan %q; want 45s left and her revision", g.Clock(1), g.Plan(1))
		}
	})
	if d, ok := upDeadline(t, db); !ok || !d.Due.Equal(clock.Now().Add(45*time.Second)) {
		t.Errorf("turn clock %+v, want due when ann's 45 s are up", d)
	}

	// ann confirms again, and the screen after it fails: the process stops with it owed.
	clock.Advance(20 * time.Second)
	f.Mu.Lock()
	f.Fail = []error{errTransient}
	f.Mu.Unlock()
	var owed int
	var stored []upbeat.Action
	locked(t, h, id, func(tb *host.Table) {
		must(t, h.ConfirmUpbeat(tb, "ann"))
		if tb.Owed() == nil {
			t.Fatal("the screen that failed is not owed")
		}
		owed = tb.Owed().Version
		stored = slices.Clone(Own(tb).Actions)
	})
	<-h.Close()
	db.Close()

	// A new host on the same database: the game is rebuilt from its record, the owed
	// screen is shown first, then the bots' turns follow, up to ann's.
	f2 := newScriptFront()
	h2, db2 := hostOn(t, path, f2, clock)
	n, err := h2.Restore(context.Background())
	must(t, err)
	if n != 1 {
		t.Fatalf("restored %d games, want 1", n)
	}
	h2.Connected()
	if s := f2.Wait(t); s.Version != owed {
		t.Fatalf("after the restart, screen %d shown first, want the owed one (%d)", s.Version, owed)
	}
	locked(t, h2, id, func(tb *host.Table) {
		if !slices.Equal(Own(tb).Actions[:len(stored)], stored) {
			t.Errorf("the restored record differs from the one stored before the restart")
		}
		g, err := h2.UpEngine(tb)
		must(t, err)
		if g.Current() != 1 || g.Turn(1) != 3 || g.Clock(1) != 25*time.Second {
			t.Errorf("after the restart: player %d to act on turn %d with %v left; want ann, turn 3, 25s", g.Current(), g.Turn(1), g.Clock(1))
		}
	})

	// ann's clock runs out while her turn is on screen: her plan is confirmed for her,
	// and from then on every turn of hers is confirmed at once (U20), to the end.
	d, ok = upDeadline(t, db2)
	if !ok {
		t.Fatal("no turn clock once ann's turn is on screen again")
	}
	clock.Advance(d.Due.Sub(clock.Now()))
	h2.RunDue(context.Background())
	if _, err := h2.Lock(id); err == nil {
		t.Fatal("the game is still active after ann's clock ran out with the turns left")
	}
	row, err := db2.Game(context.Background(), id)
	must(t, err)
	if row.Status != store.StatusOver || row.Result == nil {
		t.Fatalf("game status %s, result %v; want over", row.Status, row.Result)
	}
	g, err := upbeat.Replay(upbeat.NewLanguage(), decoded(t, row).Record(row.Seed), nil)
	must(t, err)
	if !g.Over() || g.Winner() != row.Result.Winner || g.Turns() != row.Turns || g.CanRevise(1) {
		t.Errorf("the stored record replays to winner %d after %d turns (ann can revise: %v); stored %+v after %d",
			g.Winner(), g.Turns(), g.CanRevise(1), row.Result, row.Turns)
	}
	if _, ok := upDeadline(t, db2); ok {
		t.Error("a turn clock is left once the game is over")
	}
	if _, err := db2.OwedScreen(context.Background(), id); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a screen is still owed once the game is over and shown: %v", err)
	}

	// Each state's screen shown exactly once, across both processes, in order.
	all := append(f.Versions(), f2.Versions()...)
	for i := 1; i < len(all); i++ {
		if all[i] <= all[i-1] {
			t.Fatalf("screens shown %v: a state shown twice or out of order", all)
		}
	}
	if last := all[len(all)-1]; last != len(row.Actions) {
		t.Errorf("last screen %d, want the final state (%d)", last, len(row.Actions))
	}
	f2.Mu.Lock()
	defer f2.Mu.Unlock()
	if !slices.Contains(f2.Events, host.EvTimeUp) {
		t.Errorf("events %v: no turn played for ann when her clock ran out", f2.Events)
	}
}

// TestUpbeat_InitialPlanTimeUp: a person who has not written a first plan when the
// initial-plan time is up plays "done" (U19): the stored deadline begins the game.
func TestUpbeat_InitialPlanTimeUp(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	f := newScriptFront()
	h, db := hostOn(t, filepath.Join(t.TempDir(), "k.db"), f, clock)
	tb := upOpened(t, h)
	planTimeRunsOut(t, h, f, clock)
	locked(t, h, tb.Row.ID, func(tb *host.Table) {
		g, err := h.UpEngine(tb)
		must(t, err)
		if g.Plan(1) != "" || g.Current() != 1 || tb.Row.Status != store.StatusPlay {
			t.Errorf("ann's plan %q, player %d to act, status %s; want done, ann, play", g.Plan(1), g.Current(), tb.Row.Status)
		}
	})
	if _, ok := upDeadline(t, db); !ok {
		t.Error("no turn clock once ann's first turn is on screen")
	}
}

// TestUpbeat_LobbyEnds: a game nobody starts is cancelled after UpLobbyLife and the
// channel is told, so it cannot hold its channel for ever; its opener may cancel it
// sooner, and nobody else can; a started game is not cancelled by the lobby's clock.
func TestUpbeat_LobbyEnds(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	f := newScriptFront()
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), f, clock)
	open := func(place string) *host.Table { // each on its own server: ann plays one game per server
		tb, err := h.OpenUpbeat(UpOpen{Scope: place, Place: place, Owner: "ann", OwnerName: "Ann", Config: upConfig(),
			Seats: 3, Bots: []string{"easy"}, Seed: 7})
		must(t, err)
		return tb
	}
	idle, cancelled, started := open("c1"), open("c2"), open("c3")
	locked(t, h, cancelled.Row.ID, func(tb *host.Table) {
		if err := h.CancelUpbeat(tb, "bob"); refusedWith(t, err) == "" {
			t.Error("bob cancelled ann's game")
		}
		must(t, h.CancelUpbeat(tb, "ann"))
	})
	if h.InPlace("c2") != nil {
		t.Error("the game ann cancelled still holds its channel")
	}
	locked(t, h, started.Row.ID, func(tb *host.Table) {
		_, err := h.JoinUpbeat(tb, "bob", "Bob")
		must(t, err)
		must(t, h.StartUpbeat(tb, "ann"))
	})
	clock.Advance(UpLobbyLife - time.Second)
	h.RunDue(context.Background())
	if h.InPlace("c1") == nil {
		t.Fatal("the lobby ended before its time")
	}
	clock.Advance(time.Second)
	h.RunDue(context.Background())
	if h.InPlace("c1") != nil {
		t.Error("a lobby nobody started still holds its channel after UpLobbyLife")
	}
	if h.InPlace("c3") == nil {
		t.Error("the lobby's clock cancelled a game that had started")
	}
	f.Mu.Lock()
	n := 0
	for _, k := range f.Notes {
		if k == host.NoteLobbyExpired {
			n++
		}
	}
	f.Mu.Unlock()
	if n != 1 {
		t.Errorf("the channel was told %d times that the lobby ended, want once (game %d)", n, idle.Row.ID)
	}
}

// TestUpbeat_LeaveLobby: whoever joined a lobby can give the seat up before the start,
// so the one-game rule does not hold them in a lobby that may never start; the opener
// cancels instead, and once the game has started only resigning leaves it.
func TestUpbeat_LeaveLobby(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), clock)
	lobby, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c1", Owner: "ann", OwnerName: "Ann", Config: upConfig(),
		Seats: 3, Bots: []string{"easy"}, Seed: 7})
	must(t, err)
	other, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c2", Owner: "cat", OwnerName: "Cat", Config: upConfig(),
		Seats: 2, Seed: 8})
	must(t, err)
	locked(t, h, lobby.Row.ID, func(tb *host.Table) {
		_, err := h.JoinUpbeat(tb, "bob", "Bob")
		must(t, err)
		for _, tc := range []struct{ who, want string }{
			{"ann", "**Cancel** closes it"},
			{"dan", "not in this game"},
		} {
			if msg := refusedWith(t, h.LeaveUpbeat(tb, tc.who)); !strings.Contains(msg, tc.want) {
				t.Errorf("%s leaving: %q, want %q", tc.who, msg, tc.want)
			}
		}
		if msg := refusedWith(t, h.ResignUpbeat(tb, "bob")); !strings.Contains(msg, "**Leave**") {
			t.Errorf("bob resigning in the lobby: %q", msg)
		}
	})
	locked(t, h, other.Row.ID, func(tb *host.Table) {
		if _, err := h.JoinUpbeat(tb, "bob", "Bob"); !strings.Contains(refusedWith(t, err), "<#c1>") {
			t.Errorf("bob joined a second game while seated in the first: %v", err)
		}
	})
	locked(t, h, lobby.Row.ID, func(tb *host.Table) {
		must(t, h.LeaveUpbeat(tb, "bob"))
		if tb.Seat("bob") != 0 || upOpenSeats(tb) != 1 || Lobby(tb).Names[1] != "" {
			t.Errorf("after bob left: seats %q, names %q", Own(tb).Seats, Lobby(tb).Names)
		}
	})
	stored, err := h.DB().Game(context.Background(), lobby.Row.ID)
	must(t, err)
	if slices.Contains(decoded(t, stored).Seats, "bob") {
		t.Errorf("the stored lobby still seats bob: %q", decoded(t, stored).Seats)
	}
	locked(t, h, other.Row.ID, func(tb *host.Table) {
		if _, err := h.JoinUpbeat(tb, "bob", "Bob"); err != nil {
			t.Errorf("bob, having left, could not join another game: %v", err)
		}
		must(t, h.StartUpbeat(tb, "cat"))
		if msg := refusedWith(t, h.LeaveUpbeat(tb, "bob")); !strings.Contains(msg, "has started") {
			t.Errorf("leaving a started game: %q", msg)
		}
	})
}

// TestOneGame_OutIsFree_U16: a player who resigned is out of the game (U16) and free to
// play elsewhere on the server while the others play on; those still in are not.
func TestOneGame_OutIsFree_U16(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), clock)
	tb, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c", Owner: "ann", OwnerName: "Ann", Config: upConfig(), Seats: 3, Seed: 7})
	must(t, err)
	locked(t, h, tb.Row.ID, func(tb *host.Table) {
		for _, u := range []string{"bob", "cat"} {
			_, err := h.JoinUpbeat(tb, u, u)
			must(t, err)
		}
		must(t, h.StartUpbeat(tb, "ann"))
		for _, u := range []string{"ann", "bob", "cat"} {
			_, err := h.WritePlan(tb, u, "invest 1")
			must(t, err)
		}
		if tb.Row.Status != store.StatusPlay {
			t.Fatalf("status %s after every first plan", tb.Row.Status)
		}
		must(t, h.ResignUpbeat(tb, "bob"))
	})
	open := func(who, place string) error {
		_, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: place, Owner: who, OwnerName: who, Config: upConfig(), Seats: 2, Seed: 8})
		return err
	}
	if err := open("bob", "c2"); err != nil {
		t.Errorf("bob, out of the game, could not open another: %v", err)
	}
	if msg := refusedWith(t, open("cat", "c3")); !strings.Contains(msg, "<#c>") {
		t.Errorf("cat, still in, opening another game: %q", msg)
	}
}

// TestUpbeat_LongPlanBounded: issue 23's 40-byte plan under the largest step limit,
// confirmed through the host as the bot does: the turn took 11 to 16 s and kept
// 437 MB of events per game for its screen; now the log kept holds at most
// upbeat.MaxEventsPerEval events, the turn (its commit and screen included) allocates
// under KOMBAT's 64 MB bound, and the summary counts every invest.
func TestUpbeat_LongPlanBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("ten million steps")
	}
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), clock)
	cfg := upConfig()
	cfg.StepLimit, cfg.InitBudget = upbeat.MaxStepLimit, upbeat.MaxAmount
	tb, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c", Owner: "ann", OwnerName: "Ann", Config: cfg, Seats: 2, Seed: 7})
	must(t, err)
	locked(t, h, tb.Row.ID, func(tb *host.Table) {
		_, err := h.JoinUpbeat(tb, "bob", "Bob")
		must(t, err)
		must(t, h.StartUpbeat(tb, "ann"))
		_, err = h.WritePlan(tb, "ann", "while (1) while (1) while (1) invest 1")
		must(t, err)
		began, err := h.WritePlan(tb, "bob", "done")
		must(t, err)
		if !began {
			t.Fatal("the game did not begin")
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		must(t, h.ConfirmUpbeat(tb, "ann"))
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		last := h.UpLast(tb)
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("ann's turn through the host: %s, %d MB allocated, %d events kept, %d invests", took.Round(time.Millisecond), allocated>>20, len(last.Events), last.Tally.Invest.Runs)
		if last.Player != 1 || len(last.Events) > upbeat.MaxEventsPerEval+2 || last.Tally.Invest.Runs < 3_300_000 {
			t.Errorf("the log kept for the screen: player %d, %d events, tally %+v; want ann's, at most %d events, 3.3 million invests",
				last.Player, len(last.Events), last.Tally.Invest, upbeat.MaxEventsPerEval+2)
		}
		if allocated > 64<<20 {
			t.Errorf("the turn allocated %d MB, over KOMBAT's 64 MB bound", allocated>>20)
		}
	})
}

// TestUpbeat_FirstPlansOwed: the first-plans screen is owed like any other (issue 24
// §3): a failed post keeps it owed, with no initial-plan time running while nobody can
// write a plan, however long the outage; a process stopped between Start and the post
// shows it after the restart, and the initial-plan time starts only then, whole.
func TestUpbeat_FirstPlansOwed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	f := newScriptFront(errTransient)
	h, db := hostToRestart(t, path, f, clock)
	tb := upOpened(t, h)
	id := tb.Row.ID
	locked(t, h, id, func(tb *host.Table) {
		if s := tb.Owed(); s == nil || s.Version != upPlansVersion {
			t.Fatalf("owed %+v after the first-plans post failed, want the first plans' screen", s)
		}
	})
	if s, err := db.OwedScreen(context.Background(), id); err != nil || s.Version != upPlansVersion || s.Attempts != 1 {
		t.Errorf("stored debt %+v (%v), want the first plans' screen, one failed attempt", s, err)
	}
	if d, ok := deadlineOf(t, db, host.SetupExpiry); ok {
		t.Errorf("initial-plan time %+v running while its screen is not up", d)
	}
	cfg := upConfig()
	clock.Advance(2 * cfg.InitPlanTime())
	h.RunDue(context.Background())
	locked(t, h, id, func(tb *host.Table) {
		if tb.Row.Status != store.StatusSetup {
			t.Errorf("status %s after an outage longer than the initial-plan time, want setup: nobody could write a plan", tb.Row.Status)
		}
	})
	if got := f.Versions(); len(got) != 0 {
		t.Errorf("screens %v shown while Discord refused them", got)
	}
	<-h.Close()
	db.Close()

	// The process stops with the screen owed; the next one shows it, and only then does
	// the initial-plan time begin.
	clock.Advance(time.Minute)
	f2 := newScriptFront()
	h2, db2 := hostOn(t, path, f2, clock)
	_, err := h2.Restore(context.Background())
	must(t, err)
	h2.Connected()
	if s := f2.Wait(t); s.Version != upPlansVersion {
		t.Fatalf("after the restart, screen %d shown first, want the first plans' (%d)", s.Version, upPlansVersion)
	}
	shownAt := clock.Now()
	d, ok := deadlineOf(t, db2, host.SetupExpiry)
	if !ok || !d.Due.Equal(shownAt.Add(cfg.InitPlanTime())) {
		t.Fatalf("initial-plan time %+v (%v), want due the whole time after the screen went up", d, ok)
	}
	locked(t, h2, id, func(tb *host.Table) {
		if !Lobby(tb).PlansDue.Equal(d.Due) || tb.Owed() != nil {
			t.Errorf("plans due %v, owed %+v; want the deadline shown, nothing owed", Lobby(tb).PlansDue, tb.Owed())
		}
	})
	if _, err := db2.OwedScreen(context.Background(), id); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the first plans' screen is still owed once shown: %v", err)
	}
	planTimeRunsOut(t, h2, f2, clock)
}

// planTimeRunsOut advances the clock to a second before the initial-plan time of the
// first-plans screen just shown runs out, then to the end of it: the game begins (its
// first screen shown) then and not before.
func planTimeRunsOut(t *testing.T, h *testHost, f *scriptFront, clock *host.ManualClock) {
	t.Helper()
	clock.Advance(upConfig().InitPlanTime() - time.Second)
	h.RunDue(context.Background())
	if got := f.Versions(); !slices.Equal(got, []int{upPlansVersion}) {
		t.Fatalf("screens %v before the initial-plan time is up, want the first plans' alone", got)
	}
	clock.Advance(time.Second)
	h.RunDue(context.Background())
	if got := f.Versions(); !slices.Equal(got, []int{upPlansVersion, 0}) {
		t.Fatalf("screens %v once the initial-plan time is up, want the first plans', then the first (0)", got)
	}
}
