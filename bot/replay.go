package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// replay is /kombat replay [game]: the whole game as an animated GIF with its seed and
// configuration, then a viewer to step through its turns.
func (b *Bot) replay(r *request, o options) view.Reply {
	v, err := b.kombat.ReplayGame(b.wctx, r.i.GuildID, r.i.ChannelID, o.Int("game", 0))
	if err != nil {
		return b.refusedOr(r, "load game for replay", err)
	}
	if err := r.deferReply(false, false); err != nil {
		return b.internal(r, "defer replay", err)
	}
	frames, err := b.kombat.Frames(v)
	if err != nil {
		return b.internal(r, "replay frames", err)
	}
	t, g := v.Table(), v.Row
	gif, err := b.render.GIF(frames, kombathost.Names(t))
	if err != nil {
		return b.internal(r, "replay gif", err)
	}
	content := fmt.Sprintf("**Replay of game #%d** · %s · %d turns · %s\nSeed `%d` · configuration: `%s`",
		g.ID, view.VsLine(t), g.Turns, view.ResultSentence(t, *g.Result), g.Seed, view.OneLine(g.Config.String()))
	rep := view.Reply{Content: view.Fit(content)}
	if len(gif) <= ui.MaxUpload {
		rep.Files = []view.File{{Name: fmt.Sprintf("kombat-game-%d.gif", g.ID), MIME: "image/gif", Data: gif}}
	} else {
		rep.Content = view.Fit(content + fmt.Sprintf("\n(The animation is %d MiB, more than Discord takes; step through the turns below.)", len(gif)>>20))
	}
	viewer, err := b.replayFrame(t, frames, len(frames)-1)
	if err != nil {
		return b.internal(r, "replay frame", err)
	}
	if _, err := b.sess.ChannelMessageSendComplex(r.i.ChannelID, viewer.Message()); err != nil {
		b.log.Error("post replay viewer", "game", g.ID, "err", err)
	}
	return rep
}

