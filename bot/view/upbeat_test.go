package view

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/upbeat"
)

// TestUpRulesText: /upbeat rules names every word of UPBEAT's language definition,
// fits one message whole, and its example compiles as an UPBEAT plan.
func TestUpRulesText(t *testing.T) {
	s := UpRulesText()
	if n := utf8.RuneCountInString(s); n >= ContentLimit {
		t.Errorf("the rules are %d characters: cut at Discord's limit", n)
	}
	def := upbeat.Definition()
	words := append(append([]string{}, def.Directions...), def.Specials...)
	for _, w := range append(def.Commands, def.Infos...) {
		words = append(words, w.Name)
	}
	for _, w := range words {
		if !strings.Contains(s, w) {
			t.Errorf("the rules do not mention %q", w)
		}
	}
	if _, err := interp.Compile(upbeat.NewLanguage(), "example", UpRulesExample); err != nil {
		t.Errorf("the rules' example: %v", err)
	}
}
