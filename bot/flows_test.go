package bot

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/kombatui"
)

// soloGame starts a solitaire game for user in channel and plays to the first board;
// it returns the thread (or channel) the game is in.
func (h *harness) soloGame(user *discordtest.User, channel string, opts ...discordtest.Option) string {
	h.t.Helper()
	h.slash(user, channel, "solo", opts...)
	where := channel
	if th, err := h.fake.WaitThread(h.ctx, channel); err == nil && !h.fake.Message(h.fake.Messages(channel)[0].ID).Ephemeral {
		where = th.ID
	}
	h.agree(where, user, user)
	h.freeSpawn(where, user, "1,1")
	h.find(where, "the first board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
	return where
}

// soloKindForm starts a solitaire game for user and opens the Add kind form of its
// setup: the game's thread, the setup message and the form's interaction.
func (h *harness) soloKindForm(user *discordtest.User) (*discordtest.Channel, *discordtest.Message, *discordtest.Interaction) {
	h.t.Helper()
	h.slash(user, h.channel.ID, "solo")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	setup := h.find(thread.ID, "the setup", contains("setting up"))
	return thread, setup, h.click(user, setup, "Add kind")
}

// TestBrokenStrategyEditAgain: a strategy that does not compile is refused privately
// with the diagnostics, and "Edit again" gives back everything typed.
func TestBrokenStrategyEditAgain(t *testing.T) {
	h := newHarness(t)
	thread, setup, add := h.soloKindForm(h.alice)
	broken := "t = t + 1\nif (opponent) move up else done\n"
	sub, err := h.fake.SubmitModal(h.alice, add, map[string]string{"name": "Sloppy", "defense": "1", "strategy": broken})
	if err != nil {
		t.Fatal(err)
	}
	refusal, err := sub.Reply(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"does not compile", "2:15: error: expected 'then'", "^~~~", "hint: an if always has both branches", "Nothing you typed is lost"} {
		if !strings.Contains(refusal.Content, want) {
			t.Errorf("refusal lacks %q:\n%s", want, refusal.Content)
		}
	}
	if !refusal.Ephemeral || refusal.EphemeralTo != h.alice.ID {
		t.Error("the diagnostics were not private to their author")
	}
	if s := h.fake.Message(setup.ID); strings.Contains(s.Content, "Sloppy") {
		t.Error("the broken kind was added")
	}
	// The typed text survives a restart.
	h.stop()
	h.start()
	again, err := h.fake.Click(h.alice, refusal.ID, refusal.Button("Edit again").CustomID)
	if err != nil {
		t.Fatal(err)
	}
	r, err := again.Response(h.ctx)
	if err != nil || r.Modal == nil {
		t.Fatalf("Edit again: %+v %v", r, err)
	}
	values := map[string]string{}
	for _, in := range r.Modal.Inputs {
		values[in.CustomID] = in.Value
	}
	if values["name"] != "Sloppy" || values["defense"] != "1" || values["strategy"] != broken {
		t.Errorf("Edit again lost text: %q", values)
	}
	fixed := strings.Replace(broken, "(opponent) move", "(opponent) then move", 1)
	done, err := h.fake.SubmitModal(h.alice, again, map[string]string{"strategy": fixed})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := done.Reply(h.ctx); err != nil || !strings.Contains(m.Content, "Added **Sloppy**") {
		t.Errorf("after fixing: %v", err)
	}
	h.find(thread.ID, "the fixed kind", contains("**1. Sloppy**"))
	h.check()
}

// TestRestartMidGame stops the bot in the middle of a solitaire game and starts a new
// one on the same database: the old message's buttons still work and the game ends.
func TestRestartMidGame(t *testing.T) {
	h := newHarness(t)
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=4\n"))
	where := h.soloGame(h.alice, h.channel.ID, discordtest.Opt("config", cfg))
	board := h.find(where, "a board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
	h.click(h.alice, board, "End turn")
	board = h.find(where, "the second board", func(m *discordtest.Message) bool { return m.ID != board.ID && m.Button("End turn") != nil })
	h.stop()
	h.start()
	for i := 0; i < 10; i++ {
		h.click(h.alice, board, "End turn")
		prev := board.ID
		board = h.find(where, "the next board", func(m *discordtest.Message) bool {
			return m.ID > prev && boardOf(m) != nil && (m.Button("End turn") != nil || strings.Contains(m.Content, "Game over"))
		})
		if strings.Contains(board.Content, "Game over") {
			break
		}
	}
	if !strings.Contains(board.Content, "Game over") {
		t.Fatalf("the game did not end after the restart: %s", board.Content)
	}
	decodeBoard(t, board)
	h.check()
}

// TestStaleAndDoubleClicks: two presses of one End turn run the turn once.
func TestStaleAndDoubleClicks(t *testing.T) {
	h := newHarness(t)
	where := h.soloGame(h.alice, h.channel.ID)
	board := h.find(where, "a board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
	id := board.Button("End turn").CustomID
	first, err1 := h.fake.Click(h.alice, board.ID, id)
	second, err2 := h.fake.Click(h.alice, board.ID, id)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	h.find(where, "the next board", func(m *discordtest.Message) bool { return m.ID != board.ID && m.Button("End turn") != nil })
	answers := 0
	// Both are acknowledged at once (deferred updates); the stale one is then told
	// privately, and the other's answer is the next board (no follow-up).
	ctx, cancel := context.WithCancel(h.ctx)
	told := make(chan struct{}, 2)
	for _, in := range []*discordtest.Interaction{first, second} {
		go func() {
			if _, err := in.Followup(ctx); err == nil {
				told <- struct{}{}
			}
		}()
	}
	select {
	case <-told:
	case <-h.ctx.Done():
		t.Fatal("neither press was answered privately")
	}
	cancel()
	for _, in := range []*discordtest.Interaction{first, second} {
		for _, m := range in.Followups() {
			if m.Ephemeral && strings.Contains(m.Content, "out of date") {
				answers++
			}
		}
	}
	if answers != 1 {
		t.Errorf("%d presses were told the controls are out of date, want 1", answers)
	}
	g, err := h.db.ActiveAt(h.ctx, where)
	if err != nil {
		t.Fatal(err)
	}
	ends := 0
	for _, d := range g.Actions {
		if d.Verb == "end" && d.Seat == 1 {
			ends++
		}
	}
	if ends != 1 {
		t.Errorf("alice's turn ended %d times", ends)
	}
	h.check()
}

// TestParallelGames plays two solitaire games in two channels at once.
func TestParallelGames(t *testing.T) {
	h := newHarness(t)
	other := h.fake.AddChannel(h.guild, "kombat-2")
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=3\n"))
	var wg sync.WaitGroup
	for _, c := range []struct {
		user    *discordtest.User
		channel string
	}{{h.alice, h.channel.ID}, {h.bob, other.ID}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			where := h.soloGame(c.user, c.channel, discordtest.Opt("config", cfg))
			last := ""
			for i := 0; i < 10; i++ {
				// A board newer than the last one pressed: the old one keeps its controls
				// until the next is up, for a moment after it.
				board := h.find(where, "a board", func(m *discordtest.Message) bool {
					return m.ID > last && (m.Button("End turn") != nil || strings.Contains(m.Content, "Game over"))
				})
				if strings.Contains(board.Content, "Game over") {
					return
				}
				h.click(c.user, board, "End turn")
				last = board.ID
			}
			t.Errorf("the game in %s did not end", where)
		}()
	}
	wg.Wait()
	if active, _ := h.db.ActiveGames(h.ctx); len(active) != 0 {
		t.Errorf("%d games still active", len(active))
	}
	h.check()
}

// TestAutoGame runs a bot-versus-bot game to its end, with a pause and a resume.
func TestAutoGame(t *testing.T) {
	h := newHarness(t)
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=6\n"))
	h.slash(h.alice, h.channel.ID, "auto", discordtest.Opt("config", cfg))
	thread, _ := h.fake.WaitThread(h.ctx, h.channel.ID)
	h.agree(thread.ID, h.alice, h.alice)
	final := h.playOn(thread.ID, "the end", contains("Game over"))
	decodeBoard(t, final)
	boards := 0
	for _, m := range h.fake.Messages(thread.ID) {
		if boardOf(m) != nil {
			boards++
		}
	}
	if boards < 2 {
		t.Errorf("%d boards posted", boards)
	}
	h.check()
}

// TestNoThreadPermission plays in the channel when the bot may not create threads.
func TestNoThreadPermission(t *testing.T) {
	h := newHarness(t)
	locked := h.fake.AddChannel(h.guild, "no-threads")
	h.fake.SetNoThreads(locked.ID)
	h.slash(h.alice, locked.ID, "solo")
	h.find(locked.ID, "the setup in the channel", contains("setting up"))
	if th := h.fake.Threads(locked.ID); len(th) != 0 {
		t.Errorf("%d threads created", len(th))
	}
	h.check()
}

// TestRateLimitedPostRetried answers the bot's next board post with a 429.
func TestRateLimitedPostRetried(t *testing.T) {
	h := newHarness(t)
	where := h.soloGame(h.alice, h.channel.ID)
	board := h.find(where, "a board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
	route := "POST /channels/{id}/messages"
	h.fake.RateLimit(route, 1, 20*time.Millisecond)
	h.click(h.alice, board, "End turn")
	h.find(where, "the next board", func(m *discordtest.Message) bool { return m.ID != board.ID && m.Button("End turn") != nil })
	if hits, retried := h.fake.RateLimited(route); hits != 1 || retried < 1 {
		t.Errorf("429s %d, retried %d", hits, retried)
	}
	h.check()
}

// TestMessageCommandAndCheck: "Use as KOMBAT strategy" on a message with a code block
// opens the kind form filled with it; /kombat check reports mistakes privately.
func TestMessageCommandAndCheck(t *testing.T) {
	h := newHarness(t)
	_, m := h.slash(h.alice, h.channel.ID, "check", discordtest.Opt("file", h.fake.Upload("s.txt", "text/plain", []byte("move right\n"))))
	if !m.Ephemeral || !strings.Contains(m.Content, "did you mean 'upright'?") {
		t.Errorf("check: %s", m.Content)
	}
	in, err := h.fake.SlashCommand(h.alice, h.channel.ID, "kombat", discordtest.Sub("check"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := in.Response(h.ctx)
	if err != nil || r.Modal == nil {
		t.Fatalf("check without a file: %+v %v", r, err)
	}
	sub, _ := h.fake.SubmitModal(h.alice, in, map[string]string{"strategy": "done"})
	if m, _ := sub.Reply(h.ctx); !strings.Contains(m.Content, "No errors") {
		t.Errorf("check of a good strategy: %s", m.Content)
	}
	if _, m := h.slash(h.alice, h.channel.ID, "rules"); !strings.Contains(m.Content, "if (e) then S else S") {
		t.Errorf("rules: %s", m.Content)
	}

	h.slash(h.alice, h.channel.ID, "solo")
	thread, _ := h.fake.WaitThread(h.ctx, h.channel.ID)
	h.find(thread.ID, "the setup", contains("setting up"))
	post, _ := h.fake.PostMessage(h.alice, thread.ID, "try this:\n```kombat\nmove down\n```")
	in, err = h.fake.MessageCommand(h.alice, post.ID, kombatui.UseStrategyCommand)
	if err != nil {
		t.Fatal(err)
	}
	r, err = in.Response(h.ctx)
	if err != nil || r.Modal == nil {
		t.Fatalf("message command: %+v %v", r, err)
	}
	for _, input := range r.Modal.Inputs {
		if input.CustomID == "strategy" && input.Value != "move down" {
			t.Errorf("form strategy %q", input.Value)
		}
	}
	added, _ := h.fake.SubmitModal(h.alice, in, map[string]string{"name": "Diver"})
	h.find(thread.ID, "the kind from the message", contains("**1. Diver**"))
	added.Reply(h.ctx)
	h.check()
}
