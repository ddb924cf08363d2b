package nimui_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot"
	"github.com/kombat-game/kombat/bot/aibgui"
	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/kombatui"
	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/upbeatui"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/internal/leaks"
	"github.com/kombat-game/kombat/internal/nim/nimhost"
	"github.com/kombat-game/kombat/internal/nim/nimui"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// TestMain fails the run when a test left a bot's or host's goroutine running.
func TestMain(m *testing.M) { os.Exit(leaks.Main(m)) }

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// testRenderer is the renderer the package's bots share (a renderer is safe for
// concurrent use): each bot would otherwise draw its own pictures, which Nim never shows.
var testRenderer = sync.OnceValues(render.New)

// harness is a fake Discord with a guild, a channel and two players, a real SQLite
// file, and a real bot on both with Nim as its only game.
type harness struct {
	t          *testing.T
	ctx        context.Context
	fake       *discordtest.Server
	dbPath     string
	db         *store.DB
	bot        *bot.Bot
	clock      *host.ManualClock
	guild      *discordtest.Guild
	channel    string
	alice, bob *discordtest.User
	games      []ui.Game // the bot's games
}

// newHarness starts a bot with games (none: Nim alone).
func newHarness(t *testing.T, games ...ui.Game) *harness {
	t.Helper()
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	h := &harness{t: t, ctx: ctx, fake: discordtest.New(), dbPath: filepath.Join(t.TempDir(), "kombat.db"),
		clock: host.NewManualClock(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)), games: games}
	if len(games) == 0 {
		h.games = []ui.Game{nimui.New()}
	}
	t.Cleanup(h.fake.Close)
	h.guild = h.fake.AddGuild("", "club")
	h.channel = h.fake.AddChannel(h.guild, "nim").ID
	h.alice, h.bob = h.fake.AddUser("alice", false), h.fake.AddUser("bob", false)
	h.start()
	return h
}

// start opens the database and starts a bot on it, Nim its only game.
func (h *harness) start() {
	h.t.Helper()
	db, err := store.Open(h.ctx, h.dbPath)
	if err != nil {
		h.t.Fatal(err)
	}
	h.db = db
	r, err := testRenderer()
	if err != nil {
		h.t.Fatal(err)
	}
	b, err := bot.New(bot.Options{DB: db, Renderer: r, Clock: h.clock, AutoStep: time.Second, Games: h.games,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Config: bot.Config{Token: h.fake.Token(), GuildID: h.guild.ID, APIBase: h.fake.APIBase(), ShardCount: 1, DBPath: h.dbPath}})
	if err == nil {
		err = b.Start(h.ctx)
	}
	if err != nil {
		h.t.Fatal(err)
	}
	h.bot = b
	h.t.Cleanup(h.stop)
}

// stop closes the bot and its database (a restart is stop then start).
func (h *harness) stop() {
	if h.bot != nil { // start sets both
		h.bot.Close()
		h.db.Close()
		h.bot, h.db = nil, nil
	}
}

// slash runs /nim SUB and returns the bot's first reply.
func (h *harness) slash(user *discordtest.User, sub string, opts ...discordtest.Option) *discordtest.Message {
	h.t.Helper()
	in, err := h.fake.SlashCommand(user, h.channel, "nim", discordtest.Sub(sub, opts...))
	_, m, err := discordtest.Do(h.ctx, in, err)
	if err != nil {
		h.t.Fatalf("/nim %s: %v", sub, err)
	}
	return m
}

// press presses the button labelled label on message m (as it is now) and waits until
// the bot has answered for good.
func (h *harness) press(user *discordtest.User, m *discordtest.Message, label string) *discordtest.Interaction {
	h.t.Helper()
	cur := h.fake.Message(m.ID)
	b := cur.Button(label)
	if b == nil {
		h.t.Fatalf("no %q button on %q", label, cur.Content)
	}
	in, err := h.fake.Click(user, m.ID, b.CustomID)
	if err == nil {
		_, err = in.Settled(h.ctx)
	}
	if err != nil {
		h.t.Fatalf("pressing %q: %v", label, err)
	}
	return in
}

