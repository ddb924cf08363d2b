package aibgnet

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kombat-game/kombat/internal/leaks"
	"github.com/kombat-game/kombat/netplay"
	"github.com/kombat-game/kombat/store"
)

// TestMain runs the package's tests, then fails the run if goroutines they started are
// still running (servers, sockets, clocks).
func TestMain(m *testing.M) { os.Exit(leaks.Main(m)) }

// clock is the server's clock in a test: it stands still until the test moves it.
type clock struct{ ns atomic.Int64 }

func newClock() *clock {
	c := &clock{}
	c.ns.Store(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC).UnixNano())
	return c
}

func (c *clock) now() time.Time      { return time.Unix(0, c.ns.Load()).UTC() }
func (c *clock) add(d time.Duration) { c.ns.Add(int64(d)) }

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

// rig is a runner on a test clock whose notices are kept, without sockets.
type rig struct {
	r     *Runner
	clock *clock
	out   *pushes
	ended chan Result
}

func newRig(t testing.TB, cfg Config) *rig {
	t.Helper()
	g := &rig{clock: newClock(), out: &pushes{}, ended: make(chan Result, 16)}
	cfg.Now = g.clock.now
	if cfg.Seed == nil {
		cfg.Seed = func() uint64 { return 42 }
	}
	cfg.Finished = func(_ Record, res Result) {
		select {
		case g.ended <- res:
		default: // a benchmark's many games: nobody reads them
		}
	}
	g.r = New(cfg)
	g.r.Attach(g.out)
	return g
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
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "kombat.db"))
	if err != nil {
		t.Fatal(err)
	}
	g := newRig(t, cfg)
	g.ended = make(chan Result, 1024)
	// Programs play at full speed here: the default 20 commands a second would make
	// a match of some hundred commands last seconds.
	lim := netplay.Limits{Commands: netplay.Rate{Burst: 1 << 20, Every: time.Microsecond}}
	srv, err := netplay.New(netplay.Config{DB: db, Handler: g.r, MessageTypes: MessageTypes(), Limits: lim})
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
		db.Close()
	})
	return &server{rig: g, addr: ln.Addr().String(), db: db}
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
