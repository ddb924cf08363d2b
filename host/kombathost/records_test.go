package kombathost

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// openRecords hosts a fresh database in the test's directory.
func openRecords(t testing.TB) (*testHost, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "k.db"))
	must(t, err)
	t.Cleanup(func() { db.Close() })
	h, err := newHost(host.Options{DB: db, Front: quietFront{}})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	return h, db
}

// recPlayed is a game of mode between players, played out by the built-in bot in at
// most 4 turns each, in guild g at place: its row with every decision and the result.
func recPlayed(t testing.TB, mode game.Mode, players [2]string, g, place string) *store.Game {
	t.Helper()
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 4
	kinds := []game.KindSpec{{Name: "Shooter", Strategy: "shoot up 10 shoot down 10"}, {Name: "Walker", Strategy: "move up move down"}}
	setup := game.Setup{Config: cfg, Seed: 11, Mode: mode, Kinds: kinds}
	if mode == game.ModeSolitaire {
		setup.HumanSeat = 1
	}
	row := &store.Game{Scope: g, Place: place, Mode: mode}
	SetupRow(row, players, setup)
	eng, err := game.New(game.NewLanguage(), setup)
	must(t, err)
	must(t, game.PlayOut(eng, [2]game.Decider{game.NewBot(1), game.NewBot(2)}))
	row.Actions, err = EncodeDecisions(eng.Record().Decisions)
	must(t, err)
	row.Result, row.Turns = eng.Result(), eng.Turns()
	return row
}

// recFinish stores a played game as over, with names in its setup, and returns its id.
func recFinish(t testing.TB, db *store.DB, row *store.Game) int64 {
	t.Helper()
	ds, res := row.Actions, *row.Result
	stored := *row
	stored.Status, stored.Actions, stored.Result = store.StatusPlay, nil, nil
	stored.Setup, _ = json.Marshal(Lobby{Names: [2]string{"Ann", "Bob"}})
	id, err := db.CreateGame(context.Background(), &stored)
	must(t, err)
	must(t, db.CommitRated(context.Background(), id, 0, ds, &res, row.Turns, nil, Elo{}))
	return id
}

