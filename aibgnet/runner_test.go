package aibgnet

import (
	"context"
	"encoding/json"
	"log/slog"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/netplay"
)

// TestMessageTypes_A20: the fourteen types of the spec, exactly, in its order.
func TestMessageTypes_A20(t *testing.T) {
	want := strings.Fields(`GET_POSSIBLE_CREATURES SELECT_PLAYER_CREATURE_POOL GET_PLAYER_CREATURE_POOL
		SELECT_PLAYER_CREATURES_IN_PLAY GET_PLAYER_CREATURES_IN_PLAY GET_OPPONENT_CREATURES_IN_PLAY GET_SHOP
		GET_AVAILABLE_SHOP GET_CURRENCY GET_DOMAIN GET_ROUND_NUMBER GET_ROUNDS_WON GET_GAME_PHASE SELECT_MOVE`)
	if got := MessageTypes(); !slices.Equal(got, want) {
		t.Errorf("MessageTypes() = %v, want %v", got, want)
	}
}

// answerOf reacts to a YOUR_MOVE notice as a simple program does: the default pool,
// the first living creatures, an attack.
func answerOf(g *rig, p netplay.Player, n Notice) (string, string) {
	typ, text := SelectMove, "attack"
	g.engine(n.GameID, func(e *aibg.Game) {
		switch e.Phase() {
		case aibg.PoolSelection:
			typ, text = SelectPlayerCreaturePool, strings.Join(e.DefaultPool(), " ")
		case aibg.RoundSelection:
			ids := e.DefaultLineup(n.Player)
			words := make([]string, len(ids))
			for i, id := range ids {
				words[i] = strconv.Itoa(id)
			}
			typ, text = SelectPlayerCreaturesInPlay, strings.Join(words, " ")
		}
	})
	return typ, text
}

// playOut answers every YOUR_MOVE notice of the players (a program each) until each
// has received GAME_OVER, and returns the result the notices told each.
func playOut(t *testing.T, g *rig, game int64, ps ...netplay.Player) []Result {
	t.Helper()
	results := make([]Result, len(ps))
	over := 0
	for steps := 0; over < len(ps); steps++ {
		if steps > 100000 {
			t.Fatal("the match does not end")
		}
		quiet := true
		for i, p := range ps {
			for _, n := range g.out.take(p.ID) {
				quiet = false
				switch n.Event {
				case EventGameOver:
					results[i] = *n.Result
					over++
				case EventYourMove:
					typ, text := answerOf(g, p, n)
					g.mustSend(t, p, game, typ, text)
				default:
					t.Fatalf("%s: notice %+v", p.Name, n)
				}
			}
		}
		if quiet {
			t.Fatalf("nobody has a move due, and the match is not over")
		}
	}
	return results
}

// TestProgramAgainstBot_A17: a program opens a game with GET_GAME_PHASE "bot hard",
// plays it out on its notices, and the result replays from the record.
func TestProgramAgainstBot_A17(t *testing.T) {
	g := newRig(t, Config{})
	if a := g.mustSend(t, alice, 7, GetGamePhase, "bot hard"); a.GamePhase != "POOL_SELECTION" || a.ServerMessage != "POOL_SELECTION" {
		t.Fatalf("opening: %+v", a)
	}
	res := playOut(t, g, 7, alice)
	rec, _ := g.r.Record(7)
	if rec.Seats[1] != (Seat{Name: "bot (hard)", Bot: "hard"}) || rec.Seats[0] != (Seat{Account: 1, Name: "alice"}) {
		t.Errorf("seats %+v", rec.Seats)
	}
	checkReplays(t, rec, res[0])
	if got := <-g.ended; got != res[0] {
		t.Errorf("Finished told %+v, the notice %+v", got, res[0])
	}
	if a := g.send(alice, 7, SelectMove, "attack"); !strings.Contains(refusal(a), "game 7 is over") || a.GamePhase != "GAME_OVER" {
		t.Errorf("a move after the end: %+v", a)
	}
}

