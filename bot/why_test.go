package bot

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// TestWhy: after alice's turn in a solo game, her board has a Why? button that shows
// her, privately, each of her minions' trace with line:column positions, values read
// and how the evaluation ended; the button stays once the turn controls are gone;
// someone outside the game is refused while it is on, and sees it once it is over.
func TestWhy(t *testing.T) {
	h := newHarness(t)
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=2\n"))
	where := h.soloGame(h.alice, h.channel.ID, discordtest.Opt("config", cfg))
	first := h.find(where, "the first board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
	if first.Button("Why?") != nil {
		t.Error("the board before any turn offers Why?")
	}
	h.click(h.alice, first, "End turn")
	// alice's turn is followed at once by the bot's: take the board of alice's turn.
	mine := h.find(where, "alice's turn", func(m *discordtest.Message) bool {
		return m.ID != first.ID && strings.Contains(m.Content, "alice") && m.Button("Why?") != nil
	})
	why, err := h.click(h.alice, mine, "Why?").Reply(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !why.Ephemeral {
		t.Error("the explanation is public")
	}
	text := why.Content
	if f := why.File("why-game1-turn1.txt"); f != nil {
		text = string(f.Data)
	}
	for _, want := range []string{"Turn 1 of alice", "(Rusher), now at", "after"} {
		if !strings.Contains(text, want) {
			t.Errorf("explanation lacks %q:\n%s", want, text)
		}
	}
	if !regexp.MustCompile(`(?m)^\d+:\d+ +\S`).MatchString(text) {
		t.Errorf("no statement with its line:column:\n%s", text)
	}
	// The bot's turn is not alice's to see during the game.
	bots := h.find(where, "the bot's turn", func(m *discordtest.Message) bool { return m.Button("End turn") != nil && m.ID != first.ID })
	if r, err := h.click(h.alice, bots, "Why?").Reply(h.ctx); err != nil || !strings.Contains(r.Content, "private until the game is over") {
		t.Errorf("the bot's turn explained to alice during the game: %v %q", err, r.Content)
	}
	if r, err := h.click(h.bob, mine, "Why?").Reply(h.ctx); err != nil || !strings.Contains(r.Content, "Only the players") {
		t.Errorf("a spectator's Why? during the game: %v %q", err, r.Content)
	}
	// Once the turn's controls are gone, Why? stays.
	if m := h.fake.Message(first.ID); len(m.Components) != 0 {
		t.Errorf("the first board kept %d rows", len(m.Components))
	}
	h.click(h.alice, bots, "End turn")
	over := h.find(where, "the end", contains("Game over"))
	if m := h.fake.Message(bots.ID); m.Button("End turn") != nil || m.Button("Why?") == nil {
		t.Errorf("after End turn the board's controls are %+v", m.Components)
	}
	if r, err := h.click(h.bob, mine, "Why?").Reply(h.ctx); err != nil || !strings.Contains(r.Content, "(Rusher), now at") {
		t.Errorf("a spectator's Why? after the game: %v %q", err, r.Content)
	}
	if over.Button("Why?") == nil {
		t.Error("the last board has no Why?")
	}
	h.check()
}
