package bot

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/store"
)

// upslash runs /upbeat SUB with options and waits for the bot's first reply.
func (h *harness) upslash(user *discordtest.User, channel, sub string, opts ...discordtest.Option) *discordtest.Message {
	h.t.Helper()
	in, err := h.fake.SlashCommand(user, channel, "upbeat", discordtest.Sub(sub, opts...))
	_, m, err := discordtest.Do(h.ctx, in, err)
	if err != nil {
		h.t.Fatalf("/upbeat %s: %v", sub, err)
	}
	return m
}

// TestUpbeatGame plays a 3-player UPBEAT game through Discord to its end: alice opens
// it with two bots and a short configuration, bob cannot join the full game, alice
// starts it (it moves to a thread), writes her first plan in the form, revises once
// (the form is pre-filled with her plan), and confirms each turn while the bots'
// turns follow at once; bob's press of alice's Confirm is refused privately; every
// screen carries the territory image; /upbeat status answers privately; the last
// screen says who won.
func TestUpbeatGame(t *testing.T) {
	h := newHarness(t)
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=2\nm=8\nn=8\n"))
	lobby := h.upslash(h.alice, h.channel.ID, "new", discordtest.Opt("players", 3), discordtest.Opt("bots", 2),
		discordtest.Opt("level", "easy"), discordtest.Opt("config", cfg))
	if !strings.Contains(lobby.Content, "for 3 players") || !strings.Contains(lobby.Content, "Bot 3 (easy)") || lobby.Button("Join") == nil {
		t.Fatalf("lobby: %q", lobby.Content)
	}
	join := h.click(h.bob, lobby, "Join")
	if m, err := join.Followup(h.ctx); err != nil || !m.Ephemeral || !strings.Contains(m.Content, "full") {
		t.Fatalf("bob joining a full game: %v %+v", err, m)
	}
	h.click(h.alice, lobby, "Start")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	plans := h.waitFor(thread.ID, "the first plans message", contains("first plans"))
	form := h.click(h.alice, plans, "Write plan")
	if _, err := h.fake.SubmitModal(h.alice, form, map[string]string{"plan": "invest 10"}); err != nil {
		t.Fatal(err)
	}
	row, err := h.db.ActiveAt(h.ctx, thread.ID)
	if err != nil || row.Game != store.GameUpbeat {
		t.Fatalf("the game in the thread: %+v, %v", row, err)
	}

	last, revised := "", false
	var screen *discordtest.Message
	for turn := 1; ; turn++ {
		screen = h.find(thread.ID, "a screen", func(m *discordtest.Message) bool {
			return m.ID > last && m.File("territory.png") != nil && (m.Button("Confirm") != nil || strings.Contains(m.Content, "Game over"))
		})
		if img, err := png.Decode(bytes.NewReader(screen.File("territory.png").Data)); err != nil || img.Bounds().Dx() < 600 {
			t.Fatalf("territory image: %v", err)
		}
		if strings.Contains(screen.Content, "Game over") {
			break
		}
		if turn > 5 {
			t.Fatal("the game did not end")
		}
		if !strings.Contains(screen.Content, "<@"+h.alice.ID+">") || !strings.Contains(screen.Content, "revision clock") {
			t.Errorf("alice's turn screen: %q", screen.Content)
		}
		if turn == 1 {
			// Bob presses alice's Confirm: refused privately, nothing played.
			in := h.click(h.bob, screen, "Confirm")
			if m, err := in.Followup(h.ctx); err != nil || !m.Ephemeral || !strings.Contains(m.Content, "not playing in this game") {
				t.Fatalf("bob's Confirm: %v %+v", err, m)
			}
			if h.fake.Message(screen.ID).Button("Confirm") == nil {
				t.Fatal("bob's press took alice's controls away")
			}
		}
		if !revised {
			in := h.click(h.alice, screen, "Revise")
			resp, err := in.Response(h.ctx)
			if err != nil || resp.Modal == nil || len(resp.Modal.Inputs) != 1 || !strings.Contains(resp.Modal.Inputs[0].Value, "invest 10") {
				t.Fatalf("the revision form, pre-filled with alice's plan: %v %+v", err, resp)
			}
			sub, err := h.fake.SubmitModal(h.alice, in, map[string]string{"plan": "collect 5\ninvest 20"})
			if err != nil {
				t.Fatal(err)
			}
			if m, err := sub.Reply(h.ctx); err != nil || !m.Ephemeral || !strings.Contains(m.Content, "revised") {
				t.Fatalf("the revision's answer: %v %+v", err, m)
			}
			revised = true
			status := h.upslash(h.alice, thread.ID, "status")
			if !status.Ephemeral || !strings.Contains(status.Content, "budget") {
				t.Errorf("/upbeat status: %+v", status)
			}
		}
		h.click(h.alice, screen, "Confirm")
		last = screen.ID
	}
	if !strings.Contains(screen.Content, "wins") && !strings.Contains(screen.Content, "tie") {
		t.Errorf("the final screen: %q", screen.Content)
	}
	over, err := h.db.Game(h.ctx, row.ID)
	if err != nil || over.Status != store.StatusOver || len(over.Upbeat.Actions) < 7 {
		t.Fatalf("the stored game: %+v, %v", over, err)
	}
	h.check()
}

// TestUpbeatLobbyEnds: a lobby holds its channel only until its opener cancels it or
// nobody has started it for 30 minutes; then the lobby says so and /upbeat new works
// again there. Nobody but the opener can cancel. /kombat's game commands in the
// channel point to /upbeat instead of misreading the game.
func TestUpbeatLobbyEnds(t *testing.T) {
	h := newHarness(t)
	lobby := h.upslash(h.alice, h.channel.ID, "new", discordtest.Opt("players", 2))
	bob := h.click(h.bob, lobby, "Cancel")
	if m, err := bob.Followup(h.ctx); err != nil || !m.Ephemeral || !strings.Contains(m.Content, "Only") {
		t.Fatalf("bob cancelling alice's game: %v %+v", err, m)
	}
	h.click(h.alice, lobby, "Cancel")
	h.find(h.channel.ID, "the cancelled lobby", func(m *discordtest.Message) bool {
		return m.ID == lobby.ID && strings.Contains(m.Content, "cancelled") && len(m.Components) == 0
	})
	again := h.upslash(h.alice, h.channel.ID, "new", discordtest.Opt("players", 2))
	if again.Button("Join") == nil {
		t.Fatalf("a new lobby after the cancelled one: %q", again.Content)
	}
	for _, sub := range []string{"board", "status", "resign"} {
		if _, m := h.slash(h.bob, h.channel.ID, sub); !m.Ephemeral || !strings.Contains(m.Content, "game is UPBEAT") {
			t.Errorf("/kombat %s in an UPBEAT game's channel: %q", sub, m.Content)
		}
	}
	h.clock.Advance(30*time.Minute - time.Second)
	h.bot.RunDue(h.ctx)
	if m := h.fake.Message(again.ID); m == nil || m.Button("Join") == nil {
		t.Fatal("the lobby closed before its 30 minutes")
	}
	h.clock.Advance(time.Second)
	h.bot.RunDue(h.ctx)
	h.find(h.channel.ID, "the lobby closed by its clock", func(m *discordtest.Message) bool {
		return m.ID == again.ID && strings.Contains(m.Content, "not started within 30 minutes") && len(m.Components) == 0
	})
	if m := h.upslash(h.bob, h.channel.ID, "new", discordtest.Opt("players", 2)); m.Button("Join") == nil {
		t.Errorf("the channel is still held after the lobby closed: %q", m.Content)
	}
	h.check()
}
