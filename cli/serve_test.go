package cli

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/store"
)

// logWatch is a stderr that tells when a line containing a given text was written.
type logWatch struct {
	mu    sync.Mutex
	text  strings.Builder
	wants map[string]chan struct{}
}

func newLogWatch(wants ...string) *logWatch {
	w := &logWatch{wants: map[string]chan struct{}{}}
	for _, s := range wants {
		w.wants[s] = make(chan struct{})
	}
	return w
}

func (w *logWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.text.Write(p)
	for s, ch := range w.wants {
		if strings.Contains(w.text.String(), s) {
			close(ch)
			delete(w.wants, s)
		}
	}
	return len(p), nil
}

func (w *logWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.text.String()
}

// TestServeMissingToken: without a token, serve exits at once pointing at the README.
func TestServeMissingToken(t *testing.T) {
	t.Chdir(t.TempDir()) // no .env here
	t.Setenv("DISCORD_TOKEN", "")
	code, _, errs := runCmd(t, "", "serve")
	if code != 1 || !strings.Contains(errs, "DISCORD_TOKEN is not set") || !strings.Contains(errs, "README.md") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestServeFromDotEnvUntilSIGTERM runs plain `kombat` (serve is the default) with its
// settings in .env against the fake Discord: it connects, answers a command and starts
// a game; SIGTERM then stops it cleanly, with the game stored and the database sound.
func TestServeFromDotEnvUntilSIGTERM(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, k := range []string{"DISCORD_TOKEN", "DISCORD_GUILD_ID", "KOMBAT_DB", "DISCORD_API_BASE", "SHARD_ID", "SHARD_COUNT", "KOMBAT_HEALTH_ADDR", "LOG_LEVEL"} {
		t.Setenv(k, "") // set and empty: .env decides (godotenv never overrides a set variable, so unset it)
		syscall.Unsetenv(k)
	}
	fake := discordtest.New()
	defer fake.Close()
	guild := fake.AddGuild("", "club")
	channel := fake.AddChannel(guild, "kombat")
	alice := fake.AddUser("alice", false)
	dbPath := filepath.Join(dir, "data", "kombat.db")
	writeFile(t, dir, ".env", "DISCORD_TOKEN="+fake.Token()+"\nDISCORD_GUILD_ID="+guild.ID+"\nDISCORD_API_BASE="+fake.APIBase()+"\nKOMBAT_DB="+dbPath+"\n")

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	logs := newLogWatch("bot started", "shutting down")
	started, shut := logs.wants["bot started"], logs.wants["shutting down"] // taken before any Write deletes them
	done := make(chan int, 1)
	go func() {
		var out strings.Builder
		done <- Run(nil, strings.NewReader(""), &out, logs)
	}()
	select {
	case <-started:
	case code := <-done:
		t.Fatalf("serve exited with %d before starting:\n%s", code, logs)
	case <-ctx.Done():
		t.Fatalf("serve did not start:\n%s", logs)
	}
	in, err := fake.SlashCommand(alice, channel.ID, "kombat", discordtest.Sub("solo"))
	if _, _, err := discordtest.Do(ctx, in, err); err != nil {
		t.Fatalf("/kombat solo: %v\n%s", err, logs)
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("serve exited with %d after SIGTERM:\n%s", code, logs)
		}
	case <-ctx.Done():
		t.Fatalf("serve did not stop after SIGTERM:\n%s", logs)
	}
	select {
	case <-shut:
	default:
		t.Errorf("no shutdown in the log:\n%s", logs)
	}
	if err := fake.Check(); err != nil {
		t.Error(err)
	}
	db, err := store.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if res, err := db.IntegrityCheck(ctx); err != nil || res != "ok" {
		t.Errorf("integrity after SIGTERM: %q %v", res, err)
	}
	if games, err := db.ActiveGames(ctx); err != nil || len(games) != 1 {
		t.Errorf("the game started before SIGTERM: %d stored, %v", len(games), err)
	}
}
