package game

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// TestReplayReproduces plays many seeded games and rebuilds each from its record, also
// after a JSON round trip: every turn log, the final snapshot and the result match.
func TestReplayReproduces(t *testing.T) {
	kinds := exampleKinds(t)
	for seed := uint64(1); seed <= 40; seed++ {
		cfg := DefaultConfig()
		cfg.MaxTurns = 30
		g := newGame(t, Setup{Config: cfg, Seed: seed, Mode: ModeAuto, Kinds: kinds})
		must(t, PlayOut(g, randomDeciders(seed)))
		b, err := json.Marshal(g.Record())
		must(t, err)
		var rec Record
		must(t, json.Unmarshal(b, &rec))
		r, err := Replay(NewLanguage(), rec)
		must(t, err)
		if !reflect.DeepEqual(g.Snapshot(), r.Snapshot()) || *g.Result() != *r.Result() || r.Turns() != g.Turns() {
			t.Fatalf("seed %d: replayed final state differs", seed)
		}
		if last, _ := r.LastTurn(); !reflect.DeepEqual(last, g.Log()[len(g.Log())-1]) || len(r.Log()) != 1 {
			t.Fatalf("seed %d: replayed last turn differs, or a replay kept every log", seed)
		}
		frames, err := Frames(NewLanguage(), rec)
		must(t, err)
		if len(frames) != 1+len(g.Log()) || !frames[0].Setup || !reflect.DeepEqual(frames[len(frames)-1].Snapshot, g.Snapshot()) {
			t.Fatalf("seed %d: %d frames for %d turns", seed, len(frames), len(g.Log()))
		}
		for i, l := range g.Log() {
			if !reflect.DeepEqual(frames[i+1].Turn, l) {
				t.Fatalf("seed %d: turn %d of the replay differs", seed, i+1)
			}
		}
	}
}

// TestReplayMidGame rebuilds a game half-way and plays on: the rest is identical.
func TestReplayMidGame(t *testing.T) {
	kinds := exampleKinds(t)
	whole := newGame(t, Setup{Seed: 9, Mode: ModeAuto, Kinds: kinds})
	must(t, PlayOut(whole, randomDeciders(9)))
	rec := whole.Record()
	half := rec
	half.Decisions = rec.Decisions[:len(rec.Decisions)/2]
	g, err := Replay(NewLanguage(), half)
	must(t, err)
	g.SetKeepLog(true)
	for _, d := range rec.Decisions[len(half.Decisions):] {
		must(t, g.Apply(d))
	}
	rest := whole.Log()[len(whole.Log())-len(g.Log()):]
	if !reflect.DeepEqual(g.Log(), rest) || !reflect.DeepEqual(g.Snapshot(), whole.Snapshot()) {
		t.Error("a game rebuilt half-way and continued differs")
	}
}

func TestReplayRefusesCorruptRecord(t *testing.T) {
	g := newGame(t, Setup{Seed: 3, Mode: ModeAuto, Kinds: exampleKinds(t)})
	must(t, PlayOut(g, randomDeciders(3)))
	rec := g.Record()
	rec.Decisions = append([]Decision(nil), rec.Decisions...)
	rec.Decisions[5] = Decision{Player: 1, Action: ActBuy, Hex: Hex{8, 8}}
	_, err := Replay(NewLanguage(), rec)
	if err == nil || !strings.Contains(err.Error(), "replay: decision 6 (buy by player 1)") || !errors.Is(err, ErrAlreadyOwned) && !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("corrupt record: %v", err)
	}
}

// TestSnapshotSharesNothing edits a snapshot and checks the game does not notice.
func TestSnapshotSharesNothing(t *testing.T) {
	g := started(t, DefaultConfig(), "t = t + 1 Count = Count + 1")
	mustEnd(t, g, 1)
	s := g.Snapshot()
	s.Players[0].Spawnable[0] = Hex{5, 5}
	s.Players[0].Globals["Count"] = 99
	s.Minions[0].Locals["t"] = 99
	s.Minions[0].HP = 1
	s.Kinds[0].Name = "changed"
	if again := g.Snapshot(); reflect.DeepEqual(again, s) || again.Players[0].Globals["Count"] != 1 || again.Minions[0].Locals["t"] != 1 {
		t.Error("editing a snapshot changed the game")
	}
}

// TestGoldenGames pins whole seeded games, turn by turn (testdata/games/*.txt; -update
// rewrites them). Any change to the rules shows up here as a diff to review.
func TestGoldenGames(t *testing.T) {
	kinds := exampleKinds(t)
	sample, err := os.ReadFile("../interp/testdata/strategies/sample.kombat")
	must(t, err)
	cases := []struct {
		name  string
		seed  uint64
		kinds []KindSpec
		turns int64
	}{
		{"examples_seed1", 1, kinds, 12},
		{"examples_seed5", 5, kinds, 12},
		{"sample_seed2", 2, []KindSpec{{Name: "sample", Defense: 3, Strategy: string(sample)}}, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.MaxTurns = tc.turns
			g := newGame(t, Setup{Config: cfg, Seed: tc.seed, Mode: ModeAuto, Kinds: tc.kinds})
			must(t, PlayOut(g, randomDeciders(tc.seed)))
			var b strings.Builder
			fmt.Fprintf(&b, "seed %d, %d turns each, kinds:", tc.seed, tc.turns)
			for _, k := range tc.kinds {
				fmt.Fprintf(&b, " %s (defense %d)", k.Name, k.Defense)
			}
			b.WriteString("\nsetup\n")
			for _, e := range g.SetupEvents() {
				b.WriteString("  " + e.String() + "\n")
			}
			for _, l := range g.Log() {
				b.WriteString(l.String())
			}
			fmt.Fprintf(&b, "result: %s\n", Explain(*g.Result()))
			path := filepath.Join("testdata", "games", tc.name+".txt")
			if *update {
				must(t, os.WriteFile(path, []byte(b.String()), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			must(t, err)
			if b.String() != string(want) {
				t.Errorf("%s differs; run go test ./game -run TestGoldenGames -update and review the diff", path)
			}
		})
	}
}

// TestTraceTurn explains one turn after the fact: the traced replay of turn n is turn n
// of the game (events equal once traces are set aside), every evaluation carries a whole
// trace, and a turn past the end is refused.
func TestTraceTurn(t *testing.T) {
	g := newGame(t, Setup{Seed: 5, Mode: ModeAuto, Kinds: exampleKinds(t)})
	g.SetKeepLog(true)
	must(t, PlayOut(g, randomDeciders(5)))
	rec := g.Record()
	for _, n := range []int{1, 2, g.Turns() / 2, g.Turns()} {
		log, err := TraceTurn(NewLanguage(), rec, n)
		must(t, err)
		want := g.Log()[n-1]
		evals := 0
		for i, e := range log.Events {
			if e.Type == EvEval {
				evals++
				if !strings.Contains(e.Trace, " end: ") {
					t.Errorf("turn %d: minion %d's trace has no end:\n%s", n, e.Minion, e.Trace)
				}
				log.Events[i].Trace = ""
			}
		}
		if !reflect.DeepEqual(log, want) {
			t.Errorf("turn %d: the traced replay differs from the game's turn", n)
		}
		if n > 2 && evals == 0 {
			t.Errorf("turn %d: no minion ran", n)
		}
	}
	if _, err := TraceTurn(NewLanguage(), rec, g.Turns()+1); err == nil {
		t.Error("a turn past the end was traced")
	}
}
