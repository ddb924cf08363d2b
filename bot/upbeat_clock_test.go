package bot

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// upScreenOf matches a turn screen of the player mentioned as who, not before after.
func upScreenOf(who *discordtest.User, after string) func(*discordtest.Message) bool {
	return func(m *discordtest.Message) bool {
		return m.ID > after && m.File("territory.png") != nil && m.Button("Confirm") != nil && strings.Contains(m.Content, "for <@"+who.ID+">")
	}
}

// public counts the channel's messages everyone sees that satisfy pred.
func (h *harness) public(channel string, pred func(*discordtest.Message) bool) int {
	return h.count(channel, func(m *discordtest.Message) bool { return !m.Ephemeral && pred(m) })
}

// TestUpbeatClockRunsOut_U20: alice lets her one-minute revision clock run out. With
// 12 s left (a fifth) she is reminded once, by mention; when it is spent her plan is
// confirmed for her, the screen says so, her old screen loses its controls, and the
// game goes on to its end, her later turns confirmed at once.
func TestUpbeatClockRunsOut_U20(t *testing.T) {
	h := newHarness(t)
	thread, screen := h.upDuel("m=8\nn=8\nmax_turns=3\nplan_rev_min=1\nplan_rev_sec=0\n")
	if !strings.Contains(screen.Content, "for <@"+h.alice.ID+">") || !strings.Contains(screen.Content, "revision clock 1m0s left") {
		t.Fatalf("alice's first screen: %q", screen.Content)
	}
	reminder := contains("your revision clock has 12s left")
	h.clock.Advance(47 * time.Second)
	h.bot.RunDue(h.ctx)
	if n := h.public(thread.ID, reminder); n != 0 {
		t.Fatal("alice was reminded with more than 12 s left")
	}
	h.clock.Advance(time.Second)
	h.bot.RunDue(h.ctx)
	h.bot.RunDue(h.ctx)
	if n := h.public(thread.ID, func(m *discordtest.Message) bool {
		return reminder(m) && strings.HasPrefix(m.Content, "⏰ <@"+h.alice.ID+">")
	}); n != 1 {
		t.Fatalf("alice was reminded %d times with 12 s left, want once, by mention", n)
	}

	h.clock.Advance(12 * time.Second)
	h.bot.RunDue(h.ctx)
	next := h.find(thread.ID, "bob's screen after alice's clock ran out", upScreenOf(h.bob, screen.ID))
	if !strings.Contains(next.Content, "<@"+h.alice.ID+">'s revision clock ran out: the plan ran as it stood") {
		t.Errorf("the screen after the time-up: %q", next.Content)
	}
	if old := h.fake.Message(screen.ID); old.Button("Confirm") != nil || old.Button("Revise") != nil {
		t.Error("alice's screen kept its controls after her clock ran out")
	}

	// The game goes on: bob confirms each turn, alice's are confirmed at once.
	last := next
	for turn := 1; ; turn++ {
		if turn > 5 {
			t.Fatal("the game did not end")
		}
		h.click(h.bob, last, "Confirm")
		m := h.find(thread.ID, "the next screen", func(m *discordtest.Message) bool {
			return upScreenOf(h.bob, last.ID)(m) || m.ID > last.ID && strings.Contains(m.Content, "Game over")
		})
		if strings.Contains(m.Content, "Game over") {
			break
		}
		if !strings.Contains(m.Content, "<@"+h.alice.ID+">'s revision clock ran out") {
			t.Errorf("alice's later turn was not confirmed at once: %q", m.Content)
		}
		last = m
	}
	if n := h.public(thread.ID, reminder); n != 1 {
		t.Errorf("%d reminders in the game, want the one", n)
	}
	h.check()
}

