package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/kombat-game/kombat/store"
)

// Screens that heal. A change that needs a new screen in the game's place (the board
// after a turn, the free spawns, the final result) owes that screen in the same
// transaction that stores the change (store.DB.CommitRated with a summary). The front
// then shows it under a name made of the game and the state, so a retried post whose
// first answer was lost stays one message; only once the front has shown it does the old screen
// lose its controls, the turn clock start, and the debt go. A transient failure is
// retried with backoff, at start-up too; a permanent one (no permission, place gone)
// pauses the game's screen until Resume.

// Front is where a host's games are shown: a chat, or a test's record of screens.
// It words what happened; the host decides when.
type Front interface {
	// Show puts the screen the game owes now (the board and the controls of the
	// player to act, the free spawns, or the final result) in the game's place, with
	// s.Summary above it, and returns the handle of what it posted. Showing the same
	// game and version twice must make one screen (the front names it by both).
	Show(t *Table, s *store.Screen) (string, error)
	// Retire takes the controls off the screen shown before, once the new one is up.
	Retire(t *Table, old string)
	// Permanent says why err will not pass by itself ("" when it may).
	Permanent(err error) string
	// Summary words what happened, for the screen that shows it.
	Summary(t *Table, e Event) string
	// Tell tells a game's place something outside its screens: a reminder, an expiry.
	Tell(t *Table, n Note)
}

// EventKind is what changed a game.
type EventKind int

// The events a screen's summary words.
const (
	EvStart   EventKind = iota // the kinds are fixed (free spawns), or the free spawns made
	EvTurn                     // a player (or the bot) played a turn
	EvTimeUp                   // the clock played a turn for a player
	EvForfeit                  // a player missed MaxMisses turns in a row
	EvResign                   // a player resigned
	EvStop                     // an auto game was stopped early (UPBEAT's: upbeathost.Up.StopUpbeat)
)

// Event is what happened to a game, for its summary.
type Event struct {
	Kind   EventKind
	Player int // the seat it happened to
	Misses int // turns in a row the clock played (EvTimeUp)
	// Turn is the game's own log of the turn played (EvTurn, EvTimeUp), for its front:
	// KOMBAT's game.TurnLog, UPBEAT's upbeat.TurnLog.
	Turn any
}

// NoteKind is what a note tells.
type NoteKind int

// The notes a host gives a game's place.
const (
	NoteChallengeExpired NoteKind = iota // nobody answered the challenge; it is cancelled
	NoteSetupExpired                     // the kinds were not agreed in time; cancelled
	NoteReminder                         // Player's time is running out: Left remains
	NoteLowered                          // the stored configuration was lowered to the bounds (Text: what)
	NoteAbandoned                        // the stored game cannot replay within the bounds; ended (Text: what)
	NoteLobbyExpired                     // a lobby was not started in time (UPBEAT's: upbeathost.UpLobbyLife); cancelled
)

// Note is something a host tells a game's place outside its screens.
type Note struct {
	Kind   NoteKind
	Player int
	Left   time.Duration
	Text   string
}

// ErrScreenPaused is returned while a game's screen waits for Resume.
var ErrScreenPaused = errors.New("host: the game's screen is paused")

// show delivers the screen the game owes, if any; the caller holds the lock. On a
// failure the debt stays, counted, and a permanent failure pauses it.
func (h *Host) show(t *Table) error {
	s := t.owed
	if s == nil {
		return nil
	}
	if s.Paused != "" {
		return ErrScreenPaused
	}
	// The clock is stored before the screen that starts it is shown, so a crash cannot
	// leave controls on screen without a clock; it is taken back if the post fails, and
	// a deadline that comes due while a screen is owed plays nothing, so no one loses a
	// turn to an outage. Each delivery gives the full time again (UPBEAT: the revision
	// clock's time left).
	if err := t.game().ArmClock(h); err != nil {
		return err
	}
	shown, err := h.front.Show(t, s)
	if err != nil {
		t.game().DisarmClock(h) // the clock waits for the screen that shows it
		s.Attempts++
		s.LastError = err.Error()
		if why := h.front.Permanent(err); why != "" {
			s.Paused = why
			h.log.Error("game screen paused", "game", t.Row.ID, "place", t.Row.Place, "reason", why, "err", err)
		}
		if err := h.db.ScreenFailed(h.wctx, t.Row.ID, s.Version, s.LastError, s.Paused); err != nil {
			h.log.Error("record screen failure", "game", t.Row.ID, "err", err)
		}
		return fmt.Errorf("host: show game %d: %w", t.Row.ID, err)
	}
	// The new screen is up: only now does the old one lose its controls, so there is
	// never a moment without controls but an outage.
	if old := t.Row.Shown; old != "" && old != shown {
		h.front.Retire(t, old)
	}
	// The lobby as it stands with the screen up (its summary; UPBEAT's clock start) is
	// stored with the screen, in one transaction.
	summary := t.game().Summary()
	before := *summary
	*summary = s.Summary
	raw, err := json.Marshal(t.lobby())
	if err == nil {
		err = h.db.ScreenShown(h.wctx, t.Row.ID, s.Version, shown, raw)
	}
	if err != nil {
		*summary = before
		// The screen is up but not recorded: the retry must look for it before it posts
		// (a follow-up has no nonce to make a second post the same message).
		s.Attempts++
		s.LastError = "recording the screen shown: " + err.Error()
		return err
	}
	t.Row.Setup, t.Row.Shown = raw, shown
	t.owed = nil
	if !t.Row.Status.Active() {
		h.release(t) // a finished game's final screen is up: nothing more to run
	}
	return nil
}

