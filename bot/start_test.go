package bot

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// TestStartBadToken: a wrong token fails Start with a message that names the token
// and the README's troubleshooting, rather than hanging or starting half-way.
func TestStartBadToken(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	fake := discordtest.New()
	defer fake.Close()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r, err := render.New()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Token: "not-the-token", APIBase: fake.APIBase(), ShardCount: 1}
	b, err := New(Options{Config: cfg, DB: db, Renderer: r, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	err = b.Start(ctx)
	if err == nil {
		b.Close()
		t.Fatal("Start succeeded with a wrong token")
	}
	for _, want := range []string{"check DISCORD_TOKEN", "Troubleshooting", "4004"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if b.Connected() {
		t.Error("reports a gateway connection after a failed start")
	}
}
