package bot

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// UPBEAT on Discord at parity with KOMBAT (issue 24 §3): what still answers after the
// game, resignation that asks first, the after-game text, bots-only lobbies, the
// private Why? of a turn, and words that match the controls a message has.

// upPlayOut confirms each turn of a duel of people from screen on, whoever's it is,
// until the game-over screen, which it returns.
func (h *harness) upPlayOut(thread string, screen *discordtest.Message) *discordtest.Message {
	h.t.Helper()
	users := map[string]*discordtest.User{h.alice.ID: h.alice, h.bob.ID: h.bob}
	for range 20 {
		if strings.Contains(screen.Content, "Game over") {
			return screen
		}
		var who *discordtest.User
		for id, u := range users {
			if strings.Contains(screen.Content, "turn") && strings.Contains(screen.Content, "<@"+id+">") && screen.Button("Confirm") != nil {
				who = u
			}
		}
		if who == nil {
			h.t.Fatalf("a screen with nobody to confirm: %q", screen.Content)
		}
		last := screen.ID
		h.click(who, screen, "Confirm")
		screen = h.find(thread, "the next screen", func(m *discordtest.Message) bool {
			return m.ID > last && m.File("territory.png") != nil
		})
	}
	h.t.Fatal("the game did not end")
	return nil
}

// TestUpbeatAfterGame: under the final screen come the standings, the after-game
// sentences the terminal prints (upbeat.Report's) and its chart, once; and /upbeat
// status and board still answer in its thread with the final numbers and territory (as after a KOMBAT
// game they would be read from its final screen), and the board's buttons still move
// the caller's view.
func TestUpbeatAfterGame(t *testing.T) {
	h := newHarness(t)
	thread, screen := h.upDuel("max_turns=1\nm=20\nn=20\n")
	final := h.upPlayOut(thread.ID, screen)
	after := h.find(thread.ID, "the after-game text", contains("After the game"))
	if after.ID < final.ID || after.File("upbeat-game-"+strconv.FormatInt(h.upGameIn(thread.ID), 10)+"-chart.png") == nil ||
		!strings.Contains(after.Content, "\n1. ") || !strings.Contains(after.Content, "\n2. ") ||
		!strings.Contains(after.Content, "alice") || !strings.Contains(after.Content, "bob") || !strings.Contains(after.Content, "Next time") {
		t.Errorf("the after-game text: %q, files %+v", after.Content, after.Attachments)
	}

	status := h.upslash(h.bob, thread.ID, "status")
	if !status.Ephemeral || !strings.Contains(status.Content, "2 turns played") || !strings.Contains(status.Content, "wins") && !strings.Contains(status.Content, "tie") {
		t.Errorf("/upbeat status after the game: %q", status.Content)
	}
	board := h.upslash(h.alice, thread.ID, "board")
	if !board.Ephemeral || board.File("territory.png") == nil || !strings.Contains(board.Content, "after 2 turns") {
		t.Fatalf("/upbeat board after the game: %+v", board)
	}
	h.click(h.alice, board, "Zoom in")
	if v, _ := upBoardView(t, h.fake.Message(board.ID)); v != (render.View{}).ZoomIn(upbeat.Territory{Rows: 20, Cols: 20}) {
		t.Errorf("the board's Zoom in after the game: %+v", v)
	}
	// A channel that never had an UPBEAT game still says so.
	if m := h.upslash(h.alice, h.fake.AddChannel(h.guild, "quiet").ID, "status"); !strings.Contains(m.Content, "No UPBEAT game") {
		t.Errorf("/upbeat status where no game was: %q", m.Content)
	}
	h.check()
	h.stop()
	n := 0
	for _, m := range h.fake.Messages(thread.ID) {
		if strings.Contains(m.Content, "After the game") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d after-game texts, want 1", n)
	}
}

// upGameIn is the id of the UPBEAT game last played in channel.
func (h *harness) upGameIn(channel string) int64 {
	h.t.Helper()
	row, err := h.db.LastGameIn(h.ctx, store.GameUpbeat, channel)
	if err != nil {
		h.t.Fatal(err)
	}
	return row.ID
}

// upResign runs /upbeat resign for user in channel, presses Resign on the question it
// answers with, and returns that private message as the press left it.
func (h *harness) upResign(user *discordtest.User, channel string) *discordtest.Message {
	h.t.Helper()
	ask := h.upslash(user, channel, "resign")
	if !ask.Ephemeral || ask.Button("Resign") == nil {
		h.t.Fatalf("/upbeat resign does not ask first: %+v", ask)
	}
	h.click(user, ask, "Resign")
	return h.fake.Message(ask.ID)
}

