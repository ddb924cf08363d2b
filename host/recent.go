package host

import (
	"slices"
	"sync"
)

// recent keeps what replaying a game cost (KOMBAT's frames, UPBEAT's checkpoints) for
// the few games replayed last, whatever the game: a viewer steps through a replay a
// press at a time, and each press would otherwise replay the game from its start.
// It holds at most size games, dropping the one replayed longest ago; its zero value
// with a size set is ready, and it is safe for concurrent use.
type recent[V any] struct {
	mu    sync.Mutex
	size  int
	games []recentGame[V] // the most recently used last
}

// recentGame is one game's kept value.
type recentGame[V any] struct {
	id int64
	v  V
}

// take removes game id's value and returns it, or reports false; the caller gives it
// back with keep, so that two replays of one game never share a value being changed.
func (c *recent[V]) take(id int64) (V, bool) {
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

// get returns game id's value, kept as the most recently used, or reports false: for
// a value nobody changes once made (a finished game's frames).
func (c *recent[V]) get(id int64) (V, bool) {
	v, ok := c.take(id)
	if ok {
		c.keep(id, v)
	}
	return v, ok
}

// keep stores game id's value as the most recently used, dropping the oldest game's
// beyond the size.
func (c *recent[V]) keep(id int64, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.games = slices.DeleteFunc(c.games, func(g recentGame[V]) bool { return g.id == id })
	c.games = append(c.games, recentGame[V]{id: id, v: v})
	if len(c.games) > c.size {
		c.games = slices.Delete(c.games, 0, len(c.games)-c.size)
	}
}
