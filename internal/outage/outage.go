// Package outage is for tests: the outages they cause and watch for. SmallDisk is a
// file system of a test's own, which FillDisk fills to the last byte (a disk full
// under a running store; DBOnSmallDisk opens one there), and Watch is a log handler a
// test waits on for what the code under test says it did. Of ours it imports store.
package outage

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kombat-game/kombat/store"
)

// SmallDisk mounts a file system of size bytes for the test and returns its folder, or
// skips the test where this machine cannot (mounting needs root).
func SmallDisk(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%d", size), "tmpfs", dir).CombinedOutput()
	if err != nil {
		t.Skipf("the full-disk test needs a small file system of its own, and mount (as root) refused: %v: %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	return dir
}

// DBOnSmallDisk opens a database on a small file system of the test's own (SmallDisk),
// a copy of the one at from when from is not "", and returns the folder and the store,
// closed at the end of the test.
func DBOnSmallDisk(t *testing.T, from string) (string, *store.DB) {
	t.Helper()
	dir := SmallDisk(t, 8<<20)
	path := filepath.Join(dir, "k.db")
	if from != "" {
		raw, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, raw, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return dir, db
}

// FillDisk fills the file system holding dir to the last byte, and returns what frees
// it again.
func FillDisk(t *testing.T, dir string) (free func()) {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64<<10)
	for n := len(buf); n > 0; n /= 2 {
		for {
			if _, err := f.Write(buf[:n]); err != nil {
				if !errors.Is(err, syscall.ENOSPC) {
					t.Fatal(err)
				}
				break
			}
		}
	}
	f.Close()
	return func() { // t.Error, not Fatal: a test may free the disk from another goroutine
		if err := os.Remove(path); err != nil {
			t.Error(err)
		}
	}
}

// Watch is a log handler that passes each message containing one of the texts it
// watches for to that text's channel (Seen): a test waits on what the code says it
// does.
type Watch struct {
	Seen map[string]chan string // by text watched for; "" has every message watched for
}

// WatchLog watches for each of wants.
func WatchLog(wants ...string) *Watch {
	w := &Watch{Seen: map[string]chan string{"": make(chan string, 100000)}}
	for _, want := range wants {
		w.Seen[want] = make(chan string, 100000)
	}
	return w
}

// Enabled is true: every level is watched.
func (w *Watch) Enabled(context.Context, slog.Level) bool { return true }

// Handle passes r's message to the channels of the texts it contains.
func (w *Watch) Handle(_ context.Context, r slog.Record) error {
	for want, ch := range w.Seen {
		if want != "" && strings.Contains(r.Message, want) {
			select {
			case w.Seen[""] <- r.Message:
			default:
			}
			select {
			case ch <- r.Message:
			default:
			}
		}
	}
	return nil
}

// WithAttrs is w: attributes are not watched.
func (w *Watch) WithAttrs([]slog.Attr) slog.Handler { return w }

// WithGroup is w: groups are not watched.
func (w *Watch) WithGroup(string) slog.Handler { return w }

// Await waits for n messages containing want ("": any text watched for), or fails the
// test after a while.
func (w *Watch) Await(t *testing.T, want string, n int) {
	t.Helper()
	deadline := time.After(60 * time.Second)
	for i := range n {
		select {
		case <-w.Seen[want]:
		case <-deadline:
			t.Fatalf("the host said %q %d times, want %d", want, i, n)
		}
	}
}