// TestHost_ReplayGame checks which game a replay means and the words of each refusal.
func TestHost_ReplayGame(t *testing.T) {
	h, db := openRecords(t)
	ctx := context.Background()
	over := recFinish(t, db, recPlayed(t, game.ModeSolitaire, [2]string{ann, ""}, "g", "c1"))
	elsewhere := recFinish(t, db, recPlayed(t, game.ModeSolitaire, [2]string{ann, ""}, "g2", "c9"))
	thread := recPlayed(t, game.ModeSolitaire, [2]string{bob, ""}, "g", "thread")
	thread.Origin = "c2"
	inThread := recFinish(t, db, thread)
	active := &store.Game{Scope: "g", Place: "c3", Mode: game.ModeDuel, Status: store.StatusPlay}
	NewRow(active, [2]string{ann, bob}, 0, game.DefaultConfig())
	activeID, err := db.CreateGame(ctx, active)
	must(t, err)
	up := recUpbeatOver(t, db, "g", "c1") // after the KOMBAT game over in c1
	// A game of a name KOMBAT knows nothing of (a game plugged in after it), over.
	nim, err := db.CreateGame(ctx, &store.Game{Game: "nim", Scope: "g", Place: "c6", Mode: game.ModeDuel, Status: store.StatusPlay, Seats: []store.Seat{{Player: "900"}, {}}})
	must(t, err)
	must(t, db.CommitActions(ctx, nim, 0, []store.Action{{Seat: 1, Verb: "take"}}, &game.Result{Winner: 1, Reason: "last"}, 1, nil))

	cases := []struct {
		name    string
		place   string
		id      int64
		want    int64 // the game found, when no refusal
		refusal string
	}{
		{"a finished game of the server by id", "c9", over, over, ""},
		{"the last finished game of the place", "c1", 0, over, ""},
		{"a game finished in a thread of the place", "c2", 0, inThread, ""},
		{"a game of another server", "c1", elsewhere, 0, "There is no game #2 on this server. `/kombat history` lists your games."},
		{"a game that does not exist", "c1", 99, 0, "There is no game #99 on this server. `/kombat history` lists your games."},
		{"a place with no finished game", "c3", 0, 0, "No game has finished in this channel yet. Give a game number: `/kombat history` lists your games."},
		{"a game in play", "c1", activeID, 0, "Game #4 is not over (it is play); replays are of finished games. `/kombat board` shows a game in play."},
		{"an UPBEAT game by id", "c1", up, 0, "Game #5 is an UPBEAT game, not a KOMBAT one: `/upbeat replay game:5` replays it."},
		{"another game's by id", "c1", nim, 0, "Game #6 is a NIM game, not a KOMBAT one: `/nim replay game:6` replays it."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := h.ReplayGame(ctx, "g", c.place, c.id)
			if got := refusalOf(err); got != c.refusal {
				t.Fatalf("refused %q, want %q", got, c.refusal)
			}
			if c.refusal != "" {
				return
			}
			must(t, err)
			if v.Row.ID != c.want || v.Lobby.Names != [2]string{"Ann", "Bob"} || len(v.Row.Actions) == 0 {
				t.Fatalf("found game #%d with lobby %+v and %d decisions, want #%d with its names and decisions", v.Row.ID, v.Lobby, len(v.Row.Actions), c.want)
			}
			frames, err := h.Frames(v)
			must(t, err)
			if len(frames) != v.Row.Turns+1 || !frames[0].Setup {
				t.Fatalf("%d frames for %d turns (first setup: %v)", len(frames), v.Row.Turns, frames[0].Setup)
			}
		})
	}
	if _, _, err := h.Replay(ctx, activeID); refusalOf(err) != "This game can no longer be replayed." {
		t.Errorf("replay viewer of a game in play: %v", err)
	}
	if _, frames, err := h.Replay(ctx, over); err != nil || len(frames) < 2 {
		t.Errorf("replay viewer of a finished game: %d frames, %v", len(frames), err)
	}
	if _, _, err := h.Replay(ctx, up); refusalOf(err) != "This game can no longer be replayed." {
		t.Errorf("KOMBAT's replay viewer of an UPBEAT game: %v", err)
	}
	if _, err := h.Why(ctx, up, 1, ann); refusalOf(err) != "Game #5 is an UPBEAT game: its turns are not KOMBAT's." {
		t.Errorf("KOMBAT's Why? of an UPBEAT game: %v", err)
	}
	if _, err := h.Why(ctx, nim, 1, ann); refusalOf(err) != "Game #6 is a NIM game: its turns are not KOMBAT's." {
		t.Errorf("KOMBAT's Why? of another game's: %v", err)
	}
	if ps, err := h.HistoryOf(ctx, "g", ann, store.GameKombat); err != nil || len(ps) != 2 || ps[0].Game.ID != activeID || ps[1].Game.ID != over {
		t.Errorf("ann's KOMBAT history: %+v, %v; want #%d and #%d", ps, err, activeID, over)
	}
	// Her whole history lists the UPBEAT game too, which she resigned, with its seats
	// (its adapter names them: upbeathost.PastLobby).
	if ps, err := h.History(ctx, "g", ann); err != nil || len(ps) != 3 || ps[0].Game.ID != up || ps[0].Game.Game != store.GameUpbeat || ps[0].Outcome != host.Lost ||
		ps[1].Game.ID != activeID || ps[1].Game.Game == store.GameUpbeat || ps[2].Game.ID != over {
		t.Errorf("ann's history: %+v, %v; want #%d (UPBEAT, lost), #%d and #%d", ps, err, up, activeID, over)
	}
}

