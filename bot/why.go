package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/host/upbeathost"
)

// why explains a turn to the player who presses its "Why?" button, when kombathost.Kombat.Why lets
// them see it: the trace of each of the minions that ran, in a code block or a file.
func (b *Bot) why(r *request, id view.CustomID) view.Reply {
	n, err := strconv.Atoi(id.Arg(0))
	if err != nil || n < 1 {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	w, err := b.kombat.Why(b.ctx, id.Game, n, r.user.ID)
	if err != nil {
		return b.refusedOr(r, "why", err)
	}
	t := w.View.Table()
	return whyReply(w.Text(), fmt.Sprintf("Why the minions of %s did what they did in turn %d", kombathost.Names(t)[w.Player-1], w.Turn),
		fmt.Sprintf("why-game%d-turn%d.txt", id.Game, n))
}

// whyReply is a turn's explanation, privately: text in a code block, or, when too long
// for a message, attached as file under a line saying what it is (about).
func whyReply(text, about, file string) view.Reply {
	text = strings.ReplaceAll(text, "```", "'''") // keep the code block whole
	if len(text) > view.ContentLimit-200 {
		return view.Reply{Ephemeral: true,
			Content: fmt.Sprintf("%s (%d lines, attached).", about, strings.Count(text, "\n")),
			Files:   []view.File{{Name: file, MIME: "text/plain; charset=utf-8", Data: []byte(text)}}}
	}
	return view.Private("```\n%s```", text)
}

// upWhy explains an UPBEAT turn to the presser of a screen's Why?, privately:
// upbeathost.UpWhy says which turn (their own latest up to the screen's) and who may see it.
func (b *Bot) upWhy(r *request, id view.CustomID) view.Reply {
	n, err := strconv.Atoi(id.Arg(0))
	if err != nil || n < 1 {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	return b.upWhyOf(r, id.Game, n)
}

// upWhyCommand is /upbeat why: the caller's latest turn in the channel's UPBEAT game,
// in play or last finished here (a screen's Why? goes with the screen when the next
// one replaces it; this one stays).
func (b *Bot) upWhyCommand(r *request) view.Reply {
	var id int64
	if t := b.host.InPlace(r.i.ChannelID); t != nil && upbeathost.IsUpbeat(t.Row) {
		id = t.Row.ID // a game's id never changes: read without its lock
	} else {
		over, err := b.up.UpOver(b.ctx, r.i.ChannelID, 0)
		if err != nil {
			return b.refusedOr(r, "finished upbeat game", err)
		}
		id = over.Row.ID
	}
	return b.upWhyOf(r, id, 0)
}

// upWhyOf explains a turn of UPBEAT game id up to its upTo-th (0: the last), as
// upbeathost.UpWhy chooses it for r's user.
func (b *Bot) upWhyOf(r *request, id int64, upTo int) view.Reply {
	w, err := b.up.UpWhy(b.ctx, id, upTo, r.user.ID)
	if err != nil {
		return b.refusedOr(r, "upbeat why", err)
	}
	return whyReply(view.UpWhyText(w, b.up.UpLang()),
		fmt.Sprintf("Why the plan of %s did what it did in their turn %d", view.UpNames(w.Rec.Table())[w.Log.Player-1], w.Log.Turn),
		fmt.Sprintf("why-game%d-turn%d.txt", id, w.N))
}
