package upbeat

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestTryTurnLimit_U22 is issue 22's case: two players, max_turns=1, steps for player
// 1, player 2, then player 1 again. The game ends with player 2's turn, a tie (equal
// centers, no region, equal budgets: U22a), and the third step is refused.
func TestTryTurnLimit_U22(t *testing.T) {
	tests := []struct {
		name    string
		steps   []ScenarioStep
		winners []any
		refused []string // per step, "" for none
	}{
		{"issue 22: 1, 2, 1", []ScenarioStep{{Turn: 1}, {Turn: 2}, {Turn: 1}},
			[]any{nil, "tie", "tie"}, []string{"", "", "the game is over"}},
		{"a second turn of the same player", []ScenarioStep{{Turn: 1}, {Turn: 1}, {Turn: 2}},
			[]any{nil, nil, "tie"}, []string{"", "player 1 has played all its turns (max_turns=1)", ""}},
		{"out of seat order: 2, then 1", []ScenarioStep{{Turn: 2}, {Turn: 1}, {Turn: 2}},
			[]any{nil, "tie", "tie"}, []string{"", "", "the game is over"}},
		{"finish, then a turn", []ScenarioStep{{Finish: true}, {Turn: 1}, {Finish: true}},
			[]any{"tie", "tie", "tie"}, []string{"", "the game is over", "the game is over"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, Scenario{Config: "m=4\nn=4\nmax_turns=1", Seed: 5, Players: []ScenarioPlayer{{}, {}}, Steps: tc.steps})
			for i, r := range res {
				refused := strings.Join(r.Refused, "; ")
				if r.Winner != tc.winners[i] || refused != tc.refused[i] {
					t.Errorf("step %d: winner %v, refused %q; want %v, %q", i+1, r.Winner, refused, tc.winners[i], tc.refused[i])
				}
			}
		})
	}
}

// TestTryRefusesAsGames_U16_U20_U22: a step the rules refuse is refused by the engine's
// own check, in the words a game's method gives, and changes nothing a game's refusal
// would not: a turn of a player out of the game (U16), a revision past the clock (U20,
// also when the clock ran out confirming an earlier turn), and a turn past max_turns
// or after the end (U22).
func TestTryRefusesAsGames_U16_U20_U22(t *testing.T) {
	lang := NewLanguage()
	// The same refusals from a game played as games are.
	g, err := New(lang, Setup{Config: mustConfig(t, "m=5\nn=5\nmax_turns=1\nplan_rev_min=0\nplan_rev_sec=5"), Seed: 2, Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Resign(2); err != nil {
		t.Fatal(err)
	}
	_, outErr := g.Confirm(2, 0)
	if err := g.Revise(1, "invest 1", seconds(6)); !errors.Is(err, ErrClockSpent) {
		t.Fatalf("a revision over the clock: %v", err)
	}
	clockErr := g.Revise(1, "invest 1", 0)
	if _, err := g.Confirm(1, 0); err != nil {
		t.Fatal(err)
	}
	_, turnsErr := g.Confirm(1, 0)
	if _, err := g.Confirm(3, 0); err != nil || !g.Over() {
		t.Fatalf("player 3's last turn: %v, over %v", err, g.Over())
	}
	_, overErr := g.Confirm(3, 0)
	for _, c := range []struct {
		err, want error
	}{{outErr, ErrPlayerOut}, {clockErr, ErrClockSpent}, {turnsErr, ErrTurnsPlayed}, {overErr, ErrGameOver}} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("game: %v, want %v", c.err, c.want)
		}
	}
	word := func(err error) string { return strings.TrimPrefix(err.Error(), "upbeat: ") }

	budget := int64(1000)
	kill := Scenario{Config: "m=5\nn=5\nmax_turns=2\nplan_rev_min=0\nplan_rev_sec=5", Seed: 2,
		Players: []ScenarioPlayer{
			{Center: &Region{3, 3}, Budget: &budget, Plan: "shoot up 100"},
			{Center: &Region{2, 3}},
			{Center: &Region{5, 5}},
		}}
	tests := []struct {
		name    string
		steps   []ScenarioStep
		refused []string // per step
		plan1   string   // player 1's plan at the end
	}{
		{"a player out of the game", []ScenarioStep{{Turn: 1}, {Turn: 2}},
			[]string{"", word(outErr)}, "shoot up 100"},
		{"a revision over the clock", []ScenarioStep{{Turn: 1, Revise: ptr("done"), Elapsed: 6}, {Turn: 1, Revise: ptr("done")}},
			[]string{"revision refused: " + refusal(ErrClockSpent), "revision refused: " + refusal(clockErr)}, "shoot up 100"},
		{"the clock spent confirming", []ScenarioStep{{Turn: 1, Elapsed: 5}, {Turn: 1, Revise: ptr("done")}},
			[]string{"", "revision refused: " + refusal(clockErr)}, "shoot up 100"},
		{"a turn past max_turns", []ScenarioStep{{Turn: 3}, {Turn: 3}, {Turn: 3}},
			[]string{"", "", "player 3 has played all its turns (max_turns=2)"}, "shoot up 100"},
		{"a turn after the end", []ScenarioStep{{Turn: 1}, {Turn: 3}, {Turn: 1}, {Turn: 3}, {Turn: 1}},
			[]string{"", "", "", "", word(ErrGameOver)}, "shoot up 100"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := kill
			sc.Steps = tc.steps
			res := run(t, sc)
			for i, r := range res {
				if got := strings.Join(r.Refused, "; "); got != tc.refused[i] {
					t.Errorf("step %d: refused %q, want %q", i+1, got, tc.refused[i])
				}
			}
			// A refused turn changes nothing: its state is the step before's.
			for i := 1; i < len(res); i++ {
				if len(res[i].Refused) == 0 || strings.HasPrefix(res[i].Refused[0], "revision") {
					continue
				}
				before, after := res[i-1], res[i]
				if !slices.EqualFunc(before.Players, after.Players, samePlayer) || !slices.Equal(before.Regions, after.Regions) || before.Winner != after.Winner {
					t.Errorf("step %d was refused but changed the game", i+1)
				}
			}
		})
	}
}

