package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
)

// TestClaimGame claims a game, is refused a second claim on it, releases it, and
// claims it again.
func TestClaimGame(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	c, err := db.ClaimGame(ctx, 7)
	must(t, err)
	must(t, c.Held(ctx))
	if _, err := db.ClaimGame(ctx, 7); !errors.Is(err, ErrClaimed) {
		t.Fatalf("second claim: %v", err)
	}
	other, err := db.ClaimGame(ctx, 8)
	must(t, err)
	must(t, c.Release(ctx))
	must(t, c.Release(ctx))
	if err := c.Held(ctx); !errors.Is(err, ErrClaimLost) {
		t.Fatalf("held after release: %v", err)
	}
	must(t, other.Held(ctx))
	again, err := db.ClaimGame(ctx, 7)
	must(t, err)
	must(t, again.Held(ctx))
	if _, err := db.ClaimGame(ctx, 0); !errors.Is(err, ErrInvalidInput) {
		t.Fatalf("claim of game 0: %v", err)
	}
}

// TestClaimAcrossProcesses: two stores on one PostgreSQL database, as two processes
// would have, never hold the same game; one that closes (or dies: the server ends its
// session either way) leaves its games to the other.
func TestClaimAcrossProcesses(t *testing.T) {
	if !onPostgres() {
		t.Skip("PostgreSQL only: SQLite is one process's store; TestPostgres runs this")
	}
	ctx := context.Background()
	a := openTest(t)
	b, err := Open(ctx, a.dsn)
	must(t, err)
	defer b.Close()
	ca, err := a.ClaimGame(ctx, 1)
	must(t, err)
	if _, err := b.ClaimGame(ctx, 1); !errors.Is(err, ErrClaimed) {
		t.Fatalf("b claimed a's game: %v", err)
	}
	cb, err := b.ClaimGame(ctx, 2)
	must(t, err)
	if _, err := a.ClaimGame(ctx, 2); !errors.Is(err, ErrClaimed) {
		t.Fatalf("a claimed b's game: %v", err)
	}
	must(t, ca.Release(ctx))
	c1, err := b.ClaimGame(ctx, 1)
	must(t, err)
	must(t, c1.Release(ctx))
	if _, err := a.ClaimGame(ctx, 1); err != nil {
		t.Fatal(err)
	}
	// a ends: its session ends, and its locks go with it once the server notices. A
	// blocking lock waits for exactly that moment.
	must(t, a.Close())
	waitForLock(t, b, 1)
	c1, err = b.ClaimGame(ctx, 1)
	must(t, err)
	must(t, c1.Held(ctx))
	must(t, cb.Held(ctx))
}

