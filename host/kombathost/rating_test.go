package kombathost

import (
	"context"
	"fmt"
	"github.com/kombat-game/kombat/host"
	"path/filepath"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TestElo: duels move both people on the duel ladder by Elo and keep the sum; a
// solitaire game moves the person (in either seat) on the ladder against the bot and
// leaves the duel ladder alone; auto games move nobody. Applied by the store.
func TestElo(t *testing.T) {
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "k.db"))
	must(t, err)
	defer db.Close()
	ctx := context.Background()
	games := 0
	play := func(mode game.Mode, p1, p2 string, seat int, res game.Result) {
		t.Helper()
		games++
		row := &store.Game{Scope: "g", Place: fmt.Sprint("c", games), Mode: mode, Status: store.StatusPlay}
		NewRow(row, [2]string{p1, p2}, seat, game.DefaultConfig())
		id, err := db.CreateGame(ctx, row)
		must(t, err)
		must(t, db.CommitRated(ctx, id, 0, nil, &res, 10, nil, Elo{}))
	}
	play(game.ModeDuel, "a", "b", 0, game.Result{Winner: 2, Reason: game.ReasonMinions})
	play(game.ModeDuel, "a", "c", 0, game.Result{Winner: 0, Reason: game.ReasonTie})
	play(game.ModeSolitaire, "a", "", 1, game.Result{Winner: 1, Reason: game.ReasonElimination})
	play(game.ModeSolitaire, "", "c", 2, game.Result{Winner: 1, Reason: game.ReasonElimination}) // c, in seat 2, loses
	play(game.ModeSolitaire, "d", "", 0, game.Result{Winner: 0, Reason: game.ReasonTie})         // seat 0: the default, 1
	play(game.ModeAuto, "", "", 0, game.Result{Winner: 1, Reason: game.ReasonElimination})
	rating := func(kind, user string) store.Rating {
		r, err := db.PlayerRating(ctx, "g", kind, user)
		must(t, err)
		return r
	}
	a, b, c := rating(store.KindDuel, "a"), rating(store.KindDuel, "b"), rating(store.KindDuel, "c")
	// a loses to b at 1200 each (-16), then ties c from 1184 against 1200.
	wantA := 1184 + host.EloK*(0.5-host.Expected(1184, 1200))
	wantC := 1200 + host.EloK*(0.5-host.Expected(1200, 1184))
	near := func(x, y float64) bool { return x-y < 1e-9 && y-x < 1e-9 }
	if !near(a.Rating, wantA) || a.Games != 2 || a.Losses != 1 || a.Ties != 1 || b.Rating != 1216 || !near(c.Rating, wantC) {
		t.Errorf("a %+v (want %.3f), b %+v, c %+v (want %.3f)", a, wantA, b, c, wantC)
	}
	if !near(a.Rating+b.Rating+c.Rating, 3*store.InitialRating) {
		t.Errorf("duel ratings do not sum to the start: %v", a.Rating+b.Rating+c.Rating)
	}
	for _, w := range []struct {
		user               string
		rating             float64
		wins, losses, ties int
	}{{"a", 1216, 1, 0, 0}, {"c", 1184, 0, 1, 0}, {"d", 1200, 0, 0, 1}} {
		r := rating(store.KindBot, w.user)
		if r.Rating != w.rating || r.Wins != w.wins || r.Losses != w.losses || r.Ties != w.ties || r.Games != 1 {
			t.Errorf("%s against the bot: %+v; want %v", w.user, r, w)
		}
	}
	if d := rating(store.KindDuel, "d"); d.Games != 0 {
		t.Errorf("solitaire changed the duel ladder: %+v", d)
	}
	if st := (Elo{}).Stakes(store.RatedGame{Mode: game.ModeAuto}); len(st) != 0 {
		t.Errorf("an auto game is at stake: %+v", st)
	}
	if st := (Elo{}).Stakes(store.RatedGame{Mode: game.ModeDuel, Seats: []string{"a", "a"}}); len(st) != 0 {
		t.Errorf("a game against oneself is rated: %+v", st)
	}
}

// TestElo_LadderPerLevel: a solitaire game counts on the ladder of the bot's level it
// was played against; the default level keeps the ladder of the games before levels.
func TestElo_LadderPerLevel(t *testing.T) {
	for _, c := range []struct {
		seat   int
		levels string
		want   string
	}{
		{1, `{}`, store.KindBot},
		{1, `{"levels":["","normal"]}`, store.KindBot},
		{1, `{"levels":["","hard"]}`, "bot:1:hard"},
		{2, `{"levels":["easy",""]}`, "bot:1:easy"},
		{2, `{"levels":["","easy"]}`, store.KindBot}, // the person's seat has no bot
		{1, `not json`, store.KindBot},
	} {
		g := store.RatedGame{Mode: game.ModeSolitaire, State: fmt.Sprintf(`{"human_seat":%d,"kinds":[]}`, c.seat), Setup: []byte(c.levels), Seats: []string{"", ""}}
		g.Seats[c.seat-1] = "ann"
		st := (Elo{}).Stakes(g)
		if len(st) != 1 || st[0].Kind != c.want || st[0].User != "ann" {
			t.Errorf("seat %d, setup %s: stakes %+v, want ann on %s", c.seat, c.levels, st, c.want)
		}
	}
	if LadderLevel(BotLadder("hard")) != "hard" || LadderLevel(store.KindBot) != "normal" || LadderLevel(store.KindDuel) != "" {
		t.Error("ladders and levels do not map back")
	}
}
