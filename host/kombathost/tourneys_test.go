package kombathost

import (
	"context"
	"errors"
	"fmt"
	"github.com/kombat-game/kombat/host"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// The strategies of the tournament tests: one shoots around, one walks after a loop
// (a raised stop interrupts it there).
const (
	shooter = "shoot up 10 shoot upright 10 shoot downright 10 shoot down 10 shoot downleft 10 shoot upleft 10"
	walker  = "i = 0\nwhile (3 - i) i = i + 1\nmove up"
)

// kind is one kind of an entry.
func kind(name, strategy string) []game.KindSpec {
	return []game.KindSpec{{Name: name, Strategy: strategy}}
}

// openTourneys opens (or reopens, after a "restart") the database at path and hosts
// its tournaments; the database is closed at the end of the test.
func openTourneys(t *testing.T, path string, stop *atomic.Bool) (*Tourneys, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if stop == nil {
		stop = new(atomic.Bool)
	}
	return NewTourneys(db, game.NewLanguage(), stop), db
}

// must fails the test on an error.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// openTourney opens tournament #1, organised by ann, with one game per pairing and
// seat of at most 6 turns.
func openTourney(t *testing.T, ts *Tourneys) int64 {
	t.Helper()
	row, _, err := ts.Open(context.Background(), "g", "c", ann, 1, sixTurns(), 7)
	must(t, err)
	return row.ID
}

// enter enters users in tournament id, alternating the two strategies.
func enter(t *testing.T, ts *Tourneys, id int64, users ...string) {
	t.Helper()
	for i, u := range users {
		k := kind("Shooter", shooter)
		if i%2 == 1 {
			k = kind("Walker", walker)
		}
		_, _, err := ts.Enter(context.Background(), id, u, "name"+u, k)
		must(t, err)
	}
}

// users are n user ids starting from first.
func users(first, n int) []string {
	var out []string
	for i := range n {
		out = append(out, fmt.Sprint(first+i))
	}
	return out
}

// TestTourneys_Registration checks entering, replacing, leaving, cancelling and
// starting, who may do it and when, with the words of each refusal, and that a
// refused change stores nothing.
func TestTourneys_Registration(t *testing.T) {
	ctx := context.Background()
	twelve := users(1000, MaxEntrants)
	cases := []struct {
		name     string
		setup    func(ts *Tourneys, id int64)
		act      func(ts *Tourneys, id int64) error
		refusal  string // "" when allowed; a prefix when it ends with "…"
		entrants []string
		kinds    []string // of the first entrant, when set
		status   store.TournamentStatus
	}{
		{"a player enters", nil,
			func(ts *Tourneys, id int64) error {
				_, _, err := ts.Enter(ctx, id, bob, "bob", kind("Walker", walker))
				return err
			},
			"", []string{bob}, []string{"Walker"}, store.TournamentOpen},
		{"entering again replaces the entry", func(ts *Tourneys, id int64) { enter(t, ts, id, bob, cid) },
			func(ts *Tourneys, id int64) error {
				_, _, err := ts.Enter(ctx, id, bob, "bob", append(kind("Walker", walker), kind("Shooter", shooter)...))
				return err
			},
			"", []string{bob, cid}, []string{"Walker", "Shooter"}, store.TournamentOpen},
		{"a full tournament refuses a newcomer", func(ts *Tourneys, id int64) { enter(t, ts, id, twelve...) },
			func(ts *Tourneys, id int64) error {
				_, _, err := ts.Enter(ctx, id, bob, "bob", kind("Walker", walker))
				return err
			},
			"The tournament is full (12 entrants).", twelve, nil, store.TournamentOpen},
		{"a full tournament still replaces an entry", func(ts *Tourneys, id int64) { enter(t, ts, id, twelve...) },
			func(ts *Tourneys, id int64) error {
				_, _, err := ts.Enter(ctx, id, twelve[0], "x", kind("Walker", walker))
				return err
			},
			"", twelve, []string{"Walker"}, store.TournamentOpen},
		{"no kinds are refused", nil,
			func(ts *Tourneys, id int64) error { _, _, err := ts.Enter(ctx, id, bob, "bob", nil); return err },
			"Choose 1 to 2 strategies.", nil, nil, store.TournamentOpen},
		{"three kinds are refused", nil,
			func(ts *Tourneys, id int64) error {
				ks := slices.Concat(kind("A", walker), kind("B", walker), kind("C", walker))
				_, _, err := ts.Enter(ctx, id, bob, "bob", ks)
				return err
			},
			"Choose 1 to 2 strategies.", nil, nil, store.TournamentOpen},
		{"kinds that cannot play are refused", nil,
			func(ts *Tourneys, id int64) error {
				_, _, err := ts.Enter(ctx, id, bob, "bob", kind("Broken", "move ((("))
				return err
			},
			"Those strategies cannot play: …", nil, nil, store.TournamentOpen},
		{"an entrant leaves", func(ts *Tourneys, id int64) { enter(t, ts, id, bob, cid) },
			func(ts *Tourneys, id int64) error { _, _, err := ts.Leave(ctx, id, bob); return err },
			"", []string{cid}, nil, store.TournamentOpen},
		{"a stranger cannot leave", func(ts *Tourneys, id int64) { enter(t, ts, id, cid) },
			func(ts *Tourneys, id int64) error { _, _, err := ts.Leave(ctx, id, bob); return err },
			"You are not entered in this tournament.", []string{cid}, nil, store.TournamentOpen},
		{"a member cannot cancel", func(ts *Tourneys, id int64) { enter(t, ts, id, bob) },
			func(ts *Tourneys, id int64) error { _, _, err := ts.Cancel(ctx, id, bob, false); return err },
			"Only <@100>, who organised it, or a server manager can cancel this tournament.", []string{bob}, nil, store.TournamentOpen},
		{"the organiser cancels", nil,
			func(ts *Tourneys, id int64) error { _, _, err := ts.Cancel(ctx, id, ann, false); return err },
			"", nil, nil, store.TournamentCancelled},
		{"a server manager cancels", nil,
			func(ts *Tourneys, id int64) error { _, _, err := ts.Cancel(ctx, id, cid, true); return err },
			"", nil, nil, store.TournamentCancelled},
		{"a cancelled tournament takes no entries", func(ts *Tourneys, id int64) { ts.Cancel(ctx, id, ann, false) },
			func(ts *Tourneys, id int64) error {
				_, _, err := ts.Enter(ctx, id, bob, "bob", kind("Walker", walker))
				return err
			},
			"Tournament #1 is cancelled; registration is closed.", nil, nil, store.TournamentCancelled},
		{"a member cannot start", func(ts *Tourneys, id int64) { enter(t, ts, id, bob, cid) },
			func(ts *Tourneys, id int64) error { _, _, err := ts.Start(ctx, id, bob, false); return err },
			"Only <@100>, who organised it, or a server manager can start this tournament.", []string{bob, cid}, nil, store.TournamentOpen},
		{"one entrant cannot start", func(ts *Tourneys, id int64) { enter(t, ts, id, bob) },
			func(ts *Tourneys, id int64) error { _, _, err := ts.Start(ctx, id, ann, false); return err },
			"A tournament needs at least 2 entrants; it has 1.", []string{bob}, nil, store.TournamentOpen},
		{"a server manager starts", func(ts *Tourneys, id int64) { enter(t, ts, id, bob, cid) },
			func(ts *Tourneys, id int64) error { _, _, err := ts.Start(ctx, id, "999", true); return err },
			"", []string{bob, cid}, nil, store.TournamentRunning},
		{"a running tournament takes no entries", func(ts *Tourneys, id int64) { enter(t, ts, id, bob, cid); ts.Start(ctx, id, ann, false) },
			func(ts *Tourneys, id int64) error { _, _, err := ts.Leave(ctx, id, bob); return err },
			"Tournament #1 is running; registration is closed.", []string{bob, cid}, nil, store.TournamentRunning},
		{"a tournament that does not exist", nil,
			func(ts *Tourneys, id int64) error {
				_, _, err := ts.Enter(ctx, id+1, bob, "bob", kind("Walker", walker))
				return err
			},
			"This tournament no longer exists.", nil, nil, store.TournamentOpen},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ts, _ := openTourneys(t, filepath.Join(t.TempDir(), "kombat.db"), nil)
			id := openTourney(t, ts)
			if c.setup != nil {
				c.setup(ts, id)
			}
			err := c.act(ts, id)
			var no *host.Refusal
			switch {
			case c.refusal == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.refusal == "":
			case !errors.As(err, &no):
				t.Fatalf("gave %v, want the refusal %q", err, c.refusal)
			case strings.HasSuffix(c.refusal, "…") && !strings.HasPrefix(refusalText(no), strings.TrimSuffix(c.refusal, "…")),
				!strings.HasSuffix(c.refusal, "…") && refusalText(no) != c.refusal:
				t.Errorf("refusal %q, want %q", refusalText(no), c.refusal)
			}
			row, st, err := ts.Load(ctx, id) // what is stored, not what was returned
			must(t, err)
			var got []string
			for _, e := range st.Entrants {
				got = append(got, e.User)
			}
			if !slices.Equal(got, c.entrants) {
				t.Errorf("entrants %v, want %v", got, c.entrants)
			}
			if c.kinds != nil {
				var names []string
				for _, k := range st.Entrants[0].Kinds {
					names = append(names, k.Name)
				}
				if !slices.Equal(names, c.kinds) {
					t.Errorf("first entrant's kinds %v, want %v", names, c.kinds)
				}
			}
			if row.Status != c.status {
				t.Errorf("status %s, want %s", row.Status, c.status)
			}
			if want := len(c.entrants) * (len(c.entrants) - 1); row.Status == store.TournamentRunning && len(st.Games) != want {
				t.Errorf("%d games scheduled, want %d", len(st.Games), want)
			}
		})
	}
}

