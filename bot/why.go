package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// whyButton is the "Why?" button for the n-th finished turn of a game.
func whyButton(gameID int64, n int) discordgo.Button {
	return button("Why?", discordgo.SecondaryButton, customID{Action: "why", Game: gameID, Args: []string{strconv.Itoa(n)}})
}

// whyRows is the components that stay on a board of turn n once its controls go.
func whyRows(gameID int64, n int) []discordgo.MessageComponent {
	if n < 1 {
		return []discordgo.MessageComponent{}
	}
	return []discordgo.MessageComponent{row(whyButton(gameID, n))}
}

// why explains a turn to the player who presses its "Why?" button, when host.Why lets
// them see it: the trace of each of the minions that ran, in a code block or a file.
func (b *Bot) why(r *request, id customID) reply {
	n, err := strconv.Atoi(id.arg(0))
	if err != nil || n < 1 {
		return private("%s", ErrStaleComponent.Error())
	}
	w, err := b.host.Why(b.ctx, id.Game, n, r.user.ID)
	if err != nil {
		return b.refusedOr(r, "why", err)
	}
	t, text := w.View.Table(), strings.ReplaceAll(w.Text(), "```", "'''") // keep the code block whole
	if len(text) > contentLimit-200 {
		return reply{ephemeral: true,
			content: fmt.Sprintf("Why the minions of %s did what they did in turn %d (%d lines, attached).", t.Names()[w.Player-1], w.Turn, strings.Count(text, "\n")),
			files:   []file{{fmt.Sprintf("why-game%d-turn%d.txt", id.Game, n), "text/plain; charset=utf-8", []byte(text)}}}
	}
	return private("```\n%s```", text)
}
