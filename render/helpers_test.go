package render

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/kombat-game/kombat/game"
)

func exampleKinds(t testing.TB) []game.KindSpec {
	t.Helper()
	files, _ := filepath.Glob("../examples/*.kombat")
	sort.Strings(files)
	var kinds []game.KindSpec
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		k, err := game.KindFromFile(f, string(b))
		if err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, k)
	}
	return kinds
}

// playTo plays a seeded random auto game for n turns (or to its end) and returns it.
func playTo(t testing.TB, cfg game.Config, seed uint64, turns int) *game.Game {
	t.Helper()
	g, err := game.New(game.NewLanguage(), game.Setup{Config: cfg, Seed: seed, Mode: game.ModeSolitaire, Kinds: exampleKinds(t)})
	if err != nil {
		t.Fatal(err)
	}
	d := [2]game.Decider{
		game.RandomDecider{Rng: rand.New(rand.NewPCG(seed, 1))},
		game.RandomDecider{Rng: rand.New(rand.NewPCG(seed, 2))},
	}
	for p := 1; p <= 2; p++ {
		if err := game.PlayFreeSpawn(g, p, d[p-1]); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < turns && g.Phase() == game.PhasePlay; i++ {
		if _, err := game.PlayTurn(g, g.Current(), d[g.Current()-1]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func boardOf(g *game.Game, names [2]string) Board {
	last, _ := g.LastTurn()
	return Board{Snap: g.Snapshot(), Last: last, Names: names}
}

// checkTextGolden compares text with testdata/name, or with -update rewrites the file.
func checkTextGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("text differs from %s:\n%s", path, got)
	}
}
