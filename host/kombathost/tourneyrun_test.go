package kombathost

import (
	"context"
	"github.com/kombat-game/kombat/host"
	"slices"
	"testing"
	"time"

	"github.com/kombat-game/kombat/store"
)

// runEvent is one call of a tournament's run on its front.
type runEvent struct {
	id     int64
	what   string // progress, announce or final
	played int    // games played, for progress
	pair   string // X-Y, for announce
	final  []Standing
}

// chanFront hands each call of the run to the test on an unbuffered channel: the run
// waits until the test takes it, so the test knows where the run is.
type chanFront chan runEvent

func (f chanFront) Progress(row *store.Tournament, st *Tournament) {
	played, _ := st.Progress()
	f <- runEvent{id: row.ID, what: "progress", played: played}
}

func (f chanFront) Announce(row *store.Tournament, a Announcement) {
	f <- runEvent{id: row.ID, what: "announce", pair: a.X.User + "-" + a.Y.User}
}

func (f chanFront) Final(row *store.Tournament, _ *Tournament, final []Standing) {
	f <- runEvent{id: row.ID, what: "final", final: final}
}

// hostTourneys hosts the database at path (a process starting) with its tournaments,
// which stop on the host's Halt; the host is closed, then the database, at the end of
// the test, unless the test closes them first.
func hostTourneys(t *testing.T, path string) (*testHost, *Tourneys, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	must(t, err)
	t.Cleanup(func() { db.Close() })
	h, err := newHost(host.Options{DB: db, Front: quietFront{}, AutoStep: time.Millisecond})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	return h, NewTourneys(db, h.Kombat.Lang(), h.Halt()), db
}

// patience bounds every wait of these tests: a run that hangs fails rather than
// blocking the suite.
const patience = time.Minute

// next is the run's next call on f.
func next(t *testing.T, f chanFront) runEvent {
	t.Helper()
	select {
	case e := <-f:
		return e
	case <-time.After(patience):
		t.Fatal("the run told nothing more")
		return runEvent{}
	}
}

// closeHost closes h and takes what the run tells until its work has stopped.
func closeHost(t *testing.T, h *testHost, f chanFront) []runEvent {
	t.Helper()
	done := h.Close()
	var out []runEvent
	for {
		select {
		case e := <-f:
			out = append(out, e)
		case <-done:
			return out
		case <-time.After(patience):
			t.Fatal("the run did not stop on Close")
		}
	}
}

// untilFinal takes the run's calls up to its final one and returns them.
func untilFinal(t *testing.T, f chanFront) []runEvent {
	t.Helper()
	var out []runEvent
	for len(out) < 100 {
		e := next(t, f)
		if out = append(out, e); e.what == "final" {
			return out
		}
	}
	t.Fatalf("no final after %d calls: %+v", len(out), out)
	return nil
}

// told lists the events of kind what: the pairs announced, or one entry per other call.
func told(es []runEvent, what string) []string {
	var out []string
	for _, e := range es {
		switch {
		case e.what != what:
		case what == "announce":
			out = append(out, e.pair)
		default:
			out = append(out, e.what)
		}
	}
	return out
}

var allPairs = []string{ann + "-" + bob, ann + "-" + cid, bob + "-" + cid}

// TestRunTourney_ToTheEnd runs a tournament in the background: it tells the progress
// after every game but the last, each pairing once when its games are played, then
// the final standings once, and stores it as over.
func TestRunTourney_ToTheEnd(t *testing.T) {
	path, id := started(t)
	h, ts, _ := hostTourneys(t, path)
	f := make(chanFront)
	h.RunTourney(ts, f, id)
	es := untilFinal(t, f)
	es = append(es, closeHost(t, h, f)...)

	var progress []int
	for _, e := range es {
		if e.id != id {
			t.Errorf("told %+v, of another tournament", e)
		}
		if e.what == "progress" {
			progress = append(progress, e.played)
		}
	}
	if want := []int{1, 2, 3, 4, 5}; !slices.Equal(progress, want) {
		t.Errorf("progress told %v, want %v", progress, want)
	}
	if got := told(es, "announce"); !slices.Equal(got, allPairs) {
		t.Errorf("pairings announced %v, want each once: %v", got, allPairs)
	}
	if got := told(es, "final"); len(got) != 1 {
		t.Errorf("final told %d times, want once", len(got))
	}
	if last := es[len(es)-1]; last.what != "final" || len(last.final) != 3 {
		t.Errorf("last told %+v, want the final with 3 standings", last)
	}
	row, _, err := ts.Load(context.Background(), id)
	must(t, err)
	if row.Status != store.TournamentOver {
		t.Errorf("status %s after the run, want over", row.Status)
	}
}

// TestRunTourney_CloseThenResume closes the host right after the first pairing is
// announced: the run stops with the tournament still running; a new host on the same
// database resumes it (ResumeTourneys, only the tournaments that are its own) and
// finishes it, and in all each pairing is announced once and the final once.
func TestRunTourney_CloseThenResume(t *testing.T) {
	ctx := context.Background()
	path, id := started(t)
	h, ts, db := hostTourneys(t, path)
	other, _, err := ts.Open(ctx, "elsewhere", "c", ann, 1, sixTurns(), 7)
	must(t, err)
	enter(t, ts, other.ID, ann, bob)
	_, _, err = ts.Start(ctx, other.ID, ann, false)
	must(t, err)

	f := make(chanFront)
	h.RunTourney(ts, f, id)
	var es []runEvent
	for !slices.ContainsFunc(es, func(e runEvent) bool { return e.what == "announce" }) {
		es = append(es, next(t, f))
	}
	es = append(es, closeHost(t, h, f)...) // the run waits for us until then
	row, st, err := ts.Load(ctx, id)
	must(t, err)
	if played, _ := st.Progress(); row.Status != store.TournamentRunning || played != 2 || st.Posted != 1 {
		t.Fatalf("after Close: %s with %d games played and %d posted, want running, 2 and 1", row.Status, played, st.Posted)
	}
	if got := told(es, "announce"); !slices.Equal(got, allPairs[:1]) {
		t.Errorf("announced before Close %v, want %v", got, allPairs[:1])
	}
	must(t, db.Close())

	h2, ts2, _ := hostTourneys(t, path)
	f2 := make(chanFront)
	h2.ResumeTourneys(ts2, f2, func(scope string) bool { return scope == "g" })
	more := untilFinal(t, f2)
	more = append(more, closeHost(t, h2, f2)...)
	for _, e := range more {
		if e.id != id {
			t.Errorf("told %+v, of a tournament this host does not host", e)
		}
	}
	es = append(es, more...)
	if got := told(es, "announce"); !slices.Equal(got, allPairs) {
		t.Errorf("pairings announced %v, want each once: %v", got, allPairs)
	}
	if got := told(es, "final"); len(got) != 1 {
		t.Errorf("final told %d times, want once", len(got))
	}
	row, _, err = ts2.Load(ctx, id)
	must(t, err)
	if row.Status != store.TournamentOver {
		t.Errorf("status %s after the resumed run, want over", row.Status)
	}
	_, st, err = ts2.Load(ctx, other.ID)
	must(t, err)
	if played, _ := st.Progress(); played != 0 {
		t.Errorf("another host's tournament was played here: %d games", played)
	}
}
