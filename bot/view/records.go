package view

import (
	"fmt"
	"github.com/kombat-game/kombat/host/kombathost"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/render"
)

// ResultSentence says who won and why.
func ResultSentence(t *host.Table, res game.Result) string {
	if res.Winner == 0 {
		return "a tie: " + render.ResultText(res, kombathost.Names(t))
	}
	return fmt.Sprintf("%s won: %s", kombathost.Names(t)[res.Winner-1], render.ResultText(res, kombathost.Names(t)))
}

// OneLine writes a configuration file's lines as one line.
func OneLine(cfg string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(cfg, "\n", " ")), " ")
}

// Outcome words how a game in a player's history went for them.
func Outcome(o host.Outcome) string {
	return [...]string{host.InProgress: "in progress", host.BeingSetUp: "being set up", host.Tied: "tie", host.Won: "**won**", host.Lost: "lost"}[o]
}

// LadderTitle names a rating ladder in replies.
func LadderTitle(kind string) string {
	if t := AibgLadderTitle(kind); t != "" {
		return t
	}
	if upbeathost.IsUpLadder(kind) {
		return "UPBEAT " + upLadderTitle(kind)
	}
	if l := kombathost.LadderLevel(kind); l != "" {
		return "against the bot (" + l + ")"
	}
	return "duels"
}
