package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kombat-game/kombat/bot/kombatui"
	"github.com/kombat-game/kombat/bot/upbeatui"
	"github.com/kombat-game/kombat/bot/view"
)

// TestRulesScreensNameTheDocs: /kombat rules and /upbeat rules say where each game's
// rules are in full, those pages exist in the repository, and each screen still fits
// one message whole (issue 24: the rules lived outside the repository).
func TestRulesScreensNameTheDocs(t *testing.T) {
	for _, c := range []struct {
		name, text, doc string
	}{
		{"/kombat rules", kombatui.RulesText(), kombatui.KombatRulesDoc},
		{"/upbeat rules", upbeatui.UpRulesText(), upbeatui.UpbeatRulesDoc},
	} {
		if !strings.Contains(c.text, "`"+c.doc+"`") {
			t.Errorf("%s does not name %s:\n%s", c.name, c.doc, c.text)
		}
		if n := utf8.RuneCountInString(c.text); n > view.ContentLimit || strings.HasSuffix(c.text, "…") {
			t.Errorf("%s is %d characters: cut at Discord's limit of %d", c.name, n, view.ContentLimit)
		}
		if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(c.doc))); err != nil {
			t.Errorf("%s names %s, which the repository lacks: %v", c.name, c.doc, err)
		}
	}
}
