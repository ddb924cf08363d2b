// Package leaks finds the goroutines a package's tests left running, for TestMain:
// take Goroutines before m.Run, and report Left after it. Servers, sockets and bots
// that outlive their test pile up over a run; a test suite that checks this catches
// a missing Close the day it is written.
//
// leaks imports nothing of ours; only tests import it.
package leaks

import (
	"bytes"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Goroutines returns the ids of the goroutines running now.
func Goroutines() map[string]bool {
	ids := map[string]bool{}
	for id := range stacks() {
		ids[id] = true
	}
	return ids
}

// Left returns the stacks of the goroutines running now that are not in before, are
// not the caller, and are not the runtime's or the testing package's own. A goroutine
// that a Close has already told to stop may take a moment to return (a connection's
// read loop sees its socket closed), so it looks again for up to 5 seconds before
// reporting: a goroutine still there then is a leak.
func Left(before map[string]bool) []string {
	deadline := time.Now().Add(5 * time.Second)
	for wait := time.Millisecond; ; wait *= 2 {
		var left []string
		for id, stack := range stacks() {
			if !before[id] && !own(stack) {
				left = append(left, stack)
			}
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(min(wait, 100*time.Millisecond)) // polling for goroutines to end, not ordering the tests
	}
}

// own reports whether a stack is the one calling Left, or one the runtime or the
// testing package keeps whatever the tests do.
func own(stack string) bool {
	for _, s := range []string{
		"leaks.Left(", // the caller
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

// stacks returns every goroutine's stack by its id.
func stacks() map[string]string {
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
