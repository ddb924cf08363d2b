package bot

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/ui"
)

// followRoute is the interaction follow-up, as the fake names its route.
const followRoute = "POST /webhooks/{id}/{token}"

// startAutos starts n `/kombat auto` games of turns turns each, readies them, and
// returns them once each has ended.
func (h *harness) startAutos(n, turns int) []*loadGame {
	h.t.Helper()
	games := make([]*loadGame, n)
	for i := range games {
		games[i] = &loadGame{channel: h.fake.AddChannel(h.guild, fmt.Sprint("auto-", i)).ID, user: h.fake.AddUser(fmt.Sprint("player", i), false)}
		up := h.fake.Upload("auto.cfg", "text/plain", []byte(fmt.Sprintf("max_turns=%d\n", turns)))
		in, err := h.fake.SlashCommand(games[i].user, games[i].channel, "kombat", discordtest.Sub("auto", discordtest.Opt("config", up)))
		if err != nil {
			h.t.Fatal(err)
		}
		games[i].start = in
	}
	rusher := exampleStrategy(h.t, "rusher")
	var wg sync.WaitGroup
	for _, g := range games {
		wg.Go(func() { g.err = h.ready(g, rusher) })
	}
	wg.Wait()
	for _, g := range games {
		if g.err != nil {
			h.t.Fatalf("game in %s: %v", g.channel, g.err)
		}
	}
	return games
}

// boards are the board screens in a game's thread, oldest first, once it is over and
// its after-game report is posted (the last request of the game Discord counts).
func (h *harness) boards(g *loadGame) []*discordtest.Message {
	h.t.Helper()
	h.playOn(g.thread, "the end of the game in "+g.channel, contains(ui.AfterGameTitle))
	var out []*discordtest.Message
	for _, m := range h.fake.Messages(g.thread) {
		if boardOf(m) != nil {
			out = append(out, m)
		}
	}
	return out
}

// readied is the Ready press that started a game: its token posts the screens.
func readied(g *loadGame) *discordtest.Interaction { return g.others[len(g.others)-1] }

// followedUp reports which of ms were posted as follow-ups of in.
func followedUp(in *discordtest.Interaction, ms []*discordtest.Message) []bool {
	var ids []string
	for _, m := range in.Followups() {
		ids = append(ids, m.ID)
	}
	out := make([]bool, len(ms))
	for i, m := range ms {
		out[i] = slices.Contains(ids, m.ID)
	}
	return out
}

// onceEach fails the test if two screens of a game carry the same board (one screen
// posted twice).
func onceEach(t *testing.T, ms []*discordtest.Message) {
	t.Helper()
	seen := map[string]bool{}
	for _, m := range ms {
		name := boardOf(m).Filename
		if seen[name] {
			t.Errorf("screen %s posted twice", name)
		}
		seen[name] = true
	}
}

// TestAutoScreensFollowUp: an auto game's screens are follow-ups of the Ready that
// started it, with the old screen retired through the same token, so what a game
// costs Discord's global budget does not grow with its turns. The tokens are
// dropped when the games end.
func TestAutoScreensFollowUp(t *testing.T) {
	// Ten games a size show that a game's cost does not grow with its turns as well as
	// twenty did, for half the time: under the race detector on a busy 2-core machine
	// twenty took over a minute, and the harness's deadline (a guard against a game that
	// hangs, not a speed check) is given room for such a machine.
	const n = 10
	h := newHarnessFor(t, 3*time.Minute, nil)
	counted := map[int]int{} // turns → requests counted for the n games
	var retired []string     // every board but each game's last
	for _, turns := range []int{2, 6} {
		before := h.fake.GlobalCounted()
		boards := 0
		for _, g := range h.startAutos(n, turns) {
			ms := h.boards(g)
			// The Ready's answer took the setup message's controls off: nothing more
			// retires it, by the channel or otherwise.
			if m := h.fake.Message(readied(g).Message.ID); len(m.Components) != 0 || m.Edits != readied(g).Message.Edits+1 {
				t.Errorf("game in %s: the setup message has %d component rows after %d edits", g.channel, len(m.Components), m.Edits)
			}
			boards += len(ms)
			onceEach(t, ms)
			for i, ok := range followedUp(readied(g), ms) {
				if !ok {
					t.Errorf("game in %s: board %d of %d went by the channel", g.channel, i+1, len(ms))
				}
				if i < len(ms)-1 {
					retired = append(retired, ms[i].ID)
				}
			}
		}
		if boards < n*turns {
			t.Errorf("%d boards for %d games of %d turns", boards, n, turns)
		}
		counted[turns] = h.fake.GlobalCounted() - before
	}
	// Close joins the games' work: the last retirement, which drops the token.
	b := h.bot
	h.stop()
	if b.follow.held() != 0 {
		t.Errorf("%d tokens kept after the games ended", b.follow.held())
	}
	for _, id := range retired {
		if h.fake.Message(id).Edits == 0 {
			t.Errorf("board %s kept its controls", id)
		}
	}
	// A game's start (its thread, the setup message and its pointer in the channel)
	// and its end (the after-game report) are counted; its turns are not.
	if counted[6] != counted[2] || counted[2] > 4*n {
		t.Errorf("counted requests: %d for %d games of 2 turns, %d of 6 turns; want the same, at most 4 a game", counted[2], n, counted[6])
	}
	if got, want := h.fake.Requests("PATCH /webhooks/{id}/{token}/messages/{id}"), len(retired); got != want {
		t.Errorf("%d screens retired through their token, want %d", got, want)
	}
	h.check()
}

