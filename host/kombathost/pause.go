package kombathost

import (
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// MayPause refuses user pausing or resuming g: only an auto game plays on by itself,
// and only who started it may stop it, so watchers cannot stop each other's show.
func (l *Lobby) MayPause(g *store.Game, user string) error {
	if g.Mode != game.ModeAuto {
		return host.Refuse(host.CodeNotAuto, "Only auto games pause.")
	}
	if user != l.Owner {
		return host.Refuse(host.CodeOnlySome, "Only %s, who started this game, can pause or resume it.", host.User(l.Owner))
	}
	return nil
}
