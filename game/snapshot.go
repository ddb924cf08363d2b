package game

import "math"

// Snapshot is a read-only picture of a game for drawing and summaries: plain values,
// sharing nothing with the live game.
type Snapshot struct {
	Mode    Mode          `json:"mode"`
	Phase   Phase         `json:"phase"`
	Config  Config        `json:"config"`
	Current int           `json:"current"` // player to act, 0 outside play
	Players [2]PlayerView `json:"players"`
	Kinds   []KindView    `json:"kinds"`
	Minions []MinionView  `json:"minions"` // alive, oldest first
	Buyable []Hex         `json:"buyable"` // hexes the current player could buy now
	Result  *Result       `json:"result,omitempty"`
}

// PlayerView is one player's numbers.
type PlayerView struct {
	Budget     float64          `json:"budget"`
	Turn       int              `json:"turn"`     // turns started (the current one included)
	Interest   float64          `json:"interest"` // r of R8 for the budget now and this turn number, percent
	SpawnsLeft int64            `json:"spawns_left"`
	Spawnable  []Hex            `json:"spawnable"`
	Minions    int              `json:"minions"`
	HP         int64            `json:"hp"` // HP sum, saturating at the int64 maximum
	Bot        bool             `json:"bot"`
	Globals    map[string]int64 `json:"globals,omitempty"`
}

// KindView is a minion kind as shown to players.
type KindView struct {
	Name     string `json:"name"`
	Defense  int64  `json:"defense"`
	Strategy string `json:"strategy"`
}

// MinionView is one minion on the board.
type MinionView struct {
	ID      int              `json:"id"`
	Owner   int              `json:"owner"`
	Kind    int              `json:"kind"` // 0-based index into Kinds
	Hex     Hex              `json:"at"`
	HP      int64            `json:"hp"`
	Defense int64            `json:"defense"`
	Locals  map[string]int64 `json:"locals,omitempty"`
}

// Snapshot takes a picture of the game now.
func (g *Game) Snapshot() Snapshot {
	s := Snapshot{Mode: g.setup.Mode, Phase: g.phase, Config: g.setup.Config, Current: g.Current(), Result: g.Result()}
	for _, k := range g.kinds {
		s.Kinds = append(s.Kinds, KindView{Name: k.Name, Defense: k.Defense, Strategy: k.Strategy})
	}
	for p := 1; p <= 2; p++ {
		pl := g.player(p)
		v := PlayerView{Budget: pl.budget, Turn: pl.turns, SpawnsLeft: g.setup.Config.MaxSpawns - pl.spawnsUsed,
			Spawnable: pl.spawnable.list(), Bot: g.IsBot(p)}
		if pl.budget >= 1 && pl.turns > 0 {
			v.Interest = interestRate(g.setup.Config.InterestPct, pl.budget, pl.turns)
		}
		if len(g.globalNames) > 0 {
			v.Globals = map[string]int64{}
			for i, n := range g.globalNames {
				v.Globals[n] = pl.globals[i]
			}
		}
		s.Players[p-1] = v
	}
	for _, m := range g.minions {
		if m.dead {
			continue
		}
		mv := MinionView{ID: m.id, Owner: m.owner, Kind: m.kind, Hex: m.hex, HP: m.hp, Defense: g.kinds[m.kind].Defense}
		if names := g.kinds[m.kind].prog.Locals(); len(names) > 0 {
			mv.Locals = make(map[string]int64, len(names))
			for i, n := range names {
				mv.Locals[n] = m.locals[i]
			}
		}
		s.Minions = append(s.Minions, mv)
		pv := &s.Players[m.owner-1]
		pv.Minions++
		if pv.HP > math.MaxInt64-m.hp {
			pv.HP = math.MaxInt64
		} else {
			pv.HP += m.hp
		}
	}
	if s.Current != 0 {
		s.Buyable = g.BuyOptions(s.Current)
	}
	return s
}
