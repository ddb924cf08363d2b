package aibghost

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

const (
	ann = "100"
	bob = "200"
)

// maxSteps bounds the tests' loops over a match: far more than any match between
// these bots takes.
const maxSteps = 5000

// checkReplays checks that game id's stored record decodes and replays to the stored
// result.
func checkReplays(t *testing.T, db *store.DB, id int64) *store.Game {
	t.Helper()
	row := stored(t, db, id)
	own, err := Decode(row)
	must(t, err)
	g, err := aibg.Replay(own.Record(row.Seed), nil)
	must(t, err)
	if row.Status != store.StatusOver || row.Result == nil {
		t.Fatalf("game %d: status %v, result %v; want over with a result", id, row.Status, row.Result)
	}
	if row.Result.Reason == ReasonRounds && (!g.Over() || g.Winner() != row.Result.Winner) {
		t.Errorf("the record replays to over=%v winner %d; the store says %+v", g.Over(), g.Winner(), *row.Result)
	}
	return row
}

// TestSolo_A17: a person against the bot, played to the end through the adapter:
// the bot chooses at once, every choice of the person is recorded, a screen is shown
// for each phase and turn, and the match ends through the host's finishing path.
func TestSolo_A17(t *testing.T) {
	f := &recFront{}
	h, _ := openHost(t, dbPath(t), f, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	tb, err := h.ab.Open(Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]Seat{{User: ann, Name: "Ann"}, {Level: "easy"}}, Seed: 3})
	must(t, err)
	id := tb.Row.ID
	me := bot(t, "normal", 9)
	for i := 0; ; i++ {
		if i == maxSteps {
			t.Fatal("the match did not end")
		}
		if h.Get(id) == nil {
			break // finished: the table left the registry
		}
		locked(t, h, id, func(tb *host.Table) {
			g, err := h.ab.Match(tb)
			must(t, err)
			if !g.Chosen(2) {
				t.Fatalf("the bot has not chosen in %s, round %d, turn %d", g.Phase(), g.Round(), g.Turn())
			}
			play(t, h, tb, ann, 1, me)
		})
	}
	row := checkReplays(t, h.db, id)
	if row.Result.Reason != ReasonRounds {
		t.Errorf("ended by %q, want rounds", row.Result.Reason)
	}
	if n := len(f.Shown); n < 4 || !slices.IsSorted(f.Versions()) {
		t.Errorf("screens shown at versions %v: want one per phase and turn, in order", f.Versions())
	}
	if k := f.EventKinds(); k[0] != host.EvStart {
		t.Errorf("the first event is %v, want the start", k[0])
	}
}

// TestChoicesAreSecret: the first choice of a phase is recorded at once and shows
// nothing; a second press is refused; a player not in the match is refused.
func TestChoicesAreSecret(t *testing.T) {
	f := &recFront{}
	h, _ := openHost(t, dbPath(t), f, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	tb, err := h.ab.Open(Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]Seat{{User: ann, Name: "Ann"}, {User: bob, Name: "Bob"}}, Seed: 5})
	must(t, err)
	id := tb.Row.ID
	locked(t, h, id, func(tb *host.Table) {
		if err := h.ab.Pool(tb, ann, []string{aibg.Roster()[0].Name}); err == nil {
			t.Error("a pool was taken before the challenge was accepted")
		}
		if err := h.ab.Accept(tb, ann); err == nil {
			t.Error("the challenger accepted her own challenge")
		}
		must(t, h.ab.Accept(tb, bob))
	})
	shown := len(f.Shown)
	locked(t, h, id, func(tb *host.Table) {
		g, _ := h.ab.Match(tb)
		must(t, h.ab.Pool(tb, ann, g.DefaultPool()))
		if err := h.ab.Pool(tb, ann, g.DefaultPool()); err == nil {
			t.Error("ann chose her pool twice")
		}
		if err := h.ab.Pool(tb, "300", g.DefaultPool()); err == nil {
			t.Error("someone not in the match chose a pool")
		}
		if len(f.Shown) != shown {
			t.Error("a screen was shown for a secret choice")
		}
		if len(Own(tb).Actions) != 1 || len(stored(t, h.db, id).Actions) != 1 {
			t.Error("the secret choice is not recorded at once")
		}
	})
}

