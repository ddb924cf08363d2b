package nimhost_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/internal/nim"
	"github.com/kombat-game/kombat/internal/nim/nimhost"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const ann, bob = "100", "200"

// screens is a front that shows every screen and keeps, for each, its version and
// the summary it worded from the event: what a chat would post.
// While down, it shows nothing (a chat out of reach); seen, when not nil, is told
// of each screen shown.
type screens struct {
	mu    sync.Mutex
	shown []string
	down  bool
	seen  chan string
}

func (f *screens) Show(t *host.Table, s *store.Screen) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		return "", errors.New("the chat is out of reach")
	}
	line := fmt.Sprintf("game %d v%d %s: %s", t.Row.ID, s.Version, t.Row.Status, s.Summary)
	f.shown = append(f.shown, line)
	if f.seen != nil {
		f.seen <- line
	}
	return fmt.Sprintf("m%d", len(f.shown)), nil
}

// setDown takes the chat out of reach (down) or back.
func (f *screens) setDown(down bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = down
}
func (*screens) Retire(*host.Table, string)  {}
func (*screens) Permanent(error) string      { return "" }
func (*screens) Tell(*host.Table, host.Note) {}

// Summary words an event of Nim's, as a front of Nim's would; another game's is
// another front's to word.
func (*screens) Summary(t *host.Table, e host.Event) string {
	turn, ok := e.Turn.(*nimhost.Turn)
	if !ok {
		return "another game's event"
	}
	who := "the bot"
	if e.Player > 0 && nimhost.LobbyOf(t).Names[e.Player-1] != "" {
		who = nimhost.LobbyOf(t).Names[e.Player-1]
	}
	switch e.Kind {
	case host.EvStart:
		return fmt.Sprintf("a heap of %d", turn.Left)
	case host.EvResign:
		return who + " resigned"
	}
	return fmt.Sprintf("%s took %d, %d left", who, turn.Took, turn.Left)
}

// lines is every screen shown, in order.
func (f *screens) lines() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.shown...)
}

// testHost is a host with Nim plugged in beside nothing else.
type testHost struct {
	*host.Host
	nim *nimhost.Nim
	db  *store.DB
}

// openHost hosts the SQLite file at path with front and clock, Nim plugged in before
// the games more; stop closes it (a restart), and the test's cleanup does if the test
// did not.
func openHost(t testing.TB, path string, f host.Front, clock host.Clock, more ...host.Plug) (*testHost, func()) {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	must(t, err)
	h, err := host.New(host.Options{DB: db, Front: f, Clock: clock, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		RetryBase: time.Hour, RetryMax: time.Hour, AutoStep: time.Second, Games: append([]host.Plug{nimhost.Plug()}, more...)})
	must(t, err)
	var once sync.Once
	stop := func() {
		once.Do(func() {
			<-h.Close()
			db.Close()
		})
	}
	t.Cleanup(stop)
	return &testHost{h, nimhost.Of(h), db}, stop
}

// restart closes h and hosts its file again with front: the games in play restored.
func restart(t *testing.T, stop func(), path string, f host.Front, clock host.Clock) *testHost {
	t.Helper()
	stop()
	h, _ := openHost(t, path, f, clock)
	if n, err := h.Restore(context.Background()); err != nil || n != 1 {
		t.Fatalf("restored %d games (%v), want the one in play", n, err)
	}
	h.Connected()
	return h
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// take makes user's take of k stones in game id.
func take(t *testing.T, h *testHost, id int64, user string, k int) error {
	t.Helper()
	tb, err := h.Lock(id)
	must(t, err)
	defer tb.Unlock()
	return h.nim.Take(tb, user, k)
}

// over is game id's stored row, which must hold a finished game whose record replays
// to its result.
func over(t *testing.T, db *store.DB, id int64, want match.Result) *store.Game {
	t.Helper()
	row, err := db.Game(context.Background(), id)
	must(t, err)
	if row.Status != store.StatusOver || row.Result == nil || *row.Result != want {
		t.Fatalf("game %d: %s, result %v; want over, %v", id, row.Status, row.Result, want)
	}
	own, err := nimhost.Decode(row)
	must(t, err)
	g, err := nim.Replay(own.Heap, own.Takes)
	must(t, err)
	if want.Reason == nimhost.ReasonLastStone && (!g.Over() || g.Winner() != want.Winner || row.Turns != len(own.Takes)) {
		t.Errorf("the record replays to over=%v winner %d in %d takes (stored %d turns)", g.Over(), g.Winner(), len(own.Takes), row.Turns)
	}
	return row
}

// rating is user's rating on kind.
func rating(t *testing.T, db *store.DB, kind, user string) store.Rating {
	t.Helper()
	r, err := db.PlayerRating(context.Background(), "g", kind, user)
	must(t, err)
	return r
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	text := strings.Join(got, "\n") + "\n"
	if *update {
		must(t, os.WriteFile(path, []byte(text), 0o644))
	}
	want, err := os.ReadFile(path)
	must(t, err)
	if text != string(want) {
		t.Errorf("screens differ from %s (go test -update rewrites it):\n%s", path, text)
	}
}

// solo opens Ann's game against the bot on a heap of 10, on a host of its own SQLite
// file at path with front f and clock; stop stops the host, for a restart.
func solo(t *testing.T) (path string, clock *host.ManualClock, f *screens, h *testHost, stop func(), id int64) {
	t.Helper()
	path, clock, f = filepath.Join(t.TempDir(), "k.db"), host.NewManualClock(time.Unix(1_800_000_000, 0)), &screens{}
	h, stop = openHost(t, path, f, clock)
	tb, err := h.nim.Open(nimhost.Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]nimhost.Seat{{User: ann, Name: "Ann"}, {}}, Heap: 10})
	must(t, err)
	return path, clock, f, h, stop, tb.Row.ID
}

