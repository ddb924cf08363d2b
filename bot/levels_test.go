package bot

import (
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// TestSoloLevel: /kombat solo level:hard seats the hard bot, named as such, and a
// restart keeps it (the level is stored with the game).
func TestSoloLevel(t *testing.T) {
	h := newHarness(t)
	h.slash(h.alice, h.channel.ID, "solo", discordtest.Opt("level", "hard"))
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	h.find(thread.ID, "the setup against the hard bot", contains("vs **Bot (hard)** (orange)"))
	h.stop()
	h.start()
	h.agree(thread.ID, h.alice, h.alice)
	h.freeSpawn(thread.ID, h.alice, "1,1")
	h.find(thread.ID, "the first board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
	g, err := h.db.ActiveAt(h.ctx, thread.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := `"levels":["","hard"]`; !contains(want)(&discordtest.Message{Content: string(g.Setup)}) {
		t.Errorf("stored setup %s, want the level (%s)", g.Setup, want)
	}
	h.check()
}
