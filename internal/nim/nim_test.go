package nim

import (
	"errors"
	"slices"
	"testing"
)

// TestTake: the rules of a take, table-driven: 1 to MaxTake stones and no more than
// are left, by the seat whose turn it is, until the last stone, whose taker wins.
func TestTake(t *testing.T) {
	for _, c := range []struct {
		name   string
		heap   int
		takes  []int
		seat   int
		n      int
		want   error
		winner int
	}{
		{"first take", 5, nil, 1, 3, nil, 0},
		{"too many", 5, nil, 1, 4, ErrTake, 0},
		{"none", 5, nil, 1, 0, ErrTake, 0},
		{"more than left", 5, []int{3}, 2, 3, ErrTake, 0},
		{"out of turn", 5, []int{1}, 1, 1, ErrNotTurn, 0},
		{"the last stone", 5, []int{3, 1}, 1, 1, nil, 1},
		{"seat 2 takes the last", 4, []int{1}, 2, 3, nil, 2},
		{"after the end", 2, []int{2}, 2, 1, ErrOver, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := Replay(c.heap, c.takes)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Take(c.seat, c.n); !errors.Is(err, c.want) {
				t.Errorf("Take(%d, %d) = %v, want %v", c.seat, c.n, err, c.want)
			}
			if g.Winner() != c.winner {
				t.Errorf("winner %d, want %d", g.Winner(), c.winner)
			}
		})
	}
}

// TestNewAndReplay_Bounds: a heap out of bounds, and a record the rules refuse, are
// errors saying where.
func TestNewAndReplay_Bounds(t *testing.T) {
	for _, heap := range []int{0, -1, MaxHeap + 1} {
		if _, err := New(heap); !errors.Is(err, ErrHeap) {
			t.Errorf("New(%d) = %v, want it refused", heap, err)
		}
	}
	if _, err := Replay(5, []int{1, 4}); err == nil || err.Error()[:6] != "take 2" {
		t.Errorf("a record with a bad second take: %v, want it named", err)
	}
	g, err := Replay(7, []int{3, 2})
	if err != nil || g.Left() != 2 || g.Turn() != 1 || !slices.Equal(g.Takes(), []int{3, 2}) || g.Heap() != 7 {
		t.Errorf("Replay: %v, left %d, turn %d, takes %v", err, g.Left(), g.Turn(), g.Takes())
	}
}

// TestBest_Optimal: the bot's take is always legal, and the player who moves first
// from a heap that is no multiple of MaxTake+1 and then plays Best wins against any
// play of the other's (here: every take of the other, by exhaustive search).
func TestBest_Optimal(t *testing.T) {
	// wins reports whether the bot, to move with left stones, wins whatever the other does.
	var wins func(left int) bool
	wins = func(left int) bool {
		k := Best(left)
		if k < 1 || k > min(MaxTake, left) {
			t.Fatalf("Best(%d) = %d, not a legal take", left, k)
		}
		if left -= k; left == 0 {
			return true
		}
		for o := 1; o <= min(MaxTake, left); o++ {
			if o == left || !wins(left-o) {
				return false
			}
		}
		return true
	}
	for heap := 1; heap <= 40; heap++ {
		if got, want := wins(heap), heap%(MaxTake+1) != 0; got != want {
			t.Errorf("the bot from a heap of %d wins against every play: %v, want %v", heap, got, want)
		}
	}
}
