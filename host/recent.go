package host

import (
	"slices"
	"sync"
)

// Recent keeps what replaying a game cost (KOMBAT's frames, UPBEAT's checkpoints) for
// the few games replayed last, whatever the game: a viewer steps through a replay a
// press at a time, and each press would otherwise replay the game from its start.
// It holds at most size games (NewRecent), dropping the one replayed longest ago; it
// is safe for concurrent use.
type Recent[V any] struct {
	mu    sync.Mutex
	size  int
	games []recentGame[V] // the most recently used last
}

// ReplaysKept is how many games' replays a host keeps (checkpoints, frames), those
// replayed last.
const ReplaysKept = 4

// NewRecent keeps the values of at most size games.
func NewRecent[V any](size int) *Recent[V] { return &Recent[V]{size: size} }

// recentGame is one game's kept value.
type recentGame[V any] struct {
	id int64
	v  V
}

// Take removes game id's value and returns it, or reports false; the caller gives it
// back with Keep, so that two replays of one game never share a value being changed.
func (c *Recent[V]) Take(id int64) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, g := range c.games {
		if g.id == id {
			c.games = slices.Delete(c.games, i, i+1)
			return g.v, true
		}
	}
	var zero V
	return zero, false
}

// Get returns game id's value, kept as the most recently used, or reports false: for
// a value nobody changes once made (a finished game's frames).
func (c *Recent[V]) Get(id int64) (V, bool) {
	v, ok := c.Take(id)
	if ok {
		c.Keep(id, v)
	}
	return v, ok
}

// Keep stores game id's value as the most recently used, dropping the oldest game's
// beyond the size.
func (c *Recent[V]) Keep(id int64, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.games = slices.DeleteFunc(c.games, func(g recentGame[V]) bool { return g.id == id })
	c.games = append(c.games, recentGame[V]{id: id, v: v})
	if len(c.games) > c.size {
		c.games = slices.Delete(c.games, 0, len(c.games)-c.size)
	}
}
