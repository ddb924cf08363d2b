package bot

import (
	"bytes"
	"fmt"
	"image/gif"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/aibgui"
	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestAibgResignStatusBoard: /aibg status and board answer privately where no match
// was played, then show the channel's match (the board with its picture), no button
// and nobody pinged; /aibg resign asks first, privately, naming who then wins, and
// changes nothing until Resign is pressed (a spectator is told at once that they are
// not playing); the press ends the match with the resignation's result, on the final
// screen's result line and in the after-game text; status still shows the finished
// match, /aibg replay says there is no turn to replay, and the match is rated: bob's
// history, stats and ladder show it.
func TestAibgResignStatusBoard(t *testing.T) {
	h := newHarness(t)
	if m := h.abslash(h.alice, h.channel.ID, "status"); !m.Ephemeral || !strings.Contains(m.Content, "No AIBG match is being played in this channel") {
		t.Errorf("/aibg status where none was played: %+v", m)
	}
	challenge := h.abslash(h.alice, h.channel.ID, "challenge", discordtest.Opt("user", h.bob))
	h.click(h.bob, challenge, "Accept")
	row, err := h.db.ActiveAt(h.ctx, h.channel.ID)
	if err != nil || row.Game != "aibg" {
		t.Fatalf("the match in the channel: %+v, %v", row, err)
	}
	head := fmt.Sprintf("**AIBG** game #%d", row.ID)
	status := h.abslash(h.alice, h.channel.ID, "status")
	if !status.Ephemeral || !strings.Contains(status.Content, head) || len(status.Buttons()) != 0 || status.File(aibgui.AibgPicture) != nil {
		t.Errorf("/aibg status: %+v", status)
	}
	if board := h.abslash(h.bob, h.channel.ID, "board"); !board.Ephemeral || board.File(aibgui.AibgPicture) == nil || len(board.Buttons()) != 0 {
		t.Errorf("/aibg board: %+v", board)
	}
	carol := h.fake.AddUser("carol", false)
	if m := h.abslash(carol, h.channel.ID, "resign"); !m.Ephemeral || m.Button("Resign") != nil || !strings.Contains(m.Content, "not playing") {
		t.Errorf("a spectator's /aibg resign: %+v", m)
	}
	ask := h.abslash(h.alice, h.channel.ID, "resign")
	if !ask.Ephemeral || ask.Button("Resign") == nil || !strings.Contains(ask.Content, "bob wins") {
		t.Fatalf("/aibg resign does not ask first, naming the winner: %+v", ask)
	}
	if r, _ := h.db.Game(h.ctx, row.ID); r.Status != store.StatusPlay {
		t.Fatal("asking to resign resigned")
	}
	h.click(h.alice, ask, "Resign")
	if m := h.fake.Message(ask.ID); !strings.Contains(m.Content, "You resigned") || m.Button("Resign") != nil {
		t.Errorf("the question after Resign: %+v", m)
	}
	r, err := h.db.Game(h.ctx, row.ID)
	if err != nil || r.Result == nil || *r.Result != (game.Result{Winner: 2, Reason: game.ReasonResign}) {
		t.Fatalf("after alice resigned: %+v, %v", r, err)
	}
	over := func(m *discordtest.Message) bool {
		return !m.Ephemeral && strings.Contains(m.Content, "**Game over.** alice resigned: <@"+h.bob.ID+"> wins")
	}
	h.waitFor(h.channel.ID, "the after-game text", func(m *discordtest.Message) bool { return over(m) && m.Nonce == "" })
	if n := h.count(h.channel.ID, over); n != 2 {
		t.Errorf("%d messages say the resignation's result, want the final screen and the after-game text", n)
	}
	if m := h.abslash(h.bob, h.channel.ID, "status"); !strings.Contains(m.Content, head) || !strings.Contains(m.Content, "alice resigned") {
		t.Errorf("/aibg status after the match: %q", m.Content)
	}
	if m := h.abslash(h.bob, h.channel.ID, "replay"); !m.Ephemeral || !strings.Contains(m.Content, "nothing to replay") {
		t.Errorf("/aibg replay of a match with no turn: %+v", m)
	}
	if m := h.abslash(h.bob, h.channel.ID, "history"); !strings.Contains(m.Content, "Recent AIBG games") ||
		!strings.Contains(m.Content, fmt.Sprintf("`#%d` **AIBG** <@%s> vs <@%s> · **won** (<@%s> resigned)", row.ID, h.alice.ID, h.bob.ID, h.alice.ID)) {
		t.Errorf("bob's /aibg history: %q", m.Content)
	}
	if m := h.abslash(h.bob, h.channel.ID, "stats"); !strings.Contains(m.Content, "AIBG matches between people: rating **1216** (#1) · 1 match: 1 won") {
		t.Errorf("bob's /aibg stats: %q", m.Content)
	}
	m := h.abslash(h.alice, h.channel.ID, "ladder")
	if !strings.Contains(m.Content, "AIBG leaderboard — matches between people") || !strings.Contains(m.Content, "1. <@"+h.bob.ID+"> — **1216**") ||
		!strings.Contains(m.Content, "2. <@"+h.alice.ID+"> — **1184**") {
		t.Errorf("/aibg ladder: %q", m.Content)
	}
	if m := h.abslash(h.alice, h.channel.ID, "ladder", discordtest.Opt("ladder", "bot-nope")); !strings.Contains(m.Content, "There is no AIBG ladder") {
		t.Errorf("/aibg ladder of no ladder: %q", m.Content)
	}
	h.check()
}

// checkReplay checks /aibg replay of finished match id, played in the harness's
// channel by alice against the easy bot: an animation of one frame a turn (at most
// aibgui.MaxFrames), and a public step viewer at the last turn; bob, who did not play,
// presses ⏮ First and gets a viewer of his own, privately, at turn 1, whose Next ▶
// moves it in place while the public one stays as it was; a match that does not exist
// gets a clear answer; alice's stats show the match on the ladder against the easy bot.
func (h *harness) checkReplay(id int64) {
	t := h.t
	t.Helper()
	row, err := h.db.Game(h.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	m := h.abslash(h.bob, h.channel.ID, "replay")
	turns := row.Turns
	if m.Ephemeral || !strings.Contains(m.Content, fmt.Sprintf("Replay of AIBG match #%d", row.ID)) || !strings.Contains(m.Content, fmt.Sprintf("%d turns", turns)) {
		t.Fatalf("/aibg replay: %+v", m)
	}
	a := m.File(fmt.Sprintf("aibg-match-%d.gif", row.ID))
	if a == nil {
		t.Fatalf("no animation on %q", m.Content)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatal(err)
	}
	if len(anim.Image) != min(turns, aibgui.MaxFrames) {
		t.Errorf("the animation has %d frames for %d turns, want %d", len(anim.Image), turns, min(turns, aibgui.MaxFrames))
	}
	viewer := h.find(h.channel.ID, "the replay viewer", func(m *discordtest.Message) bool { return m.Button("◀ Previous") != nil })
	if !strings.Contains(viewer.Content, fmt.Sprintf("turn %d of %d", turns, turns)) || !strings.Contains(viewer.Content, "**Game over.**") ||
		!viewer.Button("Next ▶").Disabled || viewer.File(aibgui.AibgPicture) == nil {
		t.Errorf("the public viewer at the end: %+v", viewer)
	}
	first, err := h.click(h.bob, viewer, "⏮ First").Followup(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Ephemeral || first.EphemeralTo != h.bob.ID || !strings.Contains(first.Content, fmt.Sprintf("turn 1 of %d", turns)) || !first.Button("◀ Previous").Disabled {
		t.Fatalf("bob's viewer at the first turn: %+v", first)
	}
	in, err := h.fake.Click(h.bob, first.ID, first.Button("Next ▶").CustomID)
	if err == nil {
		_, err = in.Settled(h.ctx)
	}
	if err != nil {
		t.Fatal(err)
	}
	if at := h.fake.Message(first.ID); !strings.Contains(at.Content, fmt.Sprintf("turn 2 of %d", turns)) || bytes.Equal(at.File(aibgui.AibgPicture).Data, first.File(aibgui.AibgPicture).Data) {
		t.Errorf("bob's viewer after Next: %q", at.Content)
	}
	if now := h.fake.Message(viewer.ID); now.Edits != viewer.Edits {
		t.Error("bob's step moved the public viewer")
	}
	if m := h.abslash(h.bob, h.channel.ID, "replay", discordtest.Opt("game", int(row.ID)+100)); !m.Ephemeral || !strings.Contains(m.Content, "not a finished AIBG match") {
		t.Errorf("/aibg replay of no match: %+v", m)
	}
	if m := h.abslash(h.alice, h.channel.ID, "stats"); !strings.Contains(m.Content, "AIBG against the bot (easy): rating") {
		t.Errorf("alice's /aibg stats after a match against the easy bot: %q", m.Content)
	}
}
