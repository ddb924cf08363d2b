package kombatui

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/render"
)

// turnTable locks a game for the current player's action on controls drawn at record
// position id.arg(0). Anyone else, or old controls, get host's polite refusal privately
// and change nothing.
func turnTable(r ui.Request, id view.CustomID) (*host.Table, *game.Game, int, *view.Reply) {
	t, bad := ui.Lock(r, id.Game)
	if bad != nil {
		return nil, nil, 0, bad
	}
	g, p, err := kom(r).Press(t, r.User().ID, id.Arg(0), func(seat int) string { return Mention(t, seat) })
	if err != nil {
		t.Unlock()
		rep := r.Refused("engine", err)
		return nil, nil, 0, &rep
	}
	return t, g, p, nil
}

// boardReply draws the game message: the header, what happened, the board, and the
// controls of the player to act.
func boardReply(tr ui.Transport, t *host.Table, g *game.Game, last game.TurnLog, summary string, spawnKind int) (view.Reply, error) {
	png, err := tr.Renderer().PNG(render.Board{Snap: g.Snapshot(), Last: last, Names: kombathost.Names(t)})
	if err != nil {
		return view.Reply{}, err
	}
	content := Header(t, g)
	if summary != "" {
		content = view.Fit(summary + "\n" + content)
	}
	rep := view.Reply{Content: content, Files: []view.File{{Name: "board.png", MIME: "image/png", Data: png}}}
	if p := g.Current(); p != 0 && t.Human(p) {
		rep.Mentions = []string{t.Row.Player(p)}
		rep.Components = Controls(t, g, spawnKind)
	}
	if g.Result() != nil {
		for _, id := range kombathost.Players(t.Row) {
			if id != "" {
				rep.Mentions = append(rep.Mentions, id)
			}
		}
	}
	if t.Row.Mode == game.ModeAuto && g.Result() == nil {
		rep.Components = AutoControls(t)
	}
	if last.Turn > 0 && len(rep.Components) < 5 {
		rep.Components = append(rep.Components, WhyRows(t.Row.ID, g.Turns())...)
	}
	return rep, nil
}

// act applies a purchase or spawn (host stores it), and redraws the game message.
func act(r ui.Request, id view.CustomID, do func(t *host.Table, p int) error) view.Reply {
	t, g, p, bad := turnTable(r, id)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	if err := do(t, p); err != nil {
		var ae *game.ActionError
		if errors.As(err, &ae) {
			return view.Private("%s.", ae.Msg)
		}
		return r.Internal("action", err)
	}
	last, _ := g.LastTurn()
	rep, err := boardReply(r, t, g, last, kombathost.LobbyOf(t).Summary, -1)
	if err != nil {
		return r.Internal("draw board", err)
	}
	rep.Update = true
	return rep
}

func buy(r ui.Request, id view.CustomID, value string) view.Reply {
	h, ok := parseHex(value)
	if !ok {
		return view.Private("That is not a hex of the board.")
	}
	return act(r, id, func(t *host.Table, p int) error { return kom(r).Buy(t, p, h) })
}

// spawnKind shows the hexes for the chosen kind; nothing is decided yet.
func spawnKind(r ui.Request, id view.CustomID, value string) view.Reply {
	t, g, _, bad := turnTable(r, id)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	k, err := strconv.Atoi(value)
	if err != nil || k < 0 || k >= len(g.Kinds()) {
		return view.Private("That kind is not in this game.")
	}
	return view.Reply{Update: true, Content: r.Message().Content, Components: Controls(t, g, k)}
}

func spawnHex(r ui.Request, id view.CustomID, value string) view.Reply {
	h, ok := parseHex(value)
	k, err := strconv.Atoi(id.Arg(1))
	if !ok || err != nil {
		return view.Private("That is not a hex of the board.")
	}
	return act(r, id, func(t *host.Table, p int) error { return kom(r).Spawn(t, p, k, h) })
}

// endTurn runs the player's minions; host then shows the result, and the bot's turn
// after it when the bot plays next.
func endTurn(r ui.Request, id view.CustomID) view.Reply {
	t, _, p, bad := turnTable(r, id)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	if err := r.Defer(true, false); err != nil {
		return r.Internal("defer end turn", err)
	}
	err := kom(r).EndTurn(t, p)
	if errors.Is(err, kombathost.ErrInterrupted) {
		return view.Private("The bot is restarting, so your turn was not played and nothing changed. Press **End turn** again in a moment.")
	}
	if err != nil {
		return r.Internal("end turn", err)
	}
	// The new board is the answer; when Discord did not take it, the player hears why.
	if s := t.Owed(); s != nil && s.Paused != "" {
		return view.Private("Your turn was played and stored, but the next board could not be posted: %s.", s.Paused)
	} else if s != nil {
		return view.Private("Your turn was played and stored; Discord did not take the next board yet, so it is being posted again.")
	}
	return view.Reply{}
}

// pause stops or resumes an auto game.
func pause(r ui.Request, id view.CustomID, stop bool) view.Reply {
	t, bad := ui.Lock(r, id.Game)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	if err := r.Host().Pause(t, r.User().ID, stop); err != nil {
		return r.Refused("pause", err)
	}
	word := "paused"
	if !stop {
		word = "resumed"
	}
	controls := AutoControls(t)
	if g, ok := r.Game(t.Row.Game); ok && g.AutoControls != nil { // another game's auto game
		controls = g.AutoControls(t)
	}
	return view.Reply{Update: true, Content: fmt.Sprintf("%s\n*%s by <@%s>.*", r.Message().Content, word, r.User().ID), Components: controls}
}

// askResign is /kombat resign: confirm first, privately.
func askResign(r ui.Request) view.Reply {
	t := r.Host().InPlace(r.Channel())
	if t == nil {
		return view.Private("No game is being played in this channel.")
	}
	if rep, ok := here(r, t); ok {
		return rep
	}
	return askResignGame(r, t.Row.ID)
}

func askResignGame(r ui.Request, gameID int64) view.Reply {
	t := r.Host().Get(gameID)
	if t == nil || t.Seat(r.User().ID) == 0 {
		return view.Private("You are not playing in this game.")
	}
	return view.Reply{Ephemeral: true, Content: "Resign this game? Your opponent wins.",
		Components: []discordgo.MessageComponent{view.Row(view.Button("Resign", discordgo.DangerButton, view.CustomID{Action: "resignok", Game: gameID}))}}
}

// resign ends the game: the player loses (or leaves a game not yet started).
func resign(r ui.Request, gameID int64) view.Reply {
	t, bad := ui.Lock(r, gameID)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	cancelled, err := kom(r).Resign(t, r.User().ID)
	if err != nil {
		return r.Refused("resign", err)
	}
	if cancelled {
		r.Post(t.Row.Place, &discordgo.MessageSend{Content: fmt.Sprintf("<@%s> left; the game is cancelled.", r.User().ID)})
		return view.Reply{Update: true, Content: "You left the game."}
	}
	return view.Reply{Update: true, Content: "You resigned."}
}
