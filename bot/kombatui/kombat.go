// Package kombatui is KOMBAT's Discord UI, registered with the bot as one value
// (New): /kombat and its subcommands, challenges, the setup negotiation (kinds, forms,
// free spawns), turns, auto games, Why?, try, replays, records, tournaments and the
// strategy library's KOMBAT part, each handler locking the game through host and its
// adapter (host/kombathost) and answering with KOMBAT's views, which live here as
// plain functions of what is stored (the setup, the board's header and controls, the
// rules screen, the tournament's message, the Why? buttons), built from bot/view's
// shared parts (replies, custom ids, forms). It never imports package bot: the bot
// gives it a ui.Request.
package kombatui

import (
	"fmt"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// New is KOMBAT's Discord UI, for the bot to register (bot.Options.Games). The value
// serves one bot: it keeps the bot's tournaments.
func New() ui.Game {
	k := &kombat{}
	return ui.Game{Name: store.GameKombat, Plug: kombathost.Plug(), Command: command(), Routes: k.routes(), Screen: screens{},
		Seats: func(t *host.Table) []string { return kombathost.SeatList(t.Row) }, Ladder: LadderTitles, Title: "KOMBAT",
		Stats: func(tr ui.Transport, guild, user string) ([]host.Rated, error) {
			return kom(tr).Stats(tr.Context(), guild, user)
		},
		Shelf: &ui.Shelf{Open: library, Noun: "strategies", Defense: true, Form: view.LibraryForm, Saved: saved,
			Empty: "You have no saved strategies yet. Save one with `/kombat strategy save name` (a form opens) or with a file."},
		MessageCommand: UseStrategyCommand,
		Connected:      func(tr ui.Transport) { kom(tr).ResumeTourneys(k.tourney(tr), tourneyFront{tr, k}, tr.Mine) }}
}

// UseStrategyCommand is KOMBAT's message command, as players see it.
const UseStrategyCommand = "Use as KOMBAT strategy"

// kombat is what KOMBAT's UI keeps for its bot: the tournaments, every change to one
// made one at a time (kombathost.Tourneys), made at the first use.
type kombat struct {
	once     sync.Once
	tourneys *kombathost.Tourneys
}

// tourney is the bot's tournaments.
func (k *kombat) tourney(tr ui.Transport) *kombathost.Tourneys {
	k.once.Do(func() { k.tourneys = kombathost.NewTourneys(tr.DB(), kom(tr).Lang(), tr.Host().Halt()) })
	return k.tourneys
}

// kom is the host's KOMBAT adapter.
func kom(tr ui.Transport) *kombathost.Kombat { return kombathost.Of(tr.Host()) }

// libs is the transport's library answers.
func libs(r ui.Request) ui.Libraries { return r.(ui.Libraries) }

// here is what /kombat's commands answer in a channel where another game with
// ui.Game.Here is played.
func here(tr ui.Transport, t *host.Table) (view.Reply, bool) {
	if g, ok := tr.Game(t.Row.Game); ok && g.Here != nil {
		return g.Here(), true
	}
	return view.Reply{}, false
}

// screens is KOMBAT's part of host.Front.
type screens struct{}

// Show posts the screen a game owes, named by a nonce made of the game and the state,
// so a retried post whose first answer was lost stays one message (Transport.Deliver:
// an auto game's screens follow up the interaction that started it while its token is
// fresh). Under a finished game's final board it posts the after-game chart and
// sentences.
func (screens) Show(tr ui.Transport, t *host.Table, s *store.Screen) (string, error) {
	g, err := kom(tr).Engine(t)
	if err != nil {
		return "", err
	}
	var rep view.Reply
	if g.Phase() == game.PhaseSetup {
		rep = FreeSpawn(t)
	} else {
		last, ok := g.LastTurn()
		if !ok {
			last = game.TurnLog{Events: g.SetupEvents()}
		}
		if rep, err = boardReply(tr, t, g, last, s.Summary, -1); err != nil {
			return "", err
		}
	}
	id, err := tr.Deliver(t, s, rep, ui.ScreenNonce(t.Row.ID, s.Version))
	if err != nil {
		return "", err
	}
	if g.Result() != nil {
		postAfterGame(tr, t, g) // once the final board is up, and only then
	}
	return id, nil
}

// Retire keeps a KOMBAT screen's Why? row; the final one is the game's last.
func (screens) Retire(tr ui.Transport, t *host.Table) (ui.Retired, error) {
	g, err := kom(tr).Engine(t)
	if err != nil {
		return ui.Retired{}, err
	}
	return ui.Retired{Keep: WhyRows(t.Row.ID, g.Turns()-1), Last: g.Result() != nil}, nil
}

// Summary words what happened above the board that shows it.
func (screens) Summary(_ ui.Transport, t *host.Table, e host.Event) string {
	switch e.Kind {
	case host.EvTurn:
		return render.TurnSummary(e.Turn.(game.TurnLog), kombathost.Names(t)[e.Player-1])
	case host.EvTimeUp:
		return fmt.Sprintf("⏰ %s ran out of time (%d in a row); the turn was played for them.\n%s", Mention(t, e.Player), e.Misses, render.TurnSummary(e.Turn.(game.TurnLog), kombathost.Names(t)[e.Player-1]))
	case host.EvForfeit:
		return fmt.Sprintf("⏰ %s ran out of time %d turns in a row and forfeits.", Mention(t, e.Player), kombathost.MaxMisses)
	case host.EvResign:
		return fmt.Sprintf("%s resigned.", Mention(t, e.Player))
	}
	return ""
}

// Tell tells a KOMBAT game's channel that a challenge or a setup expired, or reminds
// the player to act; the transport words the other notes.
func (screens) Tell(tr ui.Transport, t *host.Table, n host.Note) bool {
	var err error
	switch n.Kind {
	case host.NoteChallengeExpired:
		content := fmt.Sprintf("<@%s>'s challenge to <@%s> expired unanswered.", t.Row.Player(1), t.Row.Player(2))
		_, err = tr.Edit(view.Reply{Content: content}.MessageEdit(t.Row.Place, t.Row.Shown))
	case host.NoteSetupExpired:
		_, err = tr.Edit(view.Reply{Content: "This game's setup expired: the kinds were not agreed within 30 minutes."}.MessageEdit(t.Row.Place, t.Row.Shown))
	case host.NoteReminder:
		_, err = tr.Post(t.Row.Place, &discordgo.MessageSend{
			Content:         fmt.Sprintf("⏰ %s, %s left for your turn; then it is played for you with no purchase and no spawn.", Mention(t, n.Player), view.Duration(n.Left)),
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{t.Row.Player(n.Player)}}})
	default:
		return false
	}
	if err != nil {
		tr.Logger().Error("tell channel", "game", t.Row.ID, "note", n.Kind, "err", err)
	}
	return true
}

