package kombathost

import (
	"github.com/kombat-game/kombat/host"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestDecide goes through every branch of Decide, each case named after what it
// proves. turn is a human's turn in play whose clock was armed at the current record
// position, with no screen owed and no miss yet; each case changes what it is about.
func TestDecide(t *testing.T) {
	turn := func(d host.Deadline, change func(*Due)) Due {
		due := Due{Deadline: d, Status: store.StatusPlay, ArmedAt: 7, Phase: game.PhasePlay, Player: 2, Human: true, At: 7}
		if change != nil {
			change(&due)
		}
		return due
	}
	auto := func(change func(*Due)) Due { // a bot's turn of an auto game, armed at the record's end
		return turn(host.AutoTurn, func(d *Due) {
			d.Human, d.Auto = false, true
			if change != nil {
				change(d)
			}
		})
	}
	cases := []struct {
		name string
		due  Due
		want Action
	}{
		{"an unanswered challenge expires", Due{Deadline: host.ChallengeExpiry, Status: store.StatusChallenge}, ExpireChallenge},
		{"an accepted challenge's expiry is stale", Due{Deadline: host.ChallengeExpiry, Status: store.StatusSetup}, Nothing},
		{"a cancelled challenge's expiry is stale", Due{Deadline: host.ChallengeExpiry, Status: store.StatusCancelled}, Nothing},
		{"a setup not agreed in time expires", Due{Deadline: host.SetupExpiry, Status: store.StatusSetup}, ExpireSetup},
		{"an agreed setup's expiry is stale", Due{Deadline: host.SetupExpiry, Status: store.StatusPlay}, Nothing},
		{"a setup expiry never cancels a challenge", Due{Deadline: host.SetupExpiry, Status: store.StatusChallenge}, Nothing},
		{"an unknown deadline does nothing", Due{Deadline: "lunch", Status: store.StatusPlay}, Nothing},

		{"a human's turn gets its reminder", turn(host.TurnReminder, nil), Remind},
		{"a reminder is stale once a decision was made", turn(host.TurnReminder, func(d *Due) { d.At = 8 }), Nothing},
		{"a reminder while a screen is owed waits for the screen", turn(host.TurnReminder, func(d *Due) { d.Owed = true }), Nothing},
		{"a reminder after the game ended is stale", turn(host.TurnReminder, func(d *Due) { d.Phase = game.PhaseOver }), Nothing},
		{"a reminder during the free spawns does nothing", turn(host.TurnReminder, func(d *Due) { d.Phase = game.PhaseSetup }), Nothing},
		{"the bot's turn gets no reminder", turn(host.TurnReminder, func(d *Due) { d.Human = false }), Nothing},
		{"nobody's turn gets no reminder", turn(host.TurnReminder, func(d *Due) { d.Player = 0 }), Nothing},
		{"a reminder does not count misses", turn(host.TurnReminder, func(d *Due) { d.Misses = MaxMisses - 1 }), Remind},

		{"a turn whose time ran out is played for the player", turn(host.TurnTimeUp, nil), PlayForPlayer},
		{"a purchase made in the turn does not stop its clock", turn(host.TurnTimeUp, func(d *Due) { d.At = 8 }), PlayForPlayer},
		{"a time-up while a screen is owed plays nothing", turn(host.TurnTimeUp, func(d *Due) { d.Owed = true }), Nothing},
		{"a time-up after the game ended is stale", turn(host.TurnTimeUp, func(d *Due) { d.Phase = game.PhaseOver }), Nothing},
		{"a time-up during the free spawns does nothing", turn(host.TurnTimeUp, func(d *Due) { d.Phase = game.PhaseSetup }), Nothing},
		{"the bot's turn is never timed out", turn(host.TurnTimeUp, func(d *Due) { d.Human = false }), Nothing},
		{"nobody's turn is never timed out", turn(host.TurnTimeUp, func(d *Due) { d.Player = 0 }), Nothing},
		{"a second miss in a row is still played", turn(host.TurnTimeUp, func(d *Due) { d.Misses = MaxMisses - 2 }), PlayForPlayer},
		{"the third miss in a row forfeits", turn(host.TurnTimeUp, func(d *Due) { d.Misses = MaxMisses - 1 }), Forfeit},
		{"misses beyond the limit still forfeit", turn(host.TurnTimeUp, func(d *Due) { d.Misses = MaxMisses + 4 }), Forfeit},

		{"an auto game's turn is played when due", auto(nil), PlayAuto},
		{"an auto turn is stale once a turn was played after it was armed", auto(func(d *Due) { d.At = 8 }), Nothing},
		{"a paused auto game plays nothing", auto(func(d *Due) { d.Paused = true }), Nothing},
		{"an auto turn while a screen is owed waits for the screen", auto(func(d *Due) { d.Owed = true }), Nothing},
		{"an auto turn after the game ended is stale", auto(func(d *Due) { d.Phase = game.PhaseOver }), Nothing},
		{"an auto turn of a game no longer in play is stale", auto(func(d *Due) { d.Status = store.StatusOver }), Nothing},
		{"an auto deadline never plays a game with a person", auto(func(d *Due) { d.Auto = false }), Nothing},
		{"an auto turn of nobody plays nothing", auto(func(d *Due) { d.Player = 0 }), Nothing},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Decide(c.due); got != c.want {
				t.Errorf("Decide(%+v) = %v, want %v", c.due, got, c.want)
			}
		})
	}
}

// TestMaxMisses_Three pins the forfeit rule the README promises (Discord commands): three
// missed turns in a row, not two and not four.
func TestMaxMisses_Three(t *testing.T) {
	if MaxMisses != 3 {
		t.Errorf("MaxMisses = %d, want 3", MaxMisses)
	}
}

// TestDue_NeedsTurn checks that only a turn deadline with its screen shown reads the
// engine (an auto turn only of a game in play and not paused): challenge and setup
// deadlines never rebuild a game.
func TestDue_NeedsTurn(t *testing.T) {
	for _, c := range []struct {
		due  Due
		want bool
	}{
		{Due{Deadline: host.ChallengeExpiry}, false},
		{Due{Deadline: host.SetupExpiry}, false},
		{Due{Deadline: host.TurnReminder}, true},
		{Due{Deadline: host.TurnTimeUp}, true},
		{Due{Deadline: host.TurnTimeUp, Owed: true}, false},
		{Due{Deadline: host.AutoTurn, Status: store.StatusPlay, Auto: true}, true},
		{Due{Deadline: host.AutoTurn, Status: store.StatusPlay, Auto: true, Paused: true}, false},
		{Due{Deadline: host.AutoTurn, Status: store.StatusPlay, Auto: true, Owed: true}, false},
		{Due{Deadline: host.AutoTurn, Status: store.StatusOver, Auto: true}, false},
	} {
		if got := c.due.NeedsTurn(); got != c.want {
			t.Errorf("%+v.NeedsTurn() = %v, want %v", c.due, got, c.want)
		}
	}
}
