package aibghost

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
)

// TestReplayAndRatings_A18: a finished match is found again by its channel or its
// number (Over), and its replay gives every turn's match as the record replayed to
// that turn does (the copies kept every replayEvery turns make no difference), kept
// for the next ask; the forfeit of a person on time (A18) moved the person's rating on
// the ladder against the bot at its level, down, and no other ladder.
func TestReplayAndRatings_A18(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := openHost(t, dbPath(t), &recFront{}, clock)
	ctx := context.Background()
	if _, err := h.ab.Over(ctx, "c", 0); !errors.As(err, new(*host.Refusal)) {
		t.Fatalf("the last match of a channel with none: %v, want a refusal", err)
	}
	tb, err := h.ab.Open(Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]Seat{{Level: "easy"}, {Level: "normal"}}, Seed: 6})
	must(t, err)
	auto := tb.Row.ID
	dueUntilOver(t, h, clock, auto, host.AutoTurn, maxSteps)
	tb, err = h.ab.Over(ctx, "c", 0)
	must(t, err)
	if tb.Row.ID != auto || LobbyOf(tb).Levels != [2]string{"easy", "normal"} {
		t.Fatalf("the channel's last match is %d with levels %v, want %d's", tb.Row.ID, LobbyOf(tb).Levels, auto)
	}
	r, err := h.ab.ReplayOf(tb)
	must(t, err)
	if r.Turns() <= replayEvery {
		t.Fatalf("the match played %d turns: too few to test the kept copies", r.Turns())
	}
	rec := Own(tb).Record(tb.Row.Seed)
	for i := range r.Turns() {
		if i > 2*replayEvery+1 && i < r.Turns()-2 {
			continue // the copies' seams are all before; the end is checked too
		}
		g, err := r.At(i)
		must(t, err)
		want, err := aibg.Replay(aibg.Record{Setup: rec.Setup, Actions: rec.Actions[:r.ends[i]]}, nil)
		must(t, err)
		if stampOf(g) != stampOf(want) || !reflect.DeepEqual(Lineups(g), Lineups(want)) || g.Atoms(1) != want.Atoms(1) || g.RoundsWon(2) != want.RoundsWon(2) {
			t.Fatalf("turn %d: the replay's match is not the record's at that turn", i+1)
		}
		if r.Logs[i].Round != stampOf(want).round && !want.Over() && want.Phase() == aibg.RoundInProgress {
			t.Errorf("turn %d: its log is of round %d, the match in round %d", i+1, r.Logs[i].Round, want.Round())
		}
	}
	if _, err := r.At(r.Turns()); err == nil {
		t.Error("a turn past the last was given")
	}
	if again, err := h.ab.ReplayOf(tb); err != nil || again != r {
		t.Errorf("the replay asked again was made again (%v)", err)
	}

	tb, err = h.ab.Open(Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]Seat{{User: ann, Name: "Ann"}, {Level: "easy"}}, Clock: time.Minute, Seed: 4})
	must(t, err)
	dueUntilOver(t, h, clock, tb.Row.ID, host.TurnTimeUp, 5)
	st, err := h.ab.Stats(ctx, "g", ann)
	must(t, err)
	if len(st) != 2 || st[0].Kind != Ladder || st[0].Rating.Games != 0 || st[1].Kind != BotLadder("easy") ||
		st[1].Rating.Losses != 1 || st[1].Rating.Rating >= 1200 {
		t.Errorf("ann's standings after her forfeit against the easy bot: %+v", st)
	}
	if _, err := h.ab.Over(ctx, "", tb.Row.ID+1); !errors.As(err, new(*host.Refusal)) {
		t.Errorf("a match that does not exist: %v, want a refusal", err)
	}
}

// BenchmarkReplay: a whole bot match's replay made once (what /aibg replay pays the
// first time), and a step viewer's press on the kept replay (a turn in the middle:
// at most replayEvery turns of actions from a kept copy), against rebuilding the
// match from its record (BenchmarkRebuildMatch), which a press would pay without it.
func BenchmarkReplay(b *testing.B) {
	own, err := Decode(playedRow(b))
	must(b, err)
	rec := own.Record(21)
	b.Run("make", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := newReplay(rec); err != nil {
				b.Fatal(err)
			}
		}
	})
	r, err := newReplay(rec)
	must(b, err)
	b.Run("step", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.At(r.Turns()/2 + replayEvery/2); err != nil {
				b.Fatal(err)
			}
		}
	})
}
