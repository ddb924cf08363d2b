package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// maxUpload is the attachment size every Discord server accepts from a bot.
const maxUpload = 8 << 20

// replayGame finds the game /kombat replay means: the id given, which must be a game of
// this server that is over, or else the last finished game of this channel.
func (b *Bot) replayGame(r *request, o options) (*gameView, *reply) {
	fail := func(format string, args ...any) (*gameView, *reply) {
		rep := private(format, args...)
		return nil, &rep
	}
	var row *store.Game
	var err error
	if id := o.int("game", 0); id > 0 {
		row, err = b.db.Game(b.wctx, id)
		if errors.Is(err, store.ErrNotFound) || err == nil && row.Scope != r.i.GuildID {
			return fail("There is no game #%d on this server. `/kombat history` lists your games.", id)
		}
	} else {
		row, err = b.db.LastGameIn(b.wctx, r.i.ChannelID)
		if errors.Is(err, store.ErrNotFound) {
			return fail("No game has finished in this channel yet. Give a game number: `/kombat history` lists your games.")
		}
	}
	if err != nil {
		rep := b.internal(r, "load game for replay", err)
		return nil, &rep
	}
	if row.Status != store.StatusOver {
		return fail("Game #%d is not over (it is %s); replays are of finished games. `/kombat board` shows a game in play.", row.ID, row.Status)
	}
	v, err := b.view(b.ctx, row.ID)
	if err != nil {
		rep := b.internal(r, "load game for replay", err)
		return nil, &rep
	}
	return v, nil
}

// replay is /kombat replay [game]: the whole game as an animated GIF with its seed and
// configuration, then a viewer to step through its turns.
func (b *Bot) replay(r *request, o options) reply {
	v, bad := b.replayGame(r, o)
	if bad != nil {
		return *bad
	}
	if err := r.deferReply(false, false); err != nil {
		return b.internal(r, "defer replay", err)
	}
	rec := v.row.Record()
	frames, err := game.Frames(b.lang, rec)
	if err != nil {
		return b.internal(r, "replay frames", err)
	}
	t := v.table()
	gif, err := b.render.GIF(frames, t.Names())
	if err != nil {
		return b.internal(r, "replay gif", err)
	}
	content := fmt.Sprintf("**Replay of game #%d** · %s · %d turns · %s\nSeed `%d` · configuration: `%s`",
		v.row.ID, vsLine(t), v.row.Turns, resultSentence(t, *v.row.Result), v.row.Seed, oneLine(v.row.Config.String()))
	rep := reply{content: fitContent(content)}
	if len(gif) <= maxUpload {
		rep.files = []file{{fmt.Sprintf("kombat-game-%d.gif", v.row.ID), "image/gif", gif}}
	} else {
		rep.content = fitContent(content + fmt.Sprintf("\n(The animation is %d MiB, more than Discord takes; step through the turns below.)", len(gif)>>20))
	}
	viewer, err := b.replayFrame(t, frames, len(frames)-1)
	if err != nil {
		return b.internal(r, "replay frame", err)
	}
	if _, err := b.sess.ChannelMessageSendComplex(r.i.ChannelID, viewer.message()); err != nil {
		b.log.Error("post replay viewer", "game", v.row.ID, "err", err)
	}
	return rep
}

// resultSentence says who won and why.
func resultSentence(t *host.Table, res game.Result) string {
	if res.Winner == 0 {
		return "a tie: " + render.ResultText(res, t.Names())
	}
	return fmt.Sprintf("%s won: %s", t.Names()[res.Winner-1], render.ResultText(res, t.Names()))
}

// oneLine writes a configuration file's lines as one line.
func oneLine(cfg string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(cfg, "\n", " ")), " ")
}