// TestTourneys_OpenClampsSeedsAndSetsMessage checks the seeds an organiser may ask
// for and that the message id is stored.
func TestTourneys_OpenClampsSeedsAndSetsMessage(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ ask, want int }{{0, 1}, {1, 1}, {3, 3}, {MaxSeeds, MaxSeeds}, {MaxSeeds + 1, MaxSeeds}} {
		t.Run(fmt.Sprint(c.ask), func(t *testing.T) {
			ts, _ := openTourneys(t, filepath.Join(t.TempDir(), "kombat.db"), nil)
			row, _, err := ts.Open(ctx, "g", "c", ann, c.ask, game.DefaultConfig(), 1)
			must(t, err)
			_, _, err = ts.SetMessage(ctx, row.ID, "m1")
			must(t, err)
			row, st, err := ts.Load(ctx, row.ID)
			must(t, err)
			if st.Seeds != c.want || row.MessageID != "m1" || row.Owner != ann || row.Status != store.TournamentOpen {
				t.Errorf("stored %+v with seeds %d, want seeds %d and message m1", row, st.Seeds, c.want)
			}
		})
	}
}

// run plays tournament id with ts until every game is played, taking each pairing to
// post after each game, and returns the pairings taken and the games played.
func run(t *testing.T, ts *Tourneys, id int64) (posts []Announcement, games int) {
	t.Helper()
	ctx := context.Background()
	for {
		posts = append(posts, drain(t, ts, id)...)
		_, st, done, err := ts.PlayNext(ctx, id)
		must(t, err)
		if games++; games > 100 {
			t.Fatalf("still playing after %d games", games)
		}
		if played, _ := st.Progress(); done != (st.Next() < 0) || played == 0 {
			t.Fatalf("PlayNext: done %v with %d games played, next %d", done, played, st.Next())
		}
		if done {
			return append(posts, drain(t, ts, id)...), games
		}
	}
}

