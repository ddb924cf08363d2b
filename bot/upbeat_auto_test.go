package bot

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/store"
)

// upScreens are the UPBEAT screens (messages with a territory image) of a channel.
func (h *harness) upScreens(channel string) []*discordtest.Message {
	var out []*discordtest.Message
	for _, m := range h.fake.Messages(channel) {
		if m.File("territory.png") != nil {
			out = append(out, m)
		}
	}
	return out
}

// TestUpbeatAutoGame: alice has two bots play each other with a configuration of two
// turns each on an 8 x 8 territory. The announcement says the turns and the pace; the
// game moves to a thread and begins at once, nobody joining; each step of the clock
// posts exactly one turn's screen with its territory image; bob's Pause is refused
// privately (only the opener pauses, as in /kombat auto); alice's Pause stops the
// turns and her Resume goes on; the last screen says who won, and nobody is rated.
func TestUpbeatAutoGame(t *testing.T) {
	const step = 3 * time.Second
	h := newHarnessWith(t, func(o *Options) { o.AutoStep = step })
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=2\nm=8\nn=8\n"))
	intro := h.upslash(h.alice, h.channel.ID, "auto", discordtest.Opt("players", 2), discordtest.Opt("level", "easy"),
		discordtest.Opt("config", cfg))
	for _, want := range []string{"2 bots", "8 x 8", "2 turns each (4 in all)", "one turn every 3s", "Bot 2 (easy)", "not rated"} {
		if !strings.Contains(intro.Content, want) {
			t.Errorf("the announcement %q does not say %q", intro.Content, want)
		}
	}
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	first := h.find(thread.ID, "the first screen", func(m *discordtest.Message) bool {
		return m.File("territory.png") != nil && strings.Contains(m.Content, "every 3s")
	})
	if first.Button("Pause") == nil || first.Button("Confirm") != nil {
		t.Fatalf("the first screen's controls: %+v", first.Buttons())
	}
	id, err := view.DecodeID(first.Button("Pause").CustomID)
	if err != nil {
		t.Fatal(err)
	}

	// Each step posts one screen; a step less posts none.
	tick := func(d time.Duration, want int) *discordtest.Message {
		t.Helper()
		before := len(h.upScreens(thread.ID))
		h.clock.Advance(d)
		h.bot.RunDue(h.ctx)
		all := h.upScreens(thread.ID)
		if got := len(all) - before; got != want {
			t.Fatalf("after %v: %d new screens, want %d", d, got, want)
		}
		return all[len(all)-1]
	}
	tick(step-time.Millisecond, 0)
	screen := tick(time.Millisecond, 1)
	if !strings.Contains(screen.Content, "**Bot 1 (easy)**, turn 1") {
		t.Errorf("the first turn's summary: %q", screen.Content)
	}

	// bob cannot pause alice's game; alice can, and nothing plays until she resumes.
	in := h.click(h.bob, screen, "Pause")
	if m, err := in.Followup(h.ctx); err != nil || !m.Ephemeral || !strings.Contains(m.Content, "Only <@"+h.alice.ID+">") {
		t.Fatalf("bob's Pause: %v %+v", err, m)
	}
	h.click(h.alice, screen, "Pause")
	paused := h.fake.Message(screen.ID)
	if paused.Button("Resume") == nil || !strings.Contains(paused.Content, "paused by <@"+h.alice.ID+">") || paused.File("territory.png") == nil {
		t.Fatalf("the screen once paused: %q %+v", paused.Content, paused.Buttons())
	}
	if paused.Button("Stop") == nil || paused.Button("Why?") == nil { // UPBEAT's own buttons (ui.Game.AutoControls)
		t.Errorf("the screen once paused lost UPBEAT's Stop or Why?: %+v", paused.Buttons())
	}
	tick(10*step, 0)
	h.click(h.alice, paused, "Resume")
	tick(step-time.Millisecond, 0)
	tick(time.Millisecond, 1)

	// To the end: turns 3 and 4, then the result.
	tick(step, 1)
	last := tick(step, 1)
	if !strings.Contains(last.Content, "Game over") || !strings.Contains(last.Content, "wins") && !strings.Contains(last.Content, "tie") {
		t.Fatalf("the final screen: %q", last.Content)
	}
	// Nothing left to pause or stop; a turn's Why? stays, as under every turn.
	if bs := last.Buttons(); len(bs) != 1 || bs[0].Label != "Why?" {
		t.Errorf("the final screen has controls: %+v; want only Why?", bs)
	}
	for _, m := range h.upScreens(thread.ID) {
		if _, err := png.Decode(bytes.NewReader(m.File("territory.png").Data)); err != nil {
			t.Errorf("screen %q: territory image: %v", m.Content, err)
		}
	}
	tick(10*step, 0)
	row, err := h.db.ActiveAt(h.ctx, thread.ID)
	if err == nil {
		t.Fatalf("a game is still active in the thread: %+v", row)
	}
	over, err := h.db.Game(h.ctx, id.Game)
	if err != nil || over.Status != store.StatusOver || over.Result == nil || over.Turns != 4 || upPart(t, over).Seats[0] != "" {
		t.Fatalf("the stored game: %+v, %v; want over after 4 turns, nobody seated", over, err)
	}
	for _, kind := range upbeathost.UpLadders() {
		if top, err := h.db.Leaderboard(h.ctx, h.guild.ID, kind, 10); err != nil || len(top) != 0 {
			t.Errorf("ladder %s after an auto game: %v, %v", kind, top, err)
		}
	}
	h.check()
}

