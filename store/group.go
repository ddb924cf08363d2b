package store

import (
	"context"
	"slices"
	"sync"
)

// Group commit. Every write transaction (DB.tx) joins a queue; the writer that finds
// no batch running leads: it takes whatever is waiting, runs each write in one shared
// transaction under a savepoint of its own, and commits once (one fsync for all of
// them), then hands the lead to the first writer that queued meanwhile. Each writer
// returns only when the transaction holding its write has committed, with its own
// outcome: a write that fails is rolled back to its savepoint and fails alone, and
// "committed before shown" holds as before, since no caller learns of success before
// the commit is durable. No goroutine runs in the background, and a writer never waits
// for a timer: a batch is whatever queued while the previous one was committing.

// maxBatch bounds how many writes share one transaction, so that a writer never waits
// for an unbounded amount of other work before its commit.
const maxBatch = 128

// savepoint names the savepoint each write of a shared transaction runs under.
const savepoint = "kombat_write"

// groupCommit is the queue of writes waiting for a transaction.
type groupCommit struct {
	mu      sync.Mutex
	leading bool     // a writer runs a batch; the queue waits for it
	queue   []*write // in arrival order; never empty but while leading
	batches int      // batches run so far (the tests' evidence of sharing)
}

// write is one caller's transaction, waiting for a batch.
type write struct {
	ctx  context.Context // the caller's: its statements run with it
	f    func(*txn) error
	done chan error    // its outcome, sent once its batch has committed or it failed
	lead chan struct{} // sent when the writer is to lead the next batch
}

// tx runs f in a write transaction, committing when it returns nil, perhaps together
// with other writes waiting at the same time (group commit); it returns once the
// commit is durable, or f's error with nothing of f's written. With _txlock=immediate
// an SQLite transaction holds the write lock from its first statement, so what f reads
// cannot change before it writes; a PostgreSQL transaction takes the same lock first
// (pool.begin). f may run more than once (when another write of its batch cost the
// transaction, see tryBatch), so it must leave nothing behind but what it returns.
func (db *DB) tx(ctx context.Context, f func(*txn) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	w := &write{ctx: ctx, f: f, done: make(chan error, 1), lead: make(chan struct{}, 1)}
	g := &db.group
	g.mu.Lock()
	g.queue = append(g.queue, w)
	if !g.leading {
		g.leading = true
		g.mu.Unlock()
		return db.lead(w)
	}
	g.mu.Unlock()
	select {
	case err := <-w.done:
		return err
	case <-w.lead:
		return db.lead(w)
	case <-ctx.Done():
	}
	// Given up: leave the queue, unless the write is already in a batch (then its
	// outcome is coming) or was just handed the lead (which it must take, or no one
	// would run the queue).
	g.mu.Lock()
	select {
	case <-w.lead:
		g.mu.Unlock()
		return db.lead(w)
	default:
	}
	if i := slices.Index(g.queue, w); i >= 0 {
		g.queue = slices.Delete(g.queue, i, i+1)
		g.mu.Unlock()
		return ctx.Err()
	}
	g.mu.Unlock()
	return <-w.done
}

// lead runs one batch, which holds self (the queue's first write), hands the lead on
// to the first write that queued meanwhile, and returns self's outcome.
func (db *DB) lead(self *write) error {
	g := &db.group
	g.mu.Lock()
	n := min(len(g.queue), maxBatch)
	batch := slices.Clone(g.queue[:n])
	g.queue = slices.Delete(g.queue, 0, n)
	g.batches++
	g.mu.Unlock()

	// The batch is everyone's: the leader giving up must not roll it back.
	ctx := context.WithoutCancel(self.ctx)
	for len(batch) > 0 {
		batch = db.tryBatch(ctx, batch)
	}

	g.mu.Lock()
	if len(g.queue) > 0 {
		g.queue[0].lead <- struct{}{}
	} else {
		g.leading = false
	}
	g.mu.Unlock()
	return <-self.done
}

// tryBatch runs the writes of batch in one transaction and commits it, telling each
// write its outcome, except the writes it returns: those are to run again in a new
// transaction, because one write's failure cost the whole transaction (SQLite rolls a
// transaction back by itself on some errors, an interrupted statement or a full disk;
// the savepoint is then gone too).
func (db *DB) tryBatch(ctx context.Context, batch []*write) (again []*write) {
	batch = slices.DeleteFunc(batch, func(w *write) bool {
		if err := w.ctx.Err(); err != nil { // given up before its transaction began
			w.done <- err
			return true
		}
		return false
	})
	if len(batch) == 0 {
		return nil
	}
	tx, err := db.sql.begin(ctx)
	if err != nil {
		for _, w := range batch {
			w.done <- err
		}
		return nil
	}
	if len(batch) == 1 { // alone: no savepoint needed
		w := batch[0]
		if err := w.f(tx); err != nil {
			tx.Rollback()
			w.done <- err
			return nil
		}
		w.done <- tx.Commit()
		return nil
	}
	var applied []*write
	for i, w := range batch {
		err := savepointed(ctx, tx, w.f)
		if err == nil {
			applied = append(applied, w)
			continue
		}
		if _, rb := tx.ExecContext(ctx, "ROLLBACK TO "+savepoint); rb == nil {
			if _, rb = tx.ExecContext(ctx, "RELEASE "+savepoint); rb == nil {
				w.done <- err // undone alone; the others go on
				continue
			}
		}
		// The transaction went with the failure: the others start again without it.
		tx.Rollback()
		w.done <- err
		return append(applied, batch[i+1:]...)
	}
	err = tx.Commit()
	for _, w := range applied {
		w.done <- err
	}
	return nil
}

// savepointed runs f under a savepoint of tx and releases it when f succeeds.
func savepointed(ctx context.Context, tx *txn, f func(*txn) error) error {
	if _, err := tx.ExecContext(ctx, "SAVEPOINT "+savepoint); err != nil {
		return err
	}
	if err := f(tx); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, "RELEASE "+savepoint)
	return err
}

// exec runs one statement, q with ? placeholders, as a write transaction of its own
// (tx: perhaps sharing a commit with other writes).
func (db *DB) exec(ctx context.Context, q string, args ...any) (n int64, err error) {
	err = db.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}
