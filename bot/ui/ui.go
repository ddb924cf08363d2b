// Package ui is the contract between the bot's Discord transport (package bot) and
// one game's Discord UI: a game registers one Game value (its slash command with its
// options, its routes keyed by subcommand, component action or form id, each carrying
// its acknowledgement, and its part of host.Front: the screens it shows, what it says
// of an event, the notes it tells a channel), and the transport dispatches every
// interaction and every screen through the registry. A handler gets a Request (who,
// where, the answer) that is also the transport's Transport (the host, the renderer,
// channel messages, a locked table); a game's hooks get the Transport alone. Optional
// parts are fields left nil; nothing here knows any game's rules.
package ui

import (
	"context"
	"log/slog"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// Game is one game's Discord UI as the bot registers it. Name and Plug are required;
// every other field is optional.
type Game struct {
	// Name is the game's name in the store (store.Game.Game): the tables whose rows
	// carry it are this game's, and their screens, summaries and notes are its own.
	Name store.GameName
	// Plug plugs the game's rules into host (its adapter's Plug).
	Plug host.Plug
	// Command is the game's slash command with its subcommands and options; its
	// subcommand SUB is routed by the key "/NAME SUB" (NAME the command's name).
	// Contexts left nil are the transport's: server channels only.
	Command *discordgo.ApplicationCommand
	// Routes answer the game's interactions by key: "/NAME SUB" for a subcommand, a
	// component's or form's action (view.CustomID.Action) for the rest. A key may be
	// registered by one game only.
	Routes map[string]Route
	// Screen is the game's part of host.Front; nil: host never owes it a screen.
	Screen Screens
	// Seats are a table's seats' user ids ("" for a bot's): a screen of a game with a
	// person in a seat goes before those of games with none. Nil: the row's Players.
	Seats func(t *host.Table) []string
	// PastLine is the line /history gives one of the game's finished games; nil: the
	// transport's line for a two-player game.
	PastLine func(p host.Past) string
}

// Screens is a game's part of host.Front: what its owed screens show, what its
// events say above them, and the notes host tells its channel.
type Screens interface {
	// Show posts the screen s that t owes (Transport.PostScreen) and returns its
	// message's id.
	Show(tr Transport, t *host.Table, s *store.Screen) (string, error)
	// Summary words an event above the screen that shows it.
	Summary(tr Transport, t *host.Table, e host.Event) string
	// Tell posts or edits what host tells the channel; a failure is only logged.
	Tell(tr Transport, t *host.Table, n host.Note)
}

// Retirer is a Screens that keeps something on a screen it retires (a button, new
// text); without it a retired screen loses every control.
type Retirer interface {
	// Retire is what t's screen shown before keeps; an error leaves it as it is.
	Retire(tr Transport, t *host.Table) (Retired, error)
}

// Retired is what a retired screen keeps.
type Retired struct {
	Keep    []discordgo.MessageComponent // its controls left (none: nil)
	Content *string                      // its new text (mentioning nobody), or nil: unchanged
	// Last reports that the game's last screen is up, so the transport may let go of
	// what it kept to post the game's screens.
	Last bool
}

// Ack is how an interaction is acknowledged before its handler runs. Discord fails an
// interaction not answered within 3 seconds, so whatever waits on the network (an
// attachment, Discord itself) or writes to the store is acknowledged first (deferred)
// and answered when done; only what needs neither is answered at once.
type Ack int

// The acknowledgements.
const (
	AckNow     Ack = iota // answered at once: no network, no write (and forms, which only a first answer can open)
	AckPublic             // "thinking...", then a message (private answers replace it)
	AckPrivate            // "thinking..." seen only by the user, then a private answer
	AckUpdate             // the component's message will change; private answers follow up
)

// Handler answers one interaction.
type Handler func(r Request, in Input) view.Reply

// Route is a handler and how its interaction is acknowledged: by Ack, or by AckIf
// when it depends on the interaction.
type Route struct {
	Do    Handler
	Ack   Ack
	AckIf func(in Input) Ack
}

// Input is what an interaction gives its handler: a command's options, or a
// component's or form's id with what was chosen or typed.
type Input struct {
	Opts   Options
	Sub    *discordgo.ApplicationCommandInteractionDataOption // the subcommand (or group)
	Data   discordgo.ApplicationCommandInteractionData
	ID     view.CustomID
	Values []string          // a select's choices
	Form   map[string]string // a form's inputs by id
}

// Value is a select's first choice, or "".
func (in Input) Value() string {
	if len(in.Values) > 0 {
		return in.Values[0]
	}
	return ""
}

// Transport is what the bot gives a game's UI: the host and its renderer, and the
// channel messages it posts for the game.
type Transport interface {
	// Host is the host of every game.
	Host() *host.Host
	// Renderer draws boards and pictures.
	Renderer() *render.Renderer
	// Context is for the store: Close waits for writes in flight rather than cut them.
	Context() context.Context
	// Logger logs for the bot.
	Logger() *slog.Logger
	// Post posts a message in a channel.
	Post(channel string, m *discordgo.MessageSend) (*discordgo.Message, error)
	// Edit edits a message by the channel.
	Edit(e *discordgo.MessageEdit) (*discordgo.Message, error)
	// PostScreen posts t's screen rep, created at most once by Discord for nonce
	// (ScreenNonce), and with t's priority among the screens waiting; it returns the
	// message's id.
	PostScreen(t *host.Table, rep view.Reply, nonce string) (string, error)
	// OnTable answers with do on game id locked for a component, or with why it
	// cannot be.
	OnTable(id int64, do func(t *host.Table) view.Reply) view.Reply
}

// Request is one interaction being answered, with the transport's services.
type Request interface {
	Transport
	// User is who interacted.
	User() *discordgo.User
	// Guild and Channel are where.
	Guild() string
	Channel() string
	// Send answers the interaction now (the handler then answers with an empty reply).
	Send(rep view.Reply) error
	// Answer is the message the answer posted, once sent.
	Answer() (*discordgo.Message, error)
	// Internal logs an unexpected error (what was being done) and is the private
	// reply that says so without detail.
	Internal(what string, err error) view.Reply
	// Refused is the private reply that words what host refused (a *host.Refusal),
	// or Internal's for any other error.
	Refused(what string, err error) view.Reply
	// History is the /history answer of the game only (all games: "").
	History(o Options, only store.GameName) view.Reply
	// Ladder is the top 10 of this server on the ladder kind, and the user's place.
	Ladder(kind string) view.Reply
}

// MaxUpload is the attachment size every Discord server accepts from a bot.
const MaxUpload = 8 << 20

// DisplayName is how a player is named on boards.
func DisplayName(u *discordgo.User) string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	if u.Username != "" {
		return u.Username
	}
	return "Player"
}

// ScreenNonce names a game's screen for Discord's enforce_nonce: the same game and
// state give the same nonce (at most 25 characters).
func ScreenNonce(game int64, version int) string {
	return "k" + strconv.FormatInt(game, 36) + "v" + strconv.Itoa(version)
}
