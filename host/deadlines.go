package host

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/kombat-game/kombat/store"
)

// Arm stores a deadline of the game, due at due. It carries the record position, so
// a turn played meanwhile makes it stale. A store that refuses it is logged.
func (h *Host) Arm(t *Table, kind Deadline, due time.Time) {
	if err := h.arm(t, kind, due); err != nil {
		h.log.Error("set deadline", "game", t.Row.ID, "kind", kind, "err", err)
	}
}

// arm is Arm, saying whether the store kept the deadline.
func (h *Host) arm(t *Table, kind Deadline, due time.Time) error {
	t.Row.UpdatedAt = h.clock.Now()
	err := h.db.SetDeadline(h.wctx, store.Deadline{Kind: string(kind), Key: strconv.FormatInt(t.Row.ID, 10), Due: due,
		Payload: strconv.Itoa(t.Version())})
	if err != nil {
		return err
	}
	signal(h.armed)
	return nil
}

// signal tells Tick's loop something through c without waiting: one signal is enough.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// Disarm clears a deadline of the game.
func (h *Host) Disarm(t *Table, kind Deadline) {
	if err := h.db.ClearDeadline(h.wctx, string(kind), strconv.FormatInt(t.Row.ID, 10)); err != nil {
		h.log.Error("clear deadline", "game", t.Row.ID, "kind", kind, "err", err)
	}
}

// disarmAll clears every deadline of the game, of whatever kind its adapter armed:
// for a game that ended.
func (h *Host) disarmAll(t *Table) {
	if err := h.db.ClearDeadlines(h.wctx, strconv.FormatInt(t.Row.ID, 10)); err != nil {
		h.log.Error("clear deadlines", "game", t.Row.ID, "err", err)
	}
}

// Tick checks deadlines until the host closes, first at once: at the next deadline, or after a second
// when none is sooner (an auto game at a pace under a second keeps its pace, rather
// than one turn a second). Once a second it first checks that this process still
// holds its games (checkClaims); every few seconds it also takes up the games of its
// share that no process hosts (Adopt).
func (h *Host) Tick() {
	if !h.begin() {
		return
	}
	go func() {
		defer h.work.Done()
		// The first check is at once: deadlines that came due before Tick began (while
		// the process was down, or armed as its games were loaded) do not wait a second.
		timer := time.NewTimer(0)
		defer timer.Stop()
		wake := time.Now()          // when timer fires
		var target, fired time.Time // the deadline it fires for (zero: none), and the last it fired for
		claims, adopted := time.Now(), time.Now()
		for {
			select {
			case <-h.ctx.Done():
				return
			case <-h.ran:
				// A game's run ended: a deadline that came due while it ran was left.
				h.runDue(h.ctx, false)
			case w := <-h.retry:
				// A failed deadline still due is tried again after its backoff, as
				// the store allows, rather than at the next second's check.
				if time.Now().Add(w).Before(wake) {
					timer.Reset(w)
					wake, target = time.Now().Add(w), time.Time{}
				}
				continue
			case <-h.armed:
				// A deadline armed meanwhile may be due before the timer.
				if wait, due := h.untilNext(h.ctx, fired); time.Now().Add(wait).Before(wake) {
					timer.Reset(wait)
					wake, target = time.Now().Add(wait), due
				}
				continue
			case now := <-timer.C:
				fired = target
				if now.Sub(claims) >= time.Second {
					h.checkClaims(h.ctx)
					claims = now
				}
				h.runDue(h.ctx, false)
				if now.Sub(adopted) >= scanEvery {
					h.Adopt(h.ctx)
					adopted = now
				}
			}
			var wait time.Duration
			wait, target = h.untilNext(h.ctx, fired)
			timer.Reset(wait)
			wake = time.Now().Add(wait)
		}
	}()
}

// untilNext is how long Tick sleeps, and the deadline it wakes for (zero when none):
// until the soonest stored deadline still to come by the host's clock, if it is within
// a second, else a second. One already due that is left is not this process's to run
// now (RunDue has just run its own, or put off one that failed), so it waits for the
// next second's check: never a busy loop. Nor is a deadline woken for already (fired)
// that is still to come woken for again at once: the host's clock did not move with
// the timer (a test's manual clock), and the loop would spin until it did.
func (h *Host) untilNext(ctx context.Context, fired time.Time) (time.Duration, time.Time) {
	now := h.clock.Now()
	d, ok, err := h.db.NextDeadlineAfter(ctx, now)
	if err != nil || !ok || d.Due.Equal(fired) {
		return time.Second, time.Time{}
	}
	if wait := d.Due.Sub(now); wait < time.Second {
		// A millisecond more: deadlines are stored to the millisecond, and a timer a
		// hair early by the wall clock would find the deadline not yet due.
		return max(wait, 0) + time.Millisecond, d.Due
	}
	return time.Second, time.Time{}
}

