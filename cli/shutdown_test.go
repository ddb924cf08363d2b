package cli

import (
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/store"
)

// TestMain lets a test start the program in a process of its own (the test binary,
// re-executed with KOMBAT_TEST_MAIN=1 and the program's arguments): main does nothing
// but this call, so it is the same code as the kombat binary, signals and exit included.
// Under the race detector the tests start the kombat binary itself, built without it
// (programPath).
func TestMain(m *testing.M) {
	if os.Getenv("KOMBAT_TEST_MAIN") == "1" {
		os.Exit(Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	bin, err := os.MkdirTemp("", "kombat-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	builtProgram = sync.OnceValues(func() (string, error) {
		path := filepath.Join(bin, "kombat")
		out, err := exec.Command("go", "build", "-o", path, "github.com/kombat-game/kombat").CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("go build: %v\n%s", err, out)
		}
		return path, nil
	})
	code := m.Run()
	os.RemoveAll(bin)
	os.Exit(code)
}

// builtProgram builds the kombat binary without the race detector, once (TestMain).
var builtProgram func() (string, error)

// programPath is the program the tests about signals, exits and crashes start: the test
// binary, or under the race detector the kombat binary built without it. Those tests
// are about the process, not data races, and a race-built one is several times slower
// at everything (making its renderer, the longest turns TestSIGTERMMidTurn plays); the
// race run checks the same code in process. Without go on the PATH it is the test binary.
func programPath(t *testing.T) string {
	t.Helper()
	if !raceEnabled {
		return os.Args[0]
	}
	if _, err := exec.LookPath("go"); err != nil {
		return os.Args[0]
	}
	path, err := builtProgram()
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// program is kombat running as a process, its log watched.
type program struct {
	cmd  *exec.Cmd
	logs *logWatch
	seen chan struct{} // closed when the log shows the line startProgram was asked to watch
	done chan error
}

// startProgram runs `kombat serve` in dir with env added to a clean environment and
// waits until it has started; program.seen tells when the log shows watch.
func startProgram(t *testing.T, ctx context.Context, dir string, env []string, watch string) *program {
	t.Helper()
	cmd := exec.Command(programPath(t), "serve")
	cmd.Dir = dir
	cmd.Env = append([]string{"KOMBAT_TEST_MAIN=1", "PATH=" + os.Getenv("PATH"), "HOME=" + dir}, env...)
	logs := newLogWatch("bot started", watch)
	started, seen := logs.wants["bot started"], logs.wants[watch]
	cmd.Stderr, cmd.Stdout = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &program{cmd: cmd, logs: logs, seen: seen, done: make(chan error, 1)}
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
		}
	})
	select {
	case <-started:
	case err := <-p.done:
		t.Fatalf("kombat exited before starting (%v):\n%s", err, logs)
	case <-ctx.Done():
		t.Fatalf("kombat did not start:\n%s", logs)
	}
	return p
}

// terminate sends SIGTERM and returns how long the program took to exit, failing the
// test if it does not exit cleanly within limit.
func (p *program) terminate(t *testing.T, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-p.done:
		took := time.Since(start)
		if err != nil {
			t.Fatalf("kombat exited with %v after SIGTERM:\n%s", err, p.logs)
		}
		return took
	case <-time.After(limit):
		// SIGQUIT makes the Go runtime print every goroutine's stack before it exits,
		// which says what the shutdown waited for.
		p.cmd.Process.Signal(syscall.SIGQUIT)
		select {
		case <-p.done:
		case <-time.After(5 * time.Second):
			p.cmd.Process.Kill()
		}
		t.Fatalf("kombat did not exit within %s of SIGTERM:\n%s", limit, p.logs)
	}
	return 0
}

