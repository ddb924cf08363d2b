package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// maxMisses is how many turns in a row the clock may play for a player before the
// player forfeits.
const maxMisses = 3

func (b *Bot) setDeadline(t *table, kind string, due time.Time) {
	t.row.UpdatedAt = b.clock.Now()
	err := b.db.SetDeadline(b.wctx, store.Deadline{Kind: kind, Key: strconv.FormatInt(t.row.ID, 10), Due: due,
		Payload: strconv.Itoa(len(t.row.Decisions))})
	if err != nil {
		b.log.Error("set deadline", "game", t.row.ID, "kind", kind, "err", err)
	}
}

func (b *Bot) clearDeadline(t *table, kind string) {
	if err := b.db.ClearDeadline(b.wctx, kind, strconv.FormatInt(t.row.ID, 10)); err != nil {
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
	b.setDeadline(t, deadlineTurn, now.Add(t.row.TurnTimeout))
	b.setDeadline(t, deadlineReminder, now.Add(t.row.TurnTimeout*4/5))
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

// expire handles one due deadline; the caller holds the lock.
func (b *Bot) expire(t *table, d store.Deadline) {
	pos, _ := strconv.Atoi(d.Payload)
	switch d.Kind {
	case deadlineChallenge:
		if t.row.Status != store.StatusChallenge {
			return
		}
		if err := b.db.Cancel(b.wctx, t.row.ID); err != nil {
			b.log.Error("expire challenge", "game", t.row.ID, "err", err)
			return
		}
		b.tables.remove(t.row.ID)
		content := fmt.Sprintf("<@%s>'s challenge to <@%s> expired unanswered.", t.row.Players[0], t.row.Players[1])
		if _, err := b.sess.ChannelMessageEditComplex(reply{content: content}.messageEdit(t.row.Channel, t.row.MessageID)); err != nil {
			b.log.Error("edit expired challenge", "game", t.row.ID, "err", err)
		}
	case deadlineSetup:
		if t.row.Status != store.StatusSetup {
			return
		}
		if err := b.db.Cancel(b.wctx, t.row.ID); err != nil {
			b.log.Error("expire setup", "game", t.row.ID, "err", err)
			return
		}
		b.tables.remove(t.row.ID)
		b.sess.ChannelMessageEditComplex(reply{content: "This game's setup expired: the kinds were not agreed within 30 minutes."}.messageEdit(t.row.Channel, t.row.MessageID))
	case deadlineReminder, deadlineTurn:
		if t.owed != nil {
			return // the player's controls are not on screen: the delivery arms a new clock
		}
		g, err := b.engine(t)
		if err != nil || g.Phase() != game.PhasePlay || g.Decisions() != pos && d.Kind == deadlineReminder {
			return
		}
		p := g.Current()
		if !t.isHuman(p) {
			return
		}
		if d.Kind == deadlineReminder {
			left := t.row.TurnTimeout / 5
			b.sess.ChannelMessageSendComplex(t.row.Channel, &discordgo.MessageSend{
				Content:         fmt.Sprintf("⏰ %s, %s left for your turn; then it is played for you with no purchase and no spawn.", t.mention(p), left.Round(time.Second)),
				AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{t.row.Players[p-1]}}})
			return
		}
		b.timeUp(t, g, p)
	}
}

// timeUp plays a turn whose time ran out, with no purchase and no spawn (any made are
// kept); after maxMisses such turns in a row the player forfeits.
func (b *Bot) timeUp(t *table, g *game.Game, p int) {
	t.lob.Misses[p-1]++
	var log game.TurnLog
	var err error
	summary := fmt.Sprintf("⏰ %s ran out of time (%d in a row)", t.mention(p), t.lob.Misses[p-1])
	if t.lob.Misses[p-1] >= maxMisses {
		err = g.Forfeit(p)
		summary = fmt.Sprintf("⏰ %s ran out of time %d turns in a row and forfeits.", t.mention(p), maxMisses)
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
