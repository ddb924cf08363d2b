package aibghost

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestEloPolicy_A5_A18: AIBG's rating policy puts a match between people on Ladder and
// one against the bot on BotLadder of its level, rates no auto match, scores a win on
// rounds (A5) 1, a draw (A5a) 0.5 each, and a resignation or forfeit on time (A18) a
// loss for who left; people's changes sum to zero.
func TestEloPolicy_A5_A18(t *testing.T) {
	setup := func(levels [2]string) json.RawMessage {
		b, err := json.Marshal(Lobby{Levels: levels})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	duel, solo := setup([2]string{}), setup([2]string{"", "hard"})
	tests := []struct {
		name   string
		seats  []string
		setup  json.RawMessage
		res    game.Result
		kinds  []string
		deltas []float64 // from two newcomers (1200), or one against the bot's 1200
		wlt    [][3]int
	}{
		{"duel won on rounds A5", []string{"a", "b"}, duel, game.Result{Winner: 1, Reason: ReasonRounds},
			[]string{Ladder, Ladder}, []float64{16, -16}, [][3]int{{1, 0, 0}, {0, 1, 0}}},
		{"duel drawn A5a", []string{"a", "b"}, duel, game.Result{Reason: ReasonRounds},
			[]string{Ladder, Ladder}, []float64{0, 0}, [][3]int{{0, 0, 1}, {0, 0, 1}}},
		{"duel resigned", []string{"a", "b"}, duel, game.Result{Winner: 1, Reason: game.ReasonResign},
			[]string{Ladder, Ladder}, []float64{16, -16}, [][3]int{{1, 0, 0}, {0, 1, 0}}},
		{"solo forfeited on time A18", []string{"a", ""}, solo, game.Result{Winner: 2, Reason: game.ReasonForfeit},
			[]string{BotLadder("hard")}, []float64{-16}, [][3]int{{0, 1, 0}}},
		{"solo won, bot first, default level", []string{"", "a"}, nil, game.Result{Winner: 2, Reason: ReasonRounds},
			[]string{BotLadder("")}, []float64{16}, [][3]int{{1, 0, 0}}},
		{"auto not rated", []string{"", ""}, setup([2]string{"easy", "hard"}), game.Result{Winner: 1}, nil, nil, nil},
		{"another game's not rated", []string{"a", "b"}, duel, game.Result{Winner: 1}, nil, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := store.RatedGame{Game: Name, Seats: tc.seats, Setup: tc.setup, Result: tc.res}
			if tc.name == "another game's not rated" {
				g.Game = store.GameUpbeat
			}
			stakes := Elo{}.Stakes(g)
			if len(stakes) != len(tc.kinds) {
				t.Fatalf("stakes %v, want ladders %v", stakes, tc.kinds)
			}
			before := make([]store.Rating, len(stakes))
			for i, s := range stakes {
				if s.Kind != tc.kinds[i] {
					t.Errorf("stake %d on %q, want %q", i, s.Kind, tc.kinds[i])
				}
				before[i] = store.Rating{User: s.User, Kind: s.Kind, Rating: store.InitialRating}
			}
			after := Elo{}.Rate(g, before)
			sum := 0.0
			for i, r := range after {
				d := r.Rating - store.InitialRating
				sum += d
				if math.Abs(d-tc.deltas[i]) > 1e-9 {
					t.Errorf("%s moved %.3f, want %.3f", r.User, d, tc.deltas[i])
				}
				if got := [3]int{r.Wins, r.Losses, r.Ties}; got != tc.wlt[i] || r.Games != 1 {
					t.Errorf("%s: %d games, won-lost-tied %v, want 1 and %v", r.User, r.Games, got, tc.wlt[i])
				}
			}
			if len(after) == 2 && math.Abs(sum) > 1e-9 {
				t.Errorf("a duel's changes sum to %v, not 0", sum)
			}
		})
	}
}

// TestLadders: AIBG's ladders are its own, one a level, and say their level.
func TestLadders(t *testing.T) {
	ls := Ladders()
	if ls[0] != Ladder || len(ls) < 2 {
		t.Fatalf("ladders %v", ls)
	}
	for _, l := range ls {
		if !IsLadder(l) || IsLadder("upbeat") || IsLadder("duel") {
			t.Errorf("IsLadder(%q) wrong, or another game's ladder counted", l)
		}
	}
	if LadderLevel(BotLadder("hard")) != "hard" || LadderLevel(Ladder) != "" {
		t.Errorf("LadderLevel wrong")
	}
}
