package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/ui"
)

// agree fills a setup with one kind proposed by who and readies the given players.
func (h *harness) agree(thread string, who *discordtest.User, ready ...*discordtest.User) {
	h.t.Helper()
	setup := h.find(thread, "the setup message", contains("setting up"))
	add := h.click(who, setup, "Add kind")
	if _, err := h.fake.SubmitModal(who, add, map[string]string{"name": "Rusher", "defense": "0", "strategy": exampleStrategy(h.t, "rusher")}); err != nil {
		h.t.Fatal(err)
	}
	h.find(thread, "the kind", contains("**1. Rusher**"))
	for _, u := range ready {
		h.click(u, setup, "Ready / not ready")
	}
}

// freeSpawn makes user's free spawn on hex.
func (h *harness) freeSpawn(thread string, user *discordtest.User, hex string) {
	h.t.Helper()
	free := h.find(thread, "the free spawns", contains("Free spawns"))
	pick := h.choose(user, free, "Choose the kind", "0")
	m, err := pick.Reply(h.ctx)
	if err != nil {
		h.t.Fatal(err)
	}
	in, err := h.fake.Choose(user, m.ID, m.Select("Choose a hex").CustomID, hex)
	if err != nil {
		h.t.Fatal(err)
	}
	if _, err := in.Response(h.ctx); err != nil {
		h.t.Fatal(err)
	}
}

