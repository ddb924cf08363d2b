package game

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// reportGame plays a seeded game of the example kinds, bots against random deciders
// (so that there are kills, purchases and money left), and returns it.
func reportGame(t *testing.T, seed uint64, maxTurns int64) *Game {
	t.Helper()
	cfg := DefaultConfig()
	cfg.MaxTurns = maxTurns
	g := newGame(t, Setup{Config: cfg, Seed: seed, Mode: ModeAuto, Kinds: exampleKinds(t)})
	d := randomDeciders(seed)
	if seed%2 == 0 {
		d[0] = NewBot(seed)
	}
	must(t, PlayOut(g, d))
	return g
}

// TestReportSeries replays seeded games: one point for the setup and one per turn,
// each matching the turn log and the game's own numbers, deaths and purchases counted
// from the log, and every kill a death.
func TestReportSeries(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		g := reportGame(t, seed, 30)
		rep, err := NewReport(NewLanguage(), g.Record())
		must(t, err)
		if len(rep.Points) != 1+g.Turns() || rep.Points[0].Turn != 0 || rep.Points[0].Player != 0 {
			t.Fatalf("seed %d: %d points for %d turns", seed, len(rep.Points), g.Turns())
		}
		if rep.Result == nil || *rep.Result != *g.Result() {
			t.Errorf("seed %d: result %v, want %v", seed, rep.Result, g.Result())
		}
		deaths := 0
		for i, l := range g.Log() {
			pt := rep.Points[i+1]
			var died, bought [2]int
			for _, e := range l.Events {
				switch e.Type {
				case EvDeath:
					died[e.Player-1]++
				case EvBuy:
					bought[e.Player-1]++
				}
			}
			deaths += died[0] + died[1]
			if pt.Turn != i+1 || pt.Player != l.Player || pt.Died != died || pt.Bought != bought {
				t.Errorf("seed %d turn %d: point %+v, want player %d, died %v, bought %v", seed, i+1, pt, l.Player, died, bought)
			}
		}
		if len(rep.Kills) != deaths {
			t.Errorf("seed %d: %d kills for %d deaths", seed, len(rep.Kills), deaths)
		}
		s := g.Snapshot()
		end := rep.Points[len(rep.Points)-1]
		for p := range 2 {
			if end.Budget[p] != s.Players[p].Budget || end.Minions[p] != s.Players[p].Minions || end.HP[p] != s.Players[p].HP {
				t.Errorf("seed %d: final point %+v, snapshot %+v", seed, end, s.Players[p])
			}
		}
	}
}

