// Package upbeatui is UPBEAT's Discord UI, registered with the bot as one value (New):
// /upbeat and its subcommands, the lobby, first plans and revisions, the territory's
// screens, Why?, replays, records and the plan library, each handler locking the game
// through host and its adapter (host/upbeathost) and answering with UPBEAT's views,
// which live here as plain functions of what is stored (the lobby, the first plans,
// the plan form, each turn's screen, the status, the board viewer, replays, records,
// reminders, Why?), built from bot/view's shared parts (replies, custom ids, forms).
// It never imports package bot: the bot gives it a ui.Request.
package upbeatui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// New is UPBEAT's Discord UI, for the bot to register (bot.Options.Games).
func New() ui.Game {
	return ui.Game{Name: store.GameUpbeat, Plug: upbeathost.Plug(), Command: upbeatCommand(), Routes: routes(), Screen: screens{},
		Seats: func(t *host.Table) []string { return upbeathost.Own(t).Seats }, PastLine: UpPastLine, Ladder: LadderTitles, AutoControls: upAutoControls, Title: "UPBEAT",
		Stats: func(tr ui.Transport, guild, user string) ([]host.Rated, error) {
			return up(tr).UpStats(tr.Context(), guild, user)
		},
		Shelf: &ui.Shelf{Open: upLibrary, Noun: "UPBEAT plans", Empty: "You have no saved UPBEAT plans yet. Save one with `/upbeat strategy save name` (a form opens) or with a file.",
			Plays: " `/upbeat plan saved:name` plays one.", Form: UpLibraryForm, Saved: upSaved},
		MessageCommand: UsePlanCommand, Here: UpbeatChannel}
}

// UsePlanCommand is UPBEAT's message command, as players see it.
const UsePlanCommand = "Use as UPBEAT plan"

// up is the host's UPBEAT adapter.
func up(tr ui.Transport) *upbeathost.Up { return upbeathost.Of(tr.Host()) }

// screens is UPBEAT's part of host.Front.
type screens struct{}

