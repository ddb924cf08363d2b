package bot

import (
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/upbeatui"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// onUpTable runs f on the UPBEAT game played at place, locked.
func (h *harness) onUpTable(place string, f func(t *host.Table)) {
	h.t.Helper()
	tb := h.bot.host.LockPlace(place)
	if tb == nil {
		h.t.Fatalf("no game at %s", place)
	}
	defer tb.Unlock()
	f(tb)
}

// upBudget is user's budget in the UPBEAT game played at place.
func (h *harness) upBudget(place string, user *discordtest.User) int64 {
	h.t.Helper()
	var budget int64
	h.onUpTable(place, func(tb *host.Table) {
		g, err := upbeathost.Of(h.bot.host).UpEngine(tb)
		if err != nil {
			h.t.Fatal(err)
		}
		budget = g.Budget(tb.Seat(user.ID))
	})
	return budget
}

// upFile is an attached plan.
func (h *harness) upFile(name, text string) discordtest.Option {
	return discordtest.Opt("file", h.fake.Upload(name, "text/plain", []byte(text)))
}

// privately checks that m is a private answer containing want.
func privately(t *testing.T, what string, m *discordtest.Message, want string) {
	t.Helper()
	if !m.Ephemeral || !strings.Contains(m.Content, want) {
		t.Errorf("%s: %q (private %v), want %q", what, m.Content, m.Ephemeral, want)
	}
}

// TestUpbeatFirstPlanByFile_U19: /upbeat plan with an attached file writes the
// caller's first plan while the first plans are written, and the first-plans message
// ticks their seat; a plan with mistakes lists every one with its line:column and
// changes nothing; the message command "Use as UPBEAT plan" on a message with a code
// block writes the last plan, and the game begins with both. Before the game starts,
// without a game, for a spectator, and without a file or a name, the answer says why.
func TestUpbeatFirstPlanByFile_U19(t *testing.T) {
	h := newHarness(t)
	privately(t, "no game here", h.upslash(h.alice, h.channel.ID, "plan", h.upFile("p.txt", "invest 10")), "No UPBEAT game")
	lobby := h.upslash(h.alice, h.channel.ID, "new", discordtest.Opt("players", 2))
	privately(t, "before the start", h.upslash(h.alice, h.channel.ID, "plan", h.upFile("p.txt", "invest 10")), "has not started")
	h.click(h.bob, lobby, "Join")
	h.click(h.alice, lobby, "Start")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	plans := h.waitFor(thread.ID, "the first plans message", contains("first plans"))

	bad := h.upslash(h.alice, thread.ID, "plan", h.upFile("bad.txt", "invest 10\nmove right\nx = (1 +\n"))
	privately(t, "a plan with mistakes", bad, "not taken")
	for _, at := range []string{"2:6", "3:9"} {
		if !strings.Contains(bad.Content, at) {
			t.Errorf("the mistakes lack %s: %q", at, bad.Content)
		}
	}
	h.onUpTable(thread.ID, func(tb *host.Table) {
		if upbeathost.Lobby(tb).Written[0] || upbeathost.Lobby(tb).Plans[0] != "" {
			t.Errorf("a refused plan was written: %q", upbeathost.Lobby(tb).Plans[0])
		}
	})
	if m := h.fake.Message(plans.ID); m.Edits != plans.Edits || strings.Contains(m.Content, "✅") {
		t.Errorf("a refused plan ticked the first plans: %q", m.Content)
	}
	carol := h.fake.AddUser("carol", false)
	privately(t, "a spectator's plan", h.upslash(carol, thread.ID, "plan", h.upFile("p.txt", "invest 10")), "not playing")
	privately(t, "neither file nor name", h.upslash(h.bob, thread.ID, "plan"), "Attach your plan")
	privately(t, "both file and name", h.upslash(h.bob, thread.ID, "plan", h.upFile("p.txt", "done"), discordtest.Opt("saved", "x")), "not both")

	ok := h.upslash(h.alice, thread.ID, "plan", h.upFile("plan.txt", "t = 1\ninvest 10\n"))
	privately(t, "a first plan by file", ok, "Your first plan is in (2 lines)")
	ticked := h.find(thread.ID, "the first plans ticked", func(m *discordtest.Message) bool {
		return m.ID == plans.ID && strings.Count(m.Content, "✅") == 1
	})
	if ticked.Button("Write plan") == nil {
		t.Error("the first plans message lost its Write plan button")
	}

	post, err := h.fake.PostMessage(h.bob, thread.ID, "mine:\n```upbeat\ninvest 5\n```\nwish me luck")
	if err != nil {
		t.Fatal(err)
	}
	in, err := h.fake.MessageCommand(h.bob, post.ID, upbeatui.UsePlanCommand)
	if _, m, err := discordtest.Do(h.ctx, in, err); err != nil {
		t.Fatal(err)
	} else {
		privately(t, "the last first plan by the message command", m, "the game has begun")
	}
	h.find(thread.ID, "the first turn screen", func(m *discordtest.Message) bool { return m.Button("Confirm") != nil })
	row, err := h.db.ActiveAt(h.ctx, thread.ID)
	if err != nil || row.Status != store.StatusPlay || len(upPart(t, row).Plans) != 2 || upPart(t, row).Plans[0] != "t = 1\ninvest 10" || upPart(t, row).Plans[1] != "invest 5" {
		t.Fatalf("the stored first plans: %+v %v", row, err)
	}
	h.check()
}

// TestUpbeatRevisionByMessageCommand_U20: on their turn, "Use as UPBEAT plan" on a
// message's code block revises the player's plan and costs what a form revision costs
// (rev_cost, the same drop as bob's form revision of the same plan); on another's
// turn it is refused and records nothing; a message with no code is refused; once the
// game is over, /upbeat plan says so.
func TestUpbeatRevisionByMessageCommand_U20(t *testing.T) {
	h := newHarness(t)
	thread, screen := h.upDuel("m=8\nn=8\nmax_turns=3\ninit_budget=5000\nrev_cost=70\n")
	use := func(u *discordtest.User, content string) *discordtest.Message {
		t.Helper()
		post, err := h.fake.PostMessage(u, thread.ID, content)
		if err != nil {
			t.Fatal(err)
		}
		in, err := h.fake.MessageCommand(u, post.ID, upbeatui.UsePlanCommand)
		_, m, err := discordtest.Do(h.ctx, in, err)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	const revised = "collect 5\ninvest 20"
	actions := func() []upbeat.Action {
		row, err := h.db.ActiveAt(h.ctx, thread.ID)
		if err != nil {
			t.Fatal(err)
		}
		return upPart(t, row).Actions
	}

	privately(t, "bob on alice's turn", use(h.bob, "```\n"+revised+"\n```"), "not yours")
	if n := len(actions()); n != 0 {
		t.Errorf("bob's refused revision recorded %d actions", n)
	}
	privately(t, "a message with no plan", use(h.alice, "```\n```"), "no plan in it")

	before := h.upBudget(thread.ID, h.alice)
	privately(t, "alice's revision by the message command", use(h.alice, "my new plan:\n```upbeat\n"+revised+"\n```"), "Your plan is revised")
	aliceCost := before - h.upBudget(thread.ID, h.alice)
	if acts := actions(); len(acts) != 1 || acts[0].Kind != upbeat.ActRevise || acts[0].Plan != revised || acts[0].Player != 1 {
		t.Errorf("the recorded revision: %+v", acts)
	}
	h.click(h.alice, screen, "Confirm")

	// Bob revises to the same plan in the form, on his turn: the same cost.
	bobs := h.find(thread.ID, "bob's turn", func(m *discordtest.Message) bool {
		return m.ID > screen.ID && m.Button("Revise") != nil && strings.Contains(m.Content, "<@"+h.bob.ID+">")
	})
	before = h.upBudget(thread.ID, h.bob)
	form := h.click(h.bob, bobs, "Revise")
	sub, err := h.fake.SubmitModal(h.bob, form, map[string]string{"plan": revised})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := sub.Reply(h.ctx); err != nil {
		t.Fatal(err)
	} else {
		privately(t, "bob's form revision", m, "Your plan is revised")
	}
	bobCost := before - h.upBudget(thread.ID, h.bob)
	if aliceCost != 70 || bobCost != aliceCost {
		t.Errorf("a revision by the message command cost %d, by the form %d; rev_cost is 70", aliceCost, bobCost)
	}

	privately(t, "resign", h.upResign(h.alice, thread.ID), "You resigned")
	h.find(thread.ID, "the final screen", contains("Game over"))
	privately(t, "a plan after the game", h.upslash(h.bob, thread.ID, "plan", h.upFile("p.txt", "done")), "is over")
	privately(t, "the message command after the game", use(h.bob, "```\ndone\n```"), "is over")
	h.check()
}
