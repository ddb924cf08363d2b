package aibghost

import (
	"strings"
	"testing"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/store"
)

// TestCodecRoundTrip: a whole match between bots, a round cut short (a finish)
// included, written into a row's neutral fields and decoded back, replays the same
// match.
func TestCodecRoundTrip(t *testing.T) {
	g, err := aibg.New(aibg.Setup{Seed: 11})
	must(t, err)
	d := [2]aibg.Decider{bot(t, "easy", 1), bot(t, "normal", 2)}
	for g.Phase() != aibg.RoundInProgress || g.Turn() < 3 {
		for p := 1; p <= 2; p++ {
			_, err := aibg.Act(g, p, d[p-1])
			must(t, err)
		}
	}
	must(t, g.Finish())
	must(t, aibg.PlayOut(g, d))
	rec := g.Record()
	own := &Aibg{Seats: [2]string{ann, ""}, Setup: rec.Setup, Actions: rec.Actions}
	row := &store.Game{ID: 1, Seed: 11}
	must(t, own.newRow(row))
	enc, err := encodeActions(rec.Actions)
	must(t, err)
	row.Actions = enc
	back, err := Decode(row)
	must(t, err)
	if back.Seats != own.Seats {
		t.Errorf("seats %q, want %q", back.Seats, own.Seats)
	}
	g2, err := aibg.Replay(back.Record(row.Seed), nil)
	must(t, err)
	if !g2.Over() || g2.Winner() != g.Winner() || g2.RoundsWon(1) != g.RoundsWon(1) || g2.RoundsWon(2) != g.RoundsWon(2) {
		t.Errorf("the decoded record replays to winner %d (%d-%d), want %d (%d-%d)",
			g2.Winner(), g2.RoundsWon(1), g2.RoundsWon(2), g.Winner(), g.RoundsWon(1), g.RoundsWon(2))
	}
}

// TestDecodeRefuses: a row the codec cannot read says which game and what is wrong.
func TestDecodeRefuses(t *testing.T) {
	good := func() *store.Game {
		return &store.Game{ID: 7, Game: Name, ConfigText: "{}", Seats: []store.Seat{{Player: ann}, {}}}
	}
	for _, tc := range []struct {
		name string
		edit func(*store.Game)
		want string
	}{
		{"another game", func(r *store.Game) { r.Game = store.GameUpbeat }, `game 7 is "upbeat", not AIBG`},
		{"three seats", func(r *store.Game) { r.Seats = append(r.Seats, store.Seat{}) }, "game 7 has 3 seats; AIBG's have 2"},
		{"bad setup", func(r *store.Game) { r.ConfigText = "{" }, "game 7: setup:"},
		{"bad verb", func(r *store.Game) { r.Actions = []store.Action{{Seat: 1, Verb: "fly"}} }, `game 7: action 1: verb "fly" is none of AIBG's`},
		{"bad pool", func(r *store.Game) { r.Actions = []store.Action{{Seat: 1, Verb: "pool", Data: "[1"}} }, "game 7: action 1:"},
		{"a resignation before the end", func(r *store.Game) {
			r.Actions = []store.Action{{Seat: 1, Verb: "resign"}, {Seat: 2, Verb: "pool", Data: "[]"}}
		}, `game 7: action 1: verb "resign" is none of AIBG's (pool, lineup, move, finish, or a last resign by seat 1 or 2)`},
		{"nobody's resignation", func(r *store.Game) { r.Actions = []store.Action{{Seat: 0, Verb: "resign"}} }, `game 7: action 1: verb "resign"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			row := good()
			tc.edit(row)
			_, err := Decode(row)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Decode: %v, want %q", err, tc.want)
			}
		})
	}
	if _, err := Decode(good()); err != nil {
		t.Errorf("a good row: %v", err)
	}
}

// playedRow is a whole match between two bots as the store holds it.
func playedRow(b testing.TB) *store.Game {
	g, err := aibg.New(aibg.Setup{Seed: 21})
	must(b, err)
	must(b, aibg.PlayOut(g, [2]aibg.Decider{bot(b, "normal", 1), bot(b, "normal", 2)}))
	rec := g.Record()
	row := &store.Game{ID: 1, Seed: 21}
	must(b, (&Aibg{Setup: rec.Setup}).newRow(row))
	row.Actions, err = encodeActions(rec.Actions)
	must(b, err)
	return row
}

// BenchmarkDecodeMatch: the codec's cost of reading a whole match's row (its setup,
// with the roster and catalog, and every action), on top of the store's load.
func BenchmarkDecodeMatch(b *testing.B) {
	row := playedRow(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(row); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRebuildMatch: a match's engine rebuilt from its decoded record, as after a
// restart or a failed commit (Match).
func BenchmarkRebuildMatch(b *testing.B) {
	own, err := Decode(playedRow(b))
	must(b, err)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := aibg.Replay(own.Record(21), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzDecode: a row written by another program (any verbs and data on its actions)
// decodes to an error or to a record that replays to an error or a match, and never
// crashes the host; a decoded action re-encodes to what was stored.
func FuzzDecode(f *testing.F) {
	f.Add("pool", `["Tide","Tide","Tide","Tide","Tide","Tide","Tide","Tide","Tide","Tide","Tide","Tide"]`, "lineup", "[1,2]")
	f.Add("move", "attack 1", "finish", "")
	f.Add("lineup", "[-1,99]", "pool", "null")
	f.Fuzz(func(t *testing.T, v1, d1, v2, d2 string) {
		row := &store.Game{ID: 1, Game: Name, ConfigText: "{}", Seats: []store.Seat{{Player: ann}, {}},
			Actions: []store.Action{{Seat: 1, Verb: v1, Data: d1}, {Seat: 2, Verb: v2, Data: d2}}}
		own, err := Decode(row)
		if err != nil {
			return
		}
		if _, err := aibg.Replay(own.Record(1), nil); err != nil {
			return
		}
		enc, err := encodeActions(own.Actions)
		must(t, err)
		for i, a := range enc {
			if a.Verb != row.Actions[i].Verb {
				t.Errorf("action %d: verb %q re-encoded as %q", i+1, row.Actions[i].Verb, a.Verb)
			}
		}
	})
}