// checkReplays: the record, through JSON, rebuilds a match with the same result.
func checkReplays(t *testing.T, rec Record, want Result) {
	t.Helper()
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	m, err := Restore(back)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Over() || m.Result() != want {
		t.Errorf("the record replays to %+v (over %v), the match ended %+v", m.Result(), m.Over(), want)
	}
	if !reflect.DeepEqual(m.Record(), rec) {
		t.Errorf("the restored match's record differs from the one it was built from")
	}
}

// refusal is an answer's error, or "".
func refusal(a netplay.Answer) string {
	r, _ := a.ServerMessage.(netplay.Refusal)
	return r.Error
}

// TestTwoPrograms_A1: the first program to send a gameId opens the game, the second
// joins it; both are told when their choice is due, and the match plays out.
func TestTwoPrograms_A1(t *testing.T) {
	g := newRig(t, Config{})
	g.mustSend(t, alice, 9, GetGamePhase, "")
	if n := g.out.take(alice.ID); n != nil {
		t.Fatalf("alice is told %+v before anyone joins", n)
	}
	// Alice may name her pool while she waits: no clock runs yet.
	g.mustSend(t, alice, 9, SelectPlayerCreaturePool, strings.Repeat("Tide ", 12))
	g.mustSend(t, bob, 9, GetGamePhase, "")
	if n := g.out.take(alice.ID); n != nil {
		t.Errorf("alice, who has named her pool, is told %+v", n)
	}
	ns := g.out.take(bob.ID)
	if len(ns) != 1 || ns[0].Event != EventYourMove || ns[0].Player != 2 || ns[0].Opponent != "alice" || ns[0].TimeLeftMs != 32000 {
		t.Fatalf("bob is told %+v", ns)
	}
	g.mustSend(t, bob, 9, SelectPlayerCreaturePool, strings.Repeat("tide ", 12))
	res := playOut(t, g, 9, alice, bob)
	if res[0] != res[1] {
		t.Errorf("alice is told %+v, bob %+v", res[0], res[1])
	}
	rec, _ := g.r.Record(9)
	checkReplays(t, rec, res[0])
}

