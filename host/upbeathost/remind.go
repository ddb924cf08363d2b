package upbeathost

import (
	"strconv"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
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

// upRemind carries out a due reminder: it tells the player to act how much of their
// revision clock is left, unless the turn it was armed for is over, its screen is not
// up, or the clock is spent.
func (u *Up) upRemind(t *host.Table, d store.Deadline) error {
	armedAt, _ := strconv.Atoi(d.Payload)
	if t.Row.Status != store.StatusPlay || t.Owed() != nil || armedAt != Lobby(t).ShownVersion {
		return nil // stale: the turn moved on, or its screen is not up
	}
	g, err := u.UpEngine(t)
	if err != nil {
		return err
	}
	p := g.Current()
	if p == 0 || !upHuman(t, p) || !g.CanRevise(p) {
		return nil
	}
	if left := g.Clock(p) - u.upElapsed(t); left > 0 {
		u.h.Front().Tell(t, host.Note{Kind: host.NoteReminder, Player: p, Left: left})
	}
	return nil
}
