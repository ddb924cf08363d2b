package discordtest

import (
	"regexp"
	"strings"
	"testing"
)

// TestCommandNameOK: the hand-written check of command names agrees with Discord's
// pattern, ^[-_\p{Ll}\p{N}]{1,32}$, on names good and bad.
func TestCommandNameOK(t *testing.T) {
	pattern := regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)
	for _, name := range []string{"", "kombat", "my-cmd_2", "Kombat", "a b", "über", "ÜBER", "x٣", "½", "日本",
		strings.Repeat("a", 32), strings.Repeat("a", 33), strings.Repeat("é", 32), strings.Repeat("é", 33),
		"\xff", "a\xffb", "a\n", "\na", "a.b", "ǅ", "ⅻ", "-", "_"} {
		if got, want := commandNameOK(name), pattern.MatchString(name); got != want {
			t.Errorf("commandNameOK(%q) = %v, the pattern says %v", name, got, want)
		}
	}
}