// waitForLock waits, on a connection of db's pool, until game id's advisory lock is
// free, and leaves it free.
func waitForLock(t testing.TB, db *DB, id int64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := db.sql.Conn(ctx)
	must(t, err)
	defer conn.Close()
	_, err = conn.ExecContext(ctx, `SELECT pg_advisory_lock($1, $2)`, ApplicationID, id)
	must(t, err)
	_, err = conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1, $2)`, ApplicationID, id)
	must(t, err)
}

// shardGames is how many games each shard process of TestTwoShards creates.
const shardGames = 6

// TestShardHelper is a shard process of TestTwoShards; it does nothing in a normal
// test run. It opens the database (migrating it, perhaps at the same moment as the
// other shard), saves a strategy to the shared library, creates its guild's games,
// then tries to claim every game of both shards and reports "claimed ID..." and
// "ready". On a line "take ID..." on its stdin it claims those games (the other shard
// has ended) and plays a turn in each; then it reports the other shard's strategy as
// it reads it, and ends when its stdin closes.
func TestShardHelper(t *testing.T) {
	dsn, shard := os.Getenv("KOMBAT_SHARD_DB"), os.Getenv("KOMBAT_SHARD")
	if dsn == "" {
		t.Skip("a shard process of TestTwoShards")
	}
	ctx := context.Background()
	db, err := Open(ctx, dsn)
	must(t, err)
	defer db.Close()
	_, err = db.SaveStrategy(ctx, "player", "from-"+shard, "done", 1, true)
	must(t, err)
	for i := range shardGames {
		_, err := db.CreateGame(ctx, newGameRow(fmt.Sprintf("shard%s-c%d", shard, i), game.ModeDuel, "a", "b"))
		must(t, err)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var claimed []string
	for id := int64(1); id <= 2*shardGames; id++ {
		_, err := db.ClaimGame(ctx, id)
		if errors.Is(err, ErrClaimed) {
			continue
		}
		must(t, err)
		claimed = append(claimed, fmt.Sprint(id))
	}
	fmt.Fprintln(out, "claimed", strings.Join(claimed, " "))
	fmt.Fprintln(out, "ready")
	out.Flush()
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		ids, ok := strings.CutPrefix(in.Text(), "take")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(ids) {
			id, _ := strconv.ParseInt(f, 10, 64)
			c, err := db.ClaimGame(ctx, id)
			must(t, err)
			g, err := db.Game(ctx, id)
			must(t, err)
			must(t, db.AppendDecisions(ctx, id, len(g.Actions), freeSpawns()))
			must(t, c.Held(ctx))
		}
		other := "from-1"
		if shard == "1" {
			other = "from-2"
		}
		s, err := db.GetStrategy(ctx, "player", other, 0)
		must(t, err)
		fmt.Fprintln(out, "took; the library has", s.Name)
		out.Flush()
	}
}

// shard is a running shard process of TestTwoShards.
type shard struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// startShard starts shard n on the database at dsn.
func startShard(t *testing.T, dsn string, n int) *shard {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestShardHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), "KOMBAT_SHARD_DB="+dsn, fmt.Sprint("KOMBAT_SHARD=", n))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	must(t, err)
	out, err := cmd.StdoutPipe()
	must(t, err)
	must(t, cmd.Start())
	t.Cleanup(func() { in.Close(); cmd.Wait() })
	return &shard{cmd: cmd, in: in, out: bufio.NewScanner(out)}
}

// until reads the shard's output up to a line starting with prefix, and returns it.
func (s *shard) until(t *testing.T, prefix string) string {
	t.Helper()
	for s.out.Scan() {
		if strings.HasPrefix(s.out.Text(), prefix) {
			return s.out.Text()
		}
	}
	t.Fatalf("the shard ended before a line %q", prefix)
	return ""
}

// TestTwoShards runs two shard processes on one PostgreSQL database, from empty: both
// migrate it at once, share the strategy library, and claim the games between them,
// never one game both; when one shard ends, the other takes its games over.
func TestTwoShards(t *testing.T) {
	if !onPostgres() {
		t.Skip("PostgreSQL only: shards share a PostgreSQL database; TestPostgres runs this")
	}
	dsn := newPostgresSchema(t)
	s1, s2 := startShard(t, dsn, 1), startShard(t, dsn, 2)
	claimed1 := strings.Fields(strings.TrimPrefix(s1.until(t, "claimed"), "claimed"))
	claimed2 := strings.Fields(strings.TrimPrefix(s2.until(t, "claimed"), "claimed"))
	s1.until(t, "ready")
	s2.until(t, "ready")
	all := append(slices.Clone(claimed1), claimed2...)
	slices.SortFunc(all, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x - y })
	if len(slices.Compact(slices.Clone(all))) != len(all) || len(all) != 2*shardGames {
		t.Fatalf("the shards claimed %v and %v: each of the %d games should be one's", claimed1, claimed2, 2*shardGames)
	}
	// Shard 1 ends; shard 2 takes over its games once the server has dropped its
	// session, which a blocking lock on each game waits for.
	s1.in.Close()
	must(t, s1.cmd.Wait())
	db, err := Open(context.Background(), dsn)
	must(t, err)
	defer db.Close()
	for _, f := range claimed1 {
		id, _ := strconv.ParseInt(f, 10, 64)
		waitForLock(t, db, id)
	}
	fmt.Fprintln(s2.in, "take", strings.Join(claimed1, " "))
	if got := s2.until(t, "took"); got != "took; the library has from-1" {
		t.Fatalf("shard 2: %q", got)
	}
	for _, f := range claimed1 {
		id, _ := strconv.ParseInt(f, 10, 64)
		g, err := db.Game(context.Background(), id)
		must(t, err)
		if len(g.Actions) == 0 {
			t.Errorf("game %d: no turn played after the takeover", id)
		}
	}
	active, err := db.ActiveGames(context.Background())
	must(t, err)
	if len(active) != 2*shardGames {
		t.Errorf("%d active games, want %d", len(active), 2*shardGames)
	}
}

// TestClaimsLostWithTheirSession: the session holding a process's claims ends under it
// (the server restarted, the network cut: here the server ends it, as it would). The
// claims are then lost, said once by LostClaims, and another process may take the
// games; this process's next claim opens a new session, and a lost claim's Release
// does not undo it.
func TestClaimsLostWithTheirSession(t *testing.T) {
	if !onPostgres() {
		t.Skip("PostgreSQL only: SQLite's claims live in the process; TestPostgres runs this")
	}
	ctx := context.Background()
	a := openTest(t)
	must(t, a.CheckClaims(ctx)) // nothing claimed: nothing to check
	c1, err := a.ClaimGame(ctx, 1)
	must(t, err)
	c2, err := a.ClaimGame(ctx, 2)
	must(t, err)
	must(t, a.CheckClaims(ctx))
	if lost := a.LostClaims(); len(lost) != 0 {
		t.Fatalf("lost %v while the session is alive", lost)
	}
	endClaimsSession(t, a)
	if err := a.CheckClaims(ctx); err == nil {
		t.Fatal("CheckClaims says the ended session is alive")
	}
	if err := c1.Held(ctx); !errors.Is(err, ErrClaimLost) {
		t.Fatalf("a claim of the ended session held: %v", err)
	}
	must(t, c2.Release(ctx)) // a lost claim's release is a no-op
	assertLost(t, a)
}

// assertLost checks that db's claims on games 1 and 2 were lost with their session,
// said once, that another process may take game 1 then, and that db claims game 2
// again on a new session, which a lost claim's Release leaves alone.
func assertLost(t *testing.T, a *DB) {
	t.Helper()
	ctx := context.Background()
	if lost := a.LostClaims(); !slices.Equal(lost, []int64{1, 2}) {
		t.Fatalf("lost claims %v, want [1 2]", lost)
	}
	if lost := a.LostClaims(); len(lost) != 0 {
		t.Fatalf("lost claims said twice: %v", lost)
	}
	// Another process takes game 1; this one takes game 2 again, on a new session.
	b, err := Open(ctx, a.dsn)
	must(t, err)
	defer b.Close()
	waitForLock(t, b, 1)
	_, err = b.ClaimGame(ctx, 1)
	must(t, err)
	if _, err := a.ClaimGame(ctx, 1); !errors.Is(err, ErrClaimed) {
		t.Fatalf("a claimed game 1, which b holds: %v", err)
	}
	again, err := a.ClaimGame(ctx, 2)
	must(t, err)
	must(t, again.Release(ctx))
	again, err = a.ClaimGame(ctx, 2)
	must(t, err)
	must(t, again.Held(ctx))
	must(t, a.CheckClaims(ctx))
}

// endClaimsSession has the server end the session holding db's claims, as a restart
// of the server or a cut network would.
func endClaimsSession(t *testing.T, db *DB) {
	t.Helper()
	ctx := context.Background()
	var pid int
	must(t, db.claims.conn.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&pid))
	_, err := db.sql.ExecContext(ctx, `SELECT pg_terminate_backend($1)`, pid)
	must(t, err)
}

// TestClaimAfterTheSessionEnded: the first claim after the claims' session ended (a
// new game, right after the server restarted) succeeds on a new session, and the
// claims of the old one are said lost. Before, every new game failed until a restart.
func TestClaimAfterTheSessionEnded(t *testing.T) {
	if !onPostgres() {
		t.Skip("PostgreSQL only: SQLite's claims live in the process; TestPostgres runs this")
	}
	ctx := context.Background()
	a := openTest(t)
	_, err := a.ClaimGame(ctx, 1)
	must(t, err)
	_, err = a.ClaimGame(ctx, 2)
	must(t, err)
	endClaimsSession(t, a)
	c3, err := a.ClaimGame(ctx, 3)
	if err != nil {
		t.Fatalf("the first claim after the session ended: %v", err)
	}
	must(t, c3.Held(ctx))
	assertLost(t, a)
}