// recUpbeatOver stores an UPBEAT game between ann and bob at place, which ann resigned,
// and returns its id.
func recUpbeatOver(t *testing.T, db *store.DB, g, place string) int64 {
	t.Helper()
	ctx := context.Background()
	row := &store.Game{Game: store.GameUpbeat, Scope: g, Place: place, Mode: game.ModeDuel, Status: store.StatusPlay, Seed: 3,
		Seats: upSeats(ann, bob), ConfigText: upbeat.DefaultConfig().String()}
	id, err := db.CreateGame(ctx, row)
	must(t, err)
	must(t, db.CommitActions(ctx, id, 0, []store.Action{{Seat: 1, Verb: string(upbeat.ActResign)}}, &game.Result{Winner: 2, Reason: "last"}, 0, nil)) // upbeathost.UpLastStanding
	return id
}

// TestHost_View checks that the view of an active game is a copy taken from its table,
// which later turns do not change, and that a missing game is store.ErrNotFound.
func TestHost_View(t *testing.T) {
	h, _ := openRecords(t)
	ctx := context.Background()
	row := recPlayed(t, game.ModeDuel, [2]string{ann, bob}, "g", "c1")
	ds := row.Actions
	row.Actions, row.Status, row.Result = nil, store.StatusPlay, nil
	tb, err := Create(h.Host, row, game.DefaultConfig(), Lobby{Names: [2]string{"Ann", "Bob"}})
	must(t, err)
	tb.Row.Actions = ds[:3]
	v, err := h.View(ctx, tb.Row.ID)
	must(t, err)
	tb.Row.Actions = append(tb.Row.Actions[:3:3], ds[3])
	tb.Row.Status = store.StatusOver
	if len(v.Row.Actions) != 3 || v.Row.Status != store.StatusPlay || v.Lobby.Names[1] != "Bob" || v.Row == tb.Row {
		t.Errorf("the view changed with its table, or is not of it: %+v", v)
	}
	if _, err := h.View(ctx, 99); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("view of a missing game: %v", err)
	}
}

// TestHost_Why checks who may see a turn's traces, and what they show.
func TestHost_Why(t *testing.T) {
	h, db := openRecords(t)
	ctx := context.Background()
	over := recFinish(t, db, recPlayed(t, game.ModeDuel, [2]string{ann, bob}, "g", "c1"))
	activeRow := func(mode game.Mode, players [2]string, place string) int64 {
		row := recPlayed(t, mode, players, "g", place)
		ds := row.Actions
		row.Actions, row.Status, row.Result = nil, store.StatusPlay, nil
		tb, err := Create(h.Host, row, game.DefaultConfig(), Lobby{Names: [2]string{"Ann", "Bob"}})
		must(t, err)
		tb.Row.Actions = ds
		return tb.Row.ID
	}
	duel := activeRow(game.ModeDuel, [2]string{ann, bob}, "c2")
	solo := activeRow(game.ModeSolitaire, [2]string{ann, ""}, "c3")
	auto := activeRow(game.ModeAuto, [2]string{}, "c4")
	// Turn 1 is seat 1's, turn 2 seat 2's.
	cases := []struct {
		name    string
		id      int64
		turn    int
		user    string
		player  int
		refusal string
	}{
		{"after the game anyone sees any turn", over, 2, cid, 2, ""},
		{"a player sees their own turn", duel, 1, ann, 1, ""},
		{"the other player sees theirs", duel, 2, bob, 2, ""},
		{"a watcher sees nothing during the game", duel, 1, cid, 0, "Only the players see why their minions acted during the game; everyone can see it once the game is over."},
		{"a player does not see the opponent's turn", duel, 2, ann, 0, "That was <@200>'s turn: their minions' traces stay private until the game is over. Press **Why?** under one of your own turns."},
		{"nor the bot's, in a solo game", solo, 2, ann, 0, "That was **Bot**'s turn: their minions' traces stay private until the game is over. Press **Why?** under one of your own turns."},
		{"anyone sees an auto game's turns", auto, 2, cid, 2, ""},
		{"a game that does not exist", 99, 1, ann, 0, "This game no longer exists."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := h.Why(ctx, c.id, c.turn, c.user)
			if got := refusalOf(err); got != c.refusal {
				t.Fatalf("refused %q, want %q", got, c.refusal)
			}
			if c.refusal != "" {
				return
			}
			must(t, err)
			if w.Player != c.player || w.Turn != 1 || len(w.Minions) == 0 {
				t.Fatalf("turn %d of seat %d with %d minions, want seat %d's first turn with its minions", w.Turn, w.Player, len(w.Minions), c.player)
			}
			for _, m := range w.Minions {
				if m.Eval.Type != game.EvEval || m.Eval.Trace == "" {
					t.Errorf("minion %d: no evaluation with a trace: %+v", m.Eval.Minion, m.Eval)
				}
				for _, a := range m.Acts {
					if a.Minion != m.Eval.Minion || a.Type != game.EvMove && a.Type != game.EvShoot {
						t.Errorf("minion %d is given %v", m.Eval.Minion, a)
					}
				}
			}
			text := w.Text()
			if !strings.HasPrefix(text, "Turn 1 of ") || strings.Count(text, "\n== minion ") != len(w.Minions) ||
				!strings.Contains(text, "place in the kind's strategy: line:column") {
				t.Errorf("text of %d minions:\n%s", len(w.Minions), text)
			}
		})
	}
	if _, err := h.Why(ctx, over, 99, ann); err == nil || refusalOf(err) != "" {
		t.Errorf("a turn the game never played: %v", err)
	}
}

