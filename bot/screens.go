package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// Screens that heal. A change that needs a new message in the game's channel (the board
// after a turn, the final result) owes that message in the same transaction that
// stores the change (store.CommitOwing). The message is then posted with a nonce made
// of the game and the state, so a retried post whose first answer was lost stays one
// message; only once Discord has accepted it does the old board lose its controls,
// the turn clock start, and the debt go. A transient failure (5xx, timeout, reset) is
// retried with backoff, at start-up too; a permanent one (no permission, channel gone)
// pauses the game's screen until /kombat board is run in its channel.

// errScreenPaused is returned while a game's screen waits for /kombat board.
var errScreenPaused = errors.New("bot: the game's screen is paused")

// commitShown commits the engine's new decisions and owes the screen of the new state,
// with summary above the board. No clock runs meanwhile: a deadline that comes due
// while a screen is owed plays nothing (expire), and show arms the next one.
func (b *Bot) commitShown(t *table, summary string) error {
	if err := b.record(b.wctx, t, &summary); err != nil {
		return err
	}
	t.owed = &store.Screen{Game: t.row.ID, Version: len(t.row.Decisions), Summary: summary}
	return nil
}

// show delivers the screen the game owes, if any; the caller holds the lock. On a
// failure the debt stays, counted, and a permanent failure pauses it.
func (b *Bot) show(t *table) error {
	s := t.owed
	if s == nil {
		return nil
	}
	if s.Paused != "" {
		return errScreenPaused
	}
	g, err := b.engine(t)
	if err != nil {
		return err
	}
	var rep reply
	if g.Phase() == game.PhaseSetup {
		rep = freeSpawnView(t)
	} else {
		last, ok := g.LastTurn()
		if !ok {
			last = game.TurnLog{Events: g.SetupEvents()}
		}
		if rep, err = b.boardReply(t, g, last, s.Summary, -1); err != nil {
			return err
		}
	}
	// The clock is stored before the board that starts it is shown, so a crash cannot
	// leave controls on screen without a clock; it is taken back if the post fails, and
	// a deadline that comes due while a screen is owed plays nothing (expire), so no one
	// loses a turn to an outage. Each delivery gives the full time again.
	if g.Result() == nil && g.Phase() == game.PhasePlay {
		b.armTurnClock(t, g)
	}
	m, err := b.postOnce(t.row.Channel, rep, screenNonce(t.row.ID, s.Version))
	if err != nil {
		b.clearDeadline(t, host.TurnTimeUp)
		b.clearDeadline(t, host.TurnReminder)
		s.Attempts++
		s.LastError = err.Error()
		if why := permanent(err); why != "" {
			s.Paused = why
			b.log.Error("game screen paused", "game", t.row.ID, "channel", t.row.Channel, "reason", why, "err", err)
		}
		if err := b.db.ScreenFailed(b.wctx, t.row.ID, s.Version, s.LastError, s.Paused); err != nil {
			b.log.Error("record screen failure", "game", t.row.ID, "err", err)
		}
		return fmt.Errorf("bot: show game %d: %w", t.row.ID, err)
	}
	// The new screen is up: only now does the old one lose its controls (a "Why?"
	// button stays), so there is never a moment without controls but an outage.
	if old := t.row.MessageID; old != "" && old != m.ID {
		keep := whyRows(t.row.ID, g.Turns()-1)
		// A permanent failure here (the old message deleted) leaves nothing to clean.
		if _, err := b.sess.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: old, Channel: t.row.Channel, Components: &keep}); err != nil && permanent(err) == "" {
			b.log.Warn("strip old controls", "game", t.row.ID, "message", old, "err", err)
		}
	}
	if err := b.db.ScreenShown(b.wctx, t.row.ID, s.Version, m.ID); err != nil {
		return err
	}
	t.row.MessageID = m.ID
	t.owed = nil
	t.lob.Summary = s.Summary
	if t.row.Status.Active() {
		return b.saveMeta(b.wctx, t)
	}
	return nil
}

// screenNonce names a screen for Discord's enforce_nonce: the same game and state give
// the same nonce (at most 25 characters).
func screenNonce(game int64, version int) string {
	return "k" + strconv.FormatInt(game, 36) + "v" + strconv.Itoa(version)
}

// onceSend is a message post with Discord's nonce fields, which discordgo v0.29's
// MessageSend lacks.
type onceSend struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce"`
	EnforceNonce bool   `json:"enforce_nonce"`
}

