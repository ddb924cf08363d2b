package host

import (
	"context"
	"reflect"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
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

// TestHost_ReplayKeepsFinishedGamesFrames: a replay viewer's press shows a frame of a
// finished game without replaying it (the frames kept are the very ones of the first
// press), and the frames are those of a replay from the start.
func TestHost_ReplayKeepsFinishedGamesFrames(t *testing.T) {
	h, db := openRecords(t)
	ctx := context.Background()
	row := recPlayed(t, game.ModeSolitaire, [2]string{ann, ""}, "g", "c1")
	id := recFinish(t, db, row)
	_, first, err := h.Replay(ctx, id)
	must(t, err)
	_, again, err := h.Replay(ctx, id)
	must(t, err)
	if len(first) == 0 || &first[0] != &again[0] {
		t.Fatal("the second press replayed the game again")
	}
	want, err := game.Frames(game.NewLanguage(), row.Record())
	must(t, err)
	if !reflect.DeepEqual(want, again) {
		t.Errorf("the %d frames kept differ from the %d of a replay from the start", len(again), len(want))
	}
}

// BenchmarkReplayPress is a replay viewer's press on a finished game of the default
// configuration played out by the bots: the game loaded and the frames to show.
func BenchmarkReplayPress(b *testing.B) {
	h, db := openRecords(b)
	ctx := context.Background()
	cfg := game.DefaultConfig()
	kinds := []game.KindSpec{{Name: "Shooter", Strategy: "shoot up 10 shoot down 10"}, {Name: "Walker", Strategy: "move up move down"}}
	eng, err := game.New(game.NewLanguage(), game.Setup{Config: cfg, Seed: 3, Mode: game.ModeAuto, Kinds: kinds})
	if err != nil {
		b.Fatal(err)
	}
	if err := game.PlayOut(eng, [2]game.Decider{game.NewBot(1), game.NewBot(2)}); err != nil {
		b.Fatal(err)
	}
	row := &store.Game{Scope: "g", Place: "c", Mode: game.ModeAuto, Config: cfg, Seed: 3, Kinds: kinds,
		Decisions: eng.Record().Decisions, Result: eng.Result(), Turns: eng.Turns()}
	id := recFinish(b, db, row)
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := h.Replay(ctx, id); err != nil {
			b.Fatal(err)
		}
	}
}
