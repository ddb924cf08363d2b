package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/aibgui"
	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/store"
)

// postRoute is the route of every board the bot posts.
const postRoute = "POST /channels/{id}/messages"

// fastRetries makes the screen retries quick enough for a test, and a stalled request
// (the "timeout" fault stalls 5 s) a failure in 4 s: 2 s was once too short for the
// start's own requests under the race detector on a busy machine.
func fastRetries(o *Options) {
	o.RetryBase, o.RetryMax = 5*time.Millisecond, 20*time.Millisecond
	o.HTTPTimeout = 4 * time.Second
}

// count counts the channel's messages that satisfy pred.
func (h *harness) count(channel string, pred func(*discordtest.Message) bool) int {
	n := 0
	for _, m := range h.fake.Messages(channel) {
		if pred(m) {
			n++
		}
	}
	return n
}

// waitOwed waits until the screens owed satisfy pred (the bot writes them from its own
// goroutines, after the messages a test can see), failing at the test's deadline.
func (h *harness) waitOwed(what string, pred func([]store.Screen) bool) []store.Screen {
	h.t.Helper()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		owed, err := h.db.OwedScreens(h.ctx)
		if err == nil && pred(owed) {
			return owed
		}
		select {
		case <-h.ctx.Done():
			h.t.Fatalf("waiting for %s: owed %+v (%v)", what, owed, err)
		case <-tick.C:
		}
	}
}