// TestTimeouts_A18: a program that never answers has its pool and lineups made for it
// (the roster's first 12 types, its first living creatures) and its moves passed, and
// forfeits after three passes in a row; its bank goes first, then each move has its
// 2 seconds. The other's slow move is paid from its bank.
func TestTimeouts_A18(t *testing.T) {
	g := newRig(t, Config{})
	g.mustSend(t, alice, 3, GetGamePhase, "")
	g.mustSend(t, bob, 3, GetGamePhase, "")
	g.out.take(alice.ID)
	g.out.take(bob.ID)
	// Alice takes 2.5 s for her pool: half a second of her bank.
	g.clock.add(2500 * time.Millisecond)
	g.tick()
	g.mustSend(t, alice, 3, SelectPlayerCreaturePool, strings.Repeat("Ember ", 12))
	if b := g.match(t, 3).rec.Bank; b != [2]time.Duration{29500 * time.Millisecond, 30 * time.Second} {
		t.Errorf("banks %v", b)
	}
	// Bob's 32 seconds run out: his pool is made for him.
	g.clock.add(29499 * time.Millisecond)
	if g.tick(); g.phase(3) != aibg.PoolSelection {
		t.Fatal("bob's pool was made a millisecond before his time ran out")
	}
	g.clock.add(time.Millisecond)
	g.tick()
	m := g.match(t, 3)
	if m.Phase() != aibg.RoundSelection {
		t.Fatalf("after bob's time, the match is in %s", m.Phase())
	}
	var types []string
	for _, id := range m.game.Pool(2) {
		types = append(types, m.game.Creature(id).Type)
	}
	if !slices.Equal(types, m.game.DefaultPool()) {
		t.Errorf("bob's pool %v, want the roster's first 12 %v", types, m.game.DefaultPool())
	}
	ns := g.out.take(bob.ID)
	if len(ns) != 1 || ns[0].Event != EventYourMove || !ns[0].TimedOut || ns[0].TimeLeftMs != 2000 {
		t.Errorf("bob is told %+v, want his lineup due with 2 s and no bank", ns)
	}
	g.out.take(alice.ID)
	g.mustSend(t, alice, 3, SelectPlayerCreaturesInPlay, "1 2 3 4")
	g.clock.add(2 * time.Second)
	g.tick()
	if got, want := g.match(t, 3).game.Slots(2), []int{13, 14, 15, 16}; !slices.Equal(got, want) {
		t.Errorf("bob's lineup %v, want his first living %v", got, want)
	}
	// Three moves missed in a row: a pass each, then the forfeit.
	for i := 1; i <= ForfeitAfter; i++ {
		if g.match(t, 3).Over() {
			t.Fatalf("over after %d passes", i-1)
		}
		for _, n := range g.out.take(alice.ID) {
			if n.Event == EventYourMove && g.phase(3) == aibg.RoundInProgress {
				g.mustSend(t, alice, 3, SelectMove, "attack")
			} else if n.Event == EventYourMove {
				typ, text := answerOf(g, alice, n)
				g.mustSend(t, alice, 3, typ, text)
			}
		}
		g.clock.add(2 * time.Second)
		g.tick()
		for g.phase(3) == aibg.RoundSelection { // a round ended: bob's lineup is made for him too
			for _, n := range g.out.take(alice.ID) {
				typ, text := answerOf(g, alice, n)
				g.mustSend(t, alice, 3, typ, text)
			}
			g.clock.add(2 * time.Second)
			g.tick()
		}
	}
	m = g.match(t, 3)
	want := Result{Result: match.Result{Winner: 1, Reason: match.ReasonForfeit}, RoundsWon: m.Result().RoundsWon}
	if !m.Over() || m.Result() != want {
		t.Fatalf("after three passes: over %v, %+v", m.Over(), m.Result())
	}
	var over []Notice
	for _, n := range g.out.take(bob.ID) {
		if n.Event == EventGameOver {
			over = append(over, n)
		}
	}
	if len(over) != 1 || *over[0].Result != want {
		t.Errorf("bob is told %+v", over)
	}
	rec := m.Record()
	passes := 0
	for _, i := range rec.Timeouts {
		if a := rec.Game.Actions[i]; a.Player != 2 {
			t.Errorf("the clock acted for player %d: %+v", a.Player, a)
		} else if a.Kind == aibg.ActMove {
			passes++
		}
	}
	if passes != ForfeitAfter {
		t.Errorf("%d passes in the record, want %d", passes, ForfeitAfter)
	}
	checkReplays(t, rec, want)
	if got := <-g.ended; got != want {
		t.Errorf("Finished told %+v", got)
	}
}

// TestAPassOfOneOwnMoveResets_A18: only passes in a row forfeit: a move of the
// program's own between them starts the count again.
func TestAPassOfOneOwnMoveResets_A18(t *testing.T) {
	g := newRig(t, Config{})
	g.mustSend(t, alice, 4, GetGamePhase, "bot easy")
	g.mustSend(t, alice, 4, SelectPlayerCreaturePool, strings.Repeat("Ember ", 12))
	g.mustSend(t, alice, 4, SelectPlayerCreaturesInPlay, "1 2 3 4")
	for i := range 5 {
		g.clock.add(32 * time.Second) // the bank goes on the first
		g.tick()
		g.clock.add(2 * time.Second)
		g.tick()
		if g.match(t, 4).Over() {
			t.Fatalf("forfeited after two passes in a row (at pair %d)", i)
		}
		if g.phase(4) != aibg.RoundInProgress {
			t.Skipf("the round ended in %d turns; the scenario needs a longer one", i)
		}
		g.mustSend(t, alice, 4, SelectMove, "attack")
	}
}

