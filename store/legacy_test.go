package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/upbeat"
)

// testdata/v7.db is a database written by the store at schema version 7 (before the
// game-neutral tables of migration 8), and testdata/v7.json is everything that store
// read back from it through its API. TestLegacyV7 opens a copy with today's store and
// compares what it reads with that golden (TestLegacy): the proof that a migration lost nothing.
//
// Both files were written by TestWriteLegacy at the commit that added them, the last
// one at schema version 7:
//
//	KOMBAT_WRITE_LEGACY=1 go test ./store -run TestWriteLegacy
//
// Run today, it writes the same data at today's schema into testdata/v<N>.db and
// testdata/v<N>.json (N = SchemaVersion()): the next migration's fixture.
const writeLegacyEnv = "KOMBAT_WRITE_LEGACY"

// legacyEpoch is the generator's clock: every write is one second after the last, so
// that the file and its golden are the same whenever they are written.
var legacyEpoch = time.UnixMilli(1_780_000_000_000)

// legacyPolicy rates every person of a finished game on a ladder named after the game
// and the mode: the winner gains ten points, the others lose ten (a tie moves none).
type legacyPolicy struct{}

func (legacyPolicy) seats(g RatedGame) []string { return g.Seats }

// humanSeat is a KOMBAT game's human seat (its state's), 0 for another game's.
func (legacyPolicy) humanSeat(g RatedGame) int {
	if g.Game != GameKombat {
		return 0
	}
	return kOf(&Game{State: g.State, ConfigText: game.DefaultConfig().String()}).HumanSeat
}

func (p legacyPolicy) Stakes(g RatedGame) []Stake {
	var out []Stake
	for _, u := range p.seats(g) {
		if u != "" {
			out = append(out, Stake{Kind: fmt.Sprintf("%s:%s:%d", g.Game, g.Mode, p.humanSeat(g)), User: u})
		}
	}
	return out
}

func (p legacyPolicy) Rate(g RatedGame, before []Rating) []Rating {
	after := append([]Rating(nil), before...)
	i := 0
	for seat, u := range p.seats(g) {
		if u == "" {
			continue
		}
		r := &after[i]
		i++
		r.Games++
		switch g.Result.Winner {
		case 0:
			r.Ties++
		case seat + 1:
			r.Wins++
			r.Rating += 10
		default:
			r.Losses++
			r.Rating -= 10
		}
	}
	return after
}

// TestWriteLegacy writes testdata/v<N>.db and its golden (see writeLegacyEnv).
func TestWriteLegacy(t *testing.T) {
	if os.Getenv(writeLegacyEnv) == "" {
		t.Skip("writes the legacy fixture only when " + writeLegacyEnv + " is set")
	}
	sqliteOnly(t, "the fixture is an SQLite file")
	ctx := context.Background()
	db := writeFixture(t)

	name := fmt.Sprintf("testdata/v%d", SchemaVersion())
	os.Remove(name + ".db")
	// VACUUM INTO writes one compact file with no WAL beside it.
	_, err := db.sql.DB.ExecContext(ctx, `VACUUM INTO ?`, name+".db")
	must(t, err)
	golden, err := json.MarshalIndent(dumpStore(t, db), "", "\t")
	must(t, err)
	must(t, os.WriteFile(name+".json", append(golden, '\n'), 0o644))
}

// writeFixture writes the fixture's rows (writeLegacy) into a new database on the
// generator's clock.
func writeFixture(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "w.db"))
	must(t, err)
	t.Cleanup(func() { db.Close() })
	clock := legacyEpoch
	db.SetClock(func() time.Time { clock = clock.Add(time.Second); return clock })
	writeLegacy(t, db)
	return db
}

// kombatPlayed plays a KOMBAT game of the example kinds from its setup with the
// seeded random decider, stopping after stop decisions (0: to its end).
func kombatPlayed(t testing.TB, s game.Setup, stop int) *game.Game {
	t.Helper()
	g, err := game.New(game.NewLanguage(), s)
	must(t, err)
	d := turnDecider{s.Seed}
	err = playSteps(g, d, func(int) error {
		if stop > 0 && g.Decisions() >= stop {
			return errStopPlay
		}
		return nil
	})
	if err != errStopPlay {
		must(t, err)
	}
	return g
}

// errStopPlay ends playSteps early, on purpose.
var errStopPlay = fmt.Errorf("stop")

