package aibgnet

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"strconv"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/netplay"
	"github.com/kombat-game/kombat/store"
)

// Service is AIBG served to programs on an address: netplay's accounts and socket,
// a Runner behind them, and the host its matches are hosted by.
type Service struct {
	r   *Runner
	srv *netplay.Server
	ln  net.Listener
	h   *host.Host // the service's own host (no Config.Host), closed with it; nil otherwise
	log *slog.Logger
}

// Open prepares AIBG for programs on addr (KOMBAT_BOT_ADDR, such as ":8081"): it
// listens, and, when cfg names no host, makes one of its own on db that hosts the
// network's matches alone (those of cfg's scope) and shows them nowhere (Quiet),
// with the matches a restart left in play taken up again (their clocks going on from
// the store's deadlines) before it returns. Serve then serves.
func Open(ctx context.Context, db *store.DB, addr string, cfg Config, lim netplay.Limits, log *slog.Logger) (*Service, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.Log == nil {
		cfg.Log = log
	}
	s := &Service{log: log}
	if cfg.Host == nil {
		scope := cfg.withDefaults().Scope
		h, err := host.New(host.Options{DB: db, Front: Quiet{}, Log: log, Games: []host.Plug{aibghost.Plug()},
			Mine: func(g *store.Game) bool { return g.Game == aibghost.Name && g.Scope == scope }})
		if err != nil {
			return nil, err
		}
		if _, err := h.Restore(ctx); err != nil {
			<-h.Close()
			return nil, err
		}
		h.Connected()
		h.Tick()
		cfg.Host, s.h = h, h
	}
	fail := func(err error) (*Service, error) {
		if s.h != nil {
			<-s.h.Close()
		}
		return nil, err
	}
	r, err := New(cfg)
	if err != nil {
		return fail(err)
	}
	srv, err := netplay.New(netplay.Config{DB: db, Handler: r, MessageTypes: MessageTypes(), Limits: lim, Log: log})
	if err != nil {
		return fail(err)
	}
	r.Attach(srv)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fail(fmt.Errorf("aibgnet: listen on %s (KOMBAT_BOT_ADDR): %w", addr, err))
	}
	s.r, s.srv, s.ln = r, srv, ln
	return s, nil
}

// Addr is the address the service listens on (the port chosen, for ":0").
func (s *Service) Addr() string { return s.ln.Addr().String() }

// Runner is the service's runner.
func (s *Service) Runner() *Runner { return s.r }

// Serve serves until ctx is done, logging the address it listens on, and returns
// once every socket is closed (and the service's own host has stopped), nil after
// ctx ends or the error that stopped it.
func (s *Service) Serve(ctx context.Context) error {
	a := s.Addr()
	s.log.Info("serving AIBG to programs", "addr", a, "register", "http://"+a+"/public/register", "socket", "ws://"+a+"/player")
	waits, stop := context.WithCancel(ctx)
	ran := make(chan struct{})
	go func() {
		defer close(ran)
		s.r.Run(waits)
	}()
	err := s.srv.Serve(ctx, s.ln)
	stop()
	<-ran
	if s.h != nil {
		<-s.h.Close()
	}
	return err
}

// Serve serves AIBG to programs on addr until ctx is done: Open, then Service.Serve.
func Serve(ctx context.Context, db *store.DB, addr string, cfg Config, lim netplay.Limits, log *slog.Logger) error {
	s, err := Open(ctx, db, addr, cfg, lim, log)
	if err != nil {
		return err
	}
	return s.Serve(ctx)
}

// Quiet is a host's front that shows nothing: the network's matches when no chat
// shows them (kombat serve --no-discord). Each screen is taken at once, so a match's
// clock starts as its state is stored and its programs are told.
type Quiet struct{}

var _ host.Front = Quiet{}

// Show takes the screen, showing it nowhere.
func (Quiet) Show(t *host.Table, s *store.Screen) (string, error) {
	return "quiet:" + strconv.FormatInt(t.Row.ID, 10) + ":" + strconv.Itoa(s.Version), nil
}

// Retire does nothing: no screen was shown.
func (Quiet) Retire(*host.Table, string) {}

// Permanent says no failure is permanent: Show never fails.
func (Quiet) Permanent(error) string { return "" }

// Summary words nothing.
func (Quiet) Summary(*host.Table, host.Event) string { return "" }

// Tell tells nobody.
func (Quiet) Tell(*host.Table, host.Note) {}
