package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// AIBG on Discord (issue 25): /aibg challenge, solo and auto open a match through the
// adapter (host/aibghost); every step's public screen (bot/view's AibgScreen, with the
// battle's picture) is owed and shown through host's screens as the other games' are;
// a person chooses in private pickers opened from it (pool, lineup, move), and each
// choice is recorded at once, secret until both have chosen.

// cmdAibg is AIBG's command.
const cmdAibg = "aibg"

// aibgCommand is /aibg, offered where /kombat is.
func aibgCommand(contexts *[]discordgo.InteractionContextType) *discordgo.ApplicationCommand {
	sub := discordgo.ApplicationCommandOptionSubCommand
	level := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "level",
		Description: "the bot's level (default " + aibg.DefaultLevel + ")", Choices: abLevels()}
	abUser := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "whose (default: yours)"}
	subs := []*discordgo.ApplicationCommandOption{
		{Type: sub, Name: "challenge", Description: "Challenge someone to an AIBG match here", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "whom you challenge", Required: true},
		}},
		{Type: sub, Name: "solo", Description: "Play an AIBG match against the built-in bot", Options: []*discordgo.ApplicationCommandOption{level}},
		{Type: sub, Name: "auto", Description: "Watch two built-in bots play an AIBG match here, a step every few seconds", Options: []*discordgo.ApplicationCommandOption{level}},
		{Type: sub, Name: "status", Description: "The AIBG match here (or the last one finished here), privately"},
		{Type: sub, Name: "board", Description: "The picture of the AIBG match here (or the last one finished here), privately"},
		{Type: sub, Name: "resign", Description: "Resign your AIBG match here (you are asked first)"},
		{Type: sub, Name: "replay", Description: "Replay a finished AIBG match: an animation and a step viewer", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "game", Description: "the match's number (default: the last finished here)"},
		}},
		{Type: sub, Name: "history", Description: "Recent AIBG matches of a player", Options: []*discordgo.ApplicationCommandOption{abUser}},
		{Type: sub, Name: "stats", Description: "A player's AIBG ratings and record on this server", Options: []*discordgo.ApplicationCommandOption{abUser}},
		{Type: sub, Name: "ladder", Description: "An AIBG leaderboard of this server", Options: []*discordgo.ApplicationCommandOption{abLadderOption()}},
	}
	return &discordgo.ApplicationCommand{Name: cmdAibg, Contexts: contexts, Options: subs,
		Description: "Play AIBG: two pools of creatures battle over up to 5 rounds, moves chosen in secret"}
}

// abLadderOption is /aibg ladder's choice: between people, or against the bot at a
// level.
func abLadderOption() *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "ladder",
		Description: "matches between people (default) or against the bot at a level",
		Choices:     []*discordgo.ApplicationCommandOptionChoice{{Name: "between people", Value: "people"}}}
	for _, l := range aibg.Levels() {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: "against the bot (" + l + ")", Value: "bot-" + l})
	}
	return o
}

// abLevels are the bot's levels as a command option's choices.
func abLevels() []*discordgo.ApplicationCommandOptionChoice {
	out := make([]*discordgo.ApplicationCommandOptionChoice, len(aibg.Levels()))
	for i, l := range aibg.Levels() {
		out[i] = &discordgo.ApplicationCommandOptionChoice{Name: l, Value: l}
	}
	return out
}

// ab is the host's AIBG adapter.
func (b *Bot) ab() *aibghost.Ab { return aibghost.Of(b.host) }

// abOpen opens a match in the channel, as a command asks for it.
func (b *Bot) abOpen(r *request, seats [2]aibghost.Seat) view.Reply {
	if err := host.Busy(b.host.Active(), r.i.GuildID, r.i.ChannelID, r.user.ID, seats[0].User, seats[1].User); err != nil {
		return view.Refusal(err)
	}
	t, err := b.ab().Open(aibghost.Open{Scope: r.i.GuildID, Place: r.i.ChannelID, Owner: r.user.ID, Seats: seats, Seed: host.NewSeed()})
	if err != nil {
		return b.refusedOr(r, "open aibg match", err)
	}
	names := abNames(seats)
	if t.Row.Status != store.StatusChallenge {
		return view.Reply{Content: fmt.Sprintf("AIBG match %d: %s against %s. It has begun: its screens follow here.", t.Row.ID, names[0], names[1])}
	}
	return b.onAibg(t.Row.ID, func(t *host.Table) view.Reply {
		rep := view.Reply{Content: fmt.Sprintf("<@%s>, %s challenges you to an AIBG match (number %d).", seats[1].User, names[0], t.Row.ID),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				view.Button("Accept", discordgo.SuccessButton, view.CustomID{Action: "abaccept", Game: t.Row.ID}),
				view.Button("Decline", discordgo.DangerButton, view.CustomID{Action: "abdecline", Game: t.Row.ID}),
			}}},
			Mentions: []string{seats[1].User}}
		if err := r.send(rep); err != nil {
			return b.internal(r, "send aibg challenge", err)
		}
		if m, err := b.sess.InteractionResponse(r.i); err == nil { // the note of an expiry edits it
			t.Row.Shown = m.ID
			if err := b.host.SaveMeta(t); err != nil {
				b.log.Error("save aibg challenge message", "game", t.Row.ID, "err", err)
			}
		}
		return view.Reply{}
	})
}

