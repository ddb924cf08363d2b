package upbeathost

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
)

// seater is a host on which a test seats people, by the place of their games.
type seater struct {
	t   *testing.T
	h   *testHost
	ids map[string]int64
}

// upOpen is user's /upbeat new at place of scope for seats players, bots of them bots.
func (s seater) upOpen(scope, place, user string, seats, bots int) error {
	tb, err := s.h.OpenUpbeat(UpOpen{Scope: scope, Place: place, Owner: user, OwnerName: user, Config: upConfig(),
		Seats: seats, Bots: make([]string, bots), Seed: 3})
	if err == nil {
		s.ids[place] = tb.Row.ID
	}
	return err
}

// join seats user in the UPBEAT lobby at place.
func (s seater) join(place, user string) error {
	tb, err := s.h.Lock(s.ids[place])
	must(s.t, err)
	defer tb.Unlock()
	_, err = s.h.JoinUpbeat(tb, user, user)
	return err
}

// challenge is by's /kombat challenge of opp at place of scope g.
func (s seater) challenge(place, by, opp string) error {
	tb, err := kombathost.Of(s.h.Host).OpenChallenge(kombathost.Where{Scope: "g", Place: place, Config: game.DefaultConfig()}, kombathost.Seated{User: by, Name: by}, kombathost.Seated{User: opp, Name: opp})
	if err == nil {
		s.ids[place] = tb.Row.ID
		tb.Unlock()
	}
	return err
}

// solo is by's /kombat solo at place of scope g.
func (s seater) solo(place, by string) error {
	tb, err := kombathost.Of(s.h.Host).OpenSetup(kombathost.Where{Scope: "g", Place: place, Config: game.DefaultConfig()}, game.ModeSolitaire, kombathost.Seated{User: by, Name: by}, 1, [2]string{})
	if err == nil {
		s.ids[place] = tb.Row.ID
		tb.Unlock()
	}
	return err
}

// finish plays the UPBEAT game at place, whose only person is owner, to its end:
// started, first plan written, and owner resigns (the bots are left).
func (s seater) finish(place, owner string) error {
	tb, err := s.h.Lock(s.ids[place])
	must(s.t, err)
	defer tb.Unlock()
	must(s.t, s.h.StartUpbeat(tb, owner))
	_, err = s.h.WritePlan(tb, owner, "done")
	must(s.t, err)
	return s.h.ResignUpbeat(tb, owner)
}

// cancel cancels the UPBEAT lobby at place at its owner's request.
func (s seater) cancel(place, owner string) error {
	tb, err := s.h.Lock(s.ids[place])
	must(s.t, err)
	defer tb.Unlock()
	return s.h.CancelUpbeat(tb, owner)
}

// TestOneGamePerPerson: a person is in one game at a time on a server, KOMBAT or
// UPBEAT, from its challenge or lobby until it ends: each step is refused naming the
// other game's channel and the command that leaves it, or allowed.
func TestOneGamePerPerson(t *testing.T) {
	busy := func(who, place, cmd string) string {
		return fmt.Sprintf("%s already in a game on this server, in <#%s>. Finish it (or `/%s resign` there) first.", who, place, cmd)
	}
	type step struct {
		do   func(s seater) error
		want string // the refusal, "" when allowed
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"kombat then upbeat", []step{
			{func(s seater) error { return s.challenge("c1", ann, bob) }, ""},
			{func(s seater) error { return s.upOpen("g", "c2", ann, 2, 0) }, busy("You are", "c1", "kombat")},
			{func(s seater) error { return s.upOpen("g", "c3", cid, 3, 1) }, ""},
			{func(s seater) error { return s.join("c3", bob) }, busy("You are", "c1", "kombat")},
		}},
		{"upbeat then kombat", []step{
			{func(s seater) error { return s.upOpen("g", "c1", ann, 3, 1) }, ""},
			{func(s seater) error { return s.join("c1", bob) }, ""},
			{func(s seater) error { return s.challenge("c2", cid, bob) }, busy("<@"+bob+"> is", "c1", "upbeat")},
			{func(s seater) error { return s.solo("c3", ann) }, busy("You are", "c1", "upbeat")},
			{func(s seater) error { return s.solo("c4", cid) }, ""},
		}},
		{"upbeat then upbeat join", []step{
			{func(s seater) error { return s.upOpen("g", "c1", ann, 3, 0) }, ""},
			{func(s seater) error { return s.upOpen("g", "c2", cid, 2, 0) }, ""},
			{func(s seater) error { return s.join("c2", ann) }, busy("You are", "c1", "upbeat")},
			{func(s seater) error { return s.join("c1", bob) }, ""},
			{func(s seater) error { return s.upOpen("g", "c3", bob, 2, 1) }, busy("You are", "c1", "upbeat")},
			{func(s seater) error { return s.join("c2", bob) }, busy("You are", "c1", "upbeat")},
		}},
		{"a finished or cancelled game frees its people", []step{
			{func(s seater) error { return s.upOpen("g", "c1", ann, 2, 1) }, ""},
			{func(s seater) error { return s.challenge("c2", ann, bob) }, busy("You are", "c1", "upbeat")},
			{func(s seater) error { return s.finish("c1", ann) }, ""},
			{func(s seater) error { return s.challenge("c2", ann, bob) }, ""},
			{func(s seater) error { return s.upOpen("g", "c3", cid, 2, 0) }, ""},
			{func(s seater) error { return s.cancel("c3", cid) }, ""},
			{func(s seater) error { return s.solo("c4", cid) }, ""},
		}},
		{"a game on another server does not count", []step{
			{func(s seater) error { return s.upOpen("g", "c1", ann, 2, 0) }, ""},
			{func(s seater) error { return s.upOpen("other", "c2", ann, 2, 0) }, ""},
			{func(s seater) error { return s.challenge("c3", bob, ann) }, busy("<@"+ann+"> is", "c1", "upbeat")},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), host.NewManualClock(time.Unix(1_800_000_000, 0)))
			s := seater{t: t, h: h, ids: map[string]int64{}}
			for i, st := range c.steps {
				if got := refusedWith(t, st.do(s)); got != st.want {
					t.Fatalf("step %d: refused %q, want %q", i+1, got, st.want)
				}
			}
		})
	}
}

// TestOneGamePerPerson_TwoJoinsAtOnce: a person pressing Join in two UPBEAT lobbies of
// one server at the same instant gets exactly one seat (run with -race).
func TestOneGamePerPerson_TwoJoinsAtOnce(t *testing.T) {
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), host.NewManualClock(time.Unix(1_800_000_000, 0)))
	s := seater{t: t, h: h, ids: map[string]int64{}}
	for round := range 10 {
		a, b := fmt.Sprintf("a%d", round), fmt.Sprintf("b%d", round)
		must(t, s.upOpen("g", a, "owner-"+a, 2, 0))
		must(t, s.upOpen("g", b, "owner-"+b, 2, 0))
		joiner := fmt.Sprintf("joiner%d", round)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		start := make(chan struct{})
		for i, place := range []string{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				tb, err := h.Lock(s.ids[place])
				if err != nil {
					errs[i] = err
					return
				}
				defer tb.Unlock()
				_, errs[i] = h.JoinUpbeat(tb, joiner, joiner)
			}()
		}
		close(start)
		wg.Wait()
		seated := 0
		for _, err := range errs {
			if refusedWith(t, err) == "" {
				seated++
			}
		}
		if seated != 1 {
			t.Fatalf("round %d: %s took %d seats at once (%v), want exactly one", round, joiner, seated, errs)
		}
	}
}
