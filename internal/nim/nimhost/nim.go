package nimhost

import (
	"errors"
	"fmt"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/internal/nim"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
)

// Nim's games through the host. Open seats people and the bot and begins at once (two
// people: a duel; a person and the bot: solitaire; two bots: auto). Each take is
// committed with the new heap's screen owed; the bot takes as soon as it is its turn,
// an auto game's takes are paced by a stored deadline, and the game ends when the
// last stone is taken (ReasonLastStone) or a player resigns, through the host's one
// finishing path, rated by Elo.

// Lobby is what the host keeps beside a Nim game's record, in its row's setup.
type Lobby struct {
	Owner   string    `json:"owner"` // who opened the game
	Names   [2]string `json:"names"` // display names by seat; "" for the bot
	Summary string    `json:"summary,omitempty"`
}

// ReasonLastStone is how a game played out ends: its winner took the last stone.
const ReasonLastStone match.Reason = "last stone"

// Seat is a seat of a new game: a person (User, Name) or the bot (User "").
type Seat struct{ User, Name string }

// Open is a new Nim game as its opener asks for it.
type Open struct {
	Scope, Place string // as store.Game's
	Owner        string // who asks
	Seats        [2]Seat
	Heap         int // 0: nim.DefaultHeap
}

// Turn is what a screen's event carries of Nim's (host.Event.Turn): the take made, if
// any, and the stones left after it.
type Turn struct{ Took, Left int }

// Open stores a new game and registers it, and begins it.
func (n *Nim) Open(o Open) (*host.Table, error) {
	if o.Heap == 0 {
		o.Heap = nim.DefaultHeap
	}
	if _, err := nim.New(o.Heap); err != nil {
		return nil, host.Refuse(host.CodeBadMove, "%s", err.Error())
	}
	own := &Own{Heap: o.Heap, Seats: [2]string{o.Seats[0].User, o.Seats[1].User}}
	lob := Lobby{Owner: o.Owner, Names: [2]string{o.Seats[0].Name, o.Seats[1].Name}}
	mode := [3]match.Mode{match.ModeAuto, match.ModeSolitaire, match.ModeDuel}[len(own.people())]
	if mode == match.ModeDuel && own.Seats[0] == own.Seats[1] {
		return nil, host.Refuse(host.CodeSelf, "You cannot play yourself: name someone else, or play the bot.")
	}
	row := &store.Game{Scope: o.Scope, Place: o.Place, Mode: mode, Status: store.StatusPlay}
	own.newRow(row)
	t, err := n.h.CreateSeated(host.NewTable(row, func(t *host.Table) host.Hosted {
		return &hosted{n: n, t: t, lob: lob, own: own}
	}))
	if err != nil {
		return nil, err
	}
	lt, err := n.h.Lock(t.Row.ID)
	if err != nil {
		return t, nil // taken over or ended meanwhile: its host goes on with it
	}
	defer lt.Unlock()
	if err := n.h.CommitShown(lt, host.Event{Kind: host.EvStart, Turn: &Turn{Left: o.Heap}}); err != nil {
		return lt, err
	}
	n.h.GoOn(lt)
	return lt, nil
}

// Game returns a game's engine, rebuilding it from the stored record if needed.
func (n *Nim) Game(t *host.Table) (*nim.Game, error) {
	p := part(t)
	if p.g != nil {
		return p.g, nil
	}
	if p.bad != nil {
		return nil, fmt.Errorf("nimhost: rebuild game %d: %w", t.Row.ID, p.bad)
	}
	g, err := nim.Replay(p.own.Heap, p.own.Takes)
	if err != nil {
		return nil, fmt.Errorf("nimhost: rebuild game %d: %w", t.Row.ID, err)
	}
	p.g = g
	return g, nil
}

