package bot

import (
	"context"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/store"
)

// TestStartRefused: a configuration the bot cannot run with fails Start with a message
// that names what to fix, rather than hanging or starting half-way.
func TestStartRefused(t *testing.T) {
	t.Parallel()
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	fake := discordtest.New()
	defer fake.Close()
	// A loopback port nobody listens on: the network failure of a wrong DISCORD_API_BASE.
	gone, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	nowhere := "http://" + gone.Addr().String() + "/api/v9"
	gone.Close()
	// The same, through a proxy that takes credentials: the message names it masked.
	nowhereAuth := "http://proxy:hunter2@" + gone.Addr().String() + "/api/v9?token=hunter3"
	nowhereMasked := "http://proxy:xxxxx@" + gone.Addr().String() + "/api/v9?token=xxxxx"
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, tc := range []struct {
		name   string
		change func(*Config)
		want   []string
	}{
		{"wrong token", func(c *Config) { c.Token = "not-the-token" }, []string{"rejected the token", fake.APIBase(), "check DISCORD_TOKEN", "Troubleshooting", "4004"}},
		{"unreachable API", func(c *Config) { c.APIBase = nowhere }, []string{"cannot reach Discord's API at " + nowhere, "the token was not tried"}},
		{"unreachable API with credentials", func(c *Config) { c.APIBase = nowhereAuth }, []string{"cannot reach Discord's API at " + nowhereMasked}},
		// A health endpoint no probe can reach must not pass for a healthy start.
		{"health address taken", func(c *Config) { c.HealthAddr = taken.Addr().String() }, []string{"KOMBAT_HEALTH_ADDR", "host:port"}},
		{"health address malformed", func(c *Config) { c.HealthAddr = "not an address" }, []string{"KOMBAT_HEALTH_ADDR", "host:port"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A deadline of each case's own: under the race detector on a busy machine the
			// cases before it once spent the whole of a shared one.
			ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			cfg := Config{Token: fake.Token(), APIBase: fake.APIBase(), ShardCount: 1}
			tc.change(&cfg)
			r, err := testRenderer() // shared: each renderer costs half a second under the race detector
			if err != nil {
				t.Fatal(err)
			}
			b, err := New(Options{Config: cfg, DB: db, Renderer: r, Games: testGames(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			err = b.Start(ctx)
			if err == nil {
				t.Fatal("Start succeeded")
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q lacks %q", err, want)
				}
			}
			if strings.Contains(err.Error(), "hunter") {
				t.Errorf("error %q holds a password", err)
			}
			if b.Connected() || fake.Connected() != 0 {
				t.Error("a gateway session is up after a failed start")
			}
		})
	}
}
