package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
)

// input is what an interaction gives its handler (ui.Input).
type input = ui.Input

// handler answers one interaction.
type handler func(b *Bot, r *request, in input) view.Reply

// ack is how an interaction is acknowledged before its handler runs (ui.Ack).
type ack = ui.Ack

// The acknowledgements (ui's).
const (
	ackNow     = ui.AckNow
	ackPublic  = ui.AckPublic
	ackPrivate = ui.AckPrivate
	ackUpdate  = ui.AckUpdate
)

// route is a handler and how its interaction is acknowledged (by ack, or by ackIf when
// it depends on the interaction).
type route struct {
	do    handler
	ack   ack
	ackIf func(in input) ack
}

// withFile acknowledges a when the command carries an attachment option named opt.
func withFile(opt string, a ack) func(in input) ack { return ui.WithFile(opt, a) }

// routes is the table of every route: the bot's own, then each registered game's
// (a key registered twice is refused).
func routes(games []ui.Game) (map[string]route, error) {
	rs := ownRoutes()
	for _, g := range games {
		for key, rt := range g.Routes {
			if _, dup := rs[key]; dup {
				return nil, fmt.Errorf("bot: game %q routes %q, which another route has", g.Name, key)
			}
			rs[key] = route{do: func(_ *Bot, r *request, in input) view.Reply { return rt.Do(r, in) }, ack: rt.Ack, ackIf: rt.AckIf}
		}
	}
	return rs, nil
}

