package discordtest

import (
	"fmt"
	"math"
	"net/http"
	"time"
)

// DefaultGlobalLimit is Discord's global rate limit: requests per second per bot,
// interaction answers and their follow-ups not counted. A new Server enforces it.
const DefaultGlobalLimit = 50

// SetGlobalLimit sets Discord's global rate limit: past n requests in any one second,
// a request is refused with a global 429 and has no effect. A new Server enforces
// DefaultGlobalLimit, as Discord does; 0 turns the limit off. Interaction callbacks
// and the interaction webhook (/webhooks/{app}/{token}...) are not counted, as on
// Discord. Refused requests do not use up the window, so a client that waits
// retry_after gets through.
func (s *Server) SetGlobalLimit(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.globalLimit = n
}

// GlobalLimited counts the global 429s served, so a test can show the bot never met
// the limit, or recovered from it. Check does not report them: waiting retry_after is
// what Discord asks of a client, so only a test knows whether meeting it is a bug.
func (s *Server) GlobalLimited() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.globalHits
}

// PeakRate is the most requests the global limit counts (refused or not) that arrived
// within any one second, measured whether or not the limit is on, so a load test can
// show the bot stays under Discord's limit by itself.
func (s *Server) PeakRate() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peakRate
}

// GlobalCounted is how many requests the global limit has counted so far (refused
// or not), so a test can tell what a piece of work cost the bot's budget.
func (s *Server) GlobalCounted() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.globalTotal
}

// globallyCounted reports whether a request counts towards the global limit: Discord
// leaves out the interaction endpoints, which answer players rather than load it.
func (s *Server) globallyCounted(parts []string) bool {
	switch parts[0] {
	case "interactions":
		return false
	case "webhooks":
		return len(parts) < 2 || parts[1] != s.app.ID
	}
	return true
}

// globalRefuse counts a request against the global limit and, if it is over, answers
// the global 429 and reports true; the caller holds mu.
func (s *Server) globalRefuse(w http.ResponseWriter, parts []string) bool {
	if !s.globallyCounted(parts) {
		return false
	}
	now := s.now()
	since := now.Add(-time.Second)
	s.globalTotal++
	s.globalSeen = append(inWindow(s.globalSeen, since), now)
	s.peakRate = max(s.peakRate, len(s.globalSeen))
	s.globalSent = inWindow(s.globalSent, since)
	if s.globalLimit <= 0 || len(s.globalSent) < s.globalLimit {
		s.globalSent = append(s.globalSent, now)
		return false
	}
	s.globalHits++
	// The window has room again when the request limit places back leaves it.
	// discordgo reads retry_after to the millisecond, so round up: a wait that
	// truncates to zero would come straight back.
	wait := s.globalSent[len(s.globalSent)-s.globalLimit].Add(time.Second).Sub(now)
	secs := math.Ceil(max(wait.Seconds(), 0.001)*1000) / 1000
	w.Header().Set("X-RateLimit-Global", "true")
	w.Header().Set("X-RateLimit-Scope", "global")
	w.Header().Set("Retry-After", fmt.Sprint(int(math.Ceil(secs)))) // HTTP wants whole seconds; the body is precise
	writeJSON(w, http.StatusTooManyRequests, map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": true})
	return true
}

// inWindow drops the times at or before since; times are in order.
func inWindow(times []time.Time, since time.Time) []time.Time {
	i := 0
	for i < len(times) && !times[i].After(since) {
		i++
	}
	return times[i:]
}
