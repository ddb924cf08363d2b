package upbeathost

import (
	"fmt"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
)

// UPBEAT's auto games: bots alone (match.ModeAuto), opened by someone who watches and
// may Pause and Resume them, as KOMBAT's auto games. They are paced by a stored
// deadline (AutoTurn), as every game's auto games are, so that the next turn's time
// survives a restart and a test's clock moves it: each screen, as it goes up, arms the
// next turn AutoStep after the last one was due (host.ArmAuto); the deadline plays that one
// turn (upAutoTurn), whose screen arms the next, until the game ends (max_turns bounds
// it, U22). A paused game has no deadline; Resume arms one a full step away.

// upAutoTurn plays an auto game's turn due at due (its AutoTurn deadline, when Decide
// says the deadline is not stale) and shows it. A turn that fails is tried again a step
// later, so the game never stalls for want of a deadline.
func (u *Up) upAutoTurn(t *host.Table, due time.Time) error {
	Lobby(t).TurnDue = due
	played, err := u.upAuto(t)
	if err != nil {
		if aerr := u.h.ArmAuto(t, time.Time{}); aerr != nil {
			u.h.Log().Error("auto game", "game", t.Row.ID, "err", aerr)
		}
		return err
	}
	if played {
		u.h.GoOn(t)
	}
	return nil
}

// upPause is Pause for an UPBEAT game: only an auto game pauses, and only its opener
// pauses or resumes it (Lobby.MayPause's rule and words). Pausing clears the next
// turn's deadline; resuming arms it a full step away (or the owed screen does, once
// shown).
func (u *Up) upPause(t *host.Table, user string, stop bool) error {
	if user != Lobby(t).Owner { // in words of Stop, not of Pause
		return host.Refuse(host.CodeOnlySome, "Only %s, who started this game, can stop it.", host.User(Lobby(t).Owner))
	}
	if t.Row.Status != store.StatusPlay {
		return host.Refuse(host.CodeNotInPlay, "The game is not in play.")
	}
	if Lobby(t).Paused == stop {
		return nil
	}
	err := u.h.Change(t, func() error {
		Lobby(t).Paused, Lobby(t).TurnDue = stop, time.Time{}
		return u.h.SaveMeta(t)
	})
	if err != nil {
		return fmt.Errorf("host: pause: %w", err)
	}
	switch {
	case stop:
		u.h.Disarm(t, host.AutoTurn)
	case t.Owed() == nil:
		return u.h.ArmAuto(t, Lobby(t).TurnDue)
	}
	return nil
}

// StopUpbeat ends an UPBEAT auto game now, as at its turn limit (upbeat's Stop: the
// winner as U22 says), at its opener's request: a game of the default configuration
// runs a thousand turns a bot, hours at the auto pace, and Pause alone would hold its
// thread for good. Its final screen follows, as after a last turn.
func (u *Up) StopUpbeat(t *host.Table, user string) error {
	if t.Row.Mode != match.ModeAuto {
		return host.Refuse(host.CodeNotAuto, "Only a game of bots can be stopped: players end theirs by playing, or with %s.", host.Command("upbeat resign"))
	}
	if user != Lobby(t).Owner { // in words of Stop, not of Pause
		return host.Refuse(host.CodeOnlySome, "Only %s, who started this game, can stop it.", host.User(Lobby(t).Owner))
	}
	if t.Row.Status != store.StatusPlay {
		return host.Refuse(host.CodeNotInPlay, "The game is not in play.")
	}
	g, err := u.UpEngine(t)
	if err != nil {
		return err
	}
	if err := g.Stop(); err != nil {
		t.Forget()
		return err
	}
	if err := u.h.CommitShown(t, host.Event{Kind: host.EvStop}); err != nil {
		return err
	}
	u.h.Disarm(t, host.AutoTurn)
	u.h.GoOn(t)
	return nil
}
