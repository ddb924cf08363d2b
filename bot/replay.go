package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// history is /kombat history [user]: recent games on this server with results and ids,
// every game's; a game's own history command (only: its name) lists its own alone.
func (b *Bot) history(r *request, o options, only store.GameName) view.Reply {
	who := r.user
	if u := o.User("user"); u != nil {
		who = u
	}
	games, err := b.host.HistoryOf(b.wctx, r.i.GuildID, who.ID, only)
	if err != nil {
		return b.internal(r, "history", err)
	}
	of, hint := b.historyWords(r, only)
	if len(games) == 0 {
		return view.Private("<@%s> has no %sgames on this server yet.", who.ID, of)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Recent %sgames of <@%s>** (newest first%s):\n", of, who.ID, hint)
	for _, p := range games {
		if g := b.games[p.Game.Game]; g.PastLine != nil { // a registered game's line
			sb.WriteString(g.PastLine(p) + "\n")
			continue
		}
		g, other, outcome := p.Game, "the bot", view.Outcome(p.Outcome)
		if p.Opponent != "" {
			other = "<@" + p.Opponent + ">"
		}
		if g.Result != nil {
			outcome += " (" + render.ResultText(*g.Result, p.Names) + ")"
		}
		fmt.Fprintf(&sb, "`#%d` %s vs %s · %s · %d turns · <t:%d:d>\n", g.ID, g.Mode, other, outcome, g.Turns, g.CreatedAt.Unix())
	}
	return view.Private("%s", sb.String())
}

// historyWords are how a history's heading names its games ("UPBEAT " for one game's,
// "" for every game's) and what it says can be done with their numbers: replay one
// with the replay subcommand of the game asked about, or of the command asking when
// every game's are listed ("a KOMBAT one"), as the registered games say.
func (b *Bot) historyWords(r *request, only store.GameName) (of, hint string) {
	if only != "" {
		g := b.games[only]
		if replay := subcommand(g, "replay"); replay != "" {
			hint = "; `" + replay + " game:ID` replays one"
		}
		return title(g) + " ", hint
	}
	if r.i.Type != discordgo.InteractionApplicationCommand {
		return "", ""
	}
	if g := b.gameOf(r.i.ApplicationCommandData().Name); g != nil && subcommand(*g, "replay") != "" {
		hint = "; `" + subcommand(*g, "replay") + " game:ID` replays " + article(title(*g)) + " one"
	}
	return "", hint
}

// ladderBoard is the top 10 of this server on the ladder kind, and your place.
func (b *Bot) ladderBoard(r *request, kind string) view.Reply {
	board, err := b.host.Leaderboard(b.wctx, r.i.GuildID, kind, r.user.ID, 10)
	if err != nil {
		return b.internal(r, "leaderboard", err)
	}
	title, heading := b.ladderTitles(kind)
	if len(board.Top) == 0 {
		return view.Private("Nobody on this server has a rating for %s yet: finish a game to get one.", title)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s** (Elo, everyone starts at %d)\n", heading, int(store.InitialRating))
	for i, p := range board.Top {
		me := ""
		if p.User == r.user.ID {
			me = " ← you"
		}
		fmt.Fprintf(&sb, "%d. <@%s> — **%d** · %d–%d–%d%s\n", i+1, p.User, host.Points(p.Rating), p.Wins, p.Losses, p.Ties, me)
	}
	switch me := board.Me; {
	case board.InTop:
	case board.Rank == 0:
		sb.WriteString("You are not rated on this ladder yet.")
	default:
		fmt.Fprintf(&sb, "…\n%d. you — **%d** · %d–%d–%d", board.Rank, host.Points(me.Rating), me.Wins, me.Losses, me.Ties)
	}
	return view.Reply{Content: view.Fit(sb.String())}
}

// ladderTitles name the ladder kind in answers (title) and atop its leaderboard
// (board): as the registered game whose ladder it is says (ui.Game.Ladder), else as
// view does.
func (b *Bot) ladderTitles(kind string) (title, board string) {
	for _, g := range b.opt.Games {
		if g.Ladder != nil {
			if title, board = g.Ladder(kind); title != "" {
				return title, board
			}
		}
	}
	return view.LadderTitle(kind), view.LeaderboardTitle(kind)
}

// ladderTitle is ladderTitles' title alone.
func (b *Bot) ladderTitle(kind string) string {
	title, _ := b.ladderTitles(kind)
	return title
}

// stats is /kombat stats [user]: games, wins, losses, ties and rating on each ladder
// of every registered game with ui.Game.Stats, in their order; a game's own stats
// command (only: its name) shows its own alone.
func (b *Bot) stats(r *request, o options, only store.GameName) view.Reply {
	who := r.user
	if u := o.User("user"); u != nil {
		who = u
	}
	var ladders []host.Rated
	var err error
	game := b.games[only].Title // "": the house's first game (KOMBAT)
	for _, g := range b.opt.Games {
		if err == nil && g.Stats != nil && (only == "" || only == g.Name) {
			var more []host.Rated
			more, err = g.Stats(services{b}, r.i.GuildID, who.ID)
			ladders = append(ladders, more...)
		}
	}
	if err != nil {
		return b.internal(r, "stats", err)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s stats of <@%s>** on this server\n", game, who.ID)
	for _, l := range ladders {
		title, p := b.ladderTitle(l.Kind), l.Rating
		title = strings.ToUpper(title[:1]) + title[1:]
		if p.Games == 0 {
			fmt.Fprintf(&sb, "%s: no rated games yet\n", title)
			continue
		}
		fmt.Fprintf(&sb, "%s: rating **%d** (#%d) · %d %s: %d won, %d lost, %d tied\n",
			title, host.Points(p.Rating), l.Rank, p.Games, render.Plural(p.Games, "game", "games"), p.Wins, p.Losses, p.Ties)
	}
	return view.Private("%s", sb.String())
}

// article is "a" or "an" before a game's title as it is read ("an UPBEAT", "a KOMBAT").
func article(title string) string {
	if title != "" && strings.ContainsRune("AEIOUaeiou", rune(title[0])) {
		return "an " + title
	}
	return "a " + title
}