// TestHost_History checks a player's history: their games on the server, newest
// first, each with the opponent and how it went for them.
func TestHost_History(t *testing.T) {
	h, db := openRecords(t)
	ctx := context.Background()
	var want []host.Outcome
	for i, players := range [][2]string{{ann, ""}, {"", ann}, {ann, bob}} {
		row := recPlayed(t, map[bool]game.Mode{true: game.ModeDuel, false: game.ModeSolitaire}[i == 2], players, "g", "c"+string(rune('a'+i)))
		recFinish(t, db, row)
		switch seat := row.Seat(ann); {
		case row.Result.Winner == 0:
			want = append(want, host.Tied)
		case row.Result.Winner == seat:
			want = append(want, host.Won)
		default:
			want = append(want, host.Lost)
		}
	}
	recFinish(t, db, recPlayed(t, game.ModeSolitaire, [2]string{ann, ""}, "other", "cz"))
	setup := &store.Game{Scope: "g", Place: "cs", Mode: game.ModeDuel, Status: store.StatusSetup}
	NewRow(setup, [2]string{bob, ann}, 0, game.DefaultConfig())
	_, err := db.CreateGame(ctx, setup)
	must(t, err)
	want = append(want, host.BeingSetUp)

	past, err := h.History(ctx, "g", ann)
	must(t, err)
	if len(past) != 4 {
		t.Fatalf("%d games, want ann's 4 on this server", len(past))
	}
	opponents := []string{bob, bob, "", ""} // newest first
	for i, p := range past {
		w := want[len(want)-1-i]
		if p.Outcome != w || p.Opponent != opponents[i] {
			t.Errorf("game %d (#%d): %v against %q, want %v against %q", i, p.Game.ID, p.Outcome, p.Opponent, w, opponents[i])
		}
	}
	if past[2].Names != [2]string{"Bot", ""} || past[3].Names != [2]string{"", "Bot"} {
		t.Errorf("names of the solo games: %q %q", past[2].Names, past[3].Names)
	}
	if past, err := h.History(ctx, "g", cid); err != nil || len(past) != 0 {
		t.Errorf("history of someone who never played: %v %v", past, err)
	}
}

