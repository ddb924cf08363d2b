package cli

import (
	"fmt"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

// idle is the opponent that does nothing: its free spawn is a minion whose strategy
// is "done", and it never buys or spawns again.
type idle struct{ kind int }

func (d idle) FreeSpawn(g *game.Game, p int) (int, game.Hex) { return d.kind, g.FreeSpawnOptions(p)[0] }
func (idle) Buy(*game.Game, int) (game.Hex, bool)            { return game.Hex{}, false }
func (idle) Spawn(*game.Game, int) (int, game.Hex, bool)     { return 0, game.Hex{}, false }

// TestExamples: every shipped example compiles without warnings and, played by the
// bot, beats an opponent that does nothing, from either seat, with the spec's sample
// configuration.
func TestExamples(t *testing.T) {
	kinds, err := exampleKinds()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, k := range kinds {
		names = append(names, k.Name)
	}
	if fmt.Sprint(names) != "[rusher shooter spreader]" {
		t.Fatalf("examples %v; the README and kombat play promise a rusher, a shooter and a spreader", names)
	}
	lang := game.NewLanguage()
	for _, k := range kinds {
		t.Run(k.Name, func(t *testing.T) {
			prog, err := interp.Compile(lang, k.Name, k.Strategy)
			if err != nil {
				t.Fatal(err)
			}
			if w := prog.Warnings(); len(w) > 0 {
				t.Errorf("warnings: %v", w)
			}
			for seat := 1; seat <= 2; seat++ {
				for seed := uint64(1); seed <= 3; seed++ {
					setup := game.Setup{Config: game.DefaultConfig(), Seed: seed, Mode: game.ModeAuto,
						Kinds: []game.KindSpec{k, {Name: "idler", Strategy: "done"}}}
					g, err := game.New(lang, setup)
					if err != nil {
						t.Fatal(err)
					}
					var d [2]game.Decider
					d[seat-1], d[2-seat] = game.NewBotOf(seed, []int{0}), idle{kind: 1}
					if err := game.PlayOut(g, d); err != nil {
						t.Fatal(err)
					}
					if r := g.Result(); r.Winner != seat {
						t.Errorf("seat %d, seed %d: %v after %d turns", seat, seed, r, g.Turns())
					} else {
						t.Logf("seat %d, seed %d: %v after %d turns", seat, seed, r, g.Turns())
					}
				}
			}
		})
	}
}
