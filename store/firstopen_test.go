package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	sqlite3 "modernc.org/sqlite/lib"
)

// TestFirstOpenHelper is the child process of TestFirstOpenCrash: it prints "opening"
// and opens the database named in its environment for the first time. It does nothing
// in a normal test run.
func TestFirstOpenHelper(t *testing.T) {
	sqliteOnly(t, "the first open of a database file")
	path := os.Getenv("KOMBAT_FIRSTOPEN_DB")
	if path == "" {
		t.Skip("the child of TestFirstOpenCrash")
	}
	fmt.Println("opening")
	db, err := Open(context.Background(), path)
	must(t, err)
	must(t, db.Close())
	fmt.Println("opened")
}

// TestFirstOpenCrash kills a process at random moments of its first Open of a new
// file, then opens the file as the restarted bot would. Every reopen must succeed: a
// kill while SQLite switches a new file to WAL mode leaves a hot rollback journal,
// which a read-only look at the header cannot roll back, and a restart loop must not
// follow. KOMBAT_FIRSTOPEN_SEED replays a seed's kill moments.
func TestFirstOpenCrash(t *testing.T) {
	sqliteOnly(t, "the first open of a database file")
	if testing.Short() {
		t.Skip("starts child processes")
	}
	runs := 250
	if raceEnabled {
		// The race detector's children start slowly, and the kills test SQLite's files,
		// not this process's goroutines: a few runs keep the detector on the harness's
		// workers, and CI runs the 250 without it (.ci/run).
		runs = 16
	}
	const window = 100 * time.Millisecond // longer than a first Open under -race
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("KOMBAT_FIRSTOPEN_SEED"); s != "" {
		var err error
		seed, err = strconv.ParseUint(s, 10, 64)
		must(t, err)
	}
	t.Logf("seed %d (KOMBAT_FIRSTOPEN_SEED=%d replays the kill moments)", seed, seed)

	outcomes := make([]killOutcome, runs)
	next := make(chan int)
	var wg sync.WaitGroup
	// Children overlap so that the runs fit in a few seconds; each kill is timed from
	// its own child's start of Open.
	for range min(2*runtime.GOMAXPROCS(0), 8) {
		wg.Go(func() {
			for i := range next {
				outcomes[i] = firstOpenKill(t, i, rand.New(rand.NewPCG(seed, uint64(i))), window)
			}
		})
	}
	for i := range runs {
		next <- i
	}
	close(next)
	wg.Wait()

	failed, hot, wals, finished := 0, 0, 0, 0
	for i, o := range outcomes {
		if o.err != nil {
			failed++
			if failed <= 3 {
				t.Errorf("run %d: reopen after the kill: %v", i, o.err)
			}
		}
		if o.hot {
			hot++
		}
		if o.wal {
			wals++
		}
		if o.finished {
			finished++
		}
	}
	t.Logf("%d runs: %d kills left a hot journal, %d a WAL file, %d children finished Open first", runs, hot, wals, finished)
	if failed > 0 {
		t.Errorf("%d of %d reopens failed", failed, runs)
	}
}

// killOutcome is one run of TestFirstOpenCrash.
type killOutcome struct {
	hot, wal bool  // the kill left a hot journal, a WAL file
	finished bool  // the child finished Open before the kill
	err      error // the reopen's
}

// firstOpenKill runs one child on a new path, kills it a random moment after it
// starts Open, and reopens the file. Errors of the harness fail the test; the
// reopen's error is in the outcome.
func firstOpenKill(t *testing.T, run int, rng *rand.Rand, window time.Duration) killOutcome {
	var o killOutcome
	path := filepath.Join(t.TempDir(), "data", "kombat.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestFirstOpenHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), "KOMBAT_FIRSTOPEN_DB="+path)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		t.Error(err)
		return o
	}
	sc := bufio.NewScanner(stdout)
	if !sc.Scan() || sc.Text() != "opening" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Errorf("run %d: the child did not start Open (%q)", run, sc.Text())
		return o
	}
	// window·u⁴ puts half of the kills in the first 6 ms, where the file is created
	// and switched to WAL mode (the moment that left a hot journal lasts well under a
	// millisecond), and spreads the rest over the migrations.
	u := rng.Float64()
	d := float64(window) * u * u * u * u
	time.Sleep(time.Duration(d))
	cmd.Process.Signal(syscall.SIGKILL)
	for sc.Scan() {
		if sc.Text() == "opened" {
			o.finished = true
		}
	}
	cmd.Wait()
	o.hot = hotJournal(path)
	_, err = os.Stat(path + "-wal")
	o.wal = err == nil
	o.err = openSound(path)
	return o
}

