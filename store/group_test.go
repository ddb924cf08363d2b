package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
)

// aTurn is one turn's decisions: a purchase, a spawn and the end.
func aTurn() []game.Decision {
	return []game.Decision{
		{Player: 1, Action: game.ActBuy, Hex: game.Hex{Row: 3, Col: 1}},
		{Player: 1, Action: game.ActSpawn, Kind: 0, Hex: game.Hex{Row: 3, Col: 1}},
		{Player: 1, Action: game.ActEnd},
	}
}

// createGames stores n games in setup, at places prefix0, prefix1...
func createGames(t testing.TB, db *DB, prefix string, n int) []int64 {
	t.Helper()
	ids := make([]int64, n)
	for i := range ids {
		id, err := db.CreateGame(context.Background(), newGameRow(fmt.Sprint(prefix, i), game.ModeAuto, "a", ""))
		must(t, err)
		ids[i] = id
	}
	return ids
}

// batches is how many batches db has run.
func (db *DB) batchesRun() int {
	db.group.mu.Lock()
	defer db.group.mu.Unlock()
	return db.group.batches
}

// waitQueued waits until n writes are queued behind the running batch. It yields
// rather than sleeps: the writers only have to be scheduled.
func waitQueued(t *testing.T, db *DB, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		db.group.mu.Lock()
		got := len(db.group.queue)
		db.group.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d writes queued, want %d", got, n)
		}
		runtime.Gosched()
	}
}

// TestGroupCommitOneBatch: writes that queue while a batch runs all share the next
// transaction (one commit), and each gets its own outcome: those that fail, by an
// error of their own after writing or by an SQL error (which on PostgreSQL aborts the
// transaction until its savepoint is rolled back), leave nothing behind and take none
// of the others with them.
func TestGroupCommitOneBatch(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	const n = 40
	ids := createGames(t, db, "c", n)
	before := db.batchesRun()

	// A write that holds the lead until released, so that the others queue.
	started, release := make(chan struct{}), make(chan struct{})
	holder := make(chan error, 1)
	go func() {
		holder <- db.tx(ctx, func(tx *txn) error {
			close(started)
			<-release
			return nil
		})
	}()
	<-started

	errBoom := errors.New("boom")
	errs := make([]error, n+2)
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() { errs[i] = db.CommitOwing(ctx, id, 0, aTurn(), nil, 0, fmt.Sprint("turn of ", i), nil) })
	}
	wg.Go(func() { // writes, then fails
		errs[n] = db.tx(ctx, func(tx *txn) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO actions (game_id, pos, seat, verb, at) VALUES (?, 100, 1, 'end', 0)`, ids[0]); err != nil {
				return err
			}
			return errBoom
		})
	})
	wg.Go(func() { // an SQL error: a game id that is taken
		errs[n+1] = db.tx(ctx, func(tx *txn) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO games (id, scope, place, mode, config, seed, status, state, created_at, updated_at)
				VALUES (?, 'g', 'dup', 'auto', '', 0, 'setup', '{"human_seat":0,"kinds":[]}', 0, 0)`, ids[1])
			return err
		})
	})
	waitQueued(t, db, n+2)
	close(release)
	wg.Wait()
	must(t, <-holder)

	if got := db.batchesRun() - before; got != 2 {
		t.Errorf("%d batches for the holder and %d writes queued behind it, want 2", got, n+2)
	}
	for i := range n {
		if errs[i] != nil {
			t.Errorf("write %d: %v", i, errs[i])
		}
	}
	if !errors.Is(errs[n], errBoom) {
		t.Errorf("the failing write returned %v, want its own error", errs[n])
	}
	if !isUnique(errs[n+1]) {
		t.Errorf("the duplicate game returned %v, want a unique violation", errs[n+1])
	}
	db = reopenTest(t, db)
	for i, id := range ids {
		g, err := db.Game(ctx, id)
		must(t, err)
		s, err := db.OwedScreen(ctx, id)
		if len(g.Actions) != 3 || err != nil || s.Version != 3 || s.Summary != fmt.Sprint("turn of ", i) {
			t.Errorf("game %d after reopening: %d decisions, screen %+v %v", id, len(g.Actions), s, err)
		}
	}
	if _, err := db.ActiveAt(ctx, "dup"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the failed duplicate left a game: %v", err)
	}
}

