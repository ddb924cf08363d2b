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
// (ui.Game.Ladder): by its stored kind, as no game claims it.
func LadderTitle(kind string) string {
	return kind
}

// LeaderboardTitle heads the leaderboard of a ladder no registered game names.
func LeaderboardTitle(kind string) string {
	return "Leaderboard — " + LadderTitle(kind)
}