// writeLegacy writes the fixture's rows through the store's API: games of both rules
// in every status and mode with their records, ratings, strategies, drafts,
// tournaments, deadlines and screens.
func writeLegacy(t *testing.T, db *DB) {
	ctx := context.Background()
	kinds := crashKinds(t)
	policy := legacyPolicy{}
	create := func(g *Game) int64 {
		t.Helper()
		id, err := db.CreateGame(ctx, g)
		must(t, err)
		g.ID = id
		return id
	}
	kombat := func(place string, mode game.Mode, p1, p2 string, human int, seed uint64) *Game {
		cfg := game.DefaultConfig()
		cfg.MaxTurns = 12
		g := &Game{Scope: "g1", Place: place, Origin: "lobby", Mode: mode, Seed: seed, Status: StatusChallenge, TurnTimeout: 5 * time.Minute,
			Setup: json.RawMessage(fmt.Sprintf(`{"proposed":%q}`, place))}
		kTest{Players: [2]string{p1, p2}, HumanSeat: human, Config: cfg}.put(g)
		return g
	}
	start := func(row *Game) game.Setup {
		t.Helper()
		row.Status, row.Shown = StatusSetup, "m-"+row.Place
		setKinds(row, kinds)
		must(t, db.SaveMeta(ctx, row))
		row.Status, row.Setup = StatusPlay, json.RawMessage(`{"ready":[true,true]}`)
		must(t, db.SaveMeta(ctx, row))
		return kOf(row).record(row).Setup
	}
	// A game played to its end, finished with its real result and rated.
	finished := func(row *Game, concede func(*game.Game) error) int {
		t.Helper()
		s := start(row)
		g := kombatPlayed(t, s, 20)
		if concede != nil {
			must(t, concede(g))
		} else {
			must(t, game.PlayOut(g, [2]game.Decider{turnDecider{s.Seed}, turnDecider{s.Seed + 1}}))
		}
		ds := g.Record().Decisions
		must(t, db.AppendDecisions(ctx, row.ID, 0, ds[:10]))
		must(t, db.CommitOwing(ctx, row.ID, 10, ds[10:], g.Result(), g.Turns(), "the end", policy))
		return len(ds)
	}

	// KOMBAT: duels, solitaire games (the human in either seat), bot-only games, over
	// with each kind of result, by the turn limit or a concession.
	for i, seed := range []uint64{1, 2, 3, 4} {
		row := kombat(fmt.Sprint("k-duel-", i), game.ModeDuel, "ann", "bob", 0, seed)
		create(row)
		finished(row, nil)
	}
	row := kombat("k-resign", game.ModeSolitaire, "", "cy", 2, 5)
	create(row)
	finished(row, func(g *game.Game) error { return g.Resign(2) })
	row = kombat("k-forfeit", game.ModeSolitaire, "cy", "", 1, 6)
	create(row)
	finished(row, func(g *game.Game) error { return g.Forfeit(1) })
	row = kombat("k-auto", game.ModeAuto, "", "", 0, 7)
	create(row)
	finished(row, nil)
	row = kombat("k-duel-resign", game.ModeDuel, "bob", "ann", 0, 8)
	create(row)
	n := finished(row, func(g *game.Game) error { return g.Resign(g.Current()) })
	must(t, db.ScreenShown(ctx, row.ID, n, "m-final", []byte(`{"shown":true}`)))

	// Cancelled: declined in challenge, and abandoned in play with its decisions.
	row = kombat("k-declined", game.ModeDuel, "ann", "dee", 0, 9)
	must(t, db.Cancel(ctx, create(row)))
	row = kombat("k-abandoned", game.ModeSolitaire, "dee", "", 0, 10)
	create(row)
	g := kombatPlayed(t, start(row), 8)
	must(t, db.AppendDecisions(ctx, row.ID, 0, g.Record().Decisions))
	must(t, db.Abandon(ctx, row.ID))

	// Active: a challenge, a game in setup, and a game in play with a turn's deadline
	// and its screen owed (failed once).
	row = kombat("k-challenge", game.ModeDuel, "eve", "ann", 0, 11)
	create(row)
	must(t, db.SetDeadline(ctx, Deadline{Kind: "challenge", Key: fmt.Sprint(row.ID), Due: legacyEpoch.Add(time.Hour)}))
	row = kombat("k-setup", game.ModeSolitaire, "", "eve", 2, 12)
	create(row)
	row.Status, row.Setup = StatusSetup, json.RawMessage(`{"proposed":["a","b"],"ready":[false,true]}`)
	setKinds(row, kinds[:2])
	must(t, db.SaveMeta(ctx, row))
	must(t, db.SetDeadline(ctx, Deadline{Kind: "setup", Key: fmt.Sprint(row.ID), Due: legacyEpoch.Add(2 * time.Hour)}))
	row = kombat("k-play", game.ModeDuel, "ann", "eve", 0, 13)
	create(row)
	g = kombatPlayed(t, start(row), 30)
	ds := g.Record().Decisions
	must(t, db.AppendDecisions(ctx, row.ID, 0, ds[:20]))
	must(t, db.CommitOwing(ctx, row.ID, 20, ds[20:], nil, 0, "ann bought a hex", nil))
	must(t, db.ScreenFailed(ctx, row.ID, len(ds), "503 from the chat", ""))
	must(t, db.SetDeadline(ctx, Deadline{Kind: "turn", Key: fmt.Sprint(row.ID), Due: legacyEpoch.Add(5 * time.Minute), Payload: fmt.Sprint(len(ds))}))

	// UPBEAT: games of 3 to 5 seats, over by resignations, by a stop and by its turn
	// limit, and one in play; with revisions, confirmations, resignations and stops.
	ucfg := upbeat.DefaultConfig()
	ucfg.Rows, ucfg.Cols, ucfg.MaxTurns = 6, 7, 9
	up := func(place string, mode game.Mode, seats []string, seed uint64) *Game {
		g := upRow("g1", place, StatusChallenge, seed, upTest{Seats: seats, Config: ucfg})
		g.Origin, g.Mode, g.TurnTimeout, g.Setup = "lobby", mode, 2*time.Minute, json.RawMessage(`{"lobby":true}`)
		return g
	}
	plans := []string{upbeat.NewcomerPlan, "invest 10\ndone", "relocate\ndone", "done", "collect 5"}
	// upPlay starts row with its first plans and plays it: turns rounds of revisions
	// and confirmations by the seats' deciders, then end (nil: none) on the open game.
	upPlay := func(row *Game, rounds int, end func(*upbeat.Game) error, result func(*upbeat.Game) *game.Result) int {
		t.Helper()
		u := upOf(row)
		n := len(u.Seats)
		row.Status, row.Shown = StatusSetup, "m-"+row.Place
		must(t, db.SaveMeta(ctx, row))
		row.Status, u.Plans = StatusPlay, plans[:n]
		u.put(row)
		must(t, db.SaveMetaOwing(ctx, row, 0, "first plans"))
		ug, err := upbeat.New(upbeat.NewLanguage(), u.record(row.Seed).Setup)
		must(t, err)
		rng := rand.New(rand.NewPCG(row.Seed, 1))
		for i := 0; i < rounds && !ug.Over(); i++ {
			p := ug.Current()
			if rng.IntN(2) == 0 {
				ug.Revise(p, fmt.Sprintf("invest %d\ndone", rng.IntN(50)), time.Duration(rng.IntN(5000))*time.Millisecond) // a refused revision is recorded too
			}
			_, err := ug.Confirm(p, time.Duration(rng.IntN(3000))*time.Millisecond)
			must(t, err)
		}
		if end != nil {
			must(t, end(ug))
		}
		as := ug.Record().Actions
		half := len(as) / 2
		summary := "a turn"
		must(t, db.CommitActions(ctx, row.ID, 0, upActs(as[:half]), nil, 0, &summary))
		res := result(ug)
		must(t, db.CommitRated(ctx, row.ID, half, upActs(as[half:]), res, ug.Turns(), &summary, policy))
		return len(as)
	}
	over := func(ug *upbeat.Game) *game.Result {
		if !ug.Over() {
			t.Fatal("the UPBEAT game is not over")
		}
		reason := game.Reason("last")
		if ug.Winner() == 0 {
			reason = "tie"
		}
		return &game.Result{Winner: ug.Winner(), Reason: reason}
	}
	row = up("u-resigns", game.ModeDuel, []string{"ann", "bob", "cy"}, 21)
	create(row)
	upPlay(row, 7, func(ug *upbeat.Game) error {
		if err := ug.Resign(1); err != nil {
			return err
		}
		return ug.Resign(ug.Current())
	}, over)
	row = up("u-stop", game.ModeSolitaire, []string{"", "dee", "", ""}, 22)
	create(row)
	upPlay(row, 5, func(ug *upbeat.Game) error { return ug.Stop() }, func(ug *upbeat.Game) *game.Result {
		return &game.Result{Winner: ug.Winner(), Reason: "stopped"}
	})
	row = up("u-limit", game.ModeAuto, []string{"", "", "", "", ""}, 23)
	create(row)
	upPlay(row, 200, nil, over)
	row = up("u-play", game.ModeDuel, []string{"eve", "ann", "bob"}, 24)
	create(row)
	n = upPlay(row, 8, nil, func(*upbeat.Game) *game.Result { return nil })
	must(t, db.SetDeadline(ctx, Deadline{Kind: "upbeat-turn", Key: fmt.Sprint(row.ID), Due: legacyEpoch.Add(3 * time.Minute), Payload: "clock"}))
	must(t, db.ScreenFailed(ctx, row.ID, n, "missing access", "the bot may not post there"))
	row = up("u-challenge", game.ModeDuel, []string{"eve", "cy", "dee"}, 25)
	create(row)
	row = up("u-setup", game.ModeSolitaire, []string{"cy", "", ""}, 26)
	create(row)
	row.Status = StatusSetup
	upTest{Seats: []string{"cy", "", ""}, Plans: []string{"collect 3\ndone"}, Config: ucfg}.put(row)
	must(t, db.SaveMeta(ctx, row))
	row = up("u-declined", game.ModeDuel, []string{"bob", "eve"}, 27)
	must(t, db.Cancel(ctx, create(row)))

	// Strategies of both games, with several versions, and drafts.
	for i, owner := range []string{"ann", "bob"} {
		for v := range 3 + i {
			_, err := db.Shelf(GameKombat, wordsOf(GameKombat)).Save(ctx, owner, "Rush", fmt.Sprintf("move up # v%d\ndone", v+1), int64(v), v == 0)
			must(t, err)
			_, err = db.Shelf(GameUpbeat, wordsOf(GameUpbeat)).Save(ctx, owner, "rush", fmt.Sprintf("invest %d\ndone", v+1), 0, v == 0)
			must(t, err)
		}
		_, err := db.Shelf(GameKombat, wordsOf(GameKombat)).Save(ctx, owner, "turtle", kinds[i].Strategy, kinds[i].Defense, true)
		must(t, err)
	}
	must(t, db.SaveDraft(ctx, "ann", "strategy:Rush", "move up up"))
	must(t, db.SaveDraft(ctx, "cy", "plan:new", "invest"))

	// Tournaments: one running with its state, one over.
	for i, status := range []TournamentStatus{TournamentRunning, TournamentOver} {
		tn := &Tournament{Guild: "g1", Channel: fmt.Sprint("t", i), Owner: "ann", Status: TournamentOpen,
			State: json.RawMessage(`{"entrants":[]}`)}
		id, err := db.CreateTournament(ctx, tn)
		must(t, err)
		tn.ID, tn.Status, tn.MessageID = id, status, fmt.Sprint("tm", i)
		tn.State = json.RawMessage(fmt.Sprintf(`{"entrants":[{"user":"ann","strategy":"Rush"},{"user":"bob","strategy":"turtle"}],"games":[{"id":%d,"winner":1}]}`, i+1))
		must(t, db.SaveTournament(ctx, tn))
	}
	must(t, db.SetDeadline(ctx, Deadline{Kind: "tournament", Key: "1", Due: legacyEpoch.Add(24 * time.Hour), Payload: "round 2"}))
}

