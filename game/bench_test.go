package game

import (
	"os"
	"testing"
)

// saved is the mutable state of a game, enough to replay one turn over and over.
type saved struct {
	players  [2]player
	globals  [2][]int64
	minions  []minion
	locals   [][]int64
	pcg      []byte
	turn     TurnLog
	current  int
	decision int
}

func save(g *Game) saved {
	s := saved{players: g.players, current: g.current, turn: g.turn, decision: len(g.decisions)}
	for p := range g.players {
		s.globals[p] = append([]int64(nil), g.players[p].globals...)
	}
	for _, m := range g.minions {
		s.minions = append(s.minions, *m)
		s.locals = append(s.locals, append([]int64(nil), m.locals...))
	}
	s.pcg, _ = g.pcg.MarshalBinary()
	return s
}

func (s saved) restore(g *Game) {
	g.players, g.current, g.turn, g.phase, g.result = s.players, s.current, s.turn, PhasePlay, nil
	g.version++ // the board changes under the info cache
	for p := range g.players {
		g.players[p].globals = append(g.players[p].globals[:0], s.globals[p]...)
	}
	g.board = [Rows * Cols]*minion{}
	g.minions = g.minions[:0]
	for i := range s.minions {
		m := s.minions[i]
		m.locals = append([]int64(nil), s.locals[i]...)
		g.minions = append(g.minions, &m)
		g.board[m.hex.index()] = &m
	}
	g.decisions = g.decisions[:s.decision]
	g.log = g.log[:0]
	_ = g.pcg.UnmarshalBinary(s.pcg)
}

// BenchmarkTurn20Minions plays one turn of a player with 10 minions (20 on the board),
// all running the example strategies, from the same position every time.
func BenchmarkTurn20Minions(b *testing.B) {
	cfg := DefaultConfig()
	cfg.MaxSpawns = 10
	g := newGame(b, Setup{Config: cfg, Seed: 4, Mode: ModeAuto, Kinds: exampleKinds(b)})
	d := randomDeciders(4)
	for i := 0; i < 2; i++ {
		if err := PlayFreeSpawn(g, i+1, d[i]); err != nil {
			b.Fatal(err)
		}
	}
	// Spawn until both sides have 10 minions, ending turns without letting anyone die:
	// build the position by hand instead of playing.
	for p := 1; p <= 2; p++ {
		for _, h := range Neighbourhood(StartArea(p)[0], 3) {
			if len(g.minionsOf(p)) == 10 {
				break
			}
			if g.at(h) == nil {
				g.addMinion(p, len(g.minionsOf(p))%len(g.kinds), h)
			}
		}
	}
	if len(g.minions) != 20 {
		b.Fatalf("%d minions", len(g.minions))
	}
	start := save(g)
	b.ReportAllocs()
	for b.Loop() {
		start.restore(g)
		if _, err := g.EndTurn(1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAutoGameSample plays a whole auto game (69 turns each) with the spec's
// corrected sample strategy as the only kind.
func BenchmarkAutoGameSample(b *testing.B) {
	src, err := os.ReadFile("../interp/testdata/strategies/sample.kombat")
	if err != nil {
		b.Fatal(err)
	}
	kinds := []KindSpec{{Name: "sample", Defense: 5, Strategy: string(src)}}
	lang := NewLanguage()
	seed := uint64(0)
	turns := 0
	b.ReportAllocs()
	for b.Loop() {
		seed++
		g, err := New(lang, Setup{Seed: seed, Mode: ModeAuto, Kinds: kinds})
		if err != nil {
			b.Fatal(err)
		}
		if err := PlayOut(g, benchDeciders(seed)); err != nil {
			b.Fatal(err)
		}
		turns += g.Turns()
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkReplayGame rebuilds a finished 69-turn game from its record: what loading a
// stored game costs, since the store keeps decisions, not snapshots.
func BenchmarkReplayGame(b *testing.B) {
	g := newGame(b, Setup{Seed: 2, Mode: ModeAuto, Kinds: exampleKinds(b)})
	if err := PlayOut(g, randomDeciders(2)); err != nil {
		b.Fatal(err)
	}
	rec := g.Record()
	lang := NewLanguage()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Replay(lang, rec); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(g.Turns()), "turns")
}
