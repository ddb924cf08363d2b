package kombathost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/kombat-game/kombat/host"
	"sync"
	"sync/atomic"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/store"
)

// MaxSeeds bounds the games per pairing and seat an organiser may ask for.
const MaxSeeds = 5

// ErrNotRunning is what PlayNext and Finish give for a tournament that is not (or no
// longer) running: there is nothing to play or to finish, and nothing to tell.
var ErrNotRunning = errors.New("host: the tournament is not running")

// Tourneys hosts the tournaments stored in a database: every change to one is a
// read-modify-write of its stored state, one at a time, so that entrants pressing at
// once and the run storing its games never overwrite each other.
type Tourneys struct {
	db   *store.DB
	lang *interp.Language
	stop *atomic.Bool // raised on shutdown: a game being played stops (game.ErrStopped)
	mu   sync.Mutex   // one change at a time, from load to save
}

// NewTourneys hosts the tournaments of db, playing their games in lang; raising stop
// interrupts a game being played.
func NewTourneys(db *store.DB, lang *interp.Language, stop *atomic.Bool) *Tourneys {
	return &Tourneys{db: db, lang: lang, stop: stop}
}

// Load reads a stored tournament and its state; one that does not exist is a
// *Refusal.
func (ts *Tourneys) Load(ctx context.Context, id int64) (*store.Tournament, *Tournament, error) {
	row, err := ts.db.GetTournament(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, host.Refuse(host.CodeGone, "This tournament no longer exists.")
	}
	if err != nil {
		return nil, nil, err
	}
	var st Tournament
	if err := json.Unmarshal(row.State, &st); err != nil {
		return nil, nil, fmt.Errorf("host: tournament %d has an unreadable state: %w", id, err)
	}
	return row, &st, nil
}

// save stores a tournament's status, message and state in one write.
func (ts *Tourneys) save(ctx context.Context, row *store.Tournament, st *Tournament) error {
	raw, err := json.Marshal(st)
	if err != nil {
		return err
	}
	row.State = raw
	return ts.db.SaveTournament(ctx, row)
}

