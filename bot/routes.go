package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/store"
)

// input is what an interaction gives its handler: a command's options, or a
// component's or form's id with what was chosen or typed.
type input struct {
	opts   options
	sub    *discordgo.ApplicationCommandInteractionDataOption // the subcommand (or group)
	data   discordgo.ApplicationCommandInteractionData
	id     view.CustomID
	values []string          // a select's choices
	form   map[string]string // a form's inputs by id
}

// value is a select's first choice, or "".
func (in input) value() string {
	if len(in.values) > 0 {
		return in.values[0]
	}
	return ""
}

// handler answers one interaction.
type handler func(b *Bot, r *request, in input) view.Reply

// ack is how an interaction is acknowledged before its handler runs. Discord fails an
// interaction not answered within 3 seconds, so whatever waits on the network (an
// attachment, Discord itself) or writes to the store is acknowledged first (deferred)
// and answered when done; only what needs neither is answered at once.
type ack int

// The acknowledgements.
const (
	ackNow     ack = iota // answered at once: no network, no write (and forms, which only a first answer can open)
	ackPublic             // "thinking...", then a message (private answers replace it)
	ackPrivate            // "thinking..." seen only by the user, then a private answer
	ackUpdate             // the component's message will change; private answers follow up
)

// route is a handler and how its interaction is acknowledged (by ack, or by ackIf when
// it depends on the interaction).
type route struct {
	do    handler
	ack   ack
	ackIf func(in input) ack
}

// withFile acknowledges a when the command carries an attachment option named opt
// (downloaded before the answer), and at once otherwise (the answer is a form).
func withFile(opt string, a ack) func(in input) ack {
	return func(in input) ack {
		if in.opts.str(opt) != "" {
			return a
		}
		return ackNow
	}
}

