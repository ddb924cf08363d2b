package upbeatui

import (
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/render"
)

// upLadderTitle names one of UPBEAT's ladders, without the game's name.
func upLadderTitle(kind string) string {
	if l := upbeathost.UpLadderLevel(kind); l != "" {
		return "against the bots (" + l + ")"
	}
	return "among people"
}

// LadderTitles name UPBEAT's ladders (ui.Game.Ladder), in replies (title) and atop
// their leaderboards (board); "" for another game's.
func LadderTitles(kind string) (title, board string) {
	if !upbeathost.IsUpLadder(kind) {
		return "", ""
	}
	return "UPBEAT " + upLadderTitle(kind), "UPBEAT leaderboard — " + upLadderTitle(kind)
}

// UpPastLine is an UPBEAT game of a player's history on one line, marked UPBEAT: its
// number, its players by seat (people mentioned, bots named with their level), how it
// went for the player and why, its turns and its day.
func UpPastLine(p host.Past) string {
	g := p.Game
	seats := upbeathost.Seats(g)
	names := make([]string, len(seats))
	for i, id := range seats {
		names[i] = upPastName(p, i+1)
		if id != "" {
			names[i] = "<@" + id + ">"
		}
	}
	outcome := view.Outcome(p.Outcome)
	if g.Result != nil {
		outcome += " (" + upPastResult(p, *g.Result) + ")"
	}
	return fmt.Sprintf("`#%d` **UPBEAT** %s · %s · %d %s · <t:%d:d>", g.ID, strings.Join(names, ", "), outcome,
		g.Turns, render.Plural(g.Turns, "turn", "turns"), g.CreatedAt.Unix())
}

// upPastName is seat p's name in a listed game: a bot's "Bot p (level)", a person's
// display name, or "player p" when the stored lobby does not say.
func upPastName(p host.Past, seat int) string {
	switch lob := upbeathost.PastLobby(p.Game); {
	case lob.Levels[seat-1] != "" || p.Game.Seats[seat-1].Player == "":
		level := lob.Levels[seat-1]
		if level == "" {
			return fmt.Sprintf("Bot %d", seat)
		}
		return fmt.Sprintf("Bot %d (%s)", seat, level)
	case lob.Names[seat-1] != "":
		return lob.Names[seat-1]
	}
	return fmt.Sprintf("player %d", seat)
}

// upPastResult says who won a listed game and how, or that it was a tie.
func upPastResult(p host.Past, res match.Result) string {
	if res.Winner == 0 {
		return "a tie at the turn limit"
	}
	how := "at the turn limit"
	if res.Reason == upbeathost.UpLastStanding {
		how = "as the last city standing"
	}
	return upPastName(p, res.Winner) + " won " + how
}
