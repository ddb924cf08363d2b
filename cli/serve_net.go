package cli

import (
	"context"
	"log/slog"

	"github.com/kombat-game/kombat/aibgnet"
	"github.com/kombat-game/kombat/netplay"
	"github.com/kombat-game/kombat/store"
)

// serveNetwork serves AIBG to programs on addr (KOMBAT_BOT_ADDR) until ctx is done,
// and returns the channel that tells its end: nil once every socket is closed, or why
// it could not serve. With no addr it serves nothing and returns nil. The network's
// matches that a restart left in play are taken up (claimed in the store) before it
// returns, so the Discord host started next leaves them to it.
func serveNetwork(ctx context.Context, db *store.DB, addr string, log *slog.Logger) chan error {
	if addr == "" {
		return nil
	}
	done := make(chan error, 1)
	s, err := aibgnet.Open(ctx, db, addr, aibgnet.Config{}, netplay.Limits{}, log)
	if err != nil {
		done <- err
		return done
	}
	go func() { done <- s.Serve(ctx) }()
	return done
}
