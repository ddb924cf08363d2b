package upbeat

import (
	"os"
	"testing"
)

// samplePlan is the spec's sample plan made to compile (U9a).
func samplePlan(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/sample.plan")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// botGame plays one 3-player game: a bot of the given level in seat `seat`, the spec's
// sample plan in the other two. It returns the game.
func botGame(t testing.TB, level string, seat int, seed uint64) *Game {
	return botGameWith(t, DefaultConfig(), level, seat, seed)
}

// botGameWith is botGame with a configuration.
func botGameWith(t testing.TB, cfg Config, level string, seat int, seed uint64) *Game {
	return botAgainst(t, cfg, level, seat, seed, samplePlan(t), 3)
}

// botAgainst plays one game of the given players: a bot of the given level (seeded
// with seed) in seat `seat`, plan in every other seat, and returns the game.
func botAgainst(t testing.TB, cfg Config, level string, seat int, seed uint64, plan string, players int) *Game {
	t.Helper()
	bot, err := NewBot(level, seed)
	if err != nil {
		t.Fatal(err)
	}
	plans := make([]string, players)
	for i := range plans {
		plans[i] = plan
	}
	plans[seat-1] = bot.InitialPlan()
	g, err := New(NewLanguage(), Setup{Config: cfg, Seed: seed, Players: players, Plans: plans})
	if err != nil {
		t.Fatal(err)
	}
	g.SetQuiet(true)
	d := make([]Decider, players)
	d[seat-1] = bot
	if err := PlayOut(g, d); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestBotNormalBeatsSample_U9a: normal wins at least 80% of 3-player games against two
// players running the spec's sample plan, whatever its seat.
func TestBotNormalBeatsSample_U9a(t *testing.T) {
	games, wins, turns := 0, 0, 0
	for seed := uint64(1); seed <= 30; seed++ {
		seat := int(seed%3) + 1
		g := botGame(t, "normal", seat, seed)
		games++
		turns += g.Turns()
		if g.Winner() == seat {
			wins++
		}
	}
	rate := float64(wins) / float64(games)
	t.Logf("normal won %d of %d 3-player games against two sample plans (%.0f%%), %.1f turns on average", wins, games, 100*rate, float64(turns)/float64(games))
	if rate < 0.8 {
		t.Errorf("normal won %.0f%% of games, want at least 80%%", 100*rate)
	}
}

// TestBotEasyPlays_U20: easy finishes games against the sample plan, revising its own
// plan (an accepted revision costs rev_cost, so its record holds revisions).
func TestBotEasyPlays_U20(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxTurns = 100
	for seed := uint64(1); seed <= 2; seed++ {
		g := botGameWith(t, cfg, "easy", 1, seed)
		if !g.Over() {
			t.Errorf("seed %d: game not over", seed)
		}
	}
	if _, err := NewBot("hard", 1); err == nil {
		t.Error("NewBot accepted an unknown level")
	}
}