// legacyGame is a stored game as the golden shows it: Game with its configurations'
// and UPBEAT actions' text, which Game's JSON leaves out. The golden was written when
// Game had KOMBAT's and UPBEAT's typed parts and no neutral one: each game shows its
// neutral part decoded as its typed part was (KOMBAT's typed fields zero, with no
// kinds, for an UPBEAT game), and the neutral fields are left out.
type legacyGame struct {
	*Game
	Players       [2]string
	HumanSeat     int
	Config        game.Config
	Lowered       []string
	Kinds         []game.KindSpec
	Decisions     []game.Decision
	KombatConfig  string          `json:"kombat_config"`
	UpbeatConfig  string          `json:"upbeat_config,omitempty"`
	UpbeatActions []upbeat.Action `json:"upbeat_actions,omitempty"`
	Upbeat        *upTest
	// Nil, these hide Game's neutral fields from the JSON (an outer field wins).
	Seats      *struct{} `json:"Seats,omitempty"`
	State      *struct{} `json:"State,omitempty"`
	Actions    *struct{} `json:"Actions,omitempty"`
	ConfigText *struct{} `json:"ConfigText,omitempty"`
}

// legacyDump is everything a store reads from the fixture through its API.
type legacyDump struct {
	Games       []legacyGame
	Active      []int64            // ActiveGames' ids
	Heads       []string           // ActiveHeads
	Played      map[string][]int64 // PlayedGames of each user (both games, then each)
	Recent      map[string][]int64 // RecentGames of each user
	Last        map[string]int64   // LastGameIn of each game and place
	Ratings     map[string][]Rating
	Strategies  map[string][]Strategy // each owner's shelf's versions of each strategy
	Drafts      map[string]string
	Tournaments []*Tournament
	Deadlines   []Deadline
	Screens     []Screen
}