// postOnce posts a message that Discord creates at most once for nonce, through the
// session's request functions so that rate limits still apply.
func (b *Bot) postOnce(channel string, rep reply, nonce string) (*discordgo.Message, error) {
	data := onceSend{MessageSend: rep.message(), Nonce: nonce, EnforceNonce: true}
	endpoint := discordgo.EndpointChannelMessages(channel)
	var body []byte
	var err error
	if files := data.Files; len(files) > 0 {
		ct, raw, encErr := discordgo.MultipartBodyWithJSON(data, files)
		if encErr != nil {
			return nil, encErr
		}
		body, err = b.sess.RequestRaw("POST", endpoint, ct, raw, endpoint, 0)
	} else {
		body, err = b.sess.RequestWithBucketID("POST", endpoint, data, endpoint)
	}
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := discordgo.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// permanent says why a failure will not pass by itself (the bot lacks a permission,
// the channel is gone), or "" for one worth retrying (5xx, timeouts, resets, 429).
func permanent(err error) string {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return "" // the network: worth retrying
	}
	switch code := rest.Response.StatusCode; {
	case code == http.StatusForbidden:
		return "the bot may not post in this channel (missing permission): give it View Channel, Send Messages and Attach Files there, then run /kombat board"
	case code == http.StatusNotFound:
		return "the game's channel or thread is gone"
	case code == http.StatusTooManyRequests || code >= 500:
		return ""
	default:
		return fmt.Sprintf("Discord refused the board (HTTP %d)", code)
	}
}

// retryLater keeps delivering a game's owed screen with backoff, then goes on with the
// game (the bot's turn, an auto game's loop), until it is shown, paused, or the bot
// closes. One retrier per game.
func (b *Bot) retryLater(t *table, wait time.Duration) {
	if t.retrying || !b.begin() {
		return
	}
	t.retrying = true
	go func() {
		defer b.work.Done()
		for {
			select {
			case <-b.ctx.Done():
				t.mu.Lock()
				t.retrying = false
				t.mu.Unlock()
				return
			case <-time.After(wait):
			}
			wait = min(2*wait, b.opt.RetryMax)
			t.mu.Lock()
			err := b.afterTurn(t)
			done := err == nil || errors.Is(err, errScreenPaused) || t.owed != nil && t.owed.Paused != ""
			if done {
				t.retrying = false
			}
			t.mu.Unlock()
			if err != nil && !done {
				b.log.Warn("game screen not delivered; retrying", "game", t.row.ID, "in", wait, "err", err)
			}
			if done {
				return
			}
		}
	}()
}

// loadScreens reads the screens owed when the bot stopped, before it connects: each
// registered game learns its debt, and finished games' final screens are kept aside.
func (b *Bot) loadScreens(ctx context.Context) error {
	owed, err := b.db.OwedScreens(ctx)
	if err != nil {
		return fmt.Errorf("bot: load owed screens: %w", err)
	}
	for _, s := range owed {
		t := b.tables.get(s.Game)
		if t == nil {
			row, err := b.db.Game(ctx, s.Game)
			if err != nil {
				b.log.Error("owed screen of an unknown game", "game", s.Game, "err", err)
				continue
			}
			if !b.myGuild(row.Guild) {
				continue
			}
			t = &table{row: row} // a finished game: shown once, never registered again
			if err := json.Unmarshal(row.Setup, &t.lob); err != nil {
				b.log.Error("game has unreadable setup", "game", row.ID, "err", err)
			}
			b.finals = append(b.finals, t)
		}
		t.owed = &s
	}
	return nil
}

// deliverOwed starts delivering, once connected, every screen owed at start-up.
func (b *Bot) deliverOwed() {
	for _, t := range append(b.tables.all(), b.finals...) {
		t.mu.Lock()
		if t.owed != nil && t.owed.Paused == "" || t.owed == nil && botToMove(t) {
			b.retryLater(t, 0)
		}
		t.mu.Unlock()
	}
	b.finals = nil
}

// botToMove reports, from the stored record alone (no replay at start-up), that a
// solitaire game waits for the bot: its board was shown, and the process stopped before
// the bot's turn was committed. Nothing else would ever play that turn.
func botToMove(t *table) bool {
	ds := t.row.Decisions
	if t.row.Mode != game.ModeSolitaire || t.row.Status != store.StatusPlay || len(ds) < 2 {
		return false
	}
	human := max(t.row.HumanSeat, 1)
	switch last := ds[len(ds)-1]; last.Action {
	case game.ActEnd:
		return last.Player == human
	case game.ActFreeSpawn:
		return len(ds) == 2 && human == 2 // setup over: player 1, the bot, begins
	}
	return false
}

// goOn shows what the game owes and plays on (afterTurn); a failure is retried in the
// background unless it paused the screen. The caller holds the lock.
func (b *Bot) goOn(t *table) {
	err := b.afterTurn(t)
	if err == nil || errors.Is(err, errScreenPaused) || errors.Is(err, game.ErrStopped) {
		return
	}
	if t.owed != nil && t.owed.Paused != "" {
		return
	}
	b.log.Warn("game screen not delivered; retrying", "game", t.row.ID, "err", err)
	b.retryLater(t, b.opt.RetryBase)
}
