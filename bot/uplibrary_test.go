package bot

import (
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
)

// upStrategyCmd runs /upbeat strategy SUB with options and returns the interaction.
func (h *harness) upStrategyCmd(user *discordtest.User, sub string, opts ...discordtest.Option) *discordtest.Interaction {
	h.t.Helper()
	in, err := h.fake.SlashCommand(user, h.channel.ID, "upbeat", discordtest.Group("strategy", discordtest.Sub(sub, opts...)))
	if err != nil {
		h.t.Fatal(err)
	}
	return in
}

// TestUpbeatLibrary: /upbeat strategy saves UPBEAT plans from the form (a plan alone,
// no defense) or a file, checked against UPBEAT's language (a KOMBAT word is a
// mistake, kept for Edit again); the two libraries are kept apart (each lists only its
// own, and asking one for the other's program says whose it is, in show, try and
// /upbeat plan); /upbeat plan saved:NAME plays a saved plan as the first plan; delete
// takes the plan and leaves the KOMBAT strategy.
func TestUpbeatLibrary(t *testing.T) {
	h := newHarness(t)
	in := h.upStrategyCmd(h.alice, "save", discordtest.Opt("name", "Eco"))
	r, err := in.Response(h.ctx)
	if err != nil || r.Modal == nil || len(r.Modal.Inputs) != 1 || r.Modal.Inputs[0].CustomID != "plan" {
		t.Fatalf("save without a file opens no plan form: %+v %v", r, err)
	}
	sub, _ := h.fake.SubmitModal(h.alice, in, map[string]string{"plan": "```upbeat\ninvest 10\n```"})
	privately(t, "save from the form", h.privateReply(sub, "save"), "Saved the UPBEAT plan **Eco**, version 1 (1 line)")

	bad := h.privateReply(h.upStrategyCmd(h.alice, "save", discordtest.Opt("name", "Eco"), h.upFile("eco.txt", "invest 10\nspawn\n")), "a KOMBAT word")
	privately(t, "a plan with a KOMBAT word", bad, "does not compile, so it was not saved")
	if !strings.Contains(bad.Content, "Eco:2:6") || bad.Button("Edit again") == nil {
		t.Fatalf("the refused plan: %q", bad.Content)
	}
	again, err := h.fake.Click(h.alice, bad.ID, bad.Button("Edit again").CustomID)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := again.Response(h.ctx); err != nil || r.Modal == nil || len(r.Modal.Inputs) != 1 || r.Modal.Inputs[0].Value != "invest 10\nspawn\n" {
		t.Fatalf("Edit again: %+v %v", r, err)
	}
	privately(t, "KOMBAT's save", h.privateReply(h.strategyCmd(h.alice, "save", discordtest.Opt("name", "Rush"), h.upFile("rush.txt", "move up\n")), "save"), "Saved **Rush**")

	// Each library lists its own.
	for _, c := range []struct {
		what       string
		in         *discordtest.Interaction
		has, lacks string
	}{
		{"UPBEAT's list", h.upStrategyCmd(h.alice, "list"), "**Eco** — v1, 1 line,", "Rush"},
		{"KOMBAT's list", h.strategyCmd(h.alice, "list"), "**Rush** — v1, defense 0", "Eco"},
		{"an UPBEAT plan shown", h.upStrategyCmd(h.alice, "show", discordtest.Opt("name", "eco")), "invest 10", "defense"},
	} {
		m := h.privateReply(c.in, c.what)
		if !strings.Contains(m.Content, c.has) || strings.Contains(m.Content, c.lacks) {
			t.Errorf("%s: %q, want %q and no %q", c.what, m.Content, c.has, c.lacks)
		}
	}
	// Neither plays the other's.
	privately(t, "a KOMBAT strategy shown as a plan", h.privateReply(h.upStrategyCmd(h.alice, "show", discordtest.Opt("name", "Rush")), "show"), "is a KOMBAT strategy, not an UPBEAT plan")
	privately(t, "a plan shown as a strategy", h.privateReply(h.strategyCmd(h.alice, "show", discordtest.Opt("name", "Eco")), "show"), "is an UPBEAT plan, not a KOMBAT strategy")
	_, tried := h.slash(h.alice, h.channel.ID, "try", discordtest.Opt("strategy", "Eco"))
	privately(t, "a plan tried as a strategy", tried, "is an UPBEAT plan")

	lobby := h.upslash(h.alice, h.channel.ID, "new", discordtest.Opt("players", 2))
	h.click(h.bob, lobby, "Join")
	h.click(h.alice, lobby, "Start")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	h.waitFor(thread.ID, "the first plans message", contains("first plans"))
	privately(t, "a KOMBAT strategy as a plan", h.upslash(h.alice, thread.ID, "plan", discordtest.Opt("saved", "Rush")), "is a KOMBAT strategy")
	privately(t, "bob's plan by alice's name", h.upslash(h.bob, thread.ID, "plan", discordtest.Opt("saved", "Eco")), `You have no plan named "Eco"`)
	privately(t, "a saved plan", h.upslash(h.alice, thread.ID, "plan", discordtest.Opt("saved", "eco")), "Your first plan is in (1 line)")
	h.onUpTable(thread.ID, func(tb *host.Table) {
		if !upbeathost.Lobby(tb).Written[0] || upbeathost.Lobby(tb).Plans[0] != "invest 10" {
			t.Errorf("alice's first plan from her library: %q", upbeathost.Lobby(tb).Plans[0])
		}
	})

	ask := h.privateReply(h.upStrategyCmd(h.alice, "delete", discordtest.Opt("name", "ECO")), "delete")
	del, err := h.fake.Click(h.alice, ask.ID, ask.Button("Delete").CustomID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := del.Settled(h.ctx); err != nil {
		t.Fatal(err)
	}
	privately(t, "UPBEAT's list after the delete", h.privateReply(h.upStrategyCmd(h.alice, "list"), "list"), "no saved UPBEAT plans")
	privately(t, "KOMBAT's list after the delete", h.privateReply(h.strategyCmd(h.alice, "list"), "list"), "**Rush**")
	h.check()
}
