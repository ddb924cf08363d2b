package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// TestSlowAttachmentAcknowledgedInTime: /kombat solo with a configuration file whose
// download takes longer than Discord's 3 seconds is acknowledged first and answered
// when done, so the game starts and no answer is late; a refusal found after the
// acknowledgement (a bad file) still reaches only its author.
func TestSlowAttachmentAcknowledgedInTime(t *testing.T) {
	h := newHarness(t)
	h.fake.ResponseDeadline = time.Second // a tighter Discord, so the test stays short
	h.fake.Stall(discordtest.AttachmentRoute, 2, 1500*time.Millisecond)
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=3\n"))
	in, err := h.fake.SlashCommand(h.alice, h.channel.ID, "kombat", discordtest.Sub("solo", discordtest.Opt("config", cfg)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.Settled(h.ctx); err != nil {
		t.Fatal(err)
	}
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	h.find(thread.ID, "the setup", contains("setting up"))

	bad := h.fake.Upload("bad.cfg", "text/plain", []byte("max_turns=0\n"))
	other := h.fake.AddChannel(h.guild, "other")
	in, err = h.fake.SlashCommand(h.bob, other.ID, "kombat", discordtest.Sub("solo", discordtest.Opt("config", bad)))
	if err != nil {
		t.Fatal(err)
	}
	m, err := in.Followup(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Ephemeral || !strings.Contains(m.Content, "max_turns") {
		t.Errorf("refusal after a slow download (ephemeral %v): %s", m.Ephemeral, m.Content)
	}
	if orig := h.fake.Message(m.ID); orig == nil {
		t.Fatal("no follow-up message")
	}
	for _, msg := range h.fake.Messages(other.ID) {
		if !msg.Ephemeral && !msg.Deleted {
			t.Errorf("a public message stayed in the channel after a refusal: %q", msg.Content)
		}
	}
	if n := h.fake.Faults(discordtest.AttachmentRoute); n != 2 {
		t.Errorf("%d slow downloads, want 2", n)
	}
	h.check()
}
