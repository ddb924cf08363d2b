package aibghost

import (
	"testing"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// TestDecide_A18 goes through every branch of Decide, each case named after what it
// proves. Each case's deadline finds the match as base has it (in play, its deadline
// armed at the screen up now, no screen owed, a person in it), changed in what the
// case is about.
func TestDecide_A18(t *testing.T) {
	base := Due{Status: store.StatusPlay, ArmedAt: 7, Shown: 7}
	status := func(s store.Status) func(*Due) { return func(d *Due) { d.Status = s } }
	auto := func(change func(*Due)) func(*Due) { // an auto match, two bots
		return func(d *Due) {
			d.Auto = true
			if change != nil {
				change(d)
			}
		}
	}
	cases := []struct {
		name   string
		kind   host.Deadline
		change func(*Due)
		want   Action
	}{
		{"an unanswered challenge expires", host.ChallengeExpiry, status(store.StatusChallenge), ExpireChallenge},
		{"an accepted challenge's expiry is stale", host.ChallengeExpiry, nil, Nothing},
		{"a cancelled challenge's expiry is stale", host.ChallengeExpiry, status(store.StatusCancelled), Nothing},
		{"a match has no setup to expire", host.SetupExpiry, status(store.StatusSetup), Nothing},
		{"a match has no reminder", host.TurnReminder, nil, Nothing},
		{"an unknown deadline does nothing", "lunch", nil, Nothing},

		{"A18: a clock run out on the screen up makes the late choices", host.TurnTimeUp, nil, TimeUp},
		{"A18: a time-up is stale once another screen was shown", host.TurnTimeUp, func(d *Due) { d.Shown = 8 }, Nothing},
		{"A18: a time-up while a screen is owed waits for the screen", host.TurnTimeUp, func(d *Due) { d.Owed = true }, Nothing},
		{"A18: a time-up whose armed version is unreadable is stale", host.TurnTimeUp, func(d *Due) { d.ArmedAt = -1 }, Nothing},
		{"a time-up after the match ended is stale", host.TurnTimeUp, status(store.StatusOver), Nothing},
		{"a time-up of a challenge does nothing", host.TurnTimeUp, status(store.StatusChallenge), Nothing},

		{"an auto match steps when due", host.AutoTurn, auto(nil), PlayAuto},
		{"an auto step is not tied to the screen it was armed at", host.AutoTurn, auto(func(d *Due) { d.Shown = 8 }), PlayAuto},
		{"an auto step while a screen is owed waits for the screen", host.AutoTurn, auto(func(d *Due) { d.Owed = true }), Nothing},
		{"an auto step after the match ended is stale", host.AutoTurn, auto(status(store.StatusOver)), Nothing},
		{"an auto deadline never steps a match with a person", host.AutoTurn, nil, Nothing},
	}
	for _, c := range cases {
		due := base
		due.Deadline = c.kind
		if c.change != nil {
			c.change(&due)
		}
		if got := Decide(due); got != c.want {
			t.Errorf("%s: Decide(%+v) = %v, want %v", c.name, due, got, c.want)
		}
	}
}
