package bot

import (
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// TestKindWarnings: a kind whose strategy compiles with warnings is accepted (the setup
// message shows it) and its author alone is told the warnings, with the did-you-mean.
func TestKindWarnings(t *testing.T) {
	h := newHarness(t)
	thread, _, add := h.soloKindForm(h.alice)
	sub, err := h.fake.SubmitModal(h.alice, add, map[string]string{"name": "Saver", "defense": "1", "strategy": "x = budget\ndone\n"})
	if err != nil {
		t.Fatal(err)
	}
	h.find(thread.ID, "the kind", contains("**1. Saver**"))
	warn, err := sub.Followup(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !warn.Ephemeral || !strings.Contains(warn.Content, "1 warning") || !strings.Contains(warn.Content, "did you mean 'Budget'") {
		t.Errorf("warnings follow-up (ephemeral %v):\n%s", warn.Ephemeral, warn.Content)
	}
	h.check()
}

// TestSavedStrategyWarnings: a saved strategy that compiles with warnings is saved and
// the answer says what to look at.
func TestSavedStrategyWarnings(t *testing.T) {
	h := newHarness(t)
	in := h.strategyCmd(h.alice, "save", discordtest.Opt("name", "Saver"))
	if r, err := in.Response(h.ctx); err != nil || r.Modal == nil {
		t.Fatalf("save without a file opens no form: %v", err)
	}
	sub, err := h.fake.SubmitModal(h.alice, in, map[string]string{"defense": "0", "strategy": "x = oponent\ndone"})
	if err != nil {
		t.Fatal(err)
	}
	m := h.privateReply(sub, "save")
	if !strings.Contains(m.Content, "Saved **Saver**, version 1") || !strings.Contains(m.Content, "1 warning") || !strings.Contains(m.Content, "'oponent' is never assigned") {
		t.Errorf("save with a warning:\n%s", m.Content)
	}
}
