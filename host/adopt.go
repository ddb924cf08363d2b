package host

import (
	"context"
	"errors"
	"time"

	"github.com/kombat-game/kombat/store"
)

// Processes that share a database. Every game is run by the one process that claims
// it (store.ClaimGame: on PostgreSQL a session advisory lock), and a process reads,
// runs and clears only the deadlines and screens of the games it holds. Two things
// move a game between processes, and both go through here:
//   - a process that ends (a crash, a rolling deploy's old half) lets its games go
//     with its session; Adopt, run every few seconds by Tick, takes up the active
//     games of this process's share that nobody holds;
//   - a process whose claims' session ended (the database restarted, the network cut)
//     has lost its games to whoever claims them first: checkClaims stops hosting them
//     at once, loudly, and Adopt takes them up again from the store, on a new session,
//     if no other process did meanwhile.

// AdoptGrace is how old a game must be before Adopt takes it up: another process that
// has just created it has not claimed it yet (its row comes first). This process's own
// creations are ordered by h.adopting instead.
const AdoptGrace = 30 * time.Second

// scanEvery is how often Tick runs Adopt.
const scanEvery = 5 * time.Second

// Adopt takes up the active games of this process's share that no process holds (the
// one that ran them ended, or lost its claims), as Restore would at start-up: it
// claims each, loads it from the store with the screen it owes, and starts what it
// needs (the screen's delivery, its bot's turn, an auto game's next turn); its deadlines
// run here from then on. It also clears the deadlines of games that have ended. It
// returns how many games it took up.
func (h *Host) Adopt(ctx context.Context) int {
	if h.ctx.Err() != nil {
		return 0 // closing: nothing new starts
	}
	if _, err := h.db.ClearEndedDeadlines(ctx); err != nil {
		h.log.Error("clear ended games' deadlines", "err", err)
	}
	heads, err := h.db.ActiveHeads(ctx)
	if err != nil {
		h.log.Error("look for games no process hosts", "err", err)
		return 0
	}
	h.adopting.Lock()
	defer h.adopting.Unlock()
	now, n := h.clock.Now(), 0
	for _, head := range heads {
		if h.tables.get(head.ID) != nil || h.unhostable[head.ID] || !h.opt.Mine(head) ||
			now.Sub(head.CreatedAt) < AdoptGrace && !h.relost[head.ID] {
			continue
		}
		claim, err := h.db.ClaimGame(ctx, head.ID)
		if err != nil {
			if !errors.Is(err, store.ErrClaimed) {
				h.log.Error("claim a game no process hosts", "game", head.ID, "err", err)
			}
			continue
		}
		delete(h.relost, head.ID)
		if h.adopt(ctx, head.ID, claim) {
			n++
		}
	}
	if len(h.relost) > 0 { // those not active any more ended meanwhile
		active := map[int64]bool{}
		for _, head := range heads {
			active[head.ID] = true
		}
		for id := range h.relost {
			if !active[id] {
				delete(h.relost, id)
			}
		}
	}
	h.lostNow.Store(int64(len(h.relost)))
	for _, p := range h.notes {
		h.front.Tell(p.t, p.n)
	}
	h.notes = nil
	return n
}

// Lost is how many games this process lost with its claims' session and has not taken
// up again (nor seen end): more than 0 while the database is away, for health checks.
func (h *Host) Lost() int { return int(h.lostNow.Load()) }

// adopt loads a game just claimed and starts it; the caller holds h.adopting.
func (h *Host) adopt(ctx context.Context, id int64, claim *store.Claim) bool {
	giveUp := func(what string, err error) bool {
		h.log.Error(what, "game", id, "err", err)
		if err := claim.Release(h.wctx); err != nil {
			h.log.Warn("release game", "game", id, "err", err)
		}
		return false
	}
	row, err := h.db.Game(ctx, id)
	if err != nil {
		return giveUp("load a game to take it up", err)
	}
	if !row.Status.Active() {
		return giveUp("take up a game", errors.New("it ended meanwhile"))
	}
	var owed *store.Screen
	switch s, err := h.db.OwedScreen(ctx, id); {
	case err == nil:
		owed = &s
	case !errors.Is(err, store.ErrNotFound):
		return giveUp("load the screen a game owes to take it up", err)
	}
	t := h.host(ctx, row, claim)
	if t == nil {
		return false
	}
	h.log.Warn("took up a game no process was hosting", "game", id, "status", row.Status)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.owed = owed
	h.wake(t)
	return true
}

