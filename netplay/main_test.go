package netplay

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/internal/leaks"
)

// TestMain runs the package's tests, then fails the run if goroutines they started are
// still running: every test starts a server, sockets and their goroutines, and Serve
// promises to end them all.
func TestMain(m *testing.M) {
	before := leaks.Goroutines()
	code := m.Run()
	if code == 0 {
		if left := leaks.Left(before); len(left) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: %d goroutines started by the tests are still running:\n\n%s\n", len(left), strings.Join(left, "\n\n"))
			code = 1
		}
	}
	os.Exit(code)
}
