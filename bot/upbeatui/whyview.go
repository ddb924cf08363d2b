package upbeatui

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/upbeat"
)

// UpWhyButton is an UPBEAT screen's "Why?" button, drawn after the n-th confirmed turn
// of the game: it explains the presser's own latest turn up to it (the screen after a
// person's turn is soon replaced by the bots'), or, for anyone once the game is over or
// in an auto game, that turn (upbeathost.UpWhy).
func UpWhyButton(gameID int64, n int) discordgo.Button {
	return view.Button("Why?", discordgo.SecondaryButton, view.CustomID{Action: "upwhy", Game: gameID, Args: []string{strconv.Itoa(n)}})
}

// upConfirmed counts an UPBEAT game's confirmed turns, every player's together.
func upConfirmed(t *host.Table) int {
	n := 0
	for _, a := range upbeathost.Own(t).Actions {
		if a.Kind == upbeat.ActConfirm {
			n++
		}
	}
	return n
}

// upWithWhy adds an UPBEAT screen's Why? button to its controls (rows), in its last
// row when there is room, once a turn has been confirmed.
func upWithWhy(t *host.Table, rows []discordgo.MessageComponent) []discordgo.MessageComponent {
	n := upConfirmed(t)
	if n == 0 {
		return rows
	}
	why := UpWhyButton(t.Row.ID, n)
	if k := len(rows); k > 0 {
		if row, ok := rows[k-1].(discordgo.ActionsRow); ok && len(row.Components) < 5 {
			row.Components = append(slices.Clone(row.Components), why)
			return append(slices.Clone(rows[:k-1]), row)
		}
	}
	return append(rows, view.Row(why))
}

// UpWhyText is an UPBEAT turn's explanation for the presser of its Why?: whose turn
// it was and what their plan did, line by line (upbeat.TurnLog.Why).
func UpWhyText(w *upbeathost.UpWhy, lang *interp.Language) string {
	t := w.Rec.Table()
	names := UpNames(t)
	return fmt.Sprintf("Turn %d of %s in UPBEAT game #%d\n%s", w.Log.Turn, names[w.Log.Player-1], t.Row.ID, w.Log.Why(lang, names))
}
