package bot

import (
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// Auto games' screens as interaction follow-ups. Discord counts a bot's channel posts
// and edits against its global limit of about 50 requests a second, but not the
// follow-ups of an interaction and their edits, which its token allows for 15 minutes.
// An auto game is started by its player's Ready, an interaction in the game's thread,
// so for its first followMargin its boards are posted as follow-ups of that Ready and
// the board before is retired through the same token: 300 auto games at the 3 s pace
// (200 channel requests a second) then cost Discord's budget nothing per turn. Past
// the margin, after a restart (the token is kept in memory only: it is a credential,
// if a short-lived one, and the store keeps none), or when the token is refused, a
// screen goes by the channel, as every screen did before, paced by the scheduler.
//
// Execute Webhook has no nonce, so "a retried post stays one message" rests on the
// board's file name, which is the screen's nonce (screenFile): before posting a
// screen whose earlier delivery may have taken effect (a failed attempt, or a screen
// owed since before this process started), the bot reads the channel's latest
// messages and adopts its own message carrying that file instead of posting again.

// followMargin is how long after the Ready that started an auto game its token is
// used for the game's screens: Discord honours it for 15 minutes, and the last minute
// is margin for a post under way, a slow retry and clocks apart.
const followMargin = 14 * time.Minute

// lookBack is how many of a channel's latest messages are read to find a screen
// whose post may have taken effect: the game's thread holds little else.
const lookBack = 50

// followToken is the interaction token an auto game's screens are posted with.
type followToken struct {
	app, token string
	at         time.Time       // when the bot took it, by the bot's clock
	posted     map[string]bool // the screens posted with it, which it can edit
	answered   string          // the message its interaction's answer updated (the setup's): already without controls
}

// followups are the tokens of the auto games started in this process, by game id.
type followups struct {
	mu     sync.Mutex
	tokens map[int64]*followToken
}

// keep records the token of the Ready that starts game, once that interaction is
// answered (Discord takes follow-ups only then); tokens past the margin are dropped.
func (f *followups) keep(game int64, i *discordgo.Interaction, now time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.tokens == nil {
		f.tokens = map[int64]*followToken{}
	}
	for id, tok := range f.tokens {
		if now.Sub(tok.at) >= followMargin {
			delete(f.tokens, id)
		}
	}
	tok := &followToken{app: i.AppID, token: i.Token, at: now, posted: map[string]bool{}}
	if i.Message != nil {
		tok.answered = i.Message.ID
	}
	f.tokens[game] = tok
}

// fresh returns a copy of game's token while it is within the margin, dropping it
// once it is not.
func (f *followups) fresh(game int64, now time.Time) (followToken, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	tok := f.tokens[game]
	if tok == nil {
		return followToken{}, false
	}
	if now.Sub(tok.at) >= followMargin {
		delete(f.tokens, game)
		return followToken{}, false
	}
	return followToken{app: tok.app, token: tok.token, at: tok.at, answered: tok.answered}, true
}

// posted records a message posted with game's token.
func (f *followups) posted(game int64, token, message string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if tok := f.tokens[game]; tok != nil && tok.token == token {
		tok.posted[message] = true
	}
}

// owns reports whether message was posted with game's token.
func (f *followups) owns(game int64, message string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	tok := f.tokens[game]
	return tok != nil && tok.posted[message]
}

// drop forgets game's token: the game is over, or Discord refused the token.
func (f *followups) drop(game int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.tokens, game)
}

// held counts the tokens kept, for tests.
func (f *followups) held() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.tokens)
}

// screenFile is the name of a screen's board: its nonce, so that the bot can tell
// its own post of that screen among a channel's messages.
func screenFile(nonce string) string { return "board-" + nonce + ".png" }

// followStart keeps the token of r, the Ready that starts auto game t, for its
// screens (a game's UI asks, ui.Request.FollowScreens); other games are shown by the
// channel (see the file's comment).
func (b *Bot) followStart(r *request, t *host.Table) {
	if r.deferred {
		b.follow.keep(t.Row.ID, r.i, b.clock.Now())
	}
}

// postScreen posts a game's screen rep (nonce names it) and returns its message: as a
// follow-up of the game's interaction while its token is fresh, else by the channel
// with enforce_nonce. A screen whose earlier delivery may have taken effect is looked
// for first, and adopted when found.
func (b *Bot) postScreen(t *host.Table, s *store.Screen, rep view.Reply, nonce string) (string, error) {
	name := ""
	if len(rep.Files) > 0 {
		name = screenFile(nonce)
		rep.Files[0].Name = name
	}
	// A screen owed in this process has no OwedAt; one read from the store at start-up
	// has, and may have been posted before the restart.
	if name != "" && (s.Attempts > 0 || !s.OwedAt.IsZero()) {
		m, err := b.findScreen(t.Row.Place, name, t.Row.Shown, b.screenPriority(t))
		if err != nil {
			return "", err
		}
		if m != nil {
			b.log.Info("screen found already posted; adopted", "game", t.Row.ID, "version", s.Version, "message", m.ID)
			if tok, ok := b.follow.fresh(t.Row.ID, b.clock.Now()); ok && m.WebhookID != "" {
				b.follow.posted(t.Row.ID, tok.token, m.ID) // a follow-up: the token retires it
			}
			return m.ID, nil
		}
	}
	if tok, ok := b.follow.fresh(t.Row.ID, b.clock.Now()); ok && name != "" {
		m, err := b.followPost(tok, rep, b.screenPriority(t))
		if err == nil {
			b.follow.posted(t.Row.ID, tok.token, m.ID)
			return m.ID, nil
		}
		if !refused(err) {
			return "", err // it may have taken effect: the retry looks first
		}
		b.log.Warn("follow-up refused; the screen goes by the channel", "game", t.Row.ID, "err", err)
		if tokenDead(err) {
			b.follow.drop(t.Row.ID)
		}
	}
	m, err := b.postOnce(t.Row.Place, rep, nonce, b.screenPriority(t))
	if err != nil {
		return "", err
	}
	return m.ID, nil
}

