package aibgnet

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/netplay"
)

// Config is a Runner's settings; zero fields take their defaults.
type Config struct {
	Move       time.Duration // a program's time for each selection and move (A18); 0: 2 s
	Bank       time.Duration // a program's bank for the match, spent when a move takes longer (A18); 0: 30 s, negative: none
	Wait       time.Duration // how long an opened match waits for its second player before it is dropped; 0: 10 min
	PerAccount int           // matches an account may be in at once (waiting or playing); 0: 4
	Matches    int           // matches open at once in all; 0: 1000
	Keep       int           // finished matches kept for their answers and records; 0: 200
	// Now is the server's clock, which every clock of a match runs on; nil: time.Now.
	// Tests move their own, and call Tick.
	Now func() time.Time
	// Seed gives each new match its seed; nil: random.
	Seed func() uint64
	// Finished, when set, is told each match's end with its record (the host stores
	// it); it is called with the match locked, so it must not block.
	Finished func(Record, Result)
	Log      *slog.Logger // nil: no log
}

// The defaults of Config.
const (
	DefaultMove       = 2 * time.Second
	DefaultBank       = 30 * time.Second
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
	c.Bank = max(c.Bank, 0)
	for _, f := range []struct {
		v *int
		d int
	}{{&c.PerAccount, DefaultPerAccount}, {&c.Matches, DefaultMatches}, {&c.Keep, DefaultKeep}} {
		if *f.v <= 0 {
			*f.v = f.d
		}
	}
	if c.Now == nil {
		c.Now = time.Now
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

// Runner runs AIBG's matches for programs: it is the netplay.Handler of the spec's
// fourteen message types, pairs programs by gameId, runs their clocks and tells them
// when their move is due. It is safe for concurrent use: each match has its own lock,
// so no match waits for another.
type Runner struct {
	cfg  Config
	wake chan struct{} // a deadline was set: Run looks again

	mu         sync.Mutex
	push       Pusher
	matches    map[int64]*entry
	open       int           // matches not finished
	perAccount map[int64]int // matches not finished, per account seated
	done       []int64       // finished matches kept, oldest first
}

// entry is one match behind its lock.
type entry struct {
	mu    sync.Mutex
	m     *Match
	ended bool // finished and counted as such (or dropped unpaired)
}

// New makes a Runner; it tells nobody anything until Attach.
func New(cfg Config) *Runner {
	return &Runner{cfg: cfg.withDefaults(), wake: make(chan struct{}, 1), matches: map[int64]*entry{}, perAccount: map[int64]int{}}
}

// Attach gives the runner the server its notices go through (netplay's Server, made
// with the runner as its Handler).
func (r *Runner) Attach(p Pusher) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.push = p
}

// clocks are the runner's time rules.
func (r *Runner) clocks() clocks { return clocks{move: r.cfg.Move, bank: r.cfg.Bank} }

// Record is the record of match id, finished or in play, if the runner holds it.
func (r *Runner) Record(id int64) (rec Record, ok bool) {
	ok = r.with(id, func(m *Match) { rec = m.Record() })
	return rec, ok
}

// Result is how match id ended, if it has.
func (r *Runner) Result(id int64) (res Result, over bool) {
	r.with(id, func(m *Match) { res, over = m.Result(), m.Over() })
	return res, over
}

// with calls f with match id locked, if the runner holds it.
func (r *Runner) with(id int64, f func(*Match)) bool {
	e := r.lookup(id)
	if e == nil {
		return false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	f(e.m)
	return true
}

// lookup finds match id.
func (r *Runner) lookup(id int64) *entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.matches[id]
}

// Start opens match id with two seats (programs' accounts or bots), for whoever pairs
// players other than by the programs' own commands (a tournament, the host).
func (r *Runner) Start(id int64, seats [2]Seat) error {
	now := r.cfg.Now()
	e, why := r.find(id, seats[0], now)
	if why != "" {
		return fmt.Errorf("aibgnet: %s", why)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.m.rec.Seats[0] != seats[0] || e.m.Paired() {
		return fmt.Errorf("aibgnet: game %d is open already", id)
	}
	if err := r.join(e, seats[1], now); err != nil {
		r.forget(e)
		return fmt.Errorf("aibgnet: game %d: %w", id, err)
	}
	return nil
}

// Resume takes back a match from its record (one the host stored before a restart):
// the clocks of the choices due start again from now, each seat with the bank its
// record kept, and the programs are told their choice is due.
func (r *Runner) Resume(rec Record) error {
	m, err := Restore(rec)
	if err != nil {
		return err
	}
	m.opened = r.cfg.Now()
	e := &entry{m: m}
	e.mu.Lock()
	defer e.mu.Unlock()
	r.mu.Lock()
	if r.matches[rec.ID] != nil {
		r.mu.Unlock()
		return fmt.Errorf("aibgnet: game %d is held already", rec.ID)
	}
	r.matches[rec.ID] = e
	r.open++
	for _, s := range rec.Seats {
		if s.Account != 0 {
			r.perAccount[s.Account]++
		}
	}
	r.mu.Unlock()
	if m.Paired() {
		r.advance(e, m.opened)
	}
	return nil
}

// find returns match id, opening it with first in seat 1 when there is none, or says
// why it cannot.
func (r *Runner) find(id int64, first Seat, now time.Time) (*entry, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e := r.matches[id]; e != nil {
		return e, ""
	}
	switch {
	case r.open >= r.cfg.Matches:
		return nil, fmt.Sprintf("the server holds its maximum of %d matches; try again when one has ended", r.cfg.Matches)
	case first.Account != 0 && r.perAccount[first.Account] >= r.cfg.PerAccount:
		return nil, fmt.Sprintf("you are in %d matches already, the most an account may be in at once; finish one (or let it run out) first", r.cfg.PerAccount)
	}
	m, err := newMatch(id, r.cfg.Seed(), first, r.cfg.Bank, now)
	if err != nil {
		return nil, "internal error: " + err.Error()
	}
	e := &entry{m: m}
	r.matches[id] = e
	r.open++
	if first.Account != 0 {
		r.perAccount[first.Account]++
	}
	r.cfg.Log.Info("aibg: game opened", "game", id, "player", first.Name)
	r.poke()
	return e, ""
}

// join seats s in seat 2 of e's match and starts it. e is locked.
func (r *Runner) join(e *entry, s Seat, now time.Time) error {
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
	if err := e.m.seat(2, s); err != nil {
		return err
	}
	s1 := e.m.rec.Seats[0]
	r.cfg.Log.Info("aibg: game started", "game", e.m.rec.ID, "player1", s1.Name, "player2", s.Name, "seed", e.m.rec.Game.Setup.Seed)
	r.advance(e, now)
	return nil
}

// advance lets the bots act, then starts the clocks of the programs whose choice is
// due and tells them, or ends the match. e is locked.
func (r *Runner) advance(e *entry, now time.Time) {
	m := e.m
	if err := m.botsMove(); err != nil {
		r.cfg.Log.Error("aibg: a bot failed", "game", m.rec.ID, "err", err)
	}
	if m.Over() {
		r.finish(e)
		return
	}
	for p := 1; p <= 2; p++ {
		if m.start(p, now, r.clocks()) {
			r.notify(m, p, now, EventYourMove)
		}
	}
	m.last = nil
	r.poke()
}

// finish tells the programs the match is over, and counts it finished. e is locked.
func (r *Runner) finish(e *entry) {
	if e.ended {
		return
	}
	e.ended = true
	m := e.m
	m.started, m.deadline = [2]time.Time{}, [2]time.Time{}
	for p := 1; p <= 2; p++ {
		r.notify(m, p, time.Time{}, EventGameOver)
	}
	m.last = nil
	res := m.Result()
	r.cfg.Log.Info("aibg: game over", "game", m.rec.ID, "result", res.Result.String(), "rounds", fmt.Sprint(res.RoundsWon))
	r.mu.Lock()
	r.release(m)
	r.done = append(r.done, m.rec.ID)
	for len(r.done) > r.cfg.Keep {
		delete(r.matches, r.done[0])
		r.done = r.done[1:]
	}
	r.mu.Unlock()
	if r.cfg.Finished != nil {
		r.cfg.Finished(m.Record(), res)
	}
}

// release uncounts m's seats from the matches open. r.mu is held.
func (r *Runner) release(m *Match) {
	r.open--
	for _, s := range m.rec.Seats {
		if s.Account == 0 {
			continue
		}
		if r.perAccount[s.Account]--; r.perAccount[s.Account] <= 0 {
			delete(r.perAccount, s.Account)
		}
	}
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

// notify pushes event to seat p, if a program sits there.
func (r *Runner) notify(m *Match, p int, now time.Time, event string) {
	s := m.rec.Seats[p-1]
	if s.Account == 0 || s.Bot != "" {
		return
	}
	n := Notice{Event: event, GameID: m.rec.ID, Player: p, Opponent: m.rec.Seats[2-p].Name, Round: m.game.Round(), Turn: m.game.Turn(),
		TimedOut: m.timedOut[p-1], LastTurn: m.last}
	switch event {
	case EventYourMove:
		n.TimeLeftMs = m.timeLeft(p, now).Milliseconds()
	case EventGameOver:
		res := m.Result()
		n.Result = &res
	}
	r.mu.Lock()
	push := r.push
	r.mu.Unlock()
	if push != nil {
		push.Push(s.Account, netplay.Answer{GamePhase: string(m.Phase()), ServerMessage: n})
	}
}

// expire makes, for each seat whose time has run out at now, the choice the clock
// makes (A18), earliest deadline first, or drops a match nobody joined in time. e is
// locked.
func (r *Runner) expire(e *entry, now time.Time) {
	m := e.m
	if e.ended {
		return
	}
	if !m.Paired() {
		if now.Sub(m.opened) >= r.cfg.Wait {
			r.drop(e)
		}
		return
	}
	seats := []int{1, 2}
	slices.SortStableFunc(seats, func(a, b int) int { return m.deadline[a-1].Compare(m.deadline[b-1]) })
	acted := false
	for _, p := range seats {
		d := m.deadline[p-1]
		if d.IsZero() || now.Before(d) || m.Over() {
			continue
		}
		m.stop(p, now, r.clocks())
		if _, err := m.act(p, m.missed(p), true); err != nil {
			r.cfg.Log.Error("aibg: the clock's choice failed", "game", m.rec.ID, "player", p, "err", err)
		}
		acted = true
	}
	if acted {
		r.advance(e, now)
	}
}

// drop removes a match that nobody joined in time, telling its opener.
func (r *Runner) drop(e *entry) {
	r.notify(e.m, 1, time.Time{}, EventNoOpponent)
	r.cfg.Log.Info("aibg: game dropped: nobody joined", "game", e.m.rec.ID)
	r.forget(e)
}

// forget removes a match that never started. e is locked.
func (r *Runner) forget(e *entry) {
	e.ended = true
	r.mu.Lock()
	defer r.mu.Unlock()
	r.release(e.m)
	delete(r.matches, e.m.rec.ID)
}

// due is when e next needs the clock: a deadline, or the end of an unpaired match's
// wait. Zero for none. e is locked.
func (r *Runner) due(e *entry) time.Time {
	if e.ended {
		return time.Time{}
	}
	if !e.m.Paired() {
		return e.m.opened.Add(r.cfg.Wait)
	}
	return e.m.due()
}

// entries are the matches not finished.
func (r *Runner) entries() []*entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]*entry, 0, r.open)
	for _, e := range r.matches {
		out = append(out, e)
	}
	return out
}

// Tick makes what the clocks owe at the runner's Now: the choices of the players whose
// time has run out, the matches nobody joined dropped. Run calls it when a deadline
// comes; a test calls it after moving its clock. It returns the next deadline (zero
// when no clock runs).
func (r *Runner) Tick() time.Time {
	now := r.cfg.Now()
	var next time.Time
	for _, e := range r.entries() {
		e.mu.Lock()
		if d := r.due(e); !d.IsZero() && !now.Before(d) {
			r.expire(e, now)
		}
		if d := r.due(e); !d.IsZero() && (next.IsZero() || d.Before(next)) {
			next = d
		}
		e.mu.Unlock()
	}
	return next
}

// poke tells Run that a deadline may have come nearer.
func (r *Runner) poke() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// Run keeps the clocks until ctx is done: it calls Tick at each deadline, on the
// runner's clock (Config.Now), checking at least once a minute.
func (r *Runner) Run(ctx context.Context) {
	t := time.NewTimer(time.Minute)
	defer t.Stop()
	for {
		wait := time.Minute
		if next := r.Tick(); !next.IsZero() {
			wait = min(wait, max(0, next.Sub(r.cfg.Now())))
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
