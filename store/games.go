package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/kombat-game/kombat/match"
)

// Status is where a game is in its life.
type Status string

// Game statuses. Challenge, setup and play are active: at most one per place.
const (
	StatusChallenge Status = "challenge" // waiting for the challenged player
	StatusSetup     Status = "setup"     // agreeing on kinds, free spawns
	StatusPlay      Status = "play"      // turns
	StatusOver      Status = "over"      // finished with a result
	StatusCancelled Status = "cancelled" // declined or expired before it started, or abandoned (Abandon)
)

// Active reports whether a game with this status still occupies its place.
func (s Status) Active() bool {
	return s == StatusChallenge || s == StatusSetup || s == StatusPlay
}

// Game is a stored game: where and by whom it is played, its setup and every action.
//
// Its own part (who sits where, its state, its actions, its configuration) is kept in
// the game-neutral fields (Seats, State, Actions, ConfigText), which its adapter
// encodes and the store keeps as given, reading none of them: a game the store has
// never heard of needs no new column nor field. (KOMBAT's adapter, host/kombathost,
// writes its part exactly as migration 8 left the rows of the games stored before:
// two seats with the players and no data, a state {"human_seat":N,"kinds":[...]},
// its decisions as actions, and its configuration's file text.)
type Game struct {
	ID          int64
	Game        GameName // whose rules: the name its adapter gives (every game stored before UPBEAT: "kombat")
	Scope       string   // the community the game belongs to (ratings, sharding): the front's, opaque here (a Discord server)
	Place       string   // where the game is shown, in the front's terms (a thread or channel): one active game per place
	Origin      string   // the place it was started from, if it moved (to its own thread)
	Mode        match.Mode
	Seed        uint64
	Status      Status
	Setup       json.RawMessage // the host's setup state, opaque to the store
	TurnTimeout time.Duration   // stored in whole seconds
	Shown       string          // the front's handle of the screen showing the game now (a message)
	Result      *match.Result   // nil until the game is over
	Turns       int             // turns played, stored when the game is over
	CreatedAt   time.Time       // timestamps are stored to the millisecond
	UpdatedAt   time.Time
	FinishedAt  time.Time // zero until the game is over or cancelled

	// The game's own part: kept as given and given back as stored, byte for byte.
	Seats      []Seat   // who sits where, from seat 1, with the game's part of each seat
	State      string   // the game's own part of the row (text the store does not read; "" for none), fixed once in play
	Actions    []Action // every action, in order (CommitActions appends them)
	ConfigText string   // the config column: the game's configuration as its adapter writes it
}

// Seat returns the seat (from 1) of a user in the game, or 0.
func (g *Game) Seat(user string) int {
	if user == "" {
		return 0
	}
	for i, s := range g.Seats {
		if s.Player == user {
			return i + 1
		}
	}
	return 0
}

// Player is the user sitting in seat (from 1; "" for a bot), or "" when the game has
// no such seat.
func (g *Game) Player(seat int) string {
	if seat < 1 || seat > len(g.Seats) {
		return ""
	}
	return g.Seats[seat-1].Player
}

