package bot

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/aibgui"
	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/kombatui"
	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/upbeatui"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// harness is a fake Discord with a guild, a channel and two players, a real SQLite
// file, and the bot connected to both.
type harness struct {
	t       *testing.T
	ctx     context.Context
	fake    *discordtest.Server
	dbPath  string
	db      *store.DB
	bot     *Bot
	clock   *host.ManualClock
	guild   *discordtest.Guild
	channel *discordtest.Channel
	alice   *discordtest.User
	bob     *discordtest.User
	render  *render.Renderer
	options func(*Options) // changes the bot's options before each start
}

// testGames are the games' UIs the bot's tests register, as the command line does.
func testGames() []ui.Game { return []ui.Game{kombatui.New(), upbeatui.New(), aibgui.New()} }

func newHarness(t *testing.T) *harness {
	t.Helper()
	return newHarnessWith(t, nil)
}

// newHarnessWith is newHarness with configure applied to the bot's options.
func newHarnessWith(t *testing.T, configure func(*Options)) *harness {
	t.Helper()
	return newHarnessFor(t, 60*time.Second, configure)
}

// newHarnessFor is newHarnessWith for a test that may take up to limit.
func newHarnessFor(t *testing.T, limit time.Duration, configure func(*Options)) *harness {
	t.Helper()
	t.Parallel() // each harness has its own fake Discord and database; Close alone waits 1s
	r, err := testRenderer()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	h := &harness{t: t, ctx: ctx, fake: discordtest.New(), dbPath: filepath.Join(t.TempDir(), "kombat.db"),
		clock: host.NewManualClock(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)), render: r, options: configure}
	// The testing package keeps a parallel test's cleanups, and all they reach, until
	// every parallel test of the package has ended; so the last cleanup lets go of the
	// fake Discord (every message and image of the test), the bot and the database,
	// or some 200 tests' worth of them pile up (1.5 GB of live heap).
	t.Cleanup(func() {
		cancel()
		*h = harness{}
	})
	t.Cleanup(func() { h.fake.Close() })
	h.guild = h.fake.AddGuild("", "club")
	h.channel = h.fake.AddChannel(h.guild, "kombat")
	h.alice = h.fake.AddUser("alice", false)
	h.bob = h.fake.AddUser("bob", false)
	data, err := migratedDB()
	if err == nil {
		err = os.WriteFile(h.dbPath, data, 0o600)
	}
	if err != nil {
		t.Fatal(err)
	}
	h.start()
	return h
}

// migratedDB is a database file as store.Open made it and Close left it, which every
// harness's database starts as: migrating a new file (its schema's statements parsed
// one by one) took an eighth of the package's tests' time under the race detector.
// The bot still opens it as on any restart, checking its version.
var migratedDB = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "kombat-bot-db-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "kombat.db")
	db, err := store.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	if err := db.Close(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		return nil, errors.New("the closed database left a WAL file: its file alone is not the database")
	}
	return os.ReadFile(path)
})

// testRenderer is the renderer every harness of the package shares, made by the first
// that asks: a renderer is safe for concurrent use, and one is some 25 MB of pictures
// and a fraction of a second to draw them, which each test would otherwise pay again.
var testRenderer = sync.OnceValues(render.New)

// start opens the database and starts a bot on it.
func (h *harness) start() {
	h.t.Helper()
	db, err := store.Open(h.ctx, h.dbPath)
	if err != nil {
		h.t.Fatal(err)
	}
	h.db = db
	cfg := Config{Token: h.fake.Token(), GuildID: h.guild.ID, APIBase: h.fake.APIBase(), ShardCount: 1, DBPath: h.dbPath}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	opt := Options{Config: cfg, DB: db, Renderer: h.render, Logger: logger, Clock: h.clock, AutoStep: time.Millisecond, Games: testGames()}
	if h.options != nil {
		h.options(&opt)
	}
	b, err := New(opt)
	if err != nil {
		h.t.Fatal(err)
	}
	if err := b.Start(h.ctx); err != nil {
		h.t.Fatal(err)
	}
	h.bot = b
	h.t.Cleanup(h.stop)
}

// stop closes the bot and its database (a restart is stop then start).
func (h *harness) stop() {
	if h.bot != nil {
		h.bot.Close()
		h.bot = nil
	}
	if h.db != nil {
		h.db.Close()
		h.db = nil
	}
}

// check fails the test if the bot did anything Discord would have refused.
func (h *harness) check() {
	h.t.Helper()
	if err := h.fake.Check(); err != nil {
		h.t.Error(err)
	}
	// The scheduler keeps the bot under Discord's global limit by itself.
	if n := h.fake.GlobalLimited(); n != 0 {
		h.t.Errorf("%d global 429s (peak %d requests in a second, limit %d)", n, h.fake.PeakRate(), discordtest.DefaultGlobalLimit)
	}
}

// slash runs /kombat SUB with options and waits for the bot's first reply.
func (h *harness) slash(user *discordtest.User, channel, sub string, opts ...discordtest.Option) (*discordtest.Interaction, *discordtest.Message) {
	h.t.Helper()
	in, err := h.fake.SlashCommand(user, channel, "kombat", discordtest.Sub(sub, opts...))
	in, m, err := discordtest.Do(h.ctx, in, err)
	if err != nil {
		h.t.Fatalf("/kombat %s: %v", sub, err)
	}
	return in, m
}

