package upbeathost

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// TestUpReplay_ReproducesLiveGame plays ann's 3-player game with two bots to its end
// through the host, ann revising on her first turn (U20: the revision costs rev_cost
// and is stored before the turn ends), and replays the stored record: at every turn of
// ann's, the last replayed step is exactly the live game (budgets, owners, deposits,
// clocks, turns) as it was before she acted, the revision she has stored but not
// confirmed changes no step, and the last step of the finished game is exactly the
// live final state. The steps are the start and one per turn, in seat order.
func TestUpReplay_ReproducesLiveGame(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), clock)
	ctx := context.Background()
	id := upOpened(t, h).Row.ID
	locked(t, h, id, func(tb *host.Table) {
		if _, err := h.WritePlan(tb, "ann", "invest 30\nmove up\ninvest 30\ndone"); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := h.UpReplayGame(ctx, "g", "elsewhere", 0); refusedWith(t, err) == "" {
		t.Error("a replay where no UPBEAT game was played")
	}
	var live *upbeat.Game
	var before upbeat.Snapshot
	for turn := 1; turn <= int(upConfig().MaxTurns); turn++ {
		locked(t, h, id, func(tb *host.Table) {
			g, err := h.UpEngine(tb)
			must(t, err)
			live, before = g, g.Snapshot()
			if turn == 1 {
				clock.Advance(5 * time.Second)
				must(t, h.ReviseUpbeat(tb, "ann", "collect 5\ninvest 40\ndone"))
			}
		})
		v, err := h.UpReplayGame(ctx, "g", "c", 0) // the game in play in its place
		must(t, err)
		if want := 1 + 3*(turn-1); v.Steps() != want {
			t.Fatalf("turn %d: %d steps stored, want %d", turn, v.Steps(), want)
		}
		steps, err := h.UpReplay(v, []int{v.Steps() - 1})
		must(t, err)
		if !reflect.DeepEqual(steps[0].Snap, before) {
			t.Fatalf("turn %d: the replayed last step is not the live game before ann acts:\nreplayed %+v\nlive     %+v", turn, steps[0].Snap.Players, before.Players)
		}
		if turn == 1 {
			if got, want := live.Budget(1), before.Players[0].Budget-upConfig().RevCost; got != want {
				t.Errorf("ann's budget after her revision %d, want %d", got, want)
			}
		}
		clock.Advance(2 * time.Second)
		locked(t, h, id, func(tb *host.Table) { must(t, h.ConfirmUpbeat(tb, "ann")) })
	}
	if !live.Over() {
		t.Fatal("the game is not over after every turn")
	}
	final := live.Snapshot()
	v, err := h.UpReplayGame(ctx, "g", "c", 0) // now the last game finished there
	must(t, err)
	if v.Steps() != 1+3*int(upConfig().MaxTurns) || v.Table().Row.Result == nil {
		t.Fatalf("%d steps, result %v", v.Steps(), v.Row.Result)
	}
	all := make([]int, v.Steps())
	for i := range all {
		all[i] = i
	}
	steps, err := h.UpReplay(v, all)
	must(t, err)
	last := steps[len(steps)-1].Snap
	if !slices.Equal(last.Owners, final.Owners) || !slices.Equal(last.Deposits, final.Deposits) || !reflect.DeepEqual(last, final) {
		t.Errorf("the replay ends at\n%+v, the live game at\n%+v", last.Players, final.Players)
	}
	for i, s := range steps {
		wantPlayer := 0
		if i > 0 {
			wantPlayer = (i-1)%3 + 1
		}
		if s.Step != i || s.Player != wantPlayer || s.Resign || s.Snap.Turns != i || (i > 0) != (s.Log.Player != 0) {
			t.Errorf("step %d: %+v (log of player %d)", i, s, s.Log.Player)
		}
	}
	if steps[0].Log.Events != nil || len(steps[1].Log.Events) == 0 {
		t.Error("the start has a turn's log, or the first turn none")
	}
}

// TestUpReplay_Finds: which game a replay means, and the refusals: a game of another
// server or none, a KOMBAT game (pointing to /kombat replay), a game not begun, and
// steps out of range.
func TestUpReplay_Finds(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), clock)
	ctx := context.Background()
	// kim's KOMBAT game: ann, who opens the UPBEAT game, may play one game at a time.
	krow := &store.Game{Scope: "g", Place: "k", Mode: game.ModeSolitaire, Status: store.StatusSetup, Seed: 5, TurnTimeout: time.Minute}
	kombathost.NewRow(krow, [2]string{"kim", ""}, 1, game.DefaultConfig())
	kt, err := kombathost.Create(h.Host, krow, game.DefaultConfig(), kombathost.Lobby{Owner: "kim", Kinds: []kombathost.Proposal{{Name: "Idle", Strategy: "done"}}})
	must(t, err)
	kombat := kt.Row.ID
	up := upOpened(t, h).Row.ID // writing first plans: not begun
	for _, tc := range []struct {
		name  string
		guild string
		id    int64
		want  string
	}{
		{"missing", "g", 99, "no game #99"},
		{"other server", "h", up, "no game #"},
		{"kombat", "g", kombat, "`/kombat replay game:"},
		{"not begun", "g", up, "has not begun"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := h.UpReplayGame(ctx, tc.guild, "c", tc.id)
			if msg := refusedWith(t, err); !strings.Contains(msg, tc.want) {
				t.Errorf("refusal %q, want %q", msg, tc.want)
			}
		})
	}
	if _, err := h.UpReplayOf(ctx, kombat); refusedWith(t, err) == "" {
		t.Error("a viewer step of a KOMBAT game")
	}
	if _, err := kombathost.Of(h.Host).ReplayGame(ctx, "g", "c", up); !strings.Contains(refusedWith(t, err), "`/upbeat replay game:") {
		t.Errorf("/kombat replay of an UPBEAT game: %v", err)
	}
	locked(t, h, up, func(tb *host.Table) {
		if _, err := h.WritePlan(tb, "ann", "done"); err != nil {
			t.Fatal(err)
		}
	})
	v, err := h.UpReplayGame(ctx, "g", "c", up)
	must(t, err)
	if v.Steps() != 1 {
		t.Errorf("a game just begun has %d steps, want the start alone", v.Steps())
	}
	for _, bad := range [][]int{{v.Steps()}, {-1}, {1, 0}, {0, 0}} {
		if _, err := h.UpReplay(v, bad); err == nil {
			t.Errorf("steps %v of a game of %d replayed", bad, v.Steps())
		}
	}
}