// TestSolitaire_RestartMidGame: a person against the bot, through the host alone: the
// bot takes at once after each take, the host restarts on the same SQLite file in
// the middle, the restored game plays on to the end, and the result is stored and
// rated on the bot's ladder.
func TestSolitaire_RestartMidGame(t *testing.T) {
	path, clock, f, h, stop, id := solo(t)
	must(t, take(t, h, id, ann, 2)) // 8 left: the bot takes 1
	h = restart(t, stop, path, f, clock)
	must(t, take(t, h, id, ann, 3)) // 4 left: the bot takes 1
	must(t, take(t, h, id, ann, 3)) // the last stone
	if h.Get(id) != nil {
		t.Error("the finished game is still hosted")
	}
	over(t, h.db, id, match.Result{Winner: 1, Reason: nimhost.ReasonLastStone})
	if r := rating(t, h.db, nimhost.BotLadder, ann); r.Games != 1 || r.Wins != 1 || r.Rating <= host.BotRating {
		t.Errorf("Ann's rating against the bot: %+v, want one win above %v", r, host.BotRating)
	}
	golden(t, "solitaire.txt", f.lines())
}

// TestSolitaire_ScreenOwedAcrossRestart: the person's take is committed but its
// screen cannot be shown (the chat is out of reach) when the host stops; the
// restored host shows the screen it owes, then the bot takes, asked by nobody.
func TestSolitaire_ScreenOwedAcrossRestart(t *testing.T) {
	path, clock, f, h, stop, id := solo(t)
	f.setDown(true)
	must(t, take(t, h, id, ann, 2)) // committed; its screen is owed, so the bot waits
	if err := take(t, h, id, ann, 1); err == nil {
		t.Fatal("Ann took again before her screen was shown")
	}
	up := &screens{seen: make(chan string, 8)}
	h = restart(t, stop, path, up, clock)
	want := []string{"game 1 v1 play: Ann took 2, 8 left", "game 1 v2 play: the bot took 1, 7 left"}
	for _, w := range want { // shown in the background: the test waits for each
		if got := <-up.seen; got != w {
			t.Fatalf("shown %q, want %q", got, w)
		}
	}
	must(t, take(t, h, id, ann, 3)) // the game goes on from the store
}

