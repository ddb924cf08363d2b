package kombathost

import (
	"context"
	"errors"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// TourneyFront is the chat side of a tournament's run: what each call tells and how
// is the chat's; the run calls it from its own goroutine, one call at a time.
type TourneyFront interface {
	// Progress tells that a game of tournament row was played; st is its state now.
	Progress(row *store.Tournament, st *Tournament)
	// Announce tells the result of a pairing of tournament row, once.
	Announce(row *store.Tournament, a Announcement)
	// Final tells that tournament row is over, with its final standings.
	Final(row *store.Tournament, st *Tournament, final []Standing)
}

// RunTourney plays running tournament id's remaining games in the background, one at
// a time, AutoStep/10 apart, each result stored before the next (Tourneys.PlayNext):
// it announces each pairing whose games are all played, tells the progress after each
// game, and finishes the tournament after the last. The run is work of the host: it
// stops on Close (ts must stop on the host's Halt) and is resumed by ResumeTourneys
// after the restart.
func (k *Kombat) RunTourney(ts *Tourneys, f TourneyFront, id int64) {
	h := k.h
	h.Background(func(ctx context.Context) {
		wait, fails := h.AutoStep()/10, 0
		for {
			if ctx.Err() != nil {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			wait = h.AutoStep() / 10
			row, st, done, err := ts.PlayNext(h.WriteContext(), id)
			switch {
			case errors.Is(err, game.ErrStopped):
				h.Log().Info("tournament game interrupted by shutdown; it is played again after the restart", "tournament", id)
				return
			case errors.Is(err, ErrNotRunning):
				return
			case err != nil:
				// Nothing of the game was stored (the store refused): it is played
				// again, with backoff, until it is; before, the run ended and the
				// tournament waited for a restart.
				fails++
				wait = h.Backoff(fails)
				h.Log().Warn("tournament game not stored; played again", "tournament", id, "in", wait, "err", err)
				continue
			}
			fails = 0
			k.announce(ts, f, row)
			if done {
				k.finish(ts, f, id)
				return
			}
			f.Progress(row, st)
		}
	})
}

// announce tells each pairing of tournament row whose games are all played, in
// schedule order, once each: ts counts one told before it is told, so after a crash in
// between a result is missing rather than told twice.
func (k *Kombat) announce(ts *Tourneys, f TourneyFront, row *store.Tournament) {
	for {
		a, ok, err := ts.NextPost(k.h.WriteContext(), row.ID)
		if err != nil {
			k.h.Log().Error("take pairing to announce", "tournament", row.ID, "err", err)
			return
		}
		if !ok {
			return
		}
		f.Announce(row, a)
	}
}

// finish closes tournament id, all its games played, and tells its standings; once
// closed it is never resumed.
func (k *Kombat) finish(ts *Tourneys, f TourneyFront, id int64) {
	row, st, final, err := ts.Finish(k.h.WriteContext(), id)
	if errors.Is(err, ErrNotRunning) {
		return
	}
	if err != nil {
		k.h.Log().Error("finish tournament", "tournament", id, "err", err)
		return
	}
	f.Final(row, st, final)
}

// ResumeTourneys runs again (RunTourney) the tournaments that were playing when the
// process stopped, of the guilds mine says this process hosts.
func (k *Kombat) ResumeTourneys(ts *Tourneys, f TourneyFront, mine func(scope string) bool) {
	running, err := ts.Running(k.h.WriteContext())
	if err != nil {
		k.h.Log().Error("load tournaments", "err", err)
		return
	}
	for _, t := range running {
		if mine(t.Guild) {
			k.RunTourney(ts, f, t.ID)
		}
	}
}