// dumpStore reads everything the fixture holds through the store's API. Which ids,
// users, ladders and keys there are is read from the tables that migration 8 leaves
// as they were.
func dumpStore(t *testing.T, db *DB) legacyDump {
	t.Helper()
	ctx := context.Background()
	column := func(q string) []string {
		t.Helper()
		rows, err := db.sql.QueryContext(ctx, q)
		must(t, err)
		defer rows.Close()
		var out []string
		for rows.Next() {
			var a, b string
			must(t, rows.Scan(&a, &b))
			out = append(out, a+"\x00"+b)
		}
		must(t, rows.Err())
		sort.Strings(out)
		return out
	}
	split := func(s string) (string, string) {
		for i := range len(s) {
			if s[i] == 0 {
				return s[:i], s[i+1:]
			}
		}
		return s, ""
	}
	d := legacyDump{Played: map[string][]int64{}, Recent: map[string][]int64{}, Last: map[string]int64{},
		Ratings: map[string][]Rating{}, Strategies: map[string][]Strategy{}, Drafts: map[string]string{}}
	var n int64
	must(t, db.sql.QueryRowContext(ctx, `SELECT max(id) FROM games`).Scan(&n))
	places := map[string]bool{}
	for id := int64(1); id <= n; id++ {
		g, err := db.Game(ctx, id)
		must(t, err)
		lg := legacyGame{Game: g}
		if u := upOf(g); u != nil {
			lg.Upbeat, lg.UpbeatConfig, lg.UpbeatActions = u, u.Config.String(), u.Actions
			lg.Kinds = []game.KindSpec{} // as the typed API read an UPBEAT row's
		} else {
			k := kOf(g)
			lg.Players, lg.HumanSeat, lg.Config, lg.Lowered, lg.Kinds, lg.Decisions = k.Players, k.HumanSeat, k.Config, k.Lowered, k.Kinds, k.Decisions
		}
		lg.KombatConfig = lg.Config.String()
		d.Games = append(d.Games, lg)
		places[g.Place], places[g.Origin] = true, true
	}
	active, err := db.ActiveGames(ctx)
	must(t, err)
	for _, g := range active {
		d.Active = append(d.Active, g.ID)
	}
	heads, err := db.ActiveHeads(ctx)
	must(t, err)
	for _, g := range heads {
		d.Heads = append(d.Heads, fmt.Sprint(g.ID, g.Scope, g.Status, g.CreatedAt.UnixMilli()))
	}
	ids := func(gs []*Game, err error) []int64 {
		t.Helper()
		must(t, err)
		out := []int64{}
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	for _, u := range []string{"ann", "bob", "cy", "dee", "eve", "nobody", ""} {
		for _, only := range []GameName{"", GameKombat, GameUpbeat} {
			d.Played[u+"/"+string(only)] = ids(db.PlayedGames(ctx, "g1", u, only, 100))
		}
		d.Played[u+"/limit3"] = ids(db.PlayedGames(ctx, "g1", u, "", 3))
		d.Recent[u] = ids(db.RecentGames(ctx, "g1", u, 100))
	}
	for place := range places {
		for _, name := range []GameName{GameKombat, GameUpbeat} {
			if g, err := db.LastGameIn(ctx, name, place); err == nil {
				d.Last[string(name)+"/"+place] = g.ID
			}
		}
	}
	for _, k := range column(`SELECT guild_id, kind FROM ratings GROUP BY guild_id, kind`) {
		guild, kind := split(k)
		rs, err := db.Leaderboard(ctx, guild, kind, 100)
		must(t, err)
		d.Ratings[k] = rs
	}
	for _, k := range column(`SELECT DISTINCT owner_id, game FROM strategies`) {
		owner, name := split(k)
		list, err := db.Shelf(GameName(name), wordsOf(GameName(name))).List(ctx, owner)
		must(t, err)
		for _, s := range list {
			vs, err := db.Shelf(GameName(name), wordsOf(GameName(name))).Versions(ctx, owner, s.Name)
			must(t, err)
			d.Strategies[k+"/"+s.Name] = vs
		}
	}
	for _, k := range column(`SELECT user_id, key FROM drafts`) {
		user, key := split(k)
		body, err := db.Draft(ctx, user, key)
		must(t, err)
		d.Drafts[k] = body
	}
	var tn int64
	must(t, db.sql.QueryRowContext(ctx, `SELECT max(id) FROM tournaments`).Scan(&tn))
	for id := int64(1); id <= tn; id++ {
		tt, err := db.GetTournament(ctx, id)
		must(t, err)
		d.Tournaments = append(d.Tournaments, tt)
	}
	d.Deadlines, err = db.Deadlines(ctx, legacyEpoch.Add(1000*time.Hour))
	must(t, err)
	d.Screens, err = db.OwedScreens(ctx)
	must(t, err)
	return d
}

// openLegacy opens a copy of a fixture (testdata/v7.db, testdata/v9.db) with today's
// store, which migrates it.
func openLegacy(t *testing.T, fixture string) *DB {
	t.Helper()
	sqliteOnly(t, "the fixture is an SQLite file (TestLegacyPostgres loads it into PostgreSQL)")
	b, err := os.ReadFile(fixture)
	must(t, err)
	path := filepath.Join(t.TempDir(), filepath.Base(fixture))
	must(t, os.WriteFile(path, b, 0o644))
	db, err := Open(context.Background(), path)
	must(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// checkLegacy compares everything db reads with what the store at schema 7 read from
// the same rows (testdata/v7.json), and replays every game to its stored result. The
// fixture written at schema 9 (testdata/v9.db) is checked against the same golden: the
// store at schema 9 read it back identically (its generator's v9.json was v7.json to
// the byte), so one golden serves both.
func checkLegacy(t *testing.T, db *DB) {
	t.Helper()
	want, err := os.ReadFile("testdata/v7.json")
	must(t, err)
	got, err := json.Marshal(dumpStore(t, db))
	must(t, err)
	if g, w := normalJSON(t, got), normalJSON(t, want); g != w {
		t.Errorf("what the store reads differs from testdata/v7.json; first difference:\n%s", firstDiff(g, w))
	}
	ctx := context.Background()
	var n int64
	must(t, db.sql.QueryRowContext(ctx, `SELECT count(*) FROM games`).Scan(&n))
	if n != 20 {
		t.Errorf("%d games, want the fixture's 20", n)
	}
	for id := int64(1); id <= n; id++ {
		g, err := db.Game(ctx, id)
		must(t, err)
		if u := upOf(g); u != nil {
			if g.Status == StatusChallenge || g.Status == StatusSetup || g.Status == StatusCancelled {
				continue
			}
			ug, err := upbeat.Replay(upbeat.NewLanguage(), u.record(g.Seed), nil)
			must(t, err)
			if g.Status == StatusOver && (!ug.Over() || ug.Winner() != g.Result.Winner || ug.Turns() != g.Turns) {
				t.Errorf("UPBEAT game %d replays to over %v, winner %d after %d turns; stored %+v after %d", id, ug.Over(), ug.Winner(), ug.Turns(), g.Result, g.Turns)
			}
			if g.Status == StatusPlay && ug.Over() {
				t.Errorf("UPBEAT game %d in play replays to its end", id)
			}
			continue
		}
		k := kOf(g)
		if len(k.Kinds) == 0 {
			continue // not started
		}
		kg, err := game.Replay(game.NewLanguage(), k.record(g))
		must(t, err)
		if r := kg.Result(); g.Status == StatusOver && (r == nil || *r != *g.Result || kg.Turns() != g.Turns) {
			t.Errorf("KOMBAT game %d replays to %v after %d turns; stored %+v after %d", id, r, kg.Turns(), g.Result, g.Turns)
		}
	}
}

// normalJSON re-encodes a JSON document with every timestamp in UTC, so that the
// golden compares equal whatever the time zone it was written in.
func normalJSON(t *testing.T, b []byte) string {
	t.Helper()
	var v any
	must(t, json.Unmarshal(b, &v))
	var walk func(any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				x[k] = walk(e)
			}
		case []any:
			for i, e := range x {
				x[i] = walk(e)
			}
		case string:
			if tm, err := time.Parse(time.RFC3339Nano, x); err == nil {
				return tm.UTC().Format(time.RFC3339Nano)
			}
		}
		return v
	}
	out, err := json.MarshalIndent(walk(v), "", "\t")
	must(t, err)
	return string(out)
}

// firstDiff shows where two texts first differ, a few lines either side.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			lo := max(0, i-8)
			return fmt.Sprintf("got:\n%s\nwant:\n%s", strings.Join(g[lo:min(len(g), i+4)], "\n"), strings.Join(w[lo:min(len(w), i+4)], "\n"))
		}
	}
	return ""
}

