package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// gameView is a read-only copy of a game's stored state, taken under its table's lock
// (or loaded from the store for a finished game), for explanations and replays that
// must not hold up play.
type gameView struct {
	row *store.Game
	lob host.Lobby
}

// view copies an active game from its table, or loads a finished one.
func (b *Bot) view(ctx context.Context, id int64) (*gameView, error) {
	if t, err := b.host.Lock(id); err == nil {
		defer t.Unlock()
		row := *t.Row
		row.Decisions = append([]game.Decision(nil), t.Row.Decisions...)
		return &gameView{row: &row, lob: t.Lobby}, nil
	}
	row, err := b.db.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	v := &gameView{row: row}
	if len(row.Setup) > 0 {
		if err := json.Unmarshal(row.Setup, &v.lob); err != nil {
			return nil, fmt.Errorf("bot: game %d has an unreadable setup: %w", id, err)
		}
	}
	return v, nil
}

// table wraps the view in a detached table, for the helpers that name players.
func (v *gameView) table() *host.Table { return &host.Table{Row: v.row, Lobby: v.lob} }

// whyButton is the "Why?" button for the n-th finished turn of a game.
func whyButton(gameID int64, n int) discordgo.Button {
	return button("Why?", discordgo.SecondaryButton, customID{Action: "why", Game: gameID, Args: []string{strconv.Itoa(n)}})
}

// whyRows is the components that stay on a board of turn n once its controls go.
func whyRows(gameID int64, n int) []discordgo.MessageComponent {
	if n < 1 {
		return []discordgo.MessageComponent{}
	}
	return []discordgo.MessageComponent{row(whyButton(gameID, n))}
}

// why explains a turn to the player who presses its "Why?" button: the trace of each
// of their minions. During the game a player sees only their own minions (the
// opponent's variables and choices stay private); once it is over, or in an auto
// game, anyone sees every minion.
func (b *Bot) why(r *request, id customID) reply {
	n, err := strconv.Atoi(id.arg(0))
	if err != nil || n < 1 {
		return private("%s", ErrStaleComponent.Error())
	}
	v, err := b.view(b.ctx, id.Game)
	if errors.Is(err, store.ErrNotFound) {
		return private("This game no longer exists.")
	}
	if err != nil {
		return b.internal(r, "load game for why", err)
	}
	rec := v.row.Record()
	log, err := game.TraceTurn(b.lang, rec, n)
	if err != nil {
		return b.internal(r, "trace turn", err)
	}
	t := v.table()
	open := v.row.Status == store.StatusOver || v.row.Mode == game.ModeAuto
	if !open {
		seat := t.Seat(r.user.ID)
		switch {
		case seat == 0:
			return private("Only the players see why their minions acted during the game; everyone can see it once the game is over.")
		case seat != log.Player:
			return private("That was %s's turn: their minions' traces stay private until the game is over. Press **Why?** under one of your own turns.", mention(t, log.Player))
		}
	}
	text := explainTurn(t, log)
	if len(text) > contentLimit-200 {
		return reply{ephemeral: true,
			content: fmt.Sprintf("Why the minions of %s did what they did in turn %d (%d lines, attached).", t.Names()[log.Player-1], log.Turn, strings.Count(text, "\n")),
			files:   []file{{fmt.Sprintf("why-game%d-turn%d.txt", id.Game, n), "text/plain; charset=utf-8", []byte(text)}}}
	}
	return private("```\n%s```", text)
}

// explainTurn writes each minion's evaluation in a turn: its trace (statements with
// line:column, variables assigned, information read, commands with their arguments, how
// it ended) and what its moves and shots did on the board.
func explainTurn(t *host.Table, log game.TurnLog) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Turn %d of %s\n", log.Turn, t.Names()[log.Player-1])
	acts := map[int][]string{}
	for _, e := range log.Events {
		if (e.Type == game.EvMove || e.Type == game.EvShoot) && e.Minion != 0 {
			acts[e.Minion] = append(acts[e.Minion], e.String())
		}
	}
	ran := 0
	for _, e := range log.Events {
		if e.Type != game.EvEval {
			continue
		}
		ran++
		fmt.Fprintf(&b, "\n== minion %d (%s), now at %v: %s after %d steps ==\n", e.Minion, e.Kind, e.At, e.End, e.Steps)
		b.WriteString(strings.ReplaceAll(e.Trace, "```", "'''"))
		for _, a := range acts[e.Minion] {
			b.WriteString("  => " + a + "\n")
		}
	}
	if ran == 0 {
		b.WriteString("No minion ran in this turn.\n")
	}
	return b.String()
}