// routes are /upbeat's subcommands, the lobby's, first plans', turns' and viewers'
// controls, the forms and the message command.
func routes() map[string]ui.Route {
	return map[string]ui.Route{
		"/upbeat new":    {Do: func(r ui.Request, in ui.Input) view.Reply { return upNew(r, in.Opts) }, Ack: ui.AckPublic},
		"/upbeat auto":   {Do: func(r ui.Request, in ui.Input) view.Reply { return upAutoCommand(r, in.Opts) }, Ack: ui.AckPublic},
		"/upbeat status": {Do: func(r ui.Request, _ ui.Input) view.Reply { return upStatus(r) }, Ack: ui.AckPrivate},
		"/upbeat board":  {Do: func(r ui.Request, _ ui.Input) view.Reply { return upBoard(r) }, Ack: ui.AckPrivate},
		"/upbeat rules":  {Do: func(ui.Request, ui.Input) view.Reply { return view.Private("%s", UpRulesText()) }},
		"/upbeat check":  {Do: func(r ui.Request, in ui.Input) view.Reply { return upCheck(r, in.Opts) }, AckIf: ui.WithFile("file", ui.AckPrivate)},
		"/upbeat why":    {Do: func(r ui.Request, _ ui.Input) view.Reply { return upWhyCommand(r) }, Ack: ui.AckPrivate},
		"/upbeat resign": {Do: func(r ui.Request, _ ui.Input) view.Reply { return upAskResign(r) }},
		"/upbeat replay": {Do: func(r ui.Request, in ui.Input) view.Reply { return upReplay(r, in.Opts) }, Ack: ui.AckPublic},
		"/upbeat plan":   {Do: func(r ui.Request, in ui.Input) view.Reply { return upPlanCommand(r, in.Opts) }, AckIf: upPlanAck},
		"/upbeat strategy": {Do: func(r ui.Request, in ui.Input) view.Reply {
			return upStrategyCommand(r, in.Sub, in.Data)
		}, AckIf: ui.SaveAck},
		// UPBEAT's records, on its own ladders.
		"/upbeat history":     {Do: func(r ui.Request, in ui.Input) view.Reply { return r.History(in.Opts, store.GameUpbeat) }, Ack: ui.AckPrivate},
		"/upbeat leaderboard": {Do: func(r ui.Request, in ui.Input) view.Reply { return upLeaderboard(r, in.Opts) }, Ack: ui.AckPrivate},
		"/upbeat stats":       {Do: func(r ui.Request, in ui.Input) view.Reply { return r.Stats(in.Opts, store.GameUpbeat) }, Ack: ui.AckPrivate},

		// The lobby, the first plans, the turns, auto games, the viewers.
		"upstop":    {Do: func(r ui.Request, in ui.Input) view.Reply { return upStop(r, in.ID) }, Ack: ui.AckUpdate},
		"upjoin":    {Do: func(r ui.Request, in ui.Input) view.Reply { return upJoin(r, in.ID) }, Ack: ui.AckUpdate},
		"upleave":   {Do: func(r ui.Request, in ui.Input) view.Reply { return upLeave(r, in.ID) }, Ack: ui.AckUpdate},
		"upstart":   {Do: func(r ui.Request, in ui.Input) view.Reply { return upStart(r, in.ID) }, Ack: ui.AckUpdate},
		"upcancel":  {Do: func(r ui.Request, in ui.Input) view.Reply { return upCancel(r, in.ID) }, Ack: ui.AckUpdate},
		"upplan":    {Do: func(r ui.Request, in ui.Input) view.Reply { return upPlan(r, in.ID) }},
		"uprevise":  {Do: func(r ui.Request, in ui.Input) view.Reply { return upRevise(r, in.ID) }},
		"upview":    {Do: func(r ui.Request, in ui.Input) view.Reply { return upZoom(r, in.ID) }, Ack: ui.AckUpdate},
		"upwhy":     {Do: func(r ui.Request, in ui.Input) view.Reply { return upWhy(r, in.ID) }, Ack: ui.AckPrivate},
		"upresign":  {Do: func(r ui.Request, in ui.Input) view.Reply { return upResign(r, in.ID) }, Ack: ui.AckUpdate},
		"upconfirm": {Do: func(r ui.Request, in ui.Input) view.Reply { return upConfirm(r, in.ID) }, Ack: ui.AckUpdate},
		"uprp":      {Do: func(r ui.Request, in ui.Input) view.Reply { return upReplayStep(r, in.ID) }, Ack: ui.AckUpdate},

		// Forms.
		"uplibform": {Do: func(r ui.Request, in ui.Input) view.Reply {
			libs, ok := r.(ui.Libraries)
			if !ok {
				return view.Private("Saved plans are not kept here.")
			}
			return libs.LibrarySave(upLibrary(r), in.ID.Arg(0), "0", in.Form["plan"])
		}, Ack: ui.AckPrivate},
		"upcheckform": {Do: func(r ui.Request, in ui.Input) view.Reply {
			return r.Check(up(r).UpLang(), "plan", in.Form["plan"])
		}},
		// A first plan changes the first-plans message; a revision is answered privately.
		"upform": {Do: func(r ui.Request, in ui.Input) view.Reply { return upForm(r, in.ID, in.Form["plan"]) }, AckIf: func(in ui.Input) ui.Ack {
			if in.ID.Arg(0) == "first" {
				return ui.AckUpdate
			}
			return ui.AckPrivate
		}},
		// The message command: a code block becomes the caller's plan (written to the
		// store, so acknowledged first; a message without one is answered at once).
		UsePlanCommand: {Do: func(r ui.Request, in ui.Input) view.Reply { return usePlan(r, in.Data) }, AckIf: usePlanAck},
	}
}