// Route keys: "/" and a subcommand of /kombat, or a component's or form's action.
// One table holds them all, so adding a control is one line here.
func ownRoutes() map[string]route {
	return map[string]route{
		// Subcommands of /kombat.
		"/challenge":   {do: func(b *Bot, r *request, in input) view.Reply { return b.challenge(r, in.Opts) }, ack: ackPublic},
		"/solo":        {do: func(b *Bot, r *request, in input) view.Reply { return b.startSetup(r, in.Opts, game.ModeSolitaire) }, ack: ackPublic},
		"/auto":        {do: func(b *Bot, r *request, in input) view.Reply { return b.startSetup(r, in.Opts, game.ModeAuto) }, ack: ackPublic},
		"/kind":        {do: (*Bot).kindCommand, ack: ackPrivate},
		"/board":       {do: func(b *Bot, r *request, _ input) view.Reply { return b.showBoard(r) }, ack: ackPrivate},
		"/status":      {do: func(b *Bot, r *request, _ input) view.Reply { return b.showStatus(r) }, ack: ackPrivate},
		"/resign":      {do: func(b *Bot, r *request, _ input) view.Reply { return b.askResign(r) }},
		"/check":       {do: func(b *Bot, r *request, in input) view.Reply { return b.check(r, in.Opts) }, ackIf: withFile("file", ackPrivate)},
		"/rules":       {do: func(*Bot, *request, input) view.Reply { return view.Private("%s", view.RulesText()) }},
		"/strategy":    {do: func(b *Bot, r *request, in input) view.Reply { return b.strategyCommand(r, in.Sub, in.Data) }, ackIf: ui.SaveAck},
		"/try":         {do: func(b *Bot, r *request, in input) view.Reply { return b.tryCommand(r, in.Opts) }, ackIf: tryAck},
		"/tournament":  {do: func(b *Bot, r *request, in input) view.Reply { return b.tournamentCommand(r, in.Opts) }, ack: ackPrivate},
		"/replay":      {do: func(b *Bot, r *request, in input) view.Reply { return b.replay(r, in.Opts) }},
		"/history":     {do: func(b *Bot, r *request, in input) view.Reply { return b.history(r, in.Opts, "") }, ack: ackPrivate},
		"/leaderboard": {do: func(b *Bot, r *request, in input) view.Reply { return b.leaderboard(r, in.Opts) }, ack: ackPrivate},
		"/stats":       {do: func(b *Bot, r *request, in input) view.Reply { return b.stats(r, in.Opts, "") }, ack: ackPrivate},

		// Buttons and selects: challenges, setups, free spawns, turns, auto games.
		"accept":    {do: func(b *Bot, r *request, in input) view.Reply { return b.accept(r, in.ID) }, ack: ackUpdate},
		"decline":   {do: func(b *Bot, r *request, in input) view.Reply { return b.decline(r, in.ID) }, ack: ackUpdate},
		"addkind":   {do: func(b *Bot, r *request, in input) view.Reply { return b.openKindForm(r, in.ID.Game, -1) }},
		"editkind":  {do: func(b *Bot, r *request, in input) view.Reply { return b.editKind(r, in.ID, in.Value()) }},
		"rmkind":    {do: func(b *Bot, r *request, in input) view.Reply { return b.removeKind(r, in.ID, in.Value()) }, ack: ackUpdate},
		"redo":      {do: func(b *Bot, r *request, in input) view.Reply { return b.redo(r, in.ID) }},
		"ready":     {do: func(b *Bot, r *request, in input) view.Reply { return b.toggleReady(r, in.ID) }, ack: ackUpdate},
		"cancel":    {do: func(b *Bot, r *request, in input) view.Reply { return b.cancelSetup(r, in.ID) }, ack: ackUpdate},
		"fskind":    {do: func(b *Bot, r *request, in input) view.Reply { return b.freeSpawnKind(r, in.ID, in.Value()) }},
		"fshex":     {do: func(b *Bot, r *request, in input) view.Reply { return b.freeSpawnHex(r, in.ID, in.Value()) }, ack: ackUpdate},
		"buy":       {do: func(b *Bot, r *request, in input) view.Reply { return b.buy(r, in.ID, in.Value()) }, ack: ackUpdate},
		"spawnkind": {do: func(b *Bot, r *request, in input) view.Reply { return b.spawnKind(r, in.ID, in.Value()) }},
		"spawnhex":  {do: func(b *Bot, r *request, in input) view.Reply { return b.spawnHex(r, in.ID, in.Value()) }, ack: ackUpdate},
		"end":       {do: func(b *Bot, r *request, in input) view.Reply { return b.endTurn(r, in.ID) }, ack: ackUpdate},
		"resign":    {do: func(b *Bot, r *request, in input) view.Reply { return b.askResignGame(r, in.ID.Game) }},
		"resignok":  {do: func(b *Bot, r *request, in input) view.Reply { return b.resign(r, in.ID.Game) }, ack: ackUpdate},
		"pause":     {do: func(b *Bot, r *request, in input) view.Reply { return b.pause(r, in.ID, true) }, ack: ackUpdate},
		"resume":    {do: func(b *Bot, r *request, in input) view.Reply { return b.pause(r, in.ID, false) }, ack: ackUpdate},
		"why":       {do: func(b *Bot, r *request, in input) view.Reply { return b.why(r, in.ID) }},
		// The message command: a code block as a kind proposed here, or checked.
		cmdUseStrategy: {do: func(b *Bot, r *request, in input) view.Reply { return b.useStrategy(r, in.Data) }},
		"rp":           {do: func(b *Bot, r *request, in input) view.Reply { return b.replayStep(r, in.ID) }, ack: ackUpdate},
		// Tournaments and the strategy library.
		"tenter":  {do: func(b *Bot, r *request, in input) view.Reply { return b.tourneyEnter(r, in.ID) }},
		"tkinds":  {do: func(b *Bot, r *request, in input) view.Reply { return b.tourneyKinds(r, in.ID, in.Values) }, ack: ackUpdate},
		"tleave":  {do: func(b *Bot, r *request, in input) view.Reply { return b.tourneyLeave(r, in.ID) }, ack: ackUpdate},
		"tstart":  {do: func(b *Bot, r *request, in input) view.Reply { return b.tourneyStart(r, in.ID) }, ack: ackUpdate},
		"tcancel": {do: func(b *Bot, r *request, in input) view.Reply { return b.tourneyCancel(r, in.ID) }, ack: ackUpdate},
		"libredo": {do: func(b *Bot, r *request, in input) view.Reply { return b.libraryRedo(r, in.ID) }},
		"libdel":  {do: func(b *Bot, r *request, in input) view.Reply { return b.libraryDelete(r, in.ID) }, ack: ackUpdate},
		"libpick": {do: func(b *Bot, r *request, in input) view.Reply { return b.libraryPicker(r, in.ID.Game) }},
		"libload": {do: func(b *Bot, r *request, in input) view.Reply { return b.libraryLoad(r, in.ID, in.Value()) }, ack: ackPrivate},

		// Forms.
		"kindform":  {do: func(b *Bot, r *request, in input) view.Reply { return b.submitKind(r, in.ID, in.Form) }, ackIf: formAck},
		"checkform": {do: func(b *Bot, r *request, in input) view.Reply { return b.checkText(r, "strategy", in.Form["strategy"]) }},
		"tryform": {do: func(b *Bot, r *request, in input) view.Reply {
			return b.tryStrategy(r, "strategy", in.Form["strategy"], 0, in.ID.Arg(0))
		}, ack: ackPrivate},
		"libform": {do: func(b *Bot, r *request, in input) view.Reply {
			return b.saveToLibrary(r, b.library(), in.ID.Arg(0), in.Form["defense"], in.Form["strategy"])
		}, ack: ackPrivate},
	}
}

