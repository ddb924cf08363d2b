package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

func (b *Bot) setDeadline(t *table, kind host.Deadline, due time.Time) {
	t.row.UpdatedAt = b.clock.Now()
	err := b.db.SetDeadline(b.wctx, store.Deadline{Kind: string(kind), Key: strconv.FormatInt(t.row.ID, 10), Due: due,
		Payload: strconv.Itoa(len(t.row.Decisions))})
	if err != nil {
		b.log.Error("set deadline", "game", t.row.ID, "kind", kind, "err", err)
	}
}

func (b *Bot) clearDeadline(t *table, kind host.Deadline) {
	if err := b.db.ClearDeadline(b.wctx, string(kind), strconv.FormatInt(t.row.ID, 10)); err != nil {
		b.log.Error("clear deadline", "game", t.row.ID, "kind", kind, "err", err)
	}
}

// armTurnClock starts the clock of a human's turn, with a reminder when a fifth of the
// time is left. Deadlines carry the record position, so a turn played meanwhile
// makes them stale.
func (b *Bot) armTurnClock(t *table, g *game.Game) {
	p := g.Current()
	if p == 0 || !t.isHuman(p) || t.row.TurnTimeout <= 0 {
		return
	}
	now := b.clock.Now()
	b.setDeadline(t, host.TurnTimeUp, now.Add(t.row.TurnTimeout))
	b.setDeadline(t, host.TurnReminder, now.Add(t.row.TurnTimeout*4/5))
}

// tick checks deadlines every second until the bot closes.
func (b *Bot) tick() {
	defer b.work.Done()
	tk := time.NewTicker(time.Second)
	defer tk.Stop()
	for {
		select {
		case <-b.ctx.Done():
			return
		case <-tk.C:
			b.RunDue(b.ctx)
		}
	}
}

// RunDue handles every deadline that is due by the bot's clock: expired challenges
// and setups, turn reminders, and turns whose time ran out. Tests call it after
// moving their clock.
func (b *Bot) RunDue(ctx context.Context) {
	due, err := b.db.Deadlines(ctx, b.clock.Now())
	if err != nil {
		b.log.Error("load deadlines", "err", err)
		return
	}
	for _, d := range due {
		id, _ := strconv.ParseInt(d.Key, 10, 64)
		t := b.tables.get(id)
		if t == nil {
			b.db.ClearDeadline(ctx, d.Kind, d.Key) // the game is over or belongs to another shard
			continue
		}
		t.mu.Lock()
		b.expire(t, d)
		t.mu.Unlock()
		// Only this deadline: expire may have armed the next turn's clock under the
		// same kind and key, and that one must survive.
		if _, err := b.db.ClearDeadlineIf(ctx, d); err != nil {
			b.log.Error("clear deadline", "kind", d.Kind, "key", d.Key, "err", err)
		}
	}
}

// expire carries out what host decides a due deadline does; the caller holds the lock.
func (b *Bot) expire(t *table, d store.Deadline) {
	due := host.Due{Deadline: host.Deadline(d.Kind), Status: t.row.Status, Owed: t.owed != nil}
	due.ArmedAt, _ = strconv.Atoi(d.Payload)
	var g *game.Game
	if due.NeedsTurn() {
		var err error
		if g, err = b.engine(t); err != nil {
			return
		}
		due.Phase, due.Player, due.At = g.Phase(), g.Current(), g.Decisions()
		if due.Player != 0 {
			due.Human, due.Misses = t.isHuman(due.Player), t.lob.Misses[due.Player-1]
		}
	}
	p, action := due.Player, host.Decide(due)
	switch action {
	case host.ExpireChallenge:
		if err := b.db.Cancel(b.wctx, t.row.ID); err != nil {
			b.log.Error("expire challenge", "game", t.row.ID, "err", err)
			return
		}
		b.tables.remove(t.row.ID)
		content := fmt.Sprintf("<@%s>'s challenge to <@%s> expired unanswered.", t.row.Players[0], t.row.Players[1])
		if _, err := b.sess.ChannelMessageEditComplex(reply{content: content}.messageEdit(t.row.Channel, t.row.MessageID)); err != nil {
			b.log.Error("edit expired challenge", "game", t.row.ID, "err", err)
		}
	case host.ExpireSetup:
		if err := b.db.Cancel(b.wctx, t.row.ID); err != nil {
			b.log.Error("expire setup", "game", t.row.ID, "err", err)
			return
		}
		b.tables.remove(t.row.ID)
		b.sess.ChannelMessageEditComplex(reply{content: "This game's setup expired: the kinds were not agreed within 30 minutes."}.messageEdit(t.row.Channel, t.row.MessageID))
	case host.Remind:
		left := t.row.TurnTimeout / 5
		b.sess.ChannelMessageSendComplex(t.row.Channel, &discordgo.MessageSend{
			Content:         fmt.Sprintf("⏰ %s, %s left for your turn; then it is played for you with no purchase and no spawn.", t.mention(p), left.Round(time.Second)),
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{t.row.Players[p-1]}}})
	case host.PlayForPlayer, host.Forfeit:
		b.timeUp(t, g, p, action == host.Forfeit)
	}
}

// timeUp plays a turn whose time ran out, with no purchase and no spawn (any made are
// kept), or makes the player forfeit when host says they missed too many.
func (b *Bot) timeUp(t *table, g *game.Game, p int, forfeit bool) {
	t.lob.Misses[p-1]++
	var log game.TurnLog
	var err error
	summary := fmt.Sprintf("⏰ %s ran out of time (%d in a row)", t.mention(p), t.lob.Misses[p-1])
	if forfeit {
		err = g.Forfeit(p)
		summary = fmt.Sprintf("⏰ %s ran out of time %d turns in a row and forfeits.", t.mention(p), host.MaxMisses)
	} else {
		log, err = g.EndTurn(p)
		summary += "; the turn was played for them.\n" + turnSummary(log, t.names()[p-1])
	}
	if errors.Is(err, game.ErrStopped) {
		t.eng = nil
		t.lob.Misses[p-1]--
		b.log.Info("timed-out turn interrupted by shutdown; it is played again after the restart", "game", t.row.ID, "player", p)
		return
	}
	if err == nil {
		err = b.commitShown(t, summary)
	}
	if err != nil {
		b.log.Error("time up", "game", t.row.ID, "err", err)
		return
	}
	b.goOn(t)
}