// openSound opens the database at path as the program does and checks that it is ours,
// fully migrated and sound.
func openSound(path string) error {
	ctx := context.Background()
	db, err := Open(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	h, err := readHeader(ctx, db.sql)
	if err != nil {
		return err
	}
	if h.appID != ApplicationID || h.version != SchemaVersion() {
		return fmt.Errorf("application id %#x, schema version %d after Open", h.appID, h.version)
	}
	if res, err := db.IntegrityCheck(ctx); err != nil || res != "ok" {
		return fmt.Errorf("integrity check %q %v", res, err)
	}
	return nil
}

// hotJournal reports what SQLite calls a hot journal when no process holds a lock: a
// rollback journal whose first byte is not zero beside a file that is not empty.
func hotJournal(path string) bool {
	j, err := os.ReadFile(path + "-journal")
	fi, ferr := os.Stat(path)
	return err == nil && len(j) > 0 && j[0] != 0 && ferr == nil && fi.Size() > 0
}

// crashedWrite leaves at path what a process killed in the middle of a write leaves:
// the file holding part of an uncommitted transaction and a hot rollback journal
// holding what it overwrote. setup is committed first (nothing: the file was empty, as
// at a first Open); the transaction then outgrows a small page cache, so that SQLite
// writes pages into the file before the commit, and the two files are copied then.
func crashedWrite(t *testing.T, path, setup string) {
	t.Helper()
	live := filepath.Join(t.TempDir(), "live.db")
	raw := rawOpen(t, live)
	defer raw.Close()
	raw.SetMaxOpenConns(1)
	_, err := raw.Exec("PRAGMA cache_size = 10;" + setup)
	must(t, err)
	tx, err := raw.Begin()
	must(t, err)
	defer tx.Rollback()
	_, err = tx.Exec(`CREATE TABLE spill (x BLOB);
		WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
		INSERT INTO spill SELECT randomblob(4000) FROM n`)
	must(t, err)
	for _, suffix := range []string{"", "-journal"} {
		b, err := os.ReadFile(live + suffix)
		must(t, err)
		must(t, os.WriteFile(path+suffix, b, 0o644))
	}
	if !hotJournal(path) {
		t.Fatal("crashedWrite left no hot journal")
	}
	// What made every later start fail: the read-only look at the header.
	if _, err := peekHeader(context.Background(), path, "ro"); sqliteCode(err) != sqlite3.SQLITE_READONLY_ROLLBACK {
		t.Fatalf("a read-only connection on the crashed file: %v, want SQLITE_READONLY_ROLLBACK", err)
	}
}

// TestOpenRollsBackHotJournal: a hot journal is rolled back before the file is judged,
// so a crashed first Open starts over on the empty file, and another program's
// database is judged by what it last committed (and still refused).
func TestOpenRollsBackHotJournal(t *testing.T) {
	sqliteOnly(t, "the first open of a database file")
	ctx := context.Background()
	t.Run("a crashed first open", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "kombat.db")
		crashedWrite(t, path, "")
		must(t, openSound(path))
		if _, err := os.Stat(path + "-journal"); err == nil {
			t.Error("the journal is still there")
		}
	})
	t.Run("another program's database", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "other.db")
		crashedWrite(t, path, "PRAGMA application_id = 1234; CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('keep')")
		db, err := Open(ctx, path)
		if err == nil {
			db.Close()
			t.Fatal("opened")
		}
		if !errors.Is(err, ErrForeignDB) || !strings.Contains(err.Error(), "application id 0x4d2") {
			t.Errorf("%v; want %v", err, ErrForeignDB)
		}
		raw := rawOpen(t, path)
		defer raw.Close()
		var notes string
		must(t, raw.QueryRow("SELECT group_concat(x) FROM notes").Scan(&notes))
		var tables int
		must(t, raw.QueryRow("SELECT count(*) FROM sqlite_master").Scan(&tables))
		var mode string
		must(t, raw.QueryRow("PRAGMA journal_mode").Scan(&mode))
		if notes != "keep" || tables != 1 || mode != "delete" {
			t.Errorf("after Open: notes %q, %d tables, journal mode %s; want what was committed: keep, 1, delete", notes, tables, mode)
		}
	})
}

