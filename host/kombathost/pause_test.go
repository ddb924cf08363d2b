package kombathost

import (
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// TestLobby_MayPause checks that only an auto game pauses, and only for its owner.
func TestLobby_MayPause(t *testing.T) {
	cases := []struct {
		name    string
		g       *store.Game
		user    string
		refusal string
	}{
		{"the owner pauses an auto game", seating(game.ModeAuto), ann, ""},
		{"a duel does not pause", seating(game.ModeDuel), ann, "Only auto games pause."},
		{"a solo game does not pause", seating(game.ModeSolitaire), ann, "Only auto games pause."},
		{"a watcher cannot pause an auto game", seating(game.ModeAuto), bob, "Only <@100>, who started this game, can pause or resume it."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := &Lobby{Owner: ann}
			if got := refusalOf(l.MayPause(c.g, c.user)); got != c.refusal {
				t.Fatalf("refused %q, want %q", got, c.refusal)
			}
		})
	}
}

// TestLobbyOf_OtherGames checks that a table of another game (here one with no part)
// is no KOMBAT table and reads an empty lobby, and that a KOMBAT table's lobby is its
// part's own.
func TestLobbyOf_OtherGames(t *testing.T) {
	other := host.NewTable(&store.Game{Game: store.GameUpbeat}, func(*host.Table) host.Hosted { return nil })
	if IsKombat(other) || LobbyOf(other).Owner != "" || len(LobbyOf(other).Kinds) != 0 {
		t.Errorf("another game's table: IsKombat %v, lobby %+v", IsKombat(other), LobbyOf(other))
	}
	mine := host.NewTable(&store.Game{}, func(t *host.Table) host.Hosted { return &hosted{t: t, lob: Lobby{Owner: ann}} })
	LobbyOf(mine).Names[0] = "Ann"
	if !IsKombat(mine) || LobbyOf(mine).Owner != ann || LobbyOf(mine).Names[0] != "Ann" {
		t.Errorf("a KOMBAT table: IsKombat %v, lobby %+v", IsKombat(mine), LobbyOf(mine))
	}
}