// click presses a button by label on a message and returns the interaction.
func (h *harness) click(user *discordtest.User, m *discordtest.Message, label string) *discordtest.Interaction {
	h.t.Helper()
	cur := h.fake.Message(m.ID)
	if cur == nil {
		h.t.Fatalf("message %s is gone", m.ID)
	}
	b := cur.Button(label)
	if b == nil {
		h.t.Fatalf("no %q button on %q", label, cur.Content)
	}
	in, err := h.fake.Click(user, m.ID, b.CustomID)
	if err != nil {
		h.t.Fatal(err)
	}
	if _, err := in.Settled(h.ctx); err != nil {
		h.t.Fatalf("clicking %q: %v", label, err)
	}
	return in
}

// choose picks a value in a select found by custom id or placeholder prefix.
func (h *harness) choose(user *discordtest.User, m *discordtest.Message, sel, value string) *discordtest.Interaction {
	h.t.Helper()
	cur := h.fake.Message(m.ID)
	s := cur.Select(sel)
	if s == nil {
		h.t.Fatalf("no %q select on %q", sel, cur.Content)
	}
	in, err := h.fake.Choose(user, m.ID, s.CustomID, value)
	if err != nil {
		h.t.Fatal(err)
	}
	if _, err := in.Settled(h.ctx); err != nil {
		h.t.Fatalf("choosing %q: %v", value, err)
	}
	return in
}

// waitFor waits until the channel's newest message satisfies pred and returns it.
func (h *harness) waitFor(channel string, what string, pred func(*discordtest.Message) bool) *discordtest.Message {
	h.t.Helper()
	m, err := h.fake.WaitLatest(h.ctx, channel, pred)
	if err != nil {
		msgs := h.fake.Messages(channel)
		newest := "(none)"
		if len(msgs) > 0 {
			newest = msgs[len(msgs)-1].Content
		}
		h.t.Fatalf("waiting for %s in %s: %v; newest message: %s", what, channel, err, newest)
	}
	return m
}

// find waits until some message of the channel satisfies pred and returns it.
func (h *harness) find(channel, what string, pred func(*discordtest.Message) bool) *discordtest.Message {
	h.t.Helper()
	m, err := h.fake.WaitMessage(h.ctx, channel, pred)
	if err != nil {
		h.t.Fatalf("waiting for %s in %s: %v", what, channel, err)
	}
	return m
}

// contains is a predicate on a message's content.
func contains(text string) func(*discordtest.Message) bool {
	return func(m *discordtest.Message) bool { return strings.Contains(m.Content, text) }
}

// boardOf is a message's board image: a game screen's board-<nonce>.png (screenFile),
// or the board.png of an answer; nil if it has none.
func boardOf(m *discordtest.Message) *discordtest.Attachment {
	for _, a := range m.Attachments {
		if a.Filename == "board.png" || strings.HasPrefix(a.Filename, "board-") && strings.HasSuffix(a.Filename, ".png") {
			return a
		}
	}
	return nil
}

// decodeBoard decodes a message's board image and checks its size.
func decodeBoard(t *testing.T, m *discordtest.Message) {
	t.Helper()
	b := boardOf(m)
	if b == nil {
		t.Fatalf("message %q has no board", m.Content)
	}
	decodeImage(t, m, b.Filename)
	if len(m.Attachments) != 1 {
		t.Errorf("message has %d attachments, want only the board", len(m.Attachments))
	}
}

// decodeImage decodes a board image attached to a message under name, and checks its size.
func decodeImage(t *testing.T, m *discordtest.Message, name string) {
	t.Helper()
	a := m.File(name)
	if a == nil {
		t.Fatalf("message %q has no %s", m.Content, name)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(a.Data))
	if err != nil || cfg.Width != render.Width || cfg.Height != render.Height {
		t.Fatalf("board image: %v %dx%d", err, cfg.Width, cfg.Height)
	}
	if _, err := png.Decode(bytes.NewReader(a.Data)); err != nil {
		t.Fatal(err)
	}
}

func exampleStrategy(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "examples", name+".kombat"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// playOn plays the auto games on as a serving bot's ticker does, with the test's
// clock: it moves the clock to the next stored deadline and runs what is due
// (RunDue), until a message of channel satisfies pred, which it returns. While no
// deadline is stored (the bot is still starting the game, or finishing it) it yields
// to the bot; after autoSteps rounds it waits for the message as find does.
func (h *harness) playOn(channel, what string, pred func(*discordtest.Message) bool) *discordtest.Message {
	h.t.Helper()
	for range autoSteps {
		for _, m := range h.fake.Messages(channel) {
			if pred(m) {
				return m
			}
		}
		d, ok, err := h.db.NextDeadline(h.ctx)
		if err != nil {
			h.t.Fatalf("waiting for %s in %s: %v", what, channel, err)
		}
		if !ok {
			runtime.Gosched()
			continue
		}
		if wait := d.Due.Sub(h.clock.Now()); wait > 0 {
			h.clock.Advance(wait)
		}
		h.bot.RunDue(h.ctx)
	}
	return h.find(channel, what, pred)
}

// autoSteps bounds playOn's rounds: more than the longest auto game of the tests
// takes, retries included.
const autoSteps = 20000
