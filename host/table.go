package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
)

// Table is one hosted game: its stored row and its game's hosted part (Hosted: the
// game's lobby, and its engine rebuilt from the record on first use). Every change happens under its lock, so two
// fast clicks never run a turn twice.
type Table struct {
	mu  sync.Mutex
	Row *store.Game
	// owed is the screen the game's place still needs (nil when it shows the game);
	// retrying says a goroutine is delivering it.
	owed     *store.Screen
	retrying bool
	// fails counts the failures in a row of what the host retries with backoff: an
	// auto turn's commit, a due deadline's action.
	fails int
	// due says RunDue is running the game's due deadlines (at most one run a game).
	due atomic.Bool
	// dropped says the host stopped hosting the game (its claim was lost): loops end.
	dropped bool
	claim   *store.Claim // this process runs the game, no other (PostgreSQL: an advisory lock)
	// hosted is the game's own part, which the core asks rather than asking which
	// game it is (game).
	hosted Hosted
}

// Unlock releases a table taken with Host.Lock.
func (t *Table) Unlock() { t.mu.Unlock() }

// Locked reports whether t's lock is held, by anyone: for a check that a method
// returned its table locked, or left it unlocked.
func (t *Table) Locked() bool {
	if t.mu.TryLock() {
		t.mu.Unlock()
		return false
	}
	return true
}

// Seat returns the user's seat in the game, or 0.
func (t *Table) Seat(user string) int { return t.Row.Seat(user) }

// Human reports whether seat p is played by a person.
func (t *Table) Human(p int) bool { return t.Row.Player(p) != "" }

// Humans lists the seats played by people.
func (t *Table) Humans() []int {
	var out []int
	for p := 1; p <= len(t.Row.Seats); p++ {
		if t.Human(p) {
			out = append(out, p)
		}
	}
	return out
}

// Paused reports whether an auto game (of a game that pauses, Pauser) waits for
// Resume.
func (t *Table) Paused() bool {
	p, ok := t.game().(Pauser)
	return ok && p.Paused()
}

// Owed is the screen the game's place still needs, or nil when it shows the game.
func (t *Table) Owed() *store.Screen { return t.owed }

// registry holds this process's active games. It keeps its own copy of each game's
// place, so it can be searched without taking every game's lock.
type registry struct {
	mu     sync.Mutex
	tables map[int64]*Table
	places map[int64]string
	seats  map[int64][]string // a game's people by seat, a copy as places is (Hosted.Held)
}

func newRegistry() *registry {
	return &registry{tables: map[int64]*Table{}, places: map[int64]string{}, seats: map[int64][]string{}}
}

func (r *registry) add(t *Table) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tables[t.Row.ID] = t
	r.places[t.Row.ID] = t.Row.Place
	r.seats[t.Row.ID] = t.game().Held()
}

func (r *registry) get(id int64) *Table {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tables[id]
}

func (r *registry) remove(id int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.tables, id)
	delete(r.places, id)
	delete(r.seats, id)
}

func (r *registry) all() []*Table {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]*Table, 0, len(r.tables))
	for _, t := range r.tables {
		out = append(out, t)
	}
	return out
}

// Get returns the active game with this id, unlocked, or nil.
func (h *Host) Get(id int64) *Table { return h.tables.get(id) }

// Lock finds and locks an active game this process hosts, or refuses: it is over or
// gone, or (after a restart or an outage) not yet taken up again.
func (h *Host) Lock(id int64) (*Table, error) {
	if t := h.lockHosted(id); t != nil {
		return t, nil
	}
	return nil, h.notHere(id)
}

// lockHosted finds and locks a game this process hosts, or returns nil: for callers
// that need no refusal (a deadline, a place's lookup), so a miss costs no store read.
func (h *Host) lockHosted(id int64) *Table {
	t := h.tables.get(id)
	if t == nil {
		return nil
	}
	t.mu.Lock()
	if !h.tables.has(t) {
		t.mu.Unlock() // it ended (or moved to another process) while we waited for the lock
		return nil
	}
	return t
}

func (r *registry) has(t *Table) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tables[t.Row.ID] == t
}

// InPlace returns the active game played at place (a channel or thread), unlocked.
func (h *Host) InPlace(place string) *Table {
	h.tables.mu.Lock()
	defer h.tables.mu.Unlock()
	for id, p := range h.tables.places {
		if p == place {
			return h.tables.tables[id]
		}
	}
	return nil
}

// Active lists the active games as the rules of starting a game read them.
func (h *Host) Active() []Active {
	h.tables.mu.Lock()
	defer h.tables.mu.Unlock()
	var out []Active
	for id, t := range h.tables.tables {
		// Guild and players never change after creation: safe to read unlocked; the
		// place, which a move to a thread changes, is the registry's copy.
		out = append(out, Active{ID: id, Game: h.named(t.Row.Game), Scope: t.Row.Scope, Place: h.tables.places[id], Seats: h.tables.seats[id]})
	}
	return out
}

