// Package aibgui is AIBG's Discord UI, registered with the bot as one value (New):
// AIBG on Discord (issue 25): /aibg challenge, solo and auto open a match through the
// adapter (host/aibghost); every step's public screen (AibgScreen, in view.go, with the
// battle's picture) is owed and shown through host's screens as the other games' are;
// a person chooses in private pickers opened from it (pool, lineup, move), and each
// choice is recorded at once, secret until both have chosen. AIBG's views (view.go,
// aibgid.go, aibgsummary.go, aibgrecords.go) are plain functions of what is stored,
// testable without Discord.
package aibgui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// New is AIBG's Discord UI, for the bot to register (bot.Options.Games).
func New() ui.Game {
	return ui.Game{Name: aibghost.Name, Plug: aibghost.Plug(), Command: command(), Routes: routes(), Screen: screens{},
		Seats: func(t *host.Table) []string { s := aibghost.Own(t).Seats; return s[:] }, PastLine: AibgPastLine, Ladder: LadderTitles}
}

// screens is AIBG's part of host.Front: its screens keep no control once retired.
type screens struct{}

// routes are /aibg's subcommands, a challenge's answer, the pickers, the replay viewer.
func routes() map[string]ui.Route {
	return map[string]ui.Route{
		"/aibg challenge": {Do: func(r ui.Request, in ui.Input) view.Reply { return challenge(r, in.Opts) }, Ack: ui.AckPublic},
		"/aibg solo": {Do: func(r ui.Request, in ui.Input) view.Reply {
			return open(r, [2]aibghost.Seat{{User: r.User().ID, Name: ui.DisplayName(r.User())}, {Level: in.Opts.Str("level")}})
		}, Ack: ui.AckPublic},
		"/aibg auto": {Do: func(r ui.Request, in ui.Input) view.Reply {
			return open(r, [2]aibghost.Seat{{Level: in.Opts.Str("level")}, {Level: in.Opts.Str("level")}})
		}, Ack: ui.AckPublic},
		"abaccept":      {Do: func(r ui.Request, in ui.Input) view.Reply { return answer(r, in.ID, true) }, Ack: ui.AckUpdate},
		"abdecline":     {Do: func(r ui.Request, in ui.Input) view.Reply { return answer(r, in.ID, false) }, Ack: ui.AckUpdate},
		AibgAction:      {Do: control, AckIf: abAck},
		"/aibg status":  {Do: func(r ui.Request, _ ui.Input) view.Reply { return look(r, false) }, Ack: ui.AckPrivate},
		"/aibg board":   {Do: func(r ui.Request, _ ui.Input) view.Reply { return look(r, true) }, Ack: ui.AckPrivate},
		"/aibg resign":  {Do: func(r ui.Request, _ ui.Input) view.Reply { return askResign(r) }},
		"abresign":      {Do: func(r ui.Request, in ui.Input) view.Reply { return resign(r, in.ID) }, Ack: ui.AckUpdate},
		"/aibg replay":  {Do: func(r ui.Request, in ui.Input) view.Reply { return replay(r, in.Opts) }, Ack: ui.AckPublic},
		"abrp":          {Do: func(r ui.Request, in ui.Input) view.Reply { return replayStep(r, in.ID) }, Ack: ui.AckUpdate},
		"/aibg history": {Do: func(r ui.Request, in ui.Input) view.Reply { return r.History(in.Opts, aibghost.Name) }, Ack: ui.AckPrivate},
		"/aibg stats":   {Do: func(r ui.Request, in ui.Input) view.Reply { return stats(r, in.Opts) }, Ack: ui.AckPrivate},
		"/aibg ladder":  {Do: func(r ui.Request, in ui.Input) view.Reply { return ladder(r, in.Opts) }, Ack: ui.AckPrivate},
	}
}

