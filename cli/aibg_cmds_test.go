package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAibg_ThroughTheRegistry: AIBG is one entry of tools, and each of its commands
// answers through Run as the other games' do: try plays the scenario (named
// by its "game", no flag) in format 1, sim plays matches (the same seed the same ones),
// check reads the roster and catalog and tells every mistake at its line (an
// unreadable file, or none, is a usage error), and play starts a match against the bot
// (and, at once out of input, says the match is left unfinished).
func TestAibg_ThroughTheRegistry(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "roster.txt")
	if err := os.WriteFile(bad, []byte("Tide element=water attack=melee speed=x health=100 damage=30\nBad element=air\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badItems := filepath.Join(dir, "catalog.txt")
	if err := os.WriteFile(badItems, []byte("Rock cost=20 effect=damage element=nature value=10\nFog cost=4 effect=domain element=water\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noEffects := filepath.Join(dir, "items.txt")
	if err := os.WriteFile(noEffects, []byte("Rock cost=2 element=nature value=10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var sim strings.Builder
	if code := Run([]string{"sim", "--game", "aibg", "--seed", "5", "--games", "3", "--player1", "easy"}, strings.NewReader(""), &sim, io.Discard); code != 0 {
		t.Fatalf("sim: exit %d", code)
	}
	simSeed5, _, _ := strings.Cut(sim.String(), "3 matches:") // the lines of the matches, without the time taken
	if strings.Count(simSeed5, "\n") != 3 || !strings.Contains(simSeed5, "match 3 (seed 7): ") {
		t.Fatalf("sim printed %q", sim.String())
	}
	for _, c := range []struct {
		name     string
		args     []string
		code     int
		out, err []string
	}{
		{"try", []string{"try", "../aibg/testdata/issue.json"}, 0,
			[]string{`"format": 1`, `"game": "aibg"`, `"type": "damage"`, `"max_health": 100`, `"winner": null`}, nil},
		{"sim", []string{"sim", "--game", "aibg", "--games", "2", "--player1", "hard"}, 0,
			[]string{"match 1 (seed 1): ", "match 2 (seed 2): ", "2 matches: player 1 (hard) won "}, nil},
		{"sim, a bad level", []string{"sim", "--game", "aibg", "--player2", "godlike"}, 2, nil, []string{"--player2: "}},
		{"check, the built-in files", []string{"check", "--game", "aibg", "../aibg/roster.txt", "../aibg/catalog.txt"}, 0,
			[]string{"roster.txt: 12 creature types, no mistakes.", "catalog.txt: 23 items, no mistakes."}, nil},
		{"check, every mistake at its line", []string{"check", "--game", "aibg", bad}, 1,
			[]string{bad + ":1: speed=x is not a whole number\n", bad + ":2: element is water, fire or nature, got \"air\"", bad + ":2: attack is missing: melee, ranged or aoe"}, nil},
		{"check, a catalog's mistakes", []string{"check", "--game", "aibg", badItems}, 1,
			[]string{badItems + ":1: cost is from 0 to 11 atoms", badItems + ":2: a domain gives multiplier or each_turn, exactly one of them"}, nil},
		{"check, a catalog without effects", []string{"check", "--game", "aibg", noEffects}, 1,
			[]string{noEffects + `:1: effect is upgrade, damage, heal or domain, got ""`}, nil},
		{"check, one file good and one missing", []string{"check", "--game", "aibg", "-q", "../aibg/catalog.txt", filepath.Join(dir, "none.txt")}, 2,
			nil, []string{"none.txt: no such file"}},
		{"check, no file", []string{"check", "--game", "aibg"}, 2, nil, []string{"usage: kombat check --game aibg"}},
		{"sim, no matches", []string{"sim", "--game", "aibg", "--games", "0"}, 2, nil, []string{"--games at least 1 (got 0)"}},
		{"sim, the same seed the same matches", []string{"sim", "--game", "aibg", "--seed", "5", "--games", "3", "--player1", "easy"}, 0,
			[]string{simSeed5}, nil},
		{"play", []string{"play", "--game", "aibg", "--seed", "1"}, 0, []string{"AIBG: you are player 1 against the bot at level easy", "The creature types:", "End of input: the match is left unfinished"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errb strings.Builder
			code := Run(c.args, strings.NewReader(""), &out, &errb)
			if code != c.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, c.code, out.String(), errb.String())
			}
			for _, w := range c.out {
				if !strings.Contains(out.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, out.String())
				}
			}
			for _, w := range c.err {
				if !strings.Contains(errb.String(), w) {
					t.Errorf("stderr lacks %q:\n%s", w, errb.String())
				}
			}
		})
	}
}
