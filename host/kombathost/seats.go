package kombathost

import (
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
)

// Seats is a game's engine with who sits in each seat: a person, or the built-in bot.
// It holds the one order of play every front end follows: the bots make their free
// spawns when the kinds are fixed, and after anyone's turn the bots play on until a
// person is to act or the game is over. The chat host and the terminal both play
// through it, so neither keeps its own copy of that order.
type Seats struct {
	Eng    *game.Game
	human  [2]bool
	seed   uint64
	levels [2]game.Decider
}

// NewSeats seats people where human is true and bots of the default level elsewhere. The bots are seeded
// from seed (the game's), so a game rebuilt from its record plays on as before.
func NewSeats(g *game.Game, human [2]bool, seed uint64) *Seats {
	return &Seats{Eng: g, human: human, seed: seed}
}

// NewSeatsWithLevels is NewSeats with the level (one of game.Levels; "" for the
// default) of each seat's bot; it refuses an unknown level.
func NewSeatsWithLevels(g *game.Game, human [2]bool, seed uint64, levels [2]string) (*Seats, error) {
	s := NewSeats(g, human, seed)
	for i, l := range levels {
		if l != "" {
			d, err := game.NewLevel(l, host.BotSeed(seed, i+1))
			if err != nil {
				return nil, err
			}
			s.levels[i] = d
		}
	}
	return s, nil
}

// Human reports whether seat p (1 or 2) is played by a person.
func (s *Seats) Human(p int) bool { return p >= 1 && p <= 2 && s.human[p-1] }

// Bot is the built-in player of seat p, made on first use.
func (s *Seats) Bot(p int) game.Decider {
	if s.levels[p-1] == nil {
		s.levels[p-1] = game.NewBot(host.BotSeed(s.seed, p)) // the default level, normal
	}
	return s.levels[p-1]
}

// BotFreeSpawns makes the free spawns of the bots' seats (setup).
func (s *Seats) BotFreeSpawns() error {
	for p := 1; p <= 2; p++ {
		if !s.Human(p) && len(s.Eng.FreeSpawnOptions(p)) > 0 {
			if err := game.PlayFreeSpawn(s.Eng, p, s.Bot(p)); err != nil {
				return err
			}
		}
	}
	return nil
}

// BotToMove is the seat whose bot is to play a turn now, or 0 when a person is to act,
// the game is still in setup, or it is over.
func (s *Seats) BotToMove() int {
	g := s.Eng
	if g.Result() != nil || g.Phase() != game.PhasePlay {
		return 0
	}
	if p := g.Current(); p != 0 && !s.Human(p) {
		return p
	}
	return 0
}

// BotTurn plays the whole turn of the bot to move (BotToMove must not be 0). On an
// error the engine may hold half a turn: rebuild it from the record.
func (s *Seats) BotTurn() (int, game.TurnLog, error) {
	p := s.BotToMove()
	log, err := game.PlayTurn(s.Eng, p, s.Bot(p))
	return p, log, err
}
