package kombathost

import (
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/internal/outage"
)

// TestOutage_TournamentOutlivesAFullDisk: a tournament runs while the disk fills up;
// its next game's result is refused, and the game is played again with backoff until
// it is stored (before, the run ended and the tournament waited for a restart). Once
// room is made it finishes: five games told, each once, then the final standings.
func TestOutage_TournamentOutlivesAFullDisk(t *testing.T) {
	from, id := started(t)
	dir, db := outage.DBOnSmallDisk(t, from)
	refused := outage.WatchLog("tournament game not stored")
	h, err := newHost(host.Options{DB: db, Front: quietFront{}, Log: slog.New(refused), AutoStep: time.Millisecond,
		RetryBase: time.Millisecond, RetryMax: 20 * time.Millisecond})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	ts := NewTourneys(db, h.Kombat.Lang(), h.Halt())
	f := make(chanFront)
	h.RunTourney(ts, f, id)
	es := []runEvent{next(t, f)} // the first game is stored and told; the run waits for us
	free := outage.FillDisk(t, dir)
	go func() { // the run's next call comes only once the disk has room again
		for range 3 {
			select {
			case <-refused.Seen["tournament game not stored"]:
			case <-time.After(patience): // the test fails waiting for the final
			}
		}
		free()
	}()
	es = append(es, untilFinal(t, f)...)
	var progress []int
	for _, e := range es {
		if e.what == "progress" {
			progress = append(progress, e.played)
		}
	}
	if want := []int{1, 2, 3, 4, 5}; !slices.Equal(progress, want) {
		t.Errorf("progress told %v, want %v", progress, want)
	}
	if got := told(es, "final"); len(got) != 1 {
		t.Errorf("final told %d times, want once", len(got))
	}
}
