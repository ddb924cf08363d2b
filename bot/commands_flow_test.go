package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// TestBadConfigFile: a configuration file with mistakes is refused with every one of
// them and its line, out-of-range values included (issue 13), and no game starts.
func TestBadConfigFile(t *testing.T) {
	h := newHarness(t)
	bad := h.fake.Upload("bad.cfg", "text/plain", []byte("spawn_cost=5\nmax_turns=0\n"))
	_, m := h.slash(h.alice, h.channel.ID, "solo", discordtest.Opt("config", bad))
	if !m.Ephemeral || !strings.Contains(m.Content, "a mistake: line 2: max_turns must be from 1 to 1000, got 0") {
		t.Errorf("bad config: %s", m.Content)
	}
	worse := h.fake.Upload("worse.cfg", "text/plain", []byte("step_limit=9223372036854775807\ncolour=blue\nmax_turns=1001\n"))
	_, m = h.slash(h.alice, h.channel.ID, "auto", discordtest.Opt("config", worse))
	for _, want := range []string{
		"has 3 mistakes:",
		"- line 1: step_limit must be from 1 to 10000000, got 9223372036854775807",
		`- line 2: unknown key "colour"; the keys are spawn_cost,`,
		"- line 3: max_turns must be from 1 to 1000, got 1001",
	} {
		if !m.Ephemeral || !strings.Contains(m.Content, want) {
			t.Errorf("config with three mistakes: %q lacks %q", m.Content, want)
		}
	}
	if active, _ := h.db.ActiveGames(h.ctx); len(active) != 0 {
		t.Error("a game was created with a bad configuration")
	}
	if _, m := h.slash(h.alice, h.channel.ID, "rules"); !strings.Contains(m.Content, "`step_limit` (1–10000000") || !strings.Contains(m.Content, "`max_turns` (1–1000)") {
		t.Errorf("/kombat rules does not give the bounds: %s", m.Content)
	}
	h.check()
}

// TestKindFromFileBoardStatusPause adds a kind from a .txt attachment, shows the board
// and status to a spectator, and pauses and resumes an auto game.
func TestKindFromFileBoardStatusPause(t *testing.T) {
	h := newHarness(t)
	cfg := h.fake.Upload("long.cfg", "text/plain", []byte("max_turns=60\n"))
	h.slash(h.alice, h.channel.ID, "auto", discordtest.Opt("config", cfg))
	thread, _ := h.fake.WaitThread(h.ctx, h.channel.ID)
	setup := h.find(thread.ID, "the setup", contains("setting up"))
	file := h.fake.Upload("tank.txt", "text/plain", []byte(exampleStrategy(t, "shooter")))
	in, err := h.fake.SlashCommand(h.alice, thread.ID, "kombat", discordtest.Group("kind", discordtest.Sub("add",
		discordtest.Opt("name", "Tank"), discordtest.Opt("defense", 7), discordtest.Opt("file", file))))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := in.Reply(h.ctx); err != nil || !strings.Contains(r.Content, "Added **Tank** (defense 7)") {
		t.Fatalf("kind add: %v", err)
	}
	h.find(thread.ID, "the kind", contains("**1. Tank** — defense 7"))
	// Only alice, who started the auto game, readies it.
	if r, _ := h.click(h.bob, setup, "Ready / not ready").Reply(h.ctx); !strings.Contains(r.Content, "who started this game, can say they are ready") {
		t.Errorf("bob readied alice's auto game: %+v", r)
	}
	h.click(h.alice, setup, "Ready / not ready")
	board := h.find(thread.ID, "an auto board", func(m *discordtest.Message) bool { return m.Button("Pause") != nil })
	if r, _ := h.click(h.bob, board, "Pause").Reply(h.ctx); !strings.Contains(r.Content, "Only <@"+h.alice.ID+">") {
		t.Errorf("bob paused: %+v", r)
	}
	// Pause on the newest board; then nothing is posted until resumed.
	latest := h.playOn(thread.ID, "a board after the first", func(m *discordtest.Message) bool { return m.ID != board.ID && m.Button("Pause") != nil })
	h.click(h.alice, latest, "Pause")
	paused := h.find(thread.ID, "paused", func(m *discordtest.Message) bool { return m.Button("Resume") != nil })
	// A spectator asks for the board and the status.
	_, b := h.slash(h.bob, thread.ID, "board")
	if !b.Ephemeral || boardOf(b) == nil {
		t.Errorf("board for a spectator: %+v", b.Content)
	}
	decodeBoard(t, b)
	_, s := h.slash(h.bob, thread.ID, "status")
	if !strings.Contains(s.Content, "Bot 1 (player 1): budget") {
		t.Errorf("status: %s", s.Content)
	}
	h.click(h.alice, paused, "Resume")
	h.playOn(thread.ID, "the end", contains("Game over"))
	h.check()
}

