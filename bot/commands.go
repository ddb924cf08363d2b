package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/host/kombathost"
)

// Command names, as players type them.
const (
	cmdKombat      = "kombat"
	cmdUseStrategy = "Use as KOMBAT strategy" // the message command
)

// commands is the bot's command table, registered with one bulk overwrite at start.
// Option and subcommand names are the ones the handlers look up.
func commands(games []ui.Game) []*discordgo.ApplicationCommand {
	// Games live in server channels and threads: the commands are not offered in DMs.
	serversOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	str := discordgo.ApplicationCommandOptionString
	integer := discordgo.ApplicationCommandOptionInteger
	user := discordgo.ApplicationCommandOptionUser
	file := discordgo.ApplicationCommandOptionAttachment
	sub := discordgo.ApplicationCommandOptionSubCommand
	group := discordgo.ApplicationCommandOptionSubCommandGroup
	opt := func(typ discordgo.ApplicationCommandOptionType, name, desc string, required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: typ, Name: name, Description: desc, Required: required}
	}
	minutes := func() *discordgo.ApplicationCommandOption {
		o := opt(integer, "timeout", "minutes per turn before it is played for you (1 to 1440; default 10)", false)
		one, day := 1.0, 1440.0
		o.MinValue, o.MaxValue = &one, day
		return o
	}
	config := func() *discordgo.ApplicationCommandOption {
		return opt(file, "config", "a configuration file (name=value lines); default: the standard rules", false)
	}
	seat := opt(str, "seat", "play first or second (default first)", false)
	seat.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "first", Value: "first"}, {Name: "second", Value: "second"}}
	defense := opt(integer, "defense", "defense factor: damage taken is reduced by this much (0 or more)", true)
	zero := 0.0
	defense.MinValue = &zero
	name := opt(str, "name", "the name: 1 to 20 letters, digits, spaces, - or _", true)
	name.MaxLength = 20
	stratName := func() *discordgo.ApplicationCommandOption {
		o := opt(str, "name", "the strategy's name: 1 to 32 letters, digits, spaces, - or _", true)
		o.MaxLength = 32
		return o
	}
	optDefense := func() *discordgo.ApplicationCommandOption {
		o := opt(integer, "defense", "defense factor (default 0, or the saved one)", false)
		o.MinValue = &zero
		return o
	}
	ladderOpt := opt(str, "ladder", "duels (default) or games against the bot at a level", false)
	ladderOpt.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "duels", Value: "duel"}}
	for _, l := range kombathost.PlayLevels() {
		ladderOpt.Choices = append(ladderOpt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: "against the bot (" + l + ")", Value: "bot-" + l})
	}
	tryStrategy := opt(str, "strategy", "one of your saved strategies, by name", false)
	tryStrategy.MaxLength = 32
	position := opt(str, "position", "where your minion is tried (default: near)", false)
	for _, p := range kombathost.TryPositions() {
		position.Choices = append(position.Choices, &discordgo.ApplicationCommandOptionChoice{Name: p.Name + ": " + p.Desc, Value: p.Name})
	}
	level := func(name, desc string) *discordgo.ApplicationCommandOption {
		o := opt(str, name, desc, false)
		for _, l := range kombathost.PlayLevels() {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: l, Value: l})
		}
		return o
	}
	seedsOpt := opt(integer, "seeds", "games per pairing and seat, 1 to 5 (default 2)", false)
	oneSeed, fiveSeeds := 1.0, 5.0
	seedsOpt.MinValue, seedsOpt.MaxValue = &oneSeed, fiveSeeds
	version := func(name, desc string) *discordgo.ApplicationCommandOption {
		o := opt(integer, name, desc, false)
		one := 1.0
		o.MinValue = &one
		return o
	}

	cmds := []*discordgo.ApplicationCommand{
		{
			Name:        cmdKombat,
			Description: "Play KOMBAT, the programming game of minions on a hex board",
			Contexts:    &serversOnly,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: sub, Name: "challenge", Description: "Challenge someone to a duel in this channel", Options: []*discordgo.ApplicationCommandOption{
					opt(user, "opponent", "who to challenge", true), config(), minutes(),
				}},
				{Type: sub, Name: "solo", Description: "Play against the built-in bot", Options: []*discordgo.ApplicationCommandOption{
					config(), seat, minutes(), level("level", "how strong the bot plays (default normal)"),
				}},
				{Type: sub, Name: "auto", Description: "Watch the bot play itself with the kinds you choose", Options: []*discordgo.ApplicationCommandOption{
					config(), level("player1", "the level of the bot in seat 1, blue (default normal)"),
					level("player2", "the level of the bot in seat 2, orange (default normal)"),
				}},
				{Type: group, Name: "kind", Description: "Minion kinds of the game being set up here", Options: []*discordgo.ApplicationCommandOption{
					{Type: sub, Name: "add", Description: "Propose a kind with its strategy from a .txt file", Options: []*discordgo.ApplicationCommandOption{
						name, defense, opt(file, "file", "the strategy, as a text file", true),
					}},
				}},
				{Type: sub, Name: "board", Description: "Show the board of the game in this channel"},
				{Type: sub, Name: "status", Description: "Show the numbers of the game in this channel"},
				{Type: sub, Name: "resign", Description: "Resign the game you are playing in this channel"},
				{Type: sub, Name: "check", Description: "Check a strategy for mistakes (opens a form, or give a file)", Options: []*discordgo.ApplicationCommandOption{
					opt(file, "file", "the strategy as a text file; without it a form opens", false),
				}},
				{Type: sub, Name: "rules", Description: "A short guide to the game and its strategy language"},
				{Type: sub, Name: "try", Description: "Run a strategy once in a sample position: its trace and the board after", Options: []*discordgo.ApplicationCommandOption{
					tryStrategy, opt(file, "file", "the strategy as a text file; without one or the other a form opens", false), position,
				}},
				{Type: sub, Name: "tournament", Description: "Organise a round-robin tournament of saved strategies (server managers)", Options: []*discordgo.ApplicationCommandOption{
					seedsOpt, config(),
				}},
				{Type: sub, Name: "replay", Description: "Replay a finished game: an animation and a turn-by-turn viewer", Options: []*discordgo.ApplicationCommandOption{
					version("game", "the game's number (default: this channel's last game); /kombat history lists them"),
				}},
				{Type: sub, Name: "history", Description: "Recent games on this server, with results and numbers", Options: []*discordgo.ApplicationCommandOption{
					opt(user, "user", "whose games (default: yours)", false),
				}},
				{Type: sub, Name: "leaderboard", Description: "The top 10 ratings of this server, and your place", Options: []*discordgo.ApplicationCommandOption{
					ladderOpt,
				}},
				{Type: sub, Name: "stats", Description: "Games, wins, losses, ties and ratings", Options: []*discordgo.ApplicationCommandOption{
					opt(user, "user", "whose stats (default: yours)", false),
				}},
				{Type: group, Name: "strategy", Description: "Your saved strategies, with their versions", Options: []*discordgo.ApplicationCommandOption{
					{Type: sub, Name: "save", Description: "Save a strategy (a new version if the name exists); a form opens without a file", Options: []*discordgo.ApplicationCommandOption{
						stratName(), opt(file, "file", "the strategy as a text file; without it a form opens", false), optDefense(),
					}},
					{Type: sub, Name: "list", Description: "List your saved strategies"},
					{Type: sub, Name: "show", Description: "Show a saved strategy, or the changes between two versions", Options: []*discordgo.ApplicationCommandOption{
						stratName(), version("version", "which version (default: the latest)"), version("diff", "show the changes from this version instead"),
					}},
					{Type: sub, Name: "delete", Description: "Delete a saved strategy and all its versions", Options: []*discordgo.ApplicationCommandOption{
						stratName(),
					}},
				}},
			},
		},
	}
	for _, g := range games {
		if g.Command != nil {
			c := *g.Command
			if c.Contexts == nil {
				c.Contexts = &serversOnly
			}
			cmds = append(cmds, &c)
		}
	}
	cmds = append(cmds, &discordgo.ApplicationCommand{Name: cmdUseStrategy, Type: discordgo.MessageApplicationCommand, Contexts: &serversOnly})
	for _, g := range games {
		if g.MessageCommand != "" {
			cmds = append(cmds, &discordgo.ApplicationCommand{Name: g.MessageCommand, Type: discordgo.MessageApplicationCommand, Contexts: &serversOnly})
		}
	}
	return cmds
}