// TestUpbeatRestartMidGame: a 3-player game (alice, bob, a bot) is stopped twice
// in the middle and restarted on the same database against the same Discord. After
// the first stop, during bob's turn: the territory's crew path is the same, no screen
// is posted again, bob's revision clock goes on from where it was (his revision after
// the restart reports the time he spent before it as spent, the reminder and the
// time-up come when the stored deadlines say), and the game goes on. After the second
// stop, with bob's screen owed (its post failed), that screen is posted exactly once.
// The game ends with the result its stored record replays to, the record before the
// restarts kept as it was.
func TestUpbeatRestartMidGame(t *testing.T) {
	h := newHarnessWith(t, func(o *Options) { o.RetryBase, o.RetryMax = time.Hour, time.Hour })
	thread := h.upTrio("m=8\nn=8\nmax_turns=3\nplan_rev_min=1\nplan_rev_sec=0\n", "move upright\ninvest 10\nmove down")

	// alice revises and confirms.
	screen := h.find(thread.ID, "alice's first screen", upScreenOf(h.alice, ""))
	h.clock.Advance(10 * time.Second)
	notBob := h.click(h.bob, screen, "Revise")
	if m, err := notBob.Reply(h.ctx); err != nil || !strings.Contains(m.Content, "It is alice's turn, not yours.") {
		t.Errorf("bob pressing Revise on alice's turn: %v %+v; want her named, not her seat", err, m)
	}
	in := h.click(h.alice, screen, "Revise")
	if _, err := h.fake.SubmitModal(h.alice, in, map[string]string{"plan": "move down\ninvest 20\nmove upleft"}); err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(5 * time.Second)
	h.click(h.alice, screen, "Confirm")

	// bob's turn is on screen; 20 s of his clock pass, and the bot stops.
	bobs := h.find(thread.ID, "bob's first screen", upScreenOf(h.bob, screen.ID))
	h.clock.Advance(20 * time.Second)
	boardBefore := h.upslash(h.alice, thread.ID, "board").File("territory.png").Data
	lastBefore, recBefore := h.upState(thread.ID)
	if len(lastBefore.Events) == 0 || lastBefore.Player != 1 {
		t.Fatalf("the last turn's log before the restart: %+v; want alice's, with its path", lastBefore)
	}
	posted := h.public(thread.ID, func(*discordtest.Message) bool { return true })
	h.stop()
	h.start()

	if board := h.upslash(h.alice, thread.ID, "board"); !bytes.Equal(board.File("territory.png").Data, boardBefore) {
		t.Error("the territory after the restart differs from before it (the crew path lost?)")
	}
	if last, _ := h.upState(thread.ID); !reflect.DeepEqual(last.Events, lastBefore.Events) {
		t.Errorf("the last turn's path after the restart: %+v, want %+v", last.Events, lastBefore.Events)
	}
	if n := h.public(thread.ID, func(*discordtest.Message) bool { return true }); n != posted {
		t.Errorf("%d messages posted by the restart, want none", n-posted)
	}
	h.clock.Advance(5 * time.Second)
	in = h.click(h.bob, bobs, "Revise")
	sub, err := h.fake.SubmitModal(h.bob, in, map[string]string{"plan": "invest 1"})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := sub.Reply(h.ctx); err != nil || !strings.Contains(m.Content, "revision clock 35s left") {
		t.Fatalf("bob's revision after the restart: %v %+v; want 35 s left (60 - 20 before - 5 after)", err, m)
	}
	reminder := contains("<@" + h.bob.ID + ">, your revision clock has 12s left")
	h.clock.Advance(22 * time.Second)
	h.bot.RunDue(h.ctx)
	if h.public(thread.ID, reminder) != 0 {
		t.Fatal("bob was reminded early: the restart moved his deadline")
	}
	h.clock.Advance(time.Second)
	h.bot.RunDue(h.ctx)
	h.find(thread.ID, "bob's reminder, 48 s into his clock", reminder)
	h.clock.Advance(11 * time.Second)
	h.bot.RunDue(h.ctx)
	if h.public(thread.ID, contains("'s revision clock ran out")) != 0 {
		t.Fatal("bob's clock ran out before his 60 s")
	}
	h.clock.Advance(time.Second)
	h.bot.RunDue(h.ctx)
	alices := h.find(thread.ID, "alice's second screen", upScreenOf(h.alice, bobs.ID))
	if !strings.Contains(h.fake.Message(alices.ID).Content, "turn 2 of 3") || h.public(thread.ID, contains("<@"+h.bob.ID+">'s revision clock ran out")) != 1 {
		t.Fatalf("after bob's time-up: %q", alices.Content)
	}

	// alice confirms and the post of bob's next screen fails: it is owed when the bot
	// stops, and posted once after the restart.
	h.fake.FailNext(postRoute, 1, 503)
	h.click(h.alice, alices, "Confirm")
	h.waitOwed("bob's second screen", func(o []store.Screen) bool { return len(o) == 1 && o[0].Attempts == 1 })
	h.stop()
	h.start()
	bobs2 := contains("turn 2 of 3 for <@" + h.bob.ID + ">")
	h.find(thread.ID, "bob's second screen", bobs2)
	alices3 := h.find(thread.ID, "alice's third screen", func(m *discordtest.Message) bool {
		return upScreenOf(h.alice, alices.ID)(m) && strings.Contains(m.Content, "turn 3 of 3")
	})
	h.click(h.alice, alices3, "Confirm")
	final := h.find(thread.ID, "the final screen", contains("Game over"))
	if n := h.public(thread.ID, bobs2); n != 1 {
		t.Errorf("bob's owed screen posted %d times, want once", n)
	}
	if n := h.public(thread.ID, contains("Game over")); n != 1 {
		t.Errorf("the final screen posted %d times", n)
	}

	row, err := h.db.LastGameIn(h.ctx, store.GameUpbeat, thread.ID)
	if err != nil || row.Status != store.StatusOver || row.Result == nil {
		t.Fatalf("the stored game: %+v %v", row, err)
	}
	if !slices.Equal(upPart(t, row).Actions[:len(recBefore)], recBefore) {
		t.Error("the record stored before the restarts changed")
	}
	g, err := upbeat.Replay(upbeat.NewLanguage(), upPart(t, row).Record(row.Seed), nil)
	if err != nil || !g.Over() || g.Winner() != row.Result.Winner || g.CanRevise(2) {
		t.Errorf("the record replays to %v (winner %d, bob can revise %v), stored %+v", err, g.Winner(), g.CanRevise(2), row.Result)
	}
	if !strings.Contains(final.Content, "wins") && !strings.Contains(final.Content, "tie") {
		t.Errorf("the final screen: %q", final.Content)
	}
	h.check()
}

