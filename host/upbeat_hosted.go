package host

import (
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// upbeatHosted is UPBEAT's part of a table (hosted): its lobby (Table.Up), its
// engine (Table.upg), its revision clocks and first-plans time, and its bots' turns
// (an auto game's paced by a stored deadline).
type upbeatHosted struct{ t *Table }

func (u upbeatHosted) lobby() any {
	if u.t.Up == nil {
		u.t.Up = &UpLobby{}
	}
	return u.t.Up
}

func (u upbeatHosted) summary() *string {
	u.lobby()
	return &u.t.Up.Summary
}

func (u upbeatHosted) version() int      { return len(u.t.Row.Upbeat.Actions) }
func (u upbeatHosted) forget()           { u.t.upg = nil }
func (u upbeatHosted) committed(e Event) { u.t.upLast = upLastOf(e) }
func (u upbeatHosted) held() []string    { return u.t.upHeld() }

func (u upbeatHosted) record(h *Host, summary *string) error { return h.upRecord(u.t, summary) }
func (u upbeatHosted) armClock(h *Host) error                { return h.upArmClock(u.t) }

// disarmClock takes back the revision clock, and the first plans' time while they
// cannot be written.
func (u upbeatHosted) disarmClock(h *Host) {
	h.Disarm(u.t, TurnTimeUp)
	h.Disarm(u.t, TurnReminder)
	if u.t.Row.Status == store.StatusSetup {
		h.Disarm(u.t, SetupExpiry)
	}
}

// next plays the bots' turns up to a person's; an auto game's are paced by its
// AutoTurn deadline, armed as the screen went up.
func (u upbeatHosted) next(h *Host) (bool, error) {
	if u.t.Row.Mode == game.ModeAuto {
		return false, nil
	}
	return h.upAuto(u.t)
}

func (u upbeatHosted) pause(h *Host, user string, stop bool) error {
	return h.upPause(u.t, user, stop)
}

func (u upbeatHosted) expire(h *Host, d store.Deadline) error { return h.upExpire(u.t, d) }

// wake plays the bots' turns a restart left unplayed.
func (u upbeatHosted) wake(h *Host) {
	if u.t.owed == nil && h.upWaits(u.t) {
		h.retryLater(u.t, 0)
	}
}
