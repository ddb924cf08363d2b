package upbeat

import (
	"strings"
	"testing"
)

// reportOf plays a 2-player game with the given plans, gathering its report as the
// terminal does: play runs before each turn (it may revise or resign) and returns
// false to stop.
func reportOf(t *testing.T, cfg Config, plans []string, play func(g *Game, r *Report) bool) Report {
	t.Helper()
	g, err := New(NewLanguage(), Setup{Config: cfg, Seed: 5, Players: 2, Plans: plans})
	if err != nil {
		t.Fatal(err)
	}
	var r Report
	r.Note(g.Snapshot(), TurnLog{})
	for !g.Over() && play(g, &r) {
		l, err := g.Confirm(g.Current(), 0)
		if err != nil {
			t.Fatal(err)
		}
		r.Note(g.Snapshot(), l)
	}
	return r
}

// TestReport_Sentences: the outcome and after-game sentences say why the game ended
// (a city center shot down, a resignation, the turn limit and what decided it), for
// the winner and the loser, with one suggestion tied to what happened.
func TestReport_Sentences(t *testing.T) {
	names := []string{"You", "Bot 2"}
	cfg := DefaultConfig()
	shot := reportOf(t, cfg, []string{"done", "done"}, func(g *Game, r *Report) bool {
		if g.Turn(1) == 2 && g.Current() == 1 {
			plan, ok := g.tryKills(1, []int{2}, 1)
			if !ok {
				t.Fatal("no plan shoots player 2's center down")
			}
			if err := g.Revise(1, plan, 0); err != nil {
				t.Fatal(err)
			}
		}
		return true
	})
	short := cfg
	short.MaxTurns = 2
	limit := reportOf(t, short, []string{"invest 5", "done"}, func(*Game, *Report) bool { return true })
	resigned := reportOf(t, cfg, []string{"done", "done"}, func(g *Game, r *Report) bool {
		if g.Turn(1) == 2 {
			if err := g.Resign(1); err != nil {
				t.Fatal(err)
			}
			r.NoteResign(1, g.Snapshot())
			return false
		}
		return true
	})
	for _, tc := range []struct {
		name   string
		r      Report
		viewer int
		want   []string
	}{
		{"shot, the winner", shot, 1, []string{"You won on turn 2 by shooting Bot 2's city center down.", "You shot Bot 2's city center down on turn 2, with a budget of", "Next time, try a stronger level"}},
		{"shot, the loser", shot, 2, []string{"Player 1 won on turn 2 by shooting your city center down.", "Next time, bank more in your city center early", "(player 1 had "}},
		{"turn limit", limit, 2, []string{"Player 1 won at the turn limit (2 turns each) with a total deposit of 1", "to your 106.", "Player 1 led in total deposit from turn 1 to the end.", "You ended with 10000 unspent budget, 1 region and 106 in deposits."}},
		{"resigned", resigned, 1, []string{"Bot 2 won: you resigned."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vnames := names
			if tc.viewer == 2 {
				vnames = []string{"", "You"}
			}
			got := strings.Join(tc.r.Sentences(vnames, tc.viewer), "\n")
			if !strings.HasPrefix(got, tc.r.Outcome(vnames, tc.viewer)) {
				t.Errorf("the sentences do not begin with the outcome %q:\n%s", tc.r.Outcome(vnames, tc.viewer), got)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
		})
	}
	if n := len(shot.Points); n != 4 || shot.Points[n-1].Turns != 3 || len(shot.Losses) != 1 || shot.Losses[0].Turns != 3 {
		t.Errorf("the shot game's report: %d points, last after %d turns, losses %+v; want 4 points, the last and the loss after 3 turns",
			n, shot.Points[n-1].Turns, shot.Losses)
	}
}
