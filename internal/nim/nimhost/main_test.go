package nimhost_test

import (
	"os"
	"testing"

	"github.com/kombat-game/kombat/internal/leaks"
)

// TestMain fails the run when a test left a host's goroutine running (a host not
// closed, a retry or an auto game's loop outliving it).
func TestMain(m *testing.M) { os.Exit(leaks.Main(m)) }