// upState is the log of the turn the channel's UPBEAT screen follows, as the host
// keeps it, and the stored record's actions.
func (h *harness) upState(channel string) (upbeat.TurnLog, []upbeat.Action) {
	h.t.Helper()
	t := h.bot.host.LockPlace(channel)
	if t == nil {
		h.t.Fatalf("no game in %s", channel)
	}
	defer t.Unlock()
	return upbeathost.Of(h.bot.host).UpLast(t), slices.Clone(upbeathost.Own(t).Actions)
}

// TestOneGamePerPersonAcrossGames: bob, in an UPBEAT lobby, cannot start a KOMBAT
// solo game elsewhere on the server, and alice, in a KOMBAT game, cannot join an
// UPBEAT lobby; each is told privately where their game is.
func TestOneGamePerPersonAcrossGames(t *testing.T) {
	h := newHarness(t)
	other := h.fake.AddChannel(h.guild, "other")
	lobby := h.upslash(h.bob, h.channel.ID, "new", discordtest.Opt("players", 2))
	_, m := h.slash(h.bob, other.ID, "solo")
	if !m.Ephemeral || !strings.Contains(m.Content, "You are already in a game on this server, in <#"+h.channel.ID+">") || !strings.Contains(m.Content, "/upbeat resign") {
		t.Fatalf("bob's /kombat solo while in an UPBEAT lobby: %+v", m)
	}
	h.slash(h.alice, other.ID, "solo")
	thread, err := h.fake.WaitThread(h.ctx, other.ID)
	if err != nil {
		t.Fatal(err)
	}
	h.find(thread.ID, "the setup message, once the game is in its thread", contains("setting up"))
	join := h.click(h.alice, lobby, "Join")
	if m, err := join.Followup(h.ctx); err != nil || !m.Ephemeral || !strings.Contains(m.Content, "in <#"+thread.ID+">") || !strings.Contains(m.Content, "/kombat resign") {
		t.Fatalf("alice joining an UPBEAT lobby while in a KOMBAT game (in %s from %s): %v %+v", thread.ID, other.ID, err, m)
	}
	if h.fake.Message(lobby.ID).Button("Join") == nil || strings.Contains(h.fake.Message(lobby.ID).Content, "<@"+h.alice.ID+">") {
		t.Error("alice took a seat in the lobby")
	}
	h.check()
}

