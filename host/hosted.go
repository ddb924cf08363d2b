package host

import (
	"github.com/kombat-game/kombat/store"
)

// hosted is a game's own part of a table: what the house's core asks of a game to
// keep, commit, clock, show and wake it, whatever its rules. The core (tables,
// screens owed, deadlines, claims, adoption) holds no rule of any game and asks this
// instead of asking which game it is; each game implements it once (kombatHosted,
// upbeatHosted), made for a table by gameKinds.
//
// It is kept small: what every game needs. What only some games have (a turn clock
// with misses, pause, checkpoints, ratings) stays with the game or comes as an
// optional interface the core asks for by type.
type hosted interface {
	// lobby is the game's state beside its record (setup, names, clocks), stored as
	// the row's setup, in JSON.
	lobby() any
	// summary is where the lobby keeps the text shown above the screen now.
	summary() *string
	// version is how many actions the stored record holds: the state a screen shows
	// and a deadline was armed at.
	version() int
	// forget drops the engine, so the next use rebuilds it from the stored record:
	// after a failed commit, or a turn cut off halfway.
	forget()
	// record commits what the engine played since the stored record ended, owing the
	// new state's screen with summary when summary is not nil.
	record(h *Host, summary *string) error
	// committed is told of the event a screen was just owed for.
	committed(e Event)
	// armClock stores the clock the screen about to be shown starts; disarmClock takes
	// it back when the screen could not be shown.
	armClock(h *Host) error
	disarmClock(h *Host)
	// next plays the built-in bot's turn when it is the bot's to play and nothing
	// paces it otherwise; it reports whether it committed one (a screen is owed).
	next(h *Host) (bool, error)
	// expire carries out a due deadline of the game.
	expire(h *Host, d store.Deadline) error
	// wake starts what a game just loaded needs beside its owed screen: the bot's turn
	// nothing else would play, an auto game's pace.
	wake(h *Host)
	// held lists the people the game holds by seat ("" for a seat that is a bot's or
	// whose player is out), for the one-game-per-person rule.
	held() []string
}

// pauser is a game whose auto games pause and resume (Host.Pause).
type pauser interface {
	pause(h *Host, user string, stop bool) error
}

// gameKinds makes a table's hosted part for each game the house hosts.
func gameKinds(t *Table) hosted {
	if t.Row.Game == store.GameUpbeat {
		return upbeatHosted{t}
	}
	return kombatHosted{t}
}

// game is the table's hosted part, made on first use. Its methods that act on the
// game (commit, clock, play, expire, wake) take the host that hosts it.
func (t *Table) game() hosted {
	if t.hosted == nil {
		t.hosted = gameKinds(t)
	}
	return t.hosted
}
