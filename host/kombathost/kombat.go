// Package kombathost hosts KOMBAT on the house's core (package host): it is KOMBAT's
// adapter, the game's own part of a table (host.Hosted) and everything the fronts ask
// of a KOMBAT game through the host. Its engine and seats (Engine, Seats), its commit and turn clock (reminders, turns
// played for a player who missed theirs, the forfeit after MaxMisses), pause and
// wake after a restart, auto games (each turn a stored deadline, host.Host.ArmAuto), opening a challenge or a solo game, the
// setup negotiation's actions and free spawns, the turns (press, buy, spawn, end,
// resign), try for Discord, replays and Why? traces, its ladders and rating policy
// (Elo), and its tournaments (a round robin of strategies, played in the background
// and resumed after a restart) are here, and so is its lobby (Lobby, LobbyOf: the
// kinds proposed with their setup rules and checks, CheckKind and KindFromFile, who is
// ready, the seats' names); the tables, screens owed, deadlines, claims and seating
// stay the core's (issue 22).
//
// A host hosts KOMBAT when Plug is among its Options.Games; Of is then its adapter.
package kombathost

import (
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
)

// Kombat is KOMBAT's adapter for one host: the host's Game for KOMBAT's tables, and
// the methods the fronts call on KOMBAT's games and tournaments.
type Kombat struct {
	h    *host.Host
	lang *interp.Language // the host's (host.Options.Lang), or KOMBAT's (game.NewLanguage)
	// frames are the frames of the finished games replayed last (Frames): a finished
	// game's record never changes, so they stay true.
	frames *host.Recent[[]game.Frame]
}

// Plug registers KOMBAT with a host (host.Options.Games); KOMBAT's rows also include
// those that name no game, stored before the house hosted a second one.
func Plug() host.Plug {
	return host.Plug{Name: Name, Unnamed: true, Stopped: game.ErrStopped, Library: Library(), New: func(h *host.Host) host.Game {
		lang := h.Lang()
		if lang == nil {
			lang = game.NewLanguage()
		}
		return &Kombat{h: h, lang: lang, frames: host.NewRecent[[]game.Frame](host.ReplaysKept)}
	}}
}

// Of is h's KOMBAT adapter, or nil when h does not host KOMBAT (Plug).
func Of(h *host.Host) *Kombat {
	k, _ := h.Game(Name).(*Kombat)
	return k
}

// Lang is the strategy language of KOMBAT's games: the host's (host.Options.Lang),
// or KOMBAT's when the host was given none.
func (k *Kombat) Lang() *interp.Language { return k.lang }

// Host is the host the adapter plugs KOMBAT into.
func (k *Kombat) Host() *host.Host { return k.h }

// Part makes a KOMBAT table's hosted part.
func (k *Kombat) Part(t *host.Table) host.Hosted { return &hosted{k: k, t: t} }

// Library is what KOMBAT's players save: strategies (host.Library).
func Library() host.LibraryKind {
	return host.LibraryKind{Game: Name, Noun: "strategy", Plural: "strategies", Program: "a KOMBAT strategy", Ext: "kombat", Draft: "lib:"}
}
