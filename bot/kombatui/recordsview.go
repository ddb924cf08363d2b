package kombatui

import (
	"fmt"

	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/store"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/render"
)

// ResultSentence says who won and why.
func ResultSentence(t *host.Table, res game.Result) string {
	if res.Winner == 0 {
		return "a tie: " + render.ResultText(res, kombathost.Names(t))
	}
	return fmt.Sprintf("%s won: %s", kombathost.Names(t)[res.Winner-1], render.ResultText(res, kombathost.Names(t)))
}

// LadderTitles name KOMBAT's ladders (ui.Game.Ladder): duels and each level of the
// bot, in replies (title) and atop their leaderboards (board); "" for another game's.
func LadderTitles(kind string) (title, board string) {
	switch l := kombathost.LadderLevel(kind); {
	case l != "":
		title = "against the bot (" + l + ")"
	case kind == store.KindDuel:
		title = "duels"
	default:
		return "", ""
	}
	return title, "KOMBAT leaderboard — " + title
}
