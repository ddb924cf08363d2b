package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestRulesScreensNameTheDocs: /kombat rules and /upbeat rules say where each game's
// rules are in full, those pages exist in the repository, and each screen still fits
// one message whole (issue 24: the rules lived outside the repository).
func TestRulesScreensNameTheDocs(t *testing.T) {
	for _, c := range []struct {
		name, text, doc string
	}{
		{"/kombat rules", RulesText(), KombatRulesDoc},
		{"/upbeat rules", UpRulesText(), UpbeatRulesDoc},
	} {
		if !strings.Contains(c.text, "`"+c.doc+"`") {
			t.Errorf("%s does not name %s:\n%s", c.name, c.doc, c.text)
		}
		if n := utf8.RuneCountInString(c.text); n > ContentLimit || strings.HasSuffix(c.text, "…") {
			t.Errorf("%s is %d characters: cut at Discord's limit of %d", c.name, n, ContentLimit)
		}
		if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(c.doc))); err != nil {
			t.Errorf("%s names %s, which the repository lacks: %v", c.name, c.doc, err)
		}
	}
}
