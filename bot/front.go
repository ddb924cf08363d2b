package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/pace"
	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// discordFront is the Discord side of hosting (host.Front): host decides when a game's
// channel needs a screen or a note, and discordFront posts it and words it.
type discordFront struct{ b *Bot }

var _ host.Front = discordFront{}

// Show posts the screen a game owes through its registered UI (ui.Screens.Show).
func (f discordFront) Show(t *host.Table, s *store.Screen) (string, error) {
	g := f.b.games[t.Row.Game]
	if g.Screen == nil {
		return "", fmt.Errorf("bot: game %d: no registered UI shows %q games", t.Row.ID, t.Row.Game)
	}
	return g.Screen.Show(services(f), t, s)
}

// Retire takes the controls off the message shown before (a "Why?" button stays). A
// message known to show already what it would keep is left alone: a bot's turn in a
// solitaire game is posted with its Why? row only, and an edit to the same would be a
// counted request per turn that changes nothing (shown).
func (f discordFront) Retire(t *host.Table, old string) {
	// A registered game's screen keeps what its ui.Retirer says, or none. Sent as an
	// empty list, never null: Discord documents [] as the way to clear a message's
	// components (discordgo sends a pointer to a nil slice as null).
	var re ui.Retired
	if r, ok := f.b.games[t.Row.Game].Screen.(ui.Retirer); ok {
		var err error
		if re, err = r.Retire(services(f), t); err != nil {
			return
		}
	}
	keep := append([]discordgo.MessageComponent{}, re.Keep...)
	if re.Last {
		defer f.b.follow.drop(t.Row.ID) // the last screen is up: its token has done its work
	}
	id, place, prio := t.Row.ID, t.Row.Place, f.b.screenPriority(t)
	change := &discordgo.MessageEdit{ID: old, Channel: place, Components: &keep, Content: re.Content}
	if re.Content != nil {
		change.AllowedMentions = &discordgo.MessageAllowedMentions{}
	}
	// A screen is retired once: what the bot knew of it is of no more use.
	if change.Content == nil && f.b.shown.already(old, keep) {
		f.b.shown.forget(old)
		return
	}
	f.b.shown.forget(old)
	if f.b.followRetire(t, old, keep) {
		return
	}
	edit := func() {
		// A permanent failure here (the old message deleted) leaves nothing to clean.
		if _, err := f.b.editMessage(change, prio); err != nil && permanent(err) == "" {
			f.b.log.Warn("strip old controls", "game", id, "message", old, "err", err)
		}
	}
	// A game whose screens follow up its Ready rarely retires anything by the channel
	// (a screen posted there after a refused token or adopted after a restart), and
	// such an edit waits for the global budget behind every other game's start: the
	// game keeps its pace rather than wait with it.
	if _, fresh := f.b.follow.fresh(id, f.b.clock.Now()); fresh && f.b.begin() {
		go func() {
			defer f.b.work.Done()
			edit()
		}()
		return
	}
	edit()
}

// Permanent is permanent, for host.
func (f discordFront) Permanent(err error) string { return permanent(err) }

// Summary words what happened above the board that shows it (ui.Screens.Summary).
func (f discordFront) Summary(t *host.Table, e host.Event) string {
	if g := f.b.games[t.Row.Game]; g.Screen != nil {
		return g.Screen.Summary(services(f), t, e)
	}
	return ""
}

// Tell posts or edits what host tells a game's channel: its registered UI words the
// game's own notes (ui.Screens.Tell), the transport those of every game (settings
// lowered or a game abandoned). A failure is only logged, as the game itself is stored.
func (f discordFront) Tell(t *host.Table, n host.Note) {
	b := f.b
	if g := b.games[t.Row.Game]; g.Screen != nil && g.Screen.Tell(services{b}, t, n) {
		return
	}
	var err error
	switch n.Kind {
	case host.NoteLowered, host.NoteAbandoned:
		text := b.settingsNote(t.Row.Game, n)
		_, err = b.sess.ChannelMessageSend(t.Row.Place, text)
	}
	if err != nil {
		b.log.Error("tell channel", "game", t.Row.ID, "note", n.Kind, "err", err)
	}
}

// settingsNote words a note of a game whose stored settings were outside today's
// limits (host.NoteLowered or host.NoteAbandoned), pointing to the game's own rules
// and command as its registration names them.
func (b *Bot) settingsNote(game store.GameName, n host.Note) string {
	g := b.games[game]
	why := "This game was stored by an older version of the bot with settings outside today's limits (" + n.Text + ")"
	if n.Kind == host.NoteAbandoned {
		text := "⚠️ " + why + ". Its turns cannot be replayed within those limits, so the game has ended without a result; no rating changed."
		if g.Command != nil {
			text += " Start a new game with `/" + g.Command.Name + "`."
		}
		return text
	}
	text := "⚠️ " + why + ", so they were lowered to the limits. The game goes on with them"
	if rules := subcommand(g, "rules"); rules != "" {
		return text + "; `" + rules + "` lists the limits."
	}
	return text + "."
}

// mine reports whether this process's shard serves a game's guild (Discord's routing).
func (b *Bot) mine(guild string) bool {
	n := uint64(b.opt.Config.ShardCount)
	if n <= 1 {
		return true
	}
	id, _ := strconv.ParseUint(guild, 10, 64)
	return (id>>22)%n == uint64(b.opt.Config.ShardID)
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
func (b *Bot) postOnce(channel string, rep view.Reply, nonce string, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	data := onceSend{MessageSend: rep.Message(), Nonce: nonce, EnforceNonce: true}
	endpoint := discordgo.EndpointChannelMessages(channel)
	var body []byte
	var err error
	if files := data.Files; len(files) > 0 {
		ct, raw, encErr := discordgo.MultipartBodyWithJSON(data, files)
		if encErr != nil {
			return nil, encErr
		}
		body, err = b.sess.RequestRaw("POST", endpoint, ct, raw, endpoint, 0, opts...)
	} else {
		body, err = b.sess.RequestWithBucketID("POST", endpoint, data, endpoint, opts...)
	}
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := discordgo.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	b.shown.record(m.ID, rep.Components)
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
		return "the bot may not post in this channel (missing permission): give it View Channel, Send Messages and Attach Files there, then use any of the game's commands here"
	case code == http.StatusNotFound:
		return "the game's channel or thread is gone"
	case code == http.StatusTooManyRequests || code >= 500:
		return ""
	default:
		return fmt.Sprintf("Discord refused the board (HTTP %d)", code)
	}
}

// screenPriority is the request option for a game's screens and their edits: auto
// games (no person in any seat) and tournament games give way to games with people.
func (b *Bot) screenPriority(t *host.Table) discordgo.RequestOption {
	p := pace.Auto
	var players []string // a game that says nothing of its seats has no person in them
	if g := b.games[t.Row.Game]; g.Seats != nil {
		players = g.Seats(t)
	}
	for _, id := range players {
		if id != "" {
			p = pace.Human
		}
	}
	// Background, as before: a post under way when the bot closes is not cut off
	// (the scheduler's Close drops only the posts still waiting for the budget).
	return discordgo.WithContext(pace.WithPriority(context.Background(), p))
}