// upWhy explains an UPBEAT turn to the presser of a screen's Why?, privately:
// upbeathost.UpWhy says which turn (their own latest up to the screen's) and who may see it.
func upWhy(r ui.Request, id view.CustomID) view.Reply {
	n, err := strconv.Atoi(id.Arg(0))
	if err != nil || n < 1 {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	return upWhyOf(r, id.Game, n)
}

// upWhyCommand is /upbeat why: the caller's latest turn in the channel's UPBEAT game,
// in play or last finished here (a screen's Why? goes with the screen when the next
// one replaces it; this one stays).
func upWhyCommand(r ui.Request) view.Reply {
	var id int64
	if t := r.Host().InPlace(r.Channel()); t != nil && upbeathost.IsUpbeat(t.Row) {
		id = t.Row.ID // a game's id never changes: read without its lock
	} else {
		over, err := up(r).UpOver(r.Context(), r.Channel(), 0)
		if err != nil {
			return r.Refused("finished upbeat game", err)
		}
		id = over.Row.ID
	}
	return upWhyOf(r, id, 0)
}

// upWhyOf explains a turn of UPBEAT game id up to its upTo-th (0: the last), as
// upbeathost.UpWhy chooses it for r's user.
func upWhyOf(r ui.Request, id int64, upTo int) view.Reply {
	w, err := up(r).UpWhy(r.Context(), id, upTo, r.User().ID)
	if err != nil {
		return r.Refused("upbeat why", err)
	}
	return ui.WhyReply(UpWhyText(w, up(r).UpLang()),
		fmt.Sprintf("Why the plan of %s did what it did in their turn %d", UpNames(w.Rec.Table())[w.Log.Player-1], w.Log.Turn),
		fmt.Sprintf("why-game%d-turn%d.txt", id, w.N))
}

// upbeatCommand is /upbeat, UPBEAT's command, offered where /kombat is.
func upbeatCommand() *discordgo.ApplicationCommand {
	integer := discordgo.ApplicationCommandOptionInteger
	sub := discordgo.ApplicationCommandOptionSubCommand
	bound := func(name, desc string, lo, hi float64) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: integer, Name: name, Description: desc, MinValue: &lo, MaxValue: hi}
	}
	level := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "level", Description: "how strong the bots play (default " + upbeat.DefaultLevel + ")"}
	for _, l := range upbeat.Levels() {
		level.Choices = append(level.Choices, &discordgo.ApplicationCommandOptionChoice{Name: l, Value: l})
	}
	first := 1.0 // game numbers start at 1
	config := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: "config",
		Description: "a configuration file (name=value lines); default: the standard rules"}
	return &discordgo.ApplicationCommand{
		Name:        "upbeat",
		Description: "Play UPBEAT, KOMBAT's sister game: 2 to 6 mayors' plans claim a hex territory",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: sub, Name: "new", Description: "Open a game in this channel: players join, you start it", Options: []*discordgo.ApplicationCommandOption{
				bound("players", "seats in all, 2 to 6 (default 2, or one more than the bots)", 2, 6),
				bound("bots", "seats the built-in bot plays, 0 to 6 (default 0; all of them: as /upbeat auto)", 0, 6), level, config,
			}},
			{Type: sub, Name: "auto", Description: "Watch the built-in bots play each other here, one turn every few seconds", Options: []*discordgo.ApplicationCommandOption{
				bound("players", "bots in all, 2 to 6 (default 2)", 2, 6), level, config,
			}},
			{Type: sub, Name: "status", Description: "Show the numbers of the UPBEAT game in this channel"},
			{Type: sub, Name: "board", Description: "Show the territory of the UPBEAT game here, privately, with zoom and pan buttons"},
			{Type: sub, Name: "resign", Description: "Leave the UPBEAT game you play in this channel (it asks first)"},
			{Type: sub, Name: "why", Description: "Why your last turn in the UPBEAT game here did what it did, line by line, privately"},
			{Type: sub, Name: "rules", Description: "A short guide to UPBEAT and its plan language"},
			{Type: sub, Name: "replay", Description: "Replay an UPBEAT game as an animation, with a viewer to step through its turns", Options: []*discordgo.ApplicationCommandOption{
				{Type: integer, Name: "game", Description: "the game's number (default: the game here, in play or last finished)", MinValue: &first},
			}},
			{Type: sub, Name: "history", Description: "Recent UPBEAT games on this server, with results and numbers", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "whose games (default: yours)"},
			}},
			{Type: sub, Name: "leaderboard", Description: "The top 10 UPBEAT ratings of this server, and your place", Options: []*discordgo.ApplicationCommandOption{
				upLadderOption(),
			}},
			{Type: sub, Name: "stats", Description: "UPBEAT games, wins, losses, ties and ratings", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "whose stats (default: yours)"},
			}},
			{Type: sub, Name: "check", Description: "Check a construction plan for mistakes (a file, the text, or else a form)", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionAttachment, Name: "file", Description: "the plan as a text file"},
				{Type: discordgo.ApplicationCommandOptionString, Name: "plan", Description: "the plan as text (short plans; newlines can't be typed here)", MaxLength: 4000},
			}},
			upPlanCommands(),
			upLibraryCommands(),
		},
	}
}