// TestUpbeatStatusClockNow: /upbeat status shows the revision clock of the player to
// act as it stands now, not as it stood when the turn began (issue 24 §3: "clock 3m0s"
// five seconds into a 3-minute turn), and both it and the turn's screen say when the
// clock runs out as a timestamp Discord counts down. A revision's answer says what is
// left, rounded to the second. A count of one is singular ("1 region"), and a refusal
// names the player whose turn it is.
func TestUpbeatStatusClockNow(t *testing.T) {
	h := newHarness(t)
	thread, screen := h.upDuel("m=8\nn=8\nmax_turns=3\nplan_rev_min=1\nplan_rev_sec=0\n")
	runsOut := fmt.Sprintf("runs out <t:%d:R>", h.clock.Now().Add(time.Minute).Unix())
	if !strings.Contains(screen.Content, "revision clock 1m0s left, "+runsOut) {
		t.Errorf("alice's screen: %q; want her whole clock and when it runs out (%s)", screen.Content, runsOut)
	}
	h.clock.Advance(5*time.Second + 400*time.Millisecond)
	status := h.upslash(h.bob, thread.ID, "status")
	alice := "1. <@" + h.alice.ID + ">: "
	lines := strings.Split(status.Content, "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, alice) })
	if i < 0 || !strings.HasSuffix(lines[i], "· clock 55s, "+runsOut) {
		t.Errorf("/upbeat status 5.4 s into alice's turn: %q; want 55s left, and %s", status.Content, runsOut)
	}
	if i >= 0 && !strings.Contains(lines[i], " · 1 region · ") || !strings.Contains(lines[0], " · 0 turns played") {
		t.Errorf("/upbeat status: %q; want one region (singular) for alice's city, and 0 turns played", status.Content)
	}
	bob := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "2. <@"+h.bob.ID+">: ") })
	if bob < 0 || !strings.HasSuffix(lines[bob], "· clock 1m0s") {
		t.Errorf("/upbeat status: %q; want bob's whole clock, not running", status.Content)
	}
	notBob := h.click(h.bob, screen, "Revise")
	if m, err := notBob.Reply(h.ctx); err != nil || !strings.Contains(m.Content, "It is alice's turn, not yours.") {
		t.Errorf("bob pressing Revise on alice's turn: %v %+v; want her named, not her seat", err, m)
	}
	in := h.click(h.alice, screen, "Revise")
	sub, err := h.fake.SubmitModal(h.alice, in, map[string]string{"plan": "invest 20"})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := sub.Reply(h.ctx); err != nil || !strings.Contains(m.Content, "revision clock 55s left (it "+runsOut+")") {
		t.Errorf("the revision's answer: %v %+v", err, m)
	}
	h.clock.Advance(10 * time.Second)
	status = h.upslash(h.alice, thread.ID, "status")
	if !strings.Contains(status.Content, "· clock 45s, "+runsOut) {
		t.Errorf("/upbeat status after a revision and 10 s more: %q; want 45s left, and the same end", status.Content)
	}

	// Once bob's screen is up, alice's loses its controls by an empty list, Discord's
	// documented way to clear them, not by null.
	h.click(h.alice, screen, "Confirm")
	h.find(thread.ID, "bob's screen", upScreenOf(h.bob, screen.ID))
	if old := h.fake.Message(screen.ID); len(old.Components) != 0 || old.ComponentsSent != "[]" {
		t.Errorf("alice's retired screen: components %v, sent as %q; want none, sent as []", old.Components, old.ComponentsSent)
	}
}
