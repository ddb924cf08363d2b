package bot

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	neturl "net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/store"
)

// getHealth fetches a URL of the health endpoint and decodes its JSON when there is one.
func getHealth(t *testing.T, ctx context.Context, method, url string) (int, http.Header, health, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var h health
	if method != http.MethodHead && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(body, &h); err != nil {
			t.Fatalf("%s %s: %v in %q", method, url, err, body)
		}
	}
	return resp.StatusCode, resp.Header, h, string(body)
}

// waitHealth polls /healthz until it answers want, failing at the test's deadline: the
// gateway's state changes on the bot's own goroutines, so there is no event to wait on.
func waitHealth(t *testing.T, ctx context.Context, url string, want int) health {
	t.Helper()
	tk := time.NewTicker(10 * time.Millisecond)
	defer tk.Stop()
	for {
		code, _, h, body := getHealth(t, ctx, http.MethodGet, url)
		if code == want {
			return h
		}
		select {
		case <-ctx.Done():
			t.Fatalf("GET %s: still %d %s, want %d", url, code, body, want)
		case <-tk.C:
		}
	}
}

func TestHealth(t *testing.T) {
	h := newHarnessWith(t, func(o *Options) { o.Config.HealthAddr = "127.0.0.1:0" })
	url := "http://" + h.bot.HealthAddr() + "/healthz"
	if h.bot.HealthAddr() == "" || strings.HasSuffix(h.bot.HealthAddr(), ":0") {
		t.Fatalf("HealthAddr = %q, want the port the system chose", h.bot.HealthAddr())
	}

	code, hdr, got, body := getHealth(t, h.ctx, http.MethodGet, url)
	want := health{Gateway: "connected", Database: "ok", Claims: "ok", Shard: 0, Shards: 1}
	if code != http.StatusOK || got != want {
		t.Errorf("healthy bot: %d %s, want 200 %+v", code, body, want)
	}
	if hdr.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control = %q, want no-store: a cached answer hides an outage", hdr.Get("Cache-Control"))
	}
	if code, _, _, _ := getHealth(t, h.ctx, http.MethodHead, url); code != http.StatusOK {
		t.Errorf("HEAD: %d, want 200", code)
	}
	if code, hdr, _, body := getHealth(t, h.ctx, http.MethodPost, url); code != http.StatusMethodNotAllowed || hdr.Get("Allow") != "GET, HEAD" || !strings.Contains(body, "GET /healthz") {
		t.Errorf("POST: %d Allow=%q %q, want 405 naming GET /healthz", code, hdr.Get("Allow"), body)
	}
	if code, _, _, body := getHealth(t, h.ctx, http.MethodGet, "http://"+h.bot.HealthAddr()+"/"); code != http.StatusNotFound || !strings.Contains(body, "/healthz") {
		t.Errorf("GET /: %d %q, want 404 pointing at /healthz", code, body)
	}

	// A gateway outage shows as 503 naming the gateway; the bot reconnects by itself.
	h.fake.SetGatewayDown(true)
	got = waitHealth(t, h.ctx, url, http.StatusServiceUnavailable)
	if got.Gateway != "disconnected" || got.Database != "ok" {
		t.Errorf("during the outage: %+v, want the gateway named and the database ok", got)
	}
	h.fake.SetGatewayDown(false)
	waitHealth(t, h.ctx, url, http.StatusOK)
	// ... and serves again on the new session.
	if _, m := h.slash(h.alice, h.channel.ID, "rules"); m == nil || m.Content == "" && len(m.Embeds) == 0 {
		t.Errorf("/kombat rules after the reconnect: no answer")
	}

	// A database that no longer answers shows as 503 and "down": its error, which may
	// name the database's user, host and port, goes to the log alone.
	h.db.Close()
	code, _, got, body = getHealth(t, h.ctx, http.MethodGet, url)
	if code != http.StatusServiceUnavailable || got.Database != "down" || got.Gateway != "connected" {
		t.Errorf("database closed: %d %s, want 503 with the database down", code, body)
	}

	// Close stops the listener: a probe after shutdown is refused, not answered 200.
	h.bot.Close()
	if _, err := http.Get(url); err == nil {
		t.Errorf("GET %s after Close answered", url)
	}
	h.check()
}

