package game

import (
	"math/rand/v2"
	"os"
	"reflect"
	"testing"
)

// winRate plays n seeded auto games of the bot against RandomDecider with the bot in
// the given seat, and returns the share the bot wins (ties are not wins).
func winRate(t testing.TB, kinds []KindSpec, seat, n int) float64 {
	t.Helper()
	lang := NewLanguage()
	wins := 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g, err := New(lang, Setup{Seed: seed, Mode: ModeAuto, Kinds: kinds})
		if err != nil {
			t.Fatal(err)
		}
		var d [2]Decider
		d[seat-1] = NewBot(seed)
		d[2-seat] = RandomDecider{Rng: rand.New(rand.NewPCG(seed, 77))}
		if err := PlayOut(g, d); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if g.Result().Winner == seat {
			wins++
		}
	}
	return float64(wins) / float64(n)
}

func kindSets(t testing.TB) map[string][]KindSpec {
	examples := exampleKinds(t)
	sample, err := os.ReadFile("../interp/testdata/strategies/sample.kombat")
	if err != nil {
		t.Fatal(err)
	}
	sets := map[string][]KindSpec{"examples": examples, "sample": {{Name: "sample", Defense: 3, Strategy: string(sample)}}}
	for _, k := range examples {
		sets[k.Name] = []KindSpec{k}
	}
	return sets
}

// TestBotBeatsRandom: over 200 seeded auto games per seat with the example kinds, the
// bot beats a player choosing uniformly among legal moves at least 80% of the time,
// from both seats (issue 3).
func TestBotBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 400 games")
	}
	kinds := exampleKinds(t)
	for seat := 1; seat <= 2; seat++ {
		if r := winRate(t, kinds, seat, 200); r < 0.8 {
			t.Errorf("bot in seat %d won %.1f%% of 200 games, want at least 80%%", seat, 100*r)
		} else {
			t.Logf("bot in seat %d won %.1f%%", seat, 100*r)
		}
	}
}

func TestBotWinRates(t *testing.T) {
	if os.Getenv("KOMBAT_BOT_RATES") == "" {
		t.Skip("set KOMBAT_BOT_RATES=1 to measure every kind set")
	}
	for name, kinds := range kindSets(t) {
		for seat := 1; seat <= 2; seat++ {
			t.Logf("%-9s seat %d: %.1f%%", name, seat, 100*winRate(t, kinds, seat, 100))
		}
	}
}

// TestBotDeterministic: the same seed gives the same game, and a game rebuilt from its
// record half-way and continued by a new bot (a restart) ends exactly the same.
func TestBotDeterministic(t *testing.T) {
	kinds := exampleKinds(t)
	play := func() *Game {
		g := newGame(t, Setup{Seed: 21, Mode: ModeAuto, Kinds: kinds})
		must(t, PlayOut(g, [2]Decider{NewBot(21), NewBot(22)}))
		return g
	}
	a, b := play(), play()
	if !reflect.DeepEqual(a.Record(), b.Record()) {
		t.Fatal("two games with the same seeds differ")
	}
	rec := a.Record()
	half := rec
	half.Decisions = rec.Decisions[:len(rec.Decisions)/2]
	g, err := Replay(NewLanguage(), half)
	must(t, err)
	must(t, PlayOut(g, [2]Decider{NewBot(21), NewBot(22)}))
	if !reflect.DeepEqual(g.Record(), rec) {
		t.Error("a game resumed half-way with new bots went differently")
	}
}

// TestBotLeavesGameAlone: deciding changes nothing in the game, not even its random
// generator, which replays depend on.
func TestBotLeavesGameAlone(t *testing.T) {
	g := newGame(t, Setup{Seed: 5, Mode: ModeAuto, Kinds: exampleKinds(t)})
	bot := NewBot(5)
	must(t, PlayFreeSpawn(g, 1, bot))
	must(t, PlayFreeSpawn(g, 2, bot))
	for i := 0; i < 10; i++ {
		before, _ := g.pcg.MarshalBinary()
		snap, decisions := g.Snapshot(), g.Decisions()
		bot.Buy(g, g.Current())
		bot.Spawn(g, g.Current())
		after, _ := g.pcg.MarshalBinary()
		if !reflect.DeepEqual(snap, g.Snapshot()) || g.Decisions() != decisions || string(before) != string(after) {
			t.Fatal("deciding changed the game")
		}
		_, err := PlayTurn(g, g.Current(), bot)
		must(t, err)
	}
}

// TestBotPlaysLegally plays many games, also with small budgets and few spawns, where
// every decision must be accepted.
func TestBotPlaysLegally(t *testing.T) {
	kinds := exampleKinds(t)
	for seed := uint64(1); seed <= 20; seed++ {
		cfg := DefaultConfig()
		cfg.MaxTurns = 15
		if seed%2 == 0 {
			cfg.InitBudget, cfg.TurnBudget, cfg.MaxSpawns, cfg.HexPurchaseCost = 150, 20, 4, 60
		}
		g := newGame(t, Setup{Config: cfg, Seed: seed, Mode: ModeAuto, Kinds: kinds[:1+int(seed)%len(kinds)]})
		if err := PlayOut(g, [2]Decider{NewBot(seed), NewBot(seed + 100)}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// BenchmarkBotTurn is the bot's decision time for one turn (a purchase and a spawn) in
// the middle of a game, its plan made.
func BenchmarkBotTurn(b *testing.B) {
	// The bot against a random player, twelve turns in, many minions on the board.
	g := newGame(b, Setup{Seed: 3, Mode: ModeAuto, Kinds: exampleKinds(b)})
	bot := NewBot(3)
	d := [2]Decider{bot, randomDeciders(3)[1]}
	for p := 1; p <= 2; p++ {
		if err := PlayFreeSpawn(g, p, d[p-1]); err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i < 24 && g.Phase() == PhasePlay; i++ {
		if _, err := PlayTurn(g, g.Current(), d[g.Current()-1]); err != nil {
			b.Fatal(err)
		}
	}
	if g.Phase() != PhasePlay || g.Current() != 1 {
		b.Fatal("the game ended before the position to measure")
	}
	b.ReportAllocs()
	for b.Loop() {
		bot.Buy(g, g.Current())
		bot.Spawn(g, g.Current())
	}
}

// BenchmarkBotPlan is the bot's first decision in a game, when it plays its trial
// games: the one slow decision.
func BenchmarkBotPlan(b *testing.B) {
	kinds := exampleKinds(b)
	lang := NewLanguage()
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		g, err := New(lang, Setup{Seed: seed, Mode: ModeAuto, Kinds: kinds})
		if err != nil {
			b.Fatal(err)
		}
		NewBot(seed).FreeSpawn(g, 1)
	}
}
