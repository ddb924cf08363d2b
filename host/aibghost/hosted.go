// Package aibghost hosts AIBG on the house's core (package host): it is AIBG's
// adapter, the game's own part of a table (host.Hosted) and what the fronts ask of an
// AIBG match through the host. The lobby (two seats, each a person or the built-in bot
// at a level), the codec onto the store's neutral fields, the secret choices (pool,
// lineup, move) recorded as actions as they come, the turn resolving once both have
// chosen, a person's clock as a stored deadline (a missed move is a pass, three in a
// row forfeit, a missed selection is made for the player) and auto games paced by a
// stored deadline are here; the tables, screens owed, deadlines, claims and seating
// stay the core's.
//
// A host hosts AIBG when Plug is among its Options.Games; Of is then its adapter.
package aibghost

import (
	"strconv"
	"sync"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
)

// Ab is AIBG's adapter for one host: the host's Game for AIBG's tables, and the
// methods the fronts call on an AIBG match (each takes a locked table, as the host's
// own do).
type Ab struct {
	h       *host.Host
	replays *host.Recent[*Replay] // finished matches' replays, those asked for last

	mu     sync.Mutex
	listen func(t *host.Table) // told of each screen of a match with a program seated (Listen)
}

// Plug registers AIBG with a host (host.Options.Games).
func Plug() host.Plug {
	return host.Plug{Name: Name, New: func(h *host.Host) host.Game { return &Ab{h: h, replays: host.NewRecent[*Replay](host.ReplaysKept)} }}
}

// Of is h's AIBG adapter, or nil when h does not host AIBG (Plug).
func Of(h *host.Host) *Ab {
	a, _ := h.Game(Name).(*Ab)
	return a
}

// Part makes an AIBG table's hosted part. A row the codec cannot read gives a part
// whose engine cannot be rebuilt (Match says why).
func (a *Ab) Part(t *host.Table) host.Hosted {
	p := &hosted{a: a, t: t, lob: &Lobby{}}
	p.own, p.bad = Decode(t.Row)
	return p
}

// hosted is AIBG's part of a table (host.Hosted): its lobby, its engine (nil until
// first use: rebuilt from the record), and the end the host decided (a resignation or
// a forfeit), which the next Record stores with the result.
type hosted struct {
	a    *Ab
	t    *host.Table
	lob  *Lobby
	g    *aibg.Game
	own  *Aibg
	bad  error
	end  *match.Result
	last *aibg.TurnLog // the turn the newest screen resolved, for the programs' notices
}

// part is t's AIBG part; t must be an AIBG table.
func part(t *host.Table) *hosted { return t.Hosted().(*hosted) }

// LobbyOf is an AIBG table's lobby, or nil for another game's table.
func LobbyOf(t *host.Table) *Lobby {
	if p, ok := t.Hosted().(*hosted); ok {
		return p.lob
	}
	return nil
}

func (p *hosted) Lobby() any                                  { return p.lob }
func (p *hosted) Summary() *string                            { return &p.lob.Summary }
func (p *hosted) Version() int                                { return p.own.stored() }
func (p *hosted) Forget()                                     { p.g, p.end = nil, nil }
func (p *hosted) Next(*host.Host) (bool, error)               { return false, nil } // bots choose as a phase opens
func (p *hosted) Record(_ *host.Host, summary *string) error  { return p.a.record(p.t, summary) }
func (p *hosted) ArmClock(*host.Host) error                   { return p.a.armClock(p.t) }
func (p *hosted) Expire(_ *host.Host, d store.Deadline) error { return p.a.expire(p.t, d) }

// Committed keeps the turn the screen just owed resolved, for the programs' notices.
func (p *hosted) Committed(e host.Event) {
	p.last = nil
	if tn, ok := e.Turn.(*Turn); ok {
		p.last = tn.Log
	}
}

// DisarmClock takes back the clock of the screen that could not be shown.
func (p *hosted) DisarmClock(h *host.Host) {
	h.Disarm(p.t, host.TurnTimeUp)
	h.Disarm(p.t, host.AutoTurn)
}

// Held lists the match's people by seat; a finished match holds nobody, and a program
// is held to no one game (aibgnet bounds its matches at once).
func (p *hosted) Held() []string {
	out := []string{"", ""}
	if !p.t.Row.Status.Active() {
		return out
	}
	for i, u := range p.own.Seats {
		if !p.lob.Program(i + 1) {
			out[i] = u
		}
	}
	return out
}

// Wake shows a match whose first screen a restart left unowed; an auto match's stored
// AutoTurn plays on by itself.
func (p *hosted) Wake(h *host.Host) {
	if p.t.Owed() == nil && p.t.Row.Status == store.StatusPlay && p.t.Row.Shown == "" {
		p.t.Owe(p.t.Version())
		h.Retry(p.t)
	}
}

// armedAt is the version a deadline was armed at.
func armedAt(d store.Deadline) int {
	n, err := strconv.Atoi(d.Payload)
	if err != nil {
		return -1
	}
	return n
}