// TestReportSentencesGolden words seeded games for player 1 and for nobody, and
// compares with testdata/report.txt (go test ./game -update rewrites it): three or
// four sentences and a suggestion each, the same on every run.
func TestReportSentencesGolden(t *testing.T) {
	var b strings.Builder
	for _, seed := range []uint64{1, 2, 3, 4, 5, 6} {
		rep, err := NewReport(NewLanguage(), reportGame(t, seed, 30).Record())
		must(t, err)
		for _, viewer := range []int{1, 0} {
			got := rep.Sentences([2]string{"Alice", "the bot"}, viewer)
			if len(got) < 4 || len(got) > 5 {
				t.Errorf("seed %d viewer %d: %d sentences: %q", seed, viewer, len(got), got)
			}
			if again := rep.Sentences([2]string{"Alice", "the bot"}, viewer); !reflect.DeepEqual(got, again) {
				t.Errorf("seed %d: sentences differ between calls", seed)
			}
			if !strings.HasPrefix(got[len(got)-1], "Next time, ") {
				t.Errorf("seed %d: no suggestion last: %q", seed, got)
			}
			for _, s := range got {
				if viewer == 0 && (strings.Contains(s, "you") || strings.Contains(s, "You")) {
					t.Errorf("seed %d: neutral sentence speaks to someone: %q", seed, s)
				}
			}
			fmt.Fprintf(&b, "seed %d, viewer %d:\n  %s\n", seed, viewer, strings.Join(got, "\n  "))
		}
	}
	path := filepath.Join("testdata", "report.txt")
	if *update {
		must(t, os.WriteFile(path, []byte(b.String()), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./game -update to create it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("sentences differ from %s:\n%s", path, b.String())
	}
}

// TestReportSuggestion picks the suggestion from what happened to the player it is
// for: most losses to one position, then money left, then no purchase.
func TestReportSuggestion(t *testing.T) {
	cfg := DefaultConfig()
	h := Hex{Row: 3, Col: 5}
	pts := func(budget float64, bought int) []TurnPoint {
		return []TurnPoint{{}, {Turn: 1, Player: 1, Budget: [2]float64{budget, 50}, Minions: [2]int{1, 2}, Died: [2]int{3, 0}, Bought: [2]int{bought, 0}}}
	}
	kills := []Kill{{1, 2, "Shooter", h, 1, 7}, {1, 2, "Shooter", h, 1, 7}, {1, 2, "Rusher", Hex{Row: 8, Col: 8}, 1, 9}}
	// Three minions in turn on one hex, the first a Shooter: the sentence names none of
	// their kinds (it once said "Bo's Shooter at (3,5) killed 3" of the three).
	inTurn := []Kill{{1, 2, "Shooter", h, 1, 7}, {2, 2, "Rusher", h, 1, 8}, {3, 2, "Rusher", h, 1, 9}}
	res := &Result{Winner: 2, Reason: ReasonMinions}
	for _, c := range []struct {
		name string
		rep  Report
		want string
	}{
		{"shot from one place", Report{Points: pts(9000, 0), Kills: kills, Result: res, Config: cfg, SpawnsLeft: [2]int64{5, 5}}, "Next time, spawn out of reach of the Shooter at (3,5), or send a shooter at it first."},
		{"shot from one place by several", Report{Points: pts(9000, 0), Kills: inTurn, Result: res, Config: cfg, SpawnsLeft: [2]int64{5, 5}}, "Next time, spawn out of reach of (3,5), where the shots came from, or send a shooter there first."},
		{"money left", Report{Points: pts(9000, 0), Kills: kills[2:], Result: res, Config: cfg, SpawnsLeft: [2]int64{5, 5}}, "Next time, spend more of the budget on spawns: at 100 each, it would have paid for 5 more minions."},
		{"no spawns left", Report{Points: pts(9000, 0), Result: res, Config: cfg}, "Next time, buy hexes toward the enemy, so that new minions spawn closer to the fight."},
		{"nothing obvious", Report{Points: pts(10, 1), Result: res, Config: cfg, SpawnsLeft: [2]int64{5, 5}}, "Next time, spawn earlier: minions placed in the first turns have the most turns to act."},
	} {
		got := c.rep.Sentences([2]string{"Ann", "Bo"}, 1)
		if last := got[len(got)-1]; last != c.want {
			t.Errorf("%s: %q, want %q", c.name, last, c.want)
		}
	}
	neutral := Report{Points: pts(9000, 0), Kills: kills, Result: res, Config: cfg}.Sentences([2]string{"Ann", "Bo"}, 0)
	want := []string{
		"Bo won at the turn limit with 2 minions to 1.",
		"Bo's Shooter at (3,5) killed 2 of Ann's minions on turn 1.",
		"Bo took the lead in minions on turn 1 and kept it to the end.",
		"Ann ended with 9,000 unspent budget.",
		"Next time, Ann might spawn out of reach of the Shooter at (3,5), or send a shooter at it first.",
	}
	if !reflect.DeepEqual(neutral, want) {
		t.Errorf("neutral sentences:\n%q\nwant\n%q", neutral, want)
	}
	if got := (Report{Points: pts(9000, 0), Kills: inTurn, Result: res, Config: cfg}).Sentences([2]string{"Ann", "Bo"}, 0); got[1] != "Bo's minions at (3,5), 3 of them in turn, killed 3 of Ann's minions on turns 1 to 2." {
		t.Errorf("kills by three minions in turn: %q", got[1])
	}
	for x, want := range map[float64]string{0: "0", 999.9: "999", 6000: "6,000", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := thousands(x); got != want {
			t.Errorf("thousands(%v) = %q, want %q", x, got, want)
		}
	}
}

// TestReport_LiveMatchesReplay: the report a game gathers as it plays is the one a
// replay of its record finds, for games played out, resigned in setup and mid-game,
// and for a game rebuilt from its record half-way and played on (a restart).
func TestReport_LiveMatchesReplay(t *testing.T) {
	lang := NewLanguage()
	check := func(name string, g *Game) {
		t.Helper()
		want, err := NewReport(lang, g.Record())
		must(t, err)
		if got := g.Report(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: live report\n%+v\nreplayed\n%+v", name, got, want)
		}
	}
	for seed := uint64(1); seed <= 4; seed++ {
		g := reportGame(t, seed, 20)
		check(fmt.Sprintf("seed %d played out", seed), g)

		half, err := Replay(lang, Record{Setup: g.Record().Setup, Decisions: g.Record().Decisions[:len(g.Record().Decisions)/2]})
		must(t, err)
		check(fmt.Sprintf("seed %d rebuilt half-way", seed), half)
		must(t, PlayOut(half, randomDeciders(seed+10)))
		check(fmt.Sprintf("seed %d rebuilt and played on", seed), half)
	}
	setup := newGame(t, Setup{Seed: 5, Mode: ModeDuel, Kinds: exampleKinds(t)})
	must(t, setup.FreeSpawn(1, 0, StartArea(1)[0]))
	must(t, setup.Resign(2))
	check("resigned in setup", setup)
	if len(setup.Report().Points) != 1 {
		t.Errorf("resigned in setup: %d points, want the setup's one", len(setup.Report().Points))
	}

	mid := newGame(t, Setup{Seed: 6, Mode: ModeDuel, Kinds: exampleKinds(t)})
	must(t, mid.FreeSpawn(1, 0, StartArea(1)[0]))
	must(t, mid.FreeSpawn(2, 0, StartArea(2)[0]))
	_, err := mid.EndTurn(1)
	must(t, err)
	must(t, mid.Forfeit(2))
	check("forfeited mid-game", mid)
}
