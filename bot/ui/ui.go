// Package ui is the contract between the bot's Discord transport (package bot) and
// one game's Discord UI: a game registers one Game value (its slash command with its
// options, its routes keyed by subcommand, component action or form id, each carrying
// its acknowledgement, and its part of host.Front: the screens it shows, what it says
// of an event, the notes it tells a channel), and the transport dispatches every
// interaction and every screen through the registry. A handler gets a Request (who,
// where, the answer) that is also the transport's Transport (the host, the renderer,
// channel messages, a locked table); a game's hooks get the Transport alone. Optional
// parts are fields left nil, and optional capabilities of a Request are asked for by
// type (Libraries); nothing here knows any game's rules.
//
// A new game registers with one value, made by its UI package (which imports ui,
// bot/view, host and its adapter, never bot), and one line where the command line
// lists the games (cli's discordGames):
//
//	func New() ui.Game {
//		return ui.Game{Name: "nim", Plug: nimhost.Plug(), Screen: screens{},
//			Command: &discordgo.ApplicationCommand{Name: "nim", Description: "Play Nim",
//				Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "solo", Description: "Play the bot"}}},
//			Routes: map[string]ui.Route{
//				"/nim solo": {Do: solo, Ack: ui.AckPublic}, // the subcommand
//				"nimtake":   {Do: take, Ack: ui.AckUpdate}, // a button's view.CustomID action
//			}}
//	}
//
// where solo and take are Handlers and screens implements Screens (Show posts with
// Transport.PostScreen and ScreenNonce).
package ui

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
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
	// Ladder names one of the game's rating ladders: its title in answers (title, as
	// "UPBEAT among people") and atop its leaderboard (board); "" when kind is not one
	// of the game's. Nil, or no game names kind: view.LadderTitle words its stored kind.
	Ladder func(kind string) (title, board string)
	// AutoControls are the buttons of one of the game's auto games, which a press of
	// Pause or Resume (KOMBAT's routes, shared by every game) puts back; nil: that
	// button alone.
	AutoControls func(t *host.Table) []discordgo.MessageComponent
	// Title is the game's name as players read it ("UPBEAT"), in the answers the
	// transport words for it (Request.Stats).
	Title string
	// Stats are a player's ladders of the game on a server, which /kombat stats lists
	// after KOMBAT's and Request.Stats words; nil: the game's own command shows them.
	Stats func(tr Transport, guild, user string) ([]host.Rated, error)
	// Shelf is the game's shelf of saved programs, which the transport's library
	// answers (Libraries) word; nil: the game keeps none.
	Shelf *Shelf
	// MessageCommand names the game's message command (a message's code block used in
	// the game), routed by its name in Routes; "": none.
	MessageCommand string
	// Here is what another game's commands answer in a channel where this game is
	// played; nil: they answer as for no game of theirs.
	Here func() view.Reply
	// Connected runs once the bot is connected and its commands registered: what the
	// game resumes then (KOMBAT's tournaments).
	Connected func(tr Transport)
}