// RunDue handles every deadline of this process's games that is due by the host's
// clock: expired challenges and setups, turn reminders, turns whose time ran out, auto
// turns. Each game's deadlines run in order under its lock, and the games run
// concurrently, so one game's slow turn (a strategy that spends its step limit) holds
// no other's; RunDue returns once they have all run. A game whose deadlines are still
// running from the last call (Tick's) is left to them. A deadline of a game this
// process does not hold is left alone: it is another process's to run, or its game
// ended (Adopt clears those). One whose action fails (the store refused) stays, moved
// on with backoff, and is tried again.
func (h *Host) RunDue(ctx context.Context) { h.runDue(ctx, true) }

// runDue is RunDue, returning at once when wait is false (Tick's: the games' deadlines
// run on in the background, as the host's work Close waits for).
func (h *Host) runDue(ctx context.Context, wait bool) {
	due, err := h.db.Deadlines(ctx, h.clock.Now())
	if err != nil {
		h.log.Error("load deadlines", "err", err)
		return
	}
	var order []int64 // the games, by their soonest deadline
	byGame := map[int64][]store.Deadline{}
	for _, d := range due {
		id, err := strconv.ParseInt(d.Key, 10, 64)
		if err != nil {
			continue
		}
		if byGame[id] == nil {
			order = append(order, id)
		}
		byGame[id] = append(byGame[id], d)
	}
	var wg sync.WaitGroup
	for _, id := range order {
		t := h.tables.get(id)
		if t == nil || !t.due.CompareAndSwap(false, true) {
			continue // not this process's game, or its deadlines are running already
		}
		if !h.begin() {
			t.due.Store(false)
			break // closing: the deadlines stay, for the next start
		}
		wg.Add(1)
		go func() {
			defer h.work.Done()
			defer wg.Done()
			ok := true
			for _, d := range byGame[id] {
				ok = h.runDeadline(id, d) && ok
			}
			t.due.Store(false)
			if ok && !wait {
				signal(h.ran) // not after a failure: it would run again at once, and again
			}
		}()
	}
	if wait {
		wg.Wait()
	}
}

// runDeadline carries out one due deadline of game id under its lock, then clears it,
// or postpones it with backoff when its action failed (writes Close waits for rather
// than cuts off, as the action's own). It reports whether the
// deadline was carried out and cleared.
func (h *Host) runDeadline(id int64, d store.Deadline) bool {
	t := h.lockHosted(id)
	if t == nil {
		return false // not this process's game, or it ended while we waited
	}
	err := h.expire(t, d)
	wait := time.Duration(0)
	if err != nil {
		t.fails++
		wait = h.backoff(t.fails)
	} else {
		t.fails = 0
	}
	t.Unlock()
	if err != nil {
		if h.stopped(err) {
			return false // shutting down: the deadline stays, for the next start
		}
		h.log.Warn("deadline not carried out; tried again", "game", id, "deadline", d.Kind, "in", wait, "err", err)
		if _, err := h.db.PostponeDeadlineIf(h.wctx, d, h.clock.Now().Add(wait)); err != nil {
			h.log.Error("postpone deadline", "kind", d.Kind, "key", d.Key, "err", err) // still due: Tick tries it after the wait
			select {
			case h.retry <- wait:
			default:
			}
		} else {
			signal(h.armed) // Tick wakes for it, when that is within a second
		}
		return false
	}
	// Only this deadline: expire may have armed the next turn's clock under the
	// same kind and key, and that one must survive.
	if _, err := h.db.ClearDeadlineIf(h.wctx, d); err != nil {
		h.log.Error("clear deadline", "kind", d.Kind, "key", d.Key, "err", err)
		return false
	}
	return true
}

// AutoPace is when an auto game's next turn is due, whatever the game: AutoStep after
// its latest turn was due (last), so that the pace holds whatever a turn and its
// screen took; AutoStep from now when that time has passed (a late screen, a restart)
// or there was none (zero: the first turn, after Resume), so every screen stays up a
// full step at least.
func (h *Host) AutoPace(last time.Time) time.Time {
	now, step := h.clock.Now(), h.opt.AutoStep
	if next := last.Add(step); !last.IsZero() && next.After(now) {
		return next
	}
	return now.Add(step)
}

// ArmAuto stores an auto game's next turn (AutoTurn), due at its pace after the turn
// due at last (AutoPace): every game's auto games are paced so, by a deadline in the
// store rather than a loop in memory, which a restart or another process adopting the
// game carries on. The deadline carries the record position (Arm), so a turn played
// meanwhile makes it stale. An error says the store did not keep it: the game has no
// next turn, so a screen about to arm it (Hosted.ArmClock) is not shown but retried.
func (h *Host) ArmAuto(t *Table, last time.Time) error {
	if err := h.arm(t, AutoTurn, h.AutoPace(last)); err != nil {
		return fmt.Errorf("host: arm game %d's auto turn: %w", t.Row.ID, err)
	}
	return nil
}

// expire carries out what a due deadline does, as its game says; the caller holds the lock.
// An error says it did not happen, and is to be tried again.
func (h *Host) expire(t *Table, d store.Deadline) error { return t.game().Expire(h, d) }
