package cli

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/aibgnet"
	"github.com/kombat-game/kombat/bot"
	"github.com/kombat-game/kombat/netplay"
	"github.com/kombat-game/kombat/store"
)

// serveNetwork serves AIBG to programs on addr (KOMBAT_BOT_ADDR) until ctx is done,
// and returns the channel that tells its end: nil once every socket is closed, or why
// it could not serve. With no addr it serves nothing and returns nil. With b (the
// Discord bot, started) its matches are the bot's host's, and with a channel
// (KOMBAT_AIBG_CHANNEL) each is shown live in a thread of its own under it; with no
// bot (--no-discord) it hosts them itself and shows them nowhere. The network's
// matches that a restart left in play are taken up before it returns.
func serveNetwork(ctx context.Context, db *store.DB, addr string, b *bot.Bot, channel string, log *slog.Logger) chan error {
	if addr == "" {
		return nil
	}
	var cfg aibgnet.Config
	if b != nil {
		cfg.Host = b.Host()
		if channel != "" {
			cfg.Show = func(id int64, names [2]string) (string, error) {
				return b.Thread(channel, fmt.Sprintf("AIBG #%d: %s vs %s", id, names[0], names[1]))
			}
		}
	}
	done := make(chan error, 1)
	s, err := aibgnet.Open(ctx, db, addr, cfg, netplay.Limits{}, log)
	if err != nil {
		done <- err
		return done
	}
	go func() { done <- s.Serve(ctx) }()
	return done
}

// aibgChannel reads KOMBAT_AIBG_CHANNEL: the Discord channel whose threads show the
// network's matches, a channel id (digits), or "" for none.
func aibgChannel(getenv func(string) string) (string, error) {
	v := strings.TrimSpace(getenv("KOMBAT_AIBG_CHANNEL"))
	if v == "" {
		return "", nil
	}
	if _, err := strconv.ParseUint(v, 10, 64); err != nil {
		return "", fmt.Errorf("KOMBAT_AIBG_CHANNEL is %q, not a channel id: give the id of the Discord channel that shows the network's AIBG matches (Developer Mode, right-click the channel, Copy Channel ID), or leave it empty to show them nowhere", v)
	}
	return v, nil
}
