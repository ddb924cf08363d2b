package pace

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Discord allows a bot about 50 requests a second in all, interaction answers and
// their follow-ups not counted; past that it answers 429s, then bans for a while. The
// scheduler keeps a margin under it, as the window Discord measures and the moments
// requests leave here differ by the network's jitter.
const (
	// GlobalRate is the counted requests a second the bot sends, steady.
	GlobalRate = 45
	// GlobalBurst is the counted requests sent at once after a quiet spell: GlobalRate
	// plus GlobalBurst stays under Discord's 50.
	GlobalBurst = 3

	epsilon = 1e-9 // a token short by rounding is a token
)

// ErrClosed is the error of a request that was waiting for the budget, or would have
// had to, when the scheduler closed: it was never sent.
var ErrClosed = errors.New("pace: closed while waiting for Discord's global rate limit; the request was not sent")

// Priority orders the requests waiting for the global budget: lower goes first.
type Priority int

const (
	// Answer is for answering a player's interaction.
	Answer Priority = iota
	// Human is for the screens of games people play; requests that say nothing get it.
	Human
	// Auto is for auto games and tournaments, which slow down rather than crowd out people.
	Auto
	priorities // how many there are
)

type priorityKey struct{}

// WithPriority returns ctx carrying the priority of the Discord requests made with it.
func WithPriority(ctx context.Context, p Priority) context.Context {
	return context.WithValue(ctx, priorityKey{}, p)
}

// priorityOf is the priority ctx carries, Human when none.
func priorityOf(ctx context.Context) Priority {
	if p, ok := ctx.Value(priorityKey{}).(Priority); ok && p >= 0 && p < priorities {
		return p
	}
	return Human
}

// Clock is the time a Scheduler paces by: the wall clock in the bot, a manual one in
// tests.
type Clock interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// wallClock is the real time.
type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

func (wallClock) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// Scheduler is the http.RoundTripper every Discord REST call goes through: it spends a
// token bucket of rate a second (burst at most at once) on the requests Discord counts
// towards the global limit, serving the waiting ones by priority and, within one, in
// order of arrival; requests Discord does not count (interaction callbacks and the
// interaction webhooks) pass at once. A waiting request gives up when its context ends
// or the scheduler closes.
type Scheduler struct {
	next  http.RoundTripper
	clock Clock
	rate  float64
	burst float64

	mu      sync.Mutex
	tokens  float64
	last    time.Time             // when tokens was last brought up to date
	queue   [priorities][]*waiter // waiting requests, oldest first
	armed   bool                  // a timer will call grant
	closed  bool
	onQueue func() // called (mu held) when a request starts waiting; for tests
}

// waiter is a request waiting for a token; ready is closed when it has one or the
// scheduler closed (granted tells which).
type waiter struct {
	ready   chan struct{}
	granted bool
}

// New paces next at rate counted requests a second, burst at once, by clock (the wall
// clock when nil).
func New(next http.RoundTripper, clock Clock, rate, burst int) *Scheduler {
	if clock == nil {
		clock = wallClock{}
	}
	return &Scheduler{next: next, clock: clock, rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: clock.Now()}
}

// RoundTrip waits for the global budget when Discord counts r, then sends it.
func (s *Scheduler) RoundTrip(r *http.Request) (*http.Response, error) {
	if !Counted(r.URL.Path) {
		return s.next.RoundTrip(r)
	}
	if err := s.wait(r.Context(), priorityOf(r.Context())); err != nil {
		if r.Body != nil {
			r.Body.Close() // a RoundTripper closes the body, even on error
		}
		return nil, err
	}
	return s.next.RoundTrip(r)
}

// Close lets every waiting request go with ErrClosed, and from now on refuses a
// counted request that finds no token, instead of queueing it. A process that shuts
// down must not wait behind the budget: what was not sent is still owed in the store
// and goes out after the restart. Requests that find a token still go.
func (s *Scheduler) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for p := range s.queue {
		for _, w := range s.queue[p] {
			close(w.ready)
		}
		s.queue[p] = nil
	}
}

// wait takes a token, queueing at priority p while there is none.
func (s *Scheduler) wait(ctx context.Context, p Priority) error {
	s.mu.Lock()
	s.refill()
	if s.tokens >= 1-epsilon && s.empty() {
		s.tokens--
		s.mu.Unlock()
		return nil
	}
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	w := &waiter{ready: make(chan struct{})}
	s.queue[p] = append(s.queue[p], w)
	if s.onQueue != nil {
		s.onQueue()
	}
	s.grant()
	s.mu.Unlock()
	select {
	case <-w.ready:
		if w.granted {
			return nil
		}
		return ErrClosed
	case <-ctx.Done():
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if w.granted {
		s.tokens = min(s.burst, s.tokens+1) // unused: the next waiter may have it
		s.grant()
		return ctx.Err()
	}
	q := s.queue[p]
	for i, o := range q {
		if o == w {
			s.queue[p] = append(q[:i:i], q[i+1:]...)
			break
		}
	}
	return ctx.Err()
}

// refill adds the tokens earned since last; the caller holds mu.
func (s *Scheduler) refill() {
	now := s.clock.Now()
	if d := now.Sub(s.last); d > 0 {
		s.tokens = min(s.burst, s.tokens+d.Seconds()*s.rate)
	}
	s.last = now
}

// empty reports whether no request waits; the caller holds mu.
func (s *Scheduler) empty() bool {
	for _, q := range s.queue {
		if len(q) > 0 {
			return false
		}
	}
	return true
}

// grant hands the tokens there are to the waiting requests, highest priority first,
// and sets a timer for the next token while some still wait; the caller holds mu.
func (s *Scheduler) grant() {
	s.refill()
	for p := range s.queue {
		for len(s.queue[p]) > 0 && s.tokens >= 1-epsilon {
			w := s.queue[p][0]
			s.queue[p] = s.queue[p][1:]
			s.tokens--
			w.granted = true
			close(w.ready)
		}
	}
	if s.empty() || s.armed {
		return
	}
	s.armed = true
	d := time.Duration(math.Ceil((1 - s.tokens) / s.rate * float64(time.Second)))
	s.clock.AfterFunc(max(d, time.Microsecond), func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.armed = false
		s.grant()
	})
}

// Waiting counts the requests waiting for a token.
func (s *Scheduler) Waiting() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, q := range s.queue {
		n += len(q)
	}
	return n
}

// Counted reports whether Discord counts a request to path towards the global
// limit: every call of its REST API (/api/...) but interaction callbacks
// (/interactions/{id}/{token}/callback) and the interaction webhooks
// (/webhooks/{app}/{token}...), which the bot only uses to follow up interactions.
// Downloads of attachments (the CDN's /attachments/...) are not API calls.
func Counted(path string) bool {
	if !strings.HasPrefix(path, "/api/") {
		return false
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	for i, p := range parts {
		switch p {
		case "interactions":
			return !(len(parts) >= i+4 && parts[i+3] == "callback")
		case "webhooks":
			return len(parts) < i+3
		}
	}
	return true
}
