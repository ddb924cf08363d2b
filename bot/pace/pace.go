package pace

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Discord allows a bot about 50 requests a second in all, interaction answers and
// their follow-ups not counted; past that it answers 429s, then bans for a while. It
// counts requests as they arrive, and a request granted now may arrive later (a new
// connection, a busy machine), bunched with later ones: a token bucket paced at 45 a
// second still met the limit under load (peaks of 56 to 61 a second in the load
// test). So a request holds its slot from the moment it may go until a Window after
// its answer came back: whatever arrived within any Window was holding a slot at the
// Window's end, so at most GlobalSlots arrive within any Window, whatever the delays.
const (
	// GlobalSlots is how many counted requests may arrive at Discord within any Window.
	GlobalSlots = 45
	// Window is the span Discord's global limit counts over.
	Window = time.Second
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

// Scheduler is the http.RoundTripper every Discord REST call goes through: it lets at
// most slots requests that Discord counts towards the global limit arrive within any
// window (a request holds its slot from its grant until window after its answer),
// serving the waiting ones by priority and, within one, in order of arrival; requests
// Discord does not count (interaction callbacks and the interaction webhooks) pass at
// once. A waiting request gives up when its context ends or the scheduler closes.
type Scheduler struct {
	next   http.RoundTripper
	clock  Clock
	window time.Duration

	mu      sync.Mutex
	free    int                   // slots no request holds
	queue   [priorities][]*waiter // waiting requests, oldest first
	closed  bool
	onQueue func() // called (mu held) when a request starts waiting; for tests
}

// waiter is a request waiting for a slot; ready is closed when it has one or the
// scheduler closed (granted tells which).
type waiter struct {
	ready   chan struct{}
	granted bool
}

// New paces next so that at most slots counted requests arrive within any window, by
// clock (the wall clock when nil).
func New(next http.RoundTripper, clock Clock, slots int, window time.Duration) *Scheduler {
	if clock == nil {
		clock = wallClock{}
	}
	return &Scheduler{next: next, clock: clock, window: window, free: slots}
}

// RoundTrip waits for a slot when Discord counts r, sends it, and keeps the slot
// until a window after the answer.
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
	resp, err := s.next.RoundTrip(r)
	// The request arrived by now, if ever; it counts for a window from its arrival.
	s.clock.AfterFunc(s.window, s.release)
	return resp, err
}

// Close lets every waiting request go with ErrClosed, and from now on refuses a
// counted request that finds no free slot, instead of queueing it. A process that
// shuts down must not wait behind the budget: what was not sent is still owed in the
// store and goes out after the restart. Requests that find a slot still go.
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

// wait takes a slot, queueing at priority p while there is none.
func (s *Scheduler) wait(ctx context.Context, p Priority) error {
	s.mu.Lock()
	if s.free > 0 && s.empty() {
		s.free--
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
		s.free++ // never sent: the next waiter may have it at once
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

// release gives back the slot of a request whose window is over.
func (s *Scheduler) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.free++
	s.grant()
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

// grant hands the free slots to the waiting requests, highest priority first; the
// caller holds mu.
func (s *Scheduler) grant() {
	for p := range s.queue {
		for len(s.queue[p]) > 0 && s.free > 0 {
			w := s.queue[p][0]
			s.queue[p] = s.queue[p][1:]
			s.free--
			w.granted = true
			close(w.ready)
		}
	}
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