// TestSIGTERMMidTurn stops the real program with SIGTERM while it evaluates the
// longest turns the rules allow (minions spinning at step_limit=10000000 until the
// turn's 64 million steps are spent): it exits within 10 s, the database is sound, the
// interrupted turn is not stored, and a restart plays the game to its end.
func TestSIGTERMMidTurn(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	if testing.Short() {
		t.Skip("plays a game of the longest turns in a subprocess")
	}
	dir := t.TempDir()
	fake := discordtest.New()
	defer fake.Close()
	guild := fake.AddGuild("", "club")
	channel := fake.AddChannel(guild, "kombat")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	dbPath := filepath.Join(dir, "kombat.db")
	db, err := store.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	// The game is stored with seven minions a side, so each turn from then on is the
	// longest the rules allow: 64 million steps (TurnStepLimit). The minions spin only
	// once the seventh is out (SpawnsLeft falls to max_spawns-7): the turns that spawn
	// them, which this test plays and every start of the program replays, cost next
	// to nothing, and the game's turns cost the most from the one that spawns the
	// seventh on. The game ends two turns after the stored ones, both the longest: a
	// SIGTERM lands in the first, and the restart plays both to the end (more turns
	// only made the test longer: the restart played six of them).
	const turns = 7
	cfg := game.DefaultConfig()
	cfg.StepLimit, cfg.MaxTurns = game.MaxStepLimit, turns
	spin := fmt.Sprintf("if (SpawnsLeft - %d) then done else while (1) while (1) while (1) while (1) x = x + 1", cfg.MaxSpawns-7)
	setup := game.Setup{Config: cfg, Seed: 3, Mode: game.ModeAuto, Kinds: []game.KindSpec{{Name: "Spinner", Defense: 1, Strategy: spin}}}
	g, err := game.New(game.NewLanguage(), setup)
	if err != nil {
		t.Fatal(err)
	}
	for p := 1; p <= 2; p++ {
		if err := g.FreeSpawn(p, 0, game.StartArea(p)[0]); err != nil {
			t.Fatal(err)
		}
	}
	for spawned := [2]int{}; spawned != [2]int{6, 6}; {
		p := g.Current()
		if len(g.SpawnOptions(p)) == 0 {
			if err := g.Buy(p, g.BuyOptions(p)[0]); err != nil {
				t.Fatal(err)
			}
		}
		if spawned[p-1] < 6 {
			if err := g.Spawn(p, 0, g.SpawnOptions(p)[0]); err != nil {
				t.Fatal(err)
			}
			spawned[p-1]++
		}
		if _, err := g.EndTurn(p); err != nil {
			t.Fatal(err)
		}
	}
	if g.Phase() != game.PhasePlay || g.Turns() > 2*turns-2 {
		t.Fatalf("the stored game is %s after %d turns", g.Phase(), g.Turns())
	}
	stored := &store.Game{Scope: guild.ID, Place: channel.ID, Mode: game.ModeAuto, Status: store.StatusPlay}
	kombathost.SetupRow(stored, [2]string{}, setup)
	id, err := db.CreateGame(ctx, stored)
	if err == nil {
		err = kombathost.AppendDecisions(ctx, db, id, 0, g.Record().Decisions)
	}
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	env := []string{"DISCORD_TOKEN=" + fake.Token(), "DISCORD_GUILD_ID=" + guild.ID, "DISCORD_API_BASE=" + fake.APIBase(),
		"KOMBAT_DB=" + dbPath, "KOMBAT_AUTO_STEP=1ms", "LOG_LEVEL=debug"}
	// The program logs (at debug level) as an auto turn starts; a turn then evaluates
	// for 10 ms per minion, so a signal sent on that line lands
	// in the evaluation. Should it land before (the bot still deciding), the next start
	// tries again.
	interrupted := false
	for attempt := 1; attempt <= 4 && !interrupted; attempt++ {
		p := startProgram(t, ctx, dir, env, "auto turn starts")
		select {
		case <-p.seen:
		case err := <-p.done:
			t.Fatalf("kombat exited (%v):\n%s", err, p.logs)
		case <-ctx.Done():
			t.Fatalf("no auto turn after start %d:\n%s", attempt, p.logs)
		}
		if took := p.terminate(t, 10*time.Second); took > 10*time.Second {
			t.Errorf("start %d: exit took %s", attempt, took)
		}
		interrupted = strings.Contains(p.logs.String(), "turn interrupted by shutdown")
		db, err := store.Open(ctx, dbPath)
		if err != nil {
			t.Fatalf("reopen after SIGTERM: %v", err)
		}
		if res, err := db.IntegrityCheck(ctx); err != nil || res != "ok" {
			t.Fatalf("integrity after SIGTERM: %q %v", res, err)
		}
		row, err := db.Game(ctx, id)
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		if row.Status == store.StatusOver {
			t.Fatalf("the game ended before a SIGTERM landed mid-turn (%d starts)", attempt)
		}
		if last := row.Actions[len(row.Actions)-1]; last.Verb != string(game.ActEnd) && len(row.Actions) > 2 {
			t.Fatalf("half a turn stored: the record ends with %+v", last)
		}
	}
	if !interrupted {
		t.Fatal("no SIGTERM landed in the middle of a turn")
	}

	p := startProgram(t, ctx, dir, env, "bot started")
	if _, err := fake.WaitMessage(ctx, channel.ID, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "**Game over**") }); err != nil {
		t.Fatalf("the restarted game did not finish: %v\n%s", err, p.logs)
	}
	p.terminate(t, 10*time.Second)
	db, err = store.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	row, err := db.Game(ctx, id)
	if err != nil || row.Status != store.StatusOver || row.Turns != 2*turns {
		t.Errorf("after the restart: %v; status %s after %d turns, want over after %d", err, row.Status, row.Turns, 2*turns)
	}
	if err := fake.Check(); err != nil {
		t.Error(err)
	}
}

// TestPlayCtrlC interrupts a real `kombat play` process with SIGINT while it waits for
// the player's first purchase: like the end of the input, it exits 0, writes
// replay.gif and says where the images are.
func TestPlayCtrlC(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(programPath(t), "play", "--seed", "3", "--out", dir)
	cmd.Env = []string{"KOMBAT_TEST_MAIN=1", "PATH=" + os.Getenv("PATH"), "HOME=" + dir}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	const prompt = "Buy a hex for"
	out, errs := newLogWatch(prompt), newLogWatch()
	cmd.Stdout, cmd.Stderr = out, errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
		}
	})
	seen := out.wants[prompt]
	if _, err := io.WriteString(stdin, "1\n1,1\n"); err != nil { // the free spawn
		t.Fatal(err)
	}
	select {
	case <-seen:
	case err := <-done:
		t.Fatalf("kombat play exited (%v) before asking for a purchase:\n%s%s", err, out, errs)
	case <-time.After(time.Minute):
		t.Fatalf("no purchase asked for within a minute:\n%s%s", out, errs)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("kombat play exited with %v after SIGINT:\n%s%s", err, out, errs)
		}
	case <-time.After(time.Minute):
		t.Fatalf("kombat play did not exit within a minute of SIGINT:\n%s%s", out, errs)
	}
	for _, want := range []string{"Interrupted: the game is left unfinished after 0 turns each.", "Its images and replay.gif are in " + dir + "\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if errs.String() != "" {
		t.Errorf("stderr: %s", errs)
	}
	data, err := os.ReadFile(filepath.Join(dir, "replay.gif"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gif.DecodeAll(bytes.NewReader(data)); err != nil {
		t.Errorf("replay.gif: %v", err)
	}
}
