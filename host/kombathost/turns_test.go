package kombathost

import (
	"fmt"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestTurn_MayPress checks whose presses of a turn's controls count.
func TestTurn_MayPress(t *testing.T) {
	duel := &store.Game{Mode: game.ModeDuel, Status: store.StatusPlay, Seats: []store.Seat{{Player: ann}, {Player: bob}}}
	annToAct := Turn{Phase: game.PhasePlay, Current: 1, Decisions: 4}
	cases := []struct {
		name    string
		turn    Turn
		user    string
		drawn   string
		refusal string
	}{
		{"the seat to act presses the latest controls", annToAct, ann, "4", ""},
		{"nothing is pressed outside play", Turn{Phase: game.PhaseSetup, Current: 1, Decisions: 4}, ann, "4", "The game is not in play."},
		{"a watcher is not playing", annToAct, cid, "4", "You are not playing in this game; you can watch, and `/kombat board` shows it to you."},
		{"the other player waits their turn", annToAct, bob, "4", "It is seat 1's turn, not yours."},
		{"old controls are out of date", annToAct, ann, "3", "These controls are out of date: the game has moved on. Use the latest message below."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mention := func(seat int) string { return fmt.Sprintf("seat %d", seat) }
			if got := refusalOf(c.turn.MayPress(duel, c.user, c.drawn, mention)); got != c.refusal {
				t.Fatalf("refused %q, want %q", got, c.refusal)
			}
		})
	}
}
