package pace

import (
	"context"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// manualClock is a timerClock the test moves: timers fire in Advance, in order.
type manualClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []manualTimer
	armed  chan struct{} // told of every AfterFunc
}

// newManualClock is a manual clock at a fixed date.
func newManualClock() *manualClock {
	return &manualClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), armed: make(chan struct{}, 1000)}
}

// untilArmed waits until n more timers were set: a request's slot is released by a
// timer its goroutine sets once the answer is back, after the test saw the request.
func (c *manualClock) untilArmed(t *testing.T, n int) {
	t.Helper()
	for range n {
		select {
		case <-c.armed:
		case <-time.After(5 * time.Second):
			t.Fatal("a request's release was not timed")
		}
	}
}

type manualTimer struct {
	at time.Time
	f  func()
}

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *manualClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.timers = append(c.timers, manualTimer{c.now.Add(d), f})
	c.armed <- struct{}{}
	return func() bool { return false }
}

// Advance moves the clock by d, firing the timers due on the way at their times.
func (c *manualClock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	for {
		slices.SortStableFunc(c.timers, func(a, b manualTimer) int { return a.at.Compare(b.at) })
		if len(c.timers) == 0 || c.timers[0].at.After(end) {
			break
		}
		t := c.timers[0]
		c.timers = c.timers[1:]
		c.now = t.at
		c.mu.Unlock()
		t.f()
		c.mu.Lock()
	}
	c.now = end
	c.mu.Unlock()
}

// recorder is a RoundTripper that notes the requests it is given, in order.
type recorder struct {
	mu   sync.Mutex
	sent []string
	done chan string
}

func newRecorder() *recorder { return &recorder{done: make(chan string, 100)} }

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	r.sent = append(r.sent, req.URL.Query().Get("n"))
	r.mu.Unlock()
	r.done <- req.URL.Query().Get("n")
	return &http.Response{StatusCode: 200, Body: io.NopCloser(strings.NewReader("{}")), Request: req}, nil
}

func (r *recorder) order() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.sent)
}

// apiRequest is a request to Discord's API at path, named n, at priority p.
func apiRequest(ctx context.Context, path, n string, p Priority) *http.Request {
	req, _ := http.NewRequestWithContext(WithPriority(ctx, p), "POST", apiBase+path+"?n="+n, nil)
	return req
}

// apiBase stands for Discord's REST base; the recorder never dials it.
const apiBase = "http://127.0.0.1/api/v9"

// watch makes s tell, on the channel returned, each time a request starts waiting.
func watch(s *Scheduler) <-chan struct{} {
	c := make(chan struct{}, 1000)
	s.mu.Lock()
	s.onQueue = func() { c <- struct{}{} }
	s.mu.Unlock()
	return c
}

// untilQueued waits until n more requests have started waiting in s.
func untilQueued(t *testing.T, queued <-chan struct{}, n int) {
	t.Helper()
	for range n {
		select {
		case <-queued:
		case <-time.After(5 * time.Second):
			t.Fatalf("a request did not start waiting")
		}
	}
}

// drain waits for n requests to reach r, and fails if one more has.
func drain(r *recorder, n int, t *testing.T) {
	t.Helper()
	for range n {
		select {
		case <-r.done:
		case <-time.After(5 * time.Second):
			t.Fatal("a granted request did not go out")
		}
	}
	select {
	case n := <-r.done:
		t.Fatalf("request %s went out early", n)
	default:
	}
}