// TestTurnClock: a reminder when a fifth of the time is left, the turn played for the
// player when it runs out, and a forfeit after three such turns in a row; the clock
// survives a restart.
func TestTurnClock(t *testing.T) {
	h := newHarness(t)
	where := h.soloGame(h.alice, h.channel.ID, discordtest.Opt("timeout", 10))
	h.clock.Advance(7 * time.Minute)
	h.bot.RunDue(h.ctx)
	h.clock.Advance(90 * time.Second)
	h.bot.RunDue(h.ctx)
	h.find(where, "the reminder", contains("2m0s left for your turn"))
	// The bot restarts; the stored deadline still fires.
	h.stop()
	h.start()
	for miss := 1; miss <= 3; miss++ {
		h.clock.Advance(11 * time.Minute)
		h.bot.RunDue(h.ctx)
		want := "ran out of time (" + string(rune('0'+miss)) + " in a row)"
		if miss == 3 {
			want = "forfeits"
		}
		h.find(where, want, contains(want))
		if miss < 3 { // alice's next turn, its clock armed
			h.waitFor(where, "alice's next turn", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
		}
	}
	final := h.find(where, "the end", contains("Game over"))
	if !strings.Contains(final.Content, "ran out of time") {
		t.Errorf("final: %s", final.Content)
	}
	h.check()
}

// TestBystanderReady: someone who is not in a game and presses Ready is told about
// Ready, not about changing kinds (issue 14), and nothing changes.
func TestBystanderReady(t *testing.T) {
	h := newHarness(t)
	h.slash(h.alice, h.channel.ID, "solo")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	h.agree(thread.ID, h.alice)
	setup := h.find(thread.ID, "the setup message", contains("setting up"))
	m, err := h.click(h.bob, setup, "Ready / not ready").Reply(h.ctx)
	if err != nil || !m.Ephemeral || m.Content != "Only the players of this game can say they are ready." {
		t.Errorf("a bystander's Ready: %+v %v", m, err)
	}
	if row, err := h.db.ActiveAt(h.ctx, thread.ID); err != nil || row.Status != "setup" || strings.Contains(string(row.Setup), `"ready":[true`) {
		t.Errorf("the game after a bystander's Ready: %+v %v", row, err)
	}
	h.check()
}

// TestEditLongKind: a kind longer than a form holds (4,000 characters; files may have
// 16 KiB) gets an explanation of how to change it, never a form Discord would refuse
// ("This interaction failed"), both on Edit and on Edit again after a refused file.
func TestEditLongKind(t *testing.T) {
	h := newHarness(t)
	h.slash(h.alice, h.channel.ID, "auto")
	thread, _ := h.fake.WaitThread(h.ctx, h.channel.ID)
	setup := h.find(thread.ID, "the setup", contains("setting up"))
	long := "# " + strings.Repeat("a long comment ", 340) + "\n"
	add := func(name, strategy string) *discordtest.Message {
		file := h.fake.Upload(name+".txt", "text/plain", []byte(strategy))
		in, err := h.fake.SlashCommand(h.alice, thread.ID, "kombat", discordtest.Group("kind", discordtest.Sub("add",
			discordtest.Opt("name", name), discordtest.Opt("defense", 1), discordtest.Opt("file", file))))
		m, err := func() (*discordtest.Message, error) {
			if err != nil {
				return nil, err
			}
			return in.Reply(h.ctx)
		}()
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	if m := add("Chatty", long+"done"); !strings.Contains(m.Content, "Added **Chatty**") {
		t.Fatalf("adding a 5,000-character kind: %s", m.Content)
	}
	h.find(thread.ID, "the kind", contains("**1. Chatty**"))
	in := h.choose(h.alice, setup, "Edit a kind", "0")
	r, _ := in.Response(h.ctx)
	m, err := in.Reply(h.ctx)
	if err != nil || r.Modal != nil || !m.Ephemeral || !strings.Contains(m.Content, "is 5107 characters long, and a Discord form holds at most 4000") || !strings.Contains(m.Content, "press **Remove** on **Chatty**") {
		t.Errorf("Edit on a 5,000-character kind: %+v, %+v, %v", r, m, err)
	}
	refused := add("Broken", long+"move sideways")
	if !strings.Contains(refused.Content, "does not compile") {
		t.Fatalf("a broken file: %s", refused.Content)
	}
	again, err := h.fake.Click(h.alice, refused.ID, refused.Button("Edit again").CustomID)
	if err != nil {
		t.Fatal(err)
	}
	r, _ = again.Response(h.ctx)
	if m, err := again.Reply(h.ctx); err != nil || r.Modal != nil || !strings.Contains(m.Content, "Fix the file and propose it again with `/kombat kind add`") {
		t.Errorf("Edit again on a 5,000-character file: %+v, %+v, %v", r, m, err)
	}
	h.check()
}