// TestGroupCommitMany: many games committing their turns at once all land, whole and
// in order, in fewer commits than writes; a write whose caller gave up before its
// batch began is not written.
func TestGroupCommitMany(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	const games, turns = 50, 8
	ids := createGames(t, db, "c", games)
	before := db.batchesRun()
	var wg sync.WaitGroup
	var failed atomic.Int32
	for _, id := range ids {
		wg.Go(func() {
			for k := range turns {
				pos := 3 * k
				if err := db.CommitOwing(ctx, id, pos, aTurn(), nil, k, fmt.Sprint(k), nil); err != nil {
					t.Errorf("game %d turn %d: %v", id, k, err)
					failed.Add(1)
					return
				}
				// Durable before return: a fresh read sees it.
				if s, err := db.OwedScreen(ctx, id); err != nil || s.Version != pos+3 {
					t.Errorf("game %d turn %d: owed screen %+v %v right after the commit", id, k, s, err)
				}
			}
		})
	}
	wg.Wait()
	batches := db.batchesRun() - before
	t.Logf("%d writes in %d batches", games*turns, batches)
	if batches >= games*turns {
		t.Errorf("%d writes took %d batches: none shared a commit", games*turns, batches)
	}
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if err := db.AppendDecisions(gone, ids[0], 3*turns, aTurn()); !errors.Is(err, context.Canceled) {
		t.Errorf("a write given up: %v", err)
	}
	db = reopenTest(t, db)
	for _, id := range ids {
		g, err := db.Game(ctx, id)
		must(t, err)
		if len(g.Actions) != 3*turns {
			t.Errorf("game %d: %d decisions stored, want %d", id, len(g.Actions), 3*turns)
		}
	}
}

// TestGroupHelperProcess is the child of TestGroupCommitCrash: it commits turns of the
// games named in its environment, all at once, and prints "committed GAME POS" after
// each commit returns. It does nothing in a normal test run.
func TestGroupHelperProcess(t *testing.T) {
	path := os.Getenv("KOMBAT_GROUP_DB")
	if path == "" {
		t.Skip("the child of TestGroupCommitCrash")
	}
	ctx := context.Background()
	db, err := Open(ctx, path)
	must(t, err)
	var mu sync.Mutex
	out := bufio.NewWriter(os.Stdout)
	var wg sync.WaitGroup
	for _, f := range strings.Fields(os.Getenv("KOMBAT_GROUP_GAMES")) {
		id, _ := strconv.ParseInt(f, 10, 64)
		wg.Go(func() {
			for pos := 0; ; pos += 3 {
				must(t, db.CommitOwing(ctx, id, pos, aTurn(), nil, 0, "", nil))
				mu.Lock()
				fmt.Fprintf(out, "committed %d %d\n", id, pos+3)
				out.Flush()
				mu.Unlock()
			}
		})
	}
	wg.Wait()
}

// TestGroupCommitCrash kills a process whose games commit in shared transactions with
// SIGKILL: every commit it reported had returned, so every one is in the database
// afterwards, whole turns only.
func TestGroupCommitCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	ctx := context.Background()
	path := newTestDatabase(t)
	db, err := Open(ctx, path)
	must(t, err)
	ids := createGames(t, db, "c", 24)
	must(t, db.Close())
	var list []string
	for _, id := range ids {
		list = append(list, fmt.Sprint(id))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGroupHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), "KOMBAT_GROUP_DB="+path, "KOMBAT_GROUP_GAMES="+strings.Join(list, " "))
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	must(t, err)
	must(t, cmd.Start())
	reported := map[int64]int{}
	sc := bufio.NewScanner(stdout)
	lines := 0
	for sc.Scan() {
		var id int64
		var pos int
		if _, err := fmt.Sscanf(sc.Text(), "committed %d %d", &id, &pos); err == nil {
			reported[id] = max(reported[id], pos)
			lines++
		}
		if lines == 500 {
			cmd.Process.Signal(syscall.SIGKILL)
		}
	}
	cmd.Wait()
	if lines < 500 {
		t.Fatalf("the child reported %d commits and stopped", lines)
	}
	db, err = Open(ctx, path)
	must(t, err)
	defer db.Close()
	for _, id := range ids {
		g, err := db.Game(ctx, id)
		must(t, err)
		if n := len(g.Actions); n < reported[id] || n%3 != 0 {
			t.Errorf("game %d: %d decisions stored, %d reported committed", id, n, reported[id])
		}
	}
	t.Logf("killed after %d reported commits", lines)
}
