package aibgnet

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/netplay"
)

// Config is a Runner's settings; zero fields take their defaults.
type Config struct {
	// Host hosts the matches once paired: stored, clocked (A18, on the host's stored
	// deadlines and its clock), rated and shown like any AIBG match. It must host
	// AIBG (aibghost.Plug). Required.
	Host       *host.Host
	Move       time.Duration // a program's time for each selection and move (A18); 0: 2 s
	Bank       time.Duration // a program's bank for the match, spent when a move takes longer (A18); 0: 30 s, negative: none
	Wait       time.Duration // how long an opened match waits for its second player before it is dropped; 0: 10 min
	PerAccount int           // matches an account may be in at once (waiting or playing); 0: 4
	Matches    int           // matches open at once in all; 0: 1000
	Keep       int           // finished matches kept for their answers and records; 0: 200
	// Scope is the store's server of the matches (store.Game.Scope: their history
	// and ladders); "": DefaultScope.
	Scope string
	// Seed gives each new match its seed; nil: random.
	Seed func() uint64
	// Show, when set, gives each match, as it starts, the place of the host's front
	// where it is shown (a Discord thread made for it, named by its seats' names); ""
	// or an error (logged) leave it shown nowhere (Place). It is called with the
	// match about to start locked (no other match waits for it).
	Show func(id int64, names [2]string) (string, error)
	// Finished, when set, is told each match's end with its record (the host has
	// stored it); it is called with the match locked, so it must not block.
	Finished func(Record, Result)
	Log      *slog.Logger // nil: no log
}

// DefaultScope is the store's server of the network's matches when Config names none:
// their history and ladders are apart from every Discord server's.
const DefaultScope = "net"

// The defaults of Config.
const (
	DefaultMove       = aibghost.DefaultMove
	DefaultBank       = aibghost.DefaultBank
	DefaultWait       = 10 * time.Minute
	DefaultPerAccount = 4
	DefaultMatches    = 1000
	DefaultKeep       = 200
)

// withDefaults fills c's zero fields.
func (c Config) withDefaults() Config {
	set := func(v *time.Duration, d time.Duration) {
		if *v == 0 {
			*v = d
		}
	}
	set(&c.Move, DefaultMove)
	set(&c.Bank, DefaultBank)
	set(&c.Wait, DefaultWait)
	for _, f := range []struct {
		v *int
		d int
	}{{&c.PerAccount, DefaultPerAccount}, {&c.Matches, DefaultMatches}, {&c.Keep, DefaultKeep}} {
		if *f.v <= 0 {
			*f.v = f.d
		}
	}
	if c.Scope == "" {
		c.Scope = DefaultScope
	}
	if c.Seed == nil {
		c.Seed = func() uint64 {
			var b [8]byte
			rand.Read(b[:])
			return binary.LittleEndian.Uint64(b[:])
		}
	}
	if c.Log == nil {
		c.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return c
}

// Pusher sends a player an answer unasked: netplay's Server.
type Pusher interface {
	Push(accountID int64, a netplay.Answer) int
}

// Runner is AIBG's matches for programs: the netplay.Handler of the spec's fourteen
// message types. It pairs programs by gameId (a match waiting for its second player
// is held here, in memory), then hands the match to the host (aibghost.Ab.Open),
// which stores it, runs its clocks and ends it; the Runner answers the programs'
// commands from the hosted match, makes their choices through the host, and tells
// them when their choice is due or the match is over (the host's listener). It is
// safe for concurrent use: each match has its own lock (a waiting match's, then the
// host's table's), so no match waits for another.
type Runner struct {
	cfg Config
	h   *host.Host
	ab  *aibghost.Ab

	mu         sync.Mutex
	push       Pusher
	waiting    map[int64]*entry // gameId: matches waiting for their second player
	live       map[int64]int64  // gameId: the host's table of a match in play
	done       map[int64]*final // gameId: finished matches kept, oldest first in order
	order      []int64
	perAccount map[int64]int // matches not finished, per account seated
	stale      map[seat]bool // seats of matches taken up after a restart, not told yet
	wake       chan struct{} // a waiting match was opened: Run looks again
}

// seat is one seat of a hosted match.
type seat struct {
	table int64
	p     int
}

// entry is a match waiting for its second player, behind its lock.
type entry struct {
	mu     sync.Mutex
	m      *Match
	opened time.Time
	ended  bool // paired (now the host's) or dropped
}

// final is a finished match, kept for its answers.
type final struct {
	m *Match
}

// New makes a Runner on cfg.Host, taking up the matches the host restored (their
// programs are told their choice is due at their first command); it tells nobody
// anything until Attach.
func New(cfg Config) (*Runner, error) {
	cfg = cfg.withDefaults()
	if cfg.Host == nil {
		return nil, errors.New("aibgnet: a host is required (Config.Host)")
	}
	ab := aibghost.Of(cfg.Host)
	if ab == nil {
		return nil, errors.New("aibgnet: the host does not host AIBG (aibghost.Plug)")
	}
	r := &Runner{cfg: cfg, h: cfg.Host, ab: ab, waiting: map[int64]*entry{}, live: map[int64]int64{}, done: map[int64]*final{},
		perAccount: map[int64]int{}, stale: map[seat]bool{}, wake: make(chan struct{}, 1)}
	for _, a := range r.h.Active() {
		if a.Game != aibghost.Name {
			continue
		}
		t, err := r.h.Lock(a.ID)
		if err != nil {
			continue
		}
		if lob := aibghost.LobbyOf(t); lob != nil && lob.NetGame != 0 && lob.Programs != [2]int64{} {
			r.live[lob.NetGame] = t.Row.ID
			for p := 1; p <= 2; p++ {
				if lob.Program(p) {
					r.perAccount[lob.Programs[p-1]]++
					r.stale[seat{t.Row.ID, p}] = true
				}
			}
		}
		t.Unlock()
	}
	ab.Listen(r.shown)
	return r, nil
}

// Attach gives the runner the server its notices go through (netplay's Server, made
// with the runner as its Handler).
func (r *Runner) Attach(p Pusher) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.push = p
}