// refused presses label and checks that the bot says why privately, leaving the game
// as it was.
func (h *harness) refused(user *discordtest.User, m *discordtest.Message, label, why string) {
	h.t.Helper()
	in := h.press(user, m, label)
	f, err := in.Followup(h.ctx)
	if err != nil {
		h.t.Fatal(err)
	}
	if !f.Ephemeral || !strings.Contains(f.Content, why) {
		h.t.Errorf("%s's %q: answered %q (private %v), want privately %q", user.Name, label, f.Content, f.Ephemeral, why)
	}
}

// screen waits for the channel's newest message to be the screen with left stones
// left and checks its buttons.
func (h *harness) screen(left int, buttons ...string) *discordtest.Message {
	h.t.Helper()
	return h.latest(fmt.Sprintf("Heap: %d of ", left), buttons...)
}

// latest waits for the channel's newest message to say want and checks its buttons.
func (h *harness) latest(want string, buttons ...string) *discordtest.Message {
	h.t.Helper()
	m, err := h.fake.WaitLatest(h.ctx, h.channel, func(m *discordtest.Message) bool { return strings.Contains(m.Content, want) })
	if err != nil {
		h.t.Fatalf("waiting for %q: %v", want, err)
	}
	var got []string
	for _, b := range m.Buttons() {
		got = append(got, b.Label)
	}
	if strings.Join(got, ",") != strings.Join(buttons, ",") {
		h.t.Errorf("the message saying %q has buttons %q, want %q:\n%s", want, got, buttons, m.Content)
	}
	return m
}

// stored checks game id's stored result and takes.
func (h *harness) stored(id int64, winner int, reason match.Reason, actions int) {
	h.t.Helper()
	g, err := h.db.Game(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	if g.Game != nimhost.Name || g.Status != store.StatusOver || g.Result == nil || *g.Result != (match.Result{Winner: winner, Reason: reason}) || len(g.Actions) != actions {
		h.t.Errorf("game %d stored as %s %s, result %+v, %d actions; want Nim over, won by seat %d (%s), %d actions",
			id, g.Game, g.Status, g.Result, len(g.Actions), winner, reason, actions)
	}
}

// golden compares the channel's messages, as they are at the end, with
// testdata/name.golden: each one's text (the players' ids by name) and buttons.
func (h *harness) golden(name string) {
	h.t.Helper()
	if err := h.fake.Check(); err != nil {
		h.t.Error(err)
	}
	var b strings.Builder
	names := strings.NewReplacer(h.alice.ID, "alice", h.bob.ID, "bob")
	for _, m := range h.fake.Messages(h.channel) {
		if m.Ephemeral {
			continue
		}
		fmt.Fprintf(&b, "--- %s\n", names.Replace(m.Content))
		for _, btn := range m.Buttons() {
			fmt.Fprintf(&b, "[%s] ", btn.Label)
		}
		if len(m.Buttons()) > 0 {
			b.WriteString("\n")
		}
	}
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			h.t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		h.t.Fatal(err)
	}
	if b.String() != string(want) {
		h.t.Errorf("the channel's messages differ from %s (go test -update rewrites it):\n%s", path, b.String())
	}
}

// buttons are the labels of a screen's buttons for a person to play from left stones.
func buttons(left int) []string {
	return append([]string{"Take 1", "Take 2", "Take 3"}[:min(3, left)], "Resign")
}

