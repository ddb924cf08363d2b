package host

import (
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// upbeatHosted is UPBEAT's part of a table (hosted): its lobby (Table.Up), its
// engine (Table.upg), its revision clocks and first-plans time, and its bots' turns
// (an auto game's paced by a stored deadline).
type upbeatHosted struct{ t *Table }

// upbeatGame is UPBEAT's Game.
type upbeatGame struct{}

func (upbeatGame) Part(t *Table) Hosted { return upbeatHosted{t} }

// Paused reports whether an auto game waits for Resume.
func (u upbeatHosted) Paused() bool { return u.t.Up != nil && u.t.Up.Paused }

func (u upbeatHosted) Lobby() any {
	if u.t.Up == nil {
		u.t.Up = &UpLobby{}
	}
	return u.t.Up
}

func (u upbeatHosted) Summary() *string {
	u.Lobby()
	return &u.t.Up.Summary
}

func (u upbeatHosted) Version() int      { return len(u.t.Row.Upbeat.Actions) }
func (u upbeatHosted) Forget()           { u.t.upg = nil }
func (u upbeatHosted) Committed(e Event) { u.t.upLast = upLastOf(e) }
func (u upbeatHosted) Held() []string    { return u.t.upHeld() }

func (u upbeatHosted) Record(h *Host, summary *string) error { return h.upRecord(u.t, summary) }
func (u upbeatHosted) ArmClock(h *Host) error                { return h.upArmClock(u.t) }

// disarmClock takes back the revision clock, and the first plans' time while they
// cannot be written.
func (u upbeatHosted) DisarmClock(h *Host) {
	h.Disarm(u.t, TurnTimeUp)
	h.Disarm(u.t, TurnReminder)
	if u.t.Row.Status == store.StatusSetup {
		h.Disarm(u.t, SetupExpiry)
	}
}

// next plays the bots' turns up to a person's; an auto game's are paced by its
// AutoTurn deadline, armed as the screen went up.
func (u upbeatHosted) Next(h *Host) (bool, error) {
	if u.t.Row.Mode == game.ModeAuto {
		return false, nil
	}
	return h.upAuto(u.t)
}

func (u upbeatHosted) Pause(h *Host, user string, stop bool) error {
	return h.upPause(u.t, user, stop)
}

func (u upbeatHosted) Expire(h *Host, d store.Deadline) error { return h.upExpire(u.t, d) }

// wake plays the bots' turns a restart left unplayed.
func (u upbeatHosted) Wake(h *Host) {
	if u.t.owed == nil && h.upWaits(u.t) {
		h.retryLater(u.t, 0)
	}
}