// legacyFixtures are the databases an older store wrote: testdata/v7.db at schema 7
// (before the game-neutral tables of migration 8), and testdata/v9.db at schema 9
// through the API that still had UPBEAT's typed part (store.Upbeat), before the
// store's API became game-neutral; with the tables each holds rows in, parents before
// children.
var legacyFixtures = []struct {
	file    string
	version int
	tables  []string
}{
	{"testdata/v7.db", 7, []string{"games", "decisions", "upbeat_actions", "screens", "deadlines", "strategies", "strategy_versions",
		"ratings", "drafts", "tournaments"}},
	{"testdata/v9.db", 9, []string{"games", "seats", "actions", "screens", "deadlines", "strategies", "strategy_versions",
		"ratings", "drafts", "tournaments"}},
}

// TestLegacy opens each fixture with today's store: every game, rating, strategy
// version, draft, tournament, deadline and screen reads back as the store at schema 7
// read it, every game replays to its stored result, and the games in play go on.
func TestLegacy(t *testing.T) {
	for _, f := range legacyFixtures {
		t.Run(filepath.Base(f.file), func(t *testing.T) {
			db := openLegacy(t, f.file)
			checkLegacy(t, db)
			continueLegacy(t, db)
		})
	}
}

// TestLegacyPostgres is TestLegacy on PostgreSQL: a schema migrated to the fixture's
// version only, loaded with its rows table by table, then opened by the store, which
// migrates the rest of the way.
func TestLegacyPostgres(t *testing.T) {
	for _, f := range legacyFixtures {
		t.Run(filepath.Base(f.file), func(t *testing.T) {
			db := loadLegacyPostgres(t, f.file, f.version, f.tables)
			checkLegacy(t, db)
			continueLegacy(t, db)
		})
	}
}