// change loads tournament id under the lock, lets do change it, and stores it unless
// do fails.
func (ts *Tourneys) change(ctx context.Context, id int64, do func(*store.Tournament, *Tournament) error) (*store.Tournament, *Tournament, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	row, st, err := ts.Load(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if err := do(row, st); err != nil {
		return row, st, err
	}
	if err := ts.save(ctx, row, st); err != nil {
		return row, st, err
	}
	return row, st, nil
}

// registration is change for a tournament that must still take entries.
func (ts *Tourneys) registration(ctx context.Context, id int64, do func(*store.Tournament, *Tournament) error) (*store.Tournament, *Tournament, error) {
	return ts.change(ctx, id, func(row *store.Tournament, st *Tournament) error {
		if row.Status != store.TournamentOpen {
			return host.Refuse(host.CodeClosed, "Tournament #%d is %s; registration is closed.", row.ID, row.Status)
		}
		return do(row, st)
	})
}

// Open stores a new tournament taking entries in channel of guild, organised by owner:
// seeds games per pairing and seat (1 to MaxSeeds), in the configuration config, the
// games' seeds following from seed.
func (ts *Tourneys) Open(ctx context.Context, guild, channel, owner string, seeds int, config game.Config, seed uint64) (*store.Tournament, *Tournament, error) {
	st := &Tournament{Seeds: min(max(seeds, 1), MaxSeeds), Config: StoredConfig{config}, Seed: seed}
	raw, err := json.Marshal(st)
	if err != nil {
		return nil, nil, err
	}
	row := &store.Tournament{Guild: guild, Channel: channel, Owner: owner, State: raw}
	if _, err := ts.db.CreateTournament(ctx, row); err != nil {
		return nil, nil, err
	}
	return row, st, nil
}

// SetMessage records the id of the chat message that shows tournament id.
func (ts *Tourneys) SetMessage(ctx context.Context, id int64, message string) (*store.Tournament, *Tournament, error) {
	return ts.change(ctx, id, func(row *store.Tournament, _ *Tournament) error {
		row.MessageID = message
		return nil
	})
}

// Enter registers user (shown as name) in tournament id with kinds, copied now, or
// replaces their entry. Kinds that cannot play together, a tournament closed or
// full, are *Refusals.
func (ts *Tourneys) Enter(ctx context.Context, id int64, user, name string, kinds []game.KindSpec) (*store.Tournament, *Tournament, error) {
	if len(kinds) == 0 || len(kinds) > MaxEntryKinds {
		return nil, nil, host.Refuse(host.CodeTooMany, "Choose 1 to %d strategies.", MaxEntryKinds)
	}
	if _, err := game.New(ts.lang, game.Setup{Config: game.DefaultConfig(), Mode: game.ModeAuto, Kinds: kinds}); err != nil {
		return nil, nil, host.Refuse(host.CodeBadName, "Those strategies cannot play: %v.", err)
	}
	return ts.registration(ctx, id, func(_ *store.Tournament, st *Tournament) error {
		e := Entrant{User: user, Name: name, Kinds: kinds}
		for i := range st.Entrants {
			if st.Entrants[i].User == user {
				st.Entrants[i] = e
				return nil
			}
		}
		if len(st.Entrants) >= MaxEntrants {
			return host.Refuse(host.CodeFull, "The tournament is full (%d entrants).", MaxEntrants)
		}
		st.Entrants = append(st.Entrants, e)
		return nil
	})
}

// Leave takes user's entry out of tournament id while it takes entries.
func (ts *Tourneys) Leave(ctx context.Context, id int64, user string) (*store.Tournament, *Tournament, error) {
	return ts.registration(ctx, id, func(_ *store.Tournament, st *Tournament) error {
		for i, e := range st.Entrants {
			if e.User == user {
				st.Entrants = append(st.Entrants[:i:i], st.Entrants[i+1:]...)
				return nil
			}
		}
		return host.Refuse(host.CodeNotEntered, "You are not entered in this tournament.")
	})
}

// mayRun refuses whoever is neither the organiser nor (manager) a server manager;
// what is the verb of the refusal.
func mayRun(row *store.Tournament, user string, manager bool, what string) error {
	if user != row.Owner && !manager {
		return host.Refuse(host.CodeOnlySome, "Only %s, who organised it, or a server manager can %s this tournament.", host.User(row.Owner), what)
	}
	return nil
}

// Cancel cancels tournament id before it starts; user must be its organiser or
// (manager) someone who may manage the server.
func (ts *Tourneys) Cancel(ctx context.Context, id int64, user string, manager bool) (*store.Tournament, *Tournament, error) {
	return ts.registration(ctx, id, func(row *store.Tournament, _ *Tournament) error {
		if err := mayRun(row, user, manager, "cancel"); err != nil {
			return err
		}
		row.Status = store.TournamentCancelled
		return nil
	})
}

// Start closes tournament id's registration and makes its schedule; user must be its
// organiser or (manager) a server manager, and it needs 2 entrants. PlayNext then
// plays it.
func (ts *Tourneys) Start(ctx context.Context, id int64, user string, manager bool) (*store.Tournament, *Tournament, error) {
	return ts.registration(ctx, id, func(row *store.Tournament, st *Tournament) error {
		if err := mayRun(row, user, manager, "start"); err != nil {
			return err
		}
		if len(st.Entrants) < 2 {
			return host.Refuse(host.CodeTooFew, "A tournament needs at least 2 entrants; it has %d.", len(st.Entrants))
		}
		st.Games = Schedule(len(st.Entrants), st.Seeds, st.Seed)
		row.Status = store.TournamentRunning
		return nil
	})
}

// running loads tournament id under the lock, or ErrNotRunning.
func (ts *Tourneys) running(ctx context.Context, id int64) (*store.Tournament, *Tournament, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	row, st, err := ts.Load(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	return row, st, isRunning(row)
}

// isRunning is ErrNotRunning, with the status, for a tournament that is not running.
func isRunning(row *store.Tournament) error {
	if row.Status != store.TournamentRunning {
		return fmt.Errorf("%w: tournament %d is %s", ErrNotRunning, row.ID, row.Status)
	}
	return nil
}

// PlayNext plays the next scheduled game of running tournament id and stores its
// result; done tells that every game is played (then Finish). The game is played
// without the lock, so the others' changes wait for a store, not for a game. A
// shutdown gives game.ErrStopped and stores nothing: the game is played again from
// the start after the restart.
func (ts *Tourneys) PlayNext(ctx context.Context, id int64) (row *store.Tournament, st *Tournament, done bool, err error) {
	row, st, err = ts.running(ctx, id)
	if err != nil {
		return nil, nil, false, err
	}
	next := st.Next()
	if next < 0 {
		return row, st, true, nil
	}
	played, err := st.Play(ts.lang, st.Games[next], ts.stop)
	if err != nil {
		return nil, nil, false, err
	}
	row, st, err = ts.change(ctx, id, func(row *store.Tournament, st *Tournament) error {
		if err := isRunning(row); err != nil {
			return err
		}
		if next < len(st.Games) && !st.Games[next].Played {
			st.Games[next] = played
		}
		return nil
	})
	if err != nil {
		return nil, nil, false, err
	}
	return row, st, st.Next() < 0, nil
}

// Announcement is a pairing's result for the chat to tell: its score and the two
// entrants, X and Y of the score.
type Announcement struct {
	Score PairingScore
	X, Y  Entrant
}

// NextPost gives the next pairing of tournament id whose games are all played and
// whose result is not yet told (ok false when there is none), and counts it as told in
// the store before returning it: a crash before the chat tells it loses an
// announcement rather than telling one twice; the standings still count its games.
func (ts *Tourneys) NextPost(ctx context.Context, id int64) (a Announcement, ok bool, err error) {
	_, _, err = ts.change(ctx, id, func(_ *store.Tournament, st *Tournament) error {
		s, found := st.Pairing(st.Posted)
		if !found {
			return nil
		}
		a, ok = Announcement{Score: s, X: st.Entrants[s.X], Y: st.Entrants[s.Y]}, true
		st.Posted++
		return nil
	})
	if err != nil {
		return Announcement{}, false, err
	}
	return a, ok, nil
}

// Finish closes running tournament id, all its games played, and gives its final
// standings. It finishes a tournament once: after that it gives ErrNotRunning.
func (ts *Tourneys) Finish(ctx context.Context, id int64) (*store.Tournament, *Tournament, []Standing, error) {
	row, st, err := ts.change(ctx, id, func(row *store.Tournament, st *Tournament) error {
		if err := isRunning(row); err != nil {
			return err
		}
		if st.Next() >= 0 {
			done, total := st.Progress()
			return fmt.Errorf("host: finish tournament %d: %d of %d games played", id, done, total)
		}
		row.Status = store.TournamentOver
		return nil
	})
	if err != nil {
		return nil, nil, nil, err
	}
	return row, st, st.Standings(), nil
}

// Running lists the tournaments that are playing, oldest first: after a restart each
// is resumed (PlayNext) by the process that hosts its guild.
func (ts *Tourneys) Running(ctx context.Context) ([]*store.Tournament, error) {
	all, err := ts.db.ActiveTournaments(ctx)
	if err != nil {
		return nil, err
	}
	var out []*store.Tournament
	for _, t := range all {
		if t.Status == store.TournamentRunning {
			out = append(out, t)
		}
	}
	return out, nil
}
