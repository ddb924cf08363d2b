package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
)

// claims are the games this DB has claimed, with, on PostgreSQL, the session that
// holds their advisory locks.
type claims struct {
	mu   sync.Mutex
	held map[int64]bool
	conn *sql.Conn // PostgreSQL: the session holding the locks, opened at the first claim
	// gen counts the sessions: a claim of an earlier one was lost with it, and its
	// Release must not undo a later claim of the same game.
	gen int
	// lost are the games whose locks went with a session that ended (a restart of the
	// server, a cut network), until LostClaims hands them to the host.
	lost []int64
}

// Claim is a game this process runs, and no other process may, until Release. On
// PostgreSQL it is a session advisory lock keyed by the game's id (ApplicationID, id):
// the server drops it when this process's connection ends, by Close, a crash or a
// lost network, so another shard may then take the game over. On SQLite, a
// one-process store, it keeps two callers of the same DB from running one game.
type Claim struct {
	db  *DB
	id  int64
	gen int
}

// ClaimGame claims game id for this process, or returns ErrClaimed when another
// process (or an earlier unreleased claim of this DB) has it. It is cheap: call it
// before loading a game to run it, and give up the game on ErrClaimed. When the
// session holding the claims has ended, it opens a new one: the games claimed on the
// old one are lost (LostClaims), not silently kept.
func (db *DB) ClaimGame(ctx context.Context, id int64) (*Claim, error) {
	fail := func(err error) (*Claim, error) { return nil, fmt.Errorf("store: claim game %d: %w", id, err) }
	if id <= 0 || id > math.MaxInt32 {
		return fail(fmt.Errorf("%w: a game id from 1 to %d", ErrInvalidInput, math.MaxInt32))
	}
	c := &db.claims
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held[id] {
		return fail(fmt.Errorf("%w: this process has claimed it already", ErrClaimed))
	}
	if db.d.postgres {
		got, err := c.tryLock(ctx, db, id)
		if err != nil && c.check(ctx) != nil {
			// The session had ended (the server restarted): its claims are lost, and
			// this one is tried once more on a new session.
			got, err = c.tryLock(ctx, db, id)
		}
		if err != nil {
			return fail(err)
		}
		if !got {
			return fail(ErrClaimed)
		}
	}
	if c.held == nil {
		c.held = map[int64]bool{}
	}
	c.held[id] = true
	return &Claim{db: db, id: id, gen: c.gen}, nil
}

// tryLock takes game id's advisory lock on the claims' session, opening the session
// first if there is none. The caller holds c.mu.
func (c *claims) tryLock(ctx context.Context, db *DB, id int64) (bool, error) {
	if c.conn == nil {
		conn, err := db.sql.Conn(ctx)
		if err != nil {
			return false, err
		}
		c.conn = conn
	}
	var got bool
	err := c.conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1, $2)`, ApplicationID, id).Scan(&got)
	return got, err
}

// Game is the claimed game's id.
func (c *Claim) Game() int64 { return c.id }

// Held returns nil while the claim holds, and ErrClaimLost once it does not (released,
// or its PostgreSQL session ended, so another process may have taken the game).
func (c *Claim) Held(ctx context.Context) error {
	cs := &c.db.claims
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if !cs.held[c.id] || cs.gen != c.gen {
		return fmt.Errorf("store: game %d: %w: released", c.id, ErrClaimLost)
	}
	if !c.db.d.postgres {
		return nil
	}
	var n int
	err := cs.conn.QueryRowContext(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()
		AND classid = $1 AND objid = $2 AND objsubid = 2 AND granted`, ApplicationID, c.id).Scan(&n)
	if err != nil {
		cs.check(ctx)
		return fmt.Errorf("store: game %d: %w: %w", c.id, ErrClaimLost, err)
	}
	if n == 0 {
		return fmt.Errorf("store: game %d: %w: the lock is gone", c.id, ErrClaimLost)
	}
	return nil
}

// Release gives the game up, for another process to claim. Releasing twice, or a
// claim lost with its session, is a no-op.
func (c *Claim) Release(ctx context.Context) error {
	cs := &c.db.claims
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if !cs.held[c.id] || cs.gen != c.gen {
		return nil
	}
	delete(cs.held, c.id)
	if !c.db.d.postgres {
		return nil
	}
	var released bool
	err := cs.conn.QueryRowContext(ctx, `SELECT pg_advisory_unlock($1, $2)`, ApplicationID, c.id).Scan(&released)
	if err == nil && !released {
		err = errors.New("the lock was not held")
	}
	if err != nil {
		cs.check(ctx)
		return fmt.Errorf("store: release game %d: %w", c.id, err)
	}
	return nil
}

// CheckClaims asks the session that holds this process's claims whether it is still
// alive: nil when it is (or no claim needs one: SQLite, or nothing claimed yet). When
// it has ended, every claim it held is lost (LostClaims lists them) and the error says
// so; the next ClaimGame opens a new session. Call it often: it is one round trip.
func (db *DB) CheckClaims(ctx context.Context) error {
	if !db.d.postgres {
		return nil
	}
	c := &db.claims
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conn == nil {
		return nil
	}
	if err := c.check(ctx); err != nil {
		return fmt.Errorf("store: the session holding this process's game claims has ended: %w", err)
	}
	return nil
}

// check pings the claims' session and, when it is gone, ends it: its games move to
// lost. The caller holds c.mu.
func (c *claims) check(ctx context.Context) error {
	if c.conn == nil {
		return nil
	}
	err := c.conn.PingContext(ctx)
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return err // our caller gave up waiting; that says nothing of the session
	}
	c.conn.Close()
	c.conn = nil
	c.gen++
	for id := range c.held {
		c.lost = append(c.lost, id)
	}
	c.held = nil
	slices.Sort(c.lost)
	return err
}

// LostClaims returns, once, the games whose claims were lost with their session since
// the last call: another process may run them now, so this one must stop.
func (db *DB) LostClaims() []int64 {
	c := &db.claims
	c.mu.Lock()
	defer c.mu.Unlock()
	lost := c.lost
	c.lost = nil
	return lost
}

// close ends the session holding the claims, which releases them all.
func (c *claims) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.held = nil
	c.gen++
	if c.conn == nil {
		return nil
	}
	err := c.conn.Close()
	c.conn = nil
	return err
}

// HeldElsewhere reports whether another process (on SQLite, another holder of this
// DB) has claimed game id: a process that does not hold a game leaves its players'
// presses to the one that does, rather than race it with a wrong answer.
func (db *DB) HeldElsewhere(ctx context.Context, id int64) (bool, error) {
	c := &db.claims
	c.mu.Lock()
	defer c.mu.Unlock()
	if !db.d.postgres {
		return c.held[id], nil
	}
	if c.held[id] {
		return false, nil // this process's own claim
	}
	var held bool
	err := db.sql.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
		AND classid = $1 AND objid = $2 AND objsubid = 2 AND granted)`, ApplicationID, id).Scan(&held)
	if err != nil {
		return false, fmt.Errorf("store: who holds game %d: %w", id, err)
	}
	return held, nil
}