// TestDuel_ToTheEndAndResign: two people take in turn to the last stone, rated on the
// ladder between people (their changes sum to zero); a second duel ends by
// resignation, a loss for who resigned.
func TestDuel_ToTheEndAndResign(t *testing.T) {
	f := &screens{}
	h, _ := openHost(t, filepath.Join(t.TempDir(), "k.db"), f, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	duel := nimhost.Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]nimhost.Seat{{User: ann, Name: "Ann"}, {User: bob, Name: "Bob"}}, Heap: 7}
	tb, err := h.nim.Open(duel)
	must(t, err)
	id := tb.Row.ID
	for i, k := range []int{3, 2, 2} { // Ann, Bob, Ann: the last stone
		must(t, take(t, h, id, []string{ann, bob}[i%2], k))
	}
	over(t, h.db, id, match.Result{Winner: 1, Reason: nimhost.ReasonLastStone})
	a, b := rating(t, h.db, nimhost.Ladder, ann), rating(t, h.db, nimhost.Ladder, bob)
	if a.Wins != 1 || b.Losses != 1 || a.Rating+b.Rating != 2*host.BotRating {
		t.Errorf("ratings Ann %+v, Bob %+v: want Ann's win, Bob's loss, summing to zero change", a, b)
	}
	tb, err = h.nim.Open(duel)
	must(t, err)
	id = tb.Row.ID
	tb, err = h.Lock(id)
	must(t, err)
	must(t, h.nim.Resign(tb, bob))
	tb.Unlock()
	over(t, h.db, id, match.Result{Winner: 1, Reason: match.ReasonResign})
	if b := rating(t, h.db, nimhost.Ladder, bob); b.Losses != 2 {
		t.Errorf("Bob's record after resigning: %+v, want two losses", b)
	}
	golden(t, "duel.txt", f.lines())
}

// TestAuto_RestartMidGame: two bots take on their own, one take each AutoStep on a
// stored deadline; a restart in the middle picks the deadline up from the store, and
// the bot who starts on a heap of 9 wins. Auto games are not rated.
func TestAuto_RestartMidGame(t *testing.T) {
	path, clock := filepath.Join(t.TempDir(), "k.db"), host.NewManualClock(time.Unix(1_800_000_000, 0))
	f := &screens{}
	h, stop := openHost(t, path, f, clock)
	tb, err := h.nim.Open(nimhost.Open{Scope: "g", Place: "c", Owner: ann, Heap: 9})
	must(t, err)
	id := tb.Row.ID
	step := func(h *testHost) {
		clock.Advance(time.Second)
		h.RunDue(context.Background())
	}
	step(h)
	h = restart(t, stop, path, f, clock)
	for n := 0; h.Get(id) != nil; n++ {
		if n == nim.MaxHeap {
			t.Fatal("the auto game did not end")
		}
		step(h)
	}
	over(t, h.db, id, match.Result{Winner: 1, Reason: nimhost.ReasonLastStone})
	if r := rating(t, h.db, nimhost.Ladder, ""); r.Games != 0 {
		t.Errorf("an auto game was rated: %+v", r)
	}
	golden(t, "auto.txt", f.lines())
}

// TestRefusals: what the rules or the seats refuse is a refusal with its reason, and
// the game goes on unchanged.
func TestRefusals(t *testing.T) {
	h, _ := openHost(t, filepath.Join(t.TempDir(), "k.db"), &screens{}, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	tb, err := h.nim.Open(nimhost.Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]nimhost.Seat{{User: ann}, {User: bob}}, Heap: 2})
	must(t, err)
	id := tb.Row.ID
	for _, c := range []struct {
		name, user string
		k          int
		code       host.Code
		says       string
	}{
		{"too many", ann, 3, host.CodeBadMove, "1 to 2 stones (2 left)"},
		{"none", ann, 0, host.CodeBadMove, "1 to 2 stones"},
		{"not your turn", bob, 1, host.CodeNotYourTurn, "not your turn"},
		{"not a player", "300", 1, host.CodeNotPlayer, "not playing"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := take(t, h, id, c.user, c.k)
			var r *host.Refusal
			if !errors.As(err, &r) || r.Code != c.code || !strings.Contains(r.Error(), c.says) {
				t.Errorf("take %d by %s: %v, want refusal %v saying %q", c.k, c.user, err, c.code, c.says)
			}
		})
	}
	if _, err := h.nim.Open(nimhost.Open{Scope: "g", Place: "d", Owner: ann, Seats: [2]nimhost.Seat{{User: ann}, {User: ann}}}); err == nil {
		t.Error("a duel against oneself was opened")
	}
	if _, err := h.nim.Open(nimhost.Open{Scope: "g", Place: "d", Owner: ann, Heap: nim.MaxHeap + 1}); err == nil || !strings.Contains(err.Error(), "1 to 1000 stones") {
		t.Errorf("a heap over the bound: %v, want it refused with the bound", err)
	}
	_, err = h.nim.Open(nimhost.Open{Scope: "g", Place: "d", Owner: ann, Seats: [2]nimhost.Seat{{User: ann}, {}}})
	if r := (*host.Refusal)(nil); !errors.As(err, &r) || r.Code != host.CodeInGame {
		t.Errorf("Ann opened a second game while in one: %v, want the house's one-game-per-person refusal", err)
	}
	must(t, take(t, h, id, ann, 1)) // the refusals changed nothing: Ann's turn, 2 left
}