// recRate stores a finished game of guild g between two people, won by seat winner.
func recRate(t *testing.T, db *store.DB, g string, players [2]string, winner int) {
	t.Helper()
	ctx := context.Background()
	mode := game.ModeDuel
	if players[1] == "" {
		mode = game.ModeSolitaire
	}
	row := &store.Game{Scope: g, Place: "c" + players[0] + players[1], Mode: mode, Status: store.StatusPlay}
	NewRow(row, players, 0, game.DefaultConfig())
	id, err := db.CreateGame(ctx, row)
	must(t, err)
	must(t, db.CommitRated(ctx, id, 0, nil, &game.Result{Winner: winner, Reason: game.ReasonMinions}, 3, nil, Elo{}))
}

// TestHost_Leaderboard checks the top of a ladder and the place of whoever looks at it.
func TestHost_Leaderboard(t *testing.T) {
	h, db := openRecords(t)
	ctx := context.Background()
	recRate(t, db, "g", [2]string{ann, bob}, 1)
	recRate(t, db, "g", [2]string{ann, cid}, 1)
	recRate(t, db, "g", [2]string{cid, bob}, 1)
	recRate(t, db, "g", [2]string{bob, ""}, 1)
	cases := []struct {
		name  string
		kind  string
		user  string
		n     int
		top   []string
		inTop bool
		rank  int
	}{
		{"in the top", store.KindDuel, ann, 2, []string{ann, cid}, true, 0},
		{"below the top", store.KindDuel, bob, 2, []string{ann, cid}, false, 3},
		{"not rated", store.KindDuel, "400", 2, []string{ann, cid}, false, 0},
		{"another ladder", store.KindBot, ann, 10, []string{bob}, false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := h.Leaderboard(ctx, "g", c.kind, c.user, c.n)
			must(t, err)
			var top []string
			for _, p := range b.Top {
				top = append(top, p.User)
			}
			if strings.Join(top, " ") != strings.Join(c.top, " ") || b.InTop != c.inTop || b.Rank != c.rank {
				t.Fatalf("top %v (in it: %v), rank %d; want %v (%v), %d", top, b.InTop, b.Rank, c.top, c.inTop, c.rank)
			}
			if c.rank != 0 && (b.Me.User != c.user || b.Me.Games != 2 || b.Me.Losses != 2 || host.Points(b.Me.Rating) >= 1200) {
				t.Fatalf("the user's rating: %+v", b.Me)
			}
		})
	}
	if b, err := h.Leaderboard(ctx, "other", store.KindDuel, ann, 10); err != nil || len(b.Top) != 0 || b.Rank != 0 {
		t.Errorf("another server's ladder: %+v %v", b, err)
	}
}

// TestHost_Stats checks a player's standing on each ladder, and Points' rounding.
func TestHost_Stats(t *testing.T) {
	h, db := openRecords(t)
	ctx := context.Background()
	recRate(t, db, "g", [2]string{ann, bob}, 0)
	recRate(t, db, "g", [2]string{cid, bob}, 1)
	recRate(t, db, "g", [2]string{bob, ""}, 2)
	cases := []struct {
		user                string
		duelGames, duelRank int
		botGames, botRank   int
	}{
		{ann, 1, 2, 0, 0},
		{bob, 2, 3, 1, 1},
		{"400", 0, 0, 0, 0},
	}
	for _, c := range cases {
		st, err := h.Stats(ctx, "g", c.user)
		must(t, err)
		if len(st) != 2 || st[0].Kind != store.KindDuel || st[1].Kind != store.KindBot {
			t.Fatalf("ladders %+v, want duels then the bot", st)
		}
		if st[0].Rating.Games != c.duelGames || st[0].Rank != c.duelRank || st[1].Rating.Games != c.botGames || st[1].Rank != c.botRank {
			t.Errorf("stats of %s: %+v", c.user, st)
		}
	}
	for in, want := range map[float64]int{1200: 1200, 1215.5: 1216, 1184.49: 1184} {
		if got := host.Points(in); got != want {
			t.Errorf("Points(%v) = %d, want %d", in, got, want)
		}
	}
}

