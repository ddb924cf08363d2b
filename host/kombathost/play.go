package kombathost

import (
	"errors"
	"github.com/kombat-game/kombat/host"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// A game's life through the host: accepted, agreed (Agree), free spawns (FreeSpawn),
// turns (Press, then Buy, Spawn, EndTurn), and its end (a result, Resign, Cancel). Each
// method takes a locked table, stores the change before anything shows it, and leaves
// showing it to the screens owed (or to the caller, for a change only the player's
// own controls show).

// Accept seats user as the challenged player's name and opens the setup.
func (k *Kombat) Accept(t *host.Table, user, name string) error {
	h := k.h
	if err := host.Accept(t.Row, user, h.Active()); err != nil {
		return err
	}
	LobbyOf(t).Names[1] = name
	t.Row.Status = store.StatusSetup
	if err := h.SaveMeta(t); err != nil {
		t.Row.Status = store.StatusChallenge
		return err
	}
	h.Disarm(t, host.ChallengeExpiry)
	return nil
}

// Agree fixes the agreed kinds, starts the engine, makes the bots' free spawns and
// owes what comes next: the people's free spawns, or the first board.
func (k *Kombat) Agree(t *host.Table) error {
	h := k.h
	kinds := LobbyOf(t).Specs()
	cfg, _, err := Config(t.Row)
	if err != nil {
		return err
	}
	g, err := game.New(k.lang, game.Setup{Config: cfg, Seed: t.Row.Seed, Mode: t.Row.Mode, HumanSeat: HumanSeat(t.Row), Kinds: kinds})
	if err != nil {
		return err
	}
	before := t.Row.State
	SetKinds(t.Row, kinds)
	t.Row.Status = store.StatusPlay
	if err := h.SaveMeta(t); err != nil {
		t.Row.State, t.Row.Status = before, store.StatusSetup
		return err
	}
	h.Disarm(t, host.SetupExpiry)
	g.SetStop(h.Halt())
	seats, err := NewSeatsWithLevels(g, [2]bool{t.Human(1), t.Human(2)}, t.Row.Seed, LobbyOf(t).Levels)
	if err != nil {
		return err
	}
	part(t).seats = seats
	if err := part(t).seats.BotFreeSpawns(); err != nil {
		return err
	}
	if err := h.CommitShown(t, host.Event{Kind: host.EvStart}); err != nil {
		return err
	}
	h.GoOn(t)
	return nil
}

// FreeSpawn makes a player's free spawn; when it was the last, the game begins (its
// first screen is owed and shown). It reports whether the game began.
func (k *Kombat) FreeSpawn(t *host.Table, user string, kind int, at game.Hex) (bool, error) {
	h := k.h
	g, err := k.Engine(t)
	if err != nil {
		return false, err
	}
	seat := t.Seat(user)
	if seat == 0 {
		return false, host.Refuse(host.CodeNotPlayer, "Only the players of this game make free spawns.")
	}
	if err := g.FreeSpawn(seat, kind, at); err != nil {
		return false, host.Refuse(host.CodeBadMove, "%s.", err)
	}
	if g.Phase() == game.PhaseSetup {
		return false, k.commit(t)
	}
	if err := h.CommitShown(t, host.Event{Kind: host.EvStart}); err != nil {
		return false, err
	}
	h.GoOn(t)
	return true, nil
}

// Press checks that user may act on the turn controls drawn at record position drawn
// (the player to act, on the latest controls) and returns the engine and their seat.
func (k *Kombat) Press(t *host.Table, user, drawn string, mention func(seat int) string) (*game.Game, int, error) {
	g, err := k.Engine(t)
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
func (k *Kombat) Buy(t *host.Table, p int, at game.Hex) error {
	return k.act(t, func(g *game.Game) error { return g.Buy(p, at) })
}

// Spawn spawns a minion of kind on hex at for seat p and stores it, as Buy does.
func (k *Kombat) Spawn(t *host.Table, p, kind int, at game.Hex) error {
	return k.act(t, func(g *game.Game) error { return g.Spawn(p, kind, at) })
}

func (k *Kombat) act(t *host.Table, do func(g *game.Game) error) error {
	if err := do(part(t).seats.Eng); err != nil {
		return err
	}
	if err := k.commit(t); err != nil {
		return err
	}
	k.armTurnClock(t)
	return nil
}

// ErrInterrupted says the host is closing, so a turn was not played and nothing
// changed: the player may press again after the restart.
var ErrInterrupted = errors.New("host: interrupted by shutdown; nothing changed")

// EndTurn runs seat p's minions, stores the turn, and goes on: its screen, then the
// bot's turn when the bot plays next.
func (k *Kombat) EndTurn(t *host.Table, p int) error {
	h := k.h
	log, err := part(t).seats.Eng.EndTurn(p)
	if errors.Is(err, game.ErrStopped) {
		t.Forget()
		h.Log().Info("turn interrupted by shutdown; nothing stored", "game", t.Row.ID, "player", p)
		return ErrInterrupted
	}
	if err != nil {
		return err
	}
	LobbyOf(t).Misses[p-1] = 0
	if err := h.CommitShown(t, host.Event{Kind: host.EvTurn, Player: p, Turn: log}); err != nil {
		return err
	}
	h.GoOn(t)
	return nil
}

// Resign ends the game with user losing, or cancels it when it has not started. It
// reports whether it was cancelled.
func (k *Kombat) Resign(t *host.Table, user string) (cancelled bool, err error) {
	h := k.h
	seat := t.Seat(user)
	if seat == 0 {
		return false, host.Refuse(host.CodeNotPlayer, "You are not playing in this game.")
	}
	if t.Row.Status != store.StatusPlay {
		return true, h.Cancel(t)
	}
	g, err := k.Engine(t)
	if err != nil {
		return false, err
	}
	if err := g.Resign(seat); err != nil {
		return false, host.Refuse(host.CodeBadMove, "%s.", err)
	}
	if err := h.CommitShown(t, host.Event{Kind: host.EvResign, Player: seat}); err != nil {
		return false, err
	}
	h.GoOn(t)
	return false, nil
}
