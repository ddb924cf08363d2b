package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
)

// input is what an interaction gives its handler: a command's options, or a
// component's or form's id with what was chosen or typed.
type input struct {
	opts   options
	sub    *discordgo.ApplicationCommandInteractionDataOption // the subcommand (or group)
	data   discordgo.ApplicationCommandInteractionData
	id     customID
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
type handler func(b *Bot, r *request, in input) reply

// Route keys: "/" and a subcommand of /kombat, or a component's or form's action.
// One table holds them all, so adding a control is one line here.
func routes() map[string]handler {
	return map[string]handler{
		// Subcommands of /kombat.
		"/challenge":   func(b *Bot, r *request, in input) reply { return b.challenge(r, in.opts) },
		"/solo":        func(b *Bot, r *request, in input) reply { return b.startSetup(r, in.opts, game.ModeSolitaire) },
		"/auto":        func(b *Bot, r *request, in input) reply { return b.startSetup(r, in.opts, game.ModeAuto) },
		"/kind":        (*Bot).kindCommand,
		"/board":       func(b *Bot, r *request, _ input) reply { return b.showBoard(r) },
		"/status":      func(b *Bot, r *request, _ input) reply { return b.showStatus(r) },
		"/resign":      func(b *Bot, r *request, _ input) reply { return b.askResign(r) },
		"/check":       func(b *Bot, r *request, in input) reply { return b.check(r, in.opts) },
		"/rules":       func(*Bot, *request, input) reply { return private("%s", rulesText()) },
		"/strategy":    func(b *Bot, r *request, in input) reply { return b.strategyCommand(r, in.sub, in.data) },
		"/try":         func(b *Bot, r *request, in input) reply { return b.tryCommand(r, in.opts) },
		"/tournament":  func(b *Bot, r *request, in input) reply { return b.tournamentCommand(r, in.opts) },
		"/replay":      func(b *Bot, r *request, in input) reply { return b.replay(r, in.opts) },
		"/history":     func(b *Bot, r *request, in input) reply { return b.history(r, in.opts) },
		"/leaderboard": func(b *Bot, r *request, in input) reply { return b.leaderboard(r, in.opts) },
		"/stats":       func(b *Bot, r *request, in input) reply { return b.stats(r, in.opts) },

		// Buttons and selects: challenges, setups, free spawns, turns, auto games.
		"accept":    func(b *Bot, r *request, in input) reply { return b.accept(r, in.id) },
		"decline":   func(b *Bot, r *request, in input) reply { return b.decline(r, in.id) },
		"addkind":   func(b *Bot, r *request, in input) reply { return b.openKindForm(r, in.id.Game, -1) },
		"editkind":  func(b *Bot, r *request, in input) reply { return b.editKind(r, in.id, in.value()) },
		"rmkind":    func(b *Bot, r *request, in input) reply { return b.removeKind(r, in.id, in.value()) },
		"redo":      func(b *Bot, r *request, in input) reply { return b.redo(r, in.id) },
		"ready":     func(b *Bot, r *request, in input) reply { return b.toggleReady(r, in.id) },
		"cancel":    func(b *Bot, r *request, in input) reply { return b.cancelSetup(r, in.id) },
		"fskind":    func(b *Bot, r *request, in input) reply { return b.freeSpawnKind(r, in.id, in.value()) },
		"fshex":     func(b *Bot, r *request, in input) reply { return b.freeSpawnHex(r, in.id, in.value()) },
		"buy":       func(b *Bot, r *request, in input) reply { return b.buy(r, in.id, in.value()) },
		"spawnkind": func(b *Bot, r *request, in input) reply { return b.spawnKind(r, in.id, in.value()) },
		"spawnhex":  func(b *Bot, r *request, in input) reply { return b.spawnHex(r, in.id, in.value()) },
		"end":       func(b *Bot, r *request, in input) reply { return b.endTurn(r, in.id) },
		"resign":    func(b *Bot, r *request, in input) reply { return b.askResignGame(r, in.id.Game) },
		"resignok":  func(b *Bot, r *request, in input) reply { return b.resign(r, in.id.Game) },
		"pause":     func(b *Bot, r *request, in input) reply { return b.pause(r, in.id, true) },
		"resume":    func(b *Bot, r *request, in input) reply { return b.pause(r, in.id, false) },
		"why":       func(b *Bot, r *request, in input) reply { return b.why(r, in.id) },
		"rp":        func(b *Bot, r *request, in input) reply { return b.replayStep(r, in.id) },
		// Tournaments and the strategy library.
		"tenter":  func(b *Bot, r *request, in input) reply { return b.tourneyEnter(r, in.id) },
		"tkinds":  func(b *Bot, r *request, in input) reply { return b.tourneyKinds(r, in.id, in.values) },
		"tleave":  func(b *Bot, r *request, in input) reply { return b.tourneyLeave(r, in.id) },
		"tstart":  func(b *Bot, r *request, in input) reply { return b.tourneyStart(r, in.id) },
		"tcancel": func(b *Bot, r *request, in input) reply { return b.tourneyCancel(r, in.id) },
		"libredo": func(b *Bot, r *request, in input) reply { return b.libraryRedo(r, in.id) },
		"libdel":  func(b *Bot, r *request, in input) reply { return b.libraryDelete(r, in.id) },
		"libpick": func(b *Bot, r *request, in input) reply { return b.libraryPicker(r, in.id.Game) },
		"libload": func(b *Bot, r *request, in input) reply { return b.libraryLoad(r, in.id, in.value()) },

		// Forms.
		"kindform":  func(b *Bot, r *request, in input) reply { return b.submitKind(r, in.id, in.form) },
		"checkform": func(b *Bot, r *request, in input) reply { return b.checkText(r, "strategy", in.form["strategy"]) },
		"tryform": func(b *Bot, r *request, in input) reply {
			return b.tryStrategy(r, "strategy", in.form["strategy"], 0, in.id.arg(0))
		},
		"libform": func(b *Bot, r *request, in input) reply {
			return b.saveToLibrary(r, in.id.arg(0), in.form["defense"], in.form["strategy"])
		},
	}
}

// route answers an interaction by the table: a slash command by its subcommand, a
// component or form by its action. An unknown key is a control of another version.
func (b *Bot) route(r *request, key string, in input) reply {
	h, ok := b.routes[key]
	if !ok {
		if key != "" && key[0] == '/' {
			return private("Unknown command; try /kombat rules.")
		}
		return private("%s", ErrStaleComponent.Error())
	}
	return h(b, r, in)
}

// command routes /kombat's subcommands.
func (b *Bot) command(r *request, d discordgo.ApplicationCommandInteractionData) reply {
	if d.Name != cmdKombat || len(d.Options) == 0 {
		return private("Unknown command; try /kombat rules.")
	}
	if r.i.GuildID == "" {
		return private("KOMBAT is played in a server channel, not in direct messages.")
	}
	sub := d.Options[0]
	return b.route(r, "/"+sub.Name, input{opts: newOptions(sub.Options, d.Resolved), sub: sub, data: d})
}

// kindCommand is /kombat kind's group: add.
func (b *Bot) kindCommand(r *request, in input) reply {
	if len(in.sub.Options) > 0 && in.sub.Options[0].Name == "add" {
		return b.kindAdd(r, newOptions(in.sub.Options[0].Options, in.data.Resolved))
	}
	return private("Unknown command; try /kombat rules.")
}