// loadLegacyPostgres loads a fixture's tables (parents before children, for the
// foreign keys) into a PostgreSQL schema migrated to the fixture's version, and opens
// it with today's store, which migrates the rest of the way.
func loadLegacyPostgres(t *testing.T, fixture string, version int, tables []string) *DB {
	t.Helper()
	if !onPostgres() {
		t.Skip("PostgreSQL only: TestPostgres runs this")
	}
	ctx := context.Background()
	dsn := newPostgresSchema(t)
	raw, err := sql.Open("pgx", dsn)
	must(t, err)
	defer raw.Close()
	old := &DB{sql: pool{DB: raw, d: dialect{postgres: true}}, d: dialect{postgres: true}}
	must(t, old.migrateTo(ctx, version))
	lite := rawOpen(t, fixture+"?mode=ro")
	defer lite.Close()
	for _, table := range tables {
		copyTable(t, lite, raw, table)
	}
	for _, table := range []string{"games", "strategies", "tournaments"} {
		_, err := raw.Exec(`SELECT setval(pg_get_serial_sequence('` + table + `', 'id'), (SELECT max(id) FROM ` + table + `))`)
		must(t, err)
	}
	var got int
	must(t, raw.QueryRow(`SELECT version FROM kombat_schema`).Scan(&got))
	if got != version {
		t.Fatalf("the loaded schema is at version %d, want %d", got, version)
	}
	return openPostgresSchema(t, dsn)
}