// afterTurn shows the screen the game owes, then plays the bot's turn if it is next
// (auto games play on by their stored deadline), until a person is to act or the game is
// over. It stops at the first screen the front does not take; the caller holds the
// lock.
func (h *Host) afterTurn(t *Table) error {
	for {
		if err := h.show(t); err != nil {
			return err
		}
		if more, err := t.game().Next(h); err != nil || !more {
			return err
		}
	}
}

// GoOn shows what the game owes and plays on (afterTurn); a failure is retried in the
// background unless it paused the screen. The caller holds the lock.
func (h *Host) GoOn(t *Table) {
	err := h.afterTurn(t)
	if err == nil || errors.Is(err, ErrScreenPaused) || h.stopped(err) {
		return
	}
	if t.owed != nil && t.owed.Paused != "" {
		return
	}
	h.log.Warn("game screen not delivered; retrying", "game", t.Row.ID, "err", err)
	h.retryLater(t, h.opt.RetryBase)
}

// retryLater keeps delivering a game's owed screen with backoff, then goes on with the
// game (the bot's turn; an auto game's screen arms its next turn), until it is shown, paused, or the host
// closes. One retrier per game.
func (h *Host) retryLater(t *Table, wait time.Duration) {
	h.repeat(t, &t.retrying, wait, func() (time.Duration, bool) {
		err := h.afterTurn(t)
		if err == nil || errors.Is(err, ErrScreenPaused) || t.owed != nil && t.owed.Paused != "" {
			t.retrying = false
			return 0, false
		}
		// Doubled from at least RetryBase: a retry that began at once (wait 0, at
		// start-up) would otherwise go on at once, hammering the front and the store.
		wait = min(max(2*wait, h.opt.RetryBase), h.opt.RetryMax)
		h.log.Warn("game screen not delivered; retrying", "game", t.Row.ID, "in", wait, "err", err)
		return wait, true
	})
}

// repeat runs step under t's lock after each wait (the first, then the one step
// returns) until step says it is done or the host closes; running is the game's flag
// for this loop (one of each per game): step clears it when it is done.
func (h *Host) repeat(t *Table, running *bool, wait time.Duration, step func() (time.Duration, bool)) {
	if *running || !h.begin() {
		return
	}
	*running = true
	go func() {
		defer h.work.Done()
		for more := true; more; {
			select {
			case <-h.ctx.Done():
				t.mu.Lock()
				*running = false
				t.mu.Unlock()
				return
			case <-time.After(wait):
			}
			t.mu.Lock()
			if t.dropped { // another process may run the game now
				*running = false
				t.mu.Unlock()
				return
			}
			wait, more = step()
			t.mu.Unlock()
		}
	}()
}

// Resume tries again to show a game whose screen was paused by a permanent failure
// (someone asked for the game in its place, so the place may work again). It reports
// whether the screen was paused.
func (h *Host) Resume(t *Table) (bool, error) {
	s := t.owed
	if s == nil || s.Paused == "" {
		return false, nil
	}
	if err := h.db.ResumeScreen(h.wctx, t.Row.ID); err != nil {
		return true, err
	}
	s.Paused = ""
	h.retryLater(t, 0)
	return true, nil
}

// loadScreens reads the screens owed when the host stopped: each registered game
// learns its debt, and finished games' final screens are kept aside.
func (h *Host) loadScreens(ctx context.Context) error {
	owed, err := h.db.OwedScreens(ctx)
	if err != nil {
		return fmt.Errorf("host: load owed screens: %w", err)
	}
	for _, s := range owed {
		t := h.tables.get(s.Game)
		if t == nil {
			row, err := h.db.Game(ctx, s.Game)
			if err != nil {
				h.log.Error("owed screen of an unknown game", "game", s.Game, "err", err)
				continue
			}
			if !h.opt.Mine(row) || row.Status.Active() {
				continue // an active game this process does not hold: another's to show
			}
			// A finished game's final screen is shown once, by one process: the one
			// that claims it (a same-shard twin may be starting too).
			claim, err := h.db.ClaimGame(ctx, row.ID)
			if err != nil {
				if !errors.Is(err, store.ErrClaimed) {
					h.log.Error("claim a finished game's final screen", "game", row.ID, "err", err)
				}
				continue
			}
			if t, err = h.table(row); err != nil {
				h.log.Error("final screen of a game this host does not host", "game", row.ID, "err", err)
				t = &Table{Row: row, claim: claim}
				h.release(t)
				continue
			}
			t.claim = claim // never registered again
			if err := json.Unmarshal(row.Setup, t.lobby()); err != nil {
				h.log.Error("game has unreadable setup", "game", row.ID, "err", err)
			}
			h.finals = append(h.finals, t)
		}
		t.owed = &s
	}
	return nil
}
