package upbeathost

import (
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/upbeat"
)

// The revision clock's reminder. KOMBAT reminds a player when a fifth of the turn's
// time is left; UPBEAT's revision clock is one for the whole game (U20), so its
// reminder comes when the clock reaches UpReminderLeft, on the turn in which it does:
// armed with the turn's clock, as a stored deadline (a restart keeps it), at most once
// a turn, and never on a turn that starts with less than that left (its screen already
// says how little is left, and a reminder every turn would only be noise).

// UpReminderLeft is how much of a revision clock of total is left when its player is
// reminded: a fifth of it, and at most a minute.
func UpReminderLeft(total time.Duration) time.Duration { return min(time.Minute, total/5) }

// upArmReminder stores the reminder of player p's turn whose screen is shown at now,
// when their clock will reach UpReminderLeft within the turn, and clears any other.
func (u *Up) upArmReminder(t *host.Table, g *upbeat.Game, p int, now time.Time) {
	warn := UpReminderLeft(Own(t).Config.RevisionClock())
	if left := g.Clock(p); warn > 0 && left > warn {
		u.h.Arm(t, host.TurnReminder, now.Add(left-warn))
		return
	}
	u.h.Disarm(t, host.TurnReminder)
}
