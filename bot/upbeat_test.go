package bot

import (
	"bytes"
	"image"
	"image/png"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/upbeatui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
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
// it with two bots and a short configuration, and with every seat taken it starts at
// once, with no lobby nor Join (it moves to a thread); she writes her first plan in the form, revises once
// (the form is pre-filled with her plan), and confirms each turn while the bots'
// turns follow at once; bob's press of alice's Confirm is refused privately; every
// screen carries the territory image; /upbeat status answers privately; the last
// screen says who won; no edit leaves a message as it was.
func TestUpbeatGame(t *testing.T) {
	h := newHarness(t)
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=2\nm=8\nn=8\n"))
	intro := h.upslash(h.alice, h.channel.ID, "new", discordtest.Opt("players", 3), discordtest.Opt("bots", 2),
		discordtest.Opt("level", "easy"), discordtest.Opt("config", cfg))
	if !strings.Contains(intro.Content, "plays against Bot 2 (easy), Bot 3 (easy)") || !strings.Contains(intro.Content, "has started") || len(intro.Components) != 0 {
		t.Fatalf("the game of alice and bots: %q, %d rows of controls; want it started, no Join", intro.Content, len(intro.Components))
	}
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
	if err != nil || over.Status != store.StatusOver || len(upPart(t, over).Actions) < 7 {
		t.Fatalf("the stored game: %+v, %v", over, err)
	}
	// The bots' screens are posted without controls: retiring them changes nothing,
	// and Discord would count every such edit against the bot's budget.
	if n := h.fake.IdleEdits(); n != 0 {
		t.Errorf("%d edits changed nothing a message shows", n)
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
	// bob joins and gives the seat up again: the lobby shows it open.
	h.click(h.bob, again, "Join")
	if m := h.fake.Message(again.ID); m == nil || !strings.Contains(m.Content, h.bob.ID) {
		t.Fatalf("the lobby after bob joined: %+v", m)
	}
	h.click(h.bob, h.fake.Message(again.ID), "Leave")
	if m := h.fake.Message(again.ID); m == nil || strings.Contains(m.Content, h.bob.ID) || m.Button("Join") == nil {
		t.Fatalf("the lobby after bob left: %+v", m)
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

// upTrio opens a 3-player UPBEAT game of alice, bob and an easy bot with configuration
// cfg, has alice and bob write plan as their first plans, and returns its thread.
func (h *harness) upTrio(cfg, plan string) *discordtest.Channel {
	h.t.Helper()
	file := h.fake.Upload("short.cfg", "text/plain", []byte(cfg))
	lobby := h.upslash(h.alice, h.channel.ID, "new", discordtest.Opt("players", 3), discordtest.Opt("bots", 1),
		discordtest.Opt("level", "easy"), discordtest.Opt("config", file))
	h.click(h.bob, lobby, "Join")
	h.click(h.alice, lobby, "Start")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	plans := h.waitFor(thread.ID, "the first plans message", contains("first plans"))
	for _, u := range []*discordtest.User{h.alice, h.bob} {
		form := h.click(u, plans, "Write plan")
		if _, err := h.fake.SubmitModal(u, form, map[string]string{"plan": plan}); err != nil {
			h.t.Fatal(err)
		}
	}
	return thread
}

// upDuel opens a 2-player UPBEAT game between alice and bob with configuration cfg,
// has both write a first plan, and returns the thread and its first turn screen.
func (h *harness) upDuel(cfg string) (*discordtest.Channel, *discordtest.Message) {
	h.t.Helper()
	file := h.fake.Upload("duel.cfg", "text/plain", []byte(cfg))
	lobby := h.upslash(h.alice, h.channel.ID, "new", discordtest.Opt("players", 2), discordtest.Opt("config", file))
	h.click(h.bob, lobby, "Join")
	h.click(h.alice, lobby, "Start")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	plans := h.waitFor(thread.ID, "the first plans message", contains("first plans"))
	for _, u := range []*discordtest.User{h.alice, h.bob} {
		form := h.click(u, plans, "Write plan")
		if _, err := h.fake.SubmitModal(u, form, map[string]string{"plan": "invest 10"}); err != nil {
			h.t.Fatal(err)
		}
	}
	screen := h.find(thread.ID, "the first turn screen", func(m *discordtest.Message) bool {
		return m.File("territory.png") != nil && m.Button("Confirm") != nil
	})
	return thread, screen
}

// upBoardView is the view an /upbeat board message shows, read from its Zoom in
// button's id, and the message's image decoded.
func upBoardView(t *testing.T, m *discordtest.Message) (render.View, image.Image) {
	t.Helper()
	b := m.Button("Zoom in")
	if b == nil {
		t.Fatalf("no Zoom in button on %q", m.Content)
	}
	id, err := view.DecodeID(b.CustomID)
	if err != nil || len(id.Args) != 4 {
		t.Fatalf("zoom button id %q: %v", b.CustomID, err)
	}
	var v render.View
	v.Center.Row, _ = strconv.Atoi(id.Arg(1))
	v.Center.Col, _ = strconv.Atoi(id.Arg(2))
	v.Zoom, _ = strconv.Atoi(id.Arg(3))
	a := m.File("territory.png")
	if a == nil {
		t.Fatalf("no territory image on %q", m.Content)
	}
	img, err := png.Decode(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatal(err)
	}
	return v, img
}

// TestUpbeatBoardZoom: /upbeat board shows each caller the territory privately with
// zoom and pan buttons; alice and bob press theirs at the same moment and each sees
// their own new view (alice zoomed in, bob at his city), neither's press moving the
// other's view, and the public turn screen stays as it was. A spectator gets no "My
// city" button.
func TestUpbeatBoardZoom(t *testing.T) {
	h := newHarness(t)
	thread, screen := h.upDuel("m=40\nn=40\nmax_turns=3\n")
	before := h.fake.Message(screen.ID)
	terr := upbeat.Territory{Rows: 40, Cols: 40}

	boards := map[string]*discordtest.Message{}
	for _, u := range []*discordtest.User{h.alice, h.bob} {
		m := h.upslash(u, thread.ID, "board")
		if !m.Ephemeral || m.EphemeralTo != u.ID || m.Button("My city") == nil || m.Button("◀") == nil {
			t.Fatalf("%s's /upbeat board: %+v", u.Name, m)
		}
		if v, _ := upBoardView(t, m); v.Zoom != 0 {
			t.Fatalf("%s's board does not start at the overview: %+v", u.Name, v)
		}
		boards[u.ID] = m
	}
	carol := h.fake.AddUser("carol", false)
	if m := h.upslash(carol, thread.ID, "board"); m.Button("Zoom in") == nil || m.Button("My city") != nil {
		t.Errorf("a spectator's board: %+v", m)
	}

	// Both press at once: alice zooms in, bob goes to his city.
	press := func(u *discordtest.User, label string) *discordtest.Interaction {
		m := h.fake.Message(boards[u.ID].ID)
		in, err := h.fake.Click(u, m.ID, m.Button(label).CustomID)
		if err != nil {
			t.Fatal(err)
		}
		return in
	}
	ins := []*discordtest.Interaction{press(h.alice, "Zoom in"), press(h.bob, "My city")}
	for _, in := range ins {
		if _, err := in.Settled(h.ctx); err != nil {
			t.Fatal(err)
		}
	}
	var bobCenter upbeat.Region
	if row, err := h.db.ActiveAt(h.ctx, thread.ID); err != nil {
		t.Fatal(err)
	} else if tb := h.bot.host.LockPlace(thread.ID); tb == nil {
		t.Fatalf("no game %d in the thread", row.ID)
	} else {
		g, err := upbeathost.Of(h.bot.host).UpEngine(tb)
		if err == nil {
			bobCenter = g.Snapshot().Players[tb.Seat(h.bob.ID)-1].Center
		}
		tb.Unlock()
		if err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]render.View{h.alice.ID: render.View{}.ZoomIn(terr), h.bob.ID: render.View{}.Home(terr, bobCenter)}
	imgs := map[string]image.Image{}
	for id, w := range want {
		m := h.fake.Message(boards[id].ID)
		if !m.Ephemeral || m.EphemeralTo != id {
			t.Fatalf("the board after the press is not private to its owner: %+v", m)
		}
		v, img := upBoardView(t, m)
		if v != w {
			t.Errorf("view of %s after the press: %+v, want %+v", id, v, w)
		}
		if w.Zoom == 0 {
			t.Fatalf("the press did not zoom: %+v", w)
		}
		imgs[id] = img
	}
	// Each image is the territory drawn in its own view.
	if sameImage(imgs[h.alice.ID], imgs[h.bob.ID]) {
		t.Error("alice and bob see the same image after different presses")
	}

	// Then alice pans right from her view: bob's stays where it was.
	bobBefore := h.fake.Message(boards[h.bob.ID].ID)
	if _, err := press(h.alice, "▶").Settled(h.ctx); err != nil {
		t.Fatal(err)
	}
	if v, _ := upBoardView(t, h.fake.Message(boards[h.alice.ID].ID)); v != want[h.alice.ID].Pan(terr, render.PanRight) {
		t.Errorf("alice's view after ▶: %+v", v)
	}
	if m := h.fake.Message(boards[h.bob.ID].ID); m.Edits != bobBefore.Edits {
		t.Error("alice's pan changed bob's board")
	}
	if after := h.fake.Message(screen.ID); after.Edits != before.Edits || after.Content != before.Content ||
		!bytes.Equal(after.File("territory.png").Data, before.File("territory.png").Data) {
		t.Error("zooming changed the public turn screen")
	}
	h.check()
}

// sameImage reports whether two images have the same size and pixels.
func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

// TestUpbeatRulesAndCheck: /upbeat rules shows UPBEAT's game and language privately;
// /upbeat check compiles a plan against UPBEAT's language from a file, the text option
// or a form, errors with carets (KOMBAT's words are not UPBEAT's), privately.
func TestUpbeatRulesAndCheck(t *testing.T) {
	h := newHarness(t)
	rules := h.upslash(h.alice, h.channel.ID, "rules")
	if !rules.Ephemeral || !strings.Contains(rules.Content, "relocate") || !strings.Contains(rules.Content, "maxdeposit") || strings.Contains(rules.Content, "minion") {
		t.Errorf("/upbeat rules: %+v", rules)
	}
	bad := h.upslash(h.alice, h.channel.ID, "check", discordtest.Opt("file", h.fake.Upload("p.txt", "text/plain", []byte("invest 10\nmove right\n"))))
	if !bad.Ephemeral || !strings.Contains(bad.Content, "did you mean 'upright'?") || !strings.Contains(bad.Content, "^") || !strings.Contains(bad.Content, "p.txt") {
		t.Errorf("/upbeat check of a file with a mistake: %q", bad.Content)
	}
	// spawn is KOMBAT's, not UPBEAT's; Budget is an ordinary name here.
	if m := h.upslash(h.alice, h.channel.ID, "check", discordtest.Opt("plan", "Budget = 1 spawn")); !m.Ephemeral || !strings.Contains(m.Content, "^") {
		t.Errorf("/upbeat check of a KOMBAT word: %q", m.Content)
	}
	if m := h.upslash(h.alice, h.channel.ID, "check", discordtest.Opt("plan", "Budget = 1 invest Budget collect 5 relocate")); !m.Ephemeral || !strings.Contains(m.Content, "No errors") {
		t.Errorf("/upbeat check of a good plan: %q", m.Content)
	}
	in, err := h.fake.SlashCommand(h.alice, h.channel.ID, "upbeat", discordtest.Sub("check"))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := in.Response(h.ctx); err != nil || r.Modal == nil {
		t.Fatalf("/upbeat check without a plan opens no form: %+v %v", r, err)
	}
	sub, err := h.fake.SubmitModal(h.alice, in, map[string]string{"plan": "```upbeat\n" + upbeatui.UpRulesExample + "```"})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := sub.Reply(h.ctx); err != nil || !m.Ephemeral || !strings.Contains(m.Content, "No errors") {
		t.Errorf("/upbeat check of the rules' example in the form: %v %+v", err, m)
	}
	h.check()
}

// upPart is a stored UPBEAT row's own part, decoded by its adapter; a row that does not
// decode fails the test.
func upPart(t testing.TB, row *store.Game) *upbeathost.Upbeat {
	t.Helper()
	u, err := upbeathost.Decode(row)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