// replayFrame draws frame i of a finished game with its summary and the viewer's
// buttons: first, previous, next, last, and Why? for the turn shown.
func (b *Bot) replayFrame(t *host.Table, frames []game.Frame, i int) (view.Reply, error) {
	i = min(max(i, 0), len(frames)-1)
	f := frames[i]
	png, err := b.render.PNG(render.Board{Snap: f.Snapshot, Last: f.Turn, Names: kombathost.Names(t)})
	if err != nil {
		return view.Reply{}, err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Game #%d** · ", t.Row.ID)
	if f.Setup {
		sb.WriteString("after the free spawns")
	} else {
		fmt.Fprintf(&sb, "turn %d of %d (%s's turn %d)", i, len(frames)-1, kombathost.Names(t)[f.Turn.Player-1], f.Turn.Turn)
		if s := render.TurnSummary(f.Turn, kombathost.Names(t)[f.Turn.Player-1]); s != "" {
			sb.WriteString("\n" + s)
		}
	}
	if i == len(frames)-1 && t.Row.Result != nil {
		sb.WriteString("\n" + view.ResultSentence(t, *t.Row.Result))
	}
	nav := func(label string, to int, disabled bool) discordgo.Button {
		bt := view.Button(label, discordgo.SecondaryButton, view.CustomID{Action: "rp", Game: t.Row.ID, Args: []string{strconv.Itoa(to), label}})
		bt.Disabled = disabled
		return bt
	}
	buttons := []discordgo.MessageComponent{
		nav("⏮ First", 0, i == 0), nav("◀ Previous", i-1, i == 0),
		nav("Next ▶", i+1, i == len(frames)-1), nav("Last ⏭", len(frames)-1, i == len(frames)-1),
	}
	if !f.Setup {
		buttons = append(buttons, view.WhyButton(t.Row.ID, i))
	}
	return view.Reply{Content: view.Fit(sb.String()), Files: []view.File{{Name: "board.png", MIME: "image/png", Data: png}},
		Components: []discordgo.MessageComponent{view.Row(buttons...)}}, nil
}

// replayStep moves a replay viewer to another turn.
func (b *Bot) replayStep(r *request, id view.CustomID) view.Reply {
	to, err := strconv.Atoi(id.Arg(0))
	if err != nil {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	v, frames, err := b.kombat.Replay(b.ctx, id.Game)
	if err != nil {
		return b.refusedOr(r, "replay frames", err)
	}
	rep, err := b.replayFrame(v.Table(), frames, to)
	if err != nil {
		return b.internal(r, "replay frame", err)
	}
	rep.Update = true
	return rep
}

// history is /kombat history [user]: recent games on this server with results and ids,
// every game's; a game's own history command (only: its name) lists its own alone.
func (b *Bot) history(r *request, o options, only store.GameName) view.Reply {
	who := r.user
	if u := o.User("user"); u != nil {
		who = u
	}
	games, err := b.host.HistoryOf(b.wctx, r.i.GuildID, who.ID, only)
	if err != nil {
		return b.internal(r, "history", err)
	}
	if len(games) == 0 {
		return view.Private("<@%s> has no %sgames on this server yet.", who.ID, view.HistoryOf(only))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Recent %sgames of <@%s>** (newest first%s):\n", view.HistoryOf(only), who.ID, view.HistoryHint(only))
	for _, p := range games {
		if g := b.games[p.Game.Game]; g.PastLine != nil { // a registered game's line
			sb.WriteString(g.PastLine(p) + "\n")
			continue
		}
		g, other, outcome := p.Game, "the bot", view.Outcome(p.Outcome)
		if p.Opponent != "" {
			other = "<@" + p.Opponent + ">"
		}
		if g.Result != nil {
			outcome += " (" + render.ResultText(*g.Result, p.Names) + ")"
		}
		fmt.Fprintf(&sb, "`#%d` %s vs %s · %s · %d turns · <t:%d:d>\n", g.ID, g.Mode, other, outcome, g.Turns, g.CreatedAt.Unix())
	}
	return view.Private("%s", sb.String())
}

// leaderboard is /kombat leaderboard [ladder]: the top 10 of this server and your place.
func (b *Bot) leaderboard(r *request, o options) view.Reply {
	kind := store.KindDuel
	switch l := o.Str("ladder"); {
	case l == "bot": // the choice before there were levels
		kind = store.KindBot
	case strings.HasPrefix(l, "bot-"):
		kind = kombathost.BotLadder(strings.TrimPrefix(l, "bot-"))
	}
	return b.ladderBoard(r, kind)
}

// ladderBoard is the top 10 of this server on the ladder kind, and your place.
func (b *Bot) ladderBoard(r *request, kind string) view.Reply {
	board, err := b.host.Leaderboard(b.wctx, r.i.GuildID, kind, r.user.ID, 10)
	if err != nil {
		return b.internal(r, "leaderboard", err)
	}
	if len(board.Top) == 0 {
		return view.Private("Nobody on this server has a rating for %s yet: finish a game to get one.", view.LadderTitle(kind))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s** (Elo, everyone starts at %d)\n", view.LeaderboardTitle(kind), int(store.InitialRating))
	for i, p := range board.Top {
		me := ""
		if p.User == r.user.ID {
			me = " ← you"
		}
		fmt.Fprintf(&sb, "%d. <@%s> — **%d** · %d–%d–%d%s\n", i+1, p.User, host.Points(p.Rating), p.Wins, p.Losses, p.Ties, me)
	}
	switch me := board.Me; {
	case board.InTop:
	case board.Rank == 0:
		sb.WriteString("You are not rated on this ladder yet.")
	default:
		fmt.Fprintf(&sb, "…\n%d. you — **%d** · %d–%d–%d", board.Rank, host.Points(me.Rating), me.Wins, me.Losses, me.Ties)
	}
	return view.Reply{Content: view.Fit(sb.String())}
}

// stats is /kombat stats [user]: games, wins, losses, ties and rating on each ladder,
// KOMBAT's and then each registered game's with ui.Game.Stats; a game's own stats
// command (only: its name) shows its own alone.
func (b *Bot) stats(r *request, o options, only store.GameName) view.Reply {
	who := r.user
	if u := o.User("user"); u != nil {
		who = u
	}
	var ladders []host.Rated
	var err error
	game := "KOMBAT"
	if only == "" {
		ladders, err = b.kombat.Stats(b.wctx, r.i.GuildID, who.ID)
	} else {
		game = b.games[only].Title
	}
	for _, g := range b.opt.Games {
		if err == nil && g.Stats != nil && (only == "" || only == g.Name) {
			var more []host.Rated
			more, err = g.Stats(services{b}, r.i.GuildID, who.ID)
			ladders = append(ladders, more...)
		}
	}
	if err != nil {
		return b.internal(r, "stats", err)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s stats of <@%s>** on this server\n", game, who.ID)
	for _, l := range ladders {
		title, p := view.LadderTitle(l.Kind), l.Rating
		title = strings.ToUpper(title[:1]) + title[1:]
		if p.Games == 0 {
			fmt.Fprintf(&sb, "%s: no rated games yet\n", title)
			continue
		}
		fmt.Fprintf(&sb, "%s: rating **%d** (#%d) · %d %s: %d won, %d lost, %d tied\n",
			title, host.Points(p.Rating), l.Rank, p.Games, render.Plural(p.Games, "game", "games"), p.Wins, p.Losses, p.Ties)
	}
	return view.Private("%s", sb.String())
}