// copyTable copies every row of table from an SQLite database to a PostgreSQL one.
func copyTable(t *testing.T, from, to *sql.DB, table string) {
	t.Helper()
	rows, err := from.Query(`SELECT * FROM ` + table)
	must(t, err)
	defer rows.Close()
	cols, err := rows.Columns()
	must(t, err)
	marks := make([]string, len(cols))
	for i := range marks {
		marks[i] = fmt.Sprintf("$%d", i+1)
	}
	insert := fmt.Sprintf(`INSERT INTO %s (%s) VALUES (%s)`, table, strings.Join(cols, ", "), strings.Join(marks, ", "))
	n := 0
	for rows.Next() {
		_, err := to.Exec(insert, scanRow(t, rows, len(cols))...)
		must(t, err)
		n++
	}
	must(t, rows.Err())
	if n == 0 && table != "drafts" {
		t.Errorf("no rows in the fixture's %s", table)
	}
}

// continueLegacy goes on with the fixture's games after the migration: the KOMBAT game
// in play (13) takes a turn and finishes, its metadata saved unchanged (its kinds
// compare equal to what the migration stored); the UPBEAT game in play (17) keeps
// its seats and first plans, refuses changed ones, and finishes rated by its seats;
// the UPBEAT game in setup (19) takes its other first plans; and new games are
// numbered after the old.
func continueLegacy(t *testing.T, db *DB) {
	t.Helper()
	ctx := context.Background()
	var seen RatedGame
	spy := ratedSpy{&seen}

	row, err := db.Game(ctx, 13)
	must(t, err)
	row.Shown = "m-new"
	must(t, db.SaveMeta(ctx, row))
	g, err := game.Replay(game.NewLanguage(), kOf(row).record(row))
	must(t, err)
	must(t, g.Resign(g.Current()))
	pos := len(row.Actions)
	must(t, db.Finish(ctx, 13, pos, g.Record().Decisions[pos:], *g.Result(), g.Turns(), spy))
	if !slices.Equal(seen.Seats, []string{"ann", "eve"}) || seen.Game != GameKombat || (legacyPolicy{}).humanSeat(seen) != 0 || seen.State != row.State || string(seen.Setup) != `{"ready":[true,true]}` {
		t.Errorf("the rating policy saw %+v for KOMBAT game 13", seen)
	}

	solo, err := db.Game(ctx, 12)
	must(t, err)
	setKinds(solo, kOf(solo).Kinds[:1]) // still in setup: the kinds may change
	must(t, db.SaveMeta(ctx, solo))
	if again, err := db.Game(ctx, 12); err != nil || len(kOf(again).Kinds) != 1 || kOf(again).HumanSeat != 2 || kOf(again).Players != [2]string{"", "eve"} {
		t.Errorf("KOMBAT game 12 after a new kind: %+v %v", again, err)
	}

	up, err := db.Game(ctx, 17)
	must(t, err)
	up.Shown = "m-up"
	must(t, db.SaveMeta(ctx, up))
	changed := *up
	u := upOf(up)
	upTest{Seats: u.Seats, Plans: []string{"done", "done", "done"}, Config: u.Config}.put(&changed)
	if err := db.SaveMeta(ctx, &changed); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("changing the first plans of UPBEAT game 17 in play: %v", err)
	}
	ug, err := upbeat.Replay(upbeat.NewLanguage(), u.record(up.Seed), nil)
	must(t, err)
	must(t, ug.Stop())
	pos = len(up.Actions)
	rest := ug.Record().Actions[pos:]
	must(t, db.CommitRated(ctx, 17, pos, upActs(rest), &game.Result{Winner: ug.Winner(), Reason: "stopped"}, ug.Turns(), nil, spy))
	if !slices.Equal(seen.Seats, []string{"eve", "ann", "bob"}) || seen.Game != GameUpbeat {
		t.Errorf("the rating policy saw %+v for UPBEAT game 17", seen)
	}
	if done, err := db.Game(ctx, 17); err != nil || done.Status != StatusOver || len(done.Actions) != pos+len(rest) ||
		!slices.Equal(upOf(done).Plans, u.Plans) || !slices.Equal(done.Seats, up.Seats) {
		t.Errorf("UPBEAT game 17 after its end: %+v %v", done, err)
	}

	setup, err := db.Game(ctx, 19)
	must(t, err)
	upTest{Seats: upOf(setup).Seats, Plans: []string{"a", "b", "c"}, Config: upOf(setup).Config}.put(setup)
	must(t, db.SaveMeta(ctx, setup))
	if again, err := db.Game(ctx, 19); err != nil || !slices.Equal(upOf(again).Plans, []string{"a", "b", "c"}) || !slices.Equal(upOf(again).Seats, []string{"cy", "", ""}) {
		t.Errorf("UPBEAT game 19 after new first plans: %+v %v", again, err)
	}

	id, err := db.CreateGame(ctx, newGameRow("new-place", game.ModeDuel, "ann", "bob"))
	must(t, err)
	if id != 21 {
		t.Errorf("a new game after the fixture's 20 is numbered %d", id)
	}
	if gs, err := db.PlayedGames(ctx, "g1", "eve", "", 100); err != nil || len(gs) == 0 || gs[0].ID != 17 {
		t.Errorf("eve's games after the migration: %v", err)
	}
}