// TestUpbeatResignAsksFirst: /upbeat resign asks privately, naming who then wins, and
// changes nothing until its Resign is pressed (as /kombat resign); the press resigns,
// the question says so without its button, and the game ends for the last one in. A
// spectator is told at once that they are not in the game.
func TestUpbeatResignAsksFirst(t *testing.T) {
	h := newHarness(t)
	thread, _ := h.upDuel("max_turns=3\nm=20\nn=20\n")
	carol := h.fake.AddUser("carol", false)
	if m := h.upslash(carol, thread.ID, "resign"); !m.Ephemeral || m.Button("Resign") != nil || !strings.Contains(m.Content, "not in this game") {
		t.Errorf("a spectator's /upbeat resign: %+v", m)
	}
	ask := h.upslash(h.alice, thread.ID, "resign")
	if !ask.Ephemeral || ask.Button("Resign") == nil || !strings.Contains(ask.Content, "Resign from UPBEAT game") || !strings.Contains(ask.Content, "bob wins") {
		t.Fatalf("/upbeat resign's question: %+v", ask)
	}
	if row, err := h.db.ActiveAt(h.ctx, thread.ID); err != nil || row.Status != store.StatusPlay || len(upPart(t, row).Actions) != 0 {
		t.Fatalf("the question changed the game: %+v, %v", row, err)
	}
	h.click(h.alice, ask, "Resign")
	if m := h.fake.Message(ask.ID); !strings.Contains(m.Content, "You resigned from UPBEAT game") || len(m.Components) != 0 {
		t.Errorf("the question after Resign: %+v", m)
	}
	h.find(thread.ID, "the final screen", contains("Game over"))
	h.check()
}

// TestUpbeatWhy: a turn's screen has a Why? (not the first, before any turn), which
// explains privately to the player who presses it their own latest turn, line by line:
// what each command did, what was refused and why. While the game goes on, a spectator
// sees none and a player who has not played is told so; /upbeat why does the same from
// the channel. Once the game is over, anyone's press of the final screen's Why?
// explains its last turn. A retired screen speaks of no button.
func TestUpbeatWhy(t *testing.T) {
	h := newHarness(t)
	thread, screen := h.upDuel("max_turns=1\nm=20\nn=20\n")
	if screen.Button("Why?") != nil {
		t.Errorf("the first screen, before any turn, has a Why?")
	}
	form := h.click(h.alice, screen, "Revise")
	sub, err := h.fake.SubmitModal(h.alice, form, map[string]string{"plan": "invest 10\nshoot up (0 - 5)"})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := sub.Reply(h.ctx); err != nil || !strings.Contains(m.Content, "revised") {
		t.Fatalf("alice's revision: %v %+v", err, m)
	}
	h.click(h.alice, screen, "Confirm")
	bobs := h.find(thread.ID, "bob's turn", upScreenOf(h.bob, screen.ID))
	// alice's screen, retired, has no buttons left and speaks of none.
	old := h.find(thread.ID, "alice's retired screen", func(m *discordtest.Message) bool { return m.ID == screen.ID && len(m.Components) == 0 })
	if strings.Contains(old.Content, "**Revise**") || strings.Contains(old.Content, "**Confirm**") {
		t.Errorf("alice's retired screen: %q; want no word of the buttons it lost", old.Content)
	}
	press := func(u *discordtest.User, m *discordtest.Message) *discordtest.Message {
		t.Helper()
		in := h.click(u, m, "Why?")
		reply, err := in.Reply(h.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !reply.Ephemeral {
			t.Errorf("%s's Why? answered publicly: %q", u.Name, reply.Content)
		}
		return reply
	}
	carol := h.fake.AddUser("carol", false)
	if m := press(carol, bobs); !strings.Contains(m.Content, "Only the players") {
		t.Errorf("a spectator's Why? during the game: %q", m.Content)
	}
	if m := press(h.bob, bobs); !strings.Contains(m.Content, "not played a turn") {
		t.Errorf("bob's Why? before his first turn: %q", m.Content)
	}
	alices := []string{"Turn 1 of alice in UPBEAT game #", "1:1    invest", "=> invested 10 in (", "2:1    shoot", "=> refused: negative amount"}
	for what, m := range map[string]*discordtest.Message{"her Why?": press(h.alice, bobs), "/upbeat why": h.upslash(h.alice, thread.ID, "why")} {
		for _, want := range alices {
			if !m.Ephemeral || !strings.Contains(m.Content, want) {
				t.Errorf("alice's %s lacks %q: %q", what, want, m.Content)
			}
		}
	}
	h.click(h.bob, bobs, "Confirm")
	final := h.find(thread.ID, "the final screen", contains("Game over"))
	if m := press(carol, final); !strings.Contains(m.Content, "Turn 1 of bob") || !strings.Contains(m.Content, "=> invested 10") {
		t.Errorf("a spectator's Why? after the game: %q", m.Content)
	}
	h.check()
}
