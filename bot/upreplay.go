package bot

import (
	"fmt"
	"strconv"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/render"
)

// upReplay is /upbeat replay [game]: the game's overview after the start and after
// every turn as an animated GIF (at most upbeathost.UpMaxFrames steps, evenly spread, and
// fewer when the file would be too large for Discord), then a public step viewer at
// its last turn whose buttons open a private viewer for whoever presses. It replays a
// finished game, or the one in play up to its last turn.
func (b *Bot) upReplay(r *request, o options) view.Reply {
	v, err := b.up.UpReplayGame(b.wctx, r.i.GuildID, r.i.ChannelID, o.Int("game", 0))
	if err != nil {
		return b.refusedOr(r, "load upbeat game for replay", err)
	}
	n := v.Steps()
	steps, err := b.up.UpReplay(v, upbeathost.UpSample(n, upbeathost.UpMaxFrames))
	if err != nil {
		return b.internal(r, "upbeat replay", err)
	}
	t := v.Table()
	names := view.UpNames(t)
	frames := make([]render.Territory, len(steps))
	for i, s := range steps {
		frames[i] = view.UpReplayTerritory(s, n, names)
	}
	gif, kept, err := b.render.UpbeatGIF(frames, ui.MaxUpload)
	if err != nil {
		return b.internal(r, "upbeat replay gif", err)
	}
	rep := view.Reply{}
	if len(gif) <= ui.MaxUpload {
		rep.Content = view.UpReplayMessage(t, n, len(kept), 0)
		rep.Files = []view.File{{Name: fmt.Sprintf("upbeat-game-%d.gif", t.Row.ID), MIME: "image/gif", Data: gif}}
	} else {
		rep.Content = view.UpReplayMessage(t, n, 0, len(gif)>>20)
	}
	last := steps[len(steps)-1]
	png, err := b.render.TerritoryPNG(view.UpReplayTerritory(last, n, names))
	if err != nil {
		return b.internal(r, "upbeat replay step", err)
	}
	if _, err := b.sess.ChannelMessageSendComplex(r.i.ChannelID, view.UpReplayViewer(t, last, n, png, true).Message()); err != nil {
		b.log.Error("post upbeat replay viewer", "game", t.Row.ID, "err", err)
	}
	return rep
}

// upReplayStep answers a press of a replay viewer's button: from the public viewer, a
// private viewer of the presser's own at the step asked for; from a private viewer,
// that viewer moved to it.
func (b *Bot) upReplayStep(r *request, id view.CustomID) view.Reply {
	to, err := strconv.Atoi(id.Arg(0))
	if err != nil || id.Arg(2) != "pub" && id.Arg(2) != "me" {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	v, err := b.up.UpReplayOf(b.wctx, id.Game)
	if err != nil {
		return b.refusedOr(r, "load upbeat game for replay", err)
	}
	n := v.Steps()
	steps, err := b.up.UpReplay(v, []int{min(max(to, 0), n-1)})
	if err != nil {
		return b.internal(r, "upbeat replay step", err)
	}
	t := v.Table()
	png, err := b.render.TerritoryPNG(view.UpReplayTerritory(steps[0], n, view.UpNames(t)))
	if err != nil {
		return b.internal(r, "upbeat replay step", err)
	}
	rep := view.UpReplayViewer(t, steps[0], n, png, false)
	if id.Arg(2) == "pub" {
		rep.Ephemeral = true
	} else {
		rep.Update = true
	}
	return rep
}
