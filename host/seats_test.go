package host

import (
	"testing"

	"github.com/kombat-game/kombat/game"
)

// TestSeatsBotsPlayUntilAPersonActs: after the bots' free spawns and the person's, the
// bots play on only while it is their turn, and never the person's turn.
func TestSeatsBotsPlayUntilAPersonActs(t *testing.T) {
	lang := game.NewLanguage()
	for _, human := range []int{1, 2} {
		g, err := game.New(lang, game.Setup{Config: game.DefaultConfig(), Seed: 7, Mode: game.ModeSolitaire, HumanSeat: human,
			Kinds: []game.KindSpec{{Name: "idle", Strategy: "done"}}})
		if err != nil {
			t.Fatal(err)
		}
		var seats [2]bool
		seats[human-1] = true
		s := NewSeats(g, seats, 7)
		if err := s.BotFreeSpawns(); err != nil {
			t.Fatal(err)
		}
		if s.BotToMove() != 0 {
			t.Fatalf("human %d: a bot moves during setup", human)
		}
		if err := g.FreeSpawn(human, 0, g.FreeSpawnOptions(human)[0]); err != nil {
			t.Fatal(err)
		}
		for range 3 {
			for s.BotToMove() != 0 {
				p, _, err := s.BotTurn()
				if err != nil || p == human {
					t.Fatalf("human %d: bot turn of seat %d: %v", human, p, err)
				}
			}
			if g.Current() != human {
				t.Fatalf("human %d: bots stopped with seat %d to move", human, g.Current())
			}
			if _, err := g.EndTurn(human); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestBotSeedIsStable: a restarted host must seat the same bots (stored games replay).
func TestBotSeedIsStable(t *testing.T) {
	if BotSeed(1, 1) == BotSeed(1, 2) || BotSeed(1, 1) != 1^0x9e3779b97f4a7c15 {
		t.Fatal("BotSeed changed: stored solitaire games would play on differently")
	}
}