// TestFollowupAnswerLost: when a follow-up takes effect but its answer is lost (a
// 500, a 502 that discordgo would retry by itself, a 504), the bot finds the screen
// in the channel and adopts it: nothing is posted twice, and the game goes on.
func TestFollowupAnswerLost(t *testing.T) {
	for _, status := range []int{500, 502, 504} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			h := newHarnessWith(t, func(o *Options) { o.RetryBase, o.RetryMax = 5*time.Millisecond, 20*time.Millisecond })
			h.fake.FailAfterEffect(followRoute, 2, status)
			g := h.startAutos(1, 4)[0]
			ms := h.boards(g)
			onceEach(t, ms)
			if got := h.fake.Faults(followRoute); got != 2 {
				t.Errorf("%d follow-ups met the fault, want 2", got)
			}
			if got := h.fake.Requests("GET /channels/{id}/messages"); got < 2 {
				t.Errorf("the channel was read %d times, want at least 2 (once a lost answer)", got)
			}
			for i, ok := range followedUp(readied(g), ms) {
				if !ok {
					t.Errorf("board %d of %d went by the channel", i+1, len(ms))
				}
			}
			h.check()
		})
	}
}

// TestFollowupPastMargin: once the token of the Ready that started an auto game is
// past followMargin, its screens go by the channel (enforce_nonce), and the screen
// posted with the token is retired by the channel.
func TestFollowupPastMargin(t *testing.T) {
	h := newHarnessWith(t, nil)
	// The first screen's follow-up waits while the clock passes the margin.
	h.fake.Stall(followRoute, 1, 300*time.Millisecond)
	go func() {
		if h.fake.WaitFaults(h.ctx, followRoute, 1) == nil {
			h.clock.Advance(followMargin)
		}
	}()
	g := h.startAutos(1, 3)[0]
	ms := h.boards(g)
	onceEach(t, ms)
	if len(ms) < 3 {
		t.Fatalf("%d boards", len(ms))
	}
	for i, ok := range followedUp(readied(g), ms) {
		if ok != (i == 0) {
			t.Errorf("board %d: follow-up %v, want only the first", i+1, ok)
		}
		if !ok && ms[i].Nonce == "" {
			t.Errorf("board %d went by the channel without a nonce", i+1)
		}
	}
	if ms[0].Edits == 0 {
		t.Error("the first board kept its controls")
	}
	if h.fake.Requests("PATCH /webhooks/{id}/{token}/messages/{id}") != 0 {
		t.Error("a screen was retired with a token past the margin")
	}
	if h.bot.follow.held() != 0 {
		t.Errorf("%d tokens kept after the game", h.bot.follow.held())
	}
	h.check()
}

// TestFollowupTokenRefused: Discord refuses the token (it expired early, or the
// interaction is unknown: 10015): the screen goes by the channel with its nonce, the
// token is dropped, and every later screen goes by the channel too, none twice.
func TestFollowupTokenRefused(t *testing.T) {
	h := newHarnessWith(t, nil)
	h.fake.FailNext(followRoute, 1, 10015)
	g := h.startAutos(1, 3)[0]
	ms := h.boards(g)
	onceEach(t, ms)
	if len(ms) < 3 {
		t.Fatalf("%d boards", len(ms))
	}
	for i, ok := range followedUp(readied(g), ms) {
		if ok || ms[i].Nonce == "" {
			t.Errorf("board %d: follow-up %v, nonce %q; want each by the channel with its nonce", i+1, ok, ms[i].Nonce)
		}
	}
	if got := h.fake.Requests(followRoute); got != 1 {
		t.Errorf("%d follow-ups tried, want the one refused: the token is dropped", got)
	}
	if h.bot.follow.held() != 0 {
		t.Errorf("%d tokens kept after Discord refused it", h.bot.follow.held())
	}
	h.check()
}

// TestFollowupRestart: a follow-up whose answer was lost is still owed when the bot
// stops; the restarted bot, which no longer has the token, finds the screen in the
// channel and adopts it instead of posting it again, then goes on by the channel.
func TestFollowupRestart(t *testing.T) {
	h := newHarnessWith(t, func(o *Options) { o.RetryBase, o.RetryMax = time.Hour, time.Hour })
	h.fake.FailAfterEffect(followRoute, 1, 500)
	g := h.startAutos(1, 3)[0]
	if err := h.fake.WaitFaults(h.ctx, followRoute, 1); err != nil {
		t.Fatal(err)
	}
	// Close joins the work that met the fault, which stored the failed attempt; the
	// retry waits its hour.
	h.stop()
	h.start()
	ms := h.boards(g)
	onceEach(t, ms)
	if got := h.fake.Requests("GET /channels/{id}/messages"); got != 1 {
		t.Errorf("the channel was read %d times, want once", got)
	}
	for i, ok := range followedUp(readied(g), ms) {
		if ok != (i == 0) {
			t.Errorf("board %d: follow-up %v, want only the first (the one adopted)", i+1, ok)
		}
	}
	h.check()
}
