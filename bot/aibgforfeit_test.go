package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/aibgui"
	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/game"
)

// TestAibgForfeit_A18: a whole AIBG match through Discord that a person loses on the
// clock: alice picks her pool and lineup against the bot, then lets her clock run out
// on three moves in a row (A18): the first two are passes said on the next screen, the
// third forfeits the match, and the final screen (with its picture, no button) and
// the after-game text say so; the match is stored won by the bot by forfeit.
func TestAibgForfeit_A18(t *testing.T) {
	h := newHarness(t)
	h.abslash(h.alice, h.channel.ID, "solo", discordtest.Opt("level", "easy"))
	row, err := h.db.ActiveAt(h.ctx, h.channel.ID)
	if err != nil || row.Game != "aibg" {
		t.Fatalf("the match in the channel: %+v, %v", row, err)
	}
	for {
		screen, label := h.abScreen(h.channel.ID)
		if label == "Choose my move" {
			break
		}
		if label == "" {
			t.Fatalf("the match asks nothing: %q", screen.Content)
		}
		h.abChoose(h.alice, screen, label)
	}
	for miss := 1; miss <= 3; miss++ {
		ds, err := h.db.Deadlines(h.ctx, h.clock.Now().Add(24*time.Hour))
		if err != nil || len(ds) != 1 {
			t.Fatalf("miss %d: the deadlines armed while alice's move is open: %v, %v; want her clock", miss, ds, err)
		}
		h.clock.Advance(ds[0].Due.Sub(h.clock.Now()))
		h.bot.RunDue(h.ctx)
		if miss < 3 {
			want := "has let the clock run out on " + map[int]string{1: "1 move", 2: "2 moves"}[miss] + " in a row"
			next := h.waitFor(h.channel.ID, "the screen after a missed move", contains(want))
			if next.Button("Choose my move") == nil {
				t.Errorf("after %d missed moves the match does not ask alice's next: %q", miss, next.Content)
			}
		}
	}
	final := h.find(h.channel.ID, "the final screen", func(m *discordtest.Message) bool {
		return m.Nonce != "" && strings.Contains(m.Content, "**Game over.**")
	})
	if !strings.Contains(final.Content, "alice let the clock run out on 3 moves in a row and forfeits the match") ||
		final.File(aibgui.AibgPicture) == nil || len(final.Buttons()) != 0 {
		t.Errorf("the final screen: %+v", final)
	}
	after := h.waitFor(h.channel.ID, "the after-game text", func(m *discordtest.Message) bool {
		return m.Nonce == "" && strings.Contains(m.Content, "**Game over.**")
	})
	if !strings.Contains(after.Content, "alice forfeited, the clock run out on 3 moves in a row: **Bot (easy)** wins the match") {
		t.Errorf("the after-game text: %q", after.Content)
	}
	got, err := h.db.Game(h.ctx, row.ID)
	if err != nil || got.Result == nil || *got.Result != (game.Result{Winner: 2, Reason: game.ReasonForfeit}) {
		t.Fatalf("the forfeited match as stored: %+v, %v", got, err)
	}
	h.check()
}