// player is user's seat and the engine when user may act in the game now, or refuses.
func (n *Nim) player(t *host.Table, user string) (*nim.Game, int, error) {
	switch p := t.Seat(user); {
	case t.Row.Status != store.StatusPlay:
		return nil, 0, host.Refuse(host.CodeNotInPlay, "The game is not in play.")
	case p == 0:
		return nil, 0, host.Refuse(host.CodeNotPlayer, "You are not playing in this game; you can watch.")
	case t.Owed() != nil:
		return nil, 0, host.Refuse(host.CodeStale, "The game's newest screen is not up yet: play on it once it is.")
	default:
		g, err := n.Game(t)
		return g, p, err
	}
}

// Take takes k stones for user, whose turn it must be.
func (n *Nim) Take(t *host.Table, user string, k int) error {
	g, p, err := n.player(t, user)
	if err != nil {
		return err
	}
	if err := g.Take(p, k); err != nil {
		if errors.Is(err, nim.ErrNotTurn) {
			return host.Refuse(host.CodeNotYourTurn, "It is not your turn: wait for your opponent's take.")
		}
		return host.Refuse(host.CodeBadMove, "You can take 1 to %d stones (%d left).", min(nim.MaxTake, g.Left()), g.Left())
	}
	return n.took(t, g, p, k)
}

// botTakes makes the bot's take for the seat to play.
func (n *Nim) botTakes(t *host.Table, g *nim.Game) error {
	p, k := g.Turn(), nim.Best(g.Left())
	if err := g.Take(p, k); err != nil {
		t.Forget()
		return err
	}
	return n.commit(t, host.Event{Kind: host.EvTurn, Player: p, Turn: &Turn{Took: k, Left: g.Left()}})
}

// took commits seat p's take of k stones and goes on (the bot's take, if next).
func (n *Nim) took(t *host.Table, g *nim.Game, p, k int) error {
	if err := n.commit(t, host.Event{Kind: host.EvTurn, Player: p, Turn: &Turn{Took: k, Left: g.Left()}}); err != nil {
		return err
	}
	n.h.GoOn(t)
	return nil
}

// commit commits what the engine played with the new screen owed; a failure forgets
// the engine, for the next use to rebuild it from the store.
func (n *Nim) commit(t *host.Table, e host.Event) error {
	if err := n.h.CommitShown(t, e); err != nil {
		t.Forget()
		return err
	}
	return nil
}

// Resign ends user's game at once, lost: the resignation is the record's last action.
func (n *Nim) Resign(t *host.Table, user string) error {
	g, p, err := n.player(t, user)
	if err != nil {
		return err
	}
	part(t).end = &match.Result{Winner: 3 - p, Reason: match.ReasonResign}
	if err := n.commit(t, host.Event{Kind: host.EvResign, Player: p, Turn: &Turn{Left: g.Left()}}); err != nil {
		return err
	}
	n.h.GoOn(t)
	return nil
}

// record stores the engine's takes since the stored record ended, with the result and
// the ratings when the game is over, owing the new state's screen with summary when
// it is not nil: host.Hosted's Record.
func (n *Nim) record(t *host.Table, summary *string) error {
	p := part(t)
	g, err := n.Game(t)
	if err != nil {
		return err
	}
	pos, all := len(p.own.Takes), g.Takes()
	enc := encodeTakes(pos, all[pos:])
	res, resigned := p.end, 0
	if res != nil {
		resigned = 3 - res.Winner
		enc = append(enc, store.Action{Seat: resigned, Verb: verbResign})
	} else if g.Over() {
		res = &match.Result{Winner: g.Winner(), Reason: ReasonLastStone}
	}
	if err := n.h.DB().CommitRated(n.h.WriteContext(), t.Row.ID, pos, enc, res, len(all), summary, Elo{}); err != nil {
		return err
	}
	p.own.Takes, p.own.Resigned = append(p.own.Takes, all[pos:]...), resigned
	t.Row.Actions = append(t.Row.Actions, enc...)
	if res != nil {
		n.h.Finished(t, res, len(all))
	}
	return nil
}
