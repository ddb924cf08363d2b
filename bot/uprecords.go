package bot

import (
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/upbeat"
)

// UPBEAT's records on Discord: /upbeat history and /upbeat stats are /kombat's with
// UPBEAT's games and ladders alone (bot/replay.go); /upbeat leaderboard picks one of
// UPBEAT's ladders.

// upLeaderboard is /upbeat leaderboard [ladder]: "people" (the default) or
// "bots-LEVEL".
func (b *Bot) upLeaderboard(r *request, o options) view.Reply {
	kind := upbeathost.UpLadder
	switch l, bots := strings.CutPrefix(o.Str("ladder"), "bots-"); {
	case bots && slices.Contains(upbeat.Levels(), l):
		kind = upbeathost.UpBotLadder(l)
	case bots || l != "" && l != "people":
		return view.Private("There is no UPBEAT ladder %q: the ladders are among people and against the bots (%s).", o.Str("ladder"), strings.Join(upbeat.Levels(), ", "))
	}
	return b.ladderBoard(r, kind)
}

// upLadderOption is /upbeat leaderboard's choice of ladder: among people, or against
// the bots at a level.
func upLadderOption() *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "ladder",
		Description: "games among people (default) or of one person against the bots at a level"}
	o.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "among people", Value: "people"}}
	for _, l := range upbeat.Levels() {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: "against the bots (" + l + ")", Value: "bots-" + l})
	}
	return o
}
