// Package upbeathost hosts UPBEAT on the house's core (package host): it is UPBEAT's
// adapter, the game's own part of a table (host.Hosted) and everything the fronts ask
// of an UPBEAT game through the host. The lobby (seats for 2 to 6, bots), the first
// plans, the revision clocks and their reminders, auto games paced by a stored
// deadline, the last turn's path, UPBEAT's ladders and rating policy, replays resumed
// from checkpoints, finished games read back and Why? traces are here; the tables,
// screens owed, deadlines, claims and seating stay the core's.
//
// A host hosts UPBEAT when Plug is among its Options.Games; Of is then its adapter.
package upbeathost

import (
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// Up is UPBEAT's adapter for one host: the host's Game for UPBEAT's tables, and the
// methods the fronts call on an UPBEAT game (each takes a locked table, as the host's
// own do).
type Up struct {
	h    *host.Host
	lang *interp.Language // UPBEAT's plans' language
	// points are the checkpoints of the games replayed last: a game's record only
	// grows, so they stay true as it goes on.
	points *host.Recent[[]upPoint]
}

// Plug registers UPBEAT with a host (host.Options.Games).
func Plug() host.Plug {
	return host.Plug{Name: Name, Library: Library(), New: func(h *host.Host) host.Game {
		return &Up{h: h, lang: upbeat.NewLanguage(), points: host.NewRecent[[]upPoint](host.ReplaysKept)}
	}}
}

// Of is h's UPBEAT adapter, or nil when h does not host UPBEAT (Plug).
func Of(h *host.Host) *Up {
	u, _ := h.Game(Name).(*Up)
	return u
}

// Host is the host the adapter plugs UPBEAT into.
func (u *Up) Host() *host.Host { return u.h }

// Part makes an UPBEAT table's hosted part.
// A row the codec cannot read (Decode) gives a part whose engine cannot be rebuilt
// (UpEngine says why), as a record that no longer replays does.
func (u *Up) Part(t *host.Table) host.Hosted {
	up, err := Decode(t.Row)
	return &hosted{u: u, t: t, lob: &UpLobby{}, up: up, bad: err}
}

// hosted is UPBEAT's part of a table (host.Hosted): its lobby, its engine (nil until
// first use: rebuilt from the record), the turn its latest screen follows (UpLast,
// rebuilt with the engine), its revision clocks and first-plans time, and its bots'
// turns (an auto game's paced by a stored deadline).
type hosted struct {
	u    *Up
	t    *host.Table
	lob  *UpLobby
	g    *upbeat.Game
	last upbeat.TurnLog
	// up is the game's own part (Own), decoded from the row once and kept in step with
	// it; bad is why the row could not be decoded, if it could not.
	up  *Upbeat
	bad error
}

// part is t's UPBEAT part; t must be an UPBEAT table.
func part(t *host.Table) *hosted { return t.Hosted().(*hosted) }

// Lobby is an UPBEAT table's lobby, or nil for another game's table.
func Lobby(t *host.Table) *UpLobby {
	if p, ok := t.Hosted().(*hosted); ok {
		return p.lob
	}
	return nil
}

// Paused reports whether an auto game waits for Resume.
func (p *hosted) Paused() bool { return p.lob.Paused }

func (p *hosted) Lobby() any                { return p.lob }
func (p *hosted) Summary() *string          { return &p.lob.Summary }
func (p *hosted) Version() int              { return len(p.up.Actions) }
func (p *hosted) Forget()                   { p.g = nil }
func (p *hosted) Committed(e host.Event)    { p.last = upLastOf(e) }
func (p *hosted) Held() []string            { return upHeld(p.t) }
func (p *hosted) ArmClock(*host.Host) error { return p.u.upArmClock(p.t) }

func (p *hosted) Record(_ *host.Host, summary *string) error { return p.u.upRecord(p.t, summary) }

// DisarmClock takes back the revision clock, and the first plans' time while they
// cannot be written.
func (p *hosted) DisarmClock(h *host.Host) {
	h.Disarm(p.t, host.TurnTimeUp)
	h.Disarm(p.t, host.TurnReminder)
	if p.t.Row.Status == store.StatusSetup {
		h.Disarm(p.t, host.SetupExpiry)
	}
}

// Next plays the bots' turns up to a person's; an auto game's are paced by its
// AutoTurn deadline, armed as the screen went up.
func (p *hosted) Next(*host.Host) (bool, error) {
	if p.t.Row.Mode == match.ModeAuto {
		return false, nil
	}
	return p.u.upAuto(p.t)
}

func (p *hosted) Pause(_ *host.Host, user string, stop bool) error {
	return p.u.upPause(p.t, user, stop)
}

func (p *hosted) Expire(_ *host.Host, d store.Deadline) error { return p.u.upExpire(p.t, d) }

// Wake plays the bots' turns a restart left unplayed.
func (p *hosted) Wake(h *host.Host) {
	if p.t.Owed() == nil && p.u.upWaits(p.t) {
		h.Retry(p.t)
	}
}

// Library is what UPBEAT's players save: plans (host.Library).
func Library() host.LibraryKind {
	return host.LibraryKind{Game: Name, Noun: "plan", Plural: "plans", Program: "an UPBEAT plan", Ext: "upbeat", Draft: "uplib:"}
}
