package host

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/store"
)

// Clock tells the time; tests use a clock they move by hand.
type Clock interface {
	Now() time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Options configure a Host.
type Options struct {
	DB    *store.DB
	Front Front            // where games are shown; required
	Lang  *interp.Language // nil: each game's adapter uses its own (kombathost.Kombat.Lang)
	Log   *slog.Logger     // nil: slog.Default()
	Clock Clock            // nil: the system clock
	// AutoStep is the pause between turns of an auto game; 0: 3 seconds.
	AutoStep time.Duration
	// RetryBase and RetryMax bound the backoff between deliveries of a screen the
	// front failed to show; 0: 1 second and 30 seconds.
	RetryBase, RetryMax time.Duration
	// Mine says which stored games this process hosts (a shard's share); nil: all.
	Mine func(*store.Game) bool
	// Games are the games hosted, each plugged in by its adapter package
	// (kombathost.Plug, upbeathost.Plug); a stored game of another is not hosted.
	Games []Plug
}

// Host hosts the games of one process: its tables, their records, clocks and screens.
// Every change to a game happens under its table's lock (Lock), which the caller
// holds when it calls a method taking a *Table.
type Host struct {
	opt  Options
	db   *store.DB
	lang *interp.Language
	// Replays run one at a time (replaying, LockReplays), leaving the games in play the
	// machine's other cores, and resume from what the last ones kept: each adapter's
	// own (Recent: KOMBAT's frames, UPBEAT's checkpoints).
	replaying sync.Mutex
	log       *slog.Logger
	clock     Clock
	front     Front
	tables    *registry
	games     map[store.GameName]Game // by name: KOMBAT's and Options.Games
	unnamed   store.GameName          // the game of the rows that name none (Plug.Unnamed)
	libraries []LibraryKind           // the registered games' libraries (Plug.Library)
	stops     []error                 // the games' errors of an evaluation Close halted (Plug.Stopped)
	halt      atomic.Bool             // raised by Close: running evaluations stop (Halt; Plug.Stopped)
	ctx       context.Context         // cancelled by Close: loops stop
	cancel    context.CancelFunc
	wctx      context.Context // for the store: Close waits for writes rather than cutting them off
	wmu       sync.Mutex      // orders begin against Close
	work      sync.WaitGroup  // auto games and screen retries in flight
	closed    bool
	notes     []pending // told once the front is up (Connected)
	finals    []*Table  // finished games whose final screen is owed, from Restore

	// adopting orders Adopt (which holds it) against the creation of a game (which
	// reads it), so Adopt never takes up a game between its row and its claim;
	// unhostable are the games Restore or Adopt could not host, not tried again.
	adopting   sync.RWMutex
	unhostable map[int64]bool
	// relost are the games this process lost with its claims' session: Adopt takes
	// them up again at once, however new (AdoptGrace is for other processes' games).
	relost map[int64]bool
	// lostNow is len(relost), for health checks that must not wait for Adopt.
	lostNow atomic.Int64

	// armed tells Tick's loop that a deadline was armed (Arm), so it wakes for one due
	// before its next wake-up (an auto game's first turn at a pace under a second).
	armed chan struct{}
	// ran tells Tick's loop that a game's due deadlines ran in the background and were
	// all carried out (runDue): one that came due meanwhile was left to it, so it looks again.
	ran chan struct{}
	// retry tells Tick's loop to run the due deadlines again after a wait: one whose
	// action failed could not be moved on (the store refused that too), and is still due.
	retry chan time.Duration

	// seating is held while people take seats (a game created, an UPBEAT seat joined),
	// so two at once cannot both pass the one-game-per-person check (seatFree).
	seating sync.Mutex
}

// pending is a note owed to a game's place from Restore.
type pending struct {
	t *Table
	n Note
}

// New prepares a host; Restore loads the stored games and Connected starts them.
func New(opt Options) (*Host, error) {
	if opt.DB == nil || opt.Front == nil {
		return nil, errors.New("host: a database and a front are required")
	}
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	if opt.Clock == nil {
		opt.Clock = systemClock{}
	}
	if opt.AutoStep == 0 {
		opt.AutoStep = 3 * time.Second
	}
	if opt.RetryBase == 0 {
		opt.RetryBase = time.Second
	}
	if opt.RetryMax == 0 {
		opt.RetryMax = 30 * time.Second
	}
	if opt.Mine == nil {
		opt.Mine = func(*store.Game) bool { return true }
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := &Host{opt: opt, db: opt.DB, lang: opt.Lang, log: opt.Log, clock: opt.Clock, front: opt.Front,
		tables: newRegistry(), unhostable: map[int64]bool{}, relost: map[int64]bool{}, ctx: ctx, cancel: cancel, wctx: context.WithoutCancel(ctx), armed: make(chan struct{}, 1), ran: make(chan struct{}, 1),
		retry: make(chan time.Duration, 1)}
	h.games = map[store.GameName]Game{}
	for _, p := range opt.Games {
		if h.games[p.Name] != nil || p.Unnamed && h.games[""] != nil {
			cancel()
			return nil, fmt.Errorf("host: game %q is registered twice (or a second game claims the rows that name none)", p.Name)
		}
		h.games[p.Name] = p.New(h)
		if p.Stopped != nil {
			h.stops = append(h.stops, p.Stopped)
		}
		if p.Library.Game != "" {
			h.libraries = append(h.libraries, p.Library)
		}
		if p.Unnamed {
			h.games[""], h.unnamed = h.games[p.Name], p.Name
		}
	}
	return h, nil
}

// stopped reports whether err is an evaluation that Close halted (a game's
// Plug.Stopped): what is left undone is done again at the next start.
func (h *Host) stopped(err error) bool {
	for _, s := range h.stops {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// Lang is the strategy language the host was given (Options.Lang), or nil: a game's
// adapter then uses its own.
func (h *Host) Lang() *interp.Language { return h.lang }

// Halt is the flag Close raises to stop evaluations in flight, for work outside the
// host (tournaments, replays) that must stop with it.
func (h *Host) Halt() *atomic.Bool { return &h.halt }

// Close stops the host's loops and evaluations and returns a channel closed when the
// work in flight has finished; each piece commits or changes nothing, so the caller
// may stop waiting whenever it must.
func (h *Host) Close() <-chan struct{} {
	h.wmu.Lock()
	h.closed = true
	h.wmu.Unlock()
	h.halt.Store(true)
	h.cancel()
	done := make(chan struct{})
	go func() {
		h.work.Wait()
		for _, t := range h.tables.all() { // nothing runs them now: another process may
			t.mu.Lock()
			h.release(t)
			t.mu.Unlock()
		}
		close(done)
	}()
	return done
}

// begin counts one background run (an auto game, a retry) that Close waits for, or
// reports false once Close has begun.
func (h *Host) begin() bool {
	h.wmu.Lock()
	defer h.wmu.Unlock()
	if h.closed {
		return false
	}
	h.work.Add(1)
	return true
}

// Connected starts what waited for the front: notes owed since Restore, the screens
// owed, what each game needs on waking (Hosted.Wake).
func (h *Host) Connected() {
	for _, p := range h.notes {
		h.front.Tell(p.t, p.n)
	}
	h.notes = nil
	for _, t := range append(h.tables.all(), h.finals...) {
		t.mu.Lock()
		h.wake(t)
		t.mu.Unlock()
	}
	h.finals = nil
}

// wake starts what a game just loaded needs: the delivery of the screen it owes, the
// bot's turn nothing else would play, an auto game's next turn. The caller holds the lock.
func (h *Host) wake(t *Table) {
	if t.owed != nil && t.owed.Paused == "" {
		h.retryLater(t, 0)
	}
	t.game().Wake(h)
}

// AutoStep is the pause between turns of an auto game.
func (h *Host) AutoStep() time.Duration { return h.opt.AutoStep }

// Now is the host's time, by its clock.
func (h *Host) Now() time.Time { return h.clock.Now() }

// ManualClock is a clock moved by hand, for tests of clocks and reminders: it stands
// still until Advance.
type ManualClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewManualClock is a clock standing at now.
func NewManualClock(now time.Time) *ManualClock { return &ManualClock{now: now} }

// Now is the clock's time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
