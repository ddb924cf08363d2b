package store

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
)

// crashKinds are the crash test's kinds: the example strategies.
func crashKinds(t testing.TB) []game.KindSpec {
	files, _ := filepath.Glob("../examples/*.kombat")
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no ../examples/*.kombat")
	}
	var kinds []game.KindSpec
	for _, f := range files {
		b, err := os.ReadFile(f)
		must(t, err)
		k, err := game.KindFromFile(f, string(b))
		must(t, err)
		kinds = append(kinds, k)
	}
	return kinds
}

func crashSetup(t testing.TB, seed uint64) game.Setup {
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 25
	return game.Setup{Config: cfg, Seed: seed, Mode: game.ModeAuto, Kinds: crashKinds(t)}
}

// turnDecider decides like game.RandomDecider, seeded by the game's seed and its
// position in the record, so a game resumed after a crash makes the same decisions as
// one that never stopped.
type turnDecider struct{ seed uint64 }

func (d turnDecider) rnd(g *game.Game) game.RandomDecider {
	return game.RandomDecider{Rng: rand.New(rand.NewPCG(d.seed, uint64(g.Decisions())))}
}
func (d turnDecider) FreeSpawn(g *game.Game, p int) (int, game.Hex) { return d.rnd(g).FreeSpawn(g, p) }
func (d turnDecider) Buy(g *game.Game, p int) (game.Hex, bool)      { return d.rnd(g).Buy(g, p) }
func (d turnDecider) Spawn(g *game.Game, p int) (int, game.Hex, bool) {
	return d.rnd(g).Spawn(g, p)
}

// playSteps plays g from wherever it is to the end, one step at a time (both free
// spawns, then each turn with game.PlayTurn), and calls step after each with the
// record position the step started at.
func playSteps(g *game.Game, d game.Decider, step func(pos int) error) error {
	if g.Phase() == game.PhaseSetup {
		pos := g.Decisions()
		for p := 1; p <= 2; p++ {
			if len(g.FreeSpawnOptions(p)) > 0 {
				if err := game.PlayFreeSpawn(g, p, d); err != nil {
					return err
				}
			}
		}
		if err := step(pos); err != nil {
			return err
		}
	}
	for g.Phase() == game.PhasePlay {
		pos := g.Decisions()
		if _, err := game.PlayTurn(g, g.Current(), d); err != nil {
			return err
		}
		if err := step(pos); err != nil {
			return err
		}
	}
	return nil
}

// resumeAndCommit rebuilds stored game id with game.Replay and plays it to the end,
// committing each step in one transaction (the last with Finish) and calling
// committed with the number of decisions stored after each commit.
func resumeAndCommit(ctx context.Context, db *DB, id int64, seed uint64, committed func(int)) error {
	row, err := db.Game(ctx, id)
	if err != nil {
		return err
	}
	rec := kOf(row).record(row)
	g, err := game.Replay(game.NewLanguage(), rec)
	if err != nil {
		return err
	}
	return playSteps(g, turnDecider{seed}, func(pos int) error {
		all := g.Record().Decisions
		var err error
		if r := g.Result(); r != nil {
			err = db.Finish(ctx, id, pos, all[pos:], *r, g.Turns(), nil)
		} else {
			err = db.AppendDecisions(ctx, id, pos, all[pos:])
		}
		if err == nil {
			committed(len(all))
		}
		return err
	})
}

// TestHelperProcess is the child process of TestCrashNothingLost: it resumes the game
// named in its environment and prints "committed N" after each commit. It does
// nothing in a normal test run.
func TestHelperProcess(t *testing.T) {
	path := os.Getenv("KOMBAT_CRASH_DB")
	if path == "" {
		t.Skip("the child of TestCrashNothingLost")
	}
	id, _ := strconv.ParseInt(os.Getenv("KOMBAT_CRASH_GAME"), 10, 64)
	seed, _ := strconv.ParseUint(os.Getenv("KOMBAT_CRASH_SEED"), 10, 64)
	ctx := context.Background()
	db, err := Open(ctx, path)
	must(t, err)
	out := bufio.NewWriter(os.Stdout)
	err = resumeAndCommit(ctx, db, id, seed, func(n int) {
		fmt.Fprintf(out, "committed %d\n", n)
		out.Flush()
	})
	must(t, err)
	fmt.Fprintln(out, "done")
	out.Flush()
}

// TestCrashNothingLost kills a process committing turns with SIGKILL at random
// moments, several times per game over many seeds. After each kill the file must pass
// the integrity check and hold every turn the child reported committed, whole turns
// only, equal to the same game played without interruption; resumed after the last
// kill, the game ends exactly as that game did.
func TestCrashNothingLost(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	const killsPerGame = 3
	seeds := uint64(12)
	if raceEnabled {
		// Each kill starts a race-built child, slow to start; the kills test SQLite's
		// files, not this process's goroutines. Under the detector a few seeds keep
		// every check, and CI runs all 12 without it as well (.ci/run).
		seeds = 3
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2026, 11))
	kills, turnsChecked, midway := 0, 0, 0
	for seed := uint64(1); seed <= seeds; seed++ {
		// The reference: the same game played in memory, with the record position at
		// the end of each step.
		ref, err := game.New(game.NewLanguage(), crashSetup(t, seed))
		must(t, err)
		bounds := []int{0}
		must(t, playSteps(ref, turnDecider{seed}, func(int) error {
			bounds = append(bounds, ref.Decisions())
			return nil
		}))
		want := ref.Record().Decisions

		path := newTestDatabase(t)
		db, err := Open(ctx, path)
		must(t, err)
		setup := crashSetup(t, seed)
		row := &Game{Scope: "g", Place: "c", Mode: game.ModeAuto, Seed: seed, Status: StatusPlay}
		kTest{Config: setup.Config, Kinds: setup.Kinds}.put(row)
		id, err := db.CreateGame(ctx, row)
		must(t, err)
		must(t, db.Close())

		stored := 0
		for k := 1; k <= killsPerGame; k++ {
			left := len(bounds) - 1 - slices.Index(bounds, stored)
			if left == 0 {
				break // an earlier child finished the game
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
			cmd.Env = append(os.Environ(), "KOMBAT_CRASH_DB="+path, fmt.Sprint("KOMBAT_CRASH_GAME=", id), fmt.Sprint("KOMBAT_CRASH_SEED=", seed))
			cmd.Stderr = os.Stderr
			stdout, err := cmd.StdoutPipe()
			must(t, err)
			must(t, cmd.Start())
			// The moment: after a random number of the steps left (possibly none), then a
			// random part of a commit's time, so that some kills land inside a commit.
			// The pause only spreads the moment; nothing waits on it.
			wait := rng.IntN((left + 1) / 2) // leave steps for the next kills
			reported, odd := stored, -1
			var said []string // anything else the child printed: its failure, if it failed
			sc := bufio.NewScanner(stdout)
			read := func() bool {
				if !sc.Scan() {
					return false
				}
				if n, ok := strings.CutPrefix(sc.Text(), "committed "); ok {
					reported, _ = strconv.Atoi(n)
					if !slices.Contains(bounds, reported) {
						odd = reported
					}
				} else if sc.Text() != "done" && sc.Text() != "PASS" { // PASS: a child that finished the game
					said = append(said, sc.Text())
				}
				return true
			}
			for seen := 0; seen < wait && read(); seen++ {
			}
			time.Sleep(time.Duration(rng.IntN(2000)) * time.Microsecond)
			cmd.Process.Signal(syscall.SIGKILL)
			for read() { // what the child printed before it died
			}
			cmd.Wait()
			kills++
			if len(said) > 0 { // a child killed only prints its commits; this one failed
				t.Fatalf("seed %d kill %d: the child failed before it was killed:\n%s", seed, k, strings.Join(said, "\n"))
			}
			if odd >= 0 {
				t.Fatalf("seed %d kill %d: the child reported %d decisions committed, not the end of a step", seed, k, odd)
			}

			db, err := Open(ctx, path)
			must(t, err)
			if res, err := db.IntegrityCheck(ctx); err != nil || res != "ok" {
				t.Fatalf("seed %d kill %d: integrity check %q %v", seed, k, res, err)
			}
			g, err := db.Game(ctx, id)
			must(t, err)
			must(t, db.Close())
			n := len(g.Actions)
			switch {
			case n < reported:
				t.Fatalf("seed %d kill %d: %d decisions reported committed, %d stored", seed, k, reported, n)
			case !slices.Contains(bounds, n):
				t.Fatalf("seed %d kill %d: %d decisions stored, part of a step", seed, k, n)
			case !slices.EqualFunc(kOf(g).Decisions, want[:n], func(a, b game.Decision) bool { return reflect.DeepEqual(a, b) }):
				t.Fatalf("seed %d kill %d: the stored decisions differ from the uninterrupted game's", seed, k)
			case g.Status != StatusPlay && n != len(want):
				t.Fatalf("seed %d kill %d: status %s after %d of %d decisions", seed, k, g.Status, n, len(want))
			}
			if n > reported {
				midway++ // killed after a commit, before it printed
			}
			turnsChecked += slices.Index(bounds, n)
			stored = n
		}

		// Resume in this process; the game ends exactly as the uninterrupted one.
		db, err = Open(ctx, path)
		must(t, err)
		must(t, resumeAndCommit(ctx, db, id, seed, func(int) {}))
		final, err := db.Game(ctx, id)
		must(t, err)
		must(t, db.Close())
		if final.Status != StatusOver || final.Result == nil || *final.Result != *ref.Result() ||
			final.Turns != ref.Turns() || !reflect.DeepEqual(kOf(final).Decisions, want) {
			t.Fatalf("seed %d: resumed game ended %v after %d turns with %d decisions; uninterrupted: %v after %d with %d",
				seed, final.Result, final.Turns, len(final.Actions), ref.Result(), ref.Turns(), len(want))
		}
	}
	t.Logf("%d kills over %d games; %d committed steps checked after the kills; %d kills fell between a commit and its report",
		kills, seeds, turnsChecked, midway)
}