// abNames are the seats' display names, a bot's with its level.
func abNames(seats [2]aibghost.Seat) [2]string {
	var out [2]string
	for i, s := range seats {
		out[i] = s.Name
		if s.User == "" {
			l := s.Level
			if l == "" {
				l = aibg.DefaultLevel
			}
			out[i] = "Bot (" + l + ")"
		}
	}
	return out
}

// abChallenge is /aibg challenge.
func (b *Bot) abChallenge(r *request, o options) view.Reply {
	u := o.user("user")
	switch {
	case u == nil:
		return view.Private("Name someone to challenge: `/aibg challenge user:@someone`.")
	case u.Bot:
		return view.Private("<@%s> is a bot account and cannot play; `/aibg solo` plays the built-in bot.", u.ID)
	}
	return b.abOpen(r, [2]aibghost.Seat{{User: r.user.ID, Name: displayName(r.user)}, {User: u.ID, Name: displayName(u)}})
}

// abAnswer accepts or declines a challenge.
func (b *Bot) abAnswer(r *request, id view.CustomID, accept bool) view.Reply {
	return b.onAibg(id.Game, func(t *host.Table) view.Reply {
		var err error
		text := "The AIBG challenge was declined."
		if accept {
			text = "The AIBG challenge was accepted: the match has begun."
			err = b.ab().Accept(t, r.user.ID)
		} else {
			err = b.ab().Decline(t, r.user.ID)
		}
		if err != nil {
			return b.refusedOr(r, "answer aibg challenge", err)
		}
		return view.Reply{Content: text, Update: true, Components: []discordgo.MessageComponent{}}
	})
}

// onAibg answers with do on an AIBG match locked for a component.
func (b *Bot) onAibg(id int64, do func(t *host.Table) view.Reply) view.Reply {
	return b.onTable(id, func(t *host.Table) view.Reply {
		if !aibghost.IsAibg(t.Row) {
			return view.Private("%s", view.ErrStaleComponent.Error())
		}
		return do(t)
	})
}

// abSeats is what the screens say of a match's seats and clock.
func abSeats(t *host.Table) view.AibgSeats {
	lob, own := aibghost.LobbyOf(t), aibghost.Own(t)
	s := view.AibgSeats{Game: t.Row.ID, Users: own.Seats, Result: t.Row.Result}
	if lob != nil {
		s.Deadline, s.Timeouts = lob.Due, lob.Timeouts
		for p := range 2 {
			s.Names[p] = lob.Names[p]
			if !lob.Person(p + 1) {
				s.Names[p] = "Bot (" + lob.Levels[p] + ")"
			}
		}
	}
	return s
}

// abAck: a public screen's button opens a private picker; a picker's controls change it.
func abAck(in input) ack {
	if c, err := view.ParseAibg(in.id.Encode(), in.values); err == nil && c.Op == view.AbOpen {
		return ackPrivate
	}
	return ackUpdate
}

// abControl answers an AIBG control: a picker's step, or a choice made.
func (b *Bot) abControl(r *request, in input) view.Reply {
	c, err := view.ParseAibg(in.id.Encode(), in.values)
	if err != nil {
		return view.Private("%s", err.Error())
	}
	return b.onAibg(c.Game, func(t *host.Table) view.Reply {
		g, err := b.ab().Match(t)
		if err != nil {
			return b.refusedOr(r, "aibg match", err)
		}
		p := t.Seat(r.user.ID)
		switch {
		case c.Stale(g):
			return view.Private("%s", view.AibgStaleText)
		case p == 0:
			return view.Private("You are not playing in this match; you can watch.")
		case g.Chosen(p):
			return abUpdate(view.AibgAlreadyChosen(), c)
		}
		s := abSeats(t)
		var what string
		switch c.Op {
		case view.AbOpen:
			return abPicker(s, g, p, c, nil)
		case view.AbPoolAdd, view.AbPoolUndo, view.AbPoolClear, view.AbLineAdd, view.AbLineUndo, view.AbLineClear:
			return abUpdate(abPicker(s, g, p, c, c.After()), c)
		case view.AbPoolDone:
			what, err = "your pool", b.ab().Pool(t, r.user.ID, view.AibgPoolNames(g, c.After()))
		case view.AbLineDone:
			what, err = "your lineup", b.ab().Lineup(t, r.user.ID, c.After())
		default:
			move, done := c.Move(g, p)
			if !done {
				return abUpdate(view.AibgMovePicker(s, g, p, c), c)
			}
			what, err = "`"+move+"`", b.ab().Move(t, r.user.ID, move)
		}
		if err != nil {
			return b.refusedOr(r, "aibg choice", err)
		}
		return abUpdate(view.AibgChosen(what), c)
	})
}

