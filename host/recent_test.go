package host

import (
	"testing"
)

// TestRecent_KeepsTheGamesUsedLast: the cache holds its size of games, drops the one
// used longest ago, and take leaves a game out until it is kept again.
func TestRecent_KeepsTheGamesUsedLast(t *testing.T) {
	c := Recent[string]{size: 2}
	c.Keep(1, "one")
	c.Keep(2, "two")
	if v, ok := c.Get(1); !ok || v != "one" { // 1 is now the most recently used
		t.Fatalf("get 1: %q, %v", v, ok)
	}
	c.Keep(3, "three") // drops 2, used longest ago
	if _, ok := c.Get(2); ok {
		t.Error("game 2 kept past the size")
	}
	if v, ok := c.Take(1); !ok || v != "one" {
		t.Fatalf("take 1: %q, %v", v, ok)
	}
	if _, ok := c.Get(1); ok {
		t.Error("a game taken is still there")
	}
	c.Keep(3, "three again")
	if v, _ := c.Get(3); v != "three again" || len(c.games) != 1 {
		t.Errorf("keep of a kept game: %q, %d games", v, len(c.games))
	}
}