// upSeats are an UPBEAT game's seats as its adapter stores them (upbeathost's codec,
// which host's tests cannot import), each with the first plan "done".
func upSeats(players ...string) []store.Seat {
	out := make([]store.Seat, len(players))
	for i, p := range players {
		out[i] = store.Seat{Player: p, Data: `{"plan":"done"}`}
	}
	return out
}

// TestHost_ReplayKeepsFinishedGamesFrames: a replay viewer's press shows a frame of a
// finished game without replaying it (the frames kept are the very ones of the first
// press), and the frames are those of a replay from the start.
func TestHost_ReplayKeepsFinishedGamesFrames(t *testing.T) {
	h, db := openRecords(t)
	ctx := context.Background()
	row := recPlayed(t, game.ModeSolitaire, [2]string{ann, ""}, "g", "c1")
	id := recFinish(t, db, row)
	_, first, err := h.Replay(ctx, id)
	must(t, err)
	_, again, err := h.Replay(ctx, id)
	must(t, err)
	if len(first) == 0 || &first[0] != &again[0] {
		t.Fatal("the second press replayed the game again")
	}
	rec, err := Record(row)
	must(t, err)
	want, err := game.Frames(game.NewLanguage(), rec)
	must(t, err)
	if !reflect.DeepEqual(want, again) {
		t.Errorf("the %d frames kept differ from the %d of a replay from the start", len(again), len(want))
	}
}