// CreateGame stores a new game (its ID, timestamps and result are ignored) and
// returns its id. A place with an active game gives ErrPlaceBusy.
func (db *DB) CreateGame(ctx context.Context, g *Game) (int64, error) {
	if !g.Status.Active() {
		return 0, fmt.Errorf("store: create game: %w: status %q", ErrInvalidInput, g.Status)
	}
	if !slices.Contains([]match.Mode{match.ModeDuel, match.ModeSolitaire, match.ModeAuto}, g.Mode) {
		return 0, fmt.Errorf("store: create game: %w: mode %q", ErrInvalidInput, g.Mode)
	}
	if err := g.checkGame(); err != nil {
		return 0, fmt.Errorf("store: create game: %w", err)
	}
	m, err := encodeMeta(g)
	if err != nil {
		return 0, fmt.Errorf("store: create game: %w", err)
	}
	now := db.millis()
	var id int64
	err = db.tx(ctx, func(tx *txn) error {
		err := tx.QueryRowContext(ctx, `INSERT INTO games
		(scope, place, origin, mode, config, seed, status, setup, state, turn_timeout, shown, created_at, updated_at, game)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			g.Scope, g.Place, g.Origin, string(g.Mode), g.ConfigText, int64(g.Seed),
			string(g.Status), m.setup, m.state, int64(g.TurnTimeout/time.Second), g.Shown, now, now, string(g.Game)).Scan(&id)
		if err != nil {
			return err
		}
		return insertSeats(ctx, tx, id, m.seats)
	})
	if isUnique(err) {
		return 0, fmt.Errorf("store: create game at %s: %w", g.Place, ErrPlaceBusy)
	}
	if err != nil {
		return 0, fmt.Errorf("store: create game: %w", err)
	}
	return id, nil
}

// meta is a game's row as stored: its setup, its state (the game's own part, fixed
// once in play) and its seats.
type meta struct {
	setup, state string
	seats        []Seat
}

func encodeMeta(g *Game) (meta, error) {
	m := meta{setup: string(g.Setup)}
	if m.setup == "" {
		m.setup = "{}"
	}
	if !json.Valid([]byte(m.setup)) {
		return m, fmt.Errorf("%w: setup is not JSON", ErrInvalidInput)
	}
	m.state, m.seats = g.State, g.Seats
	return m, nil
}

// insertSeats stores a new game's seats, numbered from 1.
func insertSeats(ctx context.Context, tx *txn, id int64, seats []Seat) error {
	for i, s := range seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, player, data) VALUES (?, ?, ?, ?)`, id, i+1, s.Player, s.Data); err != nil {
			return err
		}
	}
	return nil
}

// loadSeats reads a game's seats in order.
func loadSeats(ctx context.Context, tx *txn, id int64) ([]Seat, error) {
	rows, err := tx.QueryContext(ctx, `SELECT player, data FROM seats WHERE game_id = ? ORDER BY seat`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Seat
	for rows.Next() {
		var s Seat
		if err := rows.Scan(&s.Player, &s.Data); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// SaveMeta writes a game's mutable metadata (status while active, place, origin,
// setup, kinds, turn timeout, message id); decisions and results have their own calls.
// Moving to a place with another active game gives ErrPlaceBusy.
func (db *DB) SaveMeta(ctx context.Context, g *Game) error {
	return db.saveMeta(ctx, g, nil)
}

// SaveMetaOwing is SaveMeta, owing the game's place the screen of version with
// summary in the same transaction: a change of metadata that needs a screen (UPBEAT's
// first-plans message, owed when the game starts) cannot be stored without its debt,
// so a crash or a failed post before the screen is up leaves it owed, not lost.
func (db *DB) SaveMetaOwing(ctx context.Context, g *Game, version int, summary string) error {
	return db.saveMeta(ctx, g, &Screen{Version: version, Summary: summary})
}

// saveMeta is SaveMeta, owing the screen s in the same transaction when s is not nil.
func (db *DB) saveMeta(ctx context.Context, g *Game, s *Screen) error {
	if !g.Status.Active() {
		return fmt.Errorf("store: save game %d: %w: use Finish or Cancel to end a game", g.ID, ErrInvalidInput)
	}
	m, err := encodeMeta(g)
	if err != nil {
		return fmt.Errorf("store: save game %d: %w", g.ID, err)
	}
	// Once a game is in play its stored actions replay against its state (KOMBAT's
	// kinds) and seats (UPBEAT's first plans), so they are frozen: the update matches
	// only if they are unchanged, byte for byte (an adapter writes back what it read).
	// (Setup is the host's lobby state, which changes during play.) A game's seats
	// change until it is in play.
	err = db.tx(ctx, func(tx *txn) error {
		var status, state string
		err := tx.QueryRowContext(ctx, `SELECT status, state FROM games WHERE id = ?`, g.ID).Scan(&status, &state)
		if errors.Is(err, sql.ErrNoRows) || err == nil && !Status(status).Active() {
			return errNoActiveGame
		}
		if err != nil {
			return err
		}
		stored, err := loadSeats(ctx, tx, g.ID)
		if err != nil {
			return err
		}
		seats := !slices.Equal(stored, m.seats)
		if status == string(StatusPlay) && (state != m.state || seats) {
			return errFrozen
		}
		now := db.millis()
		if _, err := tx.ExecContext(ctx, `UPDATE games SET place = ?, origin = ?, status = ?, setup = ?, state = ?,
		turn_timeout = ?, shown = ?, updated_at = ? WHERE id = ?`,
			g.Place, g.Origin, string(g.Status), m.setup, m.state, int64(g.TurnTimeout/time.Second), g.Shown, now, g.ID); err != nil {
			return err
		}
		if seats {
			if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ?`, g.ID); err != nil {
				return err
			}
			if err := insertSeats(ctx, tx, g.ID, m.seats); err != nil {
				return err
			}
		}
		if s == nil {
			return nil
		}
		return owe(ctx, tx, g.ID, s.Version, s.Summary, now)
	})
	switch {
	case isUnique(err):
		return fmt.Errorf("store: save game %d at %s: %w", g.ID, g.Place, ErrPlaceBusy)
	case errors.Is(err, errFrozen):
		return fmt.Errorf("store: save game %d: %w: the state and seats of a game in play cannot change (KOMBAT's kinds, UPBEAT's first plans)", g.ID, ErrInvalidInput)
	case errors.Is(err, errNoActiveGame):
		return fmt.Errorf("store: save game %d: %w: no active game with this id", g.ID, ErrNotFound)
	case err != nil:
		return fmt.Errorf("store: save game %d: %w", g.ID, err)
	}
	return nil
}

// Why saveMeta's transaction changed nothing, told apart from the engine's errors.
var (
	errFrozen       = errors.New("frozen in play")
	errNoActiveGame = errors.New("no active game")
)

// appendRows runs add, which appends n decisions (or actions) at pos, in a transaction
// that also owes the screen of the new state with summary when summary is not nil.
func (db *DB) appendRows(ctx context.Context, id int64, pos, n int, add func(*txn, int64) error, summary *string) error {
	err := db.tx(ctx, func(tx *txn) error {
		now := db.millis()
		if err := add(tx, now); err != nil {
			return err
		}
		if summary == nil {
			return nil
		}
		return owe(ctx, tx, id, pos+n, *summary, now)
	})
	if err != nil {
		return fmt.Errorf("store: game %d: append %d decisions at %d: %w", id, n, pos, err)
	}
	return nil
}

// checkAppend refuses to append actions at pos unless the game is active and holds
// exactly pos of them: a duplicate or stale write. It returns the game's number of
// seats, which bounds its actions' seats.
func checkAppend(ctx context.Context, tx *txn, id int64, pos int) (int, error) {
	var status string
	var have, seats int
	err := tx.QueryRowContext(ctx, `SELECT status, (SELECT coalesce(max(pos) + 1, 0) FROM actions WHERE game_id = games.id),
		(SELECT count(*) FROM seats WHERE game_id = games.id)
		FROM games WHERE id = ?`, id).Scan(&status, &have, &seats)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, err
	}
	if !Status(status).Active() {
		return 0, fmt.Errorf("%w: the game is %s", ErrConflict, status)
	}
	if have != pos {
		return 0, fmt.Errorf("%w: %d decisions are stored", ErrConflict, have)
	}
	return seats, nil
}

// finishWith ends a game whose result names one of its seats (or none), after add has
// appended its last decisions (or actions), making version the state of the final
// screen owed with summary when summary is not nil.
func (db *DB) finishWith(ctx context.Context, id int64, version int, add func(*txn, int64) error, res match.Result, turns int, summary *string, policy RatingPolicy) error {
	if res.Winner < 0 || res.Reason == "" || turns < 0 {
		return fmt.Errorf("store: finish game %d: %w: result %+v after %d turns", id, ErrInvalidInput, res, turns)
	}
	err := db.tx(ctx, func(tx *txn) error {
		now := db.millis()
		if err := add(tx, now); err != nil {
			return err
		}
		var seats int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM seats WHERE game_id = ?`, id).Scan(&seats); err != nil {
			return err
		}
		if res.Winner > seats {
			return fmt.Errorf("%w: the winner is seat %d, and the game has %d seats", ErrInvalidInput, res.Winner, seats)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET status = 'over', winner = ?, reason = ?, turns = ?, finished_at = ?, updated_at = ? WHERE id = ?`,
			res.Winner, string(res.Reason), turns, now, now, id); err != nil {
			return err
		}
		if summary != nil {
			if err := owe(ctx, tx, id, version, *summary, now); err != nil {
				return err
			}
		}
		return rateGame(ctx, tx, id, res, now, policy)
	})
	if err != nil {
		return fmt.Errorf("store: finish game %d: %w", id, err)
	}
	return nil
}

// Cancel ends a game that never started (declined, expired); it records no result.
func (db *DB) Cancel(ctx context.Context, id int64) error {
	n, err := db.exec(ctx, `UPDATE games SET status = 'cancelled', finished_at = ?, updated_at = ? WHERE id = ? AND status IN ('challenge', 'setup')`,
		db.millis(), db.millis(), id)
	if err != nil {
		return fmt.Errorf("store: cancel game %d: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("store: cancel game %d: %w: no game waiting to start with this id", id, ErrNotFound)
	}
	return nil
}

// SetConfig replaces an active game's configuration (its adapter's text, as ConfigText):
// for a game stored by an older version whose values are outside today's bounds,
// lowered to them.
func (db *DB) SetConfig(ctx context.Context, id int64, text string) error {
	n, err := db.exec(ctx, `UPDATE games SET config = ?, updated_at = ? WHERE id = ? AND status IN ('challenge', 'setup', 'play')`,
		text, db.millis(), id)
	if err != nil {
		return fmt.Errorf("store: set config of game %d: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("store: set config of game %d: %w: no active game with this id", id, ErrNotFound)
	}
	return nil
}

// Abandon ends an active game without a result (cancelled, no ratings): for a game
// that cannot go on, such as one whose stored record no longer replays.
func (db *DB) Abandon(ctx context.Context, id int64) error {
	n, err := db.exec(ctx, `UPDATE games SET status = 'cancelled', finished_at = ?, updated_at = ? WHERE id = ? AND status IN ('challenge', 'setup', 'play')`,
		db.millis(), db.millis(), id)
	if err != nil {
		return fmt.Errorf("store: abandon game %d: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("store: abandon game %d: %w: no active game with this id", id, ErrNotFound)
	}
	return nil
}

const gameColumns = `id, scope, place, origin, mode, config, seed, status,
	setup, state, turn_timeout, shown, winner, reason, turns, created_at, updated_at, finished_at, game`

// scanGame reads a games row; its seats are read apart (setSeats).
func scanGame(row interface{ Scan(...any) error }) (*Game, error) {
	var g Game
	var mode, status, setup, state, config, name string
	var seed, timeout, created, updated int64
	var winner, finished sql.NullInt64
	var reason sql.NullString
	err := row.Scan(&g.ID, &g.Scope, &g.Place, &g.Origin, &mode, &config,
		&seed, &status, &setup, &state, &timeout, &g.Shown, &winner, &reason, &g.Turns, &created, &updated, &finished, &name)
	if err != nil {
		return nil, err
	}
	g.Mode, g.Status, g.Seed = match.Mode(mode), Status(status), uint64(seed)
	g.Setup = json.RawMessage(setup)
	g.TurnTimeout = time.Duration(timeout) * time.Second
	g.CreatedAt, g.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
	if finished.Valid {
		g.FinishedAt = time.UnixMilli(finished.Int64)
	}
	g.Game, g.State, g.ConfigText = GameName(name), state, config
	if winner.Valid {
		g.Result = &match.Result{Winner: int(winner.Int64), Reason: match.Reason(reason.String)}
	}
	return &g, nil
}

// read runs f in a read transaction: one snapshot of the database, so a game and its
// decisions are read as they were at one moment even while turns are committed
// (PostgreSQL needs repeatable read for that; SQLite's read transactions are so).
func (db *DB) read(ctx context.Context, f func(*txn) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if db.d.postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := db.sql.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return f(&txn{Tx: tx, d: db.d})
}

// games loads the games a filter selects (a WHERE clause, perhaps with ORDER BY and
// LIMIT, over the games table) with their seats, and with their actions (KOMBAT's
// decisions, another game's Actions) when decisions is true.
func (db *DB) games(ctx context.Context, decisions bool, filter string, args ...any) ([]*Game, error) {
	var out []*Game
	err := db.read(ctx, func(tx *txn) error {
		out = nil
		rows, err := tx.QueryContext(ctx, `SELECT `+gameColumns+` FROM games `+filter, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			g, err := scanGame(rows)
			if err != nil {
				rows.Close()
				return err
			}
			out = append(out, g)
		}
		if err := rows.Close(); err != nil || len(out) == 0 {
			return err
		}
		byID := make(map[int64]*Game, len(out))
		for _, g := range out {
			byID[g.ID] = g
		}
		return loadRows(ctx, tx, byID, filter, args, decisions)
	})
	return out, err
}

// loadRows fills in the seats of games (by id), selected by filter, and their actions
// too when actions is true (a KOMBAT game's decisions, another game's Actions): one
// query for all of it, so that a game costs a round trip to PostgreSQL more than its
// games row, not two, and start-up is one pass over the actions instead of one per
// game. Each row is a seat (part 0: n is the seat, text the player) or an action
// (part 1: n is its position, text its verb). The rows come by game, each part in its
// order, the two parts interleaved: each is filled in apart, and ordering by part too
// would make SQLite sort what it now reads in its primary keys' order.
func loadRows(ctx context.Context, tx *txn, games map[int64]*Game, filter string, args []any, actions bool) error {
	q := `SELECT game_id, 0 AS part, seat AS n, seat, player AS text, data, 0 AS elapsed FROM seats
		WHERE game_id IN (SELECT id FROM games ` + filter + `)`
	if actions {
		q += ` UNION ALL SELECT game_id, 1, pos, seat, verb, data, elapsed FROM actions
		WHERE game_id IN (SELECT id FROM games ` + filter + `)`
		args = append(slices.Clip(args), args...)
	}
	rows, err := tx.QueryContext(ctx, q+` ORDER BY game_id, n`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	// Declared once, not per row: what Scan fills escapes to the heap.
	var last *Game
	var id, n, elapsed int64
	var part, seat int
	var text, data sql.RawBytes
	var vs verbs
	var ds actionData
	for rows.Next() {
		if err := rows.Scan(&id, &part, &n, &seat, &text, &data, &elapsed); err != nil {
			return err
		}
		if last == nil || last.ID != id {
			if last = games[id]; last == nil {
				return fmt.Errorf("rows of game %d, which the filter did not select", id)
			}
		}
		if part == 0 {
			if seat != len(last.Seats)+1 {
				return fmt.Errorf("game %d: seat %d after %d", id, seat, len(last.Seats))
			}
			last.Seats = append(last.Seats, Seat{Player: string(text), Data: string(data)})
			continue
		}
		last.Actions = append(last.Actions, Action{Seat: seat, Verb: vs.of(text), Elapsed: time.Duration(elapsed)})
		ds.add(last, data)
	}
	ds.flush()
	return rows.Err()
}

// actionData gathers the data of one game's actions as a load reads them (a game's
// rows come together) and gives them their strings at once, when the next game's
// begin or the load ends: one allocation per game rather than one per action (most
// of KOMBAT's decisions carry their [kind,row,col]).
type actionData struct {
	g    *Game
	buf  []byte
	ends []int // where each of g's last len(ends) actions' data ends in buf
}

// add appends the data of g's action just read.
func (d *actionData) add(g *Game, b []byte) {
	if d.g != g {
		d.flush()
		d.g = g
	}
	d.buf = append(d.buf, b...)
	d.ends = append(d.ends, len(d.buf))
}

// flush gives the actions gathered their data.
func (d *actionData) flush() {
	if d.g == nil {
		return
	}
	s, start := string(d.buf), 0
	as := d.g.Actions[len(d.g.Actions)-len(d.ends):]
	for i, end := range d.ends {
		as[i].Data, start = s[start:end], end
	}
	d.g, d.buf, d.ends = nil, d.buf[:0], d.ends[:0]
}

// Game loads one game with all its actions: with its adapter, what a replay needs.
func (db *DB) Game(ctx context.Context, id int64) (*Game, error) {
	gs, err := db.games(ctx, true, `WHERE id = ?`, id)
	if err == nil && len(gs) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: game %d: %w", id, err)
	}
	return gs[0], nil
}

// ActiveGames loads every game still in challenge, setup or play, with decisions: what
// the bot resumes at start-up.
func (db *DB) ActiveGames(ctx context.Context) ([]*Game, error) {
	gs, err := db.games(ctx, true, `WHERE status IN ('challenge', 'setup', 'play') ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: active games: %w", err)
	}
	return gs, nil
}

// ActiveHeads lists every active game's id, scope, status and creation time, and
// nothing else: what a process scans often for games nobody hosts (their process
// ended) without reading their records.
func (db *DB) ActiveHeads(ctx context.Context) ([]*Game, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT id, scope, status, created_at FROM games
		WHERE status IN ('challenge', 'setup', 'play') ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: active games: %w", err)
	}
	defer rows.Close()
	var out []*Game
	for rows.Next() {
		var g Game
		var status string
		var created int64
		if err := rows.Scan(&g.ID, &g.Scope, &status, &created); err != nil {
			return nil, fmt.Errorf("store: active games: %w", err)
		}
		g.Status, g.CreatedAt = Status(status), time.UnixMilli(created)
		out = append(out, &g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: active games: %w", err)
	}
	return out, nil
}

// ActiveAt returns the active game shown at a place, or ErrNotFound.
func (db *DB) ActiveAt(ctx context.Context, place string) (*Game, error) {
	gs, err := db.games(ctx, true, `WHERE place = ? AND status IN ('challenge', 'setup', 'play')`, place)
	if err == nil && len(gs) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: game at %s: %w", place, err)
	}
	return gs[0], nil
}

// LastGameIn returns the most recent finished game of one game's rules (name) shown
// at a place or started from it, with its actions (for a replay), or ErrNotFound: a
// place hosts every game, and one game's replay cannot show another's.
func (db *DB) LastGameIn(ctx context.Context, name GameName, place string) (*Game, error) {
	gs, err := db.games(ctx, true, `WHERE game = ? AND (place = ? OR origin = ?) AND status = 'over' ORDER BY id DESC LIMIT 1`,
		string(name), place, place)
	if err == nil && len(gs) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: last game at %s: %w", place, err)
	}
	return gs[0], nil
}
