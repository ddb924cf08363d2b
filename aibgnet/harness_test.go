package aibgnet

import (
	"context"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/internal/leaks"
	"github.com/kombat-game/kombat/netplay"
	"github.com/kombat-game/kombat/store"
)

// TestMain runs the package's tests, then fails the run if goroutines they started are
// still running (servers, sockets, clocks).
func TestMain(m *testing.M) {
	code := leaks.Main(m)
	if path, err := migrated(); err == nil {
		os.RemoveAll(filepath.Dir(path))
	}
	os.Exit(code)
}

// migrated is a store's file with every migration made, which each test copies rather
// than migrating a new file (a second or more under the race detector).
var migrated = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "aibgnet-store")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "kombat.db")
	db, err := store.Open(context.Background(), path)
	if err != nil {
		return "", err
	}
	return path, db.Close()
})

// freshStore is a new store of the test's, migrated.
func freshStore(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), freshFile(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// freshFile is the path of a new store's file of the test's, migrated.
func freshFile(t testing.TB) string {
	t.Helper()
	src, err := migrated()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "kombat.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// clock is the host's clock in a test: it stands still until the test moves it.
type clock struct{ *host.ManualClock }

func newClock() *clock {
	return &clock{host.NewManualClock(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))}
}

func (c *clock) now() time.Time      { return c.Now() }
func (c *clock) add(d time.Duration) { c.Advance(d) }

// pushes keeps what the runner sends each account unasked.
type pushes struct {
	mu  sync.Mutex
	got map[int64][]netplay.Answer
}

func (p *pushes) Push(account int64, a netplay.Answer) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.got == nil {
		p.got = map[int64][]netplay.Answer{}
	}
	p.got[account] = append(p.got[account], a)
	return 1
}

// take returns and forgets the notices account has received.
func (p *pushes) take(account int64) []Notice {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []Notice
	for _, a := range p.got[account] {
		out = append(out, a.ServerMessage.(Notice))
	}
	delete(p.got, account)
	return out
}

// rig is a runner on a host (a SQLite file of the test's, a front that shows
// nothing, a test clock) whose notices are kept, without sockets.
type rig struct {
	r     *Runner
	h     *host.Host
	db    *store.DB
	clock *clock
	out   *pushes
	ended chan Result
	cfg   Config
	// closeHost stops the host (once), as a process that ends.
	closeHost func()
}

func newRig(t testing.TB, cfg Config) *rig {
	t.Helper()
	return rigOn(t, freshStore(t), newClock(), cfg)
}

// rigOn is a rig on db at clock, as a process started on that store: it takes up the
// matches the store holds in play.
func rigOn(t testing.TB, db *store.DB, c *clock, cfg Config) *rig {
	t.Helper()
	g := &rig{db: db, clock: c, out: &pushes{}, ended: make(chan Result, 1024)}
	h, err := host.New(host.Options{DB: db, Front: Quiet{}, Clock: c, Games: []host.Plug{aibghost.Plug()}, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.Connected()
	closed := false
	g.closeHost = func() {
		if !closed {
			closed = true
			<-h.Close()
		}
	}
	t.Cleanup(g.closeHost)
	if cfg.Seed == nil {
		cfg.Seed = func() uint64 { return 42 }
	}
	cfg.Host = h
	cfg.Finished = func(_ Record, res Result) {
		select {
		case g.ended <- res:
		default: // a benchmark's many games: nobody reads them
		}
	}
	g.h, g.cfg = h, cfg
	if g.r, err = New(cfg); err != nil {
		t.Fatal(err)
	}
	g.r.Attach(g.out)
	return g
}

// tick runs what is due at the rig's clock: the host's deadlines (A18), the runner's
// waiting matches.
func (g *rig) tick() {
	g.h.RunDue(context.Background())
	g.r.Tick()
}

// match is match id as it stands, rebuilt from its record.
func (g *rig) match(t testing.TB, id int64) *Match {
	t.Helper()
	rec, ok := g.r.Record(id)
	if !ok {
		t.Fatalf("game %d is not held", id)
	}
	m, err := Restore(rec)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// players of the tests, as netplay gives them to the handler.
var (
	alice = netplay.Player{ID: 1, Name: "alice"}
	bob   = netplay.Player{ID: 2, Name: "bob"}
	carol = netplay.Player{ID: 3, Name: "carol"}
)

// send is one command of p.
func (g *rig) send(p netplay.Player, game int64, typ, text string) netplay.Answer {
	return g.r.Handle(context.Background(), p, netplay.Command{GameID: game, MessageType: typ, MessageText: text})
}

// mustSend is a command that must be taken.
func (g *rig) mustSend(t testing.TB, p netplay.Player, game int64, typ, text string) netplay.Answer {
	t.Helper()
	a := g.send(p, game, typ, text)
	if r, ok := a.ServerMessage.(netplay.Refusal); ok {
		t.Fatalf("%s %s %q refused: %s", p.Name, typ, text, r.Error)
	}
	return a
}

// server is a real netplay server on 127.0.0.1 with a runner behind it, on a clock
// that stands still (so no clock runs out while programs think), until the test ends.
type server struct {
	*rig
	addr string
	db   *store.DB
}

func startServer(t *testing.T, cfg Config) *server {
	t.Helper()
	g := newRig(t, cfg)
	// Programs play at full speed here: the default 20 commands a second would make
	// a match of some hundred commands last seconds.
	lim := netplay.Limits{Commands: netplay.Rate{Burst: 1 << 20, Every: time.Microsecond}}
	srv, err := netplay.New(netplay.Config{DB: g.db, Handler: g.r, MessageTypes: MessageTypes(), Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	g.r.Attach(srv)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return &server{rig: g, addr: ln.Addr().String(), db: g.db}
}

// program runs a program of testdata (netplay's, where the clients live), skipping the
// test when its language is not installed.
func program(t *testing.T, ctx context.Context, lang string, args ...string) *exec.Cmd {
	t.Helper()
	if _, err := exec.LookPath(lang); err != nil {
		t.Skipf("%s is not installed (the CI has it): this test runs a program written in it", lang)
	}
	return exec.CommandContext(ctx, lang, args...)
}

// phase is match id's phase now, read from the host's engine; GAME_OVER once the
// host holds it no more.
func (g *rig) phase(id int64) aibg.Phase {
	ph := aibg.GameOver
	g.engine(id, func(e *aibg.Game) { ph = e.Phase() })
	return ph
}

// engine calls f with match id's engine, the host's (its table locked) or the
// waiting match's, if it is in play or waiting.
func (g *rig) engine(id int64, f func(*aibg.Game)) {
	s := g.r.slot(id)
	if s.e != nil {
		s.e.mu.Lock()
		defer s.e.mu.Unlock()
		f(s.e.m.game)
		return
	}
	if s.table == 0 {
		return
	}
	t, err := g.h.Lock(s.table)
	if err != nil {
		return
	}
	defer t.Unlock()
	if e, err := g.r.ab.Match(t); err == nil {
		f(e)
	}
}
