package aibgui

import "strings"

// LadderTitles name AIBG's ladders (ui.Game.Ladder): matches between people and each
// level of the bot, in replies (title) and atop their leaderboards (board); "" for
// another game's.
func LadderTitles(kind string) (title, board string) {
	t := AibgLadderTitle(kind)
	if t == "" {
		return "", ""
	}
	return t, "AIBG leaderboard — " + strings.TrimPrefix(t, "AIBG ")
}