// Record is the record of match id, finished, in play or waiting, if the runner
// holds it.
func (r *Runner) Record(id int64) (rec Record, ok bool) {
	s := r.slot(id)
	switch {
	case s.table != 0:
		t, err := r.h.Lock(s.table)
		if err != nil {
			if f := r.final(id); f != nil {
				return f.m.Record(), true
			}
			return Record{}, false
		}
		defer t.Unlock()
		g, err := r.ab.Match(t)
		if err != nil {
			return Record{}, false
		}
		return recordOf(t, g), true
	case s.e != nil:
		s.e.mu.Lock()
		defer s.e.mu.Unlock()
		return s.e.m.Record(), !s.e.ended
	case s.f != nil:
		return s.f.m.Record(), true
	}
	return Record{}, false
}

// Result is how match id ended, if it has.
func (r *Runner) Result(id int64) (res Result, over bool) {
	if f := r.final(id); f != nil {
		return f.m.Result(), true
	}
	return Result{}, false
}

// final is finished match id, if kept.
func (r *Runner) final(id int64) *final {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.done[id]
}

// slot is where match id is: the host's table, a waiting entry, or a finished one.
type slot struct {
	table int64
	e     *entry
	f     *final
}

// slot finds match id.
func (r *Runner) slot(id int64) slot {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t := r.live[id]; t != 0 {
		return slot{table: t}
	}
	if e := r.waiting[id]; e != nil {
		return slot{e: e}
	}
	return slot{f: r.done[id]}
}