// TestUpReplay_Resignation: a resignation is a step of its own (U16: the player is
// out at once), with no turn's log; the bots then play on to the end.
func TestUpReplay_Resignation(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), clock)
	ctx := context.Background()
	id := upOpened(t, h).Row.ID
	locked(t, h, id, func(tb *host.Table) {
		_, err := h.WritePlan(tb, "ann", "done")
		must(t, err)
		must(t, h.ConfirmUpbeat(tb, "ann"))
		must(t, h.ResignUpbeat(tb, "ann"))
	})
	v, err := h.UpReplayOf(ctx, id)
	must(t, err)
	all := UpSample(v.Steps(), v.Steps())
	steps, err := h.UpReplay(v, all)
	must(t, err)
	r := steps[4] // the start, ann's turn, the bots' turns, then her resignation
	if !r.Resign || r.Player != 1 || r.Log.Events != nil || r.Snap.Players[0].Alive || !steps[3].Snap.Players[0].Alive {
		t.Fatalf("step 4: %+v", r)
	}
	if last := steps[len(steps)-1]; !last.Snap.Over || v.Row.Status != store.StatusOver {
		t.Errorf("the bots did not play to the end: %+v", last.Snap)
	}
}

// TestUpSample: at most the asked number of steps, evenly spread, the first and the
// last always among them, none twice.
func TestUpSample(t *testing.T) {
	for _, tc := range []struct {
		n, most int
		want    []int
	}{
		{1, 100, []int{0}},
		{5, 100, []int{0, 1, 2, 3, 4}},
		{100, 100, nil},
		{101, 100, nil},
		{6001, 100, nil},
		{10, 4, []int{0, 3, 6, 9}},
		{10, 1, []int{0, 9}},
	} {
		got := UpSample(tc.n, tc.most)
		if tc.want != nil && !slices.Equal(got, tc.want) {
			t.Errorf("UpSample(%d, %d) = %v, want %v", tc.n, tc.most, got, tc.want)
		}
		if len(got) != min(tc.n, max(tc.most, 2)) || got[0] != 0 || got[len(got)-1] != tc.n-1 {
			t.Errorf("UpSample(%d, %d) = %v", tc.n, tc.most, got)
		}
		for i := 1; i < len(got); i++ {
			if got[i] <= got[i-1] {
				t.Errorf("UpSample(%d, %d) = %v: not increasing", tc.n, tc.most, got)
			}
		}
	}
}

