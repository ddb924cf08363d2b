package upbeat

import "time"

// Snapshot is a read-only copy of a game at one moment: what an image, a status line
// or a viewer needs, detached from the live Game so that it can be drawn beside play
// without locks. Its slices are its own.
type Snapshot struct {
	Config    Config
	Territory Territory
	Owners    []uint8   // per region in row order, then column order: 0 for none, else the player
	Deposits  []float64 // per region, in the same order
	Players   []PlayerView
	Current   int // the player whose turn is open; 0 once the game is over
	Turns     int // turns played, all players together
	Over      bool
	Winner    int // once over: the winner, or 0 for a tie
}

// PlayerView is one seat in a Snapshot.
type PlayerView struct {
	Budget    int64
	Center    Region
	Turn      int64 // the number of the player's open or next turn (U2)
	Alive     bool
	Clock     time.Duration // revision time left (U20)
	CanRevise bool          // the clock still runs (U20)
	Regions   int           // regions owned
	Total     float64       // the owned regions' deposits, summed in row order (U22a)
}

// Snapshot copies the game's state.
func (g *Game) Snapshot() Snapshot {
	s := Snapshot{
		Config: g.cfg, Territory: g.terr,
		Owners:   append([]uint8(nil), g.owner...),
		Deposits: append([]float64(nil), g.dep...),
		Players:  make([]PlayerView, len(g.players)),
		Current:  g.cur, Turns: g.turns, Over: g.over, Winner: g.winner,
	}
	for i, pl := range g.players {
		s.Players[i] = PlayerView{Budget: pl.budget, Center: pl.center, Turn: pl.turn, Alive: pl.alive,
			Clock: pl.clock, CanRevise: !pl.spent}
	}
	for i, o := range g.owner {
		if o != 0 {
			s.Players[o-1].Regions++
			s.Players[o-1].Total += g.dep[i]
		}
	}
	return s
}

// Owner is the player owning r, or 0 (also off the territory).
func (s Snapshot) Owner(r Region) int {
	if !s.Territory.Has(r) {
		return 0
	}
	return int(s.Owners[s.Territory.index(r)])
}

// Deposit is r's deposit (0 off the territory).
func (s Snapshot) Deposit(r Region) float64 {
	if !s.Territory.Has(r) {
		return 0
	}
	return s.Deposits[s.Territory.index(r)]
}
