package bot

import (
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// TestTryCommand runs a strategy in the sample positions: typed in the form, it sees
// the enemy two hexes up (R17: opponent is 21) and shoots; alone it sees nobody and
// moves; the answer is private with the trace and a board image; a broken strategy gets
// its diagnostics.
func TestTryCommand(t *testing.T) {
	h := newHarness(t)
	const strategy = "x = opponent\nif (x) then shoot up 10 else move up\n"
	in, err := h.fake.SlashCommand(h.alice, h.channel.ID, "kombat", discordtest.Sub("try"))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := in.Response(h.ctx); err != nil || r.Modal == nil {
		t.Fatalf("try without a strategy opens no form: %v", err)
	}
	sub, _ := h.fake.SubmitModal(h.alice, in, map[string]string{"strategy": strategy})
	m := h.privateReply(sub, "try near")
	for _, want := range []string{"*near* position", "opponent is 21", "shoot up 10", "=> #1 shoot"} {
		if !strings.Contains(m.Content, want) {
			t.Errorf("try near lacks %q:\n%s", want, m.Content)
		}
	}
	decodeImage(t, m, "try.png")

	file := h.fake.Upload("walker.txt", "text/plain", []byte(strategy))
	_, m = h.slash(h.alice, h.channel.ID, "try", discordtest.Opt("file", file), discordtest.Opt("position", "alone"))
	if !strings.Contains(m.Content, "opponent is 0") || !strings.Contains(m.Content, "move up (5,4) -> (4,4)") {
		t.Errorf("try alone:\n%s", m.Content)
	}
	_, m = h.slash(h.alice, h.channel.ID, "try", discordtest.Opt("file", h.fake.Upload("bad.txt", "text/plain", []byte("move right\n"))))
	if !strings.Contains(m.Content, "did you mean") {
		t.Errorf("try of a broken strategy: %s", m.Content)
	}
	if _, m := h.slash(h.alice, h.channel.ID, "try", discordtest.Opt("strategy", "nothing")); !strings.Contains(m.Content, "no strategy named") {
		t.Errorf("try of a missing saved strategy: %s", m.Content)
	}
	h.check()
}
