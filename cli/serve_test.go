package cli

import (
	"context"
	"os"
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

// TestServeMissingToken: without a token, serve exits at once pointing at the README,
// and at kombat play for someone who only wants to try the game.
func TestServeMissingToken(t *testing.T) {
	t.Chdir(t.TempDir()) // no .env here
	t.Setenv("DISCORD_TOKEN", "")
	code, _, errs := runCmd(t, "", "serve")
	if code != 1 || !strings.Contains(errs, "DISCORD_TOKEN is not set") || !strings.Contains(errs, "README.md") ||
		!strings.Contains(errs, "kombat play") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestServeMasksCredentials: when serve cannot start, what it prints names KOMBAT_DB
// and DISCORD_API_BASE without a password, in every form they can hold one, and a
// key=value connection string is refused rather than taken for a file's name.
func TestServeMasksCredentials(t *testing.T) {
	for _, c := range []struct {
		name, db, api, want string
	}{
		// Port 1 of the loopback refuses at once.
		{"PostgreSQL down", "postgres://kombat:hunter1@127.0.0.1:1/kombat?password=hunter2&sslpassword=hunter3&connect_timeout=2", "",
			"postgres://kombat:xxxxx@127.0.0.1:1/kombat?password=xxxxx&sslpassword=xxxxx"},
		{"malformed URL", "postgres://kombat:hun/ter1@db:5432/kombat?password=hunter2", "", "not a valid URL"},
		{"key=value", "host=127.0.0.1 port=1 user=kombat password=hunter1 dbname=kombat", "", "password=xxxxx"},
		{"malformed API base", "", "http://proxy:hunter1@127.0.0.1:port/api/v9?token=hunter2", "DISCORD_API_BASE"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir) // no .env here
			t.Setenv("DISCORD_TOKEN", "x")
			t.Setenv("KOMBAT_DB", c.db)
			t.Setenv("DISCORD_API_BASE", c.api)
			code, out, errs := runCmd(t, "", "serve")
			if code != 1 || !strings.Contains(errs, c.want) || strings.Contains(out+errs, "hunter") || strings.Contains(out+errs, "hun/ter") {
				t.Errorf("exit %d, stdout %q, stderr %q: want 1 and %q, with no password", code, out, errs, c.want)
			}
			if names, _ := os.ReadDir(dir); len(names) != 0 {
				t.Errorf("serve left %s in the working directory", names[0].Name())
			}
		})
	}
}

// TestServeFromDotEnvUntilSIGTERM runs plain `kombat` (serve is the default) with its
// settings in .env against the fake Discord: it connects, answers a command and starts
// a game, and serves AIBG to programs (KOMBAT_BOT_ADDR) once the bot is up: a program
// in Python plays the bot there, its match shown in a thread under KOMBAT_AIBG_CHANNEL;
// SIGTERM then stops it cleanly, with the game stored and the database sound.
func TestServeFromDotEnvUntilSIGTERM(t *testing.T) {
	player, err := filepath.Abs("../netplay/testdata/aibg_player.py") // a program over the network, before the test leaves the package's folder
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	for _, k := range []string{"DISCORD_TOKEN", "DISCORD_GUILD_ID", "KOMBAT_DB", "DISCORD_API_BASE", "SHARD_ID", "SHARD_COUNT", "KOMBAT_HEALTH_ADDR", "LOG_LEVEL", "KOMBAT_BOT_ADDR", "KOMBAT_AIBG_CHANNEL"} {
		t.Setenv(k, "") // set and empty: .env decides (godotenv never overrides a set variable, so unset it)
		syscall.Unsetenv(k)
	}
	fake := discordtest.New()
	defer fake.Close()
	guild := fake.AddGuild("", "club")
	channel := fake.AddChannel(guild, "kombat")
	alice := fake.AddUser("alice", false)
	dbPath := filepath.Join(dir, "data", "kombat.db")
	// A REST proxy's credentials in the base (the fake Discord takes any): the log names
	// the base with them masked.
	base := strings.Replace(fake.APIBase(), "://", "://proxy:hunter2@", 1)
	writeFile(t, dir, ".env", "DISCORD_TOKEN="+fake.Token()+"\nDISCORD_GUILD_ID="+guild.ID+"\nDISCORD_API_BASE="+base+"\nKOMBAT_DB="+dbPath+
		"\nKOMBAT_BOT_ADDR=127.0.0.1:0\nKOMBAT_AIBG_CHANNEL="+channel.ID+"\n")

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	logs := newLogWatch("bot started", "serving AIBG to programs", "shutting down")
	// taken before any Write deletes them
	started, serving, shut := logs.wants["bot started"], logs.wants["serving AIBG to programs"], logs.wants["shutting down"]
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
	select { // the network's AIBG on the bot's host, after the bot
	case <-serving:
	case code := <-done:
		t.Fatalf("serve exited with %d before serving programs:\n%s", code, logs)
	case <-ctx.Done():
		t.Fatalf("serve does not serve programs:\n%s", logs)
	}
	in, err := fake.SlashCommand(alice, channel.ID, "kombat", discordtest.Sub("solo"))
	if _, _, err := discordtest.Do(ctx, in, err); err != nil {
		t.Fatalf("/kombat solo: %v\n%s", err, logs)
	}
	showNetworkMatch(t, ctx, fake, channel.ID, player, logs.String())
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
	if !strings.Contains(logs.String(), "api=http://proxy:xxxxx@") || strings.Contains(logs.String(), "hunter") {
		t.Errorf("the log does not name DISCORD_API_BASE with its password masked:\n%s", logs)
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
