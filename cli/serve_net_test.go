package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// TestServeNoDiscord_A19: the real program, `kombat serve --no-discord` with
// KOMBAT_BOT_ADDR on port 0 of the loopback and no Discord token, logs the address it
// took; a program in Python plays a whole match against the built-in bot there; then
// SIGTERM closes it cleanly (status 0, its sockets closed).
func TestServeNoDiscord_A19(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (the CI has it): this test runs a program written in it")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	cmd := exec.Command(programPath(t), "serve", "--no-discord")
	cmd.Dir = dir
	cmd.Env = []string{"KOMBAT_TEST_MAIN=1", "PATH=" + os.Getenv("PATH"), "HOME=" + dir,
		"KOMBAT_DB=" + filepath.Join(dir, "kombat.db"), "KOMBAT_BOT_ADDR=127.0.0.1:0"}
	logs := newLogWatch("serving AIBG to programs", "shutting down")
	listening, closing := logs.wants["serving AIBG to programs"], logs.wants["shutting down"]
	cmd.Stderr, cmd.Stdout = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			<-exited
		}
	})
	select {
	case <-listening:
	case err := <-exited:
		t.Fatalf("kombat exited (%v):\n%s", err, logs)
	case <-ctx.Done():
		t.Fatalf("kombat does not listen:\n%s", logs)
	}
	m := regexp.MustCompile(`addr=(127\.0\.0\.1:\d+)`).FindStringSubmatch(logs.String())
	if m == nil || strings.HasSuffix(m[1], ":0") {
		t.Fatalf("no address in the log:\n%s", logs)
	}
	out, err := exec.CommandContext(ctx, "python3", "../netplay/testdata/aibg_player.py", "--lean", m[1], "ada", "correct-horse", "1", "bot", "easy").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "game over: winner") {
		t.Fatalf("the program: %v\n%s\nkombat:\n%s", err, out, logs)
	}
	if !strings.Contains(logs.String(), "aibg: game over") {
		t.Errorf("the server's log tells no end of the game:\n%s", logs)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("after SIGTERM: %v\n%s", err, logs)
		}
	case <-ctx.Done():
		t.Fatalf("kombat did not exit after SIGTERM:\n%s", logs)
	}
	select {
	case <-closing:
	default:
		t.Errorf("no shutdown in the log:\n%s", logs)
	}
}

// TestServeNoDiscordNeedsAddr: --no-discord without KOMBAT_BOT_ADDR would serve
// nothing: it says what to set.
func TestServeNoDiscordNeedsAddr(t *testing.T) {
	t.Chdir(t.TempDir()) // no .env here
	t.Setenv("KOMBAT_BOT_ADDR", "")
	code, _, errs := runCmd(t, "", "serve", "--no-discord")
	if code != 1 || !strings.Contains(errs, "set KOMBAT_BOT_ADDR (such as :8081)") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestAibgChannel: KOMBAT_AIBG_CHANNEL is a channel id or nothing; anything else is
// refused with what it is and how to find the id.
func TestAibgChannel(t *testing.T) {
	for _, c := range []struct{ value, want, err string }{
		{"", "", ""},
		{"  ", "", ""},
		{" 1234567890123 ", "1234567890123", ""},
		{"#aibg", "", `KOMBAT_AIBG_CHANNEL is "#aibg", not a channel id`},
		{"-5", "", "Copy Channel ID"},
	} {
		got, err := aibgChannel(func(k string) string {
			if k == "KOMBAT_AIBG_CHANNEL" {
				return c.value
			}
			return ""
		})
		if got != c.want || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("aibgChannel(%q) = %q, %v; want %q, an error saying %q", c.value, got, err, c.want, c.err)
		}
	}
}

// TestServeNetworkOnShardZero: programs are served beside Discord from shard 0 alone,
// whose host takes up the network's matches after a restart; another shard with
// KOMBAT_BOT_ADDR set is refused at once, saying what to do.
func TestServeNetworkOnShardZero(t *testing.T) {
	t.Chdir(t.TempDir()) // no .env here
	t.Setenv("DISCORD_TOKEN", "token")
	t.Setenv("SHARD_ID", "1")
	t.Setenv("SHARD_COUNT", "2")
	t.Setenv("KOMBAT_BOT_ADDR", "127.0.0.1:0")
	code, _, errs := runCmd(t, "", "serve")
	if code != 1 || !strings.Contains(errs, "KOMBAT_BOT_ADDR is set on shard 1") || !strings.Contains(errs, "shard 0's process") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// showNetworkMatch has a program in Python (player, the path of netplay's test client)
// play the built-in bot on the network
// address kombat serve logged, beside Discord, and checks that the match was shown
// live in a thread of its own under channel (KOMBAT_AIBG_CHANNEL), to its final screen.
func showNetworkMatch(t *testing.T, ctx context.Context, fake *discordtest.Server, channel, player, logs string) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Log("python3 is not installed (the CI has it): no program plays over the network here")
		return
	}
	m := regexp.MustCompile(`addr=(127\.0\.0\.1:\d+)`).FindStringSubmatch(logs)
	if m == nil || strings.HasSuffix(m[1], ":0") {
		t.Fatalf("no address in the log:\n%s", logs)
	}
	out, err := exec.CommandContext(ctx, "python3", player, "--lean", m[1], "ada", "correct-horse", "1", "bot", "easy").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "game over: winner") {
		t.Fatalf("the program: %v\n%s", err, out)
	}
	var thread string
	for _, th := range fake.Threads(channel) {
		if th.Name == "AIBG #1: ada vs bot (easy)" {
			thread = th.ID
		}
	}
	if thread == "" {
		t.Fatalf("no thread shows the network's match under the channel: %+v", fake.Threads(channel))
	}
	if _, err := fake.WaitMessage(ctx, thread, func(m *discordtest.Message) bool {
		return m.Nonce != "" && strings.Contains(m.Content, "**Game over.**")
	}); err != nil {
		t.Errorf("the match's thread shows no final screen: %v", err)
	}
}