// scanRow reads the current row of rows, of n columns, as the driver gives them.
func scanRow(t *testing.T, rows *sql.Rows, n int) []any {
	t.Helper()
	vals := make([]any, n)
	ptrs := make([]any, n)
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	must(t, rows.Scan(ptrs...))
	return vals
}

// TestLegacyRowsV9 writes the fixture again with today's store: every row of every
// table is the one testdata/v9.db holds, to the byte (games' config, setup and state,
// seats' players and data, actions' verbs, data and clocks), so today's store writes
// what the store at schema 9 wrote and no migration is owed.
func TestLegacyRowsV9(t *testing.T) {
	sqliteOnly(t, "the fixture is an SQLite file")
	db := writeFixture(t)
	old := rawOpen(t, "testdata/v9.db?mode=ro")
	defer old.Close()
	for _, table := range []string{"games", "seats", "actions", "screens", "deadlines", "strategies", "strategy_versions",
		"ratings", "drafts", "tournaments"} {
		got, want := tableRows(t, db.sql.DB, table), tableRows(t, old, table)
		if len(want) == 0 {
			t.Errorf("no rows in the fixture's %s", table)
		}
		if !slices.Equal(got, want) {
			for i := range max(len(got), len(want)) {
				if i >= len(got) || i >= len(want) || got[i] != want[i] {
					t.Errorf("%s: %d rows, want %d; row %d differs:\ngot  %s\nwant %s", table, len(got), len(want), i,
						strings.Join(got[i:min(i+1, len(got))], ""), strings.Join(want[i:min(i+1, len(want))], ""))
					break
				}
			}
		}
	}
}

// tableRows is every row of a table, each as the text of its columns, in order.
func tableRows(t *testing.T, db *sql.DB, table string) []string {
	t.Helper()
	rows, err := db.Query(`SELECT * FROM ` + table)
	must(t, err)
	defer rows.Close()
	cols, err := rows.Columns()
	must(t, err)
	var out []string
	for rows.Next() {
		vals := scanRow(t, rows, len(cols))
		var b strings.Builder
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				v = string(b)
			}
			fmt.Fprintf(&b, "%s=%#v ", cols[i], v)
		}
		out = append(out, b.String())
	}
	must(t, rows.Err())
	slices.Sort(out)
	return out
}