// find returns match id, opening it with first in seat 1 when there is none, or says
// why it cannot.
func (r *Runner) find(id int64, first Seat) (slot, string) {
	if s := r.slot(id); s != (slot{}) {
		return s, ""
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if t := r.live[id]; t != 0 { // opened meanwhile
		return slot{table: t}, ""
	}
	if e := r.waiting[id]; e != nil {
		return slot{e: e}, ""
	}
	switch {
	case len(r.waiting)+len(r.live) >= r.cfg.Matches:
		return slot{}, fmt.Sprintf("the server holds its maximum of %d matches; try again when one has ended", r.cfg.Matches)
	case first.Account != 0 && r.perAccount[first.Account] >= r.cfg.PerAccount:
		return slot{}, fmt.Sprintf("you are in %d matches already, the most an account may be in at once; finish one (or let it run out) first", r.cfg.PerAccount)
	}
	m, err := newMatch(id, r.cfg.Seed(), first, r.bank())
	if err != nil {
		return slot{}, "internal error: " + err.Error()
	}
	e := &entry{m: m, opened: r.h.Now()}
	r.waiting[id] = e
	delete(r.done, id)
	if first.Account != 0 {
		r.perAccount[first.Account]++
	}
	r.cfg.Log.Info("aibg: game opened", "game", id, "player", first.Name)
	select {
	case r.wake <- struct{}{}:
	default:
	}
	return slot{e: e}, ""
}

// bank is each program's bank at the start of a match.
func (r *Runner) bank() time.Duration { return max(r.cfg.Bank, 0) }

// Start opens match id with two seats (programs' accounts or the bot), for whoever
// pairs players other than by the programs' own commands (a tournament, the host).
func (r *Runner) Start(id int64, seats [2]Seat) error {
	s, why := r.find(id, seats[0])
	if why != "" {
		return fmt.Errorf("aibgnet: %s", why)
	}
	if s.e == nil {
		return fmt.Errorf("aibgnet: game %d is open already", id)
	}
	s.e.mu.Lock()
	defer s.e.mu.Unlock()
	if s.e.ended || s.e.m.rec.Seats[0] != seats[0] {
		return fmt.Errorf("aibgnet: game %d is open already", id)
	}
	if err := r.join(s.e, seats[1]); err != nil {
		r.drop(s.e, false)
		return fmt.Errorf("aibgnet: game %d: %w", id, err)
	}
	return nil
}

// join seats s in seat 2 of e's waiting match and hands the match to the host, which
// stores it before anyone is told. e is locked.
func (r *Runner) join(e *entry, s Seat) error {
	if s.Bot != "" {
		if _, err := aibg.NewBot(s.Bot, 0); err != nil {
			return err
		}
	}
	if s.Account != 0 {
		r.mu.Lock()
		full := r.perAccount[s.Account] >= r.cfg.PerAccount
		if !full {
			r.perAccount[s.Account]++
		}
		r.mu.Unlock()
		if full {
			return fmt.Errorf("you are in %d matches already, the most an account may be in at once; finish one (or let it run out) first", r.cfg.PerAccount)
		}
	}
	m := e.m
	rec := m.Record()
	var seats [2]aibghost.Seat
	for i, x := range [2]Seat{rec.Seats[0], s} {
		seats[i] = aibghost.Seat{Program: x.Account, Name: x.Name, Level: x.Bot}
	}
	id := rec.ID
	t, err := r.ab.Open(aibghost.Open{Scope: r.cfg.Scope, Place: r.place(id, [2]string{seats[0].Name, seats[1].Name}), Owner: aibghost.ProgramUser(rec.Seats[0].Account), Seats: seats,
		Seed: rec.Game.Setup.Seed, Move: r.cfg.Move, Bank: r.cfg.Bank, NetGame: id, Before: rec.Game.Actions})
	if err != nil {
		if s.Account != 0 {
			r.mu.Lock()
			r.unseat(s.Account)
			r.mu.Unlock()
		}
		return err
	}
	e.ended = true
	r.mu.Lock()
	delete(r.waiting, id)
	if r.done[id] == nil || r.done[id].m.rec.ID != id { // not over already
		r.live[id] = t.Row.ID
	}
	r.mu.Unlock()
	r.cfg.Log.Info("aibg: game started", "game", id, "table", t.Row.ID, "player1", rec.Seats[0].Name, "player2", s.Name, "seed", rec.Game.Setup.Seed)
	return nil
}

// place is where match id is shown: Config.Show's place, or none (Place).
func (r *Runner) place(id int64, names [2]string) string {
	if r.cfg.Show == nil {
		return Place(id)
	}
	p, err := r.cfg.Show(id, names)
	if err != nil || p == "" {
		r.cfg.Log.Warn("aibg: the match is shown nowhere", "game", id, "err", err)
		return Place(id)
	}
	return p
}

// Place is the store's place of network match id when no channel shows it: each its
// own (aibghost.NetPlace).
func Place(id int64) string { return aibghost.NetPlace(id) }

// unseat uncounts one match of account. r.mu is held.
func (r *Runner) unseat(account int64) {
	if r.perAccount[account]--; r.perAccount[account] <= 0 {
		delete(r.perAccount, account)
	}
}

// shown is the host's listener: a hosted match's screen is going up, so its
// programs are told their choice is due, or that the match is over. t is locked.
func (r *Runner) shown(t *host.Table) {
	lob := aibghost.LobbyOf(t)
	g, err := r.ab.Match(t)
	if err != nil {
		r.cfg.Log.Error("aibg: a hosted match does not rebuild", "game", lob.NetGame, "table", t.Row.ID, "err", err)
		return
	}
	if !t.Row.Status.Active() {
		r.over(t, g)
		return
	}
	now := r.h.Now()
	for p := 1; p <= 2; p++ {
		if lob.Program(p) && !g.Chosen(p) {
			r.notify(t, g, p, EventYourMove, now)
		}
	}
}

// over tells a finished match's programs, and keeps it as finished. t is locked.
func (r *Runner) over(t *host.Table, g *aibg.Game) {
	lob := aibghost.LobbyOf(t)
	for p := 1; p <= 2; p++ {
		if lob.Program(p) {
			r.notify(t, g, p, EventGameOver, time.Time{})
		}
	}
	rec := recordOf(t, g)
	m, err := Restore(rec)
	if err != nil {
		r.cfg.Log.Error("aibg: a finished match does not restore", "game", rec.ID, "err", err)
		return
	}
	res := resultOf(t, g)
	r.cfg.Log.Info("aibg: game over", "game", rec.ID, "table", t.Row.ID, "result", res.Result.String(), "rounds", fmt.Sprint(res.RoundsWon))
	r.mu.Lock()
	if r.live[rec.ID] == t.Row.ID {
		delete(r.live, rec.ID)
	}
	if r.done[rec.ID] == nil {
		r.order = append(r.order, rec.ID)
	}
	r.done[rec.ID] = &final{m: m}
	for len(r.order) > r.cfg.Keep {
		delete(r.done, r.order[0])
		r.order = r.order[1:]
	}
	for p := 1; p <= 2; p++ {
		if lob.Program(p) {
			r.unseat(lob.Programs[p-1])
		}
		delete(r.stale, seat{t.Row.ID, p})
	}
	r.mu.Unlock()
	if r.cfg.Finished != nil {
		r.cfg.Finished(rec, res)
	}
}

// recordOf is a hosted match's Record.
func recordOf(t *host.Table, g *aibg.Game) Record {
	lob := aibghost.LobbyOf(t)
	rec := Record{ID: lob.NetGame, Seats: seatsOf(lob), Game: g.Record(), Bank: lob.Bank}
	for i, a := range rec.Game.Actions {
		if a.Kind == aibg.ActMove && a.Move == aibghost.TimeoutMove {
			rec.Timeouts = append(rec.Timeouts, i)
		}
	}
	return rec
}

// seatsOf are a hosted match's seats.
func seatsOf(lob *aibghost.Lobby) [2]Seat {
	var out [2]Seat
	for i := range 2 {
		if l := lob.Levels[i]; l != "" {
			out[i] = Seat{Name: "bot (" + l + ")", Bot: l}
		} else {
			out[i] = Seat{Account: lob.Programs[i], Name: lob.Names[i]}
		}
	}
	return out
}

// resultOf is how a hosted match ended.
func resultOf(t *host.Table, g *aibg.Game) Result {
	res := Result{RoundsWon: [2]int{g.RoundsWon(1), g.RoundsWon(2)}}
	if t.Row.Result != nil {
		res.Result = *t.Row.Result
	}
	return res
}

// The events of a Notice.
const (
	EventYourMove   = "YOUR_MOVE"   // your selection or move is due
	EventGameOver   = "GAME_OVER"   // the match has ended
	EventNoOpponent = "NO_OPPONENT" // nobody took the second seat in time: the match was dropped
)

// Notice is what the game sends a program unasked, as the serverMessage of an answer
// whose gamePhase is the match's: its move is due, or the match is over. It always
// has event and gameId, which no answer to a command has.
type Notice struct {
	Event      string        `json:"event"`
	GameID     int64         `json:"gameId"`
	Player     int           `json:"player"`             // your seat, 1 or 2 (your creatures' ids are 1-12 as player 1, 13-24 as player 2)
	Opponent   string        `json:"opponent,omitempty"` // the other seat's name
	Round      int           `json:"round"`
	Turn       int           `json:"turn"`
	TimeLeftMs int64         `json:"timeLeftMs,omitempty"` // YOUR_MOVE: your time for this choice, bank included
	TimedOut   bool          `json:"timedOut,omitempty"`   // your last selection or move was made by the clock
	LastTurn   *aibg.TurnLog `json:"lastTurn,omitempty"`   // the turn that has just resolved, if one has
	Result     *Result       `json:"result,omitempty"`     // GAME_OVER
}

// notify pushes event to seat p of a hosted match, a program's. t is locked.
func (r *Runner) notify(t *host.Table, g *aibg.Game, p int, event string, now time.Time) {
	lob := aibghost.LobbyOf(t)
	names := seatsOf(lob)
	n := Notice{Event: event, GameID: lob.NetGame, Player: p, Opponent: names[2-p].Name, Round: g.Round(), Turn: g.Turn(),
		TimedOut: lob.Late[p-1], LastTurn: aibghost.LastTurn(t)}
	phase := aibg.GameOver
	switch event {
	case EventYourMove:
		n.TimeLeftMs = lob.TimeLeft(p, now).Milliseconds()
		phase = g.Phase()
	case EventGameOver:
		res := resultOf(t, g)
		n.Result = &res
	}
	r.pushTo(lob.Programs[p-1], netplay.Answer{GamePhase: string(phase), ServerMessage: n})
}

// pushTo pushes a to account, once the runner is attached.
func (r *Runner) pushTo(account int64, a netplay.Answer) {
	r.mu.Lock()
	push := r.push
	r.mu.Unlock()
	if push != nil {
		push.Push(account, a)
	}
}

// drop removes a waiting match (nobody joined in time, or its start failed), telling
// its opener when told. e is locked.
func (r *Runner) drop(e *entry, told bool) {
	e.ended = true
	s := e.m.rec.Seats[0]
	r.mu.Lock()
	if r.waiting[e.m.rec.ID] == e {
		delete(r.waiting, e.m.rec.ID)
	}
	if s.Account != 0 {
		r.unseat(s.Account)
	}
	r.mu.Unlock()
	if told && s.Account != 0 {
		r.pushTo(s.Account, netplay.Answer{GamePhase: string(e.m.Phase()), ServerMessage: Notice{Event: EventNoOpponent, GameID: e.m.rec.ID, Player: 1}})
		r.cfg.Log.Info("aibg: game dropped: nobody joined", "game", e.m.rec.ID)
	}
}

// Tick drops the waiting matches nobody joined within Config.Wait, by the host's
// clock, and returns when the next would be dropped (zero for none). The clocks of
// the matches in play are the host's (its stored deadlines), not the runner's.
func (r *Runner) Tick() time.Time {
	now := r.h.Now()
	r.mu.Lock()
	es := make([]*entry, 0, len(r.waiting))
	for _, e := range r.waiting {
		es = append(es, e)
	}
	r.mu.Unlock()
	sort.Slice(es, func(i, j int) bool { return es[i].m.rec.ID < es[j].m.rec.ID })
	var next time.Time
	for _, e := range es {
		e.mu.Lock()
		if !e.ended {
			if d := e.opened.Add(r.cfg.Wait); !now.Before(d) {
				r.drop(e, true)
			} else if next.IsZero() || d.Before(next) {
				next = d
			}
		}
		e.mu.Unlock()
	}
	return next
}

// Run drops the waiting matches nobody joins until ctx is done: it calls Tick when
// one is due, on the host's clock, checking at least once a minute.
func (r *Runner) Run(ctx context.Context) {
	t := time.NewTimer(time.Minute)
	defer t.Stop()
	for {
		wait := time.Minute
		if next := r.Tick(); !next.IsZero() {
			wait = min(wait, max(0, next.Sub(r.h.Now())))
		}
		t.Reset(wait)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-r.wake:
		}
	}
}
