package bot

import (
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// strategyCmd runs /kombat strategy SUB with options and returns the interaction.
func (h *harness) strategyCmd(user *discordtest.User, sub string, opts ...discordtest.Option) *discordtest.Interaction {
	h.t.Helper()
	in, err := h.fake.SlashCommand(user, h.channel.ID, "kombat", discordtest.Group("strategy", discordtest.Sub(sub, opts...)))
	if err != nil {
		h.t.Fatal(err)
	}
	return in
}

// reply waits for an interaction's message reply and checks it is private.
func (h *harness) privateReply(in *discordtest.Interaction, what string) *discordtest.Message {
	h.t.Helper()
	m, err := in.Reply(h.ctx)
	if err != nil {
		h.t.Fatalf("%s: %v", what, err)
	}
	if !m.Ephemeral {
		h.t.Errorf("%s is public: %s", what, m.Content)
	}
	return m
}

// TestStrategyLibrary saves a strategy from the form and a new version from a file,
// refuses one that does not compile (keeping the text for Edit again), lists, shows,
// diffs and deletes, keeps players' libraries apart, and loads a saved strategy into a
// game's setup.
func TestStrategyLibrary(t *testing.T) {
	h := newHarness(t)
	// Save from the form.
	in := h.strategyCmd(h.alice, "save", discordtest.Opt("name", "Rush B"))
	if r, err := in.Response(h.ctx); err != nil || r.Modal == nil {
		t.Fatalf("save without a file opens no form: %v", err)
	}
	sub, _ := h.fake.SubmitModal(h.alice, in, map[string]string{"defense": "3", "strategy": "```\nmove up\n```"})
	if m := h.privateReply(sub, "save"); !strings.Contains(m.Content, "Saved **Rush B**, version 1 (defense 3, 1 line)") {
		t.Errorf("save: %s", m.Content)
	}
	// A broken version is refused with its diagnostics; Edit again gives the text back.
	in = h.strategyCmd(h.alice, "save", discordtest.Opt("name", "rush b"))
	r, _ := in.Response(h.ctx)
	for _, input := range r.Modal.Inputs {
		if input.CustomID == "strategy" && input.Value != "move up" || input.CustomID == "defense" && input.Value != "3" {
			t.Errorf("the form for an existing strategy: %s = %q", input.CustomID, input.Value)
		}
	}
	sub, _ = h.fake.SubmitModal(h.alice, in, map[string]string{"defense": "3", "strategy": "move up\nmove right\n"})
	refused := h.privateReply(sub, "broken save")
	if !strings.Contains(refused.Content, "not saved") || !strings.Contains(refused.Content, "2:6") {
		t.Errorf("broken save: %s", refused.Content)
	}
	again, err := h.fake.Click(h.alice, refused.ID, refused.Button("Edit again").CustomID)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := again.Response(h.ctx); err != nil || r.Modal == nil || r.Modal.Inputs[1].Value != "move up\nmove right\n" {
		t.Fatalf("Edit again: %+v %v", r, err)
	}
	// A new version from a file.
	file := h.fake.Upload("rush.txt", "text/plain", []byte("x = 1\nmove up\nshoot up 10\n"))
	m := h.privateReply(h.strategyCmd(h.alice, "save", discordtest.Opt("name", "Rush B"), discordtest.Opt("file", file)), "save file")
	if !strings.Contains(m.Content, "version 2 (defense 3, 3 lines)") {
		t.Errorf("save from a file: %s", m.Content)
	}
	// Bad names are explained.
	if m := h.privateReply(h.strategyCmd(h.alice, "save", discordtest.Opt("name", "a:b")), "bad name"); !strings.Contains(m.Content, "use letters, digits") {
		t.Errorf("bad name: %s", m.Content)
	}
	// List, show, diff.
	if m := h.privateReply(h.strategyCmd(h.alice, "list"), "list"); !strings.Contains(m.Content, "**Rush B** — v2, defense 3, 3 lines") {
		t.Errorf("list: %s", m.Content)
	}
	if m := h.privateReply(h.strategyCmd(h.bob, "list"), "bob's list"); !strings.Contains(m.Content, "no saved strategies") {
		t.Errorf("bob sees alice's strategies: %s", m.Content)
	}
	if m := h.privateReply(h.strategyCmd(h.alice, "show", discordtest.Opt("name", "rush b"), discordtest.Opt("version", 1)), "show v1"); !strings.Contains(m.Content, "**Rush B** v1") || !strings.Contains(m.Content, "move up") {
		t.Errorf("show v1: %s", m.Content)
	}
	m = h.privateReply(h.strategyCmd(h.alice, "show", discordtest.Opt("name", "Rush B"), discordtest.Opt("diff", 1)), "diff")
	if !strings.Contains(m.Content, "changes from v1 to v2") || !strings.Contains(m.Content, "+x = 1\n move up\n+shoot up 10") {
		t.Errorf("diff: %s", m.Content)
	}
	if m := h.privateReply(h.strategyCmd(h.alice, "show", discordtest.Opt("name", "Rush B"), discordtest.Opt("version", 7)), "missing version"); !strings.Contains(m.Content, "strategy list") {
		t.Errorf("missing version: %s", m.Content)
	}
	// Load it into a game's setup: it becomes a kind with its defense.
	h.slash(h.alice, h.channel.ID, "solo")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	setup := h.find(thread.ID, "the setup", contains("setting up"))
	pick := h.privateReply(h.click(h.alice, setup, "Load saved strategy"), "the saved strategies")
	loaded, err := h.fake.Choose(h.alice, pick.ID, pick.Select("Load a saved strategy…").CustomID, "Rush B")
	if err != nil {
		t.Fatal(err)
	}
	h.find(thread.ID, "the loaded kind", contains("**1. Rush B** — defense 3"))
	loaded.Reply(h.ctx)
	if m := h.privateReply(h.click(h.bob, setup, "Load saved strategy"), "bob's load"); !strings.Contains(m.Content, "Only the players") {
		t.Errorf("bob loading into alice's game: %s", m.Content)
	}
	// Delete, with confirmation.
	ask := h.privateReply(h.strategyCmd(h.alice, "delete", discordtest.Opt("name", "RUSH B")), "delete")
	if !strings.Contains(ask.Content, "its 2 versions") {
		t.Errorf("delete confirmation: %s", ask.Content)
	}
	del, _ := h.fake.Click(h.alice, ask.ID, ask.Button("Delete").CustomID)
	if _, err := del.Settled(h.ctx); err != nil {
		t.Fatal(err)
	}
	if m := h.privateReply(h.strategyCmd(h.alice, "list"), "list after delete"); !strings.Contains(m.Content, "no saved strategies") {
		t.Errorf("after delete: %s", m.Content)
	}
	h.check()
}
