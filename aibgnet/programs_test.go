package aibgnet

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/match"
)

// clients is where the programs in other languages live: netplay's testdata, beside
// the clients they build on.
const clients = "../netplay/testdata/"

// overLine reads the result a program printed: "game over: winner W by REASON, rounds
// A-B, I am player P".
func overLine(t *testing.T, out string) (Result, int) {
	t.Helper()
	m := regexp.MustCompile(`game over: winner (\d) by (\w+), rounds (\d)-(\d), I am player (\d)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("the program printed no result:\n%s", out)
	}
	n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
	return Result{Result: match.Result{Winner: n(1), Reason: match.Reason(m[2])}, RoundsWon: [2]int{n(3), n(4)}}, n(5)
}

// finished checks that match id is over with the result each program printed, and
// that its record replays to that result.
func finished(t *testing.T, s *server, id int64, outs map[string]string) {
	t.Helper()
	res, over := s.r.Result(id)
	if !over {
		t.Fatalf("game %d is not over", id)
	}
	seats := map[int]bool{}
	for name, out := range outs {
		got, seat := overLine(t, out)
		seats[seat] = true
		if got != res {
			t.Errorf("%s printed %+v; the game ended %+v", name, got, res)
		}
	}
	if len(seats) != len(outs) {
		t.Errorf("the programs printed seats %v", seats)
	}
	rec, _ := s.r.Record(id)
	if len(rec.Timeouts) != 0 {
		t.Errorf("the clock acted at %v (it stands still in this test)", rec.Timeouts)
	}
	checkReplays(t, rec, res)
}

// TestPythonPrograms_A20: two programs in Python 3 (standard library only) register,
// connect, meet in game 11 and play it from the first pool to the end, moving on the
// server's notices; each prints the result, which is the game's, and the game's record
// replays to it.
func TestPythonPrograms_A20(t *testing.T) {
	s := startServer(t, Config{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	type ran struct {
		name, out string
		err       error
	}
	done := make(chan ran, 2)
	for _, name := range []string{"alice", "bob"} {
		cmd := program(t, ctx, "python3", clients+"aibg_player.py", s.addr, name, "correct-horse", "11")
		go func() {
			out, err := cmd.CombinedOutput()
			done <- ran{name, string(out), err}
		}()
	}
	outs := map[string]string{}
	var errs []string
	for range 2 {
		r := <-done
		outs[r.name] = r.out
		if r.err != nil {
			errs = append(errs, r.name+": "+r.err.Error())
		}
	}
	if errs != nil {
		t.Fatalf("%v\nalice:\n%s\nbob:\n%s", errs, outs["alice"], outs["bob"])
	}
	finished(t, s, 11, outs)
	t.Logf("alice:\n%s\nbob:\n%s", outs["alice"], outs["bob"])
}

// TestNodeProgramAgainstBot_A17: a program in Node.js (no package) opens game 12
// against the built-in bot and plays it out; its result is the game's and replays.
func TestNodeProgramAgainstBot_A17(t *testing.T) {
	s := startServer(t, Config{})
	for _, level := range []string{"easy", "hard"} {
		t.Run(level, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			id := map[string]int64{"easy": 12, "hard": 13}[level]
			out, err := program(t, ctx, "node", clients+"aibg_player.mjs", s.addr, "nora", "correct-horse", fmt.Sprint(id), "bot", level).CombinedOutput()
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			finished(t, s, id, map[string]string{"nora": string(out)})
			if rec, _ := s.r.Record(id); rec.Seats[1].Bot != level {
				t.Errorf("seats %+v", rec.Seats)
			}
			if !strings.Contains(string(out), "joined game") {
				t.Errorf("output:\n%s", out)
			}
		})
	}
}
