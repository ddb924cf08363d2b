package upbeat

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestRecordReplay_U20 plays a game with bots that revise, refused revisions and
// elapsed clock time, then replays its record (through JSON) and compares every turn.
func TestRecordReplay_U20(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxTurns, cfg.PlanRevMin, cfg.PlanRevSec = 40, 0, 30
	easy, _ := NewBot("easy", 2)
	normal, _ := NewBot("normal", 3)
	g, err := New(NewLanguage(), Setup{Config: cfg, Seed: 11, Players: 3, Plans: []string{samplePlan(t), easy.InitialPlan(), ""}})
	if err != nil {
		t.Fatal(err)
	}
	var logs []TurnLog
	for !g.Over() {
		p := g.Current()
		switch p {
		case 1:
			// A player who revises slowly: some revisions refused, the clock runs out.
			g.Revise(p, "x = ", seconds(1))
			g.Revise(p, samplePlan(t)+"\ny = y + 1", seconds(2.5))
		case 2:
			if plan := easy.Revision(g, p); plan != "" {
				g.Revise(p, plan, 0)
			}
		case 3:
			if g.Turn(3) == 5 {
				g.Revise(p, normal.InitialPlan(), seconds(3))
			}
		}
		log, err := g.Confirm(p, seconds(0.25))
		if err != nil {
			t.Fatal(err)
		}
		logs = append(logs, cloneLog(log))
	}
	b, err := json.Marshal(g.Record())
	if err != nil {
		t.Fatal(err)
	}
	var rec Record
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	var again []TurnLog
	r, err := Replay(NewLanguage(), rec, func(l TurnLog) { again = append(again, cloneLog(l)) })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(logs, again) {
		t.Fatalf("replay differs: %d turns played, %d replayed", len(logs), len(again))
	}
	if r.Winner() != g.Winner() || r.Turns() != g.Turns() || !reflect.DeepEqual(r.dep, g.dep) || r.Clock(1) != g.Clock(1) || r.CanRevise(1) {
		t.Errorf("replayed game ends differently: winner %d/%d turns %d/%d clock %v/%v", r.Winner(), g.Winner(), r.Turns(), g.Turns(), r.Clock(1), g.Clock(1))
	}
}

// cloneLog copies a turn log, whose events the game may reuse.
func cloneLog(l TurnLog) TurnLog {
	l.Events = append([]Event(nil), l.Events...)
	return l
}

// TestStop_U22: a game stopped early ends as at its turn limit (U22: Finish decides the
// winner), its record says so, and the record replays to the same end; a game over
// cannot be stopped, and a stop recorded on another player's turn does not replay.
func TestStop_U22(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxTurns = 40
	g := botGameWith(t, cfg, "easy", 2, 4) // played to its end: the record to cut
	full := g.Record()
	cut, err := New(NewLanguage(), full.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range full.Actions[:len(full.Actions)/2] {
		if _, err := cut.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	finished := cut.Copy()
	finished.Finish()
	p := cut.Current()
	if err := cut.Stop(); err != nil {
		t.Fatal(err)
	}
	if !cut.Over() || cut.Winner() != finished.Winner() || cut.Current() != 0 {
		t.Errorf("stopped: over %v, winner %d; as at the turn limit: winner %d", cut.Over(), cut.Winner(), finished.Winner())
	}
	rec := cut.Record()
	if last := rec.Actions[len(rec.Actions)-1]; last.Kind != ActStop || last.Player != p {
		t.Errorf("the record ends with %+v, want a stop on player %d's turn", last, p)
	}
	again, err := Replay(NewLanguage(), rec, nil)
	if err != nil || !again.Over() || again.Winner() != cut.Winner() {
		t.Fatalf("the stopped record replays to over %v, winner %d (%v)", again != nil && again.Over(), again.Winner(), err)
	}
	if err := cut.Stop(); err != ErrGameOver {
		t.Errorf("stopping a game over: %v", err)
	}
	rec.Actions[len(rec.Actions)-1].Player = p%3 + 1
	if _, err := Replay(NewLanguage(), rec, nil); err == nil {
		t.Error("a stop recorded on another player's turn replayed")
	}
}

// TestTurnsCountTheLastTurn: the turn that shoots the last opponent's city center down
// is counted as played, by the game, its snapshot and a replay of its record alike (it
// was not: the terminal's image of the turn before was overwritten, and screens said
// one turn fewer than were played).
func TestTurnsCountTheLastTurn(t *testing.T) {
	for _, before := range []int{0, 1, 3} { // turns each player plays before the shot
		g, err := New(NewLanguage(), Setup{Config: DefaultConfig(), Seed: 5, Players: 2, Plans: []string{"done", "done"}})
		if err != nil {
			t.Fatal(err)
		}
		for range 2 * before {
			if _, err := g.Confirm(g.Current(), 0); err != nil {
				t.Fatal(err)
			}
		}
		plan, ok := g.tryKills(1, []int{2}, 1)
		if !ok {
			t.Fatalf("after %d turns each: no plan shoots player 2's center down", before)
		}
		if err := g.Revise(1, plan, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Confirm(1, 0); err != nil {
			t.Fatal(err)
		}
		want := 2*before + 1
		if !g.Over() || g.Winner() != 1 || g.Turns() != want || g.Snapshot().Turns != want || g.Turn(1) != int64(before+2) {
			t.Errorf("after %d turns each and the shot: over %v, winner %d, %d turns (snapshot %d), player 1's turn %d; want over, 1, %d turns, turn %d",
				before, g.Over(), g.Winner(), g.Turns(), g.Snapshot().Turns, g.Turn(1), want, before+2)
		}
		r, err := Replay(NewLanguage(), g.Record(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Turns() != want || r.Winner() != 1 {
			t.Errorf("after %d turns each: the replay has %d turns, winner %d; want %d, 1", before, r.Turns(), r.Winner(), want)
		}
	}
}
