package kombatui

import (
	"strconv"

	"github.com/bwmarrin/discordgo"
	"github.com/kombat-game/kombat/bot/view"
)

// WhyButton is the "Why?" button for the n-th finished turn of a game.
func WhyButton(gameID int64, n int) discordgo.Button {
	return view.Button("Why?", discordgo.SecondaryButton, view.CustomID{Action: "why", Game: gameID, Args: []string{strconv.Itoa(n)}})
}

// WhyRows is the components that stay on a board of turn n once its controls go.
func WhyRows(gameID int64, n int) []discordgo.MessageComponent {
	if n < 1 {
		return []discordgo.MessageComponent{}
	}
	return []discordgo.MessageComponent{view.Row(WhyButton(gameID, n))}
}
