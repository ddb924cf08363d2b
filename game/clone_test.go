package game

import (
	"reflect"
	"sync"
	"testing"
)

// wanderer fights, and reads random and variables of both scopes: everything a copy of
// a game must carry over exactly.
const wanderer = `
Moves = Moves + 1
loc = opponent
if (loc) then {
  if (loc / 10 - 1) then {} else {
    dir = loc % 10
    if (dir - 5) then shoot upleft 40
    else if (dir - 4) then shoot downleft 40
    else if (dir - 3) then shoot down 40
    else if (dir - 2) then shoot downright 40
    else if (dir - 1) then shoot upright 40
    else shoot up 40
    done
  }
} else {}
d = random % 6
if (d - 4) then move upleft
else if (d - 3) then move downleft
else if (d - 2) then move down
else if (d - 1) then move downright
else if (d) then move upright
else move up
`

// wandererKind is the wanderer as a kind.
func wandererKind() KindSpec { return KindSpec{Name: "wanderer", Defense: 1, Strategy: wanderer} }

// cloneKinds are the example kinds and the wanderer.
func cloneKinds(t testing.TB) []KindSpec { return append(exampleKinds(t), wandererKind()) }

// gameState is everything observable about a game, to tell whether it changed.
type gameState struct {
	Snapshot Snapshot
	PCG      []byte
	Log      []TurnLog
	Turn     TurnLog
	Setup    []Event
	Record   Record
}

func stateOf(t *testing.T, g *Game) gameState {
	t.Helper()
	pcg, err := g.pcg.MarshalBinary()
	must(t, err)
	return gameState{g.Snapshot(), pcg, g.Log(), g.CurrentTurn(), g.SetupEvents(), g.Record()}
}

// playedTo rebuilds the first n decisions of a record, keeping every turn's log.
func playedTo(t *testing.T, r Record, n int) *Game {
	t.Helper()
	g := newGame(t, r.Setup)
	for _, d := range r.Decisions[:n] {
		must(t, g.Apply(d))
	}
	return g
}

// TestClone_Fields: every field of Game has been thought about in clone. A field added
// to Game fails here until clone copies it as it must and it is listed.
func TestClone_Fields(t *testing.T) {
	known := map[string]bool{
		"lang": true, "setup": true, "kinds": true, "globalNames": true, "pcg": true,
		"rng": true, "players": true, "board": true, "version": true, "rays": true,
		"infoCache": true, "minions": true, "nextID": true, "phase": true, "current": true,
		"bought": true, "spawned": true, "turn": true, "log": true, "finished": true,
		"keepLog": true, "setupLog": true, "points": true, "kills": true, "spawnsLeft": true, "decisions": true, "result": true,
		"machine": true, "trace": true, "stopped": true,
	}
	typ := reflect.TypeFor[Game]()
	for i := range typ.NumField() {
		if name := typ.Field(i).Name; !known[name] {
			t.Errorf("Game.%s is new: make clone copy it if it can change, then list it here", name)
		}
	}
}

// TestClone_PlaysLikeReplay: a copy taken anywhere in a game (in setup, mid-turn, at a
// turn's start), with or without its history, goes on exactly as the game did given the
// same decisions, turn logs included; playing it leaves the original untouched, and
// the original then goes on as the record says.
func TestClone_PlaysLikeReplay(t *testing.T) {
	kinds := cloneKinds(t)
	for seed := uint64(1); seed <= 4; seed++ {
		full := newGame(t, Setup{Seed: seed, Mode: ModeAuto, Kinds: kinds})
		must(t, PlayOut(full, randomDeciders(seed)))
		rec, log := full.Record(), full.Log()
		n := len(rec.Decisions)
		for _, cut := range []int{0, 1, 2, 3, n / 3, n / 2, n - 1} {
			orig := playedTo(t, rec, cut)
			before := stateOf(t, orig)
			done := len(orig.Log())
			for _, history := range []bool{true, false} {
				c := orig.clone(history)
				for i, d := range rec.Decisions[cut:] {
					if err := c.Apply(d); err != nil {
						t.Fatalf("seed %d, copy at %d (history %v): decision %d: %v", seed, cut, history, cut+i, err)
					}
				}
				wantLog, wantRec := log[done:], rec
				if history {
					wantLog = log
				} else {
					wantRec.Decisions = rec.Decisions[cut:]
				}
				if !reflect.DeepEqual(c.Snapshot(), full.Snapshot()) || !reflect.DeepEqual(c.Log(), wantLog) || !reflect.DeepEqual(c.Record(), wantRec) {
					t.Errorf("seed %d, copy at decision %d (history %v): it played differently from the game", seed, cut, history)
				}
				if !reflect.DeepEqual(stateOf(t, orig), before) {
					t.Fatalf("seed %d, copy at decision %d (history %v): playing the copy changed the original", seed, cut, history)
				}
			}
			for _, d := range rec.Decisions[cut:] {
				must(t, orig.Apply(d))
			}
			if !reflect.DeepEqual(orig.Record(), rec) || !reflect.DeepEqual(orig.Log(), log) || !reflect.DeepEqual(orig.Snapshot(), full.Snapshot()) {
				t.Errorf("seed %d, copy at decision %d: the original, copied, went on differently", seed, cut)
			}
		}
	}
}

// TestClone_SharesNothing plays a game and its copy at the same time; under the race
// detector (CI runs go test -race) any memory they both write fails it.
func TestClone_SharesNothing(t *testing.T) {
	full := newGame(t, Setup{Seed: 9, Mode: ModeAuto, Kinds: cloneKinds(t)})
	must(t, PlayOut(full, randomDeciders(9)))
	rec := full.Record()
	cut := len(rec.Decisions) / 4
	g := playedTo(t, rec, cut)
	games := []*Game{g, g.clone(true), g.clone(false)}
	errs := make([]error, len(games))
	var wg sync.WaitGroup
	for i, h := range games {
		wg.Go(func() {
			for _, d := range rec.Decisions[cut:] {
				if err := h.Apply(d); err != nil {
					errs[i] = err
					return
				}
			}
		})
	}
	wg.Wait()
	for i, h := range games {
		if errs[i] != nil || !reflect.DeepEqual(h.Snapshot(), full.Snapshot()) {
			t.Errorf("game %d of 3 (the original, copies with and without history): %v, or a different end", i, errs[i])
		}
	}
}
