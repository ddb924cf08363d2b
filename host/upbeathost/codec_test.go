package upbeathost

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// TestCodec_StoredBytes reads every UPBEAT game of the store's legacy fixtures (v9.db,
// written when the store encoded UPBEAT itself, and v7.db, migrated to the neutral
// tables by SQL) and encodes its decoded part again: the configuration text, the
// seats with their first plans and every action come out as the rows hold them, byte
// for byte, so the codec writes what the store wrote and no stored game changes; and
// every game in play or over replays to its stored result.
func TestCodec_StoredBytes(t *testing.T) {
	for _, fixture := range []string{"v9.db", "v7.db"} {
		t.Run(fixture, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("..", "..", "store", "testdata", fixture))
			must(t, err)
			path := filepath.Join(t.TempDir(), fixture)
			must(t, os.WriteFile(path, b, 0o644))
			ctx := context.Background()
			db, err := store.Open(ctx, path)
			must(t, err)
			defer db.Close()
			games := 0
			for id := int64(1); id <= 20; id++ {
				row, err := db.Game(ctx, id)
				must(t, err)
				if !IsUpbeat(row) {
					continue
				}
				games++
				u := decoded(t, row)
				again := &store.Game{}
				must(t, u.newRow(again))
				if again.ConfigText != row.ConfigText || !reflect.DeepEqual(again.Seats, row.Seats) || row.State != "" ||
					!reflect.DeepEqual(encodeActions(u.Actions), nonNil(row.Actions)) {
					t.Errorf("game %d encodes to config %q, seats %q; stored %q, %q, state %q; actions equal: %v", id, again.ConfigText, again.Seats,
						row.ConfigText, row.Seats, row.State, reflect.DeepEqual(encodeActions(u.Actions), nonNil(row.Actions)))
				}
				if row.Status != store.StatusPlay && row.Status != store.StatusOver {
					continue
				}
				g, err := upbeat.Replay(upbeat.NewLanguage(), u.Record(row.Seed), nil)
				must(t, err)
				if row.Status == store.StatusOver && (!g.Over() || g.Winner() != row.Result.Winner || g.Turns() != row.Turns) {
					t.Errorf("game %d replays to winner %d after %d turns; stored %+v after %d", id, g.Winner(), g.Turns(), row.Result, row.Turns)
				}
			}
			if games != 7 {
				t.Errorf("%d UPBEAT games, want the fixture's 7", games)
			}
		})
	}
}

// nonNil is as, or an empty slice for none (as encodeActions gives).
func nonNil(as []store.Action) []store.Action {
	if as == nil {
		return []store.Action{}
	}
	return as
}

// TestCodec_Refuses: a row the codec cannot read says which game and what is wrong.
func TestCodec_Refuses(t *testing.T) {
	good := func() *store.Game {
		row := &store.Game{ID: 5}
		must(t, (&Upbeat{Seats: []string{"a", "b"}, Plans: []string{"done", "done"}, Config: upbeat.DefaultConfig()}).newRow(row))
		return row
	}
	for _, c := range []struct {
		name   string
		change func(*store.Game)
		want   string
	}{
		{"another game", func(g *store.Game) { g.Game = "chess" }, `game 5 is "chess", not UPBEAT`},
		{"configuration", func(g *store.Game) { g.ConfigText = "m = x" }, "game 5: configuration"},
		{"a plan after a seat without", func(g *store.Game) { g.Seats[0].Data = "" }, "a first plan on seat 2, but none on an earlier seat"},
		{"seat data", func(g *store.Game) { g.Seats[1].Data = "{" }, "game 5: seat 2"},
		{"one seat", func(g *store.Game) { g.Seats = g.Seats[:1] }, "game 5 has 1 seats; UPBEAT's have 2 to 6"},
	} {
		row := good()
		if _, err := Decode(row); err != nil {
			t.Fatal(err)
		}
		c.change(row)
		if _, err := Decode(row); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// BenchmarkDecode200 decodes an UPBEAT row of three seats with first plans and 200
// actions: what the adapter adds to loading a long game from the store
// (store.BenchmarkLoadUpbeat200).
func BenchmarkDecode200(b *testing.B) {
	row := &store.Game{}
	must(b, (&Upbeat{Seats: []string{"a", "b", ""}, Plans: []string{"invest 1\ndone", "collect 2\ndone", "done"}, Config: upbeat.DefaultConfig()}).newRow(row))
	for i := range 200 {
		a := store.Action{Seat: i/2%3 + 1, Verb: string(upbeat.ActConfirm)}
		if i%2 == 0 {
			a.Verb, a.Data = string(upbeat.ActRevise), "invest 10\ndone"
		}
		row.Actions = append(row.Actions, a)
	}
	b.ReportAllocs()
	for b.Loop() {
		if u, err := Decode(row); err != nil || len(u.Actions) != 200 || len(u.Plans) != 3 {
			b.Fatal(err)
		}
	}
}
