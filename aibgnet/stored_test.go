package aibgnet

import (
	"context"
	"testing"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/store"
)

// TestStoredAndRated: a network match that has ended is an AIBG game of the store
// like any other: its row (the network's scope, its own place, the programs' seats)
// holds its result and record, it is in each program's history, and it moved the
// programs' ratings on their own ladders (between programs; against the bot at its
// level), never on the people's.
func TestStoredAndRated(t *testing.T) {
	ctx := context.Background()
	g := newRig(t, Config{})
	g.mustSend(t, alice, 21, GetGamePhase, "")
	g.mustSend(t, bob, 21, GetGamePhase, "")
	res := playOut(t, g, 21, alice, bob)[0]
	g.mustSend(t, carol, 22, GetGamePhase, "bot hard")
	botRes := playOut(t, g, 22, carol)[0]

	row, err := g.db.LastGameIn(ctx, aibghost.Name, Place(21))
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := g.r.Record(21)
	switch {
	case row.Status != store.StatusOver || row.Result == nil || *row.Result != res.Result:
		t.Errorf("stored: status %s, result %+v; the programs were told %+v", row.Status, row.Result, res.Result)
	case row.Scope != DefaultScope || len(row.Seats) != 2 || row.Seats[0].Player != aibghost.ProgramUser(alice.ID) || row.Seats[1].Player != aibghost.ProgramUser(bob.ID):
		t.Errorf("stored in scope %q with seats %+v", row.Scope, row.Seats)
	case len(row.Actions) != len(rec.Game.Actions):
		t.Errorf("stored %d actions, the record has %d", len(row.Actions), len(rec.Game.Actions))
	}
	past, err := g.h.HistoryOf(ctx, DefaultScope, aibghost.ProgramUser(bob.ID), aibghost.Name)
	if err != nil || len(past) != 1 || past[0].Game.ID != row.ID || past[0].Outcome != map[int]host.Outcome{0: host.Tied, 1: host.Lost, 2: host.Won}[res.Winner] {
		t.Errorf("bob's history: %+v, %v", past, err)
	}

	rating := func(user, kind string) store.Rating {
		t.Helper()
		r, err := g.db.PlayerRating(ctx, DefaultScope, kind, user)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	a, b := rating(aibghost.ProgramUser(alice.ID), aibghost.NetLadder), rating(aibghost.ProgramUser(bob.ID), aibghost.NetLadder)
	if a.Games != 1 || b.Games != 1 || a.Rating+b.Rating != 2*1200 {
		t.Errorf("the programs' ladder: alice %+v, bob %+v", a, b)
	}
	if res.Winner != 0 && (a.Rating > b.Rating) != (res.Winner == 1) {
		t.Errorf("winner %d, yet alice %.1f and bob %.1f", res.Winner, a.Rating, b.Rating)
	}
	c := rating(aibghost.ProgramUser(carol.ID), aibghost.NetBotLadder("hard"))
	if c.Games != 1 || (c.Wins == 1) != (botRes.Winner == 1) {
		t.Errorf("carol against the bot: %+v, the match %+v", c, botRes)
	}
	for _, u := range []int64{alice.ID, bob.ID, carol.ID} {
		for _, kind := range aibghost.Ladders() {
			if r := rating(aibghost.ProgramUser(u), kind); r.Games != 0 {
				t.Errorf("program %d is rated on the people's ladder %s: %+v", u, kind, r)
			}
		}
	}
	st, err := aibghost.Of(g.h).NetStats(ctx, DefaultScope, carol.ID)
	if err != nil || len(st) != 2 || st[1].Kind != aibghost.NetBotLadder("hard") || st[1].Rank != 1 {
		t.Errorf("carol's standing: %+v, %v", st, err)
	}
}