func TestSchedulerPaces(t *testing.T) {
	clock := newManualClock()
	rec := newRecorder()
	s := New(rec, clock, 2, 100*time.Millisecond) // 2 requests within any 100ms
	queued := watch(s)
	const n = 7
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.RoundTrip(apiRequest(context.Background(), "/channels/1/messages", string(rune('a'+i)), Auto)); err != nil {
				t.Error(err)
			}
		}()
	}
	untilQueued(t, queued, n-2)
	drain(rec, 2, t) // two at once
	clock.untilArmed(t, 2)
	// Then two more each window, and not a moment before.
	for left := n - 2; left > 0; left -= 2 {
		clock.Advance(99 * time.Millisecond)
		drain(rec, 0, t)
		clock.Advance(time.Millisecond)
		drain(rec, min(2, left), t)
		clock.untilArmed(t, min(2, left))
	}
	wg.Wait()
	if s.Waiting() != 0 {
		t.Errorf("%d still waiting", s.Waiting())
	}
}

// TestSchedulerHoldsSlotUntilAWindowAfterTheAnswer: a request whose answer is slow may
// arrive late, bunched with later ones, so its slot is free again only a window after
// the answer, not a window after it was sent (the load test met Discord's limit when
// it was the latter).
func TestSchedulerHoldsSlotUntilAWindowAfterTheAnswer(t *testing.T) {
	clock := newManualClock()
	slow := &slowTripper{recorder: newRecorder(), release: make(chan struct{})}
	s := New(slow, clock, 1, 100*time.Millisecond)
	queued := watch(s)
	go s.RoundTrip(apiRequest(context.Background(), "/channels/1/messages", "slow", Auto))
	drain(slow.recorder, 1, t)
	go s.RoundTrip(apiRequest(context.Background(), "/channels/1/messages", "next", Auto))
	untilQueued(t, queued, 1)
	clock.Advance(time.Second) // the slow request is still out
	drain(slow.recorder, 0, t)
	close(slow.release) // its answer comes back now
	clock.untilArmed(t, 1)
	clock.Advance(99 * time.Millisecond)
	drain(slow.recorder, 0, t)
	clock.Advance(time.Millisecond)
	drain(slow.recorder, 1, t)
}

// slowTripper answers the request named "slow" only once release is closed.
type slowTripper struct {
	*recorder
	release chan struct{}
}

func (s *slowTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := s.recorder.RoundTrip(req)
	if req.URL.Query().Get("n") == "slow" {
		<-s.release
	}
	return resp, err
}

func TestSchedulerPacesInRealTime(t *testing.T) {
	t.Parallel()
	rec := newRecorder()
	s := New(rec, nil, 5, 50*time.Millisecond)
	const n = 45
	start := time.Now()
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.RoundTrip(apiRequest(context.Background(), "/channels/1/messages", "x", Human))
			<-rec.done
		}()
	}
	wg.Wait()
	// 5 every 50ms: the 45th goes after 8 windows, 400ms; the upper bound only catches a stall.
	if took := time.Since(start); took < 390*time.Millisecond || took > 10*time.Second {
		t.Errorf("%d requests, 5 within any 50ms, took %v, want about 400ms", n, took)
	}
}

// spent is a scheduler of 1 request within any 100ms, on a manual clock, whose one slot
// a first request named "first" holds.
func spent(t *testing.T) (*manualClock, *recorder, *Scheduler, <-chan struct{}) {
	t.Helper()
	clock := newManualClock()
	rec := newRecorder()
	s := New(rec, clock, 1, 100*time.Millisecond)
	s.RoundTrip(apiRequest(context.Background(), "/channels/1/messages", "first", Auto))
	drain(rec, 1, t)
	clock.untilArmed(t, 1)
	return clock, rec, s, watch(s)
}

func TestSchedulerPriority(t *testing.T) {
	clock, rec, s, queued := spent(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	queue := func(name string, p Priority) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.RoundTrip(apiRequest(ctx, "/channels/1/messages", name, p))
		}()
		untilQueued(t, queued, 1) // queued in this order
	}
	queue("auto1", Auto)
	queue("auto2", Auto)
	queue("human1", Human)
	queue("answer", Answer)
	queue("human2", Human)
	untagged, _ := http.NewRequest("PATCH", apiBase+"/channels/1/messages/2?n=untagged", nil)
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.RoundTrip(untagged) // no priority: a person's
	}()
	untilQueued(t, queued, 1)
	for range 6 {
		clock.Advance(100 * time.Millisecond)
		drain(rec, 1, t)
		clock.untilArmed(t, 1)
	}
	wg.Wait()
	want := []string{"first", "answer", "human1", "human2", "untagged", "auto1", "auto2"}
	if got := rec.order(); !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

