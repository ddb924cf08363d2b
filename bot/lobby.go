package bot

import (
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
)

// moveToThread gives the game its own thread from a message, when the bot may create
// one; otherwise the game stays in the channel.
func (b *Bot) moveToThread(t *host.Table, messageID, name string) {
	th, err := b.sess.MessageThreadStartComplex(t.Row.Place, messageID, &discordgo.ThreadStart{Name: threadName(name), AutoArchiveDuration: 1440})
	if err != nil {
		b.log.Info("no thread; playing in the channel", "game", t.Row.ID, "err", err)
		return
	}
	if err := b.host.Move(t, th.ID, t.Row.Place); err != nil {
		b.log.Error("save thread", "game", t.Row.ID, "err", err)
	}
}

// onTable answers with do on a game locked for a component, or with why it cannot be.
func (b *Bot) onTable(id int64, do func(t *host.Table) view.Reply) view.Reply {
	t, bad := ui.Lock(services{b}, id)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	return do(t)
}

// refusedOr is the private reply that tells a player what host refused, or, for any
// other error, the internal-error reply (logged as what).
func (b *Bot) refusedOr(r *request, what string, err error) view.Reply {
	var no *host.Refusal
	if errors.As(err, &no) {
		return view.Private("%s", view.RefusalText(no))
	}
	return b.internal(r, what, err)
}

// threadName is name cut to Discord's 100 characters of a thread's name.
func threadName(name string) string {
	if len([]rune(name)) > 100 {
		name = string([]rune(name)[:100])
	}
	return name
}

// Host is the bot's host, for another front of the same games (aibgnet's matches over
// the network, shown here): one host runs every game of the process.
func (b *Bot) Host() *host.Host { return b.host }

// Thread opens a public thread named name under channel, with no message to start it
// from, and returns its id: a place of its own for a game started elsewhere (a match
// over the network). The bot must be started.
func (b *Bot) Thread(channel, name string) (string, error) {
	th, err := b.sess.ThreadStartComplex(channel, &discordgo.ThreadStart{Name: threadName(name), AutoArchiveDuration: 1440, Type: discordgo.ChannelTypeGuildPublicThread})
	if err != nil {
		return "", fmt.Errorf("bot: a thread under channel %s: %w", channel, err)
	}
	return th.ID, nil
}
