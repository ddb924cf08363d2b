package view

import (
	"strings"

	"github.com/kombat-game/kombat/host"
)

// OneLine writes a configuration file's lines as one line.
func OneLine(cfg string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(cfg, "\n", " ")), " ")
}

// Outcome words how a game in a player's history went for them.
func Outcome(o host.Outcome) string {
	return [...]string{host.InProgress: "in progress", host.BeingSetUp: "being set up", host.Tied: "tie", host.Won: "**won**", host.Lost: "lost"}[o]
}

// LadderTitle names a rating ladder in replies when no registered game names it
// (ui.Game.Ladder): one of AIBG's, whose views are still here, or else duels.
func LadderTitle(kind string) string {
	if t := AibgLadderTitle(kind); t != "" {
		return t
	}
	return "duels"
}

// LeaderboardTitle heads the leaderboard of a ladder LadderTitle names: its game's
// name and the ladder.
func LeaderboardTitle(kind string) string {
	if t := AibgLadderTitle(kind); t != "" {
		return "AIBG leaderboard — " + strings.TrimPrefix(t, "AIBG ")
	}
	return "KOMBAT leaderboard — " + LadderTitle(kind)
}
