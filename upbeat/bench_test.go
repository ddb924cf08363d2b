package upbeat

import "testing"

// BenchmarkTurn100x100 is one turn of the spec's sample plan on a 100 x 100 territory,
// six players, 40 turns into a game, with events logged.
func BenchmarkTurn100x100(b *testing.B) {
	cfg := DefaultConfig()
	cfg.Rows, cfg.Cols = 100, 100
	plan := samplePlan(b)
	plans := []string{plan, plan, plan, plan, plan, plan}
	g, err := New(NewLanguage(), Setup{Config: cfg, Seed: 1, Players: 6, Plans: plans})
	if err != nil {
		b.Fatal(err)
	}
	for range 6 * 40 {
		g.Confirm(g.Current(), 0)
	}
	base := g.Copy()
	b.ReportAllocs()
	for b.Loop() {
		c := base.Copy()
		if _, err := c.Confirm(c.Current(), 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBotGame is a whole 3-player game: normal against two sample plans.
func BenchmarkBotGame(b *testing.B) {
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		botGame(b, "normal", int(seed%3)+1, seed)
	}
}

// BenchmarkBotGameNormalVsEasy is a whole 3-player bot game with the turn limit at 200:
// normal against two easy bots.
func BenchmarkBotGameNormalVsEasy(b *testing.B) {
	b.ReportAllocs()
	cfg := DefaultConfig()
	cfg.MaxTurns = 200
	seed := uint64(0)
	for b.Loop() {
		seed++
		var d []Decider
		var plans []string
		for i := range 3 {
			level := "easy"
			if i == 0 {
				level = "normal"
			}
			bot, _ := NewBot(level, seed+uint64(i))
			d, plans = append(d, bot), append(plans, bot.InitialPlan())
		}
		g, err := New(NewLanguage(), Setup{Config: cfg, Seed: seed, Players: 3, Plans: plans})
		if err != nil {
			b.Fatal(err)
		}
		g.SetQuiet(true)
		if err := PlayOut(g, d); err != nil {
			b.Fatal(err)
		}
	}
}