// abPicker is the private picker of the phase g is in, with picks so far.
func abPicker(s view.AibgSeats, g *aibg.Game, p int, c view.AibgControl, picks []int) view.Reply {
	switch g.Phase() {
	case aibg.PoolSelection:
		return view.AibgPoolPicker(s, g, picks)
	case aibg.RoundSelection:
		return view.AibgLineupPicker(s, g, p, picks)
	case aibg.RoundInProgress:
		return view.AibgMovePicker(s, g, p, c)
	}
	return view.Private("The match is over.")
}

// abUpdate makes rep change the picker it answers (any control but the public
// screen's, whose answer is a new private message).
func abUpdate(rep view.Reply, c view.AibgControl) view.Reply {
	rep.Update = c.Op != view.AbOpen
	return rep
}

// abShow posts an AIBG match's owed screen with the battle's picture, and under the
// final one the after-game text.
func (b *Bot) abShow(t *host.Table, s *store.Screen) (string, error) {
	g, err := b.ab().Match(t)
	if err != nil {
		return "", err
	}
	seats := abSeats(t)
	var png []byte
	if g.Phase() != aibg.PoolSelection {
		if png, err = b.render.BattlePNG(render.Battle{Snap: render.SnapBattle(g), Names: seats.Names}); err != nil {
			return "", fmt.Errorf("bot: battle of game %d: %w", t.Row.ID, err)
		}
	}
	nonce := screenNonce(t.Row.ID, s.Version)
	if t.Row.Status == store.StatusOver && !g.Over() {
		nonce += "e" // a resignation or forfeit adds no action: its screen is not the one shown at its version
	}
	m, err := b.postOnce(t.Row.Place, view.AibgScreen(seats, g, s.Summary, png), nonce, b.screenPriority(t))
	if err != nil {
		return "", err
	}
	if t.Row.Status == store.StatusOver {
		if rounds, err := view.AibgRounds(g.Record()); err == nil {
			if _, err := b.sess.ChannelMessageSend(t.Row.Place, view.AibgAfterGame(seats, g, rounds)); err != nil {
				b.log.Warn("post aibg after-game", "game", t.Row.ID, "err", err)
			}
		}
	}
	return m.ID, nil
}

// abSummary words what happened for the screen that shows it.
func (b *Bot) abSummary(t *host.Table, e host.Event) string {
	s := abSeats(t)
	who := "?"
	if e.Player >= 1 && e.Player <= 2 {
		who = s.Names[e.Player-1]
	}
	switch e.Kind {
	case host.EvResign:
		return fmt.Sprintf("%s resigned.", who)
	case host.EvForfeit:
		return fmt.Sprintf("⏰ %s let the clock run out on %d moves in a row and forfeits the match.", who, aibghost.MaxTimeouts)
	}
	turn, _ := e.Turn.(*aibghost.Turn)
	if turn != nil && turn.Log != nil {
		if g, err := b.ab().Match(t); err == nil {
			return view.AibgSummary(s, g, *turn.Log, turn.Before)
		}
	}
	if e.Kind == host.EvTimeUp {
		return fmt.Sprintf("⏰ %s's time ran out: the selection was made for them.", who)
	}
	return ""
}

// abTell tells an AIBG match's channel a note of the host's.
func (b *Bot) abTell(t *host.Table, n host.Note) {
	if n.Kind != host.NoteChallengeExpired {
		return
	}
	content := fmt.Sprintf("This AIBG challenge expired unanswered after %d minutes.", int(aibghost.ChallengeLife.Minutes()))
	if _, err := b.editMessage(view.Reply{Content: content}.MessageEdit(t.Row.Place, t.Row.Shown)); err != nil {
		b.log.Error("tell channel", "game", t.Row.ID, "note", n.Kind, "err", err)
	}
}
