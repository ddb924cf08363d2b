package host

import (
	"fmt"

	"github.com/kombat-game/kombat/store"
)

// Hosted is a game's own part of a table: what the house's core asks of a game to
// keep, commit, clock, show and wake it, whatever its rules. The core (tables,
// screens owed, deadlines, claims, adoption) holds no rule of any game and asks this
// instead of asking which game it is; each game implements it once, in its adapter
// (KOMBAT's in package kombathost, UPBEAT's in package upbeathost), and makes it for each
// table of its game (Game.Part). The server owns presence, clocks and storage; the game
// is a handler of what happens to its table.
//
// It is kept small: what every game needs. What only some games have (pause) comes as
// an optional interface the core asks for by type (Pauser). The methods that act on
// the game (commit, clock, play, expire, wake) take the host that hosts it; every
// method is called with the table's lock held.
type Hosted interface {
	// Lobby is the game's state beside its record (setup, names, clocks), stored as
	// the row's setup, in JSON: a pointer the store's JSON is read into.
	Lobby() any
	// Summary is where the lobby keeps the text shown above the screen now.
	Summary() *string
	// Version is how many actions the stored record holds: the state a screen shows
	// and a deadline was armed at.
	Version() int
	// Forget drops the engine, so the next use rebuilds it from the stored record:
	// after a failed commit, or a turn cut off halfway.
	Forget()
	// Record commits what the engine played since the stored record ended, owing the
	// new state's screen with summary when summary is not nil. A game that ends with
	// it calls Host.Finished once the store holds its result.
	Record(h *Host, summary *string) error
	// Committed is told of the event a screen was just owed for.
	Committed(e Event)
	// ArmClock stores the clock the screen about to be shown starts; DisarmClock takes
	// it back when the screen could not be shown.
	ArmClock(h *Host) error
	DisarmClock(h *Host)
	// Next plays the built-in bot's turn when it is the bot's to play and nothing
	// paces it otherwise; it reports whether it committed one (a screen is owed).
	Next(h *Host) (bool, error)
	// Expire carries out a due deadline of the game.
	Expire(h *Host, d store.Deadline) error
	// Wake starts what a game just loaded needs beside its owed screen: the bot's turn
	// nothing else would play, an auto game's pace.
	Wake(h *Host)
	// Held lists the people the game holds by seat ("" for a seat that is a bot's or
	// whose player is out), for the one-game-per-person rule.
	Held() []string
}

// Replayer is a game whose stored record is replayed when its configuration was
// lowered to today's bounds at Restore: Replays rebuilds the game from it and says
// why it does not replay within them (the game then ends without a result).
type Replayer interface {
	Replays(h *Host) error
}

// Lowerer is a game whose stored configuration may be above today's bounds (a game
// stored by an older version): Lowered lists what reading it lowers to them (none:
// nothing to repair) and the lowered configuration's text, which Restore stores.
type Lowerer interface {
	Lowered() (changes []string, config string)
}

// Pauser is a game whose auto games pause and resume (Host.Pause).
type Pauser interface {
	// Pause stops (stop) or resumes the table's auto game at user's request.
	Pause(h *Host, user string, stop bool) error
	// Paused reports whether the auto game waits for its Resume.
	Paused() bool
}

// Game is a game the house hosts, as its adapter package makes it for one host: it
// makes the hosted part of each table of the game.
type Game interface {
	// Part makes t's hosted part, for a table of the game new, restored or detached.
	Part(t *Table) Hosted
}

// Plug registers a game with a host (Options.Games): the name its rows carry
// (store.Game.Game) and how its adapter is made for the host. A game registers once;
// the host looks a table's game up by its row's name.
type Plug struct {
	Name store.GameName
	New  func(h *Host) Game
	// Unnamed says the game also hosts the rows that name no game: those stored
	// before the house hosted a second game (KOMBAT's).
	// Stopped is the error the game's evaluations give when Close halts them (the
	// Halt flag; KOMBAT's game.ErrStopped), which the host neither logs nor retries;
	// nil when none.
	Stopped error
	Unnamed bool
	// Library is what the game's players save, when they save programs (Host.Library);
	// a zero Game when they do not.
	Library LibraryKind
}

// named is the name of the game of a row that names game: the game registered for
// the rows that name none (Plug.Unnamed) when game is "".
func (h *Host) named(game store.GameName) store.GameName {
	if game == "" {
		return h.unnamed
	}
	return game
}

// Game is the adapter registered for the game named name, or nil: what an adapter
// package asks for to find its own value (upbeathost.Of).
func (h *Host) Game(name store.GameName) Game { return h.games[name] }

// NewTable makes a table of row whose hosted part part makes: for an adapter's new
// game (CreateSeated registers it) or a detached table (a finished game's record,
// never registered nor locked).
func NewTable(row *store.Game, part func(*Table) Hosted) *Table {
	t := &Table{Row: row}
	t.hosted = part(t)
	return t
}

// table makes the table of a stored row with its game's hosted part, or says that no
// registered game plays it.
func (h *Host) table(row *store.Game) (*Table, error) {
	g := h.games[row.Game]
	if g == nil {
		return nil, fmt.Errorf("host: game %d is of %q, which this host does not host", row.ID, row.Game)
	}
	return NewTable(row, g.Part), nil
}

// game is the table's hosted part; a detached table made without one (a view of a
// finished game) has none, and is never asked.
func (t *Table) game() Hosted { return t.hosted }

// Hosted is the table's hosted part, for its game's adapter to find its own state.
func (t *Table) Hosted() Hosted { return t.game() }

// Pause stops (stop) or resumes an auto game; only the player who started it may. A
// game whose adapter has no Pauser is refused by its name (CodeNoPause).
func (h *Host) Pause(t *Table, user string, stop bool) error {
	p, ok := t.game().(Pauser)
	if !ok {
		return refuse(CodeNoPause, "Auto games of %s do not pause.", Name(h.named(t.Row.Game)))
	}
	return p.Pause(h, user, stop)
}
