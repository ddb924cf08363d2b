package host

import (
	"fmt"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// UPBEAT's auto games: bots alone (game.ModeAuto), opened by someone who watches and
// may Pause and Resume them, as KOMBAT's auto games. They are paced by a stored
// deadline (AutoTurn) rather than KOMBAT's in-memory loop, so that the next turn's time
// survives a restart and a test's clock moves it: each screen, as it goes up, arms the
// next turn AutoStep after the last one was due (upPace); the deadline plays that one
// turn (upAutoTurn), whose screen arms the next, until the game ends (max_turns bounds
// it, U22). A paused game has no deadline; Resume arms one a full step away.

// upPace is when an auto game's next turn is due: AutoStep after the latest turn was
// due, so that the pace holds whatever a turn and its screen took; AutoStep from now
// when that time has passed (a late screen, a restart) or there was none (the first
// turn, after Resume), so every screen stays up a full step at least.
func (h *Host) upPace(t *Table, now time.Time) time.Time {
	if next := t.Up.TurnDue.Add(h.opt.AutoStep); !t.Up.TurnDue.IsZero() && next.After(now) {
		return next
	}
	return now.Add(h.opt.AutoStep)
}

// upAutoTurn plays an auto game's turn due at due (its AutoTurn deadline, armed at
// record position armedAt) and shows it; a stale deadline (the game paused since, or
// its screen not up: showing it arms the next) plays nothing. A turn that fails is
// tried again a step later, so the game never stalls for want of a deadline.
func (h *Host) upAutoTurn(t *Table, due time.Time, armedAt int) error {
	if t.Row.Status != store.StatusPlay || t.Row.Mode != game.ModeAuto || t.Up.Paused || t.owed != nil || armedAt != t.Up.ShownVersion {
		return nil
	}
	t.Up.TurnDue = due
	played, err := h.upAuto(t)
	if err != nil {
		h.Arm(t, AutoTurn, h.clock.Now().Add(h.opt.AutoStep))
		return err
	}
	if played {
		h.GoOn(t)
	}
	return nil
}

// upPause is Pause for an UPBEAT game: only an auto game pauses, and only its opener
// pauses or resumes it (Lobby.MayPause's rule and words). Pausing clears the next
// turn's deadline; resuming arms it a full step away (or the owed screen does, once
// shown).
func (h *Host) upPause(t *Table, user string, stop bool) error {
	if user != t.Up.Owner { // in words of Stop, not of Pause
		return refuse(CodeOnlySome, "Only %s, who started this game, can stop it.", User(t.Up.Owner))
	}
	if t.Row.Status != store.StatusPlay {
		return refuse(CodeNotInPlay, "The game is not in play.")
	}
	if t.Up.Paused == stop {
		return nil
	}
	err := h.Change(t, func() error {
		t.Up.Paused, t.Up.TurnDue = stop, time.Time{}
		return h.SaveMeta(t)
	})
	if err != nil {
		return fmt.Errorf("host: pause: %w", err)
	}
	switch {
	case stop:
		h.Disarm(t, AutoTurn)
	case t.owed == nil:
		h.Arm(t, AutoTurn, h.upPace(t, h.clock.Now()))
	}
	return nil
}

// Paused reports whether an auto game (KOMBAT's or UPBEAT's) waits for Resume.
func (t *Table) Paused() bool {
	p, ok := t.game().(Pauser)
	return ok && p.Paused()
}

// AutoStep is the pause between turns of an auto game.
func (h *Host) AutoStep() time.Duration { return h.opt.AutoStep }

// StopUpbeat ends an UPBEAT auto game now, as at its turn limit (upbeat's Stop: the
// winner as U22 says), at its opener's request: a game of the default configuration
// runs a thousand turns a bot, hours at the auto pace, and Pause alone would hold its
// thread for good. Its final screen follows, as after a last turn.
func (h *Host) StopUpbeat(t *Table, user string) error {
	if t.Row.Mode != game.ModeAuto {
		return refuse(CodeNotAuto, "Only a game of bots can be stopped: players end theirs by playing, or with %s.", Command("upbeat resign"))
	}
	if user != t.Up.Owner { // in words of Stop, not of Pause
		return refuse(CodeOnlySome, "Only %s, who started this game, can stop it.", User(t.Up.Owner))
	}
	if t.Row.Status != store.StatusPlay {
		return refuse(CodeNotInPlay, "The game is not in play.")
	}
	g, err := h.UpEngine(t)
	if err != nil {
		return err
	}
	if err := g.Stop(); err != nil {
		t.Forget()
		return err
	}
	if err := h.CommitShown(t, Event{Kind: EvStop}); err != nil {
		return err
	}
	h.Disarm(t, AutoTurn)
	h.GoOn(t)
	return nil
}
