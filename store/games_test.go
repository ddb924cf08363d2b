package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
)

// freeSpawns are both players' free spawns, the first step of every game.
func freeSpawns() []game.Decision {
	return []game.Decision{
		{Player: 1, Action: game.ActFreeSpawn, Hex: game.Hex{Row: 1, Col: 1}},
		{Player: 2, Action: game.ActFreeSpawn, Hex: game.Hex{Row: 8, Col: 8}},
	}
}

func TestGames(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	t0 := time.UnixMilli(1_700_000_000_000)
	db.SetClock(func() time.Time { return t0 })
	g := newGameRow("c1", game.ModeDuel, "u1", "u2")
	id, err := db.CreateGame(ctx, g)
	must(t, err)
	if _, err := db.CreateGame(ctx, newGameRow("c1", game.ModeDuel, "u3", "u4")); !errors.Is(err, ErrPlaceBusy) {
		t.Errorf("second game in a channel: %v", err)
	}
	// Each row is a valid one with one mistake. (A KOMBAT human seat other than 1 or 2
	// is its adapter's to refuse: the store does not read the state.)
	for _, spoil := range []func(*Game){
		func(g *Game) { g.Status = StatusOver },
		func(g *Game) { g.Mode = "chess" },
		func(g *Game) { g.Game = "" },
		func(g *Game) { g.Actions = kActs(freeSpawns()) },
	} {
		bad := newGameRow("c9", game.ModeDuel, "u1", "u2")
		spoil(bad)
		if _, err := db.CreateGame(ctx, bad); !errors.Is(err, ErrInvalidInput) || !strings.HasPrefix(err.Error(), "store: create game: invalid input: ") {
			t.Errorf("creating %+v: %v", bad, err)
		}
	}
	// Seeds use all 64 bits.
	big := newGameRow("c8", game.ModeAuto, "", "")
	big.Seed = 1<<64 - 3
	bigID, err := db.CreateGame(ctx, big)
	must(t, err)
	if g, err := db.Game(ctx, bigID); err != nil || g.Seed != 1<<64-3 {
		t.Errorf("a 64-bit seed came back as %d (%v)", g.Seed, err)
	}
	must(t, db.Cancel(ctx, bigID))
	// Decisions commit at their position; a stale or duplicate write is refused.
	must(t, db.AppendDecisions(ctx, id, 0, freeSpawns()))
	if err := db.AppendDecisions(ctx, id, 0, freeSpawns()); !errors.Is(err, ErrConflict) ||
		err.Error() != fmt.Sprintf("store: game %d: append 2 decisions at 0: changed meanwhile: 2 decisions are stored", id) {
		t.Errorf("duplicate write: %v", err)
	}
	if err := db.AppendDecisions(ctx, id, 5, freeSpawns()); !errors.Is(err, ErrConflict) {
		t.Errorf("write past the end: %v", err)
	}
	// A seat the game lacks and an action without a verb are refused; whether a verb
	// is one of KOMBAT's is its adapter's to refuse (kombathost.EncodeDecisions).
	for _, bad := range []game.Decision{{Player: 3, Action: game.ActEnd}, {Player: 0, Action: game.ActEnd}, {Player: 1, Action: ""}} {
		if err := db.AppendDecisions(ctx, id, 2, []game.Decision{{Player: 1, Action: game.ActEnd}, bad}); !errors.Is(err, ErrInvalidInput) {
			t.Errorf("decision %+v: %v", bad, err)
		}
	}
	if err := db.AppendDecisions(ctx, 999, 0, freeSpawns()); !errors.Is(err, ErrNotFound) {
		t.Errorf("a missing game: %v", err)
	}
	got, err := db.Game(ctx, id)
	must(t, err)
	if !reflect.DeepEqual(kOf(got).Decisions, freeSpawns()) || got.Scope != "g" || kOf(got).Players != [2]string{"u1", "u2"} ||
		got.Seed != 5 || got.TurnTimeout != 10*time.Minute || !got.CreatedAt.Equal(t0) || !got.FinishedAt.IsZero() {
		t.Errorf("stored game: %+v", got)
	}
	// Metadata, moving the game to a thread.
	got.Status, got.Place, got.Origin, got.Shown = StatusPlay, "thread9", "c1", "m1"
	got.Setup = []byte(`{"ready":[true,true]}`)
	must(t, db.SaveMeta(ctx, got))
	if again, err := db.ActiveAt(ctx, "thread9"); err != nil || again.Shown != "m1" ||
		string(again.Setup) != `{"ready":[true,true]}` || again.Origin != "c1" || len(again.Actions) != 2 {
		t.Errorf("after SaveMeta: %+v %v", again, err)
	}
	if _, err := db.ActiveAt(ctx, "c1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the old channel is free now: %v", err)
	}
	got.Setup = []byte(`{not json`)
	if err := db.SaveMeta(ctx, got); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("setup that is not JSON: %v", err)
	}
	// In play, the kinds the decisions replay against are frozen; the lobby state is not.
	got.Setup = []byte(`{"ready":[true,true],"misses":[1,0]}`)
	must(t, db.SaveMeta(ctx, got))
	changed := *got
	k := kOf(got)
	k.Kinds = append([]game.KindSpec{{Name: "intruder", Strategy: "done"}}, k.Kinds...)
	k.put(&changed)
	if err := db.SaveMeta(ctx, &changed); !errors.Is(err, ErrInvalidInput) || !strings.Contains(err.Error(), "state and seats of a game in play") {
		t.Errorf("changing the kinds in play: %v", err)
	}
	if again, _ := db.Game(ctx, id); !reflect.DeepEqual(kOf(again).Kinds, kOf(got).Kinds) {
		t.Errorf("kinds after a refused change: %+v", kOf(again).Kinds)
	}
	// The game can be rebuilt and played on.
	rec := kOf(got).record(got)
	eng, err := game.Replay(game.NewLanguage(), rec)
	must(t, err)
	if eng.Phase() != game.PhasePlay || eng.Current() != 1 {
		t.Errorf("rebuilt game in phase %s", eng.Phase())
	}
	// Finishing records the result, the last decisions and ratings at once.
	t1 := t0.Add(time.Hour)
	db.SetClock(func() time.Time { return t1 })
	if err := db.Finish(ctx, id, 2, nil, game.Result{Winner: 3, Reason: game.ReasonResign}, 0, nil); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("a result with winner 3: %v", err)
	}
	must(t, db.Finish(ctx, id, 2, []game.Decision{{Player: 2, Action: game.ActResign}}, game.Result{Winner: 1, Reason: game.ReasonResign}, 0, nil))
	over, err := db.Game(ctx, id)
	must(t, err)
	if over.Status != StatusOver || over.Result == nil || over.Result.Winner != 1 || len(over.Actions) != 3 ||
		!over.FinishedAt.Equal(t1) || !over.UpdatedAt.Equal(t1) {
		t.Errorf("finished game: %+v", over)
	}
	if err := db.AppendDecisions(ctx, id, 3, []game.Decision{{Player: 1, Action: game.ActEnd}}); !errors.Is(err, ErrConflict) {
		t.Errorf("a decision after the end: %v", err)
	}
	if err := db.Finish(ctx, id, 3, nil, game.Result{Winner: 2, Reason: game.ReasonResign}, 0, nil); !errors.Is(err, ErrConflict) {
		t.Errorf("finishing twice: %v", err)
	}
	if err := db.SaveMeta(ctx, over); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("SaveMeta of a finished game: %v", err)
	}
	if last, err := db.LastGameIn(ctx, GameKombat, "c1"); err != nil || last.ID != id || len(last.Actions) != 3 {
		t.Errorf("last game in the parent channel: %+v %v", last, err)
	}
	if recent, err := db.RecentGames(ctx, "g", "u2", 5); err != nil || len(recent) != 1 || recent[0].ID != id || recent[0].Actions != nil {
		t.Errorf("recent games: %+v %v", recent, err)
	}
	// Cancel a challenge; the channel is free again.
	challenge := &Game{Scope: "g", Place: "c1", Mode: game.ModeDuel, Status: StatusChallenge}
	kTest{Players: [2]string{"u1", "u5"}}.put(challenge)
	cid, err := db.CreateGame(ctx, challenge)
	must(t, err)
	must(t, db.Cancel(ctx, cid))
	if err := db.Cancel(ctx, cid); !errors.Is(err, ErrNotFound) {
		t.Errorf("cancel twice: %v", err)
	}
	if active, err := db.ActiveGames(ctx); err != nil || len(active) != 0 {
		t.Errorf("active games: %d %v", len(active), err)
	}
	if _, err := db.Game(ctx, 999); !errors.Is(err, ErrNotFound) || err.Error() != "store: game 999: not found" {
		t.Errorf("missing game: %v", err)
	}
}

