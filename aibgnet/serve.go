package aibgnet

import (
	"context"
	"fmt"
	"log/slog"
	"net"

	"github.com/kombat-game/kombat/netplay"
	"github.com/kombat-game/kombat/store"
)

// Serve serves AIBG to programs on addr (KOMBAT_BOT_ADDR, such as ":8081") until ctx
// is done: netplay's accounts and socket, with a Runner behind them and its clocks
// running. It logs the address it listens on (the port chosen, for ":0"), and returns
// once every socket is closed, nil after ctx ends or the error that stopped it.
func Serve(ctx context.Context, db *store.DB, addr string, cfg Config, lim netplay.Limits, log *slog.Logger) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.Log == nil {
		cfg.Log = log
	}
	r := New(cfg)
	srv, err := netplay.New(netplay.Config{DB: db, Handler: r, MessageTypes: MessageTypes(), Limits: lim, Log: log})
	if err != nil {
		return err
	}
	r.Attach(srv)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("aibgnet: listen on %s (KOMBAT_BOT_ADDR): %w", addr, err)
	}
	log.Info("serving AIBG to programs", "addr", ln.Addr().String(), "register", "http://"+ln.Addr().String()+"/public/register", "socket", "ws://"+ln.Addr().String()+"/player")
	clocks, stop := context.WithCancel(ctx)
	ran := make(chan struct{})
	go func() {
		defer close(ran)
		r.Run(clocks)
	}()
	err = srv.Serve(ctx, ln)
	stop()
	<-ran
	return err
}