// Create stores a new table's game (NewTable, its hosted part holding its lobby)
// and registers it, without the seat checks of CreateSeated. A place that already
// has an active game gives store.ErrChannelBusy.
func (h *Host) Create(t *Table) (*Table, error) { return h.create(t) }

// create stores a new table's game with its lobby, claims it and registers it.
func (h *Host) create(t *Table) (*Table, error) {
	raw, err := json.Marshal(t.lobby())
	if err != nil {
		return nil, err
	}
	t.Row.Setup = raw
	// Adopt waits: it must not take up the new game between its row and its claim.
	h.adopting.RLock()
	defer h.adopting.RUnlock()
	id, err := h.db.CreateGame(h.wctx, t.Row)
	if err != nil {
		return nil, err
	}
	t.Row.ID = id
	if t.claim, err = h.db.ClaimGame(h.wctx, id); err != nil {
		// A game row nobody hosts would hold its place ("a game is already active")
		// for good: take it back. Should that fail too, Adopt takes the game up later.
		if cerr := h.db.Cancel(h.wctx, id); cerr != nil {
			h.log.Error("take back a game that could not be claimed", "game", id, "err", cerr)
		}
		return nil, err
	}
	h.tables.add(t)
	return t, nil
}

// Move records that a game is now played at another place (its own thread), and
// stores it; on failure the game stays where it was.
func (h *Host) Move(t *Table, place, parent string) error {
	old, oldParent := t.Row.Place, t.Row.Origin
	t.Row.Origin, t.Row.Place = parent, place
	if err := h.SaveMeta(t); err != nil {
		t.Row.Place, t.Row.Origin = old, oldParent
		return err
	}
	h.tables.mu.Lock()
	if _, ok := h.tables.tables[t.Row.ID]; ok {
		h.tables.places[t.Row.ID] = place
	}
	h.tables.mu.Unlock()
	return nil
}

// Restore loads the active games this process hosts and the screens they owe.
// Engines are rebuilt when first used, so start-up stays fast with thousands of games.
func (h *Host) Restore(ctx context.Context) (int, error) {
	rows, err := h.db.ActiveGames(ctx)
	if err != nil {
		return 0, fmt.Errorf("host: load games: %w", err)
	}
	h.adopting.Lock()
	defer h.adopting.Unlock()
	n := 0
	for _, row := range rows {
		if !h.opt.Mine(row) {
			continue
		}
		// Two processes never run one game: a shard that restarts while the old one
		// still holds its games (or a twin in a rolling deploy) leaves them alone, and
		// takes them up (Adopt) once that process has let them go.
		claim, err := h.db.ClaimGame(ctx, row.ID)
		if errors.Is(err, store.ErrClaimed) {
			h.log.Warn("game run by another process; skipped until it lets the game go", "game", row.ID)
			continue
		}
		if err != nil {
			return n, fmt.Errorf("host: claim game %d: %w", row.ID, err)
		}
		if h.host(ctx, row, claim) != nil {
			n++
		}
	}
	return n, h.loadScreens(ctx)
}

// host registers a stored active game this process has just claimed, as Restore and
// Adopt find it, and returns its table; nil when the game cannot be hosted (its setup
// does not read, or its configuration could not be brought within today's bounds),
// and then its claim is given up. The caller holds h.adopting.
func (h *Host) host(ctx context.Context, row *store.Game, claim *store.Claim) *Table {
	t, err := h.table(row)
	if err != nil {
		h.log.Error("stored game of a game this host does not host; skipped", "game", row.ID, "err", err)
		h.unhostable[row.ID] = true
		h.release(&Table{Row: row, claim: claim})
		return nil
	}
	t.claim = claim
	if err := json.Unmarshal(row.Setup, t.lobby()); err != nil {
		h.log.Error("game has unreadable setup; skipped", "game", row.ID, "err", err)
		h.unhostable[row.ID] = true
		h.release(t)
		return nil
	}
	if !h.repairConfig(ctx, t) {
		h.release(t)
		return nil
	}
	h.tables.add(t)
	return t
}

