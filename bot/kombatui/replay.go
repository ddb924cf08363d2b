package kombatui

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
func replay(r ui.Request, o ui.Options) view.Reply {
	v, err := kom(r).ReplayGame(r.Context(), r.Guild(), r.Channel(), o.Int("game", 0))
	if err != nil {
		return r.Refused("load game for replay", err)
	}
	if err := r.Defer(false, false); err != nil {
		return r.Internal("defer replay", err)
	}
	frames, err := kom(r).Frames(v)
	if err != nil {
		return r.Internal("replay frames", err)
	}
	t, g := v.Table(), v.Row
	gif, err := r.Renderer().GIF(frames, kombathost.Names(t))
	if err != nil {
		return r.Internal("replay gif", err)
	}
	content := fmt.Sprintf("**Replay of game #%d** · %s · %d turns · %s\nSeed `%d` · configuration: `%s`",
		g.ID, VsLine(t), g.Turns, ResultSentence(t, *g.Result), g.Seed, view.OneLine(kombathost.ConfigString(g)))
	rep := view.Reply{Content: view.Fit(content)}
	if len(gif) <= ui.MaxUpload {
		rep.Files = []view.File{{Name: fmt.Sprintf("kombat-game-%d.gif", g.ID), MIME: "image/gif", Data: gif}}
	} else {
		rep.Content = view.Fit(content + fmt.Sprintf("\n(The animation is %d MiB, more than Discord takes; step through the turns below.)", len(gif)>>20))
	}
	viewer, err := replayFrame(r, t, frames, len(frames)-1)
	if err != nil {
		return r.Internal("replay frame", err)
	}
	if _, err := r.Post(r.Channel(), viewer.Message()); err != nil {
		r.Logger().Error("post replay viewer", "game", g.ID, "err", err)
	}
	return rep
}

// replayFrame draws frame i of a finished game with its summary and the viewer's
// buttons: first, previous, next, last, and Why? for the turn shown.
func replayFrame(tr ui.Transport, t *host.Table, frames []game.Frame, i int) (view.Reply, error) {
	i = min(max(i, 0), len(frames)-1)
	f := frames[i]
	png, err := tr.Renderer().PNG(render.Board{Snap: f.Snapshot, Last: f.Turn, Names: kombathost.Names(t)})
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
		sb.WriteString("\n" + ResultSentence(t, *t.Row.Result))
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
		buttons = append(buttons, WhyButton(t.Row.ID, i))
	}
	return view.Reply{Content: view.Fit(sb.String()), Files: []view.File{{Name: "board.png", MIME: "image/png", Data: png}},
		Components: []discordgo.MessageComponent{view.Row(buttons...)}}, nil
}

// replayStep moves a replay viewer to another turn.
func replayStep(r ui.Request, id view.CustomID) view.Reply {
	to, err := strconv.Atoi(id.Arg(0))
	if err != nil {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	v, frames, err := kom(r).Replay(r.Context(), id.Game)
	if err != nil {
		return r.Refused("replay frames", err)
	}
	rep, err := replayFrame(r, v.Table(), frames, to)
	if err != nil {
		return r.Internal("replay frame", err)
	}
	rep.Update = true
	return rep
}

// leaderboard is /kombat leaderboard [ladder]: the top 10 of this server and your place.
func leaderboard(r ui.Request, o ui.Options) view.Reply {
	kind := store.KindDuel
	switch l := o.Str("ladder"); {
	case l == "bot": // the choice before there were levels
		kind = store.KindBot
	case strings.HasPrefix(l, "bot-"):
		kind = kombathost.BotLadder(strings.TrimPrefix(l, "bot-"))
	}
	return r.Ladder(kind)
}