// route answers an interaction by the table: a slash command by its subcommand, a
// component or form by its action, acknowledged first as its route says. An unknown
// key is a control of another version.
func (b *Bot) route(r *request, key string, in input) view.Reply {
	rt, ok := b.routes[key]
	if !ok {
		if key != "" && key[0] == '/' {
			return view.Private("Unknown command; try /kombat rules.")
		}
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	a := rt.ack
	if rt.ackIf != nil {
		a = rt.ackIf(in)
	}
	if a == ackUpdate && r.i.Message == nil {
		a = ackPrivate // a form opened by a command has no message to update
	}
	if a != ackNow {
		if err := r.deferReply(a == ackUpdate, a == ackPrivate); err != nil {
			return b.internal(r, "acknowledge", err)
		}
	}
	return rt.do(b, r, in)
}

// tryAck: /kombat try downloads a file or reads a saved strategy, then runs it; with
// neither it opens a form.
func tryAck(in input) ack {
	if in.Opts.Str("file") != "" || in.Opts.Str("strategy") != "" {
		return ackPrivate
	}
	return ackNow
}

// formAck: a kind form submitted from the setup message updates it; one opened by the
// message command has no message, and is answered privately (route's rule for
// ackUpdate without a message).
func formAck(input) ack { return ackUpdate }

// command routes /kombat's subcommands ("/SUB") and a registered game's ("/NAME SUB").
func (b *Bot) command(r *request, d discordgo.ApplicationCommandInteractionData) view.Reply {
	if d.Name != cmdKombat && b.gameOf(d.Name) == nil || len(d.Options) == 0 {
		return view.Private("Unknown command; try /kombat rules.")
	}
	if r.i.GuildID == "" {
		return view.Private("KOMBAT and UPBEAT are played in a server channel, not in direct messages.")
	}
	sub, key := d.Options[0], "/"+d.Options[0].Name
	if b.gameOf(d.Name) != nil {
		key = "/" + d.Name + " " + sub.Name
	}
	return b.route(r, key, input{Opts: ui.NewOptions(sub.Options, d.Resolved), Sub: sub, Data: d})
}

// kindCommand is /kombat kind's group: add.
func (b *Bot) kindCommand(r *request, in input) view.Reply {
	if len(in.Sub.Options) > 0 && in.Sub.Options[0].Name == "add" {
		return b.kindAdd(r, ui.NewOptions(in.Sub.Options[0].Options, in.Data.Resolved))
	}
	return view.Private("Unknown command; try /kombat rules.")
}

// gameOf is the registered game whose slash command is named name, or nil.
func (b *Bot) gameOf(name string) *ui.Game {
	for i, g := range b.opt.Games {
		if g.Command != nil && g.Command.Name == name {
			return &b.opt.Games[i]
		}
	}
	return nil
}