// routes are KOMBAT's: "/kombat SUB" for its subcommands, a component's or form's
// action, and the message command by its name. One table holds them all, so adding a
// control is one line here.
func (k *kombat) routes() map[string]ui.Route {
	return map[string]ui.Route{
		// Subcommands of /kombat.
		"/kombat challenge":   {Do: func(r ui.Request, in ui.Input) view.Reply { return challenge(r, in.Opts) }, Ack: ui.AckPublic},
		"/kombat solo":        {Do: func(r ui.Request, in ui.Input) view.Reply { return startSetup(r, in.Opts, game.ModeSolitaire) }, Ack: ui.AckPublic},
		"/kombat auto":        {Do: func(r ui.Request, in ui.Input) view.Reply { return startSetup(r, in.Opts, game.ModeAuto) }, Ack: ui.AckPublic},
		"/kombat kind":        {Do: kindCommand, Ack: ui.AckPrivate},
		"/kombat board":       {Do: func(r ui.Request, _ ui.Input) view.Reply { return showBoard(r) }, Ack: ui.AckPrivate},
		"/kombat status":      {Do: func(r ui.Request, _ ui.Input) view.Reply { return showStatus(r) }, Ack: ui.AckPrivate},
		"/kombat resign":      {Do: func(r ui.Request, _ ui.Input) view.Reply { return askResign(r) }},
		"/kombat check":       {Do: func(r ui.Request, in ui.Input) view.Reply { return check(r, in.Opts) }, AckIf: ui.WithFile("file", ui.AckPrivate)},
		"/kombat rules":       {Do: func(ui.Request, ui.Input) view.Reply { return view.Private("%s", RulesText()) }},
		"/kombat strategy":    {Do: func(r ui.Request, in ui.Input) view.Reply { return strategyCommand(r, in.Sub, in.Data) }, AckIf: ui.SaveAck},
		"/kombat try":         {Do: func(r ui.Request, in ui.Input) view.Reply { return tryCommand(r, in.Opts) }, AckIf: tryAck},
		"/kombat tournament":  {Do: func(r ui.Request, in ui.Input) view.Reply { return k.tournamentCommand(r, in.Opts) }, Ack: ui.AckPrivate},
		"/kombat replay":      {Do: func(r ui.Request, in ui.Input) view.Reply { return replay(r, in.Opts) }},
		"/kombat history":     {Do: func(r ui.Request, in ui.Input) view.Reply { return r.History(in.Opts, "") }, Ack: ui.AckPrivate},
		"/kombat leaderboard": {Do: func(r ui.Request, in ui.Input) view.Reply { return leaderboard(r, in.Opts) }, Ack: ui.AckPrivate},
		"/kombat stats":       {Do: func(r ui.Request, in ui.Input) view.Reply { return r.Stats(in.Opts, "") }, Ack: ui.AckPrivate},

		// Buttons and selects: challenges, setups, free spawns, turns, auto games.
		"accept":    {Do: func(r ui.Request, in ui.Input) view.Reply { return accept(r, in.ID) }, Ack: ui.AckUpdate},
		"decline":   {Do: func(r ui.Request, in ui.Input) view.Reply { return decline(r, in.ID) }, Ack: ui.AckUpdate},
		"addkind":   {Do: func(r ui.Request, in ui.Input) view.Reply { return openKindForm(r, in.ID.Game, -1) }},
		"editkind":  {Do: func(r ui.Request, in ui.Input) view.Reply { return editKind(r, in.ID, in.Value()) }},
		"rmkind":    {Do: func(r ui.Request, in ui.Input) view.Reply { return removeKind(r, in.ID, in.Value()) }, Ack: ui.AckUpdate},
		"redo":      {Do: func(r ui.Request, in ui.Input) view.Reply { return redo(r, in.ID) }},
		"ready":     {Do: func(r ui.Request, in ui.Input) view.Reply { return toggleReady(r, in.ID) }, Ack: ui.AckUpdate},
		"cancel":    {Do: func(r ui.Request, in ui.Input) view.Reply { return cancelSetup(r, in.ID) }, Ack: ui.AckUpdate},
		"fskind":    {Do: func(r ui.Request, in ui.Input) view.Reply { return freeSpawnKind(r, in.ID, in.Value()) }},
		"fshex":     {Do: func(r ui.Request, in ui.Input) view.Reply { return freeSpawnHex(r, in.ID, in.Value()) }, Ack: ui.AckUpdate},
		"buy":       {Do: func(r ui.Request, in ui.Input) view.Reply { return buy(r, in.ID, in.Value()) }, Ack: ui.AckUpdate},
		"spawnkind": {Do: func(r ui.Request, in ui.Input) view.Reply { return spawnKind(r, in.ID, in.Value()) }},
		"spawnhex":  {Do: func(r ui.Request, in ui.Input) view.Reply { return spawnHex(r, in.ID, in.Value()) }, Ack: ui.AckUpdate},
		"end":       {Do: func(r ui.Request, in ui.Input) view.Reply { return endTurn(r, in.ID) }, Ack: ui.AckUpdate},
		"resign":    {Do: func(r ui.Request, in ui.Input) view.Reply { return askResignGame(r, in.ID.Game) }},
		"resignok":  {Do: func(r ui.Request, in ui.Input) view.Reply { return resign(r, in.ID.Game) }, Ack: ui.AckUpdate},
		"pause":     {Do: func(r ui.Request, in ui.Input) view.Reply { return pause(r, in.ID, true) }, Ack: ui.AckUpdate},
		"resume":    {Do: func(r ui.Request, in ui.Input) view.Reply { return pause(r, in.ID, false) }, Ack: ui.AckUpdate},
		"why":       {Do: func(r ui.Request, in ui.Input) view.Reply { return why(r, in.ID) }},
		// The message command: a code block as a kind proposed here, or checked.
		UseStrategyCommand: {Do: func(r ui.Request, in ui.Input) view.Reply { return useStrategy(r, in.Data) }},
		"rp":               {Do: func(r ui.Request, in ui.Input) view.Reply { return replayStep(r, in.ID) }, Ack: ui.AckUpdate},
		// Tournaments and the strategy library.
		"tenter":  {Do: func(r ui.Request, in ui.Input) view.Reply { return k.tourneyEnter(r, in.ID) }},
		"tkinds":  {Do: func(r ui.Request, in ui.Input) view.Reply { return k.tourneyKinds(r, in.ID, in.Values) }, Ack: ui.AckUpdate},
		"tleave":  {Do: func(r ui.Request, in ui.Input) view.Reply { return k.tourneyLeave(r, in.ID) }, Ack: ui.AckUpdate},
		"tstart":  {Do: func(r ui.Request, in ui.Input) view.Reply { return k.tourneyStart(r, in.ID) }, Ack: ui.AckUpdate},
		"tcancel": {Do: func(r ui.Request, in ui.Input) view.Reply { return k.tourneyCancel(r, in.ID) }, Ack: ui.AckUpdate},
		"libpick": {Do: func(r ui.Request, in ui.Input) view.Reply { return libraryPicker(r, in.ID.Game) }},
		"libload": {Do: func(r ui.Request, in ui.Input) view.Reply { return libraryLoad(r, in.ID, in.Value()) }, Ack: ui.AckPrivate},

		// Forms.
		"kindform":  {Do: func(r ui.Request, in ui.Input) view.Reply { return submitKind(r, in.ID, in.Form) }, AckIf: formAck},
		"checkform": {Do: func(r ui.Request, in ui.Input) view.Reply { return checkText(r, "strategy", in.Form["strategy"]) }},
		"tryform": {Do: func(r ui.Request, in ui.Input) view.Reply {
			return tryStrategy(r, "strategy", in.Form["strategy"], 0, in.ID.Arg(0))
		}, Ack: ui.AckPrivate},
		"libform": {Do: func(r ui.Request, in ui.Input) view.Reply {
			return libs(r).LibrarySave(library(r), in.ID.Arg(0), in.Form["defense"], in.Form["strategy"])
		}, Ack: ui.AckPrivate},
	}
}