// drain takes every pairing of tournament id there is to post.
func drain(t *testing.T, ts *Tourneys, id int64) []Announcement {
	t.Helper()
	var out []Announcement
	for {
		a, ok, err := ts.NextPost(context.Background(), id)
		must(t, err)
		if !ok {
			return out
		}
		if out = append(out, a); len(out) > 100 {
			t.Fatalf("%d pairings to post and counting", len(out))
		}
	}
}

// pairs lists the entrants of announcements as "X-Y".
func pairs(as []Announcement) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.X.User+"-"+a.Y.User)
	}
	return out
}

// started opens and starts a tournament of ann, bob and cid in a new database, and
// returns its path.
func started(t *testing.T) (string, int64) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kombat.db")
	ts, db := openTourneys(t, path, nil)
	id := openTourney(t, ts)
	enter(t, ts, id, ann, bob, cid)
	_, _, err := ts.Start(context.Background(), id, ann, false)
	must(t, err)
	must(t, db.Close())
	return path, id
}

// TestTourneys_PlayToTheEnd plays a tournament game by game: each game once, each
// pairing told once and in order, then Finish closes it once with standings that
// count every game.
func TestTourneys_PlayToTheEnd(t *testing.T) {
	ctx := context.Background()
	path, id := started(t)
	ts, _ := openTourneys(t, path, nil)
	if _, _, _, err := ts.Finish(ctx, id); err == nil {
		t.Errorf("finished a tournament with no game played")
	}
	openTourney(t, ts) // open, not running: never resumed
	posts, games := run(t, ts, id)
	if games != 6 {
		t.Errorf("%d games played, want 6", games)
	}
	if got, want := pairs(posts), []string{ann + "-" + bob, ann + "-" + cid, bob + "-" + cid}; !slices.Equal(got, want) {
		t.Errorf("pairings told %v, want %v", got, want)
	}
	for _, a := range posts {
		if a.Score.WinsX+a.Score.WinsY+a.Score.Ties != 2 {
			t.Errorf("pairing %+v does not count its 2 games", a.Score)
		}
	}
	if running, err := ts.Running(ctx); err != nil || len(running) != 1 || running[0].ID != id {
		t.Errorf("running before Finish: %v, %v", running, err)
	}
	row, st, rows, err := ts.Finish(ctx, id)
	must(t, err)
	points := 0.0
	for _, r := range rows {
		points += r.Points
	}
	if row.Status != store.TournamentOver || len(rows) != 3 || points != 6 || st.Posted != 3 {
		t.Errorf("finished %s with standings %+v (%v points), posted %d", row.Status, rows, points, st.Posted)
	}
	if _, _, _, err := ts.Finish(ctx, id); !errors.Is(err, ErrNotRunning) {
		t.Errorf("a second Finish gave %v, want ErrNotRunning", err)
	}
	if _, _, _, err := ts.PlayNext(ctx, id); !errors.Is(err, ErrNotRunning) {
		t.Errorf("PlayNext after the end gave %v, want ErrNotRunning", err)
	}
	if running, err := ts.Running(ctx); err != nil || len(running) != 0 {
		t.Errorf("running after Finish: %v, %v", running, err)
	}
}