// Tell tells an UPBEAT game's channel that its lobby closed unstarted, or reminds
// the player to act; the transport words the other notes.
func (screens) Tell(tr ui.Transport, t *host.Table, n host.Note) bool {
	var err error
	switch n.Kind {
	case host.NoteLobbyExpired:
		_, err = tr.Edit(view.Reply{Content: fmt.Sprintf("This UPBEAT game was not started within %d minutes, so it is closed; `/upbeat new` opens another.", int(upbeathost.UpLobbyLife.Minutes()))}.MessageEdit(t.Row.Place, t.Row.Shown))
	case host.NoteReminder:
		_, err = tr.Post(t.Row.Place, UpReminder(t, n.Player, n.Left).Message())
	default:
		return false
	}
	if err != nil {
		tr.Logger().Error("tell channel", "game", t.Row.ID, "note", n.Kind, "err", err)
	}
	return true
}

// Retire takes every control off an UPBEAT screen; the first turn's screen retires
// the first-plans message, which must stop asking for a plan nobody can write now (and
// mention nobody again).
func (screens) Retire(_ ui.Transport, t *host.Table) (ui.Retired, error) {
	if t.Row.Status == store.StatusPlay && len(upbeathost.Own(t).Actions) == 0 {
		content := UpFirstPlansDone(t)
		return ui.Retired{Content: &content}, nil
	}
	return ui.Retired{}, nil
}

// UPBEAT's library: /upbeat strategy save, list, show and delete keep a player's plans
// as /kombat strategy keeps their strategies, in the same store but on a shelf of
// their own (host.Host.Library), checked against UPBEAT's language. /upbeat plan
// saved:NAME plays one.

// upLibrary is UPBEAT's plan library.
func upLibrary(tr ui.Transport) *host.Library {
	return tr.Host().Library(upbeathost.Name, up(tr).UpLang())
}

