// Package nimhost hosts Nim (package nim) on the house's core (package host): the
// test game's adapter, proof that a game plugs in as a package with no edit to host's
// core, the store or a front (issue 22). It holds the game's lobby, its codec onto the
// store's neutral fields (the heap as the configuration text, each take an action),
// its hosted part of a table (host.Hosted), and what a front asks of a Nim game: Open
// (people and the bot in any seats: duel, solitaire or auto), Take and Resign. The
// bot takes at once when it is its turn (Hosted.Next); an auto game is paced by a
// stored deadline. A front words the events (host.Event, Turn a *Turn) and shows the
// screens; its Discord part is one registration value over these methods.
//
// A host hosts Nim when Plug is among its Options.Games; Of is then its adapter.
package nimhost

import (
	"strconv"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/internal/nim"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
)

// Nim is Nim's adapter for one host: the host's Game for Nim's tables, and the methods
// the fronts call on a Nim game (each takes a locked table, as the host's own do).
type Nim struct{ h *host.Host }

// Plug registers Nim with a host (host.Options.Games).
func Plug() host.Plug {
	return host.Plug{Name: Name, New: func(h *host.Host) host.Game { return &Nim{h: h} }}
}

// Of is h's Nim adapter, or nil when h does not host Nim (Plug).
func Of(h *host.Host) *Nim {
	n, _ := h.Game(Name).(*Nim)
	return n
}

// Part makes a Nim table's hosted part. A row the codec cannot read gives a part whose
// engine cannot be rebuilt (Game says why).
func (n *Nim) Part(t *host.Table) host.Hosted {
	p := &hosted{n: n, t: t}
	p.own, p.bad = Decode(t.Row)
	return p
}

// hosted is Nim's part of a table (host.Hosted): its lobby, its own part as stored,
// its engine (nil until first use: rebuilt from the record), and the end the host
// decided (a resignation), which the next Record stores with the result.
type hosted struct {
	n   *Nim
	t   *host.Table
	lob Lobby
	own *Own
	bad error
	g   *nim.Game
	end *match.Result
}

// part is t's Nim part; t must be a Nim table.
func part(t *host.Table) *hosted { return t.Hosted().(*hosted) }

// LobbyOf is a Nim table's lobby, or nil for another game's table.
func LobbyOf(t *host.Table) *Lobby {
	if p, ok := t.Hosted().(*hosted); ok {
		return &p.lob
	}
	return nil
}

func (p *hosted) Lobby() any                                 { return &p.lob }
func (p *hosted) Summary() *string                           { return &p.lob.Summary }
func (p *hosted) Version() int                               { return p.own.actions() }
func (p *hosted) Forget()                                    { p.g, p.end = nil, nil }
func (p *hosted) Committed(host.Event)                       {}
func (p *hosted) Record(_ *host.Host, summary *string) error { return p.n.record(p.t, summary) }
func (p *hosted) DisarmClock(h *host.Host)                   { h.Disarm(p.t, host.AutoTurn) }

// ArmClock paces an auto game: its next take is due AutoStep after its screen.
func (p *hosted) ArmClock(h *host.Host) error {
	if p.t.Row.Mode == match.ModeAuto && p.t.Row.Status == store.StatusPlay {
		h.Arm(p.t, host.AutoTurn, h.Now().Add(h.AutoStep()))
	}
	return nil
}

// Next takes the bot's stones when it is the bot's turn in a solitaire game.
func (p *hosted) Next(*host.Host) (bool, error) {
	if p.t.Row.Mode != match.ModeSolitaire || p.t.Row.Status != store.StatusPlay {
		return false, nil
	}
	g, err := p.n.Game(p.t)
	if err != nil || g.Over() || p.own.Seats[g.Turn()-1] != "" {
		return false, err
	}
	return true, p.n.botTakes(p.t, g)
}

// Expire plays an auto game's next take when its deadline comes, unless the game
// moved on since it was armed or its screen is not up.
func (p *hosted) Expire(h *host.Host, d store.Deadline) error {
	if host.Deadline(d.Kind) != host.AutoTurn || p.t.Row.Status != store.StatusPlay || p.t.Owed() != nil ||
		d.Payload != strconv.Itoa(p.Version()) {
		return nil
	}
	g, err := p.n.Game(p.t)
	if err != nil || g.Over() {
		return err
	}
	if err := p.n.botTakes(p.t, g); err != nil {
		return err
	}
	h.GoOn(p.t)
	return nil
}

// Wake shows a game whose screen a restart left unshown and plays on: the bot's take
// nothing else would play; an auto game's stored deadline plays on by itself.
func (p *hosted) Wake(h *host.Host) {
	if p.t.Row.Status != store.StatusPlay {
		return
	}
	if p.t.Owed() == nil && p.t.Row.Shown == "" {
		p.t.Owe(p.t.Version())
	}
	h.Retry(p.t)
}

// Held lists the game's people by seat; a finished game holds nobody.
func (p *hosted) Held() []string {
	if !p.t.Row.Status.Active() {
		return []string{"", ""}
	}
	return []string{p.own.Seats[0], p.own.Seats[1]}
}
