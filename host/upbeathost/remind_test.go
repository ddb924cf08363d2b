package upbeathost

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/upbeat"
)

// noteFront is a scriptFront that keeps the notes themselves.
type noteFront struct {
	*scriptFront
	got []host.Note
}

func (f *noteFront) Tell(t *host.Table, n host.Note) {
	f.scriptFront.Tell(t, n)
	f.Mu.Lock()
	defer f.Mu.Unlock()
	f.got = append(f.got, n)
}

// reminders lists the reminders told so far.
func (f *noteFront) reminders() []host.Note {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	var out []host.Note
	for _, n := range f.got {
		if n.Kind == host.NoteReminder {
			out = append(out, n)
		}
	}
	return out
}

// TestUpReminderLeft: the reminder comes when a fifth of the revision clock is left,
// at most a minute.
func TestUpReminderLeft(t *testing.T) {
	for _, c := range []struct{ total, want time.Duration }{
		{time.Minute, 12 * time.Second},
		{5 * time.Minute, time.Minute},
		{30 * time.Minute, time.Minute},
		{0, 0},
	} {
		if got := UpReminderLeft(c.total); got != c.want {
			t.Errorf("UpReminderLeft(%v) = %v, want %v", c.total, got, c.want)
		}
	}
}

// TestUpbeat_U20_ReminderOncePerTurn: ann's one-minute revision clock reminds her
// when 12 s are left, once, on the turn in which it gets there, even across a restart
// (it is a stored deadline); a turn that starts with less than that left has none,
// and the time-up follows as before.
func TestUpbeat_U20_ReminderOncePerTurn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	f := &noteFront{scriptFront: newScriptFront()}
	h, _ := hostOn(t, path, f, clock)
	tb := upOpened(t, h)
	id := tb.Row.ID
	locked(t, h, id, func(tb *host.Table) {
		_, err := h.WritePlan(tb, "ann", "invest 5")
		must(t, err)
	})

	// Turn 1: ann confirms after 5 s, before her reminder.
	clock.Advance(5 * time.Second)
	h.RunDue(context.Background())
	locked(t, h, id, func(tb *host.Table) { must(t, h.ConfirmUpbeat(tb, "ann")) })

	// Turn 2 (55 s left): the reminder is due when 12 s are left, 43 s on; the host
	// restarts meanwhile.
	clock.Advance(20 * time.Second)
	<-h.Close()
	f2 := &noteFront{scriptFront: newScriptFront()}
	h2, _ := hostOn(t, path, f2, clock)
	_, err := h2.Restore(context.Background())
	must(t, err)
	h2.Connected()
	clock.Advance(22 * time.Second)
	h2.RunDue(context.Background())
	if r := append(f.reminders(), f2.reminders()...); len(r) != 0 {
		t.Fatalf("reminders %+v before 12 s were left", r)
	}
	clock.Advance(time.Second)
	h2.RunDue(context.Background())
	h2.RunDue(context.Background())
	if r := f2.reminders(); len(r) != 1 || r[0].Player != 1 || r[0].Left != 12*time.Second {
		t.Fatalf("reminders %+v, want one to ann (player 1) with 12s left", r)
	}

	// ann confirms with 10 s left: her next turn starts below 12 s and has no reminder;
	// its clock runs out and her plan is confirmed for her.
	clock.Advance(2 * time.Second)
	locked(t, h2, id, func(tb *host.Table) { must(t, h2.ConfirmUpbeat(tb, "ann")) })
	if d, ok := upDeadline(t, h2.DB()); !ok || !d.Due.Equal(clock.Now().Add(10*time.Second)) {
		t.Fatalf("ann's turn clock %+v, want 10 s from now", d)
	}
	clock.Advance(10 * time.Second)
	h2.RunDue(context.Background())
	if r := f2.reminders(); len(r) != 1 {
		t.Errorf("reminders %+v; want none on a turn that starts with less than 12 s", r)
	}
	// From then on every turn of hers is confirmed at once (U20): the game ran to its end.
	row, err := h2.DB().Game(context.Background(), id)
	must(t, err)
	if g, err := upbeat.Replay(upbeat.NewLanguage(), decoded(t, row).Record(row.Seed), nil); err != nil || !g.Over() || g.CanRevise(1) {
		t.Errorf("the game after ann's clock ran out: %v; want over, ann's clock spent", err)
	}
}