// BenchmarkReplayPress is a replay viewer's press on a finished game of the default
// configuration played out by the bots: the game loaded and the frames to show.
func BenchmarkReplayPress(b *testing.B) {
	h, db := openRecords(b)
	ctx := context.Background()
	cfg := game.DefaultConfig()
	kinds := []game.KindSpec{{Name: "Shooter", Strategy: "shoot up 10 shoot down 10"}, {Name: "Walker", Strategy: "move up move down"}}
	eng, err := game.New(game.NewLanguage(), game.Setup{Config: cfg, Seed: 3, Mode: game.ModeAuto, Kinds: kinds})
	if err != nil {
		b.Fatal(err)
	}
	if err := game.PlayOut(eng, [2]game.Decider{game.NewBot(1), game.NewBot(2)}); err != nil {
		b.Fatal(err)
	}
	row := &store.Game{Scope: "g", Place: "c", Mode: game.ModeAuto, Result: eng.Result(), Turns: eng.Turns()}
	SetupRow(row, [2]string{}, game.Setup{Config: cfg, Seed: 3, Kinds: kinds})
	if row.Actions, err = EncodeDecisions(eng.Record().Decisions); err != nil {
		b.Fatal(err)
	}
	id := recFinish(b, db, row)
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := h.Replay(ctx, id); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCodec_AsMigration8: KOMBAT's part is written into the neutral fields exactly as
// migration 8 left the rows of the games stored before (two seats with the players
// and no data, the state {"human_seat":N,"kinds":[...]}, each decision an action with
// [kind,row,col] as data or none when all three are 0, the configuration's file
// text), and reads back as given.
func TestCodec_AsMigration8(t *testing.T) {
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 12
	kinds := []game.KindSpec{{Name: "a", Defense: 2, Strategy: "move up # \"x\" <&>"}}
	ds := []game.Decision{{Player: 1, Action: game.ActFreeSpawn, Hex: game.Hex{Row: 2, Col: 3}}, {Player: 2, Action: game.ActBuy, Kind: 0, Hex: game.Hex{Row: 7, Col: 1}},
		{Player: 2, Action: game.ActSpawn, Kind: 1, Hex: game.Hex{Row: 7, Col: 1}}, {Player: 2, Action: game.ActEnd}}
	row := &store.Game{ID: 4, Mode: game.ModeSolitaire, Seed: 9}
	NewRow(row, [2]string{"", "ann"}, 2, cfg)
	if row.State != `{"human_seat":2,"kinds":[]}` {
		t.Errorf("a new game's state %s", row.State)
	}
	SetKinds(row, kinds)
	as, err := EncodeDecisions(ds)
	must(t, err)
	row.Actions = as
	want := &store.Game{ID: 4, Mode: game.ModeSolitaire, Seed: 9, Game: "kombat", Seats: []store.Seat{{}, {Player: "ann"}},
		State:      `{"human_seat":2,"kinds":[{"name":"a","defense":2,"strategy":"move up # \"x\" \u003c\u0026\u003e"}]}`,
		ConfigText: cfg.String(),
		Actions: []store.Action{{Seat: 1, Verb: "free", Data: "[0,2,3]"}, {Seat: 2, Verb: "buy", Data: "[0,7,1]"},
			{Seat: 2, Verb: "spawn", Data: "[1,7,1]"}, {Seat: 2, Verb: "end"}}}
	if !reflect.DeepEqual(row, want) {
		t.Errorf("encoded\n%+v\nwant\n%+v", row, want)
	}
	rec, err := Record(row)
	must(t, err)
	if wantRec := (game.Record{Setup: game.Setup{Config: cfg, Seed: 9, Mode: game.ModeSolitaire, HumanSeat: 2, Kinds: kinds}, Decisions: ds}); !reflect.DeepEqual(rec, wantRec) {
		t.Errorf("read back %+v, want %+v", rec, wantRec)
	}
	if Players(row) != [2]string{"", "ann"} || HumanSeat(row) != 2 || !reflect.DeepEqual(SeatList(row), []string{"", "ann"}) {
		t.Errorf("players %q, human seat %d", Players(row), HumanSeat(row))
	}
}

// TestCodec_Refuses: a decision no game could replay is refused before the store sees
// it, and a row whose part does not decode is an error naming the game, not a crash.
func TestCodec_Refuses(t *testing.T) {
	for _, bad := range []game.Decision{{Player: 3, Action: game.ActEnd}, {Player: 1, Action: "fly"}, {Player: 1, Action: game.ActSpawn, Kind: -1}} {
		if _, err := EncodeDecisions([]game.Decision{{Player: 1, Action: game.ActEnd}, bad}); !errors.Is(err, store.ErrInvalidInput) {
			t.Errorf("decision %+v: %v", bad, err)
		}
	}
	good := &store.Game{ID: 7}
	NewRow(good, [2]string{"a", "b"}, 0, game.DefaultConfig())
	for _, c := range []struct {
		name  string
		spoil func(*store.Game)
	}{
		{"state", func(g *store.Game) { g.State = "{" }},
		{"human seat", func(g *store.Game) { g.State = `{"human_seat":3,"kinds":[]}` }},
		{"configuration", func(g *store.Game) { g.ConfigText = "spawn_cost = lots" }},
		{"verb", func(g *store.Game) { g.Actions = []store.Action{{Seat: 1, Verb: "fly"}} }},
		{"seat", func(g *store.Game) { g.Actions = []store.Action{{Seat: 3, Verb: "end"}} }},
		{"data", func(g *store.Game) { g.Actions = []store.Action{{Seat: 1, Verb: "buy", Data: "[1,2]"}} }},
		{"number", func(g *store.Game) { g.Actions = []store.Action{{Seat: 1, Verb: "buy", Data: "[1,x,2]"}} }},
	} {
		row := *good
		c.spoil(&row)
		if _, err := Record(&row); err == nil || !strings.Contains(err.Error(), "game 7") {
			t.Errorf("a row with a bad %s: %v", c.name, err)
		}
	}
}

// TestCodec_ReadsOldRows: every KOMBAT game of a database written by an older version
// (the store's fixtures: at schema 7, and at schema 9 through the store's typed API,
// both before this adapter encoded KOMBAT's part) decodes through the adapter and
// replays to its stored result.
func TestCodec_ReadsOldRows(t *testing.T) {
	for _, fixture := range []string{"v9.db", "v7.db"} {
		t.Run(fixture, func(t *testing.T) { replayFixture(t, fixture) })
	}
}

// replayFixture decodes and replays every KOMBAT game of a copy of one of the store's
// fixtures.
func replayFixture(t *testing.T, fixture string) {
	ctx := context.Background()
	db, err := store.Open(ctx, fixtureCopy(t, fixture))
	must(t, err)
	defer db.Close()
	replayed := 0
	for id := int64(1); ; id++ {
		row, err := db.Game(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			break
		}
		must(t, err)
		if row.Game != Name {
			continue
		}
		rec, err := Record(row)
		if err != nil {
			t.Fatalf("game %d: %v", id, err)
		}
		if len(rec.Setup.Kinds) == 0 {
			continue // not started
		}
		g, err := game.Replay(game.NewLanguage(), rec)
		must(t, err)
		if r := g.Result(); row.Status == store.StatusOver && (r == nil || *r != *row.Result || g.Turns() != row.Turns) {
			t.Errorf("game %d replays to %v after %d turns; stored %+v after %d", id, r, g.Turns(), row.Result, row.Turns)
		}
		replayed++
	}
	if replayed < 8 {
		t.Errorf("%d KOMBAT games replayed; the fixture has more", replayed)
	}
}

// fixtureCopy copies one of the store's test databases (store/testdata) into a new
// directory, so that opening it (which migrates it) leaves the fixture as it is.
func fixtureCopy(t *testing.T, name string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), name)
	src, err := os.ReadFile(filepath.Join("..", "..", "store", "testdata", name))
	if err == nil {
		err = os.WriteFile(dst, src, 0o644)
	}
	must(t, err)
	return dst
}

