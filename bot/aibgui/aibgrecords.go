package aibgui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/render"
)

// AIBG's records and replays on Discord (/aibg status, board, resign, replay,
// history, stats, ladder): the words; the bot fetches and draws.

// AibgPrivate is a match's screen as /aibg status and board show it to the caller
// alone: the public screen's text (and picture, for the board), with no button and
// nobody pinged.
func AibgPrivate(s AibgSeats, g *aibg.Game, png []byte) view.Reply {
	rep := AibgScreen(s, g, "", png)
	rep.Components, rep.Mentions, rep.Ephemeral = nil, nil, true
	return rep
}

// AibgAskResign asks player p, privately, whether to resign match s.Game, saying who
// then wins; its Resign button resigns.
func AibgAskResign(s AibgSeats, p int) view.Reply {
	return view.Reply{Ephemeral: true, Content: fmt.Sprintf("Resign AIBG match #%d? It ends at once, and %s wins it.", s.Game, s.Names[2-p]),
		Components: []discordgo.MessageComponent{view.Row(view.Button("Resign", discordgo.DangerButton, view.CustomID{Action: "abresign", Game: s.Game}))}}
}

// AibgReplayMessage is the message a replay's animation comes with: the match, its
// result, and how many of its turns the animation shows (shown; 0 when the animation,
// of sizeMiB MiB, was too large to attach).
func AibgReplayMessage(s AibgSeats, g *aibg.Game, turns, shown, sizeMiB int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Replay of AIBG match #%d** · %s vs %s · %s\n%s", s.Game, s.Names[0], s.Names[1],
		aibgCount(turns, "turn", "turns"), AibgResult(s, g))
	switch {
	case shown == 0:
		fmt.Fprintf(&b, "\n(The animation is %d MiB, more than Discord takes; step through the turns below.)", sizeMiB)
	case shown < turns:
		fmt.Fprintf(&b, "\nThe animation shows %d of the %d turns, evenly spread, the first and the last among them; step through every turn below.", shown, turns)
	}
	return view.Fit(b.String())
}

// AibgReplayTitle is the line a replay's picture of turn i (from 0) of n carries.
func AibgReplayTitle(log aibg.TurnLog, i, n int) string {
	return fmt.Sprintf("Replay: turn %d of %d (round %d, turn %d)", i+1, n, log.Round, log.Turn)
}

// AibgReplayViewer is the step viewer at turn i (from 0) of a finished match of n
// turns: the turn's picture (png), its summary, and buttons to the first, previous,
// next and last turns. The public viewer's buttons open a private viewer for whoever
// presses; a private viewer's buttons move it in place.
func AibgReplayViewer(s AibgSeats, g *aibg.Game, summary string, i, n int, png []byte, public bool) view.Reply {
	var b strings.Builder
	fmt.Fprintf(&b, "**AIBG match #%d** · %s vs %s · turn %d of %d\n%s", s.Game, s.Names[0], s.Names[1], i+1, n, summary)
	if i == n-1 {
		b.WriteString("\n" + AibgResult(s, g))
	}
	mode := "me"
	if public {
		mode = "pub"
		b.WriteString("\n-# The buttons open your own viewer, seen only by you.")
	}
	nav := func(key, label string, to int, off bool) discordgo.Button {
		bt := view.Button(label, discordgo.SecondaryButton, view.CustomID{Action: "abrp", Game: s.Game, Args: []string{strconv.Itoa(to), key, mode}})
		bt.Disabled = off
		return bt
	}
	return view.Reply{Content: view.Fit(b.String()), Files: []view.File{{Name: AibgPicture, MIME: "image/png", Data: png}},
		Components: []discordgo.MessageComponent{view.Row(
			nav("first", "⏮ First", 0, i == 0), nav("prev", "◀ Previous", i-1, i == 0),
			nav("next", "Next ▶", i+1, i == n-1), nav("last", "Last ⏭", n-1, i == n-1),
		)}}
}

// AibgPastLine is an AIBG match of a player's history on one line, marked AIBG: its
// number, its seats (people mentioned, the bot with its level), how it went for the
// player and why, its turns and its day.
func AibgPastLine(p host.Past) string {
	g, lob := p.Game, aibghost.PastLobby(p.Game)
	var names [2]string
	for i := range names {
		switch {
		case i < len(g.Seats) && g.Seats[i].Player != "":
			names[i] = "<@" + g.Seats[i].Player + ">"
		case lob.Levels[i] != "":
			names[i] = "Bot (" + lob.Levels[i] + ")"
		default:
			names[i] = "Bot"
		}
	}
	outcome := view.Outcome(p.Outcome)
	if r := g.Result; r != nil {
		outcome += " (" + aibgPastResult(*r, names) + ")"
	}
	return fmt.Sprintf("`#%d` **AIBG** %s vs %s · %s · %s · <t:%d:d>", g.ID, names[0], names[1], outcome,
		aibgCount(g.Turns, "turn", "turns"), g.CreatedAt.Unix())
}

// aibgPastResult says how a listed match ended.
func aibgPastResult(r game.Result, names [2]string) string {
	switch {
	case r.Winner == 0:
		return "a draw on rounds"
	case r.Reason == game.ReasonResign:
		return names[2-r.Winner] + " resigned"
	case r.Reason == game.ReasonForfeit:
		return names[2-r.Winner] + " forfeited on time"
	}
	return names[r.Winner-1] + " won on rounds"
}

// AibgLadderTitle names one of AIBG's ladders ("" for another game's).
func AibgLadderTitle(kind string) string {
	switch {
	case kind == aibghost.Ladder:
		return "AIBG matches between people"
	case aibghost.IsLadder(kind):
		return "AIBG against the bot (" + aibghost.LadderLevel(kind) + ")"
	}
	return ""
}

// AibgStats is /aibg stats: a player's standing on each of AIBG's ladders.
func AibgStats(user string, ladders []host.Rated) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**AIBG stats of <@%s>** on this server\n", user)
	for _, l := range ladders {
		r := l.Rating
		if r.Games == 0 {
			fmt.Fprintf(&b, "%s: no rated matches yet\n", AibgLadderTitle(l.Kind))
			continue
		}
		fmt.Fprintf(&b, "%s: rating **%d** (#%d) · %s: %d won, %d lost, %d drawn\n", AibgLadderTitle(l.Kind),
			host.Points(r.Rating), l.Rank, aibgCount(r.Games, "match", "matches"), r.Wins, r.Losses, r.Ties)
	}
	return view.Fit(b.String())
}

// AibgReplayFrame is turn i's picture in a replay of n turns.
func AibgReplayFrame(s AibgSeats, g *aibg.Game, log aibg.TurnLog, i, n int) render.Battle {
	return render.Battle{Snap: render.SnapBattle(g), Last: &log, Names: s.Names, Title: AibgReplayTitle(log, i, n)}
}
