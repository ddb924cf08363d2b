package host

import (
	"errors"
	"fmt"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// A game's life through the host: accepted, agreed (Agree), free spawns (FreeSpawn),
// turns (Press, then Buy, Spawn, EndTurn), and its end (a result, Resign, Cancel). Each
// method takes a locked table, stores the change before anything shows it, and leaves
// showing it to the screens owed (or to the caller, for a change only the player's
// own controls show).

// Accept seats user as the challenged player's name and opens the setup.
func (h *Host) Accept(t *Table, user, name string) error {
	if err := Accept(t.Row, user, h.Active()); err != nil {
		return err
	}
	t.Lobby.Names[1] = name
	t.Row.Status = store.StatusSetup
	if err := h.SaveMeta(t); err != nil {
		t.Row.Status = store.StatusChallenge
		return err
	}
	h.Disarm(t, ChallengeExpiry)
	return nil
}

// Agree fixes the agreed kinds, starts the engine, makes the bots' free spawns and
// owes what comes next: the people's free spawns, or the first board.
func (h *Host) Agree(t *Table) error {
	kinds := t.Lobby.Specs()
	g, err := game.New(h.lang, game.Setup{Config: t.Row.Config, Seed: t.Row.Seed, Mode: t.Row.Mode, HumanSeat: t.Row.HumanSeat, Kinds: kinds})
	if err != nil {
		return err
	}
	t.Row.Kinds, t.Row.Status = kinds, store.StatusPlay
	if err := h.SaveMeta(t); err != nil {
		t.Row.Kinds, t.Row.Status = nil, store.StatusSetup
		return err
	}
	h.Disarm(t, SetupExpiry)
	g.SetStop(&h.halt)
	if t.seats, err = NewSeatsWithLevels(g, t.human(), t.Row.Seed, t.Lobby.Levels); err != nil {
		return err
	}
	if err := t.seats.BotFreeSpawns(); err != nil {
		return err
	}
	if err := h.CommitShown(t, Event{Kind: EvStart}); err != nil {
		return err
	}
	h.GoOn(t)
	return nil
}

// FreeSpawn makes a player's free spawn; when it was the last, the game begins (its
// first screen is owed and shown). It reports whether the game began.
func (h *Host) FreeSpawn(t *Table, user string, kind int, at game.Hex) (bool, error) {
	g, err := h.Engine(t)
	if err != nil {
		return false, err
	}
	seat := t.Seat(user)
	if seat == 0 {
		return false, refuse(CodeNotPlayer, "Only the players of this game make free spawns.")
	}
	if err := g.FreeSpawn(seat, kind, at); err != nil {
		return false, refuse(CodeBadMove, "%s.", err)
	}
	if g.Phase() == game.PhaseSetup {
		return false, h.commit(t)
	}
	if err := h.CommitShown(t, Event{Kind: EvStart}); err != nil {
		return false, err
	}
	h.GoOn(t)
	return true, nil
}

// Press checks that user may act on the turn controls drawn at record position drawn
// (the player to act, on the latest controls) and returns the engine and their seat.
func (h *Host) Press(t *Table, user, drawn string, mention func(seat int) string) (*game.Game, int, error) {
	g, err := h.Engine(t)
	if err != nil {
		return nil, 0, err
	}
	if err := TurnOf(g).MayPress(t.Row, user, drawn, mention); err != nil {
		return nil, 0, err
	}
	return g, g.Current(), nil
}

// Buy buys hex at for seat p and stores it; the turn clock starts again. A purchase
// the rules refuse is a *game.ActionError.
func (h *Host) Buy(t *Table, p int, at game.Hex) error {
	return h.act(t, func(g *game.Game) error { return g.Buy(p, at) })
}

// Spawn spawns a minion of kind on hex at for seat p and stores it, as Buy does.
func (h *Host) Spawn(t *Table, p, kind int, at game.Hex) error {
	return h.act(t, func(g *game.Game) error { return g.Spawn(p, kind, at) })
}

func (h *Host) act(t *Table, do func(g *game.Game) error) error {
	if err := do(t.seats.Eng); err != nil {
		return err
	}
	if err := h.commit(t); err != nil {
		return err
	}
	h.ArmTurnClock(t)
	return nil
}

// ErrInterrupted says the host is closing, so a turn was not played and nothing
// changed: the player may press again after the restart.
var ErrInterrupted = errors.New("host: interrupted by shutdown; nothing changed")

// EndTurn runs seat p's minions, stores the turn, and goes on: its screen, then the
// bot's turn when the bot plays next.
func (h *Host) EndTurn(t *Table, p int) error {
	log, err := t.seats.Eng.EndTurn(p)
	if errors.Is(err, game.ErrStopped) {
		t.Forget()
		h.log.Info("turn interrupted by shutdown; nothing stored", "game", t.Row.ID, "player", p)
		return ErrInterrupted
	}
	if err != nil {
		return err
	}
	t.Lobby.Misses[p-1] = 0
	if err := h.CommitShown(t, Event{Kind: EvTurn, Player: p, Log: log}); err != nil {
		return err
	}
	h.GoOn(t)
	return nil
}

// Resign ends the game with user losing, or cancels it when it has not started. It
// reports whether it was cancelled.
func (h *Host) Resign(t *Table, user string) (cancelled bool, err error) {
	seat := t.Seat(user)
	if seat == 0 {
		return false, refuse(CodeNotPlayer, "You are not playing in this game.")
	}
	if t.Row.Status != store.StatusPlay {
		return true, h.Cancel(t)
	}
	g, err := h.Engine(t)
	if err != nil {
		return false, err
	}
	if err := g.Resign(seat); err != nil {
		return false, refuse(CodeBadMove, "%s.", err)
	}
	if err := h.CommitShown(t, Event{Kind: EvResign, Player: seat}); err != nil {
		return false, err
	}
	h.GoOn(t)
	return false, nil
}

// Pause stops (stop) or resumes an auto game; only the player who started it may.
func (h *Host) Pause(t *Table, user string, stop bool) error {
	p, ok := t.game().(Pauser)
	if !ok {
		return refuse(CodeNotAuto, "Only auto games pause.")
	}
	return p.Pause(h, user, stop)
}

// kombatPause is Pause for a KOMBAT game.
func (h *Host) kombatPause(t *Table, user string, stop bool) error {
	if err := t.Lobby.MayPause(t.Row, user); err != nil {
		return err
	}
	err := h.Change(t, func() error {
		t.Lobby.Paused = stop
		return h.SaveMeta(t)
	})
	if err != nil {
		return fmt.Errorf("host: pause: %w", err)
	}
	if !stop {
		h.startAuto(t)
	}
	return nil
}