// TestChallengeTimeoutAndRestart_A18: a match of two people in which bob misses his
// pool (made for him: the roster's first 12 types) and then a move (a pass by
// timeout), and the host is closed mid-match and a new one opened on the same file:
// the match reloads from the store whole and is played to its end.
func TestChallengeTimeoutAndRestart_A18(t *testing.T) {
	path := dbPath(t)
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, stop := openHost(t, path, &recFront{}, clock)
	id, da, db := duel(t, h)
	locked(t, h, id, func(tb *host.Table) { play(t, h, tb, ann, 1, da) })
	expire := func(h *testHost) {
		t.Helper()
		d, ok := deadline(t, h.db, host.TurnTimeUp)
		if !ok {
			t.Fatal("no clock runs while a person's choice is open")
		}
		clock.Advance(d.Due.Sub(clock.Now()))
		h.RunDue(context.Background())
	}
	expire(h)
	locked(t, h, id, func(tb *host.Table) {
		g, err := h.ab.Match(tb)
		must(t, err)
		if g.Phase() != aibg.RoundSelection {
			t.Fatalf("after bob's clock ran out in the pools: %s", g.Phase())
		}
		if got, want := Own(tb).Actions[1].Types, g.DefaultPool(); !slices.Equal(got, want) {
			t.Errorf("bob's missed pool is %v, want the roster's first 12 types %v", got, want)
		}
		play(t, h, tb, ann, 1, da)
		play(t, h, tb, bob, 2, db)
		play(t, h, tb, ann, 1, da)
	})
	expire(h)
	var before []aibg.Action
	locked(t, h, id, func(tb *host.Table) {
		acts := Own(tb).Actions
		if last := acts[len(acts)-1]; last.Player != 2 || last.Move != TimeoutMove {
			t.Errorf("bob's missed move is %+v, want a pass by timeout", last)
		}
		if LobbyOf(tb).Timeouts[1] != 1 {
			t.Errorf("bob's timeouts in a row: %d, want 1", LobbyOf(tb).Timeouts[1])
		}
		play(t, h, tb, ann, 1, da) // a secret move, then the restart
		before = slices.Clone(acts)
	})
	stop()

	h2, _ := openHost(t, path, &recFront{}, clock)
	n, err := h2.Restore(context.Background())
	must(t, err)
	if n != 1 {
		t.Fatalf("restored %d games, want 1", n)
	}
	h2.Connected()
	locked(t, h2, id, func(tb *host.Table) {
		if !slices.EqualFunc(Own(tb).Actions[:len(before)], before, func(a, b aibg.Action) bool {
			return a.Kind == b.Kind && a.Move == b.Move && slices.Equal(a.IDs, b.IDs) && slices.Equal(a.Types, b.Types)
		}) {
			t.Error("the record reloaded differs from the one stored before the restart")
		}
		if LobbyOf(tb).Timeouts[1] != 1 {
			t.Errorf("bob's timeouts after the restart: %d, want 1", LobbyOf(tb).Timeouts[1])
		}
	})
	for i := 0; h2.Get(id) != nil; i++ {
		if i == maxSteps {
			t.Fatal("the match did not end")
		}
		locked(t, h2, id, func(tb *host.Table) {
			g, err := h2.ab.Match(tb)
			must(t, err)
			for p, u := range []string{ann, bob} {
				if !g.Chosen(p+1) && tb.Row.Status == store.StatusPlay {
					play(t, h2, tb, u, p+1, []aibg.Decider{da, db}[p])
				}
			}
		})
	}
	checkReplays(t, h2.db, id)
}

// TestThreeTimeoutsForfeit_A18: a person's third pass in a row by timeout forfeits
// the match; the bot wins it.
func TestThreeTimeoutsForfeit_A18(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	f := &recFront{}
	h, _ := openHost(t, dbPath(t), f, clock)
	tb, err := h.ab.Open(Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]Seat{{User: ann, Name: "Ann"}, {Level: "easy"}}, Clock: time.Minute, Seed: 4})
	must(t, err)
	id := tb.Row.ID
	// The pool and the lineup missed are made for ann and count for nothing; then three
	// passes by timeout: the third ends the match.
	dueUntilOver(t, h, clock, id, host.TurnTimeUp, 5)
	row := stored(t, h.db, id)
	if row.Result == nil || *row.Result != (game.Result{Winner: 2, Reason: game.ReasonForfeit}) {
		t.Fatalf("result %+v, want the bot's win by forfeit", row.Result)
	}
	if k := f.EventKinds(); k[len(k)-1] != host.EvForfeit {
		t.Errorf("the last event is %v, want the forfeit", k[len(k)-1])
	}
	if _, ok := deadline(t, h.db, host.TurnTimeUp); ok {
		t.Error("a clock is left armed after the match ended")
	}
}

// TestAuto_A17: two bots play on their own, a step each AutoStep, to the end.
func TestAuto_A17(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := openHost(t, dbPath(t), &recFront{}, clock)
	tb, err := h.ab.Open(Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]Seat{{Level: "easy"}, {Level: "normal"}}, Seed: 6})
	must(t, err)
	id := tb.Row.ID
	dueUntilOver(t, h, clock, id, host.AutoTurn, maxSteps)
	checkReplays(t, h.db, id)
}

