package aibgnet

import (
	"strings"
	"testing"

	"github.com/kombat-game/kombat/netplay"
)

// TestRefusals_A20: each kind of bad message is answered with what was wrong and what
// to send instead, in the match's phase, and changes nothing; the next good command is
// taken.
func TestRefusals_A20(t *testing.T) {
	g := newRig(t, Config{})
	g.mustSend(t, alice, 1, GetGamePhase, "")
	g.mustSend(t, bob, 1, GetGamePhase, "")
	g.mustSend(t, carol, 2, GetGamePhase, "bot")
	pool := strings.Repeat("Tide ", 12)
	for _, c := range []struct {
		name      string
		who       netplay.Player
		game      int64
		typ, text string
		phase     string
		want      []string // every one of these in the error
		after     func()   // moves the match on for the cases that follow
	}{
		{"unknown type", alice, 1, "DANCE", "", "", []string{`unknown messageType "DANCE"`, "GET_POSSIBLE_CREATURES", "SELECT_MOVE"}, nil},
		{"gameId zero", alice, 0, GetGamePhase, "", "", []string{"gameId 0 is no game", "from 1", `"bot"`}, nil},
		{"gameId negative", alice, -4, GetGamePhase, "", "", []string{"gameId -4 is no game"}, nil},
		{"someone else's game", carol, 1, GetGamePhase, "", "POOL_SELECTION", []string{"game 1 is between alice and bob, not you", "a new one"}, nil},
		{"a move in pool selection", alice, 1, SelectMove, "attack", "POOL_SELECTION", []string{"SELECT_MOVE belongs to ROUND_IN_PROGRESS", "game 1 is in POOL_SELECTION", "SELECT_PLAYER_CREATURE_POOL (12 creature types"}, nil},
		{"a lineup in pool selection", alice, 1, SelectPlayerCreaturesInPlay, "1", "POOL_SELECTION", []string{"belongs to ROUND_SELECTION"}, nil},
		{"a pool: every mistake", alice, 1, SelectPlayerCreaturePool, "Tide Tyde Ember Glorp", "POOL_SELECTION",
			[]string{"it names 4 creature types; a pool names exactly 12", `word 2, "Tyde", is no creature type`, `word 4, "Glorp"`, "the types, from GET_POSSIBLE_CREATURES: "}, nil},
		{"an empty pool", alice, 1, SelectPlayerCreaturePool, "", "POOL_SELECTION", []string{"it names 0 creature types"}, func() {
			g.mustSend(t, alice, 1, SelectPlayerCreaturePool, pool)
		}},
		{"a pool twice", alice, 1, SelectPlayerCreaturePool, pool, "POOL_SELECTION", []string{"you have made your pool selection already: wait for bob's"},
			nil},
		{"the bot in a game of two", alice, 1, GetGamePhase, "bot", "POOL_SELECTION", []string{"game 1 has both its players already"}, func() {
			g.mustSend(t, bob, 1, SelectPlayerCreaturePool, pool)
		}},
		{"a lineup: every mistake", alice, 1, SelectPlayerCreaturesInPlay, "1 x 1 13 99 2", "ROUND_SELECTION",
			[]string{"it names 6 creatures; a lineup has 1 to 4", `word 2, "x", is not an id`, "creature 1 is named twice", "creature 13 is not in your pool", "creature 99 is not in your pool", "your pool is ids 1 to 12"}, nil},
		{"a move in round selection", alice, 1, SelectMove, "attack", "ROUND_SELECTION", []string{"game 1 is in ROUND_SELECTION", "1 to 4 ids of your living creatures"}, func() {
			g.mustSend(t, alice, 1, SelectPlayerCreaturesInPlay, "1 2")
			g.mustSend(t, bob, 1, SelectPlayerCreaturesInPlay, "13")
			g.mustSend(t, alice, 1, SelectMove, "attack")
		}},
		{"two moves in a turn", alice, 1, SelectMove, "swap 1", "ROUND_IN_PROGRESS", []string{"you have moved in turn 1 of round 1 already: wait for bob's move"}, nil},
		{"a pool in a round", bob, 1, SelectPlayerCreaturePool, pool, "ROUND_IN_PROGRESS", []string{"game 1 is in ROUND_IN_PROGRESS", "SELECT_MOVE (attack [slot], item NAME [slot] or swap SLOT)"}, nil},
		{"an unknown bot level", carol, 3, GetGamePhase, "bot wizard", "POOL_SELECTION", []string{`no bot level "wizard"; the levels are easy, normal, hard`}, nil},
		{"a bot with two levels", carol, 3, GetGamePhase, "bot easy hard", "POOL_SELECTION", []string{"write bot, or bot and one level of easy, normal, hard"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			before, _ := g.r.Record(1)
			a := g.send(c.who, c.game, c.typ, c.text)
			why := refusal(a)
			if why == "" {
				t.Fatalf("taken: %+v", a)
			}
			if a.GamePhase != c.phase {
				t.Errorf("phase %q, want %q", a.GamePhase, c.phase)
			}
			for _, w := range c.want {
				if !strings.Contains(why, w) {
					t.Errorf("the error %q does not say %q", why, w)
				}
			}
			if after, _ := g.r.Record(1); len(after.Game.Actions) != len(before.Game.Actions) {
				t.Errorf("the refusal changed game 1: %d actions, then %d", len(before.Game.Actions), len(after.Game.Actions))
			}
		})
		if c.after != nil {
			c.after()
		}
	}
	// A move that does not read is a pass (A6), and the answer says so at once.
	a := g.mustSend(t, bob, 1, SelectMove, "atack 1")
	if acc, _ := a.ServerMessage.(Accepted); !strings.Contains(acc.Pass, `move "atack 1": column 1: expected attack, item or swap`) {
		t.Errorf("a move that does not read: %+v", a)
	}
}
