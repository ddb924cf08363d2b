package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/render"
)

// AIBG's records on Discord, as the other games have them: /aibg status and board (the
// channel's match, or once it is over the last one finished here), /aibg resign (asked
// first, privately), /aibg replay (an animation and a step viewer over the turns, the
// replay kept by the adapter), /aibg history, stats and ladder (AIBG's own ladders).

// abMaxFrames bounds a replay animation's frames (each is held in memory while it is
// written); a longer match shows turns spread evenly, the first and last among them.
const abMaxFrames = 60

// abPlace is the AIBG match active in the channel, locked, or what to answer.
func (b *Bot) abPlace(r *request) (*host.Table, *view.Reply) {
	t := b.host.LockPlace(r.i.ChannelID)
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
func (b *Bot) abSeen(r *request) (t *host.Table, done func(), bad *view.Reply) {
	if t, bad := b.abPlace(r); bad == nil {
		return t, t.Unlock, nil
	}
	t, err := b.ab().Over(b.wctx, r.i.ChannelID, 0)
	if err != nil {
		rep := b.refusedOr(r, "finished aibg match", err)
		return nil, nil, &rep
	}
	return t, func() {}, nil
}

// abLook is /aibg status (no picture) and /aibg board (picture): the channel's match
// as its screen shows it, privately.
func (b *Bot) abLook(r *request, picture bool) view.Reply {
	t, done, bad := b.abSeen(r)
	if bad != nil {
		return *bad
	}
	defer done()
	g, err := b.ab().Match(t)
	if err != nil {
		return b.refusedOr(r, "aibg match", err)
	}
	s := abSeats(t)
	var png []byte
	if picture {
		if png, err = b.render.BattlePNG(render.Battle{Snap: render.SnapBattle(g), Names: s.Names}); err != nil {
			return b.internal(r, "render aibg board", err)
		}
	}
	return view.AibgPrivate(s, g, png)
}

// abAskResign is /aibg resign: it asks first, privately, saying who then wins; the
// answer's Resign button resigns (abResign).
func (b *Bot) abAskResign(r *request) view.Reply {
	t, bad := b.abPlace(r)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	p, err := b.ab().MayResign(t, r.user.ID)
	if err != nil {
		return b.refusedOr(r, "resign aibg", err)
	}
	return view.AibgAskResign(abSeats(t), p)
}

// abResign is the press of /aibg resign's Resign: the match ends at once, lost.
func (b *Bot) abResign(r *request, id view.CustomID) view.Reply {
	return b.onAibg(id.Game, func(t *host.Table) view.Reply {
		if err := b.ab().Resign(t, r.user.ID); err != nil {
			return b.refusedOr(r, "resign aibg", err)
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("You resigned AIBG match #%d.", t.Row.ID), Components: []discordgo.MessageComponent{}}
	})
}

// abReplayed is a finished match's table and replay: game id, or the channel's last.
func (b *Bot) abReplayed(r *request, id int64) (*host.Table, *aibghost.Replay, *view.Reply) {
	t, err := b.ab().Over(b.wctx, r.i.ChannelID, id)
	var rp *aibghost.Replay
	if err == nil {
		rp, err = b.ab().ReplayOf(t)
	}
	if err == nil && rp.Turns() == 0 {
		err = host.Refuse(host.CodeNothingYet, "AIBG match %d ended before its first turn: there is nothing to replay.", t.Row.ID)
	}
	if err != nil {
		rep := b.refusedOr(r, "aibg replay", err)
		return nil, nil, &rep
	}
	return t, rp, nil
}

// abReplay is /aibg replay [game]: the turns of a finished match as an animated GIF
// (at most abMaxFrames turns, evenly spread, fewer when the file would be too large
// for Discord), then a public step viewer at its last turn whose buttons open a
// private viewer for whoever presses.
func (b *Bot) abReplay(r *request, o options) view.Reply {
	t, rp, bad := b.abReplayed(r, int64(o.int("game", 0)))
	if bad != nil {
		return *bad
	}
	s, n := abSeats(t), rp.Turns()
	var gif []byte
	shown := 0
	for most := abMaxFrames; most >= 2; most /= 2 {
		idx := upbeathost.UpSample(n, most)
		frames := make([]render.Battle, len(idx))
		for k, i := range idx {
			g, err := rp.At(i)
			if err != nil {
				return b.internal(r, "aibg replay", err)
			}
			frames[k] = view.AibgReplayFrame(s, g, rp.Logs[i], i, n)
		}
		var err error
		if gif, err = b.render.BattleGIF(frames); err != nil {
			return b.internal(r, "aibg replay gif", err)
		}
		if shown = len(idx); len(gif) <= maxUpload {
			break
		}
	}
	last, err := rp.At(n - 1)
	if err != nil {
		return b.internal(r, "aibg replay", err)
	}
	rep := view.Reply{Content: view.AibgReplayMessage(s, last, n, 0, len(gif)>>20)}
	if len(gif) <= maxUpload {
		rep.Content = view.AibgReplayMessage(s, last, n, shown, 0)
		rep.Files = []view.File{{Name: fmt.Sprintf("aibg-match-%d.gif", t.Row.ID), MIME: "image/gif", Data: gif}}
	}
	viewer, err := b.abViewer(t, rp, n-1, true)
	if err != nil {
		return b.internal(r, "aibg replay step", err)
	}
	if _, err := b.sess.ChannelMessageSendComplex(r.i.ChannelID, viewer.Message()); err != nil {
		b.log.Error("post aibg replay viewer", "game", t.Row.ID, "err", err)
	}
	return rep
}

// abViewer is the step viewer of turn i of a replay.
func (b *Bot) abViewer(t *host.Table, rp *aibghost.Replay, i int, public bool) (view.Reply, error) {
	g, err := rp.At(i)
	if err != nil {
		return view.Reply{}, err
	}
	s, log := abSeats(t), rp.Logs[i]
	png, err := b.render.BattlePNG(view.AibgReplayFrame(s, g, log, i, rp.Turns()))
	if err != nil {
		return view.Reply{}, err
	}
	return view.AibgReplayViewer(s, g, view.AibgSummary(s, g, log, rp.Before[i]), i, rp.Turns(), png, public), nil
}

// abReplayStep answers a press of a replay viewer's button: from the public viewer, a
// private viewer of the presser's own at the turn asked for; from a private viewer,
// that viewer moved to it. The replay is the adapter's kept one.
func (b *Bot) abReplayStep(r *request, id view.CustomID) view.Reply {
	to, err := strconv.Atoi(id.Arg(0))
	if err != nil || id.Arg(2) != "pub" && id.Arg(2) != "me" {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	t, rp, bad := b.abReplayed(r, id.Game)
	if bad != nil {
		return *bad
	}
	rep, err := b.abViewer(t, rp, min(max(to, 0), rp.Turns()-1), false)
	if err != nil {
		return b.internal(r, "aibg replay step", err)
	}
	rep.Ephemeral, rep.Update = id.Arg(2) == "pub", id.Arg(2) == "me"
	return rep
}

// abStats is /aibg stats [user]: a player's standing on AIBG's ladders.
func (b *Bot) abStats(r *request, o options) view.Reply {
	who := r.user
	if u := o.user("user"); u != nil {
		who = u
	}
	ladders, err := b.ab().Stats(b.wctx, r.i.GuildID, who.ID)
	if err != nil {
		return b.internal(r, "aibg stats", err)
	}
	return view.Private("%s", view.AibgStats(who.ID, ladders))
}

// abLadder is /aibg ladder [ladder]: "people" (the default) or "bot-LEVEL".
func (b *Bot) abLadder(r *request, o options) view.Reply {
	kind := aibghost.Ladder
	switch l, bot := strings.CutPrefix(o.str("ladder"), "bot-"); {
	case bot && slices.Contains(aibg.Levels(), l):
		kind = aibghost.BotLadder(l)
	case bot || l != "" && l != "people":
		return view.Private("There is no AIBG ladder %q: the ladders are `people` (matches between people) and `bot-LEVEL` against the bot (levels %s).", o.str("ladder"), strings.Join(aibg.Levels(), ", "))
	}
	return b.ladderBoard(r, kind)
}
