package host

import (
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/kombat-game/kombat/upbeat"
)

// TestUpbeat_LongPlanBounded: issue 23's 40-byte plan under the largest step limit,
// confirmed through the host as the bot does: the turn took 11 to 16 s and kept
// 437 MB of events per game for its screen; now the log kept holds at most
// upbeat.MaxEventsPerEval events, the turn (its commit and screen included) allocates
// under KOMBAT's 64 MB bound, and the summary counts every invest.
func TestUpbeat_LongPlanBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("ten million steps")
	}
	clock := NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), clock)
	cfg := upConfig()
	cfg.StepLimit, cfg.InitBudget = upbeat.MaxStepLimit, upbeat.MaxAmount
	tb, err := h.OpenUpbeat(UpOpen{Scope: "g", Place: "c", Owner: "ann", OwnerName: "Ann", Config: cfg, Seats: 2, Seed: 7})
	must(t, err)
	locked(t, h, tb.Row.ID, func(tb *Table) {
		_, err := h.JoinUpbeat(tb, "bob", "Bob")
		must(t, err)
		must(t, h.StartUpbeat(tb, "ann"))
		_, err = h.WritePlan(tb, "ann", "while (1) while (1) while (1) invest 1")
		must(t, err)
		began, err := h.WritePlan(tb, "bob", "done")
		must(t, err)
		if !began {
			t.Fatal("the game did not begin")
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		must(t, h.ConfirmUpbeat(tb, "ann"))
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		last := h.UpLast(tb)
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("ann's turn through the host: %s, %d MB allocated, %d events kept, %d invests", took.Round(time.Millisecond), allocated>>20, len(last.Events), last.Tally.Invest.Runs)
		if last.Player != 1 || len(last.Events) > upbeat.MaxEventsPerEval+2 || last.Tally.Invest.Runs < 3_300_000 {
			t.Errorf("the log kept for the screen: player %d, %d events, tally %+v; want ann's, at most %d events, 3.3 million invests",
				last.Player, len(last.Events), last.Tally.Invest, upbeat.MaxEventsPerEval+2)
		}
		if allocated > 64<<20 {
			t.Errorf("the turn allocated %d MB, over KOMBAT's 64 MB bound", allocated>>20)
		}
	})
}
