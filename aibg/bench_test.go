package aibg

import "testing"

// BenchmarkMatch is a whole match: hard against normal, events logged.
func BenchmarkMatch(b *testing.B) {
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		hard, _ := NewBot("hard", seed)
		normal, _ := NewBot("normal", seed+1)
		g, _ := New(Setup{Seed: seed})
		if err := PlayOut(g, [2]Decider{hard, normal}); err != nil {
			b.Fatal(err)
		}
	}
}

// midRound is a match between normal bots at the first turn of its second round.
func midRound(b *testing.B) *Game {
	b.Helper()
	for seed := uint64(1); ; seed++ {
		n1, _ := NewBot("normal", seed)
		n2, _ := NewBot("normal", seed+1)
		g, _ := New(Setup{Seed: seed})
		d := [2]Decider{n1, n2}
		for !g.Over() && !(g.Round() == 2 && g.Phase() == RoundInProgress) {
			for p := 1; p <= 2; p++ {
				Act(g, p, d[p-1])
			}
		}
		if !g.Over() && g.Living(1) == 4 && g.Living(2) == 4 {
			return g
		}
	}
}

// BenchmarkTurn is one turn: an area attack against a ranged one, four creatures a
// side, events logged.
func BenchmarkTurn(b *testing.B) {
	base := midRound(b)
	base.SetQuiet(false)
	b.ReportAllocs()
	for b.Loop() {
		g := base.Copy()
		g.SetQuiet(false)
		g.Play(1, "attack 2")
		if log, _ := g.Play(2, "attack 1"); log == nil {
			b.Fatal("the turn did not resolve")
		}
	}
}

// BenchmarkBotMove is one move of each level at the start of a round (a bot move must
// take under 10 ms, issue 25).
func BenchmarkBotMove(b *testing.B) {
	base := midRound(b)
	for _, level := range Levels() {
		bot, _ := NewBot(level, 1)
		b.Run(level, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if bot.Move(base, 1) == "" {
					b.Fatal("no move")
				}
			}
		})
	}
}
