package kombathost

import (
	"errors"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/store"
)

// Lobby is what the host keeps of a game beside its engine, stored as the game's setup
// JSON (store.Game.Setup): the kinds being agreed on, who is ready, the players'
// names, and the auto game's switch. Changing a field's tag strands the games of a
// running bot.
type Lobby struct {
	Kinds  []Proposal `json:"kinds"`
	Ready  [2]bool    `json:"ready"`
	Names  [2]string  `json:"names"`
	Owner  string     `json:"owner"` // who started the game
	Paused bool       `json:"paused,omitempty"`
	// Levels are the bots' levels by seat (game.Levels; "" is game.DefaultLevel).
	Levels [2]string `json:"levels,omitzero"`
	Misses [2]int    `json:"misses,omitempty"` // turns in a row the clock played
	// Summary is the text above the board now shown: the last turn's summary, kept
	// when a purchase or spawn redraws that message.
	Summary string `json:"summary,omitempty"`
}

// Proposal is a kind being agreed on, with who last changed it.
type Proposal struct {
	Name     string `json:"name"`
	Defense  int64  `json:"defense"`
	Strategy string `json:"strategy"`
	By       string `json:"by"` // who last changed it
}

// NewKind is the index Propose and Target take for a kind added rather than replaced.
const NewKind = -1

// SetupAction is what a player asks to do in a setup, worded for the refusal a bystander
// gets ("Only the players of this game can say they are ready.").
type SetupAction string

// The actions of a setup that only its players may take.
const (
	ChangeKinds SetupAction = "change its kinds"
	SayReady    SetupAction = "say they are ready"
)

// CanPropose reports whether user takes part in agreeing on g's kinds: a player of a
// duel or a solo game, and of an auto game (no players) only who started it.
func (l *Lobby) CanPropose(g *store.Game, user string) bool {
	if g.Mode == game.ModeAuto {
		return user == l.Owner
	}
	return g.Seat(user) != 0
}

// May refuses user an action on g's setup once the kinds are agreed, or when user
// takes no part in agreeing on them.
func (l *Lobby) May(g *store.Game, user string, a SetupAction) error {
	if g.Status != store.StatusSetup {
		return host.Refuse(host.CodeAgreed, "The kinds of this game are already agreed.")
	}
	if !l.CanPropose(g, user) {
		if g.Mode == game.ModeAuto {
			return host.Refuse(host.CodeOnlySome, "Only %s, who started this game, can %s.", host.User(l.Owner), a)
		}
		return host.Refuse(host.CodeOnlySome, "Only the players of this game can %s.", a)
	}
	return nil
}

// CanAdd refuses a form for another kind when the game has all it may have, before
// the player types one in.
func (l *Lobby) CanAdd() error {
	if len(l.Kinds) >= game.MaxKinds {
		return host.Refuse(host.CodeTooMany, "A game has at most %d kinds; edit or remove one instead.", game.MaxKinds)
	}
	return nil
}

// has reports whether a kind stands at index.
func (l *Lobby) has(index int) bool { return index >= 0 && index < len(l.Kinds) }

// Kind is the kind at index, to edit; a kind removed since the player's view was
// drawn is refused.
func (l *Lobby) Kind(index int) (Proposal, error) {
	if !l.has(index) {
		return Proposal{}, host.Refuse(host.CodeKindGone, "That kind is no longer there; the setup message shows the current ones.")
	}
	return l.Kinds[index], nil
}

// Target refuses a proposal for a kind removed since the form was opened: unlike
// Propose's refusals, nothing the player typed is worth keeping for it.
func (l *Lobby) Target(index int) error {
	if index != NewKind && !l.has(index) {
		return host.Refuse(host.CodeKindGone, "That kind is no longer there; add it again.")
	}
	return nil
}

// Remove takes the kind at index out; like every change of the kinds, it clears
// everyone's Ready, so nobody starts on kinds they did not see.
func (l *Lobby) Remove(index int) error {
	if !l.has(index) {
		return host.Refuse(host.CodeKindGone, "That kind is no longer there.")
	}
	l.Kinds = append(append([]Proposal(nil), l.Kinds[:index]...), l.Kinds[index+1:]...)
	l.Ready = [2]bool{}
	return nil
}

