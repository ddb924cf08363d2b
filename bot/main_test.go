package bot

import (
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

	"github.com/kombat-game/kombat/internal/leaks"
)

// TestMain runs the package's tests, then fails the run if goroutines they started are
// still running, or if the live heap peaked above maxLiveHeap (unless the load test
// runs: KOMBAT_LOAD): each test starts a fake Discord, a database, a bot and its host,
// and anything of them that outlives the test piles up over some 200 tests (it once
// took the live heap to 1.5 GB).
func TestMain(m *testing.M) {
	before := leaks.Goroutines()
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
	left := leaks.Left(before)
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