// TestUnpairedGameExpires: a game nobody joins is dropped after Config.Wait, its
// opener told, and the id may be opened again.
func TestUnpairedGameExpires(t *testing.T) {
	g := newRig(t, Config{Wait: time.Minute})
	g.mustSend(t, alice, 5, GetGamePhase, "")
	if next := g.r.Tick(); !next.Equal(g.clock.now().Add(time.Minute)) {
		t.Errorf("the next deadline is %v", next)
	}
	g.clock.add(time.Minute)
	g.tick()
	ns := g.out.take(alice.ID)
	if len(ns) != 1 || ns[0].Event != EventNoOpponent {
		t.Errorf("alice is told %+v", ns)
	}
	if _, ok := g.r.Record(5); ok {
		t.Error("the dropped game is still held")
	}
	g.mustSend(t, bob, 5, GetGamePhase, "")
	if rec, _ := g.r.Record(5); rec.Seats[0].Name != "bob" {
		t.Errorf("game 5 reopened with %+v", rec.Seats)
	}
}

// TestLimits: an account is in at most PerAccount matches at once, the server holds at
// most Matches, and finished ones free their places.
func TestLimits(t *testing.T) {
	g := newRig(t, Config{PerAccount: 2, Matches: 3})
	g.mustSend(t, alice, 1, GetGamePhase, "")
	g.mustSend(t, alice, 2, GetGamePhase, "")
	if a := g.send(alice, 3, GetGamePhase, ""); !strings.Contains(refusal(a), "you are in 2 matches already") {
		t.Errorf("alice's third: %+v", a)
	}
	g.mustSend(t, bob, 3, GetGamePhase, "")
	if a := g.send(carol, 4, GetGamePhase, ""); !strings.Contains(refusal(a), "maximum of 3 matches") {
		t.Errorf("a fourth match: %+v", a)
	}
	g.mustSend(t, bob, 1, GetGamePhase, "") // bob joins alice's first
	// Neither moves: the clock plays game 1 out, and drops the two nobody joined.
	for range 100 {
		g.clock.add(40 * time.Second)
		g.tick()
	}
	if res, over := g.r.Result(1); !over || res.Reason != match.ReasonForfeit {
		t.Fatalf("game 1: %+v, over %v", res, over)
	}
	g.mustSend(t, carol, 4, GetGamePhase, "")
}

