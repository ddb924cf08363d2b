package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
)

// commands is the bot's command table, registered with one bulk overwrite at start:
// each registered game's slash command, then their message commands. Games live in
// server channels and threads: the commands are not offered in DMs.
func commands(games []ui.Game) []*discordgo.ApplicationCommand {
	serversOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	var cmds []*discordgo.ApplicationCommand
	for _, g := range games {
		if g.Command != nil {
			c := *g.Command
			if c.Contexts == nil {
				c.Contexts = &serversOnly
			}
			cmds = append(cmds, &c)
		}
	}
	for _, g := range games {
		if g.MessageCommand != "" {
			cmds = append(cmds, &discordgo.ApplicationCommand{Name: g.MessageCommand, Type: discordgo.MessageApplicationCommand, Contexts: &serversOnly})
		}
	}
	return cmds
}
