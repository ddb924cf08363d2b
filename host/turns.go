package host

import (
	"strconv"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// MayPause refuses user pausing or resuming g: only an auto game plays on by itself,
// and only who started it may stop it, so watchers cannot stop each other's show.
func (l *Lobby) MayPause(g *store.Game, user string) error {
	if g.Mode != game.ModeAuto {
		return refuse(CodeNotAuto, "Only auto games pause.")
	}
	if user != l.Owner {
		return refuse(CodeOnlySome, "Only %s, who started this game, can pause or resume it.", User(l.Owner))
	}
	return nil
}

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
		return refuse(CodeNotInPlay, "The game is not in play.")
	case seat == 0:
		return refuse(CodeNotPlayer, "You are not playing in this game; you can watch, and %s shows it to you.", Command("kombat board"))
	case seat != t.Current:
		return refuse(CodeNotYourTurn, "It is %s's turn, not yours.", mention(t.Current))
	case drawn != strconv.Itoa(t.Decisions):
		return refuse(CodeStale, "These controls are out of date: the game has moved on. Use the latest message below.")
	}
	return nil
}