// TestUpbeat_CrewPathAfterRestart: the log of the turn the latest screen follows (the
// crew path the territory draws) is the same after a restart, rebuilt from the record.
func TestUpbeat_CrewPathAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := hostOn(t, path, newScriptFront(), clock)
	tb := upOpened(t, h)
	id := tb.Row.ID
	var before upbeat.TurnLog
	locked(t, h, id, func(tb *host.Table) {
		_, err := h.WritePlan(tb, "ann", "move up move upright invest 10 move down")
		must(t, err)
		if l := h.UpLast(tb); len(l.Events) != 0 {
			t.Errorf("a path %+v on the first screen", l)
		}
		must(t, h.ConfirmUpbeat(tb, "ann"))
		must(t, h.ReviseUpbeat(tb, "ann", "move down invest 3")) // a revision is no event: the path stays
		before = h.UpLast(tb)
	})
	if before.Player != 3 || len(before.Events) == 0 {
		t.Fatalf("the last turn's log %+v; want bot 3's, with its events", before)
	}
	<-h.Close()
	h2, _ := hostOn(t, path, newScriptFront(), clock)
	_, err := h2.Restore(context.Background())
	must(t, err)
	locked(t, h2, id, func(tb *host.Table) {
		if after := h2.UpLast(tb); !reflect.DeepEqual(after.Events, before.Events) || after.Crew != before.Crew || after.Player != before.Player {
			t.Errorf("after the restart the last turn's log is %+v, want %+v", after, before)
		}
	})
}

// TestUpReplayLast: the log a rebuilt game's screen draws is that of the last
// confirmed turn; revisions after it keep it, a resignation after it clears it.
func TestUpReplayLast(t *testing.T) {
	lang := upbeat.NewLanguage()
	g, err := upbeat.New(lang, upbeat.Setup{Config: upConfig(), Seed: 9, Players: 3, Plans: []string{"invest 1 move up", "done", "done"}})
	must(t, err)
	log, err := g.Confirm(1, 0)
	must(t, err)
	steps := []struct {
		name string
		do   func() error
		want upbeat.TurnLog
	}{
		{"after a confirmed turn", func() error { return nil }, log},
		{"after a revision", func() error { return g.Revise(2, "move down", 0) }, log},
		{"after a resignation", func() error { return g.Resign(3) }, upbeat.TurnLog{}},
	}
	for _, s := range steps {
		must(t, s.do())
		_, got, err := upReplay(lang, g.Record())
		must(t, err)
		if !reflect.DeepEqual(got.Events, s.want.Events) || got.Player != s.want.Player || got.Crew != s.want.Crew {
			t.Errorf("%s: the log is %+v, want %+v", s.name, got, s.want)
		}
	}
}

// TestUpReplay_QuietRebuild: a game rebuilt from a record cut anywhere (after a turn,
// a revision or a resignation) equals the game that played it with every event: the
// state, the open turn's interest shown to its player, and the last turn's log.
func TestUpReplay_QuietRebuild(t *testing.T) {
	lang := upbeat.NewLanguage()
	cfg := upConfig()
	cfg.MaxTurns = 12
	plans := []string{"invest 10\nmove up\ncollect 1", "move downleft\ninvest 3", "x = x + 1\nif (x % 2) then move upright else move down\ninvest 2"}
	played, err := upbeat.New(lang, upbeat.Setup{Config: cfg, Seed: 3, Players: 3, Plans: plans})
	must(t, err)
	var acts []upbeat.Action
	for turn := 0; !played.Over(); turn++ {
		p := played.Current()
		if turn%5 == 2 {
			must(t, played.Revise(p, "y = y + 1\ninvest y\nmove up", time.Second))
		}
		if turn == 20 { // out of turn: it opens no turn, so the interest came before
			must(t, played.Resign(p%3+1))
		}
		if turn == 26 {
			must(t, played.Resign(p))
			continue
		}
		_, err := played.Confirm(p, 0)
		must(t, err)
	}
	acts = played.Record().Actions
	live, err := upbeat.New(lang, upbeat.Setup{Config: cfg, Seed: 3, Players: 3, Plans: plans})
	must(t, err)
	var last upbeat.TurnLog
	for cut := 1; cut <= len(acts); cut++ {
		log, err := live.Apply(acts[cut-1])
		must(t, err)
		switch acts[cut-1].Kind {
		case upbeat.ActConfirm:
			last = log
		case upbeat.ActResign:
			last = upbeat.TurnLog{}
		}
		g, gotLast, err := upReplay(lang, upbeat.Record{Setup: live.Record().Setup, Actions: acts[:cut]})
		must(t, err)
		if !reflect.DeepEqual(g.Snapshot(), live.Snapshot()) || !reflect.DeepEqual(g.Opening(), live.Opening()) || !reflect.DeepEqual(gotLast, last) {
			t.Fatalf("cut after action %d (%s): the rebuilt game differs from the one played", cut, acts[cut-1].Kind)
		}
	}
}