// TestDuel: a challenge only the challenged can accept, a thread, kinds agreed by both,
// both free spawns, turns alternating between the two; presses by the wrong user get
// private answers and change nothing.
func TestDuel(t *testing.T) {
	h := newHarness(t)
	carol := h.fake.AddUser("carol", false)
	robot := h.fake.AddUser("robot", true)

	// Refusals first: yourself, a bot account.
	if _, m := h.slash(h.alice, h.channel.ID, "challenge", discordtest.Opt("opponent", h.alice)); !m.Ephemeral || !strings.Contains(m.Content, "cannot challenge yourself") {
		t.Errorf("self-challenge: %+v", m.Content)
	}
	if _, m := h.slash(h.alice, h.channel.ID, "challenge", discordtest.Opt("opponent", robot)); !strings.Contains(m.Content, "is a bot account") {
		t.Errorf("bot challenge: %s", m.Content)
	}
	_, challenge := h.slash(h.alice, h.channel.ID, "challenge", discordtest.Opt("opponent", h.bob), discordtest.Opt("timeout", 5))
	if challenge.Ephemeral || challenge.Button("Accept") == nil || !strings.Contains(challenge.Content, "5m0s per turn") {
		t.Fatalf("challenge message: %+v", challenge.Content)
	}
	// The channel is busy now, and carol cannot accept.
	if _, m := h.slash(carol, h.channel.ID, "solo"); !strings.Contains(m.Content, "already active in this channel") {
		t.Errorf("busy channel: %s", m.Content)
	}
	if r, _ := h.click(carol, challenge, "Accept").Reply(h.ctx); !r.Ephemeral || !strings.Contains(r.Content, "Only <@"+h.bob.ID+"> can accept") {
		t.Errorf("carol's accept: %+v", r)
	}
	accepted := h.click(h.bob, challenge, "Accept")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := accepted.Original(h.ctx, func(c *discordtest.Message) bool {
		return strings.Contains(c.Content, "accepted") && len(c.Components) == 0
	}); err != nil {
		t.Errorf("challenge after accepting: %v", err)
	}
	// Carol cannot change the kinds.
	setup := h.find(thread.ID, "the setup", contains("setting up"))
	if r, _ := h.click(carol, setup, "Add kind").Reply(h.ctx); !strings.Contains(r.Content, "Only the players") {
		t.Errorf("carol adding a kind: %+v", r)
	}
	h.agree(thread.ID, h.bob, h.alice) // alice ready, bob not yet
	setup = h.find(thread.ID, "alice ready", contains("✅ <@"+h.alice.ID+">"))
	h.click(h.bob, setup, "Ready / not ready")
	h.freeSpawn(thread.ID, h.bob, "8,8")
	h.freeSpawn(thread.ID, h.alice, "1,1")

	board := h.find(thread.ID, "alice's first turn", func(m *discordtest.Message) bool { return m.Button("End turn") != nil })
	if !strings.Contains(board.Content, "<@"+h.alice.ID+"> (blue) to play") {
		t.Fatalf("first board: %s", board.Content)
	}
	// Bob and carol pressing alice's controls.
	for _, u := range []*discordtest.User{h.bob, carol} {
		r, _ := h.click(u, board, "End turn").Reply(h.ctx)
		if !r.Ephemeral {
			t.Errorf("%s's press answered publicly: %s", u.Name, r.Content)
		}
	}
	// Alice buys a hex, spawns, ends her turn; the board then waits for bob.
	buy := h.fake.Message(board.ID).Select("Buy a")
	if buy == nil {
		t.Fatal("no purchase select")
	}
	h.choose(h.alice, board, "Buy a", buy.Options[0].Value)
	board = h.find(thread.ID, "the bought hex", func(m *discordtest.Message) bool { return m.ID == board.ID && m.Edits > 0 })
	h.choose(h.alice, board, "Spawn a minion", "0")
	board = h.fake.Message(board.ID)
	spawnHex := board.Select("…and the hex")
	if spawnHex == nil {
		t.Fatalf("no spawn hex select after choosing a kind: %+v", board.Components)
	}
	h.choose(h.alice, board, "…and the hex", spawnHex.Options[0].Value)
	board = h.fake.Message(board.ID)
	decodeBoard(t, board)
	old := board
	h.click(h.alice, board, "End turn")
	board = h.find(thread.ID, "bob's turn", func(m *discordtest.Message) bool { return m.ID != old.ID && m.Button("End turn") != nil })
	if !strings.Contains(board.Content, "<@"+h.bob.ID+"> (orange) to play") || !strings.Contains(board.Content, "spawned Rusher") {
		t.Errorf("bob's board: %s", board.Content)
	}
	// The old message loses its controls once the new board is up (not before), and
	// pressing a stale copy changes nothing.
	h.find(thread.ID, "the previous board without controls", func(m *discordtest.Message) bool { return m.ID == old.ID && len(m.Components) == 0 })
	// Bob buys and spawns: the message keeps alice's turn summary (issue 14).
	summary := board.Content[:strings.Index(board.Content, "<@"+h.bob.ID+"> (orange) to play")]
	h.choose(h.bob, board, "Buy a", h.fake.Message(board.ID).Select("Buy a").Options[0].Value)
	h.choose(h.bob, board, "Spawn a minion", "0")
	h.choose(h.bob, board, "…and the hex", h.fake.Message(board.ID).Select("…and the hex").Options[0].Value)
	if after := h.fake.Message(board.ID); !strings.HasPrefix(after.Content, summary) || !strings.Contains(after.Content, "spawned Rusher") {
		t.Errorf("bob's purchase and spawn rewrote alice's summary %q to %q", summary, after.Content)
	}
	// Resign with confirmation.
	confirm, err := h.click(h.bob, board, "Resign").Reply(h.ctx)
	if err != nil || !confirm.Ephemeral {
		t.Fatalf("resign confirmation: %v", err)
	}
	ok, err := h.fake.Click(h.bob, confirm.ID, confirm.Button("Resign").CustomID)
	if err != nil {
		t.Fatal(err)
	}
	// The board is posted before the confirmation is answered; wait for both.
	if _, err := ok.Response(h.ctx); err != nil {
		t.Fatalf("resignation never answered: %v", err)
	}
	final := h.find(thread.ID, "the end", contains("Game over"))
	if !strings.Contains(final.Content, "<@"+h.alice.ID+"> wins") || !strings.Contains(final.Content, "resigned") {
		t.Errorf("final message: %s", final.Content)
	}
	decodeBoard(t, final)
	// The after-game message of a duel speaks to nobody in particular.
	after := h.find(thread.ID, "the after-game message", func(m *discordtest.Message) bool { return strings.HasPrefix(m.Content, ui.AfterGameTitle) })
	if low := strings.ToLower(after.Content); strings.Contains(low, "you") || !strings.Contains(after.Content, "resigned") || len(after.Attachments) != 1 {
		t.Errorf("a duel's after-game message: %q with %d attachments", after.Content, len(after.Attachments))
	}
	// Ratings were updated with the result.
	r, err := h.db.PlayerRating(h.ctx, h.guild.ID, "duel", h.alice.ID)
	if err != nil || r.Wins != 1 {
		t.Errorf("alice's rating after winning: %+v %v", r, err)
	}
	h.check()
}

// TestChallengeExpires moves the clock past a challenge's 10 minutes.
func TestChallengeExpires(t *testing.T) {
	h := newHarness(t)
	_, challenge := h.slash(h.alice, h.channel.ID, "challenge", discordtest.Opt("opponent", h.bob))
	h.clock.Advance(9 * time.Minute)
	h.bot.RunDue(h.ctx)
	if c := h.fake.Message(challenge.ID); c.Button("Accept") == nil {
		t.Fatal("the challenge expired early")
	}
	h.clock.Advance(2 * time.Minute)
	h.bot.RunDue(h.ctx)
	c := h.fake.Message(challenge.ID)
	if !strings.Contains(c.Content, "expired") || len(c.Components) != 0 {
		t.Errorf("after 11 minutes: %q", c.Content)
	}
	// The channel is free again.
	if _, m := h.slash(h.bob, h.channel.ID, "solo"); strings.Contains(m.Content, "already active") {
		t.Errorf("the channel stayed busy: %s", m.Content)
	}
	h.check()
}