// Screens is a game's part of host.Front: what its owed screens show, what its
// events say above them, and the notes host tells its channel.
type Screens interface {
	// Show posts the screen s that t owes (Transport.PostScreen) and returns its
	// message's id.
	Show(tr Transport, t *host.Table, s *store.Screen) (string, error)
	// Summary words an event above the screen that shows it.
	Summary(tr Transport, t *host.Table, e host.Event) string
	// Tell posts or edits what host tells the channel, and reports whether it did; a
	// note it leaves (false) is worded by the transport. A failure is only logged.
	Tell(tr Transport, t *host.Table, n host.Note) bool
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
	// DB is the store.
	DB() *store.DB
	// PostOnce posts rep in a channel, created at most once by Discord for nonce.
	PostOnce(channel string, rep view.Reply, nonce string) error
	// MoveToThread moves t to a new thread named name under its message messageID,
	// when the channel allows one (t stays where it is otherwise).
	MoveToThread(t *host.Table, messageID, name string)
	// Go runs do in the background as work Close waits for, or reports false (and runs
	// nothing) once Close has begun.
	Go(do func()) bool
	// Deliver posts t's owed screen s (rep, named by nonce): as a follow-up of the
	// interaction that started t while its token is fresh (Request.FollowScreens), else
	// by the channel; a screen whose earlier delivery may have taken effect is looked
	// for first and adopted. It returns the message's id.
	Deliver(t *host.Table, s *store.Screen, rep view.Reply, nonce string) (string, error)
	// Mine reports whether this process serves a guild (Discord's sharding).
	Mine(guild string) bool
	// Game is the registered game of a stored game's name ("": the game whose plug
	// hosts unnamed rows).
	Game(name store.GameName) (Game, bool)
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
	// Message is the message the pressed component is on, or nil for a command.
	Message() *discordgo.Message
	// Member is the member who interacted (with their permissions), or nil.
	Member() *discordgo.Member
	// Defer acknowledges now, when the route did not: the answer will change the
	// component's message (update) or come later, privately or not. A second call
	// changes nothing.
	Defer(update, private bool) error
	// Whisper follows the answer up with a private message.
	Whisper(content string) error
	// FollowScreens keeps the interaction's token for t's screens (Transport.Deliver)
	// when it was acknowledged first.
	FollowScreens(t *host.Table)
	// Fetch downloads an attachment the user gave, refusing files over limit bytes
	// and files that are not text.
	Fetch(a *discordgo.MessageAttachment, limit int) (string, error)
	// Check is the private answer that reports a program's mistakes and warnings in
	// lang (name names it).
	Check(lang *interp.Language, name, text string) view.Reply
	// Stats is the /stats answer of the game only (all games with Game.Stats: "").
	Stats(o Options, only store.GameName) view.Reply
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

// Libraries are the transport's answers on a shelf of saved programs (host.Library),
// shared by the games that keep one; a Request has them.
type Libraries interface {
	// LibraryList lists the user's saved programs.
	LibraryList(lib *host.Library) view.Reply
	// LibraryShow shows one (options name, version, diff).
	LibraryShow(lib *host.Library, o Options) view.Reply
	// LibraryAskDelete asks before deleting one (option name).
	LibraryAskDelete(lib *host.Library, o Options) view.Reply
	// LibrarySave saves text as a new version of the program name.
	LibrarySave(lib *host.Library, name, defense, text string) view.Reply
}

// Shelf is a game's shelf of saved programs and how the library's answers name them.
type Shelf struct {
	Open    func(tr Transport) *host.Library // the game's library
	Noun    string                           // the programs in a list's title ("UPBEAT plans")
	Empty   string                           // the answer to a list of none
	Plays   string                           // said after a list: how to play one ("" nothing)
	Defense bool                             // the programs carry a defense factor
	// Form is the save form filled with a draft; Saved the answer to a saved program.
	Form  func(name string, v host.LibraryDraft) view.Reply
	Saved func(tr Transport, s host.Saved, text string) view.Reply
}

// AfterGameTitle heads the message that tells what happened in a finished game.
const AfterGameTitle = "**After the game**"

// AfterGameNonce names a game's after-game message for Discord's enforce_nonce.
func AfterGameNonce(game int64) string {
	return "k" + strconv.FormatInt(game, 36) + "after"
}

// WhyReply is a turn's explanation, privately: text in a code block, or, when too
// long for a message, attached as file under a line saying what it is (about).
func WhyReply(text, about, file string) view.Reply {
	text = strings.ReplaceAll(text, "```", "'''") // keep the code block whole
	if len(text) > view.ContentLimit-200 {
		return view.Reply{Ephemeral: true,
			Content: fmt.Sprintf("%s (%d lines, attached).", about, strings.Count(text, "\n")),
			Files:   []view.File{{Name: file, MIME: "text/plain; charset=utf-8", Data: []byte(text)}}}
	}
	return view.Private("```\n%s```", text)
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

// Lock finds and locks game id for a component, or explains why it cannot.
func Lock(tr Transport, id int64) (*host.Table, *view.Reply) {
	t, err := tr.Host().Lock(id)
	if err != nil {
		rep := view.Refusal(err)
		return nil, &rep
	}
	return t, nil
}

// Resume tries again to show t's screen when a permanent failure (the bot lost its
// permission in the place) paused it: someone is here and asking, so the place may
// work again. It returns the line a game's board or status answer carries to say so,
// with the reason, or "" when the screen was not paused. A game's board command
// calls it, so that no game's paused screen waits on another game's command.
func Resume(tr Transport, t *host.Table) (string, error) {
	s := t.Owed()
	if s == nil || s.Paused == "" {
		return "", nil
	}
	why := s.Paused
	if _, err := tr.Host().Resume(t); err != nil {
		return "", err
	}
	return fmt.Sprintf("⚠️ The game was paused because its screen could not be posted here (%s); trying again now.", why), nil
}
