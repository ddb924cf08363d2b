package view

import (
	"testing"
	"time"
)

// TestDuration: a clock reads to the second, rounded rather than printed to the
// nanosecond (issue 24 §3: "2m59.925993633s"); a sub-second pace to the millisecond.
func TestDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		2*time.Minute + 59925993633*time.Nanosecond:           "3m0s",
		2*time.Minute + 59*time.Second + 400*time.Millisecond: "2m59s",
		30 * time.Second:        "30s",
		250 * time.Millisecond:  "250ms",
		1500 * time.Microsecond: "2ms",
		-time.Second:            "0s",
	} {
		if got := Duration(d); got != want {
			t.Errorf("Duration(%v) = %q, want %q", d, got, want)
		}
	}
}
