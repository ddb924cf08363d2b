package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/bot/view"
)

// why explains a turn to the player who presses its "Why?" button, when host.Why lets
// them see it: the trace of each of the minions that ran, in a code block or a file.
func (b *Bot) why(r *request, id view.CustomID) view.Reply {
	n, err := strconv.Atoi(id.Arg(0))
	if err != nil || n < 1 {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	w, err := b.host.Why(b.ctx, id.Game, n, r.user.ID)
	if err != nil {
		return b.refusedOr(r, "why", err)
	}
	t, text := w.View.Table(), strings.ReplaceAll(w.Text(), "```", "'''") // keep the code block whole
	if len(text) > view.ContentLimit-200 {
		return view.Reply{Ephemeral: true,
			Content: fmt.Sprintf("Why the minions of %s did what they did in turn %d (%d lines, attached).", t.Names()[w.Player-1], w.Turn, strings.Count(text, "\n")),
			Files:   []view.File{{Name: fmt.Sprintf("why-game%d-turn%d.txt", id.Game, n), MIME: "text/plain; charset=utf-8", Data: []byte(text)}}}
	}
	return view.Private("```\n%s```", text)
}