// Propose adds p (index NewKind) or puts it in place of the kind at index, after
// checking it, and clears everyone's Ready. The first problem wins: a name another
// kind has (ignoring case), then what CheckKind refuses, then the game's limit of
// kinds, each a *host.Refusal; then a strategy that does not compile, CheckKind's error.
// The kind returned, as stored, has the defense read and the strategy trimmed.
// The kinds are copied, never changed in place, so a caller that keeps the old Lobby
// can put it back when storing the new one fails.
func (l *Lobby) Propose(lang *interp.Language, index int, p Proposal, defense string) (Proposal, error) {
	if err := l.Target(index); err != nil {
		return Proposal{}, err
	}
	var clash error
	for i, k := range l.Kinds {
		if i != index && strings.EqualFold(k.Name, p.Name) {
			clash = host.Refuse(host.CodeNameTaken, "There is already a kind named %q (names are compared ignoring case).", k.Name)
		}
	}
	kind, err := CheckKind(lang, p.Name, defense, p.Strategy)
	var no *host.Refusal
	switch {
	case clash != nil: // a clash of names is said first, whatever else is wrong
		return Proposal{}, clash
	case errors.As(err, &no): // the kind itself is wrong: say so before the table's limit
		return Proposal{}, err
	case index == NewKind && len(l.Kinds) >= game.MaxKinds:
		return Proposal{}, host.Refuse(host.CodeTooMany, "A game has at most %d kinds.", game.MaxKinds)
	case err != nil:
		return Proposal{}, err
	}
	p.Defense, p.Strategy = kind.Defense, kind.Strategy
	kinds := append([]Proposal(nil), l.Kinds...)
	if index == NewKind {
		kinds = append(kinds, p)
	} else {
		kinds[index] = p
	}
	l.Kinds, l.Ready = kinds, [2]bool{}
	return p, nil
}

// ToggleReady flips user's Ready and reports whether g may now start: everyone who
// must be is ready on the same kinds. In an auto game its owner readies seat 1 alone.
func (l *Lobby) ToggleReady(g *store.Game, user string) (start bool, err error) {
	if err := l.May(g, user, SayReady); err != nil {
		return false, err
	}
	if len(l.Kinds) == 0 {
		return false, host.Refuse(host.CodeNoKinds, "Add at least one minion kind first.")
	}
	seat := g.Seat(user)
	if g.Mode == game.ModeAuto {
		seat = 1
	}
	l.Ready[seat-1] = !l.Ready[seat-1]
	return l.AllReady(g), nil
}

// Agreer is one person who must say Ready before a game starts, and whether they have.
type Agreer struct {
	User  string // the chat's user id
	Ready bool
}

// Agreers are who must say Ready before g starts, in seat order: every human seat,
// or in an auto game (no humans) its owner, whose Ready is seat 1's.
func (l *Lobby) Agreers(g *store.Game) []Agreer {
	if g.Mode == game.ModeAuto {
		return []Agreer{{User: l.Owner, Ready: l.Ready[0]}}
	}
	var out []Agreer
	for i, p := range Players(g) {
		if p != "" {
			out = append(out, Agreer{User: p, Ready: l.Ready[i]})
		}
	}
	return out
}

// AllReady reports whether everyone who must agree on g's kinds has said Ready.
func (l *Lobby) AllReady(g *store.Game) bool {
	for _, a := range l.Agreers(g) {
		if !a.Ready {
			return false
		}
	}
	return true
}

// Specs are the kinds agreed on, as the game takes them.
func (l *Lobby) Specs() []game.KindSpec {
	var kinds []game.KindSpec
	for _, k := range l.Kinds {
		kinds = append(kinds, game.KindSpec{Name: k.Name, Defense: k.Defense, Strategy: k.Strategy})
	}
	return kinds
}
