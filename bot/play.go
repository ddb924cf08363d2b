package bot

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/render"
)

// turnTable locks a game for the current player's action on controls drawn at record
// position id.arg(0). Anyone else, or old controls, get host's polite refusal privately
// and change nothing.
func (b *Bot) turnTable(r *request, id customID) (*host.Table, *game.Game, int, *reply) {
	t, bad := b.lockTable(id.Game)
	if bad != nil {
		return nil, nil, 0, bad
	}
	g, p, err := b.host.Press(t, r.user.ID, id.arg(0), func(seat int) string { return mention(t, seat) })
	if err != nil {
		t.Unlock()
		rep := b.refusedOr(r, "engine", err)
		return nil, nil, 0, &rep
	}
	return t, g, p, nil
}

// boardReply draws the game message: the header, what happened, the board, and the
// controls of the player to act.
func (b *Bot) boardReply(t *host.Table, g *game.Game, last game.TurnLog, summary string, spawnKind int) (reply, error) {
	png, err := b.render.PNG(render.Board{Snap: g.Snapshot(), Last: last, Names: t.Names()})
	if err != nil {
		return reply{}, err
	}
	content := header(t, g)
	if summary != "" {
		content = fitContent(summary + "\n" + content)
	}
	rep := reply{content: content, files: []file{{"board.png", "image/png", png}}}
	if p := g.Current(); p != 0 && t.Human(p) {
		rep.mentions = []string{t.Row.Players[p-1]}
		rep.components = controls(t, g, spawnKind)
	}
	if g.Result() != nil {
		for _, id := range t.Row.Players {
			if id != "" {
				rep.mentions = append(rep.mentions, id)
			}
		}
	}
	if t.Row.Mode == game.ModeAuto && g.Result() == nil {
		rep.components = autoControls(t)
	}
	if last.Turn > 0 && len(rep.components) < 5 {
		rep.components = append(rep.components, whyRows(t.Row.ID, g.Turns())...)
	}
	return rep, nil
}

// act applies a purchase or spawn (host stores it), and redraws the game message.
func (b *Bot) act(r *request, id customID, do func(t *host.Table, p int) error) reply {
	t, g, p, bad := b.turnTable(r, id)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	if err := do(t, p); err != nil {
		var ae *game.ActionError
		if errors.As(err, &ae) {
			return private("%s.", ae.Msg)
		}
		return b.internal(r, "action", err)
	}
	last, _ := g.LastTurn()
	rep, err := b.boardReply(t, g, last, t.Lobby.Summary, -1)
	if err != nil {
		return b.internal(r, "draw board", err)
	}
	rep.update = true
	return rep
}

func (b *Bot) buy(r *request, id customID, value string) reply {
	h, ok := parseHex(value)
	if !ok {
		return private("That is not a hex of the board.")
	}
	return b.act(r, id, func(t *host.Table, p int) error { return b.host.Buy(t, p, h) })
}

// spawnKind shows the hexes for the chosen kind; nothing is decided yet.
func (b *Bot) spawnKind(r *request, id customID, value string) reply {
	t, g, _, bad := b.turnTable(r, id)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	k, err := strconv.Atoi(value)
	if err != nil || k < 0 || k >= len(g.Kinds()) {
		return private("That kind is not in this game.")
	}
	return reply{update: true, content: r.i.Message.Content, components: controls(t, g, k)}
}

func (b *Bot) spawnHex(r *request, id customID, value string) reply {
	h, ok := parseHex(value)
	k, err := strconv.Atoi(id.arg(1))
	if !ok || err != nil {
		return private("That is not a hex of the board.")
	}
	return b.act(r, id, func(t *host.Table, p int) error { return b.host.Spawn(t, p, k, h) })
}

// endTurn runs the player's minions; host then shows the result, and the bot's turn
// after it when the bot plays next.
func (b *Bot) endTurn(r *request, id customID) reply {
	t, _, p, bad := b.turnTable(r, id)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	if err := r.deferReply(true, false); err != nil {
		return b.internal(r, "defer end turn", err)
	}
	err := b.host.EndTurn(t, p)
	if errors.Is(err, host.ErrInterrupted) {
		return private("The bot is restarting, so your turn was not played and nothing changed. Press **End turn** again in a moment.")
	}
	if err != nil {
		return b.internal(r, "end turn", err)
	}
	// The new board is the answer; when Discord did not take it, the player hears why.
	if s := t.Owed(); s != nil && s.Paused != "" {
		return private("Your turn was played and stored, but the next board could not be posted: %s.", s.Paused)
	} else if s != nil {
		return private("Your turn was played and stored; Discord did not take the next board yet, so it is being posted again.")
	}
	return reply{}
}

// pause stops or resumes an auto game.
func (b *Bot) pause(r *request, id customID, stop bool) reply {
	t, bad := b.lockTable(id.Game)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	if err := b.host.Pause(t, r.user.ID, stop); err != nil {
		return b.refusedOr(r, "pause", err)
	}
	word := "paused"
	if !stop {
		word = "resumed"
	}
	return reply{update: true, content: fmt.Sprintf("%s\n*%s by <@%s>.*", r.i.Message.Content, word, r.user.ID), components: autoControls(t)}
}

// askResign is /kombat resign: confirm first, privately.
func (b *Bot) askResign(r *request) reply {
	t := b.host.InPlace(r.i.ChannelID)
	if t == nil {
		return private("No game is being played in this channel.")
	}
	return b.askResignGame(r, t.Row.ID)
}

func (b *Bot) askResignGame(r *request, gameID int64) reply {
	t := b.host.Get(gameID)
	if t == nil || t.Seat(r.user.ID) == 0 {
		return private("You are not playing in this game.")
	}
	return reply{ephemeral: true, content: "Resign this game? Your opponent wins.",
		components: []discordgo.MessageComponent{row(button("Resign", discordgo.DangerButton, customID{Action: "resignok", Game: gameID}))}}
}

// resign ends the game: the player loses (or leaves a game not yet started).
func (b *Bot) resign(r *request, gameID int64) reply {
	t, bad := b.lockTable(gameID)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	cancelled, err := b.host.Resign(t, r.user.ID)
	if err != nil {
		return b.refusedOr(r, "resign", err)
	}
	if cancelled {
		b.sess.ChannelMessageSend(t.Row.Place, fmt.Sprintf("<@%s> left; the game is cancelled.", r.user.ID))
		return reply{update: true, content: "You left the game."}
	}
	return reply{update: true, content: "You resigned."}
}
