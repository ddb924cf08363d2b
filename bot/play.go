package bot

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// turnTable locks a game for the current player's action on controls drawn at record
// position pos. Anyone else, or old controls, get a polite private answer and change
// nothing.
func (b *Bot) turnTable(r *request, id customID) (*table, *game.Game, int, *reply) {
	t, bad := b.lockTable(id.Game)
	if bad != nil {
		return nil, nil, 0, bad
	}
	fail := func(rep reply) (*table, *game.Game, int, *reply) {
		t.mu.Unlock()
		return nil, nil, 0, &rep
	}
	g, err := b.engine(t)
	if err != nil {
		return fail(b.internal(r, "engine", err))
	}
	p := g.Current()
	if err := host.TurnOf(g).MayPress(t.row, r.user.ID, id.arg(0), t.mention); err != nil {
		return fail(refusal(err))
	}
	return t, g, p, nil
}

// boardReply draws the game message: the header, what happened, the board, and the
// controls of the player to act.
func (b *Bot) boardReply(t *table, g *game.Game, last game.TurnLog, summary string, spawnKind int) (reply, error) {
	png, err := b.render.PNG(render.Board{Snap: g.Snapshot(), Last: last, Names: t.names()})
	if err != nil {
		return reply{}, err
	}
	content := header(t, g)
	if summary != "" {
		content = fitContent(summary + "\n" + content)
	}
	rep := reply{content: content, files: []file{{"board.png", "image/png", png}}}
	if p := g.Current(); p != 0 && t.isHuman(p) {
		rep.mentions = []string{t.row.Players[p-1]}
		rep.components = controls(t, g, spawnKind)
	}
	if g.Result() != nil {
		for _, id := range t.row.Players {
			if id != "" {
				rep.mentions = append(rep.mentions, id)
			}
		}
	}
	if t.row.Mode == game.ModeAuto && g.Result() == nil {
		rep.components = autoControls(t)
	}
	if last.Turn > 0 && len(rep.components) < 5 {
		rep.components = append(rep.components, whyRows(t.row.ID, g.Turns())...)
	}
	return rep, nil
}

// act applies a purchase or spawn, commits it, and redraws the game message.
func (b *Bot) act(r *request, id customID, do func(g *game.Game, p int) error) reply {
	t, g, p, bad := b.turnTable(r, id)
	if bad != nil {
		return *bad
	}
	defer t.mu.Unlock()
	if err := do(g, p); err != nil {
		var ae *game.ActionError
		if errors.As(err, &ae) {
			return private("%s.", ae.Msg)
		}
		return b.internal(r, "action", err)
	}
	if err := b.commit(b.wctx, t); err != nil {
		return b.internal(r, "commit action", err)
	}
	last, _ := g.LastTurn()
	rep, err := b.boardReply(t, g, last, t.lob.Summary, -1)
	if err != nil {
		return b.internal(r, "draw board", err)
	}
	b.armTurnClock(t, g)
	rep.update = true
	return rep
}

func (b *Bot) buy(r *request, id customID, value string) reply {
	h, ok := parseHex(value)
	if !ok {
		return private("That is not a hex of the board.")
	}
	return b.act(r, id, func(g *game.Game, p int) error { return g.Buy(p, h) })
}

// spawnKind shows the hexes for the chosen kind; nothing is decided yet.
func (b *Bot) spawnKind(r *request, id customID, value string) reply {
	t, g, _, bad := b.turnTable(r, id)
	if bad != nil {
		return *bad
	}
	defer t.mu.Unlock()
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
	return b.act(r, id, func(g *game.Game, p int) error { return g.Spawn(p, k, h) })
}

// endTurn runs the player's minions, then posts the result, and the bot's turn after
// it when the bot plays next.
func (b *Bot) endTurn(r *request, id customID) reply {
	t, g, p, bad := b.turnTable(r, id)
	if bad != nil {
		return *bad
	}
	defer t.mu.Unlock()
	if err := r.deferReply(true, false); err != nil {
		return b.internal(r, "defer end turn", err)
	}
	log, err := g.EndTurn(p)
	if errors.Is(err, game.ErrStopped) {
		t.eng = nil
		b.log.Info("turn interrupted by shutdown; nothing stored", "game", t.row.ID, "player", p)
		return private("The bot is restarting, so your turn was not played and nothing changed. Press **End turn** again in a moment.")
	}
	if err != nil {
		return b.internal(r, "end turn", err)
	}
	t.lob.Misses[p-1] = 0
	if err := b.commitShown(t, turnSummary(log, t.names()[p-1])); err != nil {
		return b.internal(r, "commit turn", err)
	}
	b.goOn(t)
	return reply{}
}

// afterTurn shows the screen the game owes, then plays the bot's turn if it is next
// (auto games play on in their own loop), until a human is to act or the game is over.
// It stops at the first screen Discord does not take; the caller holds the lock.
func (b *Bot) afterTurn(t *table) error {
	for {
		if err := b.show(t); err != nil {
			return err
		}
		g, err := b.engine(t)
		if err != nil {
			return err
		}
		if g.Result() != nil || g.Phase() != game.PhasePlay {
			return nil
		}
		p := g.Current()
		if t.isHuman(p) {
			return nil
		}
		if t.row.Mode == game.ModeAuto {
			b.startAuto(t)
			return nil
		}
		if _, err := b.botTurn(t, p); err != nil {
			return err
		}
	}
}