// TestFailedWriteChangesNothing makes the database fail in the middle of a turn's
// transaction, after some of its decisions were written: the game stays as it was.
func TestFailedWriteChangesNothing(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	id, err := db.CreateGame(ctx, newGameRow("c", game.ModeDuel, "a", "b"))
	must(t, err)
	must(t, db.AppendDecisions(ctx, id, 0, freeSpawns()))
	before, err := db.Game(ctx, id)
	must(t, err)
	trigger, drop := `CREATE TRIGGER fail_third AFTER INSERT ON actions WHEN NEW.pos = 4
		BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`, `DROP TRIGGER fail_third`
	if onPostgres() {
		trigger = `CREATE FUNCTION fail_third() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN RAISE EXCEPTION 'disk on fire'; END $$;
			CREATE TRIGGER fail_third AFTER INSERT ON actions FOR EACH ROW WHEN (NEW.pos = 4) EXECUTE FUNCTION fail_third()`
		drop = `DROP TRIGGER fail_third ON actions`
	}
	_, err = db.sql.Exec(trigger)
	must(t, err)
	turn := []game.Decision{{Player: 1, Action: game.ActEnd}, {Player: 2, Action: game.ActBuy, Hex: game.Hex{Row: 6, Col: 8}}, {Player: 2, Action: game.ActEnd}}
	if err := db.AppendDecisions(ctx, id, 2, turn); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("append through a failing write: %v", err)
	}
	if err := db.Finish(ctx, id, 2, turn, game.Result{Winner: 1, Reason: game.ReasonMinions}, 1, nil); err == nil {
		t.Error("finish through a failing write succeeded")
	}
	after, err := db.Game(ctx, id)
	must(t, err)
	if !reflect.DeepEqual(before, after) {
		t.Errorf("a failed write changed the game:\n%+v\n%+v", before, after)
	}
	if r, _ := db.PlayerRating(ctx, "g", KindDuel, "a"); r.Games != 0 {
		t.Errorf("a failed finish rated the game: %+v", r)
	}
	_, err = db.sql.Exec(drop)
	must(t, err)
	must(t, db.AppendDecisions(ctx, id, 2, turn))
}