// TestRunKeepsTheClocks_A18: the host's deadlines, on the real clock, make the
// clock's choices when their time comes: a program that opens a game against the bot
// and never answers forfeits (each choice has a millisecond here, and no bank).
func TestRunKeepsTheClocks_A18(t *testing.T) {
	h, err := host.New(host.Options{DB: freshStore(t), Front: Quiet{}, Games: []host.Plug{aibghost.Plug()}, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { <-h.Close() }()
	h.Connected()
	h.Tick()
	ended := make(chan Result, 1)
	r, err := New(Config{Host: h, Move: 100 * time.Millisecond, Bank: -1, Finished: func(_ Record, res Result) { ended <- res }})
	if err != nil {
		t.Fatal(err)
	}
	r.Attach(&pushes{})
	if a := r.Handle(context.Background(), alice, netplay.Command{GameID: 1, MessageType: GetGamePhase, MessageText: "bot easy"}); refusal(a) != "" {
		t.Fatal(refusal(a))
	}
	select {
	case res := <-ended:
		if res.Winner != 2 || res.Reason != match.ReasonForfeit {
			t.Errorf("result %+v", res)
		}
	case <-time.After(time.Minute):
		t.Fatal("the clocks never ran out")
	}
	rec, _ := r.Record(1)
	if len(rec.Timeouts) != ForfeitAfter {
		t.Errorf("the clock passed %d moves: %v", len(rec.Timeouts), rec.Timeouts)
	}
}

// TestStart: whoever pairs players itself (a tournament, the host) starts a match with
// both seats; the program is told its pool is due.
func TestStart(t *testing.T) {
	g := newRig(t, Config{})
	if err := g.r.Start(30, [2]Seat{{Account: alice.ID, Name: alice.Name}, {Name: "bot (normal)", Bot: "normal"}}); err != nil {
		t.Fatal(err)
	}
	if ns := g.out.take(alice.ID); len(ns) != 1 || ns[0].Event != EventYourMove || ns[0].GameID != 30 {
		t.Errorf("alice is told %+v", ns)
	}
	if err := g.r.Start(30, [2]Seat{{Account: bob.ID, Name: bob.Name}, {Account: carol.ID, Name: carol.Name}}); err == nil {
		t.Error("game 30 started twice")
	}
	if err := g.r.Start(31, [2]Seat{{Account: bob.ID, Name: bob.Name}, {Name: "bot (x)", Bot: "wizard"}}); err == nil || !strings.Contains(err.Error(), "wizard") {
		t.Errorf("a bot of no level: %v", err)
	}
	if _, held := g.r.Record(31); held {
		t.Error("the match that could not start is held")
	}
	g.mustSend(t, bob, 31, GetGamePhase, "") // its id and bob's place are free
}

// TestRestart: a match between two programs, its process stopped halfway and a new
// one started on the same store, goes on where the store says (the programs told at
// their first command that their choice is due, with the time the store's deadline
// leaves them) and ends with the record and result of the same match played straight
// through.
func TestRestart(t *testing.T) {
	straight := newRig(t, Config{})
	straight.mustSend(t, alice, 8, GetGamePhase, "")
	straight.mustSend(t, bob, 8, GetGamePhase, "")
	want := playOut(t, straight, 8, alice, bob)
	wantRec, _ := straight.r.Record(8)

	g := newRig(t, Config{})
	g.mustSend(t, alice, 8, GetGamePhase, "")
	g.mustSend(t, bob, 8, GetGamePhase, "")
	g.clock.add(5 * time.Second) // 3 s of each bank
	for range 6 {
		for _, p := range []netplay.Player{alice, bob} {
			for _, n := range g.out.take(p.ID) {
				typ, text := answerOf(g, p, n)
				g.mustSend(t, p, 8, typ, text)
			}
		}
	}
	half, _ := g.r.Record(8)
	if half.Bank != [2]time.Duration{27 * time.Second, 27 * time.Second} || len(half.Game.Actions) < 6 {
		t.Fatalf("the record halfway: banks %v, %d actions", half.Bank, len(half.Game.Actions))
	}
	due := map[int64]bool{}
	for _, p := range []netplay.Player{alice, bob} {
		for _, n := range g.out.take(p.ID) { // told before the stop, lost with the socket
			due[p.ID] = n.Event == EventYourMove
		}
	}
	g.closeHost()

	back := rigOn(t, g.db, g.clock, Config{})
	if rec, ok := back.r.Record(8); !ok || !reflect.DeepEqual(rec, half) {
		t.Fatalf("after the restart the store gives %+v (held %v), want the record halfway", rec, ok)
	}
	for _, p := range []netplay.Player{alice, bob} {
		if a := back.mustSend(t, p, 8, GetGamePhase, ""); a.GamePhase != string(back.phase(8)) {
			t.Errorf("%s is answered %+v", p.Name, a)
		}
		ns := back.out.take(p.ID)
		if !due[p.ID] {
			if len(ns) != 0 {
				t.Errorf("%s, with nothing due, is told %+v", p.Name, ns)
			}
			continue
		}
		if len(ns) != 1 || ns[0].Event != EventYourMove || ns[0].TimeLeftMs != 29000 {
			t.Fatalf("after the restart %s is told %+v", p.Name, ns)
		}
		back.out.Push(p.ID, netplay.Answer{ServerMessage: ns[0]}) // for playOut to answer
	}
	got := playOut(t, back, 8, alice, bob)
	if got[0] != want[0] {
		t.Errorf("restarted, the match ends %+v; straight through, %+v", got[0], want[0])
	}
	rec, _ := back.r.Record(8)
	rec.Bank = wantRec.Bank // the banks differ by the 5 s spent above
	if !reflect.DeepEqual(rec, wantRec) {
		t.Errorf("restarted, the record differs from the one played straight through")
	}
}

// TestSeatsOwnDeadlines_A18: each seat's clock is its own: a program that spent bank
// runs out before one that did not, the other's choice still open on its own time
// (the host's deadline armed again for it), and the match moves on only when the
// second has chosen or run out too.
func TestSeatsOwnDeadlines_A18(t *testing.T) {
	g := newRig(t, Config{})
	g.mustSend(t, alice, 6, GetGamePhase, "")
	g.mustSend(t, bob, 6, GetGamePhase, "")
	g.clock.add(10 * time.Second) // 8 s of alice's bank
	g.mustSend(t, alice, 6, SelectPlayerCreaturePool, strings.Repeat("Tide ", 12))
	g.mustSend(t, bob, 6, SelectPlayerCreaturePool, strings.Repeat("Ember ", 12))
	g.out.take(alice.ID)
	g.out.take(bob.ID)
	// Lineups: alice has 2 + 22 s, bob 2 + 22 s too (his pool also took 10 s); bob
	// answers nothing, alice takes 20 s more of her bank.
	g.clock.add(20 * time.Second)
	g.mustSend(t, alice, 6, SelectPlayerCreaturesInPlay, "1 2")
	if b := g.match(t, 6).rec.Bank; b != [2]time.Duration{4 * time.Second, 22 * time.Second} {
		t.Fatalf("banks %v", b)
	}
	g.clock.add(4*time.Second - time.Millisecond)
	if g.tick(); g.phase(6) != aibg.RoundSelection {
		t.Fatal("bob's lineup was made before his time ran out")
	}
	g.clock.add(time.Millisecond)
	g.tick()
	if g.phase(6) != aibg.RoundInProgress {
		t.Fatalf("after bob's time the match is in %s", g.phase(6))
	}
	// The first move: bob, his bank gone, has 2 s; alice 2 + 4 s. Bob's run out first:
	// his move is passed, and alice's stays open on her own clock.
	g.out.take(alice.ID)
	if ns := g.out.take(bob.ID); len(ns) != 1 || !ns[0].TimedOut || ns[0].TimeLeftMs != 2000 {
		t.Fatalf("bob is told %+v", ns)
	}
	g.clock.add(2 * time.Second)
	g.tick()
	if m := g.match(t, 6); len(m.rec.Timeouts) != 1 || m.Record().Game.Actions[m.rec.Timeouts[0]].Player != 2 || m.game.Chosen(1) {
		t.Fatalf("after 2 s: timeouts %v (want bob's move passed, alice's open)", m.rec.Timeouts)
	}
	g.clock.add(4*time.Second - time.Millisecond)
	if g.tick(); g.match(t, 6).game.Chosen(1) {
		t.Fatal("alice's move was passed before her time ran out")
	}
	g.clock.add(time.Millisecond)
	g.tick()
	if m := g.match(t, 6); m.game.Turn() != 2 || len(m.rec.Timeouts) != 2 || m.rec.Bank != [2]time.Duration{} {
		t.Errorf("after alice's 6 s: turn %d, timeouts %v, banks %v", m.game.Turn(), m.rec.Timeouts, m.rec.Bank)
	}
}

// TestRestartWithoutOne_A18: after a restart, a program that does not come back loses
// by the clock's rules: its choices are made for it, its moves passed, and the third
// pass in a row forfeits the match to the one that came back.
func TestRestartWithoutOne_A18(t *testing.T) {
	g := newRig(t, Config{})
	g.mustSend(t, alice, 12, GetGamePhase, "")
	g.mustSend(t, bob, 12, GetGamePhase, "")
	g.closeHost()
	back := rigOn(t, g.db, g.clock, Config{})
	back.mustSend(t, alice, 12, GetGamePhase, "") // alice comes back; bob does not
	for steps := 0; back.phase(12) != aibg.GameOver; steps++ {
		if steps > 1000 {
			t.Fatal("the match does not end")
		}
		for _, n := range back.out.take(alice.ID) {
			if n.Event == EventYourMove {
				typ, text := answerOf(back, alice, n)
				back.mustSend(t, alice, 12, typ, text)
			}
		}
		back.clock.add(32 * time.Second)
		back.tick()
	}
	if res, over := back.r.Result(12); !over || res.Winner != 1 || res.Reason != match.ReasonForfeit {
		t.Errorf("the match ends %+v (over %v), want alice's win by bob's forfeit", res, over)
	}
}
