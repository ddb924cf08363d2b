package upbeat

import (
	"strings"
	"testing"
)

// whyGame plays a 2-player game on a 9 x 9 territory, player 1 running plan and
// player 2 done, for turns confirmed turns, and returns its record.
func whyGame(t *testing.T, plan string, turns int) Record {
	t.Helper()
	cfg := DefaultConfig()
	cfg.Rows, cfg.Cols = 9, 9
	g, err := New(NewLanguage(), Setup{Config: cfg, Seed: 7, Players: 2, Plans: []string{plan, "done"}})
	if err != nil {
		t.Fatal(err)
	}
	for range turns {
		if _, err := g.Confirm(g.Current(), 0); err != nil {
			t.Fatal(err)
		}
	}
	return g.Record()
}

// TestWhy: a turn replayed with its trace says, under each line of the plan that ran
// a command, what the command did or why it was refused and what it cost; the
// interest of the turn's opening, where the crew ended and how the plan ended. Only
// the turn asked for is traced.
func TestWhy(t *testing.T) {
	lang := NewLanguage()
	rec := whyGame(t, "invest 10\nshoot up (0 - 5)\ncollect 100000\nx = 3\ndone", 3)
	log, err := TraceTurn(lang, rec, 3)
	if err != nil {
		t.Fatal(err)
	}
	if log.Player != 1 || log.Turn != 2 || log.Trace == nil {
		t.Fatalf("turn 3 of the game: player %d's turn %d, trace %v; want player 1's second, traced", log.Player, log.Turn, log.Trace)
	}
	text := log.Why(lang, []string{"alice", "bob"})
	for _, want := range []string{
		"Interest paid as the turn opened",
		"1:1    invest\n         invest 10\n           => invested 10 in (",
		"2:1    shoot\n         shoot up -5\n           => refused: negative amount\n",
		"3:1    collect\n         collect 100000\n           => refused: more than the deposit (cost 1)\n",
		"x = 3",
		"the plan ended: done.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the turn's explanation lacks %q:\n%s", want, text)
		}
	}
	if bob, err := TraceTurn(lang, rec, 2); err != nil || bob.Player != 2 || bob.Trace == nil {
		t.Errorf("turn 2: %+v, %v; want bob's, traced", bob, err)
	}
	if _, err := TraceTurn(lang, rec, 4); err == nil {
		t.Error("turn 4 of a record of 3 turns: no error")
	}
}

// TestWhy_Bounded: a plan that runs to its loop limit keeps at most MaxTraceEvents
// steps of its trace, and its end, and says how many it left out.
func TestWhy_Bounded(t *testing.T) {
	lang := NewLanguage()
	log, err := TraceTurn(lang, whyGame(t, "t = 0\nwhile (1) t = t + 1\ninvest 1", 1), 1)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(log.Trace.Events); n != MaxTraceEvents+1 || log.Trace.Dropped == 0 {
		t.Fatalf("a trace of %d events, %d dropped; want %d and the end, some dropped", n, log.Trace.Dropped, MaxTraceEvents)
	}
	if text := log.Why(lang, nil); !strings.Contains(text, "more steps not recorded") || !strings.Contains(text, "end:") {
		t.Errorf("the bounded explanation:\n%s", text[len(text)-400:])
	}
}
