package host

import (
	"context"
	"errors"
	"fmt"
	"github.com/kombat-game/kombat/internal/outage"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// TestRestore_GameNotPlugged: a stored game in play of a game this host has no
// adapter for (an UPBEAT game, UPBEAT not among Options.Games) is left alone: Restore
// hosts the others, skips it (its claim given up, for a host that plugs the game in)
// and never crashes; Adopt does not try it again.
func TestRestore_GameNotPlugged(t *testing.T) {
	ctx := context.Background()
	_, db := openRecords(t)
	skipped := outage.WatchLog("this host does not host")
	h, err := New(Options{Games: kombatOnly(), DB: db, Front: quietFront{}, Log: slog.New(skipped)})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	up := &store.Game{Game: store.GameUpbeat, Scope: "g", Place: "c1", Mode: game.ModeDuel, Status: store.StatusPlay, Seed: 3,
		Seats: []store.Seat{{Player: ann, Data: `{"plan":"done"}`}, {Player: bob, Data: `{"plan":"done"}`}}, ConfigText: upbeat.DefaultConfig().String()}
	upID, err := db.CreateGame(ctx, up)
	must(t, err)
	kombat := &store.Game{Game: store.GameKombat, Scope: "g", Place: "c2", Mode: game.ModeDuel, Seats: []store.Seat{{Player: cid}, {Player: "400"}},
		Status: store.StatusSetup, ConfigText: game.DefaultConfig().String(), State: `{"human_seat":0,"kinds":[]}`, Setup: []byte(`{}`)}
	kID, err := db.CreateGame(ctx, kombat)
	must(t, err)
	if n, err := h.Restore(ctx); err != nil || n != 1 {
		t.Fatalf("Restore: %d games, %v; want the KOMBAT game alone", n, err)
	}
	if h.Get(upID) != nil || h.Get(kID) == nil {
		t.Errorf("hosted: UPBEAT's %v, KOMBAT's %v; want KOMBAT's alone", h.Get(upID) != nil, h.Get(kID) != nil)
	}
	skipped.Await(t, "this host does not host", 1) // the log says which game, and why
	if n := h.Adopt(ctx); n != 0 {
		t.Errorf("Adopt took up %d games, want none", n)
	}
	claim, err := db.ClaimGame(ctx, upID) // given up: a host that plugs UPBEAT in may run it
	must(t, err)
	must(t, claim.Release(ctx))
}

// TestNew_GameRegisteredTwice: a game plugged in twice (or over KOMBAT's name) is a
// mistake of the process's wiring, refused at once with the game's name.
func TestNew_GameRegisteredTwice(t *testing.T) {
	_, db := openRecords(t)
	if _, err := New(Options{DB: db, Front: quietFront{}, Games: append(kombatOnly(), kombatOnly()...)}); err == nil || !strings.Contains(err.Error(), `"kombat"`) {
		t.Errorf("KOMBAT plugged in again: %v, want it refused by name", err)
	}
}

// stubGame is the small game the core's tests plug in under KOMBAT's name (KOMBAT's
// adapter, kombathost, imports host, so they cannot import it): its part keeps a
// lobby and the people seated, and plays, clocks and expires nothing.
type stubGame struct{}

func (stubGame) Part(t *Table) Hosted { return &stubPart{t: t} }

type stubPart struct {
	t   *Table
	lob struct {
		Summary string `json:"summary,omitempty"`
	}
}

func (p *stubPart) Lobby() any                         { return &p.lob }
func (p *stubPart) Summary() *string                   { return &p.lob.Summary }
func (p *stubPart) Version() int                       { return len(p.t.Row.Actions) }
func (p *stubPart) Forget()                            {}
func (p *stubPart) Record(*Host, *string) error        { return nil }
func (p *stubPart) Committed(Event)                    {}
func (p *stubPart) ArmClock(*Host) error               { return nil }
func (p *stubPart) DisarmClock(*Host)                  {}
func (p *stubPart) Next(*Host) (bool, error)           { return false, nil }
func (p *stubPart) Expire(*Host, store.Deadline) error { return nil }
func (p *stubPart) Wake(*Host)                         {}
func (p *stubPart) Held() []string                     { return []string{p.t.Row.Player(1), p.t.Row.Player(2)} }

// kombatOnly is Options.Games of a host of one game, the stub under KOMBAT's name (the
// rows that name no game included), as the core's tests run it.
func kombatOnly() []Plug {
	return []Plug{{Name: store.GameKombat, Unnamed: true, New: func(*Host) Game { return stubGame{} }}}
}

// must fails the test at once on an error.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// quietFront is a front that shows nothing: for tests that only read games.
type quietFront struct{}

func (quietFront) Show(*Table, *store.Screen) (string, error) { return "m", nil }
func (quietFront) Retire(*Table, string)                      {}
func (quietFront) Permanent(error) string                     { return "" }
func (quietFront) Summary(*Table, Event) string               { return "" }
func (quietFront) Tell(*Table, Note)                          {}

// openRecords hosts a fresh database in the test's directory, KOMBAT plugged in.
func openRecords(t testing.TB) (*Host, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "k.db"))
	must(t, err)
	t.Cleanup(func() { db.Close() })
	h, err := New(Options{Games: kombatOnly(), DB: db, Front: quietFront{}})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	return h, db
}

// quietLog drops the host's log: the tests check what it does.
func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// TestStopped_ThePlugsError: an error is an evaluation Close stopped when it wraps a
// plugged game's Stopped error, whichever game's; any other error, and nil, is not,
// and a game that names none adds none.
func TestStopped_ThePlugsError(t *testing.T) {
	_, db := openRecords(t)
	halted := errors.New("stub: evaluation stopped")
	games := []Plug{
		{Name: store.GameKombat, Unnamed: true, Stopped: halted, New: func(*Host) Game { return stubGame{} }},
		{Name: store.GameUpbeat, New: func(*Host) Game { return stubGame{} }},
	}
	h, err := New(Options{Games: games, DB: db, Front: quietFront{}})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	for _, c := range []struct {
		err  error
		want bool
	}{{halted, true}, {fmt.Errorf("play a turn: %w", halted), true}, {errors.New("stub: evaluation stopped"), false}, {nil, false}} {
		if got := h.stopped(c.err); got != c.want {
			t.Errorf("stopped(%v) = %v, want %v", c.err, got, c.want)
		}
	}
	if len(h.stops) != 1 {
		t.Errorf("%d stop errors kept, want KOMBAT's stub's alone", len(h.stops))
	}
}
