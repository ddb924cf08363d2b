package leaks

import (
	"fmt"
	"os"
	"strings"
)

// Main runs a package's tests (m is its *testing.M) and then fails the run, listing
// them, if goroutines the tests started are still running: a TestMain is
// os.Exit(leaks.Main(m)).
func Main(m interface{ Run() int }) int {
	before := Goroutines()
	code := m.Run()
	if code == 0 {
		if left := Left(before); len(left) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: %d goroutines started by the tests are still running:\n\n%s\n", len(left), strings.Join(left, "\n\n"))
			code = 1
		}
	}
	return code
}