// BenchmarkLoadGame200 loads a KOMBAT game in play with 200 real decisions and
// decodes its record through the adapter: what a restarted host reads for a long game
// before replaying it (the store's load and KOMBAT's decoding).
func BenchmarkLoadGame200(b *testing.B) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(b.TempDir(), "k.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	kinds := []game.KindSpec{{Name: "Shooter", Strategy: "shoot up 10 shoot down 10"}, {Name: "Walker", Strategy: "move up move down"}}
	setup := game.Setup{Config: game.DefaultConfig(), Seed: 3, Mode: game.ModeDuel, Kinds: kinds}
	eng, err := game.New(game.NewLanguage(), setup)
	if err != nil {
		b.Fatal(err)
	}
	if err := game.PlayOut(eng, [2]game.Decider{game.NewBot(1), game.NewBot(2)}); err != nil {
		b.Fatal(err)
	}
	ds := eng.Record().Decisions
	if len(ds) < 200 {
		b.Fatalf("the game has %d decisions", len(ds))
	}
	row := &store.Game{Scope: "g", Place: "c", Mode: game.ModeDuel, Status: store.StatusPlay}
	SetupRow(row, [2]string{"a", "b"}, setup)
	id, err := db.CreateGame(ctx, row)
	if err != nil {
		b.Fatal(err)
	}
	if err := AppendDecisions(ctx, db, id, 0, ds[:200]); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		g, err := db.Game(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		rec, err := Record(g)
		if err != nil || len(rec.Decisions) != 200 || len(rec.Setup.Kinds) != 2 {
			b.Fatalf("%d decisions, %v", len(rec.Decisions), err)
		}
	}
}

// FuzzDecisionData: any stored data either reads as a decision's [kind,row,col],
// whose written form reads back as the same decision, or is an error; it never panics.
func FuzzDecisionData(f *testing.F) {
	for _, s := range []string{"", "[0,2,3]", "[1,-7,12]", "[1,2]", "[a,b,c]", "[", "]", "[,,]", "[9999999999999999999,0,0]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var d game.Decision
		if err := parseDecisionData(s, &d); err != nil {
			return
		}
		back := string(decisionData(nil, d))
		var again game.Decision
		if err := parseDecisionData(back, &again); err != nil || again != d {
			t.Errorf("%q reads as %+v, written as %q, which reads as %+v (%v)", s, d, back, again, err)
		}
	})
}
