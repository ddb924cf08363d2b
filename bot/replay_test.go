package bot

import (
	"bytes"
	"image/gif"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// TestReplayHistoryStats finishes a short solo game, then replays it (an animated GIF
// with one frame per turn plus setup, and a viewer stepping through turns), lists it in
// /kombat history, and shows alice's rating against the bot in stats and the leaderboard.
func TestReplayHistoryStats(t *testing.T) {
	h := newHarness(t)
	other := h.fake.AddChannel(h.guild, "elsewhere")
	if _, m := h.slash(h.alice, other.ID, "replay"); !strings.Contains(m.Content, "No game has finished in this channel") {
		t.Errorf("replay before any game: %s", m.Content)
	}
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=2\n"))
	where := h.soloGame(h.alice, h.channel.ID, discordtest.Opt("config", cfg))
	for i := 0; i < 2; i++ {
		board := h.waitFor(where, "alice's board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
		h.click(h.alice, board, "End turn")
		h.find(where, "the next board", func(m *discordtest.Message) bool { return m.ID != board.ID && boardOf(m) != nil })
	}
	h.find(where, "the end", contains("Game over"))

	_, m := h.slash(h.bob, where, "replay")
	if !strings.Contains(m.Content, "Replay of game #1") || !strings.Contains(m.Content, "Seed `") || !strings.Contains(m.Content, "max_turns=2") {
		t.Errorf("replay message: %s", m.Content)
	}
	a := m.File("kombat-game-1.gif")
	if a == nil {
		t.Fatal("no animation")
	}
	anim, err := gif.DecodeAll(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatal(err)
	}
	shown := 0 // the renderer splits a frame into parts shown at once: count the pauses
	for _, d := range anim.Delay {
		if d > 0 {
			shown++
		}
	}
	if shown != 1+4 {
		t.Errorf("the animation shows %d frames, want setup + 4 turns", shown)
	}
	viewer := h.find(where, "the replay viewer", func(m *discordtest.Message) bool { return m.Button("◀ Previous") != nil })
	if !strings.Contains(viewer.Content, "turn 4 of 4") || !viewer.Button("Next ▶").Disabled {
		t.Errorf("viewer at the end: %s", viewer.Content)
	}
	decodeBoard(t, viewer)
	if _, err := h.click(h.bob, viewer, "⏮ First").Response(h.ctx); err != nil {
		t.Fatal(err)
	}
	first := h.fake.Message(viewer.ID)
	if !strings.Contains(first.Content, "after the free spawns") || !first.Button("◀ Previous").Disabled || first.Button("Why?") != nil {
		t.Errorf("viewer at the start: %s", first.Content)
	}
	h.click(h.bob, first, "Next ▶").Response(h.ctx)
	second := h.fake.Message(viewer.ID)
	if !strings.Contains(second.Content, "turn 1 of 4") {
		t.Errorf("viewer after Next: %s", second.Content)
	}
	decodeBoard(t, second)
	// After the game, anyone may see why: bob, who did not play.
	if r, err := h.click(h.bob, second, "Why?").Reply(h.ctx); err != nil || !strings.Contains(r.Content, "Turn 1 of alice") {
		t.Errorf("Why? in the replay: %v %+v", err, r)
	}
	if _, m := h.slash(h.alice, h.channel.ID, "replay", discordtest.Opt("game", 99)); !strings.Contains(m.Content, "no game #99") {
		t.Errorf("replay of a missing game: %s", m.Content)
	}

	_, m = h.slash(h.alice, h.channel.ID, "history")
	if !m.Ephemeral || !strings.Contains(m.Content, "`#1` solitaire vs the bot") {
		t.Errorf("history: %s", m.Content)
	}
	_, m = h.slash(h.bob, h.channel.ID, "stats", discordtest.Opt("user", h.alice))
	if !strings.Contains(m.Content, "Against the bot (normal): rating") || !strings.Contains(m.Content, "1 game:") || !strings.Contains(m.Content, "Duels: no rated games") {
		t.Errorf("stats: %s", m.Content)
	}
	_, m = h.slash(h.alice, h.channel.ID, "leaderboard", discordtest.Opt("ladder", "bot"))
	if !strings.Contains(m.Content, "1. <@"+h.alice.ID+">") || !strings.Contains(m.Content, "← you") {
		t.Errorf("leaderboard: %s", m.Content)
	}
	if _, m := h.slash(h.alice, h.channel.ID, "leaderboard"); !strings.Contains(m.Content, "Nobody on this server has a rating for duels") {
		t.Errorf("empty duel leaderboard: %s", m.Content)
	}
	h.check()
}