// followPost posts rep as a follow-up of tok's interaction. discordgo would retry a
// 502 with the same body, and a webhook post has no nonce to make that safe, so it
// makes one attempt and leaves the retry to the screens' own, which looks first.
func (b *Bot) followPost(tok followToken, rep view.Reply, prio discordgo.RequestOption) (*discordgo.Message, error) {
	send := rep.Message()
	params := &discordgo.WebhookParams{Content: send.Content, Components: send.Components, Embeds: send.Embeds,
		Files: send.Files, AllowedMentions: send.AllowedMentions, Flags: send.Flags}
	m, err := b.sess.FollowupMessageCreate(&discordgo.Interaction{AppID: tok.app, Token: tok.token}, true, params,
		discordgo.WithRestRetries(0), prio)
	if err == nil {
		b.shown.record(m.ID, rep.Components)
	}
	return m, err
}

// followRetire takes the controls off old through the game's token when old was posted
// with it; it reports false when the channel must do it (no fresh token, or refused).
func (b *Bot) followRetire(t *host.Table, old string, keep []discordgo.MessageComponent) bool {
	tok, ok := b.follow.fresh(t.Row.ID, b.clock.Now())
	if ok && old == tok.answered {
		return true // the Ready's answer took the setup's controls off: nothing to retire
	}
	if !ok || !b.follow.owns(t.Row.ID, old) {
		return false
	}
	// One bucket per token, as Discord limits them; discordgo's own edit would put
	// every token's edits in one bucket.
	uri := discordgo.EndpointWebhookMessage(tok.app, tok.token, old)
	_, err := b.sess.RequestWithBucketID("PATCH", uri, &discordgo.WebhookEdit{Components: &keep},
		discordgo.EndpointWebhookToken(tok.app, tok.token)+"/messages", b.screenPriority(t))
	switch {
	case err == nil:
	case refused(err):
		if tokenDead(err) {
			b.follow.drop(t.Row.ID)
		}
		return false
	default:
		b.log.Warn("strip old controls", "game", t.Row.ID, "message", old, "err", err)
	}
	return true
}

// refused reports a failure of the interaction webhook that had no effect and will
// not pass (the token expired or unknown, the message gone): the channel can still do
// what it asked.
func refused(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return false
	}
	code := rest.Response.StatusCode
	return code >= 400 && code < 500 && code != http.StatusTooManyRequests
}

// tokenDead reports a refusal of the interaction token itself (expired, unknown):
// nothing more goes through it.
func tokenDead(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return false
	}
	return rest.Response.StatusCode == http.StatusUnauthorized || rest.Message != nil && rest.Message.Code == discordgo.ErrCodeUnknownWebhook
}

// findScreen looks among a channel's latest messages for the bot's own that carries
// the file name, and returns its id ("" if none). A permanent failure to read (the
// bot may not read the history) finds nothing, so the screen is posted rather than
// stuck; a transient one is returned, to retry.
func (b *Bot) findScreen(channel, name, shown string, prio discordgo.RequestOption) (*discordgo.Message, error) {
	ms, err := b.sess.ChannelMessages(channel, lookBack, "", "", "", prio)
	if err != nil {
		if why := permanent(err); why != "" {
			b.log.Warn("cannot read the channel to find a screen; posting it", "channel", channel, "err", err)
			return nil, nil
		}
		return nil, err
	}
	self := ""
	if st := b.sess.State; st != nil && st.User != nil {
		self = st.User.ID
	}
	seen := false // the screen shown before, which should be among the latest
	for _, m := range ms {
		seen = seen || m.ID == shown
		if m.Author == nil || self != "" && m.Author.ID != self || self == "" && !m.Author.Bot {
			continue
		}
		for _, a := range m.Attachments {
			if a != nil && strings.EqualFold(a.Filename, name) {
				return m, nil
			}
		}
	}
	if shown != "" && !seen && len(ms) < lookBack {
		// Discord answers an empty history, not a refusal, to a bot without Read
		// Message History: the look saw nothing, and the screen may go up twice.
		b.log.Warn("cannot see the channel's history (Read Message History?); posting the screen", "channel", channel, "file", name)
	}
	return nil, nil
}