// tryAck: /kombat try downloads a file or reads a saved strategy, then runs it; with
// neither it opens a form.
func tryAck(in ui.Input) ui.Ack {
	if in.Opts.Str("file") != "" || in.Opts.Str("strategy") != "" {
		return ui.AckPrivate
	}
	return ui.AckNow
}

// formAck: a kind form submitted from the setup message updates it; one opened by the
// message command has no message, and is answered privately (route's rule for
// ui.AckUpdate without a message).
func formAck(ui.Input) ui.Ack { return ui.AckUpdate }

// kindCommand is /kombat kind's group: add.
func kindCommand(r ui.Request, in ui.Input) view.Reply {
	if len(in.Sub.Options) > 0 && in.Sub.Options[0].Name == "add" {
		return kindAdd(r, ui.NewOptions(in.Sub.Options[0].Options, in.Data.Resolved))
	}
	return view.Private("Unknown command; try /kombat rules.")
}

// command is /kombat with its subcommands and options. Option and subcommand names
// are the ones the handlers look up.
func command() *discordgo.ApplicationCommand {
	str := discordgo.ApplicationCommandOptionString
	integer := discordgo.ApplicationCommandOptionInteger
	user := discordgo.ApplicationCommandOptionUser
	file := discordgo.ApplicationCommandOptionAttachment
	sub := discordgo.ApplicationCommandOptionSubCommand
	group := discordgo.ApplicationCommandOptionSubCommandGroup
	opt := func(typ discordgo.ApplicationCommandOptionType, name, desc string, required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: typ, Name: name, Description: desc, Required: required}
	}
	minutes := func() *discordgo.ApplicationCommandOption {
		o := opt(integer, "timeout", "minutes per turn before it is played for you (1 to 1440; default 10)", false)
		one, day := 1.0, 1440.0
		o.MinValue, o.MaxValue = &one, day
		return o
	}
	config := func() *discordgo.ApplicationCommandOption {
		return opt(file, "config", "a configuration file (name=value lines); default: the standard rules", false)
	}
	seat := opt(str, "seat", "play first or second (default first)", false)
	seat.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "first", Value: "first"}, {Name: "second", Value: "second"}}
	defense := opt(integer, "defense", "defense factor: damage taken is reduced by this much (0 or more)", true)
	zero := 0.0
	defense.MinValue = &zero
	name := opt(str, "name", "the name: 1 to 20 letters, digits, spaces, - or _", true)
	name.MaxLength = 20
	stratName := func() *discordgo.ApplicationCommandOption {
		o := opt(str, "name", "the strategy's name: 1 to 32 letters, digits, spaces, - or _", true)
		o.MaxLength = 32
		return o
	}
	optDefense := func() *discordgo.ApplicationCommandOption {
		o := opt(integer, "defense", "defense factor (default 0, or the saved one)", false)
		o.MinValue = &zero
		return o
	}
	ladderOpt := opt(str, "ladder", "duels (default) or games against the bot at a level", false)
	ladderOpt.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "duels", Value: "duel"}}
	for _, l := range kombathost.PlayLevels() {
		ladderOpt.Choices = append(ladderOpt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: "against the bot (" + l + ")", Value: "bot-" + l})
	}
	tryStrategy := opt(str, "strategy", "one of your saved strategies, by name", false)
	tryStrategy.MaxLength = 32
	position := opt(str, "position", "where your minion is tried (default: near)", false)
	for _, p := range kombathost.TryPositions() {
		position.Choices = append(position.Choices, &discordgo.ApplicationCommandOptionChoice{Name: p.Name + ": " + p.Desc, Value: p.Name})
	}
	level := func(name, desc string) *discordgo.ApplicationCommandOption {
		o := opt(str, name, desc, false)
		for _, l := range kombathost.PlayLevels() {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: l, Value: l})
		}
		return o
	}
	seedsOpt := opt(integer, "seeds", "games per pairing and seat, 1 to 5 (default 2)", false)
	oneSeed, fiveSeeds := 1.0, 5.0
	seedsOpt.MinValue, seedsOpt.MaxValue = &oneSeed, fiveSeeds
	version := func(name, desc string) *discordgo.ApplicationCommandOption {
		o := opt(integer, name, desc, false)
		one := 1.0
		o.MinValue = &one
		return o
	}

	return &discordgo.ApplicationCommand{
		Name:        "kombat",
		Description: "Play KOMBAT, the programming game of minions on a hex board",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: sub, Name: "challenge", Description: "Challenge someone to a duel in this channel", Options: []*discordgo.ApplicationCommandOption{
				opt(user, "opponent", "who to challenge", true), config(), minutes(),
			}},
			{Type: sub, Name: "solo", Description: "Play against the built-in bot", Options: []*discordgo.ApplicationCommandOption{
				config(), seat, minutes(), level("level", "how strong the bot plays (default normal)"),
			}},
			{Type: sub, Name: "auto", Description: "Watch the bot play itself with the kinds you choose", Options: []*discordgo.ApplicationCommandOption{
				config(), level("player1", "the level of the bot in seat 1, blue (default normal)"),
				level("player2", "the level of the bot in seat 2, orange (default normal)"),
			}},
			{Type: group, Name: "kind", Description: "Minion kinds of the game being set up here", Options: []*discordgo.ApplicationCommandOption{
				{Type: sub, Name: "add", Description: "Propose a kind with its strategy from a .txt file", Options: []*discordgo.ApplicationCommandOption{
					name, defense, opt(file, "file", "the strategy, as a text file", true),
				}},
			}},
			{Type: sub, Name: "board", Description: "Show the board of the game in this channel"},
			{Type: sub, Name: "status", Description: "Show the numbers of the game in this channel"},
			{Type: sub, Name: "resign", Description: "Resign the game you are playing in this channel"},
			{Type: sub, Name: "check", Description: "Check a strategy for mistakes (opens a form, or give a file)", Options: []*discordgo.ApplicationCommandOption{
				opt(file, "file", "the strategy as a text file; without it a form opens", false),
			}},
			{Type: sub, Name: "rules", Description: "A short guide to the game and its strategy language"},
			{Type: sub, Name: "try", Description: "Run a strategy once in a sample position: its trace and the board after", Options: []*discordgo.ApplicationCommandOption{
				tryStrategy, opt(file, "file", "the strategy as a text file; without one or the other a form opens", false), position,
			}},
			{Type: sub, Name: "tournament", Description: "Organise a round-robin tournament of saved strategies (server managers)", Options: []*discordgo.ApplicationCommandOption{
				seedsOpt, config(),
			}},
			{Type: sub, Name: "replay", Description: "Replay a finished game: an animation and a turn-by-turn viewer", Options: []*discordgo.ApplicationCommandOption{
				version("game", "the game's number (default: this channel's last game); /kombat history lists them"),
			}},
			{Type: sub, Name: "history", Description: "Recent games on this server, with results and numbers", Options: []*discordgo.ApplicationCommandOption{
				opt(user, "user", "whose games (default: yours)", false),
			}},
			{Type: sub, Name: "leaderboard", Description: "The top 10 ratings of this server, and your place", Options: []*discordgo.ApplicationCommandOption{
				ladderOpt,
			}},
			{Type: sub, Name: "stats", Description: "Games, wins, losses, ties and ratings", Options: []*discordgo.ApplicationCommandOption{
				opt(user, "user", "whose stats (default: yours)", false),
			}},
			{Type: group, Name: "strategy", Description: "Your saved strategies, with their versions", Options: []*discordgo.ApplicationCommandOption{
				{Type: sub, Name: "save", Description: "Save a strategy (a new version if the name exists); a form opens without a file", Options: []*discordgo.ApplicationCommandOption{
					stratName(), opt(file, "file", "the strategy as a text file; without it a form opens", false), optDefense(),
				}},
				{Type: sub, Name: "list", Description: "List your saved strategies"},
				{Type: sub, Name: "show", Description: "Show a saved strategy, or the changes between two versions", Options: []*discordgo.ApplicationCommandOption{
					stratName(), version("version", "which version (default: the latest)"), version("diff", "show the changes from this version instead"),
				}},
				{Type: sub, Name: "delete", Description: "Delete a saved strategy and all its versions", Options: []*discordgo.ApplicationCommandOption{
					stratName(),
				}},
			}},
		},
	}
}