// upLibraryCommands is /upbeat strategy's group: KOMBAT's library commands, for plans
// (no defense factor).
func upLibraryCommands() *discordgo.ApplicationCommandOption {
	str := discordgo.ApplicationCommandOptionString
	sub := discordgo.ApplicationCommandOptionSubCommand
	one := 1.0
	name := func() *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: str, Name: "name", Description: "the plan's name: 1 to 32 letters, digits, spaces, - or _",
			Required: true, MaxLength: store.MaxStrategyName}
	}
	version := func(n, desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: n, Description: desc, MinValue: &one}
	}
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "strategy",
		Description: "Your saved UPBEAT plans, with their versions (apart from your KOMBAT strategies)", Options: []*discordgo.ApplicationCommandOption{
			{Type: sub, Name: "save", Description: "Save a plan (a new version if the name exists); a form opens without a file", Options: []*discordgo.ApplicationCommandOption{
				name(), {Type: discordgo.ApplicationCommandOptionAttachment, Name: "file", Description: "the plan as a text file; without it a form opens"},
			}},
			{Type: sub, Name: "list", Description: "List your saved UPBEAT plans"},
			{Type: sub, Name: "show", Description: "Show a saved plan, or the changes between two versions", Options: []*discordgo.ApplicationCommandOption{
				name(), version("version", "which version (default: the latest)"), version("diff", "show the changes from this version instead"),
			}},
			{Type: sub, Name: "delete", Description: "Delete a saved plan and all its versions", Options: []*discordgo.ApplicationCommandOption{name()}},
		}}
}

// upStrategyCommand routes /upbeat strategy's subcommands.
func upStrategyCommand(r ui.Request, sub *discordgo.ApplicationCommandInteractionDataOption, d discordgo.ApplicationCommandInteractionData) view.Reply {
	if len(sub.Options) == 0 {
		return view.Private("Unknown command; try /upbeat strategy list.")
	}
	op := sub.Options[0]
	o, lib := ui.NewOptions(op.Options, d.Resolved), upLibrary(r)
	libs, ok := r.(ui.Libraries)
	if !ok {
		return view.Private("Saved plans are not kept here.")
	}
	switch op.Name {
	case "save":
		return upLibrarySave(r, libs, o)
	case "list":
		return libs.LibraryList(lib)
	case "show":
		return libs.LibraryShow(lib, o)
	case "delete":
		return libs.LibraryAskDelete(lib, o)
	}
	return view.Private("Unknown command; try /upbeat strategy list.")
}

// upLibrarySave is /upbeat strategy save name [file]: from the file, or from a form
// (filled with the latest version when the name exists).
func upLibrarySave(r ui.Request, libs ui.Libraries, o ui.Options) view.Reply {
	name, lib := strings.TrimSpace(o.Str("name")), upLibrary(r)
	f, err := lib.Form(r.Context(), r.User().ID, name, 0)
	if err != nil {
		return r.Refused("plan form", err)
	}
	if a := o.Attachment("file"); a != nil {
		text, err := r.Fetch(a, interp.MaxSourceBytes*4)
		if err != nil {
			return view.Private("Could not read your file: %v.", err)
		}
		return libs.LibrarySave(lib, name, "0", text)
	}
	if utf8.RuneCountInString(f.Strategy) > view.MaxInputValue {
		f.Strategy = ""
	}
	return UpLibraryForm(name, f)
}

// upSaved is the answer to a plan saved in UPBEAT's library.
func upSaved(_ ui.Transport, s host.Saved, _ string) view.Reply {
	return view.Private("Saved the UPBEAT plan **%s**, version %d (%d %s). Play it with `/upbeat plan saved:%s` in your game's channel.",
		s.Name, s.Version, s.Lines, render.Plural(s.Lines, "line", "lines"), s.Name)
}

// UPBEAT's records on Discord: /upbeat history and /upbeat stats are the transport's
// answers (ui.Request.History and Stats) with UPBEAT's games and ladders alone;
// /upbeat leaderboard picks one of UPBEAT's ladders.

// upLeaderboard is /upbeat leaderboard [ladder]: "people" (the default) or
// "bots-LEVEL".
func upLeaderboard(r ui.Request, o ui.Options) view.Reply {
	kind := upbeathost.UpLadder
	switch l, bots := strings.CutPrefix(o.Str("ladder"), "bots-"); {
	case bots && slices.Contains(upbeat.Levels(), l):
		kind = upbeathost.UpBotLadder(l)
	case bots || l != "" && l != "people":
		return view.Private("There is no UPBEAT ladder %q: the ladders are among people and against the bots (%s).", o.Str("ladder"), strings.Join(upbeat.Levels(), ", "))
	}
	return r.Ladder(kind)
}