// TestHealthHidesTheDatabase runs a bot on PostgreSQL, with a password in every place
// KOMBAT_DB can hold one, through a TCP relay the test then cuts: the start-up log
// names the database with its credentials masked, and while it is down /healthz says
// "down" and nothing of its user, name, host, port or passwords, which the log has
// instead, masked. It needs a server: KOMBAT_TEST_POSTGRES, as for the store's suite.
func TestHealthHidesTheDatabase(t *testing.T) {
	t.Parallel()
	base := os.Getenv("KOMBAT_TEST_POSTGRES")
	if base == "" {
		t.Skip("needs PostgreSQL: eval \"$(scripts/postgres.sh)\" exports KOMBAT_TEST_POSTGRES, then go test ./bot -run Health")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	u, err := neturl.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	schema := newSchema(t, base)
	relay, cut := tcpRelay(t, u.Host)
	host, port, _ := net.SplitHostPort(relay)
	user, dbName := u.User.Username(), strings.TrimPrefix(u.Path, "/")
	u.User, u.Host = neturl.UserPassword(user, "hunter1"), relay
	q := u.Query()
	q.Set("password", "hunter2") // the server trusts the test: the passwords are never asked for
	q.Set("sslpassword", "hunter3")
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()

	db, err := store.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	fake := discordtest.New()
	defer fake.Close()
	logs := &lockedLog{}
	cfg := Config{Token: fake.Token(), APIBase: fake.APIBase(), ShardCount: 1, HealthAddr: "127.0.0.1:0"}
	r, err := testRenderer() // shared: each renderer costs half a second under the race detector
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(Options{Config: cfg, DB: db, Renderer: r, Games: testGames(), Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Start(ctx); err != nil {
		t.Fatal(err)
	}
	url := "http://" + b.HealthAddr() + "/healthz"
	waitHealth(t, ctx, url, http.StatusOK)
	started := logs.line("bot started")
	if !strings.Contains(started, "postgres://"+user+":xxxxx@"+relay+"/"+dbName+"?") || !strings.Contains(started, "?password=xxxxx&") || !strings.Contains(started, "sslpassword=xxxxx") {
		t.Errorf("the start-up line does not name the database, masked: %s", started)
	}

	// The first probe after the cut meets the cut connection; the next ones a refused
	// connection, whose error names the user, database, host and port.
	cut()
	for range 3 {
		code, _, got, body := getHealth(t, ctx, http.MethodGet, url)
		if code != http.StatusServiceUnavailable || got.Database != "down" {
			t.Errorf("database cut off: %d %s, want 503 with the database down", code, body)
		}
		for _, secret := range []string{user, dbName, host, port, schema, "hunter"} {
			if strings.Contains(body, secret) {
				t.Errorf("/healthz names %q: %s", secret, body)
			}
		}
	}
	if down := logs.line("the database does not answer"); !strings.Contains(down, "err=") {
		t.Errorf("the outage is not in the log with its error:\n%s", logs)
	}
	// Once the error is the same, probing again adds no line.
	n := strings.Count(logs.String(), "the database does not answer")
	getHealth(t, ctx, http.MethodGet, url)
	getHealth(t, ctx, http.MethodGet, url)
	if again := strings.Count(logs.String(), "the database does not answer"); again != n {
		t.Errorf("%d more log lines for the same outage probed twice more, want none:\n%s", again-n, logs)
	}
	if strings.Contains(logs.String(), "hunter") {
		t.Errorf("the log holds a password:\n%s", logs)
	}
}

// newSchema creates an empty schema in the PostgreSQL database at dsn, dropped when
// the test ends, so that the test's tables meet no other test's.
func newSchema(t *testing.T, dsn string) string {
	t.Helper()
	var r [6]byte
	rand.Read(r[:])
	schema := "kombat_bot_" + hex.EncodeToString(r[:])
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	return schema
}

// tcpRelay listens on the loopback and relays every connection to target until cut,
// which closes the listener and every relayed connection: a database server gone, as
// far as the bot can tell, without stopping the server other tests use.
func tcpRelay(t *testing.T, target string) (addr string, cut func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	track := func(c net.Conn) bool {
		mu.Lock()
		defer mu.Unlock()
		if conns == nil {
			c.Close()
			return false
		}
		conns = append(conns, c)
		return true
	}
	conns = []net.Conn{}
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", target)
			if err != nil {
				in.Close()
				continue
			}
			if !track(in) || !track(out) {
				in.Close()
				continue
			}
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
	cut = func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
		conns = nil
	}
	t.Cleanup(cut)
	return ln.Addr().String(), cut
}

// lockedLog is a log the bot's goroutines write while the test reads it.
type lockedLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// line is the first line of the log holding text, or "".
func (l *lockedLog) line(text string) string {
	for line := range strings.Lines(l.String()) {
		if strings.Contains(line, text) {
			return line
		}
	}
	return ""
}