// TestSolitaire plays alice against the bot to the end on a heap of 21 through the
// fake Discord: alice takes what leaves a multiple of 4 each time, the bot (in a lost
// position) takes 1, and alice takes the last stone. Halfway the bot restarts on the
// same SQLite file, and the screen posted before the restart plays on.
func TestSolitaire(t *testing.T) {
	h := newHarness(t)
	if m := h.slash(h.alice, "solo", discordtest.Opt("heap", 21)); !strings.Contains(m.Content, "Nim game 1: alice against the bot. It has begun") {
		t.Fatalf("/nim solo: %q", m.Content)
	}
	s := h.screen(21, buttons(21)...)
	h.refused(h.bob, s, "Take 1", "You are not playing in this game")
	for left := 21; left > 0; {
		if left == 11 { // a restart mid-game: the same screen takes the next take
			h.stop()
			h.start()
		}
		k := left % 4
		h.press(h.alice, s, fmt.Sprintf("Take %d", k))
		if left -= k; left == 0 {
			break
		}
		if old := h.fake.Message(s.ID); len(old.Buttons()) != 0 {
			t.Errorf("the screen before alice's take kept its buttons: %q", old.Content)
		}
		left--
		s = h.screen(left, buttons(left)...)
	}
	h.screen(0)
	h.stored(1, 1, nimhost.ReasonLastStone, 11)
	h.golden("solitaire")
}

// TestDuel plays two duels to the end through the fake Discord: alice challenges bob,
// who alone may accept; bob may not take on alice's turn; bob takes the last stone.
// Then alice declines a challenge and withdraws one, and resigns the next duel on its
// first screen.
func TestDuel(t *testing.T) {
	h := newHarness(t)
	c := h.slash(h.alice, "challenge", discordtest.Opt("user", h.bob), discordtest.Opt("heap", 5))
	h.refused(h.alice, c, "Accept", "only <@"+h.bob.ID+"> can")
	h.press(h.bob, c, "Accept")
	if m := h.fake.Message(c.ID); !strings.Contains(m.Content, "Nim game 1: alice against bob. It has begun") || len(m.Buttons()) != 0 {
		t.Errorf("the accepted challenge: %q with %d buttons", m.Content, len(m.Buttons()))
	}
	s := h.screen(5, buttons(5)...)
	if m := h.slash(h.bob, "challenge", discordtest.Opt("user", h.alice)); !m.Ephemeral || !strings.Contains(m.Content, "A game is already active in this channel") {
		t.Errorf("a challenge where a game is played: %q", m.Content)
	}
	h.refused(h.bob, s, "Take 1", "It is not your turn")
	h.press(h.alice, s, "Take 2")
	h.press(h.bob, h.screen(3, buttons(3)...), "Take 3")
	h.latest("**bob wins** by taking the last stone.")
	h.stored(1, 2, nimhost.ReasonLastStone, 2)

	h.press(h.alice, h.slash(h.bob, "challenge", discordtest.Opt("user", h.alice)), "Decline")
	h.press(h.alice, h.slash(h.alice, "challenge", discordtest.Opt("user", h.bob)), "Decline") // withdrawn
	h.press(h.bob, h.slash(h.alice, "challenge", discordtest.Opt("user", h.bob), discordtest.Opt("heap", 7)), "Accept")
	h.press(h.alice, h.screen(7, buttons(7)...), "Resign")
	h.latest("**bob wins**: the other player resigned.")
	h.stored(2, 2, match.ReasonResign, 1)
	h.golden("duel")
}

// TestAuto lets two bots play on a heap of 5, a take each time the game's stored
// deadline comes due: screens with no button, and bot 1 takes the last stone.
func TestAuto(t *testing.T) {
	h := newHarness(t)
	if m := h.slash(h.alice, "auto", discordtest.Opt("heap", 5)); !strings.Contains(m.Content, "bot 1 against bot 2") {
		t.Fatalf("/nim auto: %q", m.Content)
	}
	for _, left := range []int{5, 4, 3} {
		h.screen(left)
		ds, err := h.db.Deadlines(h.ctx, h.clock.Now().Add(time.Hour))
		if err != nil || len(ds) != 1 {
			t.Fatalf("the deadlines of an auto game in play: %v, %v; want its next take", ds, err)
		}
		h.clock.Advance(ds[0].Due.Sub(h.clock.Now()))
		h.bot.RunDue(h.ctx)
	}
	h.latest("**bot 1 wins** by taking the last stone.")
	h.stored(1, 1, nimhost.ReasonLastStone, 3)
	h.golden("auto")
}

