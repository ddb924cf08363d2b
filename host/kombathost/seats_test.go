package kombathost

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
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
	if host.BotSeed(1, 1) == host.BotSeed(1, 2) || host.BotSeed(1, 1) != 1^0x9e3779b97f4a7c15 {
		t.Fatal("BotSeed changed: stored solitaire games would play on differently")
	}
}

// TestSeatsWithLevels: each seat gets the level asked for, seeded with BotSeed as the
// default one is; no level means normal, and an unknown one is refused with the valid
// ones listed.
func TestSeatsWithLevels(t *testing.T) {
	lang := game.NewLanguage()
	kinds := []game.KindSpec{{Name: "idle", Strategy: "done"}}
	play := func(levels [2]string) game.Record {
		g, err := game.New(lang, game.Setup{Config: game.DefaultConfig(), Seed: 7, Mode: game.ModeAuto, Kinds: kinds})
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewSeatsWithLevels(g, [2]bool{}, 7, levels)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.PlayOut(g, [2]game.Decider{s.Bot(1), s.Bot(2)}); err != nil {
			t.Fatal(err)
		}
		return g.Record()
	}
	if _, ok := mustSeats(t)(NewSeatsWithLevels(nil, [2]bool{}, 7, [2]string{"", "normal"})).Bot(1).(*game.Bot); !ok {
		t.Error("no level did not seat the normal bot")
	}
	s := mustSeats(t)(NewSeatsWithLevels(nil, [2]bool{}, 7, [2]string{"greedy", "random"}))
	if _, ok := s.Bot(1).(game.Greedy); !ok {
		t.Errorf("seat 1 has %T, want greedy", s.Bot(1))
	}
	if r, ok := s.Bot(2).(game.Random); !ok || r.Seed != host.BotSeed(7, 2) {
		t.Errorf("seat 2 has %#v, want random seeded with host.BotSeed(7, 2)", s.Bot(2))
	}
	if a, b := play([2]string{"easy", "random"}), play([2]string{"easy", "random"}); !reflect.DeepEqual(a, b) {
		t.Error("the same levels and seed played differently")
	}
	_, err := NewSeatsWithLevels(nil, [2]bool{}, 7, [2]string{"normal", "expert"})
	if err == nil || !strings.Contains(err.Error(), "expert") || !strings.Contains(err.Error(), "easy, normal, hard") {
		t.Errorf("an unknown level: %v, want an error listing the levels", err)
	}
}

// mustSeats fails t on an error making seats.
func mustSeats(t *testing.T) func(*Seats, error) *Seats {
	return func(s *Seats, err error) *Seats {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}
