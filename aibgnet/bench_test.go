package aibgnet

import (
	"context"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/netplay"
)

// discard is a Pusher that sends nothing.
type discard struct{}

func (discard) Push(int64, netplay.Answer) int { return 1 }

// BenchmarkTurn is one turn through the handler: two programs' SELECT_MOVE commands,
// each stored by the host (a SQLite file), the second resolving the turn, arming the
// clocks and building both notices (swaps, so that rounds run
// to their turn limit; a new round's lineups and a new game are set up off the clock).
func BenchmarkTurn(b *testing.B) {
	g := newRig(b, Config{})
	g.r.Attach(discard{})
	ctx := context.Background()
	game := int64(0)
	setup := func() {
		switch {
		case game == 0 || g.phase(game) == aibg.GameOver:
			game++
			g.mustSend(b, alice, game, GetGamePhase, "")
			g.mustSend(b, bob, game, GetGamePhase, "")
			g.mustSend(b, alice, game, SelectPlayerCreaturePool, strings.Repeat("Tide ", 12))
			g.mustSend(b, bob, game, SelectPlayerCreaturePool, strings.Repeat("Ember ", 12))
			fallthrough
		case g.phase(game) == aibg.RoundSelection:
			g.mustSend(b, alice, game, SelectPlayerCreaturesInPlay, "1 2 3 4")
			g.mustSend(b, bob, game, SelectPlayerCreaturesInPlay, "13 14 15 16")
		}
	}
	setup()
	b.ReportAllocs()
	for b.Loop() {
		if g.phase(game) != aibg.RoundInProgress {
			b.StopTimer()
			setup()
			b.StartTimer()
		}
		g.r.Handle(ctx, alice, netplay.Command{GameID: game, MessageType: SelectMove, MessageText: "swap 1"})
		if a := g.r.Handle(ctx, bob, netplay.Command{GameID: game, MessageType: SelectMove, MessageText: "swap 2"}); refusal(a) != "" {
			b.Fatal(refusal(a))
		}
	}
}
