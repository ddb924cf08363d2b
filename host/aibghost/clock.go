package aibghost

import (
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// AIBG's clocks: what a due deadline of an AIBG match does (Decide), from where the
// match stands (Due), as KOMBAT's turn clock is decided; expire carries it out. No
// engine is read to decide: which seats ran out of time is the time-up's own work
// (timeUp), as a match's choices are made by both seats at once.

// Action is what a due deadline does to its match, by name; expire carries it out.
type Action string

// The actions of a due deadline.
const (
	Nothing         Action = "Nothing"         // the deadline is stale or cannot act now
	ExpireChallenge Action = "ExpireChallenge" // cancel the challenge nobody answered
	TimeUp          Action = "TimeUp"          // make the choices of the seats whose time ran out (A18)
	PlayAuto        Action = "PlayAuto"        // take an auto match's next step
)

// Due is what Decide needs to know of an AIBG match one of whose deadlines came due.
type Due struct {
	Deadline host.Deadline
	Status   store.Status // the match's stored status
	Owed     bool         // a screen is owed to the channel, so the choice on it is not up
	ArmedAt  int          // the version whose screen was up when the deadline was armed; -1 for unreadable
	Shown    int          // the version whose screen is up now (the lobby's ShownVersion)
	Auto     bool         // an auto match: two bots, paced by AutoTurn deadlines
}

// Decide is what a due deadline does. A challenge's expiry is stale once it was
// answered. A time-up acts on the choice it was armed for only, while its screen is
// up: a screen owed arms the clocks again when shown, and one shown since armed its
// own (A18). An auto match steps while in play with its screen up; its step is not
// tied to the screen it was armed at.
func Decide(d Due) Action {
	up := d.Status == store.StatusPlay && !d.Owed // in play, its screen up
	switch {
	case d.Deadline == host.ChallengeExpiry && d.Status == store.StatusChallenge:
		return ExpireChallenge
	case d.Deadline == host.TurnTimeUp && up && d.ArmedAt == d.Shown:
		return TimeUp
	case d.Deadline == host.AutoTurn && up && d.Auto:
		return PlayAuto
	}
	return Nothing
}
