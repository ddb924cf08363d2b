package kombathost

import (
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// KOMBAT's turn clock: what a due deadline of a KOMBAT game does (Decide), from where
// the game stands (Due).

// MaxMisses is how many turns in a row the clock may play for a player before the
// player forfeits: a player who left is not waited for forever, one who dozed off
// once is not thrown out.
const MaxMisses = 3

// Action is what a due deadline does to its game; the chat layer carries it out.
type Action int

// The actions of a due deadline.
const (
	Nothing         Action = iota // the deadline is stale or cannot act now
	ExpireChallenge               // cancel the unanswered challenge
	ExpireSetup                   // cancel the game whose kinds were not agreed
	Remind                        // tell the player their time is running out
	PlayForPlayer                 // end the turn with no purchase and no spawn, a miss
	Forfeit                       // the player missed MaxMisses turns in a row: they lose
	PlayAuto                      // play an auto game's due turn (the bot's, for the player to move)
)

// String names an action for tests and logs.
func (a Action) String() string {
	switch a {
	case Nothing:
		return "Nothing"
	case ExpireChallenge:
		return "ExpireChallenge"
	case ExpireSetup:
		return "ExpireSetup"
	case Remind:
		return "Remind"
	case PlayForPlayer:
		return "PlayForPlayer"
	case Forfeit:
		return "Forfeit"
	case PlayAuto:
		return "PlayAuto"
	}
	return "Action(?)"
}

// Due is what Decide needs to know of a game one of whose deadlines came due.
type Due struct {
	Deadline host.Deadline
	Status   store.Status // the game's stored status
	Owed     bool         // a screen is owed to the channel, so the player's controls are not shown
	ArmedAt  int          // the record's length (decisions) when the deadline was armed
	Auto     bool         // an auto game: bots alone, paced by AutoTurn deadlines
	Paused   bool         // an auto game waiting for its owner's Resume

	// The turn, read from the engine only when NeedsTurn says so.
	Phase  game.Phase
	Player int  // whose turn it is, 1 or 2; 0 for nobody
	Human  bool // a person, not the built-in bot, plays Player's seat
	At     int  // the record's length now
	Misses int  // turns in a row the clock already played for Player
}

// NeedsTurn reports whether Decide looks at the turn's fields: the chat layer reads
// the engine only then, since rebuilding one can replay a whole game.
func (d Due) NeedsTurn() bool {
	switch d.Deadline {
	case host.TurnReminder, host.TurnTimeUp:
		return !d.Owed
	case host.AutoTurn:
		return !d.Owed && d.Auto && !d.Paused && d.Status == store.StatusPlay
	}
	return false
}

// Decide is what a due deadline does. A deadline outlives what it was armed for when
// the game moved on meanwhile: a challenge answered, kinds agreed, a game over. A turn
// deadline does nothing while a screen is owed, since the player cannot act on a turn
// they cannot see (delivering the screen arms a new clock). A reminder is stale once
// any decision was made after it was armed; the time-up is not, as a purchase made in
// the turn does not stop its clock. An auto game's turn is due as armed only: not
// while paused or while its screen is owed (showing it arms the turn again), nor once
// a turn was played after it was armed.
func Decide(d Due) Action {
	switch d.Deadline {
	case host.ChallengeExpiry:
		if d.Status == store.StatusChallenge {
			return ExpireChallenge
		}
	case host.SetupExpiry:
		if d.Status == store.StatusSetup {
			return ExpireSetup
		}
	case host.TurnReminder, host.TurnTimeUp:
		switch {
		case !d.NeedsTurn(), d.Phase != game.PhasePlay, d.Player == 0, !d.Human:
			return Nothing
		case d.Deadline == host.TurnReminder && d.At != d.ArmedAt:
			return Nothing
		case d.Deadline == host.TurnReminder:
			return Remind
		case d.Misses+1 >= MaxMisses:
			return Forfeit
		default:
			return PlayForPlayer
		}
	case host.AutoTurn:
		if d.NeedsTurn() && d.Phase == game.PhasePlay && d.Player != 0 && d.At == d.ArmedAt {
			return PlayAuto
		}
	}
	return Nothing
}