// TestRefusals checks that what /nim cannot do is refused privately, saying why and
// how to do it, and starts nothing.
func TestRefusals(t *testing.T) {
	h := newHarness(t)
	robot := h.fake.AddUser("robot", true)
	for _, c := range []struct {
		user *discordtest.User
		sub  string
		opts []discordtest.Option
		want string
	}{
		{h.alice, "solo", []discordtest.Option{discordtest.Opt("heap", 5000)}, "a heap has 1 to 1000 stones, not 5000"},
		{h.alice, "challenge", []discordtest.Option{discordtest.Opt("user", h.bob), discordtest.Opt("heap", 0)}, "A heap has 1 to 1000 stones, not 0."},
		{h.alice, "challenge", []discordtest.Option{discordtest.Opt("user", h.alice)}, "You cannot challenge yourself"},
		{h.alice, "challenge", []discordtest.Option{discordtest.Opt("user", robot)}, "is a bot account and cannot play; `/nim solo` plays the built-in bot."},
	} {
		if m := h.slash(c.user, c.sub, c.opts...); !m.Ephemeral || !strings.Contains(m.Content, c.want) {
			t.Errorf("/nim %s %v: %q (private %v), want privately %q", c.sub, c.opts, m.Content, m.Ephemeral, c.want)
		}
	}
	if active, err := h.db.ActiveGames(h.ctx); err != nil || len(active) != 0 {
		t.Errorf("refused commands left games: %v, %v", active, err)
	}
}

// TestBesideTheOtherGames registers Nim with the three real games, as the command
// line would: every game's command is registered, and a Nim game plays to the end.
func TestBesideTheOtherGames(t *testing.T) {
	h := newHarness(t, kombatui.New(), upbeatui.New(), aibgui.New(), nimui.New())
	var names []string
	for _, c := range h.fake.Commands(h.guild.ID) {
		if c.Type == 0 || c.Type == 1 { // slash commands, not message commands
			names = append(names, c.Name)
		}
	}
	slices.Sort(names)
	if want := []string{"aibg", "kombat", "nim", "upbeat"}; !slices.Equal(names, want) {
		t.Errorf("registered slash commands %q, want %q", names, want)
	}
	h.slash(h.alice, "solo", discordtest.Opt("heap", 2))
	h.press(h.alice, h.screen(2, buttons(2)...), "Take 2")
	h.latest("**alice wins** by taking the last stone.")
	h.stored(1, 1, nimhost.ReasonLastStone, 1)
}

// TestDoublePress presses the same Take button twice at once: one take is made, and
// the other press is told that its screen is no longer the newest.
func TestDoublePress(t *testing.T) {
	h := newHarness(t)
	h.press(h.bob, h.slash(h.alice, "challenge", discordtest.Opt("user", h.bob), discordtest.Opt("heap", 9)), "Accept")
	s := h.screen(9, buttons(9)...)
	id := s.Button("Take 1").CustomID
	var ins []*discordtest.Interaction
	for range 2 {
		in, err := h.fake.Click(h.alice, s.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, in)
	}
	for _, in := range ins {
		if _, err := in.Settled(h.ctx); err != nil {
			t.Fatal(err)
		}
	}
	h.screen(8, buttons(8)...)
	if _, err := h.fake.WaitMessage(h.ctx, h.channel, func(m *discordtest.Message) bool {
		return m.Ephemeral && strings.Contains(m.Content, "This screen is not the game's newest")
	}); err != nil {
		t.Fatalf("the second press: %v", err)
	}
	g, err := h.db.Game(h.ctx, 1)
	if err != nil || len(g.Actions) != 1 {
		t.Fatalf("after two presses of one Take 1: %v; want one take stored", err)
	}
}
