package game

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// levelGames is how many games each pairing of TestLevels_Targets plays: half of them
// with each seat order.
const levelGames = 200

// levelRate plays games between levels a and b with the example kinds, a in seat 1 for
// the first half of the seeds and in seat 2 for the second, and returns the share a won
// (ties are not wins) and the longest turn either player took to decide.
func levelRate(t *testing.T, kinds []KindSpec, a, b string, games int) (float64, time.Duration) {
	t.Helper()
	lang := NewLanguage()
	wins := 0
	var slowest time.Duration
	for i := range games {
		seed := uint64(i/2 + 1)
		seat := 1 + i%2
		g, err := New(lang, Setup{Seed: seed, Mode: ModeAuto, Kinds: kinds})
		if err != nil {
			t.Fatal(err)
		}
		var d [2]Decider
		if d[seat-1], err = NewLevel(a, seed*2+1); err != nil {
			t.Fatal(err)
		}
		if d[2-seat], err = NewLevel(b, seed*2); err != nil {
			t.Fatal(err)
		}
		for p := 1; p <= 2; p++ {
			must(t, PlayFreeSpawn(g, p, d[p-1]))
		}
		for g.Phase() == PhasePlay {
			p := g.Current()
			start := time.Now()
			_, err := PlayTurn(g, p, d[p-1])
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			slowest = max(slowest, time.Since(start))
		}
		if g.Result().Winner == seat {
			wins++
		}
	}
	return float64(wins) / float64(games), slowest
}

// TestLevels_Targets measures the levels against each other and the reference players
// over levelGames games per pairing (both seat orders, the example kinds), prints the
// win rates, and holds them to the targets: easy wins 35% to 65% against
// greedy, normal at least 80% against greedy and 95% against random, hard at least
// 60% against normal. Too slow under the race detector or -short.
func TestLevels_Targets(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("plays 1,000 games")
	}
	kinds := exampleKinds(t)
	for _, c := range []struct {
		a, b     string
		low, top float64
	}{
		{"easy", "greedy", 0.35, 0.65},
		{"normal", "greedy", 0.80, 1},
		{"normal", "random", 0.95, 1},
		{"hard", "normal", 0.60, 1},
		{"hard", "greedy", 0, 1},
		{"easy", "random", 0, 1},
		{"greedy", "random", 0, 1},
	} {
		t.Run(c.a+"-vs-"+c.b, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			r, slowest := levelRate(t, kinds, c.a, c.b, levelGames)
			t.Logf("%s won %.1f%% of %d games against %s; slowest turn %v; %v a game",
				c.a, 100*r, levelGames, c.b, slowest.Round(time.Microsecond), (time.Since(start) / levelGames).Round(time.Microsecond))
			if r < c.low || r > c.top {
				t.Errorf("%s won %.1f%% against %s, want %.0f%% to %.0f%%", c.a, 100*r, c.b, 100*c.low, 100*c.top)
			}
		})
	}
}

// TestNewLevel: every name of Levels makes a player, the default among them; an unknown
// name is refused with the valid ones listed.
func TestNewLevel(t *testing.T) {
	if !slices.Contains(Levels(), DefaultLevel) {
		t.Fatalf("Levels() = %v lacks the default %q", Levels(), DefaultLevel)
	}
	for _, name := range Levels() {
		if d, err := NewLevel(name, 1); err != nil || d == nil {
			t.Errorf("NewLevel(%q): %v, %v", name, d, err)
		}
	}
	if _, ok := must2(NewLevel("normal", 1)).(*Bot); !ok {
		t.Error("normal is not today's bot")
	}
	_, err := NewLevel("expert", 1)
	if err == nil || !strings.Contains(err.Error(), "expert") || !strings.Contains(err.Error(), strings.Join(Levels(), ", ")) {
		t.Errorf("NewLevel(expert): %v, want an error naming it and listing %v", err, Levels())
	}
}

func must2(d Decider, err error) Decider {
	if err != nil {
		panic(err)
	}
	return d
}

// TestLevels_Deterministic: at every level, the same seeds give the same game, and a
// game rebuilt from its record half-way and played on by new players ends the same.
func TestLevels_Deterministic(t *testing.T) {
	kinds := exampleKinds(t)
	for _, name := range Levels() {
		setup := Setup{Seed: 9, Mode: ModeAuto, Kinds: kinds}
		players := func() [2]Decider {
			return [2]Decider{must2(NewLevel(name, 3)), must2(NewLevel(name, 4))}
		}
		g := newGame(t, setup)
		must(t, PlayOut(g, players()))
		rec := g.Record()
		again := newGame(t, setup)
		must(t, PlayOut(again, players()))
		if !reflect.DeepEqual(again.Record(), rec) {
			t.Fatalf("%s: two games with the same seeds differ", name)
		}
		other := newGame(t, setup)
		must(t, PlayOut(other, [2]Decider{must2(NewLevel(name, 5)), must2(NewLevel(name, 4))}))
		if name != "greedy" && reflect.DeepEqual(other.Record(), rec) {
			t.Errorf("%s: another seed played the same game", name)
		}
		for _, cut := range []int{1, len(rec.Decisions) / 2} {
			g := playedTo(t, rec, cut)
			must(t, PlayOut(g, players()))
			if !reflect.DeepEqual(g.Record(), rec) {
				t.Errorf("%s: a game resumed at decision %d with new players went differently", name, cut)
			}
		}
	}
}

// TestLevels_PlayLegally: every level, against every other, also with tiny budgets,
// few spawns and free hexes, makes only legal decisions.
func TestLevels_PlayLegally(t *testing.T) {
	kinds := cloneKinds(t)
	for i, a := range Levels() {
		for j, b := range Levels() {
			seed := uint64(10*i + j + 1)
			cfg := DefaultConfig()
			cfg.MaxTurns = 20
			switch seed % 3 {
			case 1:
				cfg.InitBudget, cfg.TurnBudget, cfg.MaxSpawns, cfg.HexPurchaseCost = 150, 20, 4, 60
			case 2:
				cfg.HexPurchaseCost, cfg.SpawnCost, cfg.MaxSpawns = 0, 0, 2
			}
			set := kinds[:1+int(seed)%len(kinds)]
			g := newGame(t, Setup{Config: cfg, Seed: seed, Mode: ModeAuto, Kinds: set})
			if err := PlayOut(g, [2]Decider{must2(NewLevel(a, seed)), must2(NewLevel(b, seed+1))}); err != nil {
				t.Errorf("%s against %s: %v", a, b, err)
			}
		}
	}
}
