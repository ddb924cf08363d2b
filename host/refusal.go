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
type Code string

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
	return "host: refused (" + string(r.Code) + "): " + r.Text(PlainWords{})
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
// from; its arguments are those of the house's sentences that use it.
const (
	CodeGone        Code = "gone"          // the game, tournament or record no longer exists, or is over
	CodeElsewhere   Code = "elsewhere"     // another process runs the game
	CodeTakingUp    Code = "taking-up"     // the game waits to be taken up again after a restart or an outage
	CodePlaceBusy   Code = "place-busy"    // a game is already active in the place
	CodeInGame      Code = "in-game"       // a person is already in a game in this scope (args: the place)
	CodeNoOpponent  Code = "no-opponent"   // a challenge names nobody
	CodeSelf        Code = "self"          // a challenge of oneself
	CodeBotAccount  Code = "bot-account"   // a challenge of a bot account (args: the user)
	CodeAnswered    Code = "answered"      // the challenge was answered already
	CodeOnlySome    Code = "only-some"     // only certain people may do this (args: who)
	CodeBadDefense  Code = "bad-defense"   // a defense factor that is no whole number from 0
	CodeBadName     Code = "bad-name"      // a name the game or the library cannot take
	CodeOtherGames  Code = "other-games"   // a saved program is the other game's
	CodeLibrary     Code = "library"       // the library cannot find or keep what was asked
	CodeNothingLeft Code = "nothing-left"  // nothing is left to edit
	CodeNotPlayer   Code = "not-player"    // the asker does not play in the game
	CodeBadMove     Code = "bad-move"      // the rules refuse the move (args: the rules' words)
	CodeNoSuchGame  Code = "no-such-game"  // no game of that number in this scope
	CodeWrongGame   Code = "wrong-game"    // the game asked for is another game's (args: its number)
	CodeNotOver     Code = "not-over"      // a replay of a game that has not ended
	CodeNothingYet  Code = "nothing-yet"   // nothing has finished or begun here yet
	CodePrivate     Code = "private"       // a player's traces stay private until the game is over
	CodeAgreed      Code = "agreed"        // the setup is over
	CodeTooMany     Code = "too-many"      // a limit on kinds, strategies or entrants is reached
	CodeKindGone    Code = "kind-gone"     // the kind named is no longer there
	CodeNameTaken   Code = "name-taken"    // a kind of that name exists already
	CodeNoKinds     Code = "no-kinds"      // nothing to play with yet
	CodeNoLevel     Code = "no-level"      // no bot level of that name
	CodeDone        Code = "done"          // the asker did this already
	CodeClosed      Code = "closed"        // registration is closed
	CodeNotEntered  Code = "not-entered"   // the asker is not entered in the tournament
	CodeTooFew      Code = "too-few"       // too few entrants or players
	CodeNotAuto     Code = "not-auto"      // only a game of bots does this
	CodeNotInPlay   Code = "not-in-play"   // the game is not in play
	CodeNotYourTurn Code = "not-your-turn" // another seat is to act (args: who)
	CodeStale       Code = "stale"         // the controls pressed are out of date
	CodeStarted     Code = "started"       // the game has started, so its lobby's controls are gone
	CodeNotStarted  Code = "not-started"   // the game has not started
	CodeFull        Code = "full"          // no seat is left
	CodeSeated      Code = "seated"        // the asker has a seat already
	CodeClockOut    Code = "clock-out"     // the asker's clock has run out
	CodeBudget      Code = "budget"        // the asker cannot afford it
	CodeBadConfig   Code = "bad-config"    // the configuration does not fit
)
