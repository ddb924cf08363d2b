package discordtest

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// routeFaults are the misbehaviours queued for one route pattern. Stalls and failures
// are separate queues so that one request can both wait and fail: a stall longer than
// the client's timeout followed by a failure is a timeout that had no effect, a stall
// alone is a timeout that did.
type routeFaults struct {
	failures []failPlan
	stalls   []stallPlan
	served   int // requests that met a stall, a failure or both
}

type failPlan struct {
	n           int
	status      int
	afterEffect bool
}

type stallPlan struct {
	n int
	d time.Duration
}

// FailNext makes the next n requests on a route pattern (named as for RateLimit, e.g.
// "POST /channels/{id}/messages") fail with status and have no effect. status is an
// HTTP status of 400 or more except 429 (use RateLimit or SetGlobalLimit for those),
// or one of Discord's JSON error codes, which picks its own status: 10003 Unknown
// Channel, 10004 Unknown Guild, 10008 Unknown Message, 10015 Unknown Webhook, 10062
// Unknown interaction (404s), 50001 Missing Access, 50013 Missing Permissions (403s).
// A bare 403 answers 50013, a bare 404 the "Unknown ..." code of what the route names
// (message, interaction, webhook, channel, guild). discordgo retries a 502 by itself
// (up to MaxRestRetries), so a 502 injected once reaches the caller as a success, one
// request later; 500, 503 and 504 come back as errors. It panics on a status it cannot
// answer, since that is a mistake in the test, not a fault to inject.
func (s *Server) FailNext(route string, n int, status int) {
	s.queueFailure(route, failPlan{n: n, status: status})
}

// FailAfterEffect makes the next n requests on a route pattern take effect (the
// message is created, the edit applied) and then answer status as FailNext does: an
// answer lost after the write, which a post survives only with a nonce and
// enforce_nonce. Note that a 502 here is retried by discordgo with the same body, so
// without enforce_nonce it posts twice.
func (s *Server) FailAfterEffect(route string, n int, status int) {
	s.queueFailure(route, failPlan{n: n, status: status, afterEffect: true})
}

func (s *Server) queueFailure(route string, p failPlan) {
	if _, _, err := faultAnswer(route, p.status); err != nil {
		panic(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.faultsFor(route)
	f.failures = append(f.failures, p)
}

// Stall makes the next n requests on a route pattern wait d before being handled, to
// exercise client timeouts. A stalled request is still handled after d even if its
// client gave up (Discord finishes what it received), unless a failure is queued for
// it too; Close ends every stall at once, without effect, so tests never hang.
func (s *Server) Stall(route string, n int, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.faultsFor(route)
	f.stalls = append(f.stalls, stallPlan{n: n, d: d})
}

// Faults counts the requests on a route pattern that met an injected stall or
// failure, so a test can tell that the fault it queued was reached.
func (s *Server) Faults(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f := s.faults[route]; f != nil {
		return f.served
	}
	return 0
}

// WaitFaults waits until n requests on a route pattern have met an injected fault,
// so a test can act while a stalled request hangs (kill the bot, close the server)
// without polling.
func (s *Server) WaitFaults(ctx context.Context, route string, n int) error {
	return s.wait(ctx, func() bool {
		f := s.faults[route]
		return f != nil && f.served >= n
	})
}

// faultsFor returns a route's queues, creating them; the caller holds mu.
func (s *Server) faultsFor(route string) *routeFaults {
	f := s.faults[route]
	if f == nil {
		f = &routeFaults{}
		s.faults[route] = f
	}
	return f
}

// takeFaults consumes what is queued for one request on a route: how long it stalls
// and how it fails (nil: it does not); the caller holds mu.
func (s *Server) takeFaults(route string) (time.Duration, *failPlan) {
	f := s.faults[route]
	if f == nil {
		return 0, nil
	}
	var stall time.Duration
	var fail *failPlan
	for len(f.stalls) > 0 && stall == 0 {
		if f.stalls[0].n > 0 {
			f.stalls[0].n--
			stall = max(f.stalls[0].d, time.Nanosecond)
		}
		if f.stalls[0].n <= 0 {
			f.stalls = f.stalls[1:]
		}
	}
	for len(f.failures) > 0 && fail == nil {
		if f.failures[0].n > 0 {
			f.failures[0].n--
			p := f.failures[0]
			fail = &p
		}
		if f.failures[0].n <= 0 {
			f.failures = f.failures[1:]
		}
	}
	if stall > 0 || fail != nil {
		f.served++
	}
	return stall, fail
}

// stall waits d, or less if the server closes; it reports whether the server is
// still open. The caller must not hold mu, so other requests go on meanwhile.
func (s *Server) stall(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-s.done:
		return false
	}
}

// faultAnswer is the status and body Discord sends for an injected failure.
func faultAnswer(route string, status int) (int, apiError, error) {
	// Discord's JSON error codes a test may name, with the status each comes with.
	known := map[int]struct {
		status int
		msg    string
	}{
		10003: {http.StatusNotFound, "Unknown Channel"},
		10004: {http.StatusNotFound, "Unknown Guild"},
		10008: {http.StatusNotFound, "Unknown Message"},
		10015: {http.StatusNotFound, "Unknown Webhook"},
		10062: {http.StatusNotFound, "Unknown interaction"},
		50001: {http.StatusForbidden, "Missing Access"},
		50013: {http.StatusForbidden, "Missing Permissions"},
	}
	switch status {
	case http.StatusForbidden:
		status = 50013
	case http.StatusNotFound:
		if code := unknownCode(route); code != 0 {
			status = code
		}
	case http.StatusTooManyRequests:
		return 0, apiError{}, fmt.Errorf("discordtest: inject 429s with RateLimit or SetGlobalLimit, not as a failure of %s", route)
	}
	if k, ok := known[status]; ok {
		return k.status, apiError{Code: status, Message: k.msg}, nil
	}
	if status < 400 || status > 599 {
		return 0, apiError{}, fmt.Errorf("discordtest: %d is neither a failing HTTP status nor a Discord error code the fake knows (for %s)", status, route)
	}
	return status, apiError{Code: 0, Message: fmt.Sprintf("%d: %s", status, http.StatusText(status))}, nil
}

// unknownCode is the "Unknown ..." error of the last thing a route pattern names,
// which is what Discord reports missing, or 0 for a bare 404.
func unknownCode(route string) int {
	_, path, _ := strings.Cut(route, " ")
	parts := strings.Split(strings.Trim(path, "/"), "/")
	for i, p := range parts {
		if p == "messages" && i+1 < len(parts) {
			return 10008
		}
	}
	switch parts[0] {
	case "interactions":
		return 10062
	case "webhooks":
		return 10015
	case "channels":
		return 10003
	case "guilds":
		return 10004
	}
	return 0
}
