package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
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

// ownRoutes are the transport's own routes, beside the games' (ui.Game.Routes): keys
// are "/NAME SUB" for a subcommand of a game's command NAME, a component's or form's
// action, or a message command's name.
func ownRoutes() map[string]route {
	return map[string]route{
		// The strategy library's controls, for every game's shelf (library.go).
		"libredo": {do: func(b *Bot, r *request, in input) view.Reply { return b.libraryRedo(r, in.ID) }},
		"libdel":  {do: func(b *Bot, r *request, in input) view.Reply { return b.libraryDelete(r, in.ID) }, ack: ackUpdate},
	}
}

// route answers an interaction by the table: a slash command by its subcommand, a
// component or form by its action, acknowledged first as its route says. An unknown
// key is a control of another version.
func (b *Bot) route(r *request, key string, in input) view.Reply {
	rt, ok := b.routes[key]
	if !ok {
		if name, _, ok := strings.Cut(strings.TrimPrefix(key, "/"), " "); ok && key[0] == '/' {
			return b.unknown(name)
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

// command routes a registered game's subcommands ("/NAME SUB").
func (b *Bot) command(r *request, d discordgo.ApplicationCommandInteractionData) view.Reply {
	g := b.gameOf(d.Name)
	if g == nil || len(d.Options) == 0 {
		return b.unknown(d.Name)
	}
	if r.i.GuildID == "" {
		return view.Private("%s is played in a server channel, not in direct messages.", title(*g))
	}
	sub := d.Options[0]
	key := "/" + d.Name + " " + sub.Name
	return b.route(r, key, input{Opts: ui.NewOptions(sub.Options, d.Resolved), Sub: sub, Data: d})
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

// unknown answers a command no route takes: it points to the rules of the game whose
// command it is, or of the first registered game with rules when that game has none.
func (b *Bot) unknown(name string) view.Reply {
	if g := b.gameOf(name); g != nil && subcommand(*g, "rules") != "" {
		return view.Private("Unknown command; try %s.", subcommand(*g, "rules"))
	}
	for _, g := range b.opt.Games {
		if rules := subcommand(g, "rules"); rules != "" {
			return view.Private("Unknown command; try %s.", rules)
		}
	}
	return view.Private("Unknown command.")
}

// title is how players read a registered game's name: its Title, else its name in
// capitals.
func title(g ui.Game) string {
	if g.Title != "" {
		return g.Title
	}
	return strings.ToUpper(string(g.Name))
}

// subcommand is "/NAME SUB" when game g routes its subcommand sub, else "".
func subcommand(g ui.Game, sub string) string {
	if g.Command == nil {
		return ""
	}
	key := "/" + g.Command.Name + " " + sub
	if _, ok := g.Routes[key]; !ok {
		return ""
	}
	return key
}