// TestTourneys_ResumeAfterRestart stops a run after some games (and, for one case,
// after a pairing was taken to post but before it could be told): a new Tourneys on
// the same database lists it as running, plays no game twice, ends with the results
// an uninterrupted run has, and tells each pairing once in all.
func TestTourneys_ResumeAfterRestart(t *testing.T) {
	ctx := context.Background()
	refPath, id := started(t)
	ref, _ := openTourneys(t, refPath, nil)
	run(t, ref, id)
	_, want, err := ref.Load(ctx, id)
	must(t, err)

	for _, before := range []int{1, 2, 3, 5} {
		t.Run(fmt.Sprintf("after %d games", before), func(t *testing.T) {
			path, id := started(t)
			ts, db := openTourneys(t, path, nil)
			var posts []Announcement
			for range before {
				_, _, _, err := ts.PlayNext(ctx, id)
				must(t, err)
			}
			posts = append(posts, drain(t, ts, id)...) // taken; told or lost in the crash
			must(t, db.Close())

			again, _ := openTourneys(t, path, nil)
			running, err := again.Running(ctx)
			must(t, err)
			if len(running) != 1 || running[0].ID != id {
				t.Fatalf("running after the restart: %+v", running)
			}
			more, games := run(t, again, id)
			if games != 6-before {
				t.Errorf("%d games played after the restart, want %d", games, 6-before)
			}
			posts = append(posts, more...)
			if got, want := pairs(posts), []string{ann + "-" + bob, ann + "-" + cid, bob + "-" + cid}; !slices.Equal(got, want) {
				t.Errorf("pairings taken %v, want each once: %v", got, want)
			}
			_, st, err := again.Load(ctx, id)
			must(t, err)
			if !slices.Equal(st.Games, want.Games) {
				t.Errorf("resumed results %+v, want those of an uninterrupted run %+v", st.Games, want.Games)
			}
		})
	}
}

// TestTourneys_PlayNextStops checks that a raised stop gives game.ErrStopped itself
// and stores nothing of the game, which is played again afterwards.
func TestTourneys_PlayNextStops(t *testing.T) {
	ctx := context.Background()
	path, id := started(t)
	var stop atomic.Bool
	ts, _ := openTourneys(t, path, &stop)
	// Game 0 is ann's Shooter against bob's Walker: Walker's loop meets the stop.
	stop.Store(true)
	if _, _, _, err := ts.PlayNext(ctx, id); !errors.Is(err, game.ErrStopped) {
		t.Fatalf("a raised stop gave %v, want game.ErrStopped", err)
	}
	_, st, err := ts.Load(ctx, id)
	must(t, err)
	if played, _ := st.Progress(); played != 0 {
		t.Errorf("a stopped game stored: %d played", played)
	}
	stop.Store(false)
	_, st, _, err = ts.PlayNext(ctx, id)
	must(t, err)
	if !st.Games[0].Played {
		t.Errorf("the stopped game was not played again: %+v", st.Games[0])
	}
}

// sixTurns is a configuration of short games.
func sixTurns() game.Config {
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 6
	return cfg
}
