package upbeathost

import (
	"testing"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// TestDecide_U19_U20 goes through every branch of Decide, each case named after what
// it proves. Each case's deadline finds the game as base has it (a person's turn in
// play, its deadline armed at the screen up now, no screen owed, the plan still
// revisable and a minute of the revision clock left), changed in what the case is
// about. reads is what NeedsTurn says: the engine is rebuilt only for a turn's
// deadline whose turn is on screen.
func TestDecide_U19_U20(t *testing.T) {
	base := Due{Status: store.StatusPlay, ArmedAt: 7, Shown: 7, Player: 2, Human: true, CanRevise: true, Left: time.Minute}
	bots := func(d *Due) { d.Human, d.Auto = false, true } // an auto game, a bot to move
	status := func(s store.Status) func(*Due) { return func(d *Due) { d.Status = s } }
	cases := []struct {
		name   string
		kind   host.Deadline
		change func(*Due)
		want   Action
		reads  bool
	}{
		{"a game nobody joined in time expires", host.ChallengeExpiry, status(store.StatusChallenge), ExpireChallenge, false},
		{"a begun game's challenge expiry is stale", host.ChallengeExpiry, status(store.StatusSetup), Nothing, false},
		{"a cancelled game's challenge expiry is stale", host.ChallengeExpiry, status(store.StatusCancelled), Nothing, false},
		{"U19: the initial-plan time up begins the game", host.SetupExpiry, status(store.StatusSetup), Begin, false},
		{"U19: the initial-plan time waits for its owed screen", host.SetupExpiry, func(d *Due) { d.Status, d.Owed = store.StatusSetup, true }, Nothing, false},
		{"U19: a begun game's initial-plan time is stale", host.SetupExpiry, nil, Nothing, false},
		{"the initial-plan time never begins a challenge", host.SetupExpiry, status(store.StatusChallenge), Nothing, false},
		{"an unknown deadline does nothing", "lunch", nil, Nothing, false},

		{"U20: a person's turn gets its reminder", host.TurnReminder, nil, Remind, true},
		{"U20: a reminder is stale once another screen was shown", host.TurnReminder, func(d *Due) { d.Shown = 8 }, Nothing, false},
		{"U20: a reminder while a screen is owed waits for the screen", host.TurnReminder, func(d *Due) { d.Owed = true }, Nothing, false},
		{"a reminder after the game ended is stale", host.TurnReminder, status(store.StatusOver), Nothing, false},
		{"a bot's turn gets no reminder", host.TurnReminder, func(d *Due) { d.Human = false }, Nothing, true},
		{"nobody's turn gets no reminder", host.TurnReminder, func(d *Due) { d.Player = 0 }, Nothing, true},
		{"U20: a confirmed plan gets no reminder", host.TurnReminder, func(d *Due) { d.CanRevise = false }, Nothing, true},
		{"U20: a spent revision clock gets no reminder", host.TurnReminder, func(d *Due) { d.Left = 0 }, Nothing, true},
		{"U20: an overspent revision clock gets no reminder", host.TurnReminder, func(d *Due) { d.Left = -time.Second }, Nothing, true},

		{"U20: a revision clock run out confirms the plan", host.TurnTimeUp, nil, ConfirmPlan, true},
		{"U20: the time-up confirms whatever was done in the turn", host.TurnTimeUp, func(d *Due) { d.CanRevise, d.Left = false, 0 }, ConfirmPlan, true},
		{"U20: a time-up is stale once another screen was shown", host.TurnTimeUp, func(d *Due) { d.Shown = 8 }, Nothing, false},
		{"U20: a time-up while a screen is owed confirms nothing", host.TurnTimeUp, func(d *Due) { d.Owed = true }, Nothing, false},
		{"a time-up after the game ended is stale", host.TurnTimeUp, status(store.StatusOver), Nothing, false},
		{"a bot's turn is never timed out", host.TurnTimeUp, func(d *Due) { d.Human = false }, Nothing, true},
		{"nobody's turn is never timed out", host.TurnTimeUp, func(d *Due) { d.Player = 0 }, Nothing, true},

		{"an auto game's turn is played when due", host.AutoTurn, bots, PlayAuto, false},
		{"an auto turn is stale once another screen was shown", host.AutoTurn, func(d *Due) { bots(d); d.Shown = 8 }, Nothing, false},
		{"a paused auto game plays nothing", host.AutoTurn, func(d *Due) { bots(d); d.Paused = true }, Nothing, false},
		{"an auto turn while a screen is owed waits for the screen", host.AutoTurn, func(d *Due) { bots(d); d.Owed = true }, Nothing, false},
		{"an auto turn of a game no longer in play is stale", host.AutoTurn, func(d *Due) { bots(d); d.Status = store.StatusOver }, Nothing, false},
		{"an auto deadline never plays a game with a person", host.AutoTurn, nil, Nothing, false},
	}
	for _, c := range cases {
		due := base
		due.Deadline = c.kind
		if c.change != nil {
			c.change(&due)
		}
		t.Run(c.name, func(t *testing.T) {
			if got := Decide(due); got != c.want {
				t.Errorf("Decide(%+v) = %v, want %v", due, got, c.want)
			}
			if got := due.NeedsTurn(); got != c.reads {
				t.Errorf("%+v.NeedsTurn() = %v, want %v", due, got, c.reads)
			}
		})
	}
}
