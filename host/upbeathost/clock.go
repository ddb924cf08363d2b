package upbeathost

import (
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// UPBEAT's clocks: what a due deadline of an UPBEAT game does (Decide), from where the
// game stands (Due), as KOMBAT's turn clock is decided; upExpire carries it out.

// Action is what a due deadline does to its game, by name; upExpire carries it out.
type Action string

// The actions of a due deadline.
const (
	Nothing         Action = "Nothing"         // the deadline is stale or cannot act now
	ExpireChallenge Action = "ExpireChallenge" // cancel the game nobody joined in time
	Begin           Action = "Begin"           // the initial-plan time is up: the game begins (U19)
	Remind          Action = "Remind"          // tell the player to act how much of their revision clock is left
	ConfirmPlan     Action = "ConfirmPlan"     // the player's revision clock ran out: their plan is confirmed (U20)
	PlayAuto        Action = "PlayAuto"        // play an auto game's due turn
)

// Due is what Decide needs to know of an UPBEAT game one of whose deadlines came due.
type Due struct {
	Deadline host.Deadline
	Status   store.Status // the game's stored status
	Owed     bool         // a screen is owed to the channel, so the turn on it is not up
	ArmedAt  int          // the version whose screen was up when the deadline was armed
	Shown    int          // the version whose screen is up now (the lobby's ShownVersion)
	Auto     bool         // an auto game: bots alone, paced by AutoTurn deadlines
	Paused   bool         // an auto game waiting for its owner's Resume

	// The turn, read from the engine only when NeedsTurn says so.
	Player    int           // whose turn it is; 0 for nobody
	Human     bool          // a person, not a bot, plays Player's seat
	CanRevise bool          // Player may still revise their plan in this turn
	Left      time.Duration // of Player's revision clock, now
}

// onScreen reports whether the turn the deadline was armed for is the one whose
// screen is up: the game still in play, no screen owed, nothing shown since.
func (d Due) onScreen() bool {
	return d.Status == store.StatusPlay && !d.Owed && d.ArmedAt == d.Shown
}

// NeedsTurn reports whether Decide looks at the turn's fields: upExpire reads the
// engine only then, since rebuilding one can replay a whole game.
func (d Due) NeedsTurn() bool {
	switch d.Deadline {
	case host.TurnReminder, host.TurnTimeUp:
		return d.onScreen()
	}
	return false
}

// Decide is what a due deadline does. A deadline outlives what it was armed for when
// the game moved on meanwhile: a game joined, begun or over. Nobody can write a first
// plan while its screen is owed, so the initial-plan time waits for it (showing it arms
// the time again). A turn's deadlines act on the turn they were armed for only, while
// its screen is up: the reminder for a person who may still revise and has time left,
// the time-up for a person whatever they did in the turn (U20). An auto game's turn is
// due as armed only: not while paused or while its screen is owed (showing it arms the
// turn again), nor once another screen was shown.
func Decide(d Due) Action {
	switch {
	case d.Deadline == host.ChallengeExpiry && d.Status == store.StatusChallenge:
		return ExpireChallenge
	case d.Deadline == host.SetupExpiry && d.Status == store.StatusSetup && !d.Owed:
		return Begin
	case d.Deadline == host.AutoTurn && d.onScreen() && d.Auto && !d.Paused:
		return PlayAuto
	case !d.NeedsTurn(), d.Player == 0, !d.Human: // from here on a turn's reminder or time-up
		return Nothing
	case d.Deadline == host.TurnTimeUp:
		return ConfirmPlan
	case d.CanRevise && d.Left > 0:
		return Remind
	}
	return Nothing
}
