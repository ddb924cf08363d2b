package kombathost

import (
	"strconv"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// Turn is where a game in play stands when someone presses a turn's controls.
type Turn struct {
	Phase     game.Phase
	Current   int // the seat to act
	Decisions int // the record position of the latest controls
}

// TurnOf is where eng stands, for MayPress.
func TurnOf(eng *game.Game) Turn {
	return Turn{Phase: eng.Phase(), Current: eng.Current(), Decisions: eng.Decisions()}
}

// MayPress refuses user a press of controls drawn at record position drawn (as the
// controls carry it) in g: only the seat to act plays, and only on the latest
// controls, so a stale message cannot act on a board its presser no longer sees.
// mention names a seat in the refusal; it is asked only about the seat to act.
func (t Turn) MayPress(g *store.Game, user, drawn string, mention func(seat int) string) error {
	seat := g.Seat(user)
	switch {
	case t.Phase != game.PhasePlay:
		return host.Refuse(host.CodeNotInPlay, "The game is not in play.")
	case seat == 0:
		return host.Refuse(host.CodeNotPlayer, "You are not playing in this game; you can watch, and %s shows it to you.", host.Command("kombat board"))
	case seat != t.Current:
		return host.Refuse(host.CodeNotYourTurn, "It is %s's turn, not yours.", mention(t.Current))
	case drawn != strconv.Itoa(t.Decisions):
		return host.Refuse(host.CodeStale, "These controls are out of date: the game has moved on. Use the latest message below.")
	}
	return nil
}
