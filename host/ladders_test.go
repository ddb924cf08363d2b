package host

import (
	"slices"
	"testing"
)

// TestLadders: a game's ladders are named by one rule: people's, then the bot's at
// each level, and a kind is told back to its level.
func TestLadders(t *testing.T) {
	l := Ladders{People: "nim", BotPrefix: "nim-bot:", DefaultLevel: "normal", Levels: []string{"easy", "normal"}}
	if got := l.All(); !slices.Equal(got, []string{"nim", "nim-bot:easy", "nim-bot:normal"}) {
		t.Errorf("All: %q", got)
	}
	if l.Bot("") != "nim-bot:normal" || l.Level("nim-bot:easy") != "easy" || l.Level("nim") != "" {
		t.Errorf("Bot(\"\") %q, Level %q", l.Bot(""), l.Level("nim-bot:easy"))
	}
	if !l.Has("nim") || !l.Has("nim-bot:hard") || l.Has("upbeat") {
		t.Error("Has tells the wrong ladders")
	}
}
