package host

import "fmt"

// Refusal is why the host turned down what a player asked for, as a value: a Code a
// front can switch on, and the arguments its wording needs. The host carries no chat
// markup: a person, a place, a command or a control is an argument of its own type
// (User, Place, Command, Control, Name), and the front writes each its own way through
// Words (Discord: <@id>, <#id>, `/kombat board`, **Why?**). Text gives the house's
// English sentence with the arguments so written; a front may word a code its own way
// instead, from Args.
type Refusal struct {
	Code   Code  // what was refused, stable across versions and wordings
	Args   []any // the arguments, in the order the house's sentence uses them
	format string
}

// Code names a refusal, for a front that words refusals its own way, and for tests.
type Code uint8

// User is a person, by the front's user id.
type User string

// Place is where a game is shown, by the front's id (a Discord channel or thread).
type Place string

// Command is one of the front's commands, by its words without the front's prefix or
// quoting, options included as the player would type them: "kombat board",
// "upbeat replay game:12".
type Command string

// Control is a control on a game's screen, by its label: "Why?", "Leave".
type Control string

// Name is a name a refusal sets apart: a bot's, a kind's, a saved strategy's.
type Name string

// Words writes a refusal's arguments the way a front shows them.
type Words interface {
	User(id string) string
	Place(id string) string
	Command(c string) string
	Control(label string) string
	Name(n string) string
}

// Text is the house's sentence for the refusal, a whole sentence with its capital
// and final period, with its arguments written by w.
func (r *Refusal) Text(w Words) string {
	args := make([]any, len(r.Args))
	for i, a := range r.Args {
		switch a := a.(type) {
		case User:
			args[i] = w.User(string(a))
		case Place:
			args[i] = w.Place(string(a))
		case Command:
			args[i] = w.Command(string(a))
		case Control:
			args[i] = w.Control(string(a))
		case Name:
			args[i] = w.Name(string(a))
		case *Refusal:
			args[i] = a.Text(w)
		default:
			args[i] = a
		}
	}
	return fmt.Sprintf(r.format, args...)
}

// Error gives the refusal in plain words, with the context a log needs.
func (r *Refusal) Error() string {
	return "host: refused (" + r.Code.String() + "): " + r.Text(PlainWords{})
}

// refuse makes a refusal from its code and the house's sentence, so callers read like
// the message they send.
func refuse(code Code, format string, args ...any) *Refusal {
	return &Refusal{Code: code, Args: args, format: format}
}

// PlainWords writes a refusal's arguments as plain text, for logs and for fronts
// without markup: a person by their id, a command as the words to type.
type PlainWords struct{}

// User writes a person as their id.
func (PlainWords) User(id string) string { return "user " + id }

// Place writes a place as its id.
func (PlainWords) Place(id string) string { return "place " + id }

// Command writes a command in quotes.
func (PlainWords) Command(c string) string { return `"` + c + `"` }

// Control writes a control's label in quotes.
func (PlainWords) Control(label string) string { return `"` + label + `"` }

// Name writes a name as it is.
func (PlainWords) Name(n string) string { return n }

// The refusals' codes. A code names one reason, whichever game or command it comes
// from; its arguments are those of the house's sentences that use it. Codes are
// numbers, not strings, so that a sentence passed where a code belongs does not
// compile; a front reads a code's name with String.
const (
	CodeGone        Code = iota // the game, tournament or record no longer exists, or is over
	CodeElsewhere               // another process runs the game
	CodeTakingUp                // the game waits to be taken up again after a restart or an outage
	CodePlaceBusy               // a game is already active in the place
	CodeInGame                  // a person is already in a game in this scope (args: the place)
	CodeNoOpponent              // a challenge names nobody
	CodeSelf                    // a challenge of oneself
	CodeBotAccount              // a challenge of a bot account (args: the user)
	CodeAnswered                // the challenge was answered already
	CodeOnlySome                // only certain people may do this (args: who)
	CodeBadDefense              // a defense factor that is no whole number from 0
	CodeBadName                 // a name the game or the library cannot take
	CodeOtherGames              // a saved program is the other game's
	CodeLibrary                 // the library cannot find or keep what was asked
	CodeNothingLeft             // nothing is left to edit
	CodeNotPlayer               // the asker does not play in the game
	CodeBadMove                 // the rules refuse the move (args: the rules' words)
	CodeNoSuchGame              // no game of that number in this scope
	CodeWrongGame               // the game asked for is another game's (args: its number)
	CodeNotOver                 // a replay of a game that has not ended
	CodeNothingYet              // nothing has finished or begun here yet
	CodePrivate                 // a player's traces stay private until the game is over
	CodeAgreed                  // the setup is over
	CodeTooMany                 // a limit on kinds, strategies or entrants is reached
	CodeKindGone                // the kind named is no longer there
	CodeNameTaken               // a kind of that name exists already
	CodeNoKinds                 // nothing to play with yet
	CodeNoLevel                 // no bot level of that name
	CodeDone                    // the asker did this already
	CodeClosed                  // registration is closed
	CodeNotEntered              // the asker is not entered in the tournament
	CodeTooFew                  // too few entrants or players
	CodeNotAuto                 // only a game of bots does this
	CodeNotInPlay               // the game is not in play
	CodeNotYourTurn             // another seat is to act (args: who)
	CodeStale                   // the controls pressed are out of date
	CodeStarted                 // the game has started, so its lobby's controls are gone
	CodeNotStarted              // the game has not started
	CodeFull                    // no seat is left
	CodeSeated                  // the asker has a seat already
	CodeClockOut                // the asker's clock has run out
	CodeBudget                  // the asker cannot afford it
	CodeBadConfig               // the configuration does not fit
	CodeNoPause                 // the game's auto games do not pause (args: the game's name, a Name)
)

// String is the code's name, stable across versions: "not-your-turn".
func (c Code) String() string {
	names := [...]string{"gone", "elsewhere", "taking-up", "place-busy", "in-game", "no-opponent", "self", "bot-account", "answered", "only-some", "bad-defense", "bad-name", "other-games", "library", "nothing-left", "not-player", "bad-move", "no-such-game", "wrong-game", "not-over", "nothing-yet", "private", "agreed", "too-many", "kind-gone", "name-taken", "no-kinds", "no-level", "done", "closed", "not-entered", "too-few", "not-auto", "not-in-play", "not-your-turn", "stale", "started", "not-started", "full", "seated", "clock-out", "budget", "bad-config", "no-pause"}
	if int(c) < len(names) {
		return names[c]
	}
	return "unknown"
}

// MarshalText gives the code's name, for fronts that send refusals as data.
func (c Code) MarshalText() ([]byte, error) { return []byte(c.String()), nil }