// TestOpenRefusals: a bot level that does not exist and a challenge of oneself are
// refused, and store nothing.
func TestOpenRefusals(t *testing.T) {
	h, _ := openHost(t, dbPath(t), &recFront{}, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	for _, o := range []Open{
		{Scope: "g", Place: "c", Owner: ann, Seats: [2]Seat{{User: ann}, {Level: "godlike"}}},
		{Scope: "g", Place: "c", Owner: ann, Seats: [2]Seat{{User: ann}, {User: ann}}},
	} {
		if _, err := h.ab.Open(o); err == nil {
			t.Errorf("%+v was opened", o.Seats)
		}
	}
	if len(h.Active()) != 0 {
		t.Error("a refused match is registered")
	}
}

// TestChallengeAnswers: a challenge nobody answers is cancelled after ChallengeLife,
// and a declined one at once; neither holds its people afterwards.
func TestChallengeAnswers(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := openHost(t, dbPath(t), &recFront{}, clock)
	open := func(place string) int64 {
		tb, err := h.ab.Open(Open{Scope: "g", Place: place, Owner: ann, Seats: [2]Seat{{User: ann, Name: "Ann"}, {User: bob, Name: "Bob"}}})
		must(t, err)
		return tb.Row.ID
	}
	id := open("c1")
	if _, err := h.ab.Open(Open{Scope: "g", Place: "c2", Owner: bob, Seats: [2]Seat{{User: bob}, {Level: "easy"}}}); err == nil {
		t.Error("bob opened a match while a challenge holds him")
	}
	clock.Advance(ChallengeLife - time.Second)
	h.RunDue(context.Background())
	if h.Get(id) == nil {
		t.Fatal("the challenge was cancelled before its time")
	}
	clock.Advance(time.Second)
	h.RunDue(context.Background())
	if h.Get(id) != nil || stored(t, h.db, id).Status != store.StatusCancelled {
		t.Fatal("an unanswered challenge was not cancelled after ChallengeLife")
	}
	id = open("c3")
	locked(t, h, id, func(tb *host.Table) {
		if err := h.ab.Decline(tb, "300"); err == nil {
			t.Error("someone not in the challenge declined it")
		}
		must(t, h.ab.Decline(tb, bob))
	})
	if h.Get(id) != nil {
		t.Error("a declined challenge is still registered")
	}
	if _, err := h.ab.Open(Open{Scope: "g", Place: "c4", Owner: bob, Seats: [2]Seat{{User: bob}, {Level: "easy"}}}); err != nil {
		t.Errorf("bob, whose challenge was declined, cannot play: %v", err)
	}
}

// TestOnlyTheLateMissATurn_A18: when the first seat's clock runs out on a turn the
// second has already moved in, the turn resolves on the first's pass, and the second
// is not passed in the turn that opens (before, the loop went on to the second seat in
// the new turn and passed it at once).
func TestOnlyTheLateMissATurn_A18(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := openHost(t, dbPath(t), &recFront{}, clock)
	id, da, db := duel(t, h)
	locked(t, h, id, func(tb *host.Table) {
		for range 2 { // the pools, the lineups
			play(t, h, tb, ann, 1, da)
			play(t, h, tb, bob, 2, db)
		}
		play(t, h, tb, bob, 2, db) // bob moves; ann does not
	})
	d, ok := deadline(t, h.db, host.TurnTimeUp)
	if !ok {
		t.Fatal("no clock runs for ann's move")
	}
	clock.Advance(d.Due.Sub(clock.Now()))
	h.RunDue(context.Background())
	locked(t, h, id, func(tb *host.Table) {
		g, err := h.ab.Match(tb)
		must(t, err)
		acts := Own(tb).Actions
		if last := acts[len(acts)-1]; last.Player != 1 || last.Move != TimeoutMove {
			t.Errorf("the last action is %+v, want ann's pass by timeout", last)
		}
		if g.Turn() != 2 || g.Chosen(1) || g.Chosen(2) || LobbyOf(tb).Timeouts != [2]int{1, 0} {
			t.Errorf("turn %d, chosen %v %v, timeouts %v: want turn 2 open to both, ann's one timeout", g.Turn(), g.Chosen(1), g.Chosen(2), LobbyOf(tb).Timeouts)
		}
	})
}

// duel opens ann's challenge to bob (a minute a choice), accepted, and gives the
// deciders the tests play each with.
func duel(t *testing.T, h *testHost) (id int64, da, db *aibg.Bot) {
	t.Helper()
	tb, err := h.ab.Open(Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]Seat{{User: ann, Name: "Ann"}, {User: bob, Name: "Bob"}}, Clock: time.Minute, Seed: 8})
	must(t, err)
	id = tb.Row.ID
	locked(t, h, id, func(tb *host.Table) { must(t, h.ab.Accept(tb, bob)) })
	return id, bot(t, "normal", 1), bot(t, "easy", 2)
}
