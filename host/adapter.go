package host

import (
	"context"
	"encoding/json"
	"log/slog"
	"math"
	"time"

	"github.com/kombat-game/kombat/store"
)

// What the core offers a game's adapter (a package that implements Hosted for its
// game, as upbeathost does UPBEAT's): its store, the log and the front, seating under
// the one-game-per-person rule, the screens owed and the game going on after a change
// (CommitShown, GoOn), the one finishing path (Finished), lobby changes that roll back
// (Change), deadlines (Arm, Disarm, by the table's Version), the clock (Now), replays'
// lock and cache (LockReplays, Recent) and the ratings' helpers (EloK, BotRating, Expected,
// Standings). The adapter holds its rules; the core holds the table.

// Refuse is a refusal of the house's (Refusal), for an adapter's checks: format is the
// house's sentence, args its arguments (User, Place, Command, Control, Name and
// plain values).
func Refuse(code Code, format string, args ...any) *Refusal { return refuse(code, format, args...) }

// DB is the host's store, for an adapter's reads and its game's own commits.
func (h *Host) DB() *store.DB { return h.db }

// WriteContext is the context of the host's writes: Close waits for them rather than
// cutting them off.
func (h *Host) WriteContext() context.Context { return h.wctx }

// Log is the host's log.
func (h *Host) Log() *slog.Logger { return h.log }

// Front is where the host's games are shown, for an adapter's notes (Front.Tell).
func (h *Host) Front() Front { return h.front }

// Seat seats people in t, a game waiting for players, under the one-game-per-person
// rule: it refuses when one of users (the first is the one asking) is in another game
// of t's server, and otherwise runs f, which seats them and stores it, then records
// t's seats (Reseat). No other seating runs meanwhile.
func (h *Host) Seat(t *Table, users []string, f func() error) error {
	h.seating.Lock()
	defer h.seating.Unlock()
	if err := h.seatFree(t.Row.Scope, t.Row.ID, users...); err != nil {
		return err
	}
	if err := f(); err != nil {
		return err
	}
	h.Reseat(t)
	return nil
}

// SaveMetaOwing is SaveMeta, owing the screen of version (no summary) in the same
// transaction.
func (h *Host) SaveMetaOwing(t *Table, version int) error {
	raw, err := json.Marshal(t.lobby())
	if err != nil {
		return err
	}
	t.Row.Setup = raw
	return h.db.SaveMetaOwing(h.wctx, t.Row, version, "")
}

// Owe records that t's place needs the screen of version (no summary), stored as owed
// already: the host shows it (GoOn, Retry).
func (t *Table) Owe(version int) { t.owed = &store.Screen{Game: t.Row.ID, Version: version} }

// Retry delivers t's owed screen in the background and goes on with the game, as
// after a restart (Hosted.Wake).
func (h *Host) Retry(t *Table) { h.retryLater(t, 0) }

// LockReplays takes the host's replay lock and returns its release: replays run one
// at a time, leaving the games in play the machine's other cores.
func (h *Host) LockReplays() (unlock func()) {
	h.replaying.Lock()
	return h.replaying.Unlock
}

// The ratings' constants every game's rating policy shares.
const (
	// EloK is the most a game can move a rating: 16 between equals.
	EloK = 32.0
	// BotRating is the fixed rating of the built-in bot, the opponent in solitaire.
	BotRating = 1200.0
)

// Expected is the expected score of a player rated a against one rated b (Elo): the
// ratings' arithmetic every game's rating policy shares.
func Expected(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }

// Background runs f in the background as the host's work, which Close waits for, with
// a context done when Close begins; it reports false, f not run, once Close has begun.
func (h *Host) Background(f func(ctx context.Context)) bool {
	if !h.begin() {
		return false
	}
	go func() {
		defer h.work.Done()
		f(h.ctx)
	}()
	return true
}

// Backoff is the wait before the nth retry in a row of what failed: RetryBase,
// doubled each time up to RetryMax.
func (h *Host) Backoff(n int) time.Duration { return h.backoff(n) }

// Show delivers the screen t owes, if any; the caller holds the lock. On a failure
// the debt stays, counted, and a permanent failure pauses it (ErrScreenPaused).
func (h *Host) Show(t *Table) error { return h.show(t) }

// Reload gives t up, for the game to be loaded again from the store (Adopt): after
// its record moved on without this process (store.ErrConflict).
func (h *Host) Reload(t *Table) { h.reload(t) }
