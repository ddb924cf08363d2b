package bot

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
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
	want := health{Gateway: "connected", Database: "ok", Shard: 0, Shards: 1}
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

	// A database that no longer answers shows as 503 with its error.
	h.db.Close()
	code, _, got, body = getHealth(t, h.ctx, http.MethodGet, url)
	if code != http.StatusServiceUnavailable || got.Database == "ok" || got.Database == "" || got.Gateway != "connected" {
		t.Errorf("database closed: %d %s, want 503 with the database's error", code, body)
	}

	// Close stops the listener: a probe after shutdown is refused, not answered 200.
	h.bot.Close()
	if _, err := http.Get(url); err == nil {
		t.Errorf("GET %s after Close answered", url)
	}
	h.check()
}
