package bot

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestMain runs the package's tests, then fails the run if goroutines they started are
// still running, or if the live heap peaked above maxLiveHeap (unless the load test
// runs: KOMBAT_LOAD): each test starts a fake Discord, a database, a bot and its host,
// and anything of them that outlives the test piles up over some 200 tests (it once
// took the live heap to 1.5 GB).
func TestMain(m *testing.M) {
	before := goroutineIDs()
	peak := watchLiveHeap()
	code := m.Run()
	if code == 0 {
		code = leakCheck(before, peak)
	}
	os.Exit(code)
}

// maxLiveHeap bounds the live heap over the whole run: the shared renderer and the
// runtime's own (some 40 MB), and for each test running at once (-parallel, the number
// of CPUs by default) a bot, a fake Discord and their images, under 10 MB (peaks of 76
// MB with 2, 90 MB with 8). Tests that stay reachable after their end pile up far
// beyond it (1.5 GB once).
func maxLiveHeap() uint64 {
	parallel := runtime.GOMAXPROCS(0)
	if f := flag.Lookup("test.parallel"); f != nil {
		if n, err := strconv.Atoi(f.Value.String()); err == nil && n > 0 {
			parallel = n
		}
	}
	return uint64(128+16*parallel) << 20
}

// leakCheck reports the goroutines left running by the tests (those not in before) and
// the peak live heap, and returns the exit code: 1 if either is over its bound.
func leakCheck(before map[string]bool, peak *atomic.Uint64) int {
	left := leftGoroutines(before)
	runtime.GC()
	live := liveHeap()
	p, bound := peak.Load(), maxLiveHeap()
	if os.Getenv("KOMBAT_LOAD") != "" {
		bound = math.MaxUint64 // the load test holds hundreds of games at once, and measures its memory itself
	}
	code := 0
	if len(left) > 0 || p > bound {
		code = 1
	}
	if code != 0 || testing.Verbose() {
		fmt.Fprintf(os.Stderr, "bot: after the tests: %d goroutines left by them, live heap %d MB, peak live heap %d MB\n",
			len(left), live>>20, p>>20)
	}
	if len(left) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d goroutines started by the tests are still running:\n\n%s\n", len(left), strings.Join(left, "\n\n"))
	}
	if p > bound {
		fmt.Fprintf(os.Stderr, "FAIL: the live heap peaked at %d MB (bound %d MB): something tests started outlives them\n", p>>20, bound>>20)
	}
	return code
}

// leftGoroutines returns the stacks of the goroutines running now that are not in
// before, are not this one, and are not the runtime's or the testing package's own.
// A goroutine that a Close has already told to stop may take a moment to return (a
// connection's read loop sees its socket closed), so it looks again for up to 5
// seconds before reporting: a goroutine still there then is a leak.
func leftGoroutines(before map[string]bool) []string {
	deadline := time.Now().Add(5 * time.Second)
	for wait := time.Millisecond; ; wait *= 2 {
		var left []string
		for id, stack := range goroutines() {
			if !before[id] && !ownGoroutine(stack) {
				left = append(left, stack)
			}
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(min(wait, 100*time.Millisecond)) // polling for goroutines to end, not ordering the tests
	}
}

// ownGoroutine reports whether a stack is this goroutine, or one the runtime or the
// testing package keeps whatever the tests do.
func ownGoroutine(stack string) bool {
	for _, s := range []string{
		"bot.leftGoroutines(", // this one
		"runtime.goexit0",
		"created by runtime.gc",
		"created by runtime.unique_runtime_registerUniqueMapCleanup",
		"runtime.ensureSigM",
		"os/signal.signal_recv",
		"testing.(*M).startAlarm", // the -timeout alarm
		"testing.runFuzzing",
	} {
		if strings.Contains(stack, s) {
			return true
		}
	}
	return false
}

// goroutines returns every goroutine's stack by its id.
func goroutines() map[string]string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	all := map[string]string{}
	for _, g := range bytes.Split(buf, []byte("\n\n")) {
		// "goroutine 12 [select]:"
		f := strings.Fields(string(g))
		if len(f) < 2 || f[0] != "goroutine" {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err == nil {
			all[f[1]] = string(g)
		}
	}
	return all
}

// goroutineIDs returns the ids of the goroutines running now.
func goroutineIDs() map[string]bool {
	ids := map[string]bool{}
	for id := range goroutines() {
		ids[id] = true
	}
	return ids
}

// liveHeap is the heap the last garbage collection found live, in bytes.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// watchLiveHeap records the largest live heap seen after each garbage collection: a
// cleanup on an object nobody holds runs after the collection that frees it, and arms
// the next one.
func watchLiveHeap() *atomic.Uint64 {
	peak := &atomic.Uint64{}
	var arm func()
	arm = func() {
		runtime.AddCleanup(new([64]byte), func(struct{}) {
			for live := liveHeap(); ; {
				old := peak.Load()
				if live <= old || peak.CompareAndSwap(old, live) {
					break
				}
			}
			arm()
		}, struct{}{})
	}
	arm()
	return peak
}
