package upbeat

import (
	"reflect"
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

// shootOnTurn2 is a play for reportOf: on player 1's second turn, their plan becomes
// one that shoots player 2's city center down.
func shootOnTurn2(t *testing.T) func(g *Game, r *Report) bool {
	return func(g *Game, r *Report) bool {
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
	}
}

// resignOnTurn2 is a play for reportOf: player 1 resigns before their second turn.
func resignOnTurn2(t *testing.T) func(g *Game, r *Report) bool {
	return func(g *Game, r *Report) bool {
		if g.Turn(1) == 2 {
			if err := g.Resign(1); err != nil {
				t.Fatal(err)
			}
			r.NoteResign(1, g.Snapshot())
			return false
		}
		return true
	}
}

// TestReport_Sentences: the outcome and after-game sentences say why the game ended
// (a city center shot down, a resignation, the turn limit and what decided it), for
// the winner and the loser, with one suggestion tied to what happened.
func TestReport_Sentences(t *testing.T) {
	names := []string{"You", "Bot 2"}
	cfg := DefaultConfig()
	shot := reportOf(t, cfg, []string{"done", "done"}, shootOnTurn2(t))
	short := cfg
	short.MaxTurns = 2
	limit := reportOf(t, short, []string{"invest 5", "done"}, func(*Game, *Report) bool { return true })
	resigned := reportOf(t, cfg, []string{"done", "done"}, resignOnTurn2(t))
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

// TestReplayReport: a report rebuilt from a game's record is the one gathered turn by
// turn while it was played, for a city center shot down, a resignation, the turn
// limit and a stop.
func TestReplayReport(t *testing.T) {
	cfg := DefaultConfig()
	short := cfg
	short.MaxTurns = 2
	for _, tc := range []struct {
		name  string
		cfg   Config
		plans []string
		play  func(t *testing.T) func(g *Game, r *Report) bool
	}{
		{"shot", cfg, []string{"done", "done"}, shootOnTurn2},
		{"turn limit", short, []string{"invest 5", "collect 1"}, func(*testing.T) func(*Game, *Report) bool {
			return func(*Game, *Report) bool { return true }
		}},
		{"resigned", cfg, []string{"invest 3", "done"}, resignOnTurn2},
		{"stopped", cfg, []string{"invest 3", "done"}, func(t *testing.T) func(*Game, *Report) bool {
			return func(g *Game, r *Report) bool {
				if g.Turn(2) == 3 {
					if err := g.Stop(); err != nil {
						t.Fatal(err)
					}
					r.Final = g.Snapshot()
					return false
				}
				return true
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var played *Game
			play := tc.play(t)
			want := reportOf(t, tc.cfg, tc.plans, func(g *Game, r *Report) bool {
				played = g
				return play(g, r)
			})
			if !want.Final.Over {
				t.Fatalf("the game did not end: %+v", want.Final)
			}
			got, err := ReplayReport(NewLanguage(), played.Record())
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("the replayed report differs from the one gathered in play:\n got %+v\nwant %+v", got.Points, want.Points)
			}
		})
	}
}

// TestReport_Standings: the winner first, then the others still in by total deposit,
// regions and budget (U22), then those out, the last to go out first, a resignation
// last.
func TestReport_Standings(t *testing.T) {
	pv := func(alive bool, total float64, regions int, budget int64) PlayerView {
		return PlayerView{Alive: alive, Total: total, Regions: regions, Budget: budget}
	}
	for _, tc := range []struct {
		name string
		r    Report
		want []int
	}{
		{"turn limit", Report{Final: Snapshot{Over: true, Winner: 3, Players: []PlayerView{
			pv(true, 50, 2, 10), pv(true, 50, 3, 0), pv(true, 90, 1, 0), pv(true, 50, 2, 11)}}}, []int{3, 2, 4, 1}},
		{"a tie keeps seat order among equals", Report{Final: Snapshot{Over: true, Players: []PlayerView{
			pv(true, 5, 1, 1), pv(true, 5, 1, 1)}}}, []int{1, 2}},
		{"out: the last to go first, a resignation last", Report{Resigned: 1,
			Losses: []Loss{{Player: 2}, {Player: 4}},
			Final:  Snapshot{Over: true, Winner: 3, Players: []PlayerView{pv(false, 0, 0, 0), pv(false, 0, 0, 0), pv(true, 1, 1, 1), pv(false, 0, 0, 0)}}},
			[]int{3, 4, 2, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.r.Standings(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Standings() = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestReport_ForEveryone: written for nobody in particular (viewer 0, a chat's
// after-game text), the suggestion speaks of its player in the third person, and a
// turn limit of one turn is "1 turn each". A tie written for a player says so (it
// panicked: the terminal's play of a tie, and a solitaire game's on Discord).
func TestReport_ForEveryone(t *testing.T) {
	one := DefaultConfig()
	one.MaxTurns = 1
	r := reportOf(t, one, []string{"done", "done"}, func(*Game, *Report) bool { return true })
	got := strings.Join(r.Sentences([]string{"alice", "bob"}, 0), "\n")
	for _, w := range []string{"(1 turn each)", "Next time, alice might walk their crew out further"} {
		if !strings.Contains(got, w) {
			t.Errorf("the sentences for everyone lack %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "your") || strings.Contains(got, "1 turns") {
		t.Errorf("the sentences for everyone speak to someone, or miscount:\n%s", got)
	}
	// Written for a player, the tie names no winner (it indexed the names with seat 0).
	if got := r.Outcome([]string{"You", "Bot 2"}, 1); !strings.HasPrefix(got, "The game ended in a tie") {
		t.Errorf("a tie for player 1: %q", got)
	}
}
