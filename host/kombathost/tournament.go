package kombathost

import (
	"fmt"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

// Tournaments are round robins of bot-versus-bot games: every pairing of entrants
// plays from both seats with several seeds, each side fielding only its own kinds
// (game.NewBotOf). The whole state, results included, is one value stored after
// every game, so a restart resumes the run where it stopped.

// Tournament limits.
const (
	MaxEntrants   = 12 // 66 pairings; with 2 seeds, 264 games
	MaxEntryKinds = 2  // kinds per entrant: a game has both sides' kinds, and R5 allows 5
	DefaultSeeds  = 2  // games per pairing and seat unless the organiser says otherwise
)

// Tournament is a tournament's state as stored (JSON): changing a field's tag strands
// the tournaments of a running bot.
type Tournament struct {
	Seeds    int          `json:"seeds"`  // games per pairing and seat
	Config   StoredConfig `json:"config"` // of every game
	Seed     uint64       `json:"seed"`   // the games' seeds follow from it
	Entrants []Entrant    `json:"entrants"`
	Games    []Match      `json:"games,omitempty"` // the schedule, made at the start
	Posted   int          `json:"posted"`          // pairings whose result has been posted
}

// Entrant is one registered player with the kinds they bring.
type Entrant struct {
	User  string          `json:"user"` // the chat's user id
	Name  string          `json:"name"` // display name at registration
	Kinds []game.KindSpec `json:"kinds"`
}

// Match is one scheduled game: entrant A (an index into Entrants) in seat 1 against
// B in seat 2, and its result once played.
type Match struct {
	A      int    `json:"a"`
	B      int    `json:"b"`
	Seed   uint64 `json:"seed"`
	Played bool   `json:"played"`
	Winner int    `json:"winner"` // 1 (A), 2 (B) or 0 for a tie
	Turns  int    `json:"turns"`
}

// Schedule is the round robin of n entrants: every pair, from both seats, seeds times
// each, a pairing's games next to each other (so a pairing's result can be told as
// soon as its games are played). Each game's seed follows from seed and its place.
func Schedule(n, seeds int, seed uint64) []Match {
	var out []Match
	for a := 0; a < n; a++ {
		for c := a + 1; c < n; c++ {
			for s := 0; s < seeds; s++ {
				for _, g := range []Match{{A: a, B: c}, {A: c, B: a}} {
					g.Seed = seed ^ uint64(len(out)+1)*0x9e3779b97f4a7c15
					out = append(out, g)
				}
			}
		}
	}
	return out
}

// Progress is how many of the scheduled games have been played, and of how many.
func (t *Tournament) Progress() (played, total int) {
	for _, g := range t.Games {
		if g.Played {
			played++
		}
	}
	return played, len(t.Games)
}

// Next is the index of the next game to play, in schedule order, or -1 when all
// are played: games run in order, so a resumed run picks up where it stopped.
func (t *Tournament) Next() int {
	for i, g := range t.Games {
		if !g.Played {
			return i
		}
	}
	return -1
}

// PairingScore is the result of one pairing's games: entrants X and Y (X < Y), the
// games each won, and the ties.
type PairingScore struct {
	X, Y         int
	WinsX, WinsY int
	Ties         int
}

// Pairing is the result of the i-th pairing of the schedule (0-based), once all its
// games are played; ok is false before, or when there is no such pairing.
func (t *Tournament) Pairing(i int) (s PairingScore, ok bool) {
	per := 2 * t.Seeds
	if i < 0 || per <= 0 || i*per+per > len(t.Games) {
		return s, false
	}
	games := t.Games[i*per : i*per+per]
	for _, g := range games {
		if !g.Played {
			return s, false
		}
	}
	s.X, s.Y = min(games[0].A, games[0].B), max(games[0].A, games[0].B)
	for _, g := range games {
		switch {
		case g.Winner == 0:
			s.Ties++
		case (g.Winner == 1) == (g.A == s.X):
			s.WinsX++
		default:
			s.WinsY++
		}
	}
	return s, true
}

// PairingKinds is the kinds of a game between entrants a (seat 1) and c (seat 2),
// with names made unique (a clash gets "-2", "-3", ... within the 20 characters), and
// which of them each side fields.
func PairingKinds(a, c Entrant) ([]game.KindSpec, [2][]int) {
	var kinds []game.KindSpec
	var own [2][]int
	taken := map[string]bool{}
	for side, e := range []Entrant{a, c} {
		for _, k := range e.Kinds {
			name := k.Name
			for n := 2; taken[strings.ToLower(name)]; n++ {
				suffix := fmt.Sprintf("-%d", n)
				base := []rune(k.Name)
				name = string(base[:min(len(base), 20-len(suffix))]) + suffix
			}
			taken[strings.ToLower(name)] = true
			own[side] = append(own[side], len(kinds))
			kinds = append(kinds, game.KindSpec{Name: name, Defense: k.Defense, Strategy: k.Strategy})
		}
	}
	return kinds, own
}

// Play plays one scheduled game of t to its end and returns it with its result. stop,
// when raised, interrupts it with game.ErrStopped; the game is then played again
// from the start, as nothing of it was stored.
func (t *Tournament) Play(lang *interp.Language, m Match, stop *atomic.Bool) (Match, error) {
	// A configuration stored above today's bounds was lowered when read (UnmarshalText).
	kinds, own := PairingKinds(t.Entrants[m.A], t.Entrants[m.B])
	eng, err := game.New(lang, game.Setup{Config: t.Config.Config, Seed: m.Seed, Mode: game.ModeAuto, Kinds: kinds})
	if err != nil {
		return m, err
	}
	eng.SetStop(stop)
	if err := game.PlayOut(eng, [2]game.Decider{game.NewBotOf(m.Seed, own[0]), game.NewBotOf(m.Seed^1, own[1])}); err != nil {
		return m, err
	}
	m.Played, m.Winner, m.Turns = true, eng.Result().Winner, eng.Turns()
	return m, nil
}

// Standing is one entrant's line in the standings.
type Standing struct {
	Entrant int      // index into the tournament's Entrants
	Name    string   // the entrant's display name
	Kinds   []string // the names of the kinds they brought
	Played  int
	Won     int
	Lost    int
	Tied    int
	Points  float64 // 1 a win, ½ a tie
}

// Standings ranks the entrants by the games played so far: points, then wins, then
// name; entrants equal in all three keep their registration order.
func (t *Tournament) Standings() []Standing {
	rows := make([]Standing, len(t.Entrants))
	for i, e := range t.Entrants {
		rows[i] = Standing{Entrant: i, Name: e.Name}
		for _, k := range e.Kinds {
			rows[i].Kinds = append(rows[i].Kinds, k.Name)
		}
	}
	for _, g := range t.Games {
		if !g.Played {
			continue
		}
		for side, e := range []int{g.A, g.B} {
			r := &rows[e]
			r.Played++
			switch g.Winner {
			case 0:
				r.Tied++
				r.Points += 0.5
			case side + 1:
				r.Won++
				r.Points++
			default:
				r.Lost++
			}
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].Points != rows[j].Points {
			return rows[i].Points > rows[j].Points
		}
		if rows[i].Won != rows[j].Won {
			return rows[i].Won > rows[j].Won
		}
		return rows[i].Name < rows[j].Name
	})
	return rows
}

// StoredConfig is a configuration kept in stored JSON state as its file text, the
// form every stored configuration has.
type StoredConfig struct{ game.Config }

// MarshalText writes the configuration's file text.
func (c StoredConfig) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads stored text as game.ParseStoredConfig does: a value above
// today's bounds, stored by an older version, is lowered to the bound.
func (c *StoredConfig) UnmarshalText(text []byte) error {
	cfg, _, err := game.ParseStoredConfig(string(text))
	c.Config = cfg
	return err
}
