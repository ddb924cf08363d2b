package host

import (
	"fmt"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestLobby_MayPause checks that only an auto game pauses, and only for its owner.
func TestLobby_MayPause(t *testing.T) {
	cases := []struct {
		name    string
		g       *store.Game
		user    string
		refusal string
	}{
		{"the owner pauses an auto game", seating(game.ModeAuto), ann, ""},
		{"a duel does not pause", seating(game.ModeDuel), ann, "Only auto games pause."},
		{"a solo game does not pause", seating(game.ModeSolitaire), ann, "Only auto games pause."},
		{"a watcher cannot pause an auto game", seating(game.ModeAuto), bob, "Only <@100>, who started this game, can pause or resume it."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := &Lobby{Owner: ann}
			if got := refusalOf(l.MayPause(c.g, c.user)); got != c.refusal {
				t.Fatalf("refused %q, want %q", got, c.refusal)
			}
		})
	}
}

// TestTurn_MayPress checks whose presses of a turn's controls count.
func TestTurn_MayPress(t *testing.T) {
	duel := seating(game.ModeDuel)
	duel.Status = store.StatusPlay
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