// TestAppendRace sends the same turn from many goroutines at once, as two handlers of
// one click would: exactly one is stored, the others get ErrConflict.
func TestAppendRace(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	id, err := db.CreateGame(ctx, newGameRow("c", game.ModeDuel, "a", "b"))
	must(t, err)
	const n = 8
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = db.AppendDecisions(ctx, id, 0, freeSpawns()) })
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, ErrConflict):
			t.Errorf("a losing write: %v", err)
		}
	}
	g, err := db.Game(ctx, id)
	must(t, err)
	if won != 1 || !reflect.DeepEqual(kOf(g).Decisions, freeSpawns()) {
		t.Errorf("%d writes won; stored %v", won, g.Actions)
	}
}

// TestConcurrentWriters commits turns of many games at once (run with -race).
func TestConcurrentWriters(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	const games, turns = 16, 25
	errs := make(chan error, games)
	var wg sync.WaitGroup
	for i := range games {
		wg.Go(func() {
			id, err := db.CreateGame(ctx, newGameRow(fmt.Sprint("ch", i), game.ModeDuel, "a", "b"))
			if err != nil {
				errs <- err
				return
			}
			for pos := range turns {
				if err := db.AppendDecisions(ctx, id, pos, []game.Decision{{Player: pos%2 + 1, Action: game.ActEnd}}); err != nil {
					errs <- err
					return
				}
			}
			// Readers run alongside the writers.
			if _, err := db.ActiveAt(ctx, fmt.Sprint("ch", i)); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	active, err := db.ActiveGames(ctx)
	must(t, err)
	if len(active) != games {
		t.Fatalf("%d games", len(active))
	}
	for _, g := range active {
		if len(g.Actions) != turns {
			t.Errorf("game %d has %d decisions", g.ID, len(g.Actions))
		}
	}
}
