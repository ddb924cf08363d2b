package game

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
)

// Decider makes a seat's decisions: the free spawn, then each turn an optional hex
// purchase followed by an optional spawn. It must only propose legal choices
// (FreeSpawnOptions, BuyOptions, SpawnOptions, affordable); ok false means none.
type Decider interface {
	FreeSpawn(g *Game, p int) (kind int, at Hex)
	Buy(g *Game, p int) (at Hex, ok bool)
	Spawn(g *Game, p int) (kind int, at Hex, ok bool)
}

// PlayFreeSpawn makes player p's free spawn with d.
func PlayFreeSpawn(g *Game, p int, d Decider) error {
	k, at := d.FreeSpawn(g, p)
	return g.FreeSpawn(p, k, at)
}

// PlayTurn plays player p's whole turn with d: purchase, spawn, then the minions.
func PlayTurn(g *Game, p int, d Decider) (TurnLog, error) {
	if at, ok := d.Buy(g, p); ok {
		if err := g.Buy(p, at); err != nil {
			return TurnLog{}, fmt.Errorf("player %d's decider: %w", p, err)
		}
	}
	if k, at, ok := d.Spawn(g, p); ok {
		if err := g.Spawn(p, k, at); err != nil {
			return TurnLog{}, fmt.Errorf("player %d's decider: %w", p, err)
		}
	}
	return g.EndTurn(p)
}

// PlayOut plays a game from wherever it is to the end with a decider per seat.
func PlayOut(g *Game, d [2]Decider) error {
	for p := 1; p <= 2; p++ {
		if g.Phase() == PhaseSetup && len(g.FreeSpawnOptions(p)) > 0 {
			if err := PlayFreeSpawn(g, p, d[p-1]); err != nil {
				return err
			}
		}
	}
	for g.Phase() == PhasePlay {
		p := g.Current()
		if _, err := PlayTurn(g, p, d[p-1]); err != nil {
			return err
		}
	}
	return nil
}

// RandomDecider picks uniformly among the legal choices, "none" included: the
// baseline the bot must beat.
type RandomDecider struct{ Rng *rand.Rand }

// FreeSpawn picks a kind and a hex at random.
func (r RandomDecider) FreeSpawn(g *Game, p int) (int, Hex) {
	opts := g.FreeSpawnOptions(p)
	return r.Rng.IntN(len(g.kinds)), opts[r.Rng.IntN(len(opts))]
}

// Buy picks one affordable buyable hex, or none, uniformly.
func (r RandomDecider) Buy(g *Game, p int) (Hex, bool) {
	if g.player(p).budget < float64(g.setup.Config.HexPurchaseCost) {
		return Hex{}, false
	}
	opts := g.BuyOptions(p)
	i := r.Rng.IntN(len(opts) + 1)
	if i == len(opts) {
		return Hex{}, false
	}
	return opts[i], true
}

// Spawn picks one (kind, hex) spawn, or none, uniformly.
func (r RandomDecider) Spawn(g *Game, p int) (int, Hex, bool) {
	if g.player(p).budget < float64(g.setup.Config.SpawnCost) {
		return 0, Hex{}, false
	}
	opts := g.SpawnOptions(p)
	n := len(opts) * len(g.kinds)
	i := r.Rng.IntN(n + 1)
	if i == n {
		return 0, Hex{}, false
	}
	return i % len(g.kinds), opts[i/len(g.kinds)], true
}

// KindFromFile makes a kind from a strategy file. The file's first comment lines (its
// header, before any code) may name the kind and give its defense factor, in any
// order: "# name: Sniper", "# defense: 7". Without a name line the kind is named after
// the file (without its extension); without a defense line its defense is 0. A name or
// defense line after the header, where it would be ignored, is an error that says to
// move it, as is a bad value; errors name the file and the line.
func KindFromFile(path, text string) (KindSpec, error) {
	k := KindSpec{Name: strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), Strategy: text}
	if err := readKindHeader(path, text, &k); err != nil {
		return k, err
	}
	return k, CheckKindName(k.Name)
}

// CheckKindHeader applies KindFromFile's rules for a file's "# name:" and "# defense:"
// lines and nothing else: kombat check holds a file to the same rule as play and sim,
// but judges no name taken from a file's name (standard input has none).
func CheckKindHeader(path, text string) error {
	return readKindHeader(path, text, &KindSpec{})
}

// readKindHeader sets k's name and defense from text's header lines, as KindFromFile
// describes.
func readKindHeader(path, text string, k *KindSpec) error {
	header := true
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		trimmed := strings.TrimSpace(line)
		rest, comment := strings.CutPrefix(trimmed, "#")
		if !comment {
			if trimmed != "" {
				header = false // code: the header is over
			}
			continue
		}
		key, value, ok := strings.Cut(strings.TrimSpace(rest), ":")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok || key != "name" && key != "defense" {
			continue // an ordinary comment
		}
		value = strings.TrimSpace(value)
		if !header {
			return fmt.Errorf("%s:%d: the %q line comes after the strategy's first line of code, where it would be ignored: move it to the comment lines at the top", path, n, "# "+key+":")
		}
		if first, dup := seen[key]; dup {
			return fmt.Errorf("%s:%d: a second %q line (the first is on line %d): keep one", path, n, "# "+key+":", first)
		}
		seen[key] = n
		switch key {
		case "name":
			if err := CheckKindName(value); err != nil {
				return fmt.Errorf("%s:%d: %w", path, n, err)
			}
			k.Name = value
		case "defense":
			d, err := strconv.ParseInt(value, 10, 64)
			if err != nil || d < 0 {
				return fmt.Errorf("%s:%d: defense must be a whole number, 0 or more, got %q", path, n, value)
			}
			k.Defense = d
		}
	}
	return nil
}