// checkClaims stops hosting, at once, the games whose claims went with their session:
// another process may be running them now. They come back through Adopt, on a new
// session, when nobody else took them.
func (h *Host) checkClaims(ctx context.Context) {
	err := h.db.CheckClaims(ctx)
	lost := h.db.LostClaims()
	if len(lost) == 0 {
		if err != nil {
			h.log.Error("check this process's game claims", "err", err)
		}
		return
	}
	h.adopting.Lock()
	for _, id := range lost {
		h.drop(id)
		h.relost[id] = true
	}
	h.lostNow.Store(int64(len(h.relost)))
	h.adopting.Unlock()
	h.log.Error("lost the database session that held this process's games: stopped hosting them; they are taken up again from the store, by this process or another",
		"games", len(lost), "ids", lost, "err", err)
	h.Adopt(ctx)
}

// drop stops hosting a game whose claim is gone: it leaves the registry, and the loops
// that run it (auto turns, screen retries) end at their next step.
func (h *Host) drop(id int64) {
	t := h.tables.get(id)
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !h.tables.has(t) {
		return
	}
	h.tables.remove(id)
	t.claim, t.dropped = nil, true
}

// reload gives a game up to be loaded again from the store (Adopt), by this process or
// another: what memory holds of it is no longer what is stored. The caller holds the
// lock.
func (h *Host) reload(t *Table) {
	h.tables.remove(t.Row.ID)
	h.release(t)
	t.dropped = true
	h.log.Warn("game given up to be loaded again from the store", "game", t.Row.ID)
}

// backoff is the wait before the nth retry in a row: RetryBase doubled each time, up
// to RetryMax.
func (h *Host) backoff(n int) time.Duration {
	d := h.opt.RetryBase
	for i := 1; i < n && d < h.opt.RetryMax; i++ {
		d *= 2
	}
	return min(d, h.opt.RetryMax)
}

// notHere is why Lock finds no game id here: it is over or gone, or it is active and
// waits to be taken up again (its process restarted, or lost its claims), or another
// process runs it (a press the bot should have left to that process: Elsewhere).
func (h *Host) notHere(id int64) *Refusal {
	row, err := h.db.Game(h.wctx, id)
	if err != nil || !row.Status.Active() {
		return refuse(CodeGone, "This game is over or no longer exists.")
	}
	if held, err := h.db.HeldElsewhere(h.wctx, id); err == nil && held {
		return refuse(CodeElsewhere, "This game is run by another of the bot's processes; it answers there.")
	}
	return refuse(CodeTakingUp, "This game is being taken up again after a restart or an outage; try again in a few seconds.")
}

// Elsewhere reports whether another process runs game id (this one does not host it):
// a press on it is that process's to answer. Discord sends a shard's interactions to
// every process connected as that shard, so during a rolling deploy both halves see
// them, and only the one holding the game may answer.
func (h *Host) Elsewhere(id int64) bool {
	if h.tables.get(id) != nil {
		return false
	}
	held, err := h.db.HeldElsewhere(h.wctx, id)
	if err != nil {
		h.log.Warn("ask who runs a game", "game", id, "err", err)
		return false
	}
	return held
}

// PlaceElsewhere reports whether another process runs the active game at place (a
// channel or thread): a command there is that process's to answer.
func (h *Host) PlaceElsewhere(place string) bool {
	if h.InPlace(place) != nil {
		return false
	}
	row, err := h.db.ActiveAt(h.wctx, place)
	if err != nil {
		return false // no active game there (or the store cannot say): answer here
	}
	return h.Elsewhere(row.ID)
}
