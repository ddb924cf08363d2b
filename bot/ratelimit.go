package bot

import (
	"context"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/host"
)

// Discord allows a bot about 50 requests a second in all, interaction answers and
// their follow-ups not counted; past that it answers 429s, then bans for a while. The
// scheduler keeps a margin under it, as the window Discord measures and the moments
// requests leave here differ by the network's jitter.
const (
	globalRate  = 45   // counted requests a second, steady
	globalBurst = 3    // counted requests at once after a quiet spell: rate+burst stays under 50
	epsilon     = 1e-9 // a token short by rounding is a token
)

// Priority orders the requests waiting for the global budget: lower goes first.
type Priority int

const (
	// PriorityAnswer is for answering a player's interaction.
	PriorityAnswer Priority = iota
	// PriorityHuman is for the screens of games people play; requests that say nothing get it.
	PriorityHuman
	// PriorityAuto is for auto games and tournaments, which slow down rather than crowd out people.
	PriorityAuto
	priorities // how many there are
)

type priorityKey struct{}

// WithPriority returns ctx carrying the priority of the Discord requests made with it.
func WithPriority(ctx context.Context, p Priority) context.Context {
	return context.WithValue(ctx, priorityKey{}, p)
}

// priorityOf is the priority ctx carries, PriorityHuman when none.
func priorityOf(ctx context.Context) Priority {
	if p, ok := ctx.Value(priorityKey{}).(Priority); ok && p >= 0 && p < priorities {
		return p
	}
	return PriorityHuman
}

// screenPriority is the request option for a game's screens and their edits: auto
// games (no person in any seat) and tournament games give way to games with people.
func (*Bot) screenPriority(t *host.Table) discordgo.RequestOption {
	p := PriorityAuto
	for _, id := range t.Row.Players {
		if id != "" {
			p = PriorityHuman
		}
	}
	// Background, as before: a post under way when the bot closes is not cut off.
	return discordgo.WithContext(WithPriority(context.Background(), p))
}

// timerClock is the time the scheduler paces by; the real one in the bot, a manual one
// in tests.
type timerClock interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// scheduler is the http.RoundTripper every Discord REST call goes through: it spends a
// token bucket of rate a second (burst at most at once) on the requests Discord counts
// towards the global limit, serving the waiting ones by priority and, within one, in
// order of arrival; requests Discord does not count (interaction callbacks and the
// interaction webhooks) pass at once. A waiting request gives up when its context ends.
type scheduler struct {
	next  http.RoundTripper
	clock timerClock
	rate  float64
	burst float64

	mu     sync.Mutex
	tokens float64
	last   time.Time             // when tokens was last brought up to date
	queue  [priorities][]*waiter // waiting requests, oldest first
	armed  bool                  // a timer will call grant
}

// waiter is a request waiting for a token; ready is closed when it has one.
type waiter struct {
	ready   chan struct{}
	granted bool
}

// newScheduler paces next at rate counted requests a second, burst at once.
func newScheduler(next http.RoundTripper, clock timerClock, rate, burst int) *scheduler {
	if clock == nil {
		clock = realClock{}
	}
	return &scheduler{next: next, clock: clock, rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: clock.Now()}
}

// RoundTrip waits for the global budget when Discord counts r, then sends it.
func (s *scheduler) RoundTrip(r *http.Request) (*http.Response, error) {
	if !globallyCounted(r.URL.Path) {
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

// wait takes a token, queueing at priority p while there is none.
func (s *scheduler) wait(ctx context.Context, p Priority) error {
	s.mu.Lock()
	s.refill()
	if s.tokens >= 1-epsilon && s.empty() {
		s.tokens--
		s.mu.Unlock()
		return nil
	}
	w := &waiter{ready: make(chan struct{})}
	s.queue[p] = append(s.queue[p], w)
	s.grant()
	s.mu.Unlock()
	select {
	case <-w.ready:
		return nil
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
func (s *scheduler) refill() {
	now := s.clock.Now()
	if d := now.Sub(s.last); d > 0 {
		s.tokens = min(s.burst, s.tokens+d.Seconds()*s.rate)
	}
	s.last = now
}

// empty reports whether no request waits; the caller holds mu.
func (s *scheduler) empty() bool {
	for _, q := range s.queue {
		if len(q) > 0 {
			return false
		}
	}
	return true
}

// grant hands the tokens there are to the waiting requests, highest priority first,
// and sets a timer for the next token while some still wait; the caller holds mu.
func (s *scheduler) grant() {
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

// waiting counts the requests waiting for a token, for tests.
func (s *scheduler) waiting() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, q := range s.queue {
		n += len(q)
	}
	return n
}

// globallyCounted reports whether Discord counts a request to path towards the global
// limit: everything but interaction callbacks (/interactions/{id}/{token}/callback)
// and the interaction webhooks (/webhooks/{app}/{token}...), which the bot only uses
// to follow up interactions.
func globallyCounted(path string) bool {
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