// upLadderOption is /upbeat leaderboard's choice of ladder: among people, or against
// the bots at a level.
func upLadderOption() *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "ladder",
		Description: "games among people (default) or of one person against the bots at a level"}
	o.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "among people", Value: "people"}}
	for _, l := range upbeat.Levels() {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: "against the bots (" + l + ")", Value: "bots-" + l})
	}
	return o
}

// upReplay is /upbeat replay [game]: the game's overview after the start and after
// every turn as an animated GIF (at most upbeathost.UpMaxFrames steps, evenly spread, and
// fewer when the file would be too large for Discord), then a public step viewer at
// its last turn whose buttons open a private viewer for whoever presses. It replays a
// finished game, or the one in play up to its last turn.
func upReplay(r ui.Request, o ui.Options) view.Reply {
	v, err := up(r).UpReplayGame(r.Context(), r.Guild(), r.Channel(), o.Int("game", 0))
	if err != nil {
		return r.Refused("load upbeat game for replay", err)
	}
	n := v.Steps()
	steps, err := up(r).UpReplay(v, host.Sample(n, upbeathost.UpMaxFrames))
	if err != nil {
		return r.Internal("upbeat replay", err)
	}
	t := v.Table()
	names := UpNames(t)
	frames := make([]render.Territory, len(steps))
	for i, s := range steps {
		frames[i] = UpReplayTerritory(s, n, names)
	}
	gif, kept, err := r.Renderer().UpbeatGIF(frames, ui.MaxUpload)
	if err != nil {
		return r.Internal("upbeat replay gif", err)
	}
	rep := view.Reply{}
	if len(gif) <= ui.MaxUpload {
		rep.Content = UpReplayMessage(t, n, len(kept), 0)
		rep.Files = []view.File{{Name: fmt.Sprintf("upbeat-game-%d.gif", t.Row.ID), MIME: "image/gif", Data: gif}}
	} else {
		rep.Content = UpReplayMessage(t, n, 0, len(gif)>>20)
	}
	last := steps[len(steps)-1]
	png, err := r.Renderer().TerritoryPNG(UpReplayTerritory(last, n, names))
	if err != nil {
		return r.Internal("upbeat replay step", err)
	}
	if _, err := r.Post(r.Channel(), UpReplayViewer(t, last, n, png, true).Message()); err != nil {
		r.Logger().Error("post upbeat replay viewer", "game", t.Row.ID, "err", err)
	}
	return rep
}

// upReplayStep answers a press of a replay viewer's button: from the public viewer, a
// private viewer of the presser's own at the step asked for; from a private viewer,
// that viewer moved to it.
func upReplayStep(r ui.Request, id view.CustomID) view.Reply {
	to, err := strconv.Atoi(id.Arg(0))
	if err != nil || id.Arg(2) != "pub" && id.Arg(2) != "me" {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	v, err := up(r).UpReplayOf(r.Context(), id.Game)
	if err == nil && v.Row.Scope != r.Guild() {
		err = otherServer(id.Game)
	}
	if err != nil {
		return r.Refused("load upbeat game for replay", err)
	}
	n := v.Steps()
	steps, err := up(r).UpReplay(v, []int{min(max(to, 0), n-1)})
	if err != nil {
		return r.Internal("upbeat replay step", err)
	}
	t := v.Table()
	png, err := r.Renderer().TerritoryPNG(UpReplayTerritory(steps[0], n, UpNames(t)))
	if err != nil {
		return r.Internal("upbeat replay step", err)
	}
	rep := UpReplayViewer(t, steps[0], n, png, false)
	if id.Arg(2) == "pub" {
		rep.Ephemeral = true
	} else {
		rep.Update = true
	}
	return rep
}