// replayFrame draws frame i of a finished game with its summary and the viewer's
// buttons: first, previous, next, last, and Why? for the turn shown.
func (b *Bot) replayFrame(t *host.Table, frames []game.Frame, i int) (reply, error) {
	i = min(max(i, 0), len(frames)-1)
	f := frames[i]
	png, err := b.render.PNG(render.Board{Snap: f.Snapshot, Last: f.Turn, Names: t.Names()})
	if err != nil {
		return reply{}, err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Game #%d** · ", t.Row.ID)
	if f.Setup {
		sb.WriteString("after the free spawns")
	} else {
		fmt.Fprintf(&sb, "turn %d of %d (%s's turn %d)", i, len(frames)-1, t.Names()[f.Turn.Player-1], f.Turn.Turn)
		if s := turnSummary(f.Turn, t.Names()[f.Turn.Player-1]); s != "" {
			sb.WriteString("\n" + s)
		}
	}
	if i == len(frames)-1 && t.Row.Result != nil {
		sb.WriteString("\n" + resultSentence(t, *t.Row.Result))
	}
	nav := func(label string, to int, disabled bool) discordgo.Button {
		bt := button(label, discordgo.SecondaryButton, customID{Action: "rp", Game: t.Row.ID, Args: []string{strconv.Itoa(to), label}})
		bt.Disabled = disabled
		return bt
	}
	buttons := []discordgo.MessageComponent{
		nav("⏮ First", 0, i == 0), nav("◀ Previous", i-1, i == 0),
		nav("Next ▶", i+1, i == len(frames)-1), nav("Last ⏭", len(frames)-1, i == len(frames)-1),
	}
	if !f.Setup {
		buttons = append(buttons, whyButton(t.Row.ID, i))
	}
	return reply{content: fitContent(sb.String()), files: []file{{"board.png", "image/png", png}},
		components: []discordgo.MessageComponent{row(buttons...)}}, nil
}

// replayStep moves a replay viewer to another turn.
func (b *Bot) replayStep(r *request, id customID) reply {
	to, err := strconv.Atoi(id.arg(0))
	if err != nil {
		return private("%s", ErrStaleComponent.Error())
	}
	v, err := b.view(b.ctx, id.Game)
	if err != nil || v.row.Status != store.StatusOver {
		return private("This game can no longer be replayed.")
	}
	rec := v.row.Record()
	frames, err := game.Frames(b.lang, rec)
	if err != nil {
		return b.internal(r, "replay frames", err)
	}
	rep, err := b.replayFrame(v.table(), frames, to)
	if err != nil {
		return b.internal(r, "replay frame", err)
	}
	rep.update = true
	return rep
}

// history is /kombat history [user]: recent games on this server with results and ids.
func (b *Bot) history(r *request, o options) reply {
	who := r.user
	if u := o.user("user"); u != nil {
		who = u
	}
	games, err := b.db.RecentGames(b.wctx, r.i.GuildID, who.ID, 15)
	if err != nil {
		return b.internal(r, "history", err)
	}
	if len(games) == 0 {
		return private("<@%s> has no games on this server yet.", who.ID)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Recent games of <@%s>** (newest first; `/kombat replay game:ID` replays one):\n", who.ID)
	for _, g := range games {
		v := &gameView{row: g}
		seat := g.Seat(who.ID)
		other := "the bot"
		if seat != 0 && g.Players[2-seat] != "" {
			other = "<@" + g.Players[2-seat] + ">"
		}
		outcome := "in progress"
		switch {
		case g.Status == store.StatusSetup:
			outcome = "being set up"
		case g.Result != nil && g.Result.Winner == 0:
			outcome = "tie"
		case g.Result != nil && g.Result.Winner == seat:
			outcome = "**won**"
		case g.Result != nil:
			outcome = "lost"
		}
		if g.Result != nil {
			outcome += " (" + render.ResultText(*g.Result, v.table().Names()) + ")"
		}
		fmt.Fprintf(&sb, "`#%d` %s vs %s · %s · %d turns · <t:%d:d>\n", g.ID, g.Mode, other, outcome, g.Turns, g.CreatedAt.Unix())
	}
	return private("%s", sb.String())
}

// ladder picks the rating ladder of a command: duels, or games against the bot.
func ladder(o options) (kind, title string) {
	if o.str("ladder") == "bot" {
		return store.KindBot, "against the bot (level 1)"
	}
	return store.KindDuel, "duels"
}

// leaderboard is /kombat leaderboard [ladder]: the top 10 of this server and your place.
func (b *Bot) leaderboard(r *request, o options) reply {
	kind, title := ladder(o)
	top, err := b.db.Leaderboard(b.wctx, r.i.GuildID, kind, 10)
	if err != nil {
		return b.internal(r, "leaderboard", err)
	}
	if len(top) == 0 {
		return private("Nobody on this server has a rating for %s yet: finish a game to get one.", title)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**KOMBAT leaderboard — %s** (Elo, everyone starts at %d)\n", title, int(store.InitialRating))
	mine := false
	for i, p := range top {
		me := ""
		if p.User == r.user.ID {
			me, mine = " ← you", true
		}
		fmt.Fprintf(&sb, "%d. <@%s> — **%d** · %d–%d–%d%s\n", i+1, p.User, int(p.Rating+0.5), p.Wins, p.Losses, p.Ties, me)
	}
	if !mine {
		rank, err := b.db.Rank(b.wctx, r.i.GuildID, kind, r.user.ID)
		if err != nil {
			return b.internal(r, "rank", err)
		}
		if rank == 0 {
			sb.WriteString("You are not rated on this ladder yet.")
		} else {
			me, _ := b.db.PlayerRating(b.wctx, r.i.GuildID, kind, r.user.ID)
			fmt.Fprintf(&sb, "…\n%d. you — **%d** · %d–%d–%d", rank, int(me.Rating+0.5), me.Wins, me.Losses, me.Ties)
		}
	}
	return reply{content: fitContent(sb.String())}
}

// stats is /kombat stats [user]: games, wins, losses, ties and rating on each ladder.
func (b *Bot) stats(r *request, o options) reply {
	who := r.user
	if u := o.user("user"); u != nil {
		who = u
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**KOMBAT stats of <@%s>** on this server\n", who.ID)
	for _, l := range []struct{ kind, title string }{{store.KindDuel, "Duels"}, {store.KindBot, "Against the bot (level 1)"}} {
		p, err := b.db.PlayerRating(b.wctx, r.i.GuildID, l.kind, who.ID)
		if err != nil {
			return b.internal(r, "stats", err)
		}
		if p.Games == 0 {
			fmt.Fprintf(&sb, "%s: no rated games yet\n", l.title)
			continue
		}
		rank, _ := b.db.Rank(b.wctx, r.i.GuildID, l.kind, who.ID)
		fmt.Fprintf(&sb, "%s: rating **%d** (#%d) · %d %s: %d won, %d lost, %d tied\n",
			l.title, int(p.Rating+0.5), rank, p.Games, plural(p.Games, "game", "games"), p.Wins, p.Losses, p.Ties)
	}
	return private("%s", sb.String())
}
