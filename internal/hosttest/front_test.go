package hosttest

import (
	"errors"
	"slices"
	"testing"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// TestFrontShowsAsScripted checks that Show fails with the scripted errors in order,
// then shows, keeping each screen shown and sending it to Wait.
func TestFrontShowsAsScripted(t *testing.T) {
	boom := errors.New("HTTP 500")
	f := NewFront(boom, nil, boom)
	var got []error
	for v := 1; v <= 5; v++ {
		_, err := f.Show(nil, &store.Screen{Version: v})
		got = append(got, err)
	}
	if want := []error{boom, nil, boom, nil, nil}; !slices.Equal(got, want) {
		t.Errorf("Shows returned %v, want %v", got, want)
	}
	if v := f.Versions(); !slices.Equal(v, []int{2, 4, 5}) {
		t.Errorf("versions shown %v, want [2 4 5]", v)
	}
	if f.Tries != 5 {
		t.Errorf("%d tries, want 5", f.Tries)
	}
	if s := f.Wait(t); s.Version != 2 {
		t.Errorf("first screen waited for is at version %d, want 2", s.Version)
	}
}

// TestFrontPermanent checks that only Forbidden (or an error wrapping it) is permanent.
func TestFrontPermanent(t *testing.T) {
	forbidden := errors.New("HTTP 403")
	for _, c := range []struct {
		name      string
		forbidden error
		err       error
		want      string
	}{
		{"no Forbidden", nil, forbidden, ""},
		{"Forbidden", forbidden, forbidden, "no permission"},
		{"wrapped", forbidden, errors.Join(errors.New("post"), forbidden), "no permission"},
		{"another error", forbidden, errors.New("HTTP 500"), ""},
	} {
		f := &Front{Forbidden: c.forbidden}
		if got := f.Permanent(c.err); got != c.want {
			t.Errorf("%s: Permanent = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestZeroFrontRecords checks that a zero Front shows without a channel and keeps
// retired messages, event kinds and note kinds.
func TestZeroFrontRecords(t *testing.T) {
	var f Front
	if _, err := f.Show(nil, &store.Screen{Version: 7}); err != nil {
		t.Fatal(err)
	}
	f.Retire(nil, "ma")
	f.Summary(nil, host.Event{Kind: host.EvStart})
	f.Tell(nil, host.Note{})
	if !slices.Equal(f.Versions(), []int{7}) || !slices.Equal(f.Retired, []string{"ma"}) ||
		!slices.Equal(f.EventKinds(), []host.EventKind{host.EvStart}) || len(f.Notes) != 1 {
		t.Errorf("kept %v, %v, %v, %v", f.Versions(), f.Retired, f.EventKinds(), f.Notes)
	}
}
