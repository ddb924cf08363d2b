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
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/kombat-game/kombat/game"
)

// crashKinds are the kinds of the crash test's games.
func crashKinds(t testing.TB) []game.KindSpec {
	files, _ := filepath.Glob("../examples/*.kombat")
	sort.Strings(files)
	var kinds []game.KindSpec
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		k, err := game.KindFromFile(f, string(b))
		if err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, k)
	}
	return kinds
}

// turnDecider decides like game.RandomDecider, seeded by the game's seed and the turn
// number, so a game resumed after a crash makes the same decisions as one that never
// stopped.
type turnDecider struct{ seed uint64 }

func (d turnDecider) rnd(g *game.Game) game.RandomDecider {
	return game.RandomDecider{Rng: rand.New(rand.NewPCG(d.seed, uint64(g.Decisions())))}
}
func (d turnDecider) FreeSpawn(g *game.Game, p int) (int, game.Hex) { return d.rnd(g).FreeSpawn(g, p) }
func (d turnDecider) Buy(g *game.Game, p int) (game.Hex, bool)      { return d.rnd(g).Buy(g, p) }
func (d turnDecider) Spawn(g *game.Game, p int) (int, game.Hex, bool) {
	return d.rnd(g).Spawn(g, p)
}

func crashSetup(t testing.TB, seed uint64) game.Setup {
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 25
	return game.Setup{Config: cfg, Seed: seed, Mode: game.ModeAuto, Kinds: crashKinds(t)}
}

// playAndCommit plays the database's game (creating it first) to the end, committing
// the free spawns as one setup step and each turn in one transaction, and calls
// committed with the number of decisions stored after each commit.
func playAndCommit(t testing.TB, db *DB, seed uint64, committed func(int)) {
	ctx := context.Background()
	setup := crashSetup(t, seed)
	active, err := db.ActiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var row *Game
	if len(active) == 0 {
		row = &Game{Guild: "g", Channel: "c", Mode: game.ModeAuto, Config: setup.Config.String(), Seed: seed, Status: StatusPlay, Kinds: setup.Kinds}
		if row.ID, err = db.CreateGame(ctx, row); err != nil {
			t.Fatal(err)
		}
	} else {
		row = active[0]
	}
	rec, err := row.Record()
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Replay(game.NewLanguage(), rec)
	if err != nil {
		t.Fatal(err)
	}
	d := turnDecider{seed}
	commit := func(pos int) {
		all := g.Record().Decisions
		if r := g.Result(); r != nil {
			err = db.Finish(ctx, row.ID, pos, all[pos:], *r, g.Turns())
		} else {
			err = db.AppendDecisions(ctx, row.ID, pos, all[pos:])
		}
		if err != nil {
			t.Fatal(err)
		}
		committed(len(all))
	}
	if g.Phase() == game.PhaseSetup {
		pos := g.Decisions()
		for p := 1; p <= 2; p++ {
			if len(g.FreeSpawnOptions(p)) > 0 {
				if err := game.PlayFreeSpawn(g, p, d); err != nil {
					t.Fatal(err)
				}
			}
		}
		commit(pos)
	}
	for g.Phase() == game.PhasePlay {
		pos := g.Decisions()
		if _, err := game.PlayTurn(g, g.Current(), d); err != nil {
			t.Fatal(err)
		}
		commit(pos)
	}
}

// TestCrashChild is the child process of TestCrashNothingLost; it does nothing in a
// normal test run.
func TestCrashChild(t *testing.T) {
	path := os.Getenv("KOMBAT_CRASH_DB")
	if path == "" {
		t.Skip("run by TestCrashNothingLost")
	}
	seed, _ := strconv.ParseUint(os.Getenv("KOMBAT_CRASH_SEED"), 10, 64)
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	out := bufio.NewWriter(os.Stdout)
	playAndCommit(t, db, seed, func(n int) {
		fmt.Fprintf(out, "committed %d\n", n)
		out.Flush()
	})
	fmt.Fprintln(out, "done")
	out.Flush()
}

// TestCrashNothingLost kills a process committing turns with SIGKILL at random moments,
// twice per game and over many seeds, then checks that every turn reported committed
// is stored, the file is sound, and the game resumes to exactly the record of a run
// that never crashed.
func TestCrashNothingLost(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	const seeds, killsPerGame = 12, 2
	rng := rand.New(rand.NewPCG(2026, 11))
	kills, turnsChecked := 0, 0
	for s := uint64(1); s <= seeds; s++ {
		// The reference: the same game played without a database.
		ref, err := game.New(game.NewLanguage(), crashSetup(t, s))
		must(t, err)
		must(t, game.PlayOut(ref, [2]game.Decider{turnDecider{s}, turnDecider{s}}))
		total := len(ref.Record().Decisions)

		path := filepath.Join(t.TempDir(), "crash.db")
		reported := 0
		for k := 0; k < killsPerGame; k++ {
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.v=false")
			cmd.Env = append(os.Environ(), "KOMBAT_CRASH_DB="+path, fmt.Sprint("KOMBAT_CRASH_SEED=", s))
			stdout, err := cmd.StdoutPipe()
			must(t, err)
			must(t, cmd.Start())
			// Kill after a random number of reported commits: the child is then already
			// busy with the next turn, possibly inside its transaction.
			wait := 1 + rng.IntN(30)
			sc := bufio.NewScanner(stdout)
			for seen := 0; seen < wait && sc.Scan(); {
				if n, ok := strings.CutPrefix(sc.Text(), "committed "); ok {
					reported, _ = strconv.Atoi(n)
					seen++
				}
			}
			cmd.Process.Signal(syscall.SIGKILL)
			for sc.Scan() { // drain what the child printed before it died
				if n, ok := strings.CutPrefix(sc.Text(), "committed "); ok {
					reported, _ = strconv.Atoi(n)
				}
			}
			cmd.Wait()
			kills++

			db, err := Open(context.Background(), path)
			must(t, err)
			if res, err := db.IntegrityCheck(context.Background()); err != nil || res != "ok" {
				t.Fatalf("seed %d kill %d: integrity check %q %v", s, k+1, res, err)
			}
			gs, err := db.ActiveGames(context.Background())
			must(t, err)
			stored := 0
			if len(gs) == 1 {
				stored = len(gs[0].Decisions)
			} else if g, err := db.Game(context.Background(), 1); err == nil {
				stored = len(g.Decisions)
			}
			if stored < reported {
				t.Fatalf("seed %d kill %d: %d decisions reported committed, %d stored", s, k+1, reported, stored)
			}
			turnsChecked += stored
			db.Close()
		}
		// Resume in this process and finish; the result is the reference's.
		db, err := Open(context.Background(), path)
		must(t, err)
		playAndCommit(t, db, s, func(int) {})
		final, err := db.Game(context.Background(), 1)
		must(t, err)
		db.Close()
		if final.Status != StatusOver || *final.Result != *ref.Result() || len(final.Decisions) != total ||
			!reflect.DeepEqual(final.Decisions, ref.Record().Decisions) {
			t.Fatalf("seed %d: resumed game ended %v with %d decisions; uninterrupted: %v with %d", s, final.Result, len(final.Decisions), ref.Result(), total)
		}
	}
	t.Logf("%d kills over %d games, %d stored decisions checked", kills, seeds, turnsChecked)
}
