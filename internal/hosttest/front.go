// Package hosttest is for tests: Front, a host.Front whose Show fails as scripted and
// which records what it was given (screens shown, retired messages, events worded,
// notes told), so that a game's adapter is tested without any chat. Of ours it
// imports host and store; after host, before the adapters whose tests use it.
package hosttest

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// Front is a recording host.Front. Its fields are the test's to read under Mu.
type Front struct {
	Mu      sync.Mutex
	Fail    []error // what the next Shows return, in order (nil: shown); then they succeed
	Shown   []store.Screen
	Tries   int // Shows called, failed or not
	Events  []host.EventKind
	Notes   []host.NoteKind
	Retired []string
	OK      chan store.Screen // each screen shown, as it is shown (NewFront's has room for 100; nil: none sent)
	// Forbidden is the error Permanent treats as permanent ("no permission"), matched
	// with errors.Is; nil: every error is worth retrying.
	Forbidden error
}

// NewFront is a Front whose next Shows fail with fail, in order.
func NewFront(fail ...error) *Front {
	return &Front{Fail: fail, OK: make(chan store.Screen, 100)}
}

// Show fails with the next scripted error, if any, or keeps s and sends it on OK,
// if OK is not nil. A zero Front shows every screen and sends none: for a test that
// reads what was shown afterwards rather than waiting for each screen.
func (f *Front) Show(_ *host.Table, s *store.Screen) (string, error) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	f.Tries++
	if len(f.Fail) > 0 {
		err := f.Fail[0]
		if f.Fail = f.Fail[1:]; err != nil {
			return "", err
		}
	}
	f.Shown = append(f.Shown, *s)
	if f.OK != nil {
		f.OK <- *s
	}
	return "m" + string(rune('a'+len(f.Shown))), nil
}

// Retire keeps the retired message's id.
func (f *Front) Retire(_ *host.Table, old string) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	f.Retired = append(f.Retired, old)
}

// Permanent says "no permission" for Forbidden, and nothing (retry) otherwise.
func (f *Front) Permanent(err error) string {
	if f.Forbidden != nil && errors.Is(err, f.Forbidden) {
		return "no permission"
	}
	return ""
}

// Summary keeps the event's kind.
func (f *Front) Summary(_ *host.Table, e host.Event) string {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	f.Events = append(f.Events, e.Kind)
	return "summary"
}

// Tell keeps the note's kind.
func (f *Front) Tell(_ *host.Table, n host.Note) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	f.Notes = append(f.Notes, n.Kind)
}

// Versions lists the versions of the screens shown, in order.
func (f *Front) Versions() []int {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	out := make([]int, len(f.Shown))
	for i, s := range f.Shown {
		out[i] = s.Version
	}
	return out
}

// EventKinds lists the kinds of events the front has worded.
func (f *Front) EventKinds() []host.EventKind {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	return slices.Clone(f.Events)
}

// Wait returns the next screen shown, or fails the test after a while.
func (f *Front) Wait(t testing.TB) store.Screen {
	t.Helper()
	select {
	case s := <-f.OK:
		return s
	case <-time.After(10 * time.Second):
		t.Fatal("no screen was shown")
		return store.Screen{}
	}
}
