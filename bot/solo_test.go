package bot

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/ui"
)

// TestSolitaireGame plays a whole solitaire game through Discord: /kombat solo with a
// configuration file, a kind from the form, Ready, the free spawn, then End turn until
// the game is over; every board image is decoded. Under the final board comes, once,
// the after-game message: its chart decodes and its sentences speak to the player. No
// edit leaves a message as it was (the bot's boards keep their Why? row when retired).
func TestSolitaireGame(t *testing.T) {
	h := newHarness(t)
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=2\n"))
	_, announce := h.slash(h.alice, h.channel.ID, "solo", discordtest.Opt("config", cfg))
	if !strings.Contains(announce.Content, "against the built-in bot") || !strings.Contains(announce.Content, "max_turns=2") {
		t.Fatalf("announcement: %s", announce.Content)
	}
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	setup := h.waitFor(thread.ID, "the setup message", contains("setting up"))
	add := h.click(h.alice, setup, "Add kind")
	if _, err := h.fake.SubmitModal(h.alice, add, map[string]string{"name": "Shooter", "defense": "2", "strategy": exampleStrategy(t, "shooter")}); err != nil {
		t.Fatal(err)
	}
	setup = h.waitFor(thread.ID, "the kind in the setup", contains("**1. Shooter**"))
	h.click(h.alice, setup, "Ready / not ready")
	free := h.waitFor(thread.ID, "the free spawn message", contains("Free spawns"))
	pick := h.choose(h.alice, free, "Choose the kind", "0")
	hexes, err := pick.Reply(h.ctx)
	if err != nil || !hexes.Ephemeral {
		t.Fatalf("hex choice: %v %+v", err, hexes)
	}
	if _, err := h.fake.Choose(h.alice, hexes.ID, hexes.Select("Choose a hex").CustomID, "1,1"); err != nil {
		t.Fatal(err)
	}
	// Play: alice ends her turns; the bot answers at once; two turns each. A board
	// newer than the last one pressed (the after-game message may follow the last).
	row, err := h.db.ActiveAt(h.ctx, thread.ID)
	if err != nil {
		t.Fatal(err)
	}
	last := ""
	var board *discordtest.Message
	for turn := 1; ; turn++ {
		board = h.find(thread.ID, "a board", func(m *discordtest.Message) bool {
			return m.ID > last && boardOf(m) != nil && (m.Button("End turn") != nil || strings.Contains(m.Content, "Game over"))
		})
		decodeBoard(t, board)
		if strings.Contains(board.Content, "Game over") {
			if !strings.Contains(board.Content, "Score") {
				t.Errorf("final message without a score: %s", board.Content)
			}
			break
		}
		if turn > 10 {
			t.Fatal("the game did not end")
		}
		h.click(h.alice, board, "End turn")
		last = board.ID
	}
	isAfter := func(m *discordtest.Message) bool { return strings.HasPrefix(m.Content, ui.AfterGameTitle) }
	after := h.find(thread.ID, "the after-game message", isAfter)
	if after.ID < board.ID {
		t.Errorf("the after-game message came before the final board")
	}
	chart := after.File(fmt.Sprintf("kombat-game-%d-chart.png", row.ID))
	if chart == nil {
		t.Fatalf("after-game message without its chart: %q", after.Content)
	}
	if img, err := png.Decode(bytes.NewReader(chart.Data)); err != nil || img.Bounds().Dx() >= 1000 || img.Bounds().Dy() < 300 {
		t.Fatalf("chart: %v", err)
	}
	lines := strings.Split(after.Content, "\n")[1:]
	if len(lines) < 4 || len(lines) > 5 || !strings.HasPrefix(lines[len(lines)-1], "Next time, ") || !strings.Contains(after.Content, "You ended with") {
		t.Errorf("after-game sentences, for alice: %q", lines)
	}
	if n := h.count(thread.ID, isAfter); n != 1 {
		t.Errorf("the after-game message was posted %d times", n)
	}
	// The bot's turns are posted with their Why? row only: retiring them changes
	// nothing, and Discord would count every such edit against the bot's budget.
	if n := h.fake.IdleEdits(); n != 0 {
		t.Errorf("%d edits changed nothing a message shows", n)
	}
	h.check()
}
