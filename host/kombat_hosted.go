package host

import (
	"fmt"
	"slices"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// kombatHosted is KOMBAT's part of a table (hosted): its lobby (Table.Lobby), its
// engine and seats (Table.seats), its turn clock with reminders and misses, and its
// auto games' loop.
type kombatHosted struct{ t *Table }

func (k kombatHosted) Lobby() any       { return &k.t.Lobby }
func (k kombatHosted) Summary() *string { return &k.t.Lobby.Summary }
func (k kombatHosted) Version() int     { return len(k.t.Row.Decisions) }
func (k kombatHosted) Forget()          { k.t.seats = nil }
func (k kombatHosted) Committed(Event)  {}
func (k kombatHosted) Held() []string   { return slices.Clone(k.t.Row.Players[:]) }

func (k kombatHosted) Record(h *Host, summary *string) error { return h.record(k.t, summary) }

// armClock starts the turn clock of a person's turn in play.
func (k kombatHosted) ArmClock(h *Host) error {
	g, err := h.Engine(k.t)
	if err != nil {
		return err
	}
	if g.Result() == nil && g.Phase() == game.PhasePlay {
		h.ArmTurnClock(k.t)
	}
	return nil
}

func (k kombatHosted) DisarmClock(h *Host) {
	h.Disarm(k.t, TurnTimeUp)
	h.Disarm(k.t, TurnReminder)
}

// next plays the bot's turn of a game with a person; an auto game's turns are its
// loop's (startAuto), which it starts.
func (k kombatHosted) Next(h *Host) (bool, error) {
	if _, err := h.Engine(k.t); err != nil {
		return false, err
	}
	if k.t.seats.BotToMove() == 0 {
		return false, nil
	}
	if k.t.Row.Mode == game.ModeAuto {
		h.startAuto(k.t)
		return false, nil
	}
	if err := h.botTurn(k.t); err != nil {
		return false, err
	}
	return true, nil
}

func (k kombatHosted) Pause(h *Host, user string, stop bool) error {
	return h.kombatPause(k.t, user, stop)
}

// Paused reports whether an auto game waits for Resume.
func (k kombatHosted) Paused() bool { return k.t.Lobby.Paused }

func (k kombatHosted) Expire(h *Host, d store.Deadline) error { return h.kombatExpire(k.t, d) }

// wake plays the bot's turn a restart left unplayed, and runs an auto game's loop.
func (k kombatHosted) Wake(h *Host) {
	t := k.t
	if t.owed == nil && botToMove(t) {
		h.retryLater(t, 0)
	}
	if t.Row.Mode == game.ModeAuto && t.Row.Status == store.StatusPlay && !t.Lobby.Paused {
		h.startAuto(t)
	}
}

// kombatPause is Pause for a KOMBAT game.
func (h *Host) kombatPause(t *Table, user string, stop bool) error {
	if err := t.Lobby.MayPause(t.Row, user); err != nil {
		return err
	}
	err := h.Change(t, func() error {
		t.Lobby.Paused = stop
		return h.SaveMeta(t)
	})
	if err != nil {
		return fmt.Errorf("host: pause: %w", err)
	}
	if !stop {
		h.startAuto(t)
	}
	return nil
}

// What the core still holds of KOMBAT's turns, for KOMBAT's adapter (kombathost),
// until they move there too (issue 22): the engine's seats, the commit of the
// engine's decisions, and an auto game's loop.

// Seats is a KOMBAT table's seats, rebuilt with its engine (Host.Engine); nil before.
func (t *Table) Seats() *Seats { return t.seats }

// SetSeats gives a KOMBAT table the seats of the engine its setup just made.
func (t *Table) SetSeats(s *Seats) { t.seats = s }

// CommitEngine stores the decisions made in a KOMBAT table's engine since the stored
// record ended (nothing when there are none): one transaction, the result and ratings
// included when the game is over. If the store refuses, the engine is rebuilt from
// what is stored.
func (h *Host) CommitEngine(t *Table) error { return h.commit(t) }

// StartAuto runs a KOMBAT auto game's turns, one every AutoStep, until it ends, is
// paused, or the host closes. The caller holds the lock.
func (h *Host) StartAuto(t *Table) { h.startAuto(t) }