// repairConfig brings a game stored by an older version, whose configuration is above
// today's bounds (a step_limit that let a turn run for hours; its game says, Lowerer),
// within them: the values
// are lowered, or, for a game in play whose stored decisions no longer replay under the
// lowered values, the game is ended without a result. Either way the log says which and
// the game's place is told. It reports whether the game goes on.
func (h *Host) repairConfig(ctx context.Context, t *Table) bool {
	l, ok := t.game().(Lowerer)
	if !ok {
		return true
	}
	lowered, config := l.Lowered()
	if len(lowered) == 0 {
		return true
	}
	changes := strings.Join(lowered, ", ")
	if r, ok := t.game().(Replayer); ok && t.Row.Status == store.StatusPlay {
		if err := r.Replays(h); err != nil {
			if err := h.db.Abandon(ctx, t.Row.ID); err != nil {
				h.log.Error("end game with out-of-range configuration", "game", t.Row.ID, "err", err)
				return false
			}
			h.log.Warn("game ended: its configuration is outside today's bounds and its record does not replay within them", "game", t.Row.ID, "changes", changes, "err", err)
			h.notes = append(h.notes, pending{t, Note{Kind: NoteAbandoned, Text: changes}})
			return false
		}
	}
	if err := h.db.SetConfig(ctx, t.Row.ID, config); err != nil {
		h.log.Error("lower out-of-range configuration", "game", t.Row.ID, "err", err)
		return false
	}
	t.Row.ConfigText = config
	h.log.Warn("game configuration lowered to today's bounds", "game", t.Row.ID, "changes", changes)
	h.notes = append(h.notes, pending{t, Note{Kind: NoteLowered, Text: changes}})
	return true
}

// Forget drops the engine, so the next use rebuilds it from the store: after a
// failed commit, or a turn cut off halfway.
func (t *Table) Forget() { t.game().Forget() }

// Version is how many actions the stored record holds: the state a screen shows and
// a deadline was armed at.
func (t *Table) Version() int { return t.game().Version() }

// lobby is the game's own lobby, as the row's setup keeps it.
func (t *Table) lobby() any { return t.game().Lobby() }

// SaveMeta stores the table's metadata and lobby.
func (h *Host) SaveMeta(t *Table) error {
	raw, err := json.Marshal(t.lobby())
	if err != nil {
		return err
	}
	t.Row.Setup = raw
	return h.db.SaveMeta(h.wctx, t.Row)
}

// Change makes a change to a table's lobby that must be stored: f changes the lobby
// and stores it (SaveMeta, or a start that stores more). When f fails, the lobby and
// the row's copy of it are put back as they were, so memory never holds what the
// store does not. Every field of a lobby is stored, so its stored form is the copy.
func (h *Host) Change(t *Table, f func() error) error {
	before, err := json.Marshal(t.lobby())
	if err != nil {
		return err
	}
	setup := t.Row.Setup
	err = f()
	if err == nil {
		return nil
	}
	lob := t.lobby()
	reflect.ValueOf(lob).Elem().SetZero()
	if jerr := json.Unmarshal(before, lob); jerr != nil {
		return errors.Join(err, jerr)
	}
	t.Row.Setup = setup
	return err
}

// Finished is the one path every game's ending takes once the store holds it (the
// result and the ratings committed in the transaction that ended the game, with its
// final screen owed, which announces it): the table leaves the registry, its claim
// is released, and every deadline of it is cleared.
func (h *Host) Finished(t *Table, res *match.Result, turns int) {
	t.Row.Status, t.Row.Result, t.Row.Turns = store.StatusOver, res, turns
	h.tables.remove(t.Row.ID)
	h.release(t)
	h.disarmAll(t)
}

// CommitShown commits the engine's new decisions and owes the screen of the new state,
// with the front's words for what happened above it. No clock runs meanwhile: a
// deadline that comes due while a screen is owed plays nothing, and show arms the next.
func (h *Host) CommitShown(t *Table, e Event) error {
	summary := h.front.Summary(t, e)
	if err := t.game().Record(h, &summary); err != nil {
		return err
	}
	t.game().Committed(e)
	t.owed = &store.Screen{Game: t.Row.ID, Version: t.Version(), Summary: summary}
	return nil
}

// Cancel ends a game that has not started (declined, withdrawn, expired, left) and
// clears every deadline of it.
func (h *Host) Cancel(t *Table) error {
	if err := h.db.Cancel(h.wctx, t.Row.ID); err != nil {
		return err
	}
	h.tables.remove(t.Row.ID)
	h.release(t)
	h.disarmAll(t)
	return nil
}

// release gives up the game's claim, for another process to run it (or nobody: it
// ended); a failure is only logged, as the claim ends with the process anyway.
func (h *Host) release(t *Table) {
	if t.claim == nil {
		return
	}
	if err := t.claim.Release(h.wctx); err != nil {
		h.log.Warn("release game", "game", t.Row.ID, "err", err)
	}
	t.claim = nil
}

// LockPlace finds and locks the active game played at place, or returns nil.
func (h *Host) LockPlace(place string) *Table {
	for range 3 { // the game may end, or move, while we wait for its lock
		t := h.InPlace(place)
		if t == nil {
			return nil
		}
		if t := h.lockHosted(t.Row.ID); t != nil {
			return t
		}
	}
	return nil
}
