package store

import (
	"context"
	"fmt"
	"testing"

	"github.com/kombat-game/kombat/game"
)

// BenchmarkLoadActiveGames loads 10,000 active games at start-up, each with the 40
// decisions of a game twenty turns in.
func BenchmarkLoadActiveGames(b *testing.B) {
	db := openTest(b)
	ctx := context.Background()
	ds := make([]game.Decision, 40)
	for i := range ds {
		ds[i] = game.Decision{Player: i%2 + 1, Action: game.ActEnd}
	}
	for i := 0; i < 10000; i++ {
		id, err := db.CreateGame(ctx, newGameRow(fmt.Sprint("ch", i), game.ModeDuel, "a", "b"))
		if err != nil {
			b.Fatal(err)
		}
		if err := db.AppendDecisions(ctx, id, 0, ds); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		gs, err := db.ActiveGames(ctx)
		if err != nil || len(gs) != 10000 || len(gs[9999].Decisions) != 40 {
			b.Fatalf("%d games, %v", len(gs), err)
		}
	}
}

// BenchmarkCommitTurn commits one turn (a purchase, a spawn and the end) durably.
func BenchmarkCommitTurn(b *testing.B) {
	db := openTest(b)
	ctx := context.Background()
	id, err := db.CreateGame(ctx, newGameRow("c", game.ModeDuel, "a", "b"))
	if err != nil {
		b.Fatal(err)
	}
	turn := []game.Decision{
		{Player: 1, Action: game.ActBuy, Hex: game.Hex{Row: 3, Col: 1}},
		{Player: 1, Action: game.ActSpawn, Kind: 0, Hex: game.Hex{Row: 3, Col: 1}},
		{Player: 1, Action: game.ActEnd},
	}
	pos := 0
	b.ReportAllocs()
	for b.Loop() {
		if err := db.AppendDecisions(ctx, id, pos, turn); err != nil {
			b.Fatal(err)
		}
		pos += len(turn)
	}
}