func TestSchedulerUncountedNotDelayed(t *testing.T) {
	clock, rec, s, queued := spent(t)
	ctx := context.Background()
	go s.RoundTrip(apiRequest(ctx, "/channels/1/messages", "queued", Auto))
	untilQueued(t, queued, 1)
	// The budget is spent and a request waits; these go at once, the clock standing still.
	for _, path := range []string{"/interactions/5/tok/callback", "/webhooks/7/tok", "/webhooks/7/tok/messages/@original"} {
		s.RoundTrip(apiRequest(ctx, path, path, Auto))
		drain(rec, 1, t)
	}
	clock.Advance(100 * time.Millisecond)
	drain(rec, 1, t)
}

func TestSchedulerGivesUpWithContext(t *testing.T) {
	clock, rec, s, queued := spent(t)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error)
	go func() {
		_, err := s.RoundTrip(apiRequest(ctx, "/channels/1/messages", "cancelled", Auto))
		errc <- err
	}()
	untilQueued(t, queued, 1)
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled wait: %v", err)
	}
	if s.Waiting() != 0 {
		t.Error("the cancelled request still waits")
	}
	clock.Advance(100 * time.Millisecond) // its token goes to the next
	s.RoundTrip(apiRequest(context.Background(), "/channels/1/messages", "next", Auto))
	drain(rec, 1, t)
}

func TestGloballyCounted(t *testing.T) {
	for path, want := range map[string]bool{
		"/api/v9/channels/1/messages":                             true,
		"/api/v9/channels/1/messages/2":                           true,
		"/api/v9/applications/3/guilds/4/commands":                true,
		"/api/v9/gateway/bot":                                     true,
		"/api/v9/interactions/5/tok/callback":                     false,
		"/attachments/1/2/strategy.txt":                           false,
		"/api/v9/webhooks/3/tok":                                  false,
		"/api/v9/webhooks/3/tok/messages/@original":               false,
		"/api/v9/webhooks/3":                                      true,
		"/proxy/api/v9/interactions/5/tok/callback":               false,
		"/api/v9/channels/1/messages?interactions=5/tok/callback": true,
	} {
		if got := Counted(strings.SplitN(path, "?", 2)[0]); got != want {
			t.Errorf("%s: counted %v, want %v", path, got, want)
		}
	}
}

func TestSchedulerClose(t *testing.T) {
	_, rec, s, queued := spent(t)
	errc := make(chan error)
	for _, p := range []Priority{Answer, Auto} {
		go func() {
			_, err := s.RoundTrip(apiRequest(context.Background(), "/channels/1/messages", "waiting", p))
			errc <- err
		}()
	}
	untilQueued(t, queued, 2)
	s.Close()
	for range 2 {
		if err := <-errc; !errors.Is(err, ErrClosed) {
			t.Errorf("a request waiting at Close: %v, want ErrClosed", err)
		}
	}
	if s.Waiting() != 0 {
		t.Errorf("%d still waiting after Close", s.Waiting())
	}
	// The budget is still spent: a new counted request is refused at once, not queued.
	if _, err := s.RoundTrip(apiRequest(context.Background(), "/channels/1/messages", "late", Auto)); !errors.Is(err, ErrClosed) {
		t.Errorf("a request after Close with no token: %v, want ErrClosed", err)
	}
	// An interaction's answer is not counted, and still goes.
	if _, err := s.RoundTrip(apiRequest(context.Background(), "/interactions/5/tok/callback", "answer", Answer)); err != nil {
		t.Errorf("an interaction answer after Close: %v", err)
	}
	drain(rec, 1, t)
}