// TestScreenHeals: whatever goes wrong with the post of the board after a turn (a 500
// with no effect, a 500 after the message was created, a 503, a timeout), the game goes
// on with the right screen: the turn's board appears exactly once, the bot's turn
// follows, the player gets controls again, and the old board loses its controls.
func TestScreenHeals(t *testing.T) {
	for _, tc := range []struct {
		name   string
		inject func(f *discordtest.Server)
	}{
		{"500", func(f *discordtest.Server) { f.FailNext(postRoute, 1, 500) }},
		{"500 after the post took effect", func(f *discordtest.Server) { f.FailAfterEffect(postRoute, 1, 500) }},
		{"503 twice", func(f *discordtest.Server) { f.FailNext(postRoute, 2, 503) }},
		{"timeout", func(f *discordtest.Server) { f.Stall(postRoute, 1, 5*time.Second) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarnessWith(t, fastRetries)
			where := h.soloGame(h.alice, h.channel.ID)
			board := h.find(where, "the first board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
			tc.inject(h.fake)
			h.click(h.alice, board, "End turn")
			next := h.find(where, "alice's next board", func(m *discordtest.Message) bool {
				return m.ID != board.ID && m.Button("End turn") != nil
			})
			if n := h.count(where, contains("**Turn 1 — alice**")); n != 1 {
				t.Errorf("the board after alice's turn was posted %d times", n)
			}
			if !strings.Contains(next.Content, "**Turn 1 — Bot**") {
				t.Errorf("alice's next board does not follow the bot's turn: %s", next.Content)
			}
			h.find(where, "the first board without controls", func(m *discordtest.Message) bool { return m.ID == board.ID && len(m.Components) == 0 })
			if h.fake.Faults(postRoute) == 0 {
				t.Error("no fault was served: the test tested nothing")
			}
			h.waitOwed("no screen owed", func(o []store.Screen) bool { return len(o) == 0 })
			h.check()
		})
	}
}

// TestScreenPaused: a permanent failure (the bot lost its permission in the channel)
// pauses the game with a reason in /kombat status, and /kombat board in the channel
// resumes it once the bot can post again.
func TestScreenPaused(t *testing.T) {
	h := newHarnessWith(t, fastRetries)
	where := h.soloGame(h.alice, h.channel.ID)
	board := h.find(where, "the first board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
	h.fake.FailNext(postRoute, 1, 403)
	h.click(h.alice, board, "End turn")
	h.waitOwed("a paused screen", func(o []store.Screen) bool { return len(o) == 1 && o[0].Paused != "" })
	if _, status := h.slash(h.alice, where, "status"); !strings.Contains(status.Content, "Paused: the bot may not post in this channel") {
		t.Fatalf("status of a paused game: %s", status.Content)
	}
	_, m := h.slash(h.alice, where, "board")
	if !strings.Contains(m.Content, "trying again now") {
		t.Errorf("/kombat board on a paused game: %s", m.Content)
	}
	h.find(where, "alice's next board", func(m *discordtest.Message) bool { return m.ID != board.ID && m.Button("End turn") != nil })
	if n := h.count(where, contains("**Turn 1 — alice**")); n != 1 {
		t.Errorf("the board after alice's turn was posted %d times", n)
	}
}

// TestClockWaitsForScreen: while the board that gives a player controls is owed, the
// player's clock does not run: a long outage and a restart cost no turn, and the clock
// starts when the board is finally up.
func TestClockWaitsForScreen(t *testing.T) {
	h := newHarnessWith(t, func(o *Options) { o.RetryBase, o.RetryMax = time.Hour, time.Hour })
	where := h.soloGame(h.alice, h.channel.ID, discordtest.Opt("timeout", 10))
	board := h.find(where, "the first board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
	h.fake.FailNext(postRoute, 1, 503)
	h.click(h.alice, board, "End turn")
	h.waitOwed("a failed screen", func(o []store.Screen) bool { return len(o) == 1 && o[0].Attempts == 1 })
	h.clock.Advance(30 * time.Minute)
	h.bot.RunDue(h.ctx)
	if due, _ := h.db.Deadlines(h.ctx, h.clock.Now().Add(time.Hour)); len(due) != 0 {
		t.Errorf("deadlines while the screen is owed: %+v", due)
	}
	h.stop()
	h.start()
	h.find(where, "alice's next board", func(m *discordtest.Message) bool { return m.ID != board.ID && m.Button("End turn") != nil })
	h.clock.Advance(9 * time.Minute)
	h.bot.RunDue(h.ctx)
	if n := h.count(where, contains("ran out of time")); n != 0 {
		t.Fatalf("alice lost a turn to the outage")
	}
	h.clock.Advance(2 * time.Minute)
	h.bot.RunDue(h.ctx)
	h.find(where, "the turn played for alice", contains("ran out of time (1 in a row)"))
	row, err := h.db.ActiveAt(h.ctx, where)
	if err != nil || row.Status != store.StatusPlay {
		t.Fatalf("the game after the outage: %v", err)
	}
}

// TestSetupAndFinalScreensHeal: the free spawns' message after the kinds are agreed,
// and the final board after a resignation, are owed like any board: a 500 on their
// post delays them, and each appears exactly once, the after-game message too.
func TestSetupAndFinalScreensHeal(t *testing.T) {
	h := newHarnessWith(t, fastRetries)
	h.slash(h.alice, h.channel.ID, "solo")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	h.agree(thread.ID, h.alice)
	setup := h.find(thread.ID, "the setup message", contains("setting up"))
	h.fake.FailNext(postRoute, 1, 500)
	h.click(h.alice, setup, "Ready / not ready")
	h.freeSpawn(thread.ID, h.alice, "1,1")
	if n := h.count(thread.ID, contains("Free spawns")); n != 1 {
		t.Errorf("the free spawns' message was posted %d times", n)
	}
	board := h.find(thread.ID, "the first board", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })

	h.fake.FailNext(postRoute, 1, 500)
	confirm, err := h.click(h.alice, board, "Resign").Reply(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.fake.Click(h.alice, confirm.ID, confirm.Button("Resign").CustomID); err != nil {
		t.Fatal(err)
	}
	h.find(thread.ID, "the final board", contains("Game over"))
	h.waitOwed("no screen owed", func(o []store.Screen) bool { return len(o) == 0 })
	if n := h.count(thread.ID, contains("Game over")); n != 1 {
		t.Errorf("the final board was posted %d times", n)
	}
	if n := h.count(thread.ID, func(m *discordtest.Message) bool { return strings.HasPrefix(m.Content, ui.AfterGameTitle) }); n != 1 {
		t.Errorf("the after-game message was posted %d times", n)
	}
	if f := h.fake.Faults(postRoute); f != 2 {
		t.Errorf("%d faults served, want 2", f)
	}
	h.check()
}

// TestBotTurnAfterRestart: a solitaire game stored after the player's turn was shown
// and before the bot's turn was committed (the process stopped in between) owes no
// screen; on start-up the bot plays its turn and gives the player controls again.
func TestBotTurnAfterRestart(t *testing.T) {
	h := newHarness(t)
	h.stop()
	db, err := store.Open(h.ctx, h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	kinds := []game.KindSpec{{Name: "Walker", Defense: 1, Strategy: "move up"}}
	row := &store.Game{Scope: h.guild.ID, Place: h.channel.ID, Mode: game.ModeSolitaire, Status: store.StatusPlay,
		Setup: []byte(`{"names":["alice","Bot"],"owner":"` + h.alice.ID + `"}`)}
	kombathost.SetupRow(row, [2]string{h.alice.ID, ""}, game.Setup{Config: game.DefaultConfig(), Seed: 4, HumanSeat: 1, Kinds: kinds})
	id, err := db.CreateGame(h.ctx, row)
	if err == nil {
		err = kombathost.AppendDecisions(h.ctx, db, id, 0, []game.Decision{
			{Player: 1, Action: game.ActFreeSpawn, Hex: game.StartArea(1)[0]},
			{Player: 2, Action: game.ActFreeSpawn, Hex: game.StartArea(2)[0]},
			{Player: 1, Action: game.ActEnd},
		})
	}
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	h.start()
	m := h.find(h.channel.ID, "alice's board after the bot's turn", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
	if !strings.Contains(m.Content, "**Turn 1 — Bot**") {
		t.Errorf("the board: %s", m.Content)
	}
	if g, err := h.db.Game(h.ctx, id); err != nil || len(g.Actions) <= 3 {
		t.Errorf("the bot's turn was not stored: %v", err)
	}
}

// TestScreenPausedUpbeat: a paused screen comes back through any of its game's
// commands in the place, not KOMBAT's board alone: UPBEAT's turn screen, paused when
// the bot lost its permission, is posted again after /upbeat status, which says why
// it was paused.
func TestScreenPausedUpbeat(t *testing.T) {
	h := newHarnessWith(t, fastRetries)
	thread, screen := h.upDuel("max_turns=3\nm=20\nn=20\n")
	who := h.alice
	if strings.Contains(screen.Content, "<@"+h.bob.ID+">") && !strings.Contains(screen.Content, "<@"+h.alice.ID+">") {
		who = h.bob
	}
	h.fake.FailNext(postRoute, 1, 403)
	h.click(who, screen, "Confirm")
	h.waitOwed("a paused screen", func(o []store.Screen) bool { return len(o) == 1 && o[0].Paused != "" })
	if status := h.upslash(who, thread.ID, "status"); !strings.Contains(status.Content, "the bot may not post in this channel") {
		t.Errorf("/upbeat status of a paused game: %s", status.Content)
	}
	h.find(thread.ID, "the screen after the paused one", func(m *discordtest.Message) bool {
		return m.ID > screen.ID && m.File("territory.png") != nil
	})
	h.waitOwed("no screen owed", func(o []store.Screen) bool { return len(o) == 0 })
	if h.fake.Faults(postRoute) == 0 {
		t.Error("no fault was served: the test tested nothing")
	}
}

// TestScreenPausedAibg: AIBG's screen paused by a permanent failure comes back
// through /aibg status, as UPBEAT's does through /upbeat status, and the match goes on.
func TestScreenPausedAibg(t *testing.T) {
	h := newHarnessWith(t, fastRetries)
	h.abslash(h.alice, h.channel.ID, "solo", discordtest.Opt("level", "easy"))
	screen, label := h.abScreen(h.channel.ID)
	if label == "" {
		t.Fatalf("the first screen asks for no choice: %q", screen.Content)
	}
	h.fake.FailNext(postRoute, 1, 403)
	h.abChoose(h.alice, screen, label)
	h.waitOwed("a paused screen", func(o []store.Screen) bool { return len(o) == 1 && o[0].Paused != "" })
	if status := h.abslash(h.alice, h.channel.ID, "status"); !strings.Contains(status.Content, "the bot may not post in this channel") {
		t.Errorf("/aibg status of a paused match: %s", status.Content)
	}
	h.find(h.channel.ID, "the screen after the paused one", func(m *discordtest.Message) bool {
		return m.ID > screen.ID && m.File(aibgui.AibgPicture) != nil
	})
	h.waitOwed("no screen owed", func(o []store.Screen) bool { return len(o) == 0 })
	if h.fake.Faults(postRoute) == 0 {
		t.Error("no fault was served: the test tested nothing")
	}
}
