// Package nim is the rules of Nim, a game used only by the tests to prove that a game
// plugs into the house as a package of its own (issue 22): one heap of stones, two
// players take turns taking 1 to MaxTake of them, and whoever takes the last stone
// wins. The built-in bot plays the optimal move (Best). A game is deterministic: its
// heap and the takes made replay it (Replay).
package nim

import (
	"errors"
	"fmt"
)

// The game's bounds.
const (
	MaxTake     = 3    // the most stones a turn takes
	DefaultHeap = 21   // the heap a game starts with when none is asked for
	MaxHeap     = 1000 // the largest heap a game starts with
)

// The errors of what the rules refuse: a take, or a heap out of bounds.
var (
	ErrOver    = errors.New("nim: the game is over")
	ErrNotTurn = errors.New("nim: not this player's turn")
	ErrTake    = errors.New("nim: not a legal take")
	ErrHeap    = errors.New("nim: no heap of that size")
)

// Game is a game of Nim as it stands.
type Game struct {
	heap, left int
	takes      []int
}

// New starts a game on a heap of heap stones (1 to MaxHeap).
func New(heap int) (*Game, error) {
	if heap < 1 || heap > MaxHeap {
		return nil, fmt.Errorf("%w: a heap has 1 to %d stones, not %d", ErrHeap, MaxHeap, heap)
	}
	return &Game{heap: heap, left: heap}, nil
}

// Replay rebuilds a game from its heap and its takes, in order.
func Replay(heap int, takes []int) (*Game, error) {
	g, err := New(heap)
	if err != nil {
		return nil, err
	}
	for i, n := range takes {
		if err := g.Take(g.Turn(), n); err != nil {
			return nil, fmt.Errorf("take %d: %w", i+1, err)
		}
	}
	return g, nil
}

// Heap is the heap the game started with; Left is what is left of it.
func (g *Game) Heap() int { return g.heap }

// Left is the stones left.
func (g *Game) Left() int { return g.left }

// Takes are the takes made, in order; seat 1 made the first.
func (g *Game) Takes() []int { return g.takes }

// Over reports whether the last stone is taken.
func (g *Game) Over() bool { return g.left == 0 }

// Turn is the seat (1 or 2) to take next.
func (g *Game) Turn() int { return 1 + len(g.takes)%2 }

// Winner is the seat that took the last stone, or 0 while the game goes on.
func (g *Game) Winner() int {
	if !g.Over() {
		return 0
	}
	return 2 - len(g.takes)%2
}

// Take makes seat p's take of n stones.
func (g *Game) Take(p, n int) error {
	switch {
	case g.Over():
		return ErrOver
	case p != g.Turn():
		return fmt.Errorf("%w: it is player %d's", ErrNotTurn, g.Turn())
	case n < 1 || n > min(MaxTake, g.left):
		return fmt.Errorf("%w: take 1 to %d stones (%d left), not %d", ErrTake, min(MaxTake, g.left), g.left, n)
	}
	g.left -= n
	g.takes = append(g.takes, n)
	return nil
}

// Best is the bot's take from a heap of left stones: what leaves a multiple of
// MaxTake+1 (a lost position for the other player), or 1 when no take does.
func Best(left int) int {
	if n := left % (MaxTake + 1); n != 0 {
		return n
	}
	return 1
}