// Route keys: "/" and a subcommand of /kombat, or a component's or form's action.
// One table holds them all, so adding a control is one line here.
func routes() map[string]route {
	return map[string]route{
		// Subcommands of /kombat.
		"/challenge":   {do: func(b *Bot, r *request, in input) view.Reply { return b.challenge(r, in.opts) }, ack: ackPublic},
		"/solo":        {do: func(b *Bot, r *request, in input) view.Reply { return b.startSetup(r, in.opts, game.ModeSolitaire) }, ack: ackPublic},
		"/auto":        {do: func(b *Bot, r *request, in input) view.Reply { return b.startSetup(r, in.opts, game.ModeAuto) }, ack: ackPublic},
		"/kind":        {do: (*Bot).kindCommand, ack: ackPrivate},
		"/board":       {do: func(b *Bot, r *request, _ input) view.Reply { return b.showBoard(r) }, ack: ackPrivate},
		"/status":      {do: func(b *Bot, r *request, _ input) view.Reply { return b.showStatus(r) }, ack: ackPrivate},
		"/resign":      {do: func(b *Bot, r *request, _ input) view.Reply { return b.askResign(r) }},
		"/check":       {do: func(b *Bot, r *request, in input) view.Reply { return b.check(r, in.opts) }, ackIf: withFile("file", ackPrivate)},
		"/rules":       {do: func(*Bot, *request, input) view.Reply { return view.Private("%s", view.RulesText()) }},
		"/strategy":    {do: func(b *Bot, r *request, in input) view.Reply { return b.strategyCommand(r, in.sub, in.data) }, ackIf: strategyAck},
		"/try":         {do: func(b *Bot, r *request, in input) view.Reply { return b.tryCommand(r, in.opts) }, ackIf: tryAck},
		"/tournament":  {do: func(b *Bot, r *request, in input) view.Reply { return b.tournamentCommand(r, in.opts) }, ack: ackPrivate},
		"/replay":      {do: func(b *Bot, r *request, in input) view.Reply { return b.replay(r, in.opts) }},
		"/history":     {do: func(b *Bot, r *request, in input) view.Reply { return b.history(r, in.opts, "") }, ack: ackPrivate},
		"/leaderboard": {do: func(b *Bot, r *request, in input) view.Reply { return b.leaderboard(r, in.opts) }, ack: ackPrivate},
		"/stats":       {do: func(b *Bot, r *request, in input) view.Reply { return b.stats(r, in.opts, false) }, ack: ackPrivate},

		// Subcommands of /upbeat.
		"/upbeat new":    {do: func(b *Bot, r *request, in input) view.Reply { return b.upNew(r, in.opts) }, ack: ackPublic},
		"/upbeat auto":   {do: func(b *Bot, r *request, in input) view.Reply { return b.upAutoCommand(r, in.opts) }, ack: ackPublic},
		"/upbeat status": {do: func(b *Bot, r *request, _ input) view.Reply { return b.upStatus(r) }, ack: ackPrivate},
		"/upbeat board":  {do: func(b *Bot, r *request, _ input) view.Reply { return b.upBoard(r) }, ack: ackPrivate},
		"/upbeat rules":  {do: func(*Bot, *request, input) view.Reply { return view.Private("%s", view.UpRulesText()) }},
		"/upbeat check":  {do: func(b *Bot, r *request, in input) view.Reply { return b.upCheck(r, in.opts) }, ackIf: withFile("file", ackPrivate)},
		"/upbeat why":    {do: func(b *Bot, r *request, _ input) view.Reply { return b.upWhyCommand(r) }, ack: ackPrivate},
		"/upbeat resign": {do: func(b *Bot, r *request, _ input) view.Reply { return b.upAskResign(r) }},
		"/upbeat replay": {do: func(b *Bot, r *request, in input) view.Reply { return b.upReplay(r, in.opts) }, ack: ackPublic},
		"/upbeat plan":   {do: func(b *Bot, r *request, in input) view.Reply { return b.upPlanCommand(r, in.opts) }, ackIf: upPlanAck},
		"/upbeat strategy": {do: func(b *Bot, r *request, in input) view.Reply {
			return b.upStrategyCommand(r, in.sub, in.data)
		}, ackIf: strategyAck},
		// UPBEAT's records, on its own ladders (bot/uprecords.go).
		"/upbeat history":     {do: func(b *Bot, r *request, in input) view.Reply { return b.history(r, in.opts, store.GameUpbeat) }, ack: ackPrivate},
		"/upbeat leaderboard": {do: func(b *Bot, r *request, in input) view.Reply { return b.upLeaderboard(r, in.opts) }, ack: ackPrivate},
		"/upbeat stats":       {do: func(b *Bot, r *request, in input) view.Reply { return b.stats(r, in.opts, true) }, ack: ackPrivate},

		// Buttons and selects: challenges, setups, free spawns, turns, auto games.
		"accept":    {do: func(b *Bot, r *request, in input) view.Reply { return b.accept(r, in.id) }, ack: ackUpdate},
		"decline":   {do: func(b *Bot, r *request, in input) view.Reply { return b.decline(r, in.id) }, ack: ackUpdate},
		"addkind":   {do: func(b *Bot, r *request, in input) view.Reply { return b.openKindForm(r, in.id.Game, -1) }},
		"editkind":  {do: func(b *Bot, r *request, in input) view.Reply { return b.editKind(r, in.id, in.value()) }},
		"rmkind":    {do: func(b *Bot, r *request, in input) view.Reply { return b.removeKind(r, in.id, in.value()) }, ack: ackUpdate},
		"redo":      {do: func(b *Bot, r *request, in input) view.Reply { return b.redo(r, in.id) }},
		"ready":     {do: func(b *Bot, r *request, in input) view.Reply { return b.toggleReady(r, in.id) }, ack: ackUpdate},
		"cancel":    {do: func(b *Bot, r *request, in input) view.Reply { return b.cancelSetup(r, in.id) }, ack: ackUpdate},
		"fskind":    {do: func(b *Bot, r *request, in input) view.Reply { return b.freeSpawnKind(r, in.id, in.value()) }},
		"fshex":     {do: func(b *Bot, r *request, in input) view.Reply { return b.freeSpawnHex(r, in.id, in.value()) }, ack: ackUpdate},
		"buy":       {do: func(b *Bot, r *request, in input) view.Reply { return b.buy(r, in.id, in.value()) }, ack: ackUpdate},
		"spawnkind": {do: func(b *Bot, r *request, in input) view.Reply { return b.spawnKind(r, in.id, in.value()) }},
		"spawnhex":  {do: func(b *Bot, r *request, in input) view.Reply { return b.spawnHex(r, in.id, in.value()) }, ack: ackUpdate},
		"end":       {do: func(b *Bot, r *request, in input) view.Reply { return b.endTurn(r, in.id) }, ack: ackUpdate},
		"resign":    {do: func(b *Bot, r *request, in input) view.Reply { return b.askResignGame(r, in.id.Game) }},
		"resignok":  {do: func(b *Bot, r *request, in input) view.Reply { return b.resign(r, in.id.Game) }, ack: ackUpdate},
		"pause":     {do: func(b *Bot, r *request, in input) view.Reply { return b.pause(r, in.id, true) }, ack: ackUpdate},
		"resume":    {do: func(b *Bot, r *request, in input) view.Reply { return b.pause(r, in.id, false) }, ack: ackUpdate},
		"upstop":    {do: func(b *Bot, r *request, in input) view.Reply { return b.upStop(r, in.id) }, ack: ackUpdate},
		"why":       {do: func(b *Bot, r *request, in input) view.Reply { return b.why(r, in.id) }},
		"rp":        {do: func(b *Bot, r *request, in input) view.Reply { return b.replayStep(r, in.id) }, ack: ackUpdate},
		// Tournaments and the strategy library.
		"tenter":  {do: func(b *Bot, r *request, in input) view.Reply { return b.tourneyEnter(r, in.id) }},
		"tkinds":  {do: func(b *Bot, r *request, in input) view.Reply { return b.tourneyKinds(r, in.id, in.values) }, ack: ackUpdate},
		"tleave":  {do: func(b *Bot, r *request, in input) view.Reply { return b.tourneyLeave(r, in.id) }, ack: ackUpdate},
		"tstart":  {do: func(b *Bot, r *request, in input) view.Reply { return b.tourneyStart(r, in.id) }, ack: ackUpdate},
		"tcancel": {do: func(b *Bot, r *request, in input) view.Reply { return b.tourneyCancel(r, in.id) }, ack: ackUpdate},
		"libredo": {do: func(b *Bot, r *request, in input) view.Reply { return b.libraryRedo(r, in.id) }},
		"libdel":  {do: func(b *Bot, r *request, in input) view.Reply { return b.libraryDelete(r, in.id) }, ack: ackUpdate},
		"libpick": {do: func(b *Bot, r *request, in input) view.Reply { return b.libraryPicker(r, in.id.Game) }},
		"libload": {do: func(b *Bot, r *request, in input) view.Reply { return b.libraryLoad(r, in.id, in.value()) }, ack: ackPrivate},

		// UPBEAT: the lobby, the first plans, the turns.
		"upjoin":    {do: func(b *Bot, r *request, in input) view.Reply { return b.upJoin(r, in.id) }, ack: ackUpdate},
		"upleave":   {do: func(b *Bot, r *request, in input) view.Reply { return b.upLeave(r, in.id) }, ack: ackUpdate},
		"upstart":   {do: func(b *Bot, r *request, in input) view.Reply { return b.upStart(r, in.id) }, ack: ackUpdate},
		"upcancel":  {do: func(b *Bot, r *request, in input) view.Reply { return b.upCancel(r, in.id) }, ack: ackUpdate},
		"upplan":    {do: func(b *Bot, r *request, in input) view.Reply { return b.upPlan(r, in.id) }},
		"uprevise":  {do: func(b *Bot, r *request, in input) view.Reply { return b.upRevise(r, in.id) }},
		"upview":    {do: func(b *Bot, r *request, in input) view.Reply { return b.upZoom(r, in.id) }, ack: ackUpdate},
		"upwhy":     {do: func(b *Bot, r *request, in input) view.Reply { return b.upWhy(r, in.id) }, ack: ackPrivate},
		"upresign":  {do: func(b *Bot, r *request, in input) view.Reply { return b.upResign(r, in.id) }, ack: ackUpdate},
		"upconfirm": {do: func(b *Bot, r *request, in input) view.Reply { return b.upConfirm(r, in.id) }, ack: ackUpdate},
		"uprp":      {do: func(b *Bot, r *request, in input) view.Reply { return b.upReplayStep(r, in.id) }, ack: ackUpdate},

		// AIBG: /aibg's subcommands, a challenge's answer, the pickers (bot/aibg.go).
		"/aibg challenge": {do: func(b *Bot, r *request, in input) view.Reply { return b.abChallenge(r, in.opts) }, ack: ackPublic},
		"/aibg solo": {do: func(b *Bot, r *request, in input) view.Reply {
			return b.abOpen(r, [2]aibghost.Seat{{User: r.user.ID, Name: displayName(r.user)}, {Level: in.opts.str("level")}})
		}, ack: ackPublic},
		"/aibg auto": {do: func(b *Bot, r *request, in input) view.Reply {
			return b.abOpen(r, [2]aibghost.Seat{{Level: in.opts.str("level")}, {Level: in.opts.str("level")}})
		}, ack: ackPublic},
		"abaccept":      {do: func(b *Bot, r *request, in input) view.Reply { return b.abAnswer(r, in.id, true) }, ack: ackUpdate},
		"abdecline":     {do: func(b *Bot, r *request, in input) view.Reply { return b.abAnswer(r, in.id, false) }, ack: ackUpdate},
		view.AibgAction: {do: (*Bot).abControl, ackIf: abAck},
		"/aibg status":  {do: func(b *Bot, r *request, _ input) view.Reply { return b.abLook(r, false) }, ack: ackPrivate},
		"/aibg board":   {do: func(b *Bot, r *request, _ input) view.Reply { return b.abLook(r, true) }, ack: ackPrivate},
		"/aibg resign":  {do: func(b *Bot, r *request, _ input) view.Reply { return b.abAskResign(r) }},
		"abresign":      {do: func(b *Bot, r *request, in input) view.Reply { return b.abResign(r, in.id) }, ack: ackUpdate},
		"/aibg replay":  {do: func(b *Bot, r *request, in input) view.Reply { return b.abReplay(r, in.opts) }, ack: ackPublic},
		"abrp":          {do: func(b *Bot, r *request, in input) view.Reply { return b.abReplayStep(r, in.id) }, ack: ackUpdate},
		"/aibg history": {do: func(b *Bot, r *request, in input) view.Reply { return b.history(r, in.opts, aibghost.Name) }, ack: ackPrivate},
		"/aibg stats":   {do: func(b *Bot, r *request, in input) view.Reply { return b.abStats(r, in.opts) }, ack: ackPrivate},
		"/aibg ladder":  {do: func(b *Bot, r *request, in input) view.Reply { return b.abLadder(r, in.opts) }, ack: ackPrivate},

		// Forms.
		"kindform":  {do: func(b *Bot, r *request, in input) view.Reply { return b.submitKind(r, in.id, in.form) }, ackIf: formAck},
		"checkform": {do: func(b *Bot, r *request, in input) view.Reply { return b.checkText(r, "strategy", in.form["strategy"]) }},
		"tryform": {do: func(b *Bot, r *request, in input) view.Reply {
			return b.tryStrategy(r, "strategy", in.form["strategy"], 0, in.id.Arg(0))
		}, ack: ackPrivate},
		"libform": {do: func(b *Bot, r *request, in input) view.Reply {
			return b.saveToLibrary(r, b.library(), in.id.Arg(0), in.form["defense"], in.form["strategy"])
		}, ack: ackPrivate},
		"uplibform": {do: func(b *Bot, r *request, in input) view.Reply {
			return b.saveToLibrary(r, b.upLibrary(), in.id.Arg(0), "0", in.form["plan"])
		}, ack: ackPrivate},
		"upcheckform": {do: func(b *Bot, r *request, in input) view.Reply {
			return b.checkIn(r, b.up.UpLang(), "plan", in.form["plan"])
		}},
		// A first plan changes the first-plans message; a revision is answered privately.
		"upform": {do: func(b *Bot, r *request, in input) view.Reply { return b.upForm(r, in.id, in.form["plan"]) }, ackIf: func(in input) ack {
			if in.id.Arg(0) == "first" {
				return ackUpdate
			}
			return ackPrivate
		}},
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
	if in.opts.str("file") != "" || in.opts.str("strategy") != "" {
		return ackPrivate
	}
	return ackNow
}

// strategyAck: saving from a file downloads and writes; the other subcommands read
// (or open a form, or ask for a confirmation) and answer at once.
func strategyAck(in input) ack {
	if len(in.sub.Options) > 0 && in.sub.Options[0].Name == "save" {
		return withFile("file", ackPrivate)(input{opts: newOptions(in.sub.Options[0].Options, in.data.Resolved)})
	}
	return ackNow
}

// formAck: a kind form submitted from the setup message updates it; one opened by the
// message command has no message, and is answered privately (route's rule for
// ackUpdate without a message).
func formAck(input) ack { return ackUpdate }

// command routes /kombat's subcommands ("/SUB") and /upbeat's ("/upbeat SUB").
func (b *Bot) command(r *request, d discordgo.ApplicationCommandInteractionData) view.Reply {
	if d.Name != cmdKombat && d.Name != cmdUpbeat && d.Name != cmdAibg || len(d.Options) == 0 {
		return view.Private("Unknown command; try /kombat rules.")
	}
	if r.i.GuildID == "" {
		return view.Private("KOMBAT and UPBEAT are played in a server channel, not in direct messages.")
	}
	sub, key := d.Options[0], "/"+d.Options[0].Name
	if d.Name == cmdUpbeat || d.Name == cmdAibg {
		key = "/" + d.Name + " " + sub.Name
	}
	return b.route(r, key, input{opts: newOptions(sub.Options, d.Resolved), sub: sub, data: d})
}

// kindCommand is /kombat kind's group: add.
func (b *Bot) kindCommand(r *request, in input) view.Reply {
	if len(in.sub.Options) > 0 && in.sub.Options[0].Name == "add" {
		return b.kindAdd(r, newOptions(in.sub.Options[0].Options, in.data.Resolved))
	}
	return view.Private("Unknown command; try /kombat rules.")
}