// command is /aibg, offered where /kombat is.
func command() *discordgo.ApplicationCommand {
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
	return &discordgo.ApplicationCommand{Name: "aibg", Options: subs,
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
func ab(tr ui.Transport) *aibghost.Ab { return aibghost.Of(tr.Host()) }

// abOpen opens a match in the channel, as a command asks for it.
func open(r ui.Request, seats [2]aibghost.Seat) view.Reply {
	if err := host.Busy(r.Host().Active(), r.Guild(), r.Channel(), r.User().ID, seats[0].User, seats[1].User); err != nil {
		return view.Refusal(err)
	}
	t, err := ab(r).Open(aibghost.Open{Scope: r.Guild(), Place: r.Channel(), Owner: r.User().ID, Seats: seats, Seed: host.NewSeed()})
	if err != nil {
		return r.Refused("open aibg match", err)
	}
	names := abNames(seats)
	if t.Row.Status != store.StatusChallenge {
		return view.Reply{Content: fmt.Sprintf("AIBG match %d: %s against %s. It has begun: its screens follow here.", t.Row.ID, names[0], names[1])}
	}
	return onAibg(r, t.Row.ID, func(t *host.Table) view.Reply {
		rep := view.Reply{Content: fmt.Sprintf("<@%s>, %s challenges you to an AIBG match (number %d).", seats[1].User, names[0], t.Row.ID),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				view.Button("Accept", discordgo.SuccessButton, view.CustomID{Action: "abaccept", Game: t.Row.ID}),
				view.Button("Decline", discordgo.DangerButton, view.CustomID{Action: "abdecline", Game: t.Row.ID}),
			}}},
			Mentions: []string{seats[1].User}}
		if err := r.Send(rep); err != nil {
			return r.Internal("send aibg challenge", err)
		}
		if m, err := r.Answer(); err == nil { // the note of an expiry edits it
			t.Row.Shown = m.ID
			if err := r.Host().SaveMeta(t); err != nil {
				r.Logger().Error("save aibg challenge message", "game", t.Row.ID, "err", err)
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
func challenge(r ui.Request, o ui.Options) view.Reply {
	u := o.User("user")
	switch {
	case u == nil:
		return view.Private("Name someone to challenge: `/aibg challenge user:@someone`.")
	case u.Bot:
		return view.Private("<@%s> is a bot account and cannot play; `/aibg solo` plays the built-in bot.", u.ID)
	}
	return open(r, [2]aibghost.Seat{{User: r.User().ID, Name: ui.DisplayName(r.User())}, {User: u.ID, Name: ui.DisplayName(u)}})
}

// abAnswer accepts or declines a challenge.
func answer(r ui.Request, id view.CustomID, accept bool) view.Reply {
	return onAibg(r, id.Game, func(t *host.Table) view.Reply {
		var err error
		text := "The AIBG challenge was declined."
		if accept {
			text = "The AIBG challenge was accepted: the match has begun."
			err = ab(r).Accept(t, r.User().ID)
		} else {
			err = ab(r).Decline(t, r.User().ID)
		}
		if err != nil {
			return r.Refused("answer aibg challenge", err)
		}
		return view.Reply{Content: text, Update: true, Components: []discordgo.MessageComponent{}}
	})
}

// onAibg answers with do on an AIBG match locked for a component.
func onAibg(r ui.Request, id int64, do func(t *host.Table) view.Reply) view.Reply {
	return r.OnTable(id, func(t *host.Table) view.Reply {
		if !aibghost.IsAibg(t.Row) {
			return view.Private("%s", view.ErrStaleComponent.Error())
		}
		return do(t)
	})
}

// abSeats is what the screens say of a match's seats and clock: a person mentioned, the
// bot by its level, a program (over the network) by its name.
func abSeats(t *host.Table) AibgSeats {
	lob, own := aibghost.LobbyOf(t), aibghost.Own(t)
	s := AibgSeats{Game: t.Row.ID, Users: own.Seats, Result: t.Row.Result}
	if lob != nil {
		s.Deadline, s.Timeouts = lob.Due, lob.Timeouts
		for p := range 2 {
			s.Names[p] = lob.Names[p]
			switch {
			case lob.Program(p + 1): // by its account's name: no mention, no button for it
				s.Users[p] = ""
			case !lob.Person(p + 1):
				s.Names[p] = "Bot (" + lob.Levels[p] + ")"
			}
		}
	}
	return s
}

// abAck: a public screen's button opens a private picker; a picker's controls change it.
func abAck(in ui.Input) ui.Ack {
	if c, err := ParseAibg(in.ID.Encode(), in.Values); err == nil && c.Op == AbOpen {
		return ui.AckPrivate
	}
	return ui.AckUpdate
}

// abControl answers an AIBG control: a picker's step, or a choice made.
func control(r ui.Request, in ui.Input) view.Reply {
	c, err := ParseAibg(in.ID.Encode(), in.Values)
	if err != nil {
		return view.Private("%s", err.Error())
	}
	return onAibg(r, c.Game, func(t *host.Table) view.Reply {
		g, err := ab(r).Match(t)
		if err != nil {
			return r.Refused("aibg match", err)
		}
		p := t.Seat(r.User().ID)
		switch {
		case c.Stale(g):
			return view.Private("%s", AibgStaleText)
		case p == 0:
			return view.Private("You are not playing in this match; you can watch.")
		case g.Chosen(p):
			return abUpdate(AibgAlreadyChosen(), c)
		}
		s := abSeats(t)
		var what string
		switch c.Op {
		case AbOpen:
			return abPicker(s, g, p, c, nil)
		case AbPoolAdd, AbPoolUndo, AbPoolClear, AbLineAdd, AbLineUndo, AbLineClear:
			return abUpdate(abPicker(s, g, p, c, c.After()), c)
		case AbPoolDone:
			what, err = "your pool", ab(r).Pool(t, r.User().ID, AibgPoolNames(g, c.After()))
		case AbLineDone:
			what, err = "your lineup", ab(r).Lineup(t, r.User().ID, c.After())
		default:
			move, done := c.Move(g, p)
			if !done {
				return abUpdate(AibgMovePicker(s, g, p, c), c)
			}
			what, err = "`"+move+"`", ab(r).Move(t, r.User().ID, move)
		}
		if err != nil {
			return r.Refused("aibg choice", err)
		}
		return abUpdate(AibgChosen(what), c)
	})
}

// abPicker is the private picker of the phase g is in, with picks so far.
func abPicker(s AibgSeats, g *aibg.Game, p int, c AibgControl, picks []int) view.Reply {
	switch g.Phase() {
	case aibg.PoolSelection:
		return AibgPoolPicker(s, g, picks)
	case aibg.RoundSelection:
		return AibgLineupPicker(s, g, p, picks)
	case aibg.RoundInProgress:
		return AibgMovePicker(s, g, p, c)
	}
	return view.Private("The match is over.")
}

// abUpdate makes rep change the picker it answers (any control but the public
// screen's, whose answer is a new private message).
func abUpdate(rep view.Reply, c AibgControl) view.Reply {
	rep.Update = c.Op != AbOpen
	return rep
}

// Show posts an AIBG match's owed screen with the battle's picture, and under the
// final one the after-game text; a network match that no channel shows
// (aibghost.Shown) has its screens taken without a post.
func (screens) Show(tr ui.Transport, t *host.Table, s *store.Screen) (string, error) {
	if !aibghost.Shown(t.Row.Place) { // a network match no channel shows: taken, posted nowhere
		return "unshown:" + strconv.FormatInt(t.Row.ID, 10) + ":" + strconv.Itoa(s.Version), nil
	}
	g, err := ab(tr).Match(t)
	if err != nil {
		return "", err
	}
	seats := abSeats(t)
	var png []byte
	if g.Phase() != aibg.PoolSelection {
		if png, err = tr.Renderer().BattlePNG(render.Battle{Snap: render.SnapBattle(g), Names: seats.Names}); err != nil {
			return "", fmt.Errorf("bot: battle of game %d: %w", t.Row.ID, err)
		}
	}
	id, err := tr.PostScreen(t, AibgScreen(seats, g, s.Summary, png), ui.ScreenNonce(t.Row.ID, s.Version))
	if err != nil {
		return "", err
	}
	if t.Row.Status == store.StatusOver {
		if rounds, err := AibgRounds(g.Record()); err == nil {
			if _, err := tr.Post(t.Row.Place, &discordgo.MessageSend{Content: AibgAfterGame(seats, g, rounds)}); err != nil {
				tr.Logger().Warn("post aibg after-game", "game", t.Row.ID, "err", err)
			}
		}
	}
	return id, nil
}

// errUnshown: a match shown nowhere has no screen to retire.
var errUnshown = errors.New("aibgui: the match is shown nowhere")

// Retire keeps nothing on a retired screen, and leaves alone (errUnshown) the screens
// of a match shown nowhere, which were never posted.
func (screens) Retire(_ ui.Transport, t *host.Table) (ui.Retired, error) {
	if !aibghost.Shown(t.Row.Place) {
		return ui.Retired{}, errUnshown
	}
	return ui.Retired{}, nil
}

// Summary words what happened for the screen that shows it.
func (screens) Summary(tr ui.Transport, t *host.Table, e host.Event) string {
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
		if g, err := ab(tr).Match(t); err == nil {
			return AibgSummary(s, g, *turn.Log, turn.Before)
		}
	}
	if e.Kind == host.EvTimeUp {
		return fmt.Sprintf("⏰ %s's time ran out: the selection was made for them.", who)
	}
	return ""
}

// Tell tells an AIBG match's channel a note of the host's.
func (screens) Tell(tr ui.Transport, t *host.Table, n host.Note) bool {
	if n.Kind != host.NoteChallengeExpired {
		return true // no other note is said of a match
	}
	content := fmt.Sprintf("This AIBG challenge expired unanswered after %d minutes.", int(aibghost.ChallengeLife.Minutes()))
	if _, err := tr.Edit(view.Reply{Content: content}.MessageEdit(t.Row.Place, t.Row.Shown)); err != nil {
		tr.Logger().Error("tell channel", "game", t.Row.ID, "note", n.Kind, "err", err)
	}
	return true
}

// AIBG's records on Discord, as the other games have them: /aibg status and board (the
// channel's match, or once it is over the last one finished here), /aibg resign (asked
// first, privately), /aibg replay (an animation and a step viewer over the turns, the
// replay kept by the adapter), /aibg history, stats and ladder (AIBG's own ladders).

// MaxFrames bounds a replay animation's frames (each is held in memory while it is
// written); a longer match shows turns spread evenly, the first and last among them.
const MaxFrames = 60

// abPlace is the AIBG match active in the channel, locked, or what to answer.
func place(r ui.Request) (*host.Table, *view.Reply) {
	t := r.Host().LockPlace(r.Channel())
	if t != nil && !aibghost.IsAibg(t.Row) {
		t.Unlock()
		t = nil
	}
	if t == nil {
		rep := view.Private("No AIBG match is being played in this channel. Open one with `/aibg solo` or `/aibg challenge`.")
		return nil, &rep
	}
	return t, nil
}

// abSeen is the match /aibg status and board show: the one active in the channel,
// locked, or else the last one finished here; done releases what it holds.
func seen(r ui.Request) (t *host.Table, done func(), bad *view.Reply) {
	if t, bad := place(r); bad == nil {
		return t, t.Unlock, nil
	}
	t, err := ab(r).Over(r.Context(), r.Channel(), 0)
	if err != nil {
		rep := r.Refused("finished aibg match", err)
		return nil, nil, &rep
	}
	return t, func() {}, nil
}

// abLook is /aibg status (no picture) and /aibg board (picture): the channel's match
// as its screen shows it, privately.
func look(r ui.Request, picture bool) view.Reply {
	t, done, bad := seen(r)
	if bad != nil {
		return *bad
	}
	defer done()
	g, err := ab(r).Match(t)
	if err != nil {
		return r.Refused("aibg match", err)
	}
	s := abSeats(t)
	var png []byte
	if picture {
		if png, err = r.Renderer().BattlePNG(render.Battle{Snap: render.SnapBattle(g), Names: s.Names}); err != nil {
			return r.Internal("render aibg board", err)
		}
	}
	resumed, err := ui.Resume(r, t)
	if err != nil {
		return r.Internal("resume screen", err)
	}
	rep := AibgPrivate(s, g, png)
	if resumed != "" {
		rep.Content = strings.TrimSpace(resumed + "\n" + rep.Content)
	}
	return rep
}

// abAskResign is /aibg resign: it asks first, privately, saying who then wins; the
// answer's Resign button resigns (abResign).
func askResign(r ui.Request) view.Reply {
	t, bad := place(r)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	p, err := ab(r).MayResign(t, r.User().ID)
	if err != nil {
		return r.Refused("resign aibg", err)
	}
	return AibgAskResign(abSeats(t), p)
}

// abResign is the press of /aibg resign's Resign: the match ends at once, lost.
func resign(r ui.Request, id view.CustomID) view.Reply {
	return onAibg(r, id.Game, func(t *host.Table) view.Reply {
		if err := ab(r).Resign(t, r.User().ID); err != nil {
			return r.Refused("resign aibg", err)
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("You resigned AIBG match #%d.", t.Row.ID), Components: []discordgo.MessageComponent{}}
	})
}

// abReplayed is a finished match's table and replay: game id, which must be of the
// request's server (as KOMBAT's and UPBEAT's replays check), or the channel's last.
func replayed(r ui.Request, id int64) (*host.Table, *aibghost.Replay, *view.Reply) {
	t, err := ab(r).Over(r.Context(), r.Channel(), id)
	if err == nil && id > 0 && t.Row.Scope != r.Guild() {
		// another server's match is none of this one's: refused as one that does not exist
		err = host.Refuse(host.CodeNoSuchGame, "AIBG match %d is not a finished AIBG match of this server: %s lists yours.", id, host.Command("aibg history"))
	}
	var rp *aibghost.Replay
	if err == nil {
		rp, err = ab(r).ReplayOf(t)
	}
	if err == nil && rp.Turns() == 0 {
		err = host.Refuse(host.CodeNothingYet, "AIBG match %d ended before its first turn: there is nothing to replay.", t.Row.ID)
	}
	if err != nil {
		rep := r.Refused("aibg replay", err)
		return nil, nil, &rep
	}
	return t, rp, nil
}

// abReplay is /aibg replay [game]: the turns of a finished match as an animated GIF
// (at most MaxFrames turns, evenly spread, fewer when the file would be too large
// for Discord), then a public step viewer at its last turn whose buttons open a
// private viewer for whoever presses.
func replay(r ui.Request, o ui.Options) view.Reply {
	t, rp, bad := replayed(r, int64(o.Int("game", 0)))
	if bad != nil {
		return *bad
	}
	s, n := abSeats(t), rp.Turns()
	var gif []byte
	shown := 0
	for most := MaxFrames; most >= 2; most /= 2 {
		idx := host.Sample(n, most)
		frames := make([]render.Battle, len(idx))
		for k, i := range idx {
			g, err := rp.At(i)
			if err != nil {
				return r.Internal("aibg replay", err)
			}
			frames[k] = AibgReplayFrame(s, g, rp.Logs[i], i, n)
		}
		var err error
		if gif, err = r.Renderer().BattleGIF(frames); err != nil {
			return r.Internal("aibg replay gif", err)
		}
		if shown = len(idx); len(gif) <= ui.MaxUpload {
			break
		}
	}
	last, err := rp.At(n - 1)
	if err != nil {
		return r.Internal("aibg replay", err)
	}
	rep := view.Reply{Content: AibgReplayMessage(s, last, n, 0, len(gif)>>20)}
	if len(gif) <= ui.MaxUpload {
		rep.Content = AibgReplayMessage(s, last, n, shown, 0)
		rep.Files = []view.File{{Name: fmt.Sprintf("aibg-match-%d.gif", t.Row.ID), MIME: "image/gif", Data: gif}}
	}
	viewer, err := viewer(r, t, rp, n-1, true)
	if err != nil {
		return r.Internal("aibg replay step", err)
	}
	if _, err := r.Post(r.Channel(), viewer.Message()); err != nil {
		r.Logger().Error("post aibg replay viewer", "game", t.Row.ID, "err", err)
	}
	return rep
}

// abViewer is the step viewer of turn i of a replay.
func viewer(tr ui.Transport, t *host.Table, rp *aibghost.Replay, i int, public bool) (view.Reply, error) {
	g, err := rp.At(i)
	if err != nil {
		return view.Reply{}, err
	}
	s, log := abSeats(t), rp.Logs[i]
	png, err := tr.Renderer().BattlePNG(AibgReplayFrame(s, g, log, i, rp.Turns()))
	if err != nil {
		return view.Reply{}, err
	}
	return AibgReplayViewer(s, g, AibgSummary(s, g, log, rp.Before[i]), i, rp.Turns(), png, public), nil
}

// abReplayStep answers a press of a replay viewer's button: from the public viewer, a
// private viewer of the presser's own at the turn asked for; from a private viewer,
// that viewer moved to it. The replay is the adapter's kept one.
func replayStep(r ui.Request, id view.CustomID) view.Reply {
	to, err := strconv.Atoi(id.Arg(0))
	if err != nil || id.Arg(2) != "pub" && id.Arg(2) != "me" {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	t, rp, bad := replayed(r, id.Game)
	if bad != nil {
		return *bad
	}
	rep, err := viewer(r, t, rp, min(max(to, 0), rp.Turns()-1), false)
	if err != nil {
		return r.Internal("aibg replay step", err)
	}
	rep.Ephemeral, rep.Update = id.Arg(2) == "pub", id.Arg(2) == "me"
	return rep
}

// abStats is /aibg stats [user]: a player's standing on AIBG's ladders.
func stats(r ui.Request, o ui.Options) view.Reply {
	who := r.User()
	if u := o.User("user"); u != nil {
		who = u
	}
	ladders, err := ab(r).Stats(r.Context(), r.Guild(), who.ID)
	if err != nil {
		return r.Internal("aibg stats", err)
	}
	return view.Private("%s", AibgStats(who.ID, ladders))
}

// abLadder is /aibg ladder [ladder]: "people" (the default) or "bot-LEVEL".
func ladder(r ui.Request, o ui.Options) view.Reply {
	kind := aibghost.Ladder
	switch l, bot := strings.CutPrefix(o.Str("ladder"), "bot-"); {
	case bot && slices.Contains(aibg.Levels(), l):
		kind = aibghost.BotLadder(l)
	case bot || l != "" && l != "people":
		return view.Private("There is no AIBG ladder %q: the ladders are `people` (matches between people) and `bot-LEVEL` against the bot (levels %s).", o.Str("ladder"), strings.Join(aibg.Levels(), ", "))
	}
	return r.Ladder(kind)
}