// botTurn plays the bot's whole turn and commits it, owing its screen.
func (b *Bot) botTurn(t *table, p int) (game.TurnLog, error) {
	log, err := game.PlayTurn(t.eng, p, t.botFor(p))
	if err != nil {
		t.eng = nil // half a turn may have been played: rebuild from the store
		return log, err
	}
	return log, b.commitShown(t, turnSummary(log, t.names()[p-1]))
}

// startAuto runs an auto game's turns, one every AutoStep, until it ends, is paused,
// or the bot shuts down. The caller holds the lock.
func (b *Bot) startAuto(t *table) {
	if t.loop || t.lob.Paused || !b.begin() {
		return
	}
	t.loop = true
	go func() {
		defer b.work.Done()
		for {
			select {
			case <-b.ctx.Done():
				t.mu.Lock()
				t.loop = false
				t.mu.Unlock()
				return
			case <-time.After(b.opt.AutoStep):
			}
			t.mu.Lock()
			// The engine is rebuilt here, not at start-up, so that replaying long games
			// neither delays Start nor escapes Close (it stops on halt too).
			g, err := b.engine(t)
			if t.lob.Paused || err != nil || g.Phase() != game.PhasePlay || b.ctx.Err() != nil {
				if err != nil && !errors.Is(err, game.ErrStopped) {
					b.log.Error("auto game", "game", t.row.ID, "err", err)
				}
				t.loop = false
				t.mu.Unlock()
				return
			}
			p := g.Current()
			// A screen still owed goes first; the game waits for it.
			if err := b.show(t); err != nil {
				t.loop = false
				b.goOn(t)
				t.mu.Unlock()
				return
			}
			b.log.Debug("auto turn starts", "game", t.row.ID, "player", p, "turn", g.Turns()+1)
			_, err = b.botTurn(t, p)
			if err == nil {
				err = b.show(t)
			}
			if errors.Is(err, game.ErrStopped) {
				b.log.Info("turn interrupted by shutdown; it is played again after the restart", "game", t.row.ID, "player", p)
			} else if err != nil {
				b.log.Warn("auto turn", "game", t.row.ID, "err", err)
				t.loop = false
				if t.owed != nil {
					b.goOn(t) // retries the screen, then the loop
				}
				t.mu.Unlock()
				return
			}
			t.mu.Unlock()
		}
	}()
}

// resumeAuto restarts the loops of auto games that were playing when the bot stopped.
func (b *Bot) resumeAuto() {
	for _, t := range b.tables.all() {
		t.mu.Lock()
		if t.row.Mode == game.ModeAuto && t.row.Status == store.StatusPlay && !t.lob.Paused {
			b.startAuto(t)
		}
		t.mu.Unlock()
	}
}

// pause stops or resumes an auto game; only the player who started it may.
func (b *Bot) pause(r *request, id customID, stop bool) reply {
	t, bad := b.lockTable(id.Game)
	if bad != nil {
		return *bad
	}
	defer t.mu.Unlock()
	if err := t.lob.MayPause(t.row, r.user.ID); err != nil {
		return refusal(err)
	}
	old := t.lob.Paused
	t.lob.Paused = stop
	if err := b.saveMeta(b.wctx, t); err != nil {
		t.lob.Paused = old
		return b.internal(r, "pause", err)
	}
	if !stop {
		b.startAuto(t)
	}
	word := "paused"
	if !stop {
		word = "resumed"
	}
	return reply{update: true, content: fmt.Sprintf("%s\n*%s by <@%s>.*", r.i.Message.Content, word, r.user.ID), components: autoControls(t)}
}

// askResign is /kombat resign: confirm first, privately.
func (b *Bot) askResign(r *request) reply {
	t := b.tables.inChannel(r.i.ChannelID)
	if t == nil {
		return private("No game is being played in this channel.")
	}
	return b.askResignGame(r, t.row.ID)
}

func (b *Bot) askResignGame(r *request, gameID int64) reply {
	t := b.tables.get(gameID)
	if t == nil || t.seatOf(r.user.ID) == 0 {
		return private("You are not playing in this game.")
	}
	return reply{ephemeral: true, content: "Resign this game? Your opponent wins.",
		components: []discordgo.MessageComponent{row(button("Resign", discordgo.DangerButton, customID{Action: "resignok", Game: gameID}))}}
}

// resign ends the game: the player loses.
func (b *Bot) resign(r *request, gameID int64) reply {
	t, bad := b.lockTable(gameID)
	if bad != nil {
		return *bad
	}
	defer t.mu.Unlock()
	seat := t.seatOf(r.user.ID)
	if seat == 0 {
		return private("You are not playing in this game.")
	}
	if t.row.Status != store.StatusPlay {
		if err := b.db.Cancel(b.wctx, t.row.ID); err != nil {
			return b.internal(r, "cancel", err)
		}
		b.tables.remove(t.row.ID)
		b.clearDeadline(t, host.SetupExpiry)
		b.sess.ChannelMessageSend(t.row.Channel, fmt.Sprintf("<@%s> left; the game is cancelled.", r.user.ID))
		return reply{update: true, content: "You left the game."}
	}
	g, err := b.engine(t)
	if err != nil {
		return b.internal(r, "engine", err)
	}
	if err := g.Resign(seat); err != nil {
		return private("%s.", err)
	}
	if err := b.commitShown(t, fmt.Sprintf("<@%s> resigned.", r.user.ID)); err != nil {
		return b.internal(r, "commit resign", err)
	}
	b.goOn(t)
	return reply{update: true, content: "You resigned."}
}