// TestUpReplay_Checkpoints: a replay resumed from checkpoints (a viewer's presses, in
// any order, and presses on two games in turn) gives exactly what a replay from the
// start gives, and a game's checkpoints stay true as its record grows.
func TestUpReplay_Checkpoints(t *testing.T) {
	clock := host.NewManualClock(time.Unix(1_800_000_000, 0))
	h, _ := hostOn(t, filepath.Join(t.TempDir(), "k.db"), newScriptFront(), clock)
	plans := []string{"t = t + 1\nif (t % 3) then move up else move downleft\ninvest 5\ncollect 2",
		"move upright\ninvest 1\nmove down\nshoot up 1", "x = random % 6\nif (x - 2) then move upleft else move downright\ninvest 3"}
	record := func(id int64, turns int64) *UpRecord {
		cfg := upbeat.DefaultConfig()
		cfg.Rows, cfg.Cols, cfg.MaxTurns = 10, 10, turns
		g, err := upbeat.New(h.lang, upbeat.Setup{Config: cfg, Seed: uint64(id), Players: 3, Plans: plans})
		must(t, err)
		if err := upbeat.PlayOut(g, make([]upbeat.Decider, 3)); err != nil {
			t.Fatal(err)
		}
		rec := g.Record()
		return &UpRecord{Row: &store.Game{ID: id, Seed: uint64(id), Game: store.GameUpbeat},
			Part: &Upbeat{Seats: make([]string, 3), Plans: plans, Config: cfg, Actions: rec.Actions}}
	}
	full, other := record(1, 60), record(2, 50)
	long := &UpRecord{Row: &store.Game{ID: 1, Seed: 1, Game: store.GameUpbeat}, Part: &Upbeat{
		Seats: full.Part.Seats, Plans: plans, Config: full.Part.Config, Actions: full.Part.Actions[:len(full.Part.Actions)-30]}}
	n := long.Steps()
	if n < 2*upEvery+10 {
		t.Fatalf("a game of %d steps does not pass two checkpoints", n)
	}
	fresh := func(v *UpRecord, steps []int) []UpStep { // from the start, no checkpoints
		t.Helper()
		kept := h.points
		h.points = host.NewRecent[[]upPoint](host.ReplaysKept)
		defer func() { h.points = kept }()
		out, err := h.UpReplay(v, steps)
		must(t, err)
		return out
	}
	want := fresh(long, UpSample(n, n))
	for _, tc := range []struct {
		v     *UpRecord
		steps []int
	}{
		{long, []int{n - 1}}, {long, []int{upEvery}}, {long, []int{upEvery + 1}}, {long, []int{0}},
		{other, []int{3, 70}}, {long, []int{2*upEvery - 1, 2 * upEvery, n - 2}}, {long, []int{1}},
	} {
		got, err := h.UpReplay(tc.v, tc.steps)
		must(t, err)
		for i, s := range tc.steps {
			expect := want[s]
			if tc.v == other {
				expect = fresh(other, []int{s})[0]
			}
			if !reflect.DeepEqual(got[i], expect) {
				t.Errorf("game %d step %d: resumed from a checkpoint, it differs from a replay from the start", tc.v.Row.ID, s)
			}
		}
	}
	if pts, _ := h.points.Get(long.Row.ID); len(pts) < 3 || pts[1].step != upEvery { // the game replayed last
		t.Errorf("checkpoints kept: %d", len(pts))
	}
	// The game goes on: its longer record keeps the checkpoints true.
	got, err := h.UpReplay(full, []int{n, full.Steps() - 1})
	must(t, err)
	if w := fresh(full, []int{n, full.Steps() - 1}); !reflect.DeepEqual(got, w) {
		t.Error("the grown game's last steps differ")
	}
}