// TestOpenUnwritableSaysWhy: when the file or its directory may not be written, the
// error names both with their modes and owners, whom the process runs as, and the hot
// journal that only a writer can roll back.
func TestOpenUnwritableSaysWhy(t *testing.T) {
	sqliteOnly(t, "the first open of a database file")
	dir := filepath.Join(t.TempDir(), "data")
	must(t, os.Mkdir(dir, 0o755))
	path := filepath.Join(dir, "kombat.db")
	crashedWrite(t, path, "")
	must(t, os.Chmod(path, 0o644))
	must(t, os.Chmod(dir, 0o755))
	fi, err := os.Stat(path)
	must(t, err)
	uid, gid, ok := owner(fi)
	if !ok {
		t.Skip("no file owners on this system")
	}
	_, sqlErr := peekHeader(context.Background(), path, "ro")
	journal := fmt.Sprintf("a rollback journal %s-journal (", path)

	// Someone else, in no group of the file's: what the bits say, even when root runs
	// the test.
	stranger := user{uid: int(uid) + 1, gid: int(gid) + 1}
	err = explainAt(path, sqlErr, stranger)
	for _, want := range []string{
		fmt.Sprintf("found %s (mode -rw-r--r--, owner uid %d gid %d): not writable for this process (uid %d gid %d); ", path, uid, gid, uid+1, gid+1),
		fmt.Sprintf("its directory %s (mode drwxr-xr-x, owner uid ", dir),
		"): not writable for it; " + journal,
		"(776)",
	} {
		if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), want) {
			t.Errorf("explained for another user:\n%v\nwant %v mentioning %q", err, ErrReadOnly, want)
		}
	}
	// The whole of Open, as a user who may not write the directory or the file.
	if os.Geteuid() == 0 {
		t.Log("running as root, which may write anything: the chmod case is skipped")
		return
	}
	must(t, os.Chmod(path, 0o444))
	must(t, os.Chmod(dir, 0o555))
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	db, err := Open(context.Background(), path)
	if err == nil {
		db.Close()
		t.Fatal("opened")
	}
	for _, want := range []string{"store: open " + path, "(mode -r--r--r--", "(mode dr-xr-xr-x", "): not writable for this process", "): not writable for it", journal} {
		if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), want) {
			t.Errorf("Open of an unwritable file with a hot journal:\n%v\nwant %v mentioning %q", err, ErrReadOnly, want)
		}
	}
}

// TestMayWrite pins the permission classes: the first class the user falls in decides,
// as in the kernel, and a directory also needs search permission.
func TestMayWrite(t *testing.T) {
	sqliteOnly(t, "the first open of a database file")
	owned := struct{ Uid, Gid uint32 }{Uid: 10, Gid: 20}
	for _, c := range []struct {
		name string
		mode fs.FileMode
		sys  any
		u    user
		want bool
	}{
		{"owner, owner may write", 0o600, owned, user{uid: 10, gid: 99}, true},
		{"owner, only the group may write", 0o060, owned, user{uid: 10, gid: 20}, false},
		{"group by the primary gid", 0o460, owned, user{uid: 11, gid: 20}, true},
		{"group by a supplementary gid", 0o460, owned, user{uid: 11, gid: 21, groups: []int{5, 20}}, true},
		{"group, only others may write", 0o446, owned, user{uid: 11, gid: 20}, false},
		{"others", 0o442, owned, user{uid: 11, gid: 21}, true},
		{"others, read only", 0o444, owned, user{uid: 11, gid: 21}, false},
		{"root", 0o444, owned, user{uid: 0, gid: 0}, true},
		{"a directory without search permission", fs.ModeDir | 0o666, owned, user{uid: 10, gid: 20}, false},
		{"a directory", fs.ModeDir | 0o755, owned, user{uid: 10, gid: 20}, true},
		{"no owners (Windows), read-only attribute", 0o444, nil, user{uid: -1, gid: -1}, false},
		{"no owners (Windows)", 0o666, nil, user{uid: -1, gid: -1}, true},
	} {
		fi := fakeInfo{mode: c.mode, sys: c.sys}
		if got := c.u.mayWrite(fi); got != c.want {
			t.Errorf("%s: mode %s, user %+v: %v, want %v", c.name, c.mode, c.u, got, c.want)
		}
	}
}

// fakeInfo is a file's mode and system data, for TestMayWrite.
type fakeInfo struct {
	mode fs.FileMode
	sys  any
}

func (f fakeInfo) Name() string       { return "f" }
func (f fakeInfo) Size() int64        { return 0 }
func (f fakeInfo) Mode() fs.FileMode  { return f.mode }
func (f fakeInfo) ModTime() time.Time { return time.Time{} }
func (f fakeInfo) IsDir() bool        { return f.mode.IsDir() }
func (f fakeInfo) Sys() any           { return f.sys }