func samePlayer(a, b PlayerState) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustConfig(t *testing.T, text string) Config {
	t.Helper()
	c, err := ParseConfig(text)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestTryPlaysAsGames: a game played as `kombat sim` and the hosts play one (New, then
// each turn the bot's revision through Revise and Confirm, the clock charged) and the
// same turns given to `try` as steps, from the same seed (the centers drawn the same,
// U3), give the same result after every turn: events, crew, end, steps, every player's
// budget, turn, center, state and variables, every region, and the winner. Refused
// revisions are refused alike (U20), and the game ends at the same step (U21, U22).
func TestTryPlaysAsGames(t *testing.T) {
	tests := []struct {
		name    string
		players int
		seed    uint64
		config  string
		level   string
		plans   []string // first plans of the first seats; bots write the others'
	}{
		{"two normal bots", 2, 1, "m=6\nn=6\nmax_turns=8", "normal", nil},
		{"two easy bots, another seed", 2, 42, "m=7\nn=5\nmax_turns=12\ninterest_pct=20", "easy", nil},
		{"three easy bots, a short clock", 3, 7, "m=5\nn=5\nmax_turns=6\nplan_rev_min=0\nplan_rev_sec=8", "easy", nil},
		{"four, a newcomer and a shooter", 4, 11, "m=6\nn=7\nmax_turns=10\nrev_cost=5\ninit_center_dep=30",
			"normal", []string{NewcomerPlan, "shoot up 50\nshoot downleft 50\nshoot downright 50"}},
		{"six on a small field", 6, 3, "m=4\nn=5\nmax_turns=5\ninit_budget=300\nrev_cost=250", "normal", nil},
	}
	total, ends := 0, map[bool]int{} // refused revisions; games won early, or not
	ownPlans := []string{
		"invest 10\nmove up\ninvest 5",
		"collect 10 # a comment",
		"shoot down 20\nshoot upleft 20\nshoot upright 20",
		"x = x + 1\nmove right\nmove right\ninvest x",
		"r = random % 6\nif (r) then move down else move up\ninvest 7",
		"move nowhere", // does not compile: refused
	}
	lang := NewLanguage()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := mustConfig(t, tc.config)
			setup := Setup{Config: cfg, Seed: tc.seed, Players: tc.players, Plans: make([]string, tc.players)}
			bots := make([]*Bot, tc.players)
			for p := range setup.Plans {
				bots[p], _ = NewBot(tc.level, tc.seed*7+uint64(p))
				setup.Plans[p] = bots[p].InitialPlan()
				if p < len(tc.plans) {
					setup.Plans[p] = tc.plans[p]
				}
			}
			g, err := New(lang, setup)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(tc.seed, 22))
			var steps []ScenarioStep
			var want []StepResult
			for !g.Over() {
				p := g.Current()
				st := ScenarioStep{Turn: p, Elapsed: float64(rng.IntN(8))}
				res := StepResult{Step: len(steps) + 1, Refused: []string{}}
				elapsed := time.Duration(st.Elapsed) * time.Second
				plan := bots[p-1].Revision(g, p)
				if plan == "" && rng.IntN(3) == 0 { // a player's own revision
					plan = ownPlans[rng.IntN(len(ownPlans))]
				}
				if plan != "" {
					st.Revise = &plan
					if err := g.Revise(p, plan, elapsed); err != nil {
						res.Refused = append(res.Refused, "revision refused: "+refusal(err))
					}
					elapsed = 0
				}
				// Confirm, split where a scenario's next step opens its own turn (seat):
				// the state compared is the one before the next turn's interest (U6).
				log, next, err := g.confirm(p, elapsed)
				if err != nil {
					t.Fatal(err)
				}
				res.Events, res.End, res.StepsUsed, res.Crew, res.Tally = log.Events, log.End, log.Steps, &log.Crew, &log.Tally
				g.state(&res)
				steps, want = append(steps, st), append(want, res)
				if next != 0 {
					g.open(next)
				}
			}
			steps = append(steps, ScenarioStep{Turn: 1}) // refused: the game is over
			end := StepResult{Step: len(steps), Refused: []string{"the game is over"}, Events: []Event{}}
			g.state(&end)
			want = append(want, end)

			sc := Scenario{Config: cfg.String(), Seed: tc.seed, Steps: steps}
			for _, plan := range setup.Plans {
				sc.Players = append(sc.Players, ScenarioPlayer{Plan: plan})
			}
			got := run(t, sc)
			refusals, revisions := 0, 0
			for i := range want {
				if w, r := mustJSON(t, want[i]), mustJSON(t, got[i]); w != r {
					t.Fatalf("step %d (%+v):\ngame: %s\ntry:  %s", i+1, steps[i], w, r)
				}
				if i < len(want)-1 {
					refusals += len(want[i].Refused)
				}
				if steps[i].Revise != nil {
					revisions++
				}
			}
			// The record replayed through Confirm (Replay) ends where the steps do.
			replayed, err := Replay(lang, g.Record(), nil)
			if err != nil {
				t.Fatal(err)
			}
			final := StepResult{Step: len(steps), Refused: []string{"the game is over"}, Events: []Event{}}
			replayed.state(&final)
			if w, r := mustJSON(t, final), mustJSON(t, got[len(got)-1]); w != r {
				t.Errorf("the game replayed ends\n%s\nthe steps\n%s", w, r)
			}
			if g.Turns() < tc.players {
				t.Errorf("%d turns: the game is too short to compare", g.Turns())
			}
			total += refusals
			ends[g.Winner() != 0 && g.Turns() < tc.players*int(cfg.MaxTurns)]++
		})
	}
	if total == 0 || ends[true] == 0 || ends[false] == 0 {
		t.Errorf("%d refused revisions, %d games won early, %d played to the limit: the table no longer covers them", total, ends[true], ends[false])
	}
}
