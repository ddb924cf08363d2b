package host

import (
	"context"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestHistoryOf_SeatsOfEveryGame: a history names a duel's opponent and seats from
// the row's seats whatever the game (KOMBAT, or a game of another name plugged in),
// and names no opponent in a game of more than two seats, where "the other seat" is
// no one in particular.
func TestHistoryOf_SeatsOfEveryGame(t *testing.T) {
	ctx := context.Background()
	h, db := trioHost(t)
	cases := []struct {
		game     store.GameName
		seats    []store.Seat
		user     string
		opponent string
		names    [2]string
	}{
		{store.GameKombat, []store.Seat{{Player: ann}, {Player: bob}}, ann, bob, [2]string{}},
		{"trio", []store.Seat{{Player: ann}, {Player: bob}}, bob, ann, [2]string{}},
		{"trio", []store.Seat{{Player: ann}, {}}, ann, "", [2]string{"", "Bot"}},
		{"trio", []store.Seat{{Player: ann}, {Player: bob}, {Player: cid}}, ann, "", [2]string{}},
		{"trio", []store.Seat{{Player: ann}, {Player: bob}, {Player: cid}}, cid, "", [2]string{}},
	}
	for i, c := range cases {
		place := "h" + string(rune('a'+i))
		id, err := db.CreateGame(ctx, &store.Game{Game: c.game, Scope: "hist", Place: place, Mode: game.ModeDuel, Seats: c.seats,
			Status: store.StatusSetup, ConfigText: game.DefaultConfig().String(), State: `{}`, Setup: []byte(`{}`)})
		must(t, err)
		past, err := h.HistoryOf(ctx, "hist", c.user, c.game)
		must(t, err)
		var got *Past
		for j := range past {
			if past[j].Game.ID == id {
				got = &past[j]
			}
		}
		if got == nil {
			t.Fatalf("%s game %d (%d seats): not in %s's history", c.game, id, len(c.seats), c.user)
		}
		if got.Opponent != c.opponent || got.Names != c.names {
			t.Errorf("%s game of %d seats seen by %s: opponent %q, names %q; want %q, %q", c.game, len(c.seats), c.user, got.Opponent, got.Names, c.opponent, c.names)
		}
	}
}

// trioHost hosts a fresh database with the stub plugged in twice: under KOMBAT's name
// and as "trio", a game the core knows nothing of (no Pauser, seats of any number).
func trioHost(t *testing.T) (*Host, *store.DB) {
	t.Helper()
	_, db := openRecords(t)
	trio := Plug{Name: "trio", New: func(*Host) Game { return stubGame{} }}
	h, err := New(Options{Games: append(kombatOnly(), trio), DB: db, Front: quietFront{}, Log: quietLog()})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	return h, db
}