// TestDecode_Mistakes: a row Nim's codec cannot read (another program's, or
// damaged) is an error saying which game and what, never a crash; what it read so
// far comes back.
func TestDecode_Mistakes(t *testing.T) {
	seats := []store.Seat{{Player: ann}, {}}
	take := func(seat int, data string) store.Action { return store.Action{Seat: seat, Verb: "take", Data: data} }
	for _, c := range []struct {
		name string
		row  store.Game
		says string
	}{
		{"another game's", store.Game{Game: store.GameUpbeat, Seats: seats, ConfigText: "5"}, `"upbeat" with 2 seats`},
		{"three seats", store.Game{Game: nimhost.Name, Seats: append(seats, store.Seat{}), ConfigText: "5"}, "3 seats"},
		{"a heap that is no number", store.Game{Game: nimhost.Name, Seats: seats, ConfigText: "five"}, "heap"},
		{"a take that is no number", store.Game{Game: nimhost.Name, Seats: seats, ConfigText: "5", Actions: []store.Action{take(1, "x")}}, `action 1 is seat 1's "take" "x"`},
		{"a take out of turn", store.Game{Game: nimhost.Name, Seats: seats, ConfigText: "5", Actions: []store.Action{take(1, "1"), take(1, "1")}}, "action 2 is seat 1's"},
		{"a resignation before a take", store.Game{Game: nimhost.Name, Seats: seats, ConfigText: "5", Actions: []store.Action{{Seat: 1, Verb: "resign"}, take(2, "1")}}, `action 1 is seat 1's "resign"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.row.ID = 7
			own, err := nimhost.Decode(&c.row)
			if own == nil || err == nil || !strings.Contains(err.Error(), "game 7") || !strings.Contains(err.Error(), c.says) {
				t.Errorf("Decode: %v, want an error naming game 7 and saying %q", err, c.says)
			}
		})
	}
}

// TestSolitaire_BotFirst: the bot in seat 1 takes as the game opens, before anyone
// asks, and wins from a heap it can win from; the person's loss is rated.
func TestSolitaire_BotFirst(t *testing.T) {
	f := &screens{}
	h, _ := openHost(t, filepath.Join(t.TempDir(), "k.db"), f, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	tb, err := h.nim.Open(nimhost.Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]nimhost.Seat{{}, {User: ann, Name: "Ann"}}, Heap: 5})
	must(t, err)
	id := tb.Row.ID
	must(t, take(t, h, id, ann, 2)) // 4 left after the bot's first take; the bot takes the last 2
	over(t, h.db, id, match.Result{Winner: 1, Reason: nimhost.ReasonLastStone})
	if r := rating(t, h.db, nimhost.BotLadder, ann); r.Losses != 1 || r.Rating >= host.BotRating {
		t.Errorf("Ann's rating against the bot: %+v, want one loss below %v", r, host.BotRating)
	}
	golden(t, "botfirst.txt", f.lines())
}

// TestBesideAnotherGame: Nim plugged in beside AIBG: both restored after a restart,
// and the one-game-per-person rule holds across the two games.
func TestBesideAnotherGame(t *testing.T) {
	path, clock := filepath.Join(t.TempDir(), "k.db"), host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, stop := openHost(t, path, &screens{}, clock, aibghost.Plug())
	nt, err := h.nim.Open(nimhost.Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]nimhost.Seat{{User: ann}, {}}, Heap: 10})
	must(t, err)
	_, err = aibghost.Of(h.Host).Open(aibghost.Open{Scope: "g", Place: "d", Owner: ann, Seats: [2]aibghost.Seat{{User: ann}, {Level: "easy"}}})
	if r := (*host.Refusal)(nil); !errors.As(err, &r) || r.Code != host.CodeInGame {
		t.Errorf("Ann opened an AIBG match while in a Nim game: %v, want the one-game-per-person refusal", err)
	}
	_, err = aibghost.Of(h.Host).Open(aibghost.Open{Scope: "g", Place: "d", Owner: bob, Seats: [2]aibghost.Seat{{User: bob}, {Level: "easy"}}})
	must(t, err)
	stop()
	h, _ = openHost(t, path, &screens{}, clock, aibghost.Plug())
	if n, err := h.Restore(context.Background()); err != nil || n != 2 {
		t.Fatalf("restored %d games (%v), want the Nim game and the AIBG match", n, err)
	}
	must(t, take(t, h, nt.Row.ID, ann, 2))
}