// TestUpbeatNewAllBots: /upbeat new with as many bots as players is /upbeat auto (a
// lobby nobody could join would only wait), and bots=6 alone makes six seats, not seven.
func TestUpbeatNewAllBots(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct {
		opts []discordtest.Option
		want string
	}{
		{[]discordtest.Option{discordtest.Opt("players", 2), discordtest.Opt("bots", 2)}, "2 bots play each other"},
		{[]discordtest.Option{discordtest.Opt("bots", 6)}, "6 bots play each other"},
	} {
		ch := h.fake.AddChannel(h.guild, "auto")
		m := h.upslash(h.alice, ch.ID, "new", tc.opts...)
		if !strings.Contains(m.Content, tc.want) || m.Button("Join") != nil {
			t.Fatalf("/upbeat new %v: %q", tc.opts, m.Content)
		}
		thread, err := h.fake.WaitThread(h.ctx, ch.ID)
		if err != nil {
			t.Fatal(err)
		}
		h.find(thread.ID, "the first screen", func(m *discordtest.Message) bool { return m.Button("Pause") != nil })
	}
	h.check()
}

// TestUpbeatAutoStop_U22: an auto game of fifty turns a bot, which would run for
// minutes, is stopped by its opener after its first turn: bob's Stop is refused
// privately, in words of Stop (it spoke of pause and resume), alice's ends it at once, the final screen says so and who won (as at the
// turn limit, U22), and no turn comes after it.
func TestUpbeatAutoStop_U22(t *testing.T) {
	const step = 3 * time.Second
	h := newHarnessWith(t, func(o *Options) { o.AutoStep = step })
	cfg := h.fake.Upload("long.cfg", "text/plain", []byte("max_turns=50\nm=8\nn=8\n"))
	intro := h.upslash(h.alice, h.channel.ID, "auto", discordtest.Opt("players", 2), discordtest.Opt("level", "easy"),
		discordtest.Opt("config", cfg))
	if !strings.Contains(intro.Content, "**Stop**") {
		t.Errorf("the announcement does not offer Stop: %q", intro.Content)
	}
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	h.find(thread.ID, "the first screen", func(m *discordtest.Message) bool { return m.File("territory.png") != nil })
	h.clock.Advance(step)
	h.bot.RunDue(h.ctx)
	screens := h.upScreens(thread.ID)
	screen := screens[len(screens)-1]
	if screen.Button("Stop") == nil || !strings.Contains(screen.Content, "turn 1") {
		t.Fatalf("the first turn's screen: %q %+v", screen.Content, screen.Buttons())
	}
	in := h.click(h.bob, screen, "Stop")
	if m, err := in.Followup(h.ctx); err != nil || !m.Ephemeral || !strings.Contains(m.Content, "Only <@"+h.alice.ID+">, who started this game, can stop it.") {
		t.Fatalf("bob's Stop: %v %+v; want it refused in words of Stop", err, m)
	}
	h.click(h.alice, screen, "Stop")
	last := h.find(thread.ID, "the final screen", contains("stopped the game"))
	if bs := last.Buttons(); !strings.Contains(last.Content, "Game over") || len(bs) != 1 || bs[0].Label != "Why?" {
		t.Fatalf("the final screen: %q %+v; want only Why?", last.Content, bs)
	}
	n := len(h.upScreens(thread.ID))
	h.clock.Advance(10 * step)
	h.bot.RunDue(h.ctx)
	if got := len(h.upScreens(thread.ID)); got != n {
		t.Errorf("%d screens after the stop", got-n)
	}
	h.check()
}
