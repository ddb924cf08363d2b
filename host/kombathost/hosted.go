package kombathost

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// hosted is KOMBAT's part of a table (host.Hosted): its lobby (LobbyOf), its
// engine and seats (Table.seats), and its turn clock with reminders and misses. An
// auto game keeps nothing here between its turns: each is a stored deadline
// (host.ArmAuto), which a restart or another process carries on.
type hosted struct {
	k     *Kombat
	t     *host.Table
	lob   Lobby  // the setup, and what the host keeps beside the engine (LobbyOf)
	seats *Seats // nil until first use: rebuilt from the record (Engine)
	// due is when the auto turn being played was due (its deadline's time), which the
	// next is paced from as its screen goes up; zero otherwise (autoTurn).
	due time.Time
}

// part is t's KOMBAT part; t must be a KOMBAT table.
func part(t *host.Table) *hosted { return t.Hosted().(*hosted) }

// LobbyOf is the lobby of KOMBAT table t: its setup, and what the host keeps beside
// its engine, stored as the row's setup. Another game's table has none: an empty one,
// kept nowhere, so a front that reads a table before asking its game reads nothing.
func LobbyOf(t *host.Table) *Lobby {
	if p, ok := t.Hosted().(*hosted); ok {
		return &p.lob
	}
	return &Lobby{}
}

// IsKombat reports whether t is a KOMBAT table (its part is this adapter's).
func IsKombat(t *host.Table) bool {
	_, ok := t.Hosted().(*hosted)
	return ok
}

// Names returns the players' display names for boards: a bot seat is "Bot" (of an
// auto game, "Bot 1" and "Bot 2", host.BotNames), with its level when it is not the
// default.
func Names(t *host.Table) [2]string {
	n, lob := host.BotNames(t.Row), LobbyOf(t)
	for i := range n {
		switch {
		case n[i] == "":
			n[i] = lob.Names[i]
		case lob.Levels[i] != "" && lob.Levels[i] != game.DefaultLevel:
			n[i] += " (" + lob.Levels[i] + ")"
		}
	}
	return n
}

// Create stores a new KOMBAT game of row (its own part written by NewRow) with
// configuration cfg and lobby lob and registers it, without the seat checks of a game
// people open (Challenge, Solo, Auto).
func Create(h *host.Host, row *store.Game, cfg game.Config, lob Lobby) (*host.Table, error) {
	row.ConfigText = cfg.String()
	t := host.NewTable(row, Of(h).Part)
	part(t).lob = lob
	return h.Create(t)
}

func (p *hosted) Lobby() any           { return &p.lob }
func (p *hosted) Summary() *string     { return &p.lob.Summary }
func (p *hosted) Version() int         { return len(p.t.Row.Actions) }
func (p *hosted) Forget()              { p.seats = nil }
func (p *hosted) Committed(host.Event) {}
func (p *hosted) Held() []string       { return SeatList(p.t.Row) }

func (p *hosted) Record(h *host.Host, summary *string) error { return p.k.record(p.t, summary) }

// ArmClock starts the turn clock of a person's turn in play, or arms an auto game's
// next turn (host.ArmAuto, paced from the turn just played) unless it is paused.
func (p *hosted) ArmClock(h *host.Host) error {
	g, err := p.k.Engine(p.t)
	if err != nil {
		return err
	}
	last := p.due
	p.due = time.Time{}
	switch {
	case g.Result() != nil || g.Phase() != game.PhasePlay:
	case p.t.Row.Mode == game.ModeAuto:
		if !p.lob.Paused {
			return h.ArmAuto(p.t, last) // not stored: the screen waits, and arms it when retried
		}
	default:
		p.k.armTurnClock(p.t)
	}
	return nil
}

func (p *hosted) DisarmClock(h *host.Host) {
	h.Disarm(p.t, host.TurnTimeUp)
	h.Disarm(p.t, host.TurnReminder)
	h.Disarm(p.t, host.AutoTurn) // the screen that shows the turn arms the next
}

// Next plays the bot's turn of a game with a person; an auto game's turns are its
// stored deadline's (host.AutoTurn, autoTurn).
func (p *hosted) Next(h *host.Host) (bool, error) {
	if p.t.Row.Mode == game.ModeAuto {
		return false, nil
	}
	if _, err := p.k.Engine(p.t); err != nil {
		return false, err
	}
	if p.seats.BotToMove() == 0 {
		return false, nil
	}
	if err := p.k.botTurn(p.t); err != nil {
		return false, err
	}
	return true, nil
}

func (p *hosted) Pause(h *host.Host, user string, stop bool) error {
	return p.k.pause(p.t, user, stop)
}

// Paused reports whether an auto game waits for Resume.
func (p *hosted) Paused() bool { return p.lob.Paused }

func (p *hosted) Expire(h *host.Host, d store.Deadline) error { return p.k.expire(p.t, d) }

// Wake plays the bot's turn a restart left unplayed, and makes sure an auto game in
// play has its next turn stored: a game stored before auto turns were deadlines has
// none. The turn comes a full step after the game is loaded, as its screen may have
// gone up just before the restart; a screen owed arms it once shown.
func (p *hosted) Wake(h *host.Host) {
	t := p.t
	if t.Owed() == nil && botToMove(t) {
		h.Retry(t)
	}
	if t.Row.Mode == game.ModeAuto && t.Row.Status == store.StatusPlay && !p.lob.Paused && t.Owed() == nil {
		if err := h.ArmAuto(t, time.Time{}); err != nil {
			h.Log().Error("auto game", "game", t.Row.ID, "err", err) // the next restart or adoption arms it
		}
	}
}

// pause is Pause for a KOMBAT game: pausing clears the next auto turn's deadline,
// resuming arms it a full step away.
func (k *Kombat) pause(t *host.Table, user string, stop bool) error {
	h := k.h
	if err := LobbyOf(t).MayPause(t.Row, user); err != nil {
		return err
	}
	err := h.Change(t, func() error {
		LobbyOf(t).Paused = stop
		return h.SaveMeta(t)
	})
	if err != nil {
		return fmt.Errorf("host: pause: %w", err)
	}
	switch {
	case stop:
		h.Disarm(t, host.AutoTurn)
	case t.Row.Status == store.StatusPlay && t.Owed() == nil: // else the owed screen arms it, once shown
		if err := h.ArmAuto(t, time.Time{}); err != nil {
			return err
		}
	}
	return nil
}

// armTurnClock starts the clock of a person's turn, with a reminder when a fifth of
// the time is left.
func (k *Kombat) armTurnClock(t *host.Table) {
	h := k.h
	g, err := k.Engine(t)
	if err != nil {
		return
	}
	p := g.Current()
	if p == 0 || !t.Human(p) || t.Row.TurnTimeout <= 0 {
		return
	}
	now := h.Now()
	h.Arm(t, host.TurnTimeUp, now.Add(t.Row.TurnTimeout))
	h.Arm(t, host.TurnReminder, now.Add(t.Row.TurnTimeout*4/5))
}

// expire carries out what Decide says a due deadline of a KOMBAT game does.
func (k *Kombat) expire(t *host.Table, d store.Deadline) error {
	h := k.h
	due := Due{Deadline: host.Deadline(d.Kind), Status: t.Row.Status, Owed: t.Owed() != nil,
		Auto: t.Row.Mode == game.ModeAuto, Paused: LobbyOf(t).Paused}
	due.ArmedAt, _ = strconv.Atoi(d.Payload)
	var g *game.Game
	if due.NeedsTurn() {
		var err error
		if g, err = k.Engine(t); err != nil {
			return err
		}
		due.Phase, due.Player, due.At = g.Phase(), g.Current(), g.Decisions()
		if due.Player != 0 {
			due.Human, due.Misses = t.Human(due.Player), LobbyOf(t).Misses[due.Player-1]
		}
	}
	p, action := due.Player, Decide(due)
	switch action {
	case ExpireChallenge, ExpireSetup:
		if err := h.Cancel(t); err != nil {
			return err
		}
		kind := host.NoteChallengeExpired
		if action == ExpireSetup {
			kind = host.NoteSetupExpired
		}
		h.Front().Tell(t, host.Note{Kind: kind})
	case Remind:
		h.Front().Tell(t, host.Note{Kind: host.NoteReminder, Player: p, Left: t.Row.TurnTimeout / 5})
	case PlayForPlayer, Forfeit:
		return k.timeUp(t, g, p, action == Forfeit)
	case PlayAuto:
		return k.autoTurn(t, p, d.Due)
	}
	return nil
}

// timeUp plays a turn whose time ran out, with no purchase and no spawn (any made are
// kept), or makes the player forfeit when Decide says they missed too many.
func (k *Kombat) timeUp(t *host.Table, g *game.Game, p int, forfeit bool) error {
	h := k.h
	LobbyOf(t).Misses[p-1]++
	e := host.Event{Kind: host.EvTimeUp, Player: p, Misses: LobbyOf(t).Misses[p-1]}
	var err error
	if forfeit {
		e.Kind = host.EvForfeit
		err = g.Forfeit(p)
	} else {
		var log game.TurnLog
		log, err = g.EndTurn(p)
		e.Turn = log
	}
	if err == nil {
		err = h.CommitShown(t, e)
	}
	if err != nil {
		// Nothing was stored: the engine is rebuilt from the store, the miss not
		// counted, and the deadline tried again.
		t.Forget()
		LobbyOf(t).Misses[p-1]--
		if errors.Is(err, game.ErrStopped) {
			h.Log().Info("timed-out turn interrupted by shutdown; it is played again after the restart", "game", t.Row.ID, "player", p)
		}
		return err
	}
	h.GoOn(t)
	return nil
}

// commit stores the decisions made in the engine since the stored record ended: one
// transaction, the game's result and ratings included when it is over. If the store
// refuses, the engine is rebuilt from what is stored, so memory never runs ahead.
func (k *Kombat) commit(t *host.Table) error {
	if len(t.Row.Actions) == part(t).seats.Eng.Decisions() {
		return nil
	}
	return k.record(t, nil)
}

// record stores the engine's decisions since the stored record ended, with the result
// when the game is over, owing the new state's screen with summary when it is not nil.
func (k *Kombat) record(t *host.Table, summary *string) error {
	h := k.h
	g := part(t).seats.Eng
	all := g.Record().Decisions
	pos := len(t.Row.Actions)
	enc, err := EncodeDecisions(all[pos:])
	if err == nil {
		err = h.DB().CommitRated(h.WriteContext(), t.Row.ID, pos, enc, g.Result(), g.Turns(), summary, Elo{})
	}
	if err != nil {
		t.Forget()
		return err
	}
	t.Row.Actions = append(t.Row.Actions, enc...)
	if r := g.Result(); r != nil {
		h.Finished(t, r, g.Turns())
	}
	return nil
}

// botToMove reports, from the stored record alone (no replay at start-up), that a
// solitaire game waits for the bot: its board was shown, and the process stopped before
// the bot's turn was committed. Nothing else would ever play that turn.
func botToMove(t *host.Table) bool {
	as := t.Row.Actions
	if t.Row.Mode != game.ModeSolitaire || t.Row.Status != store.StatusPlay || len(as) < 2 {
		return false
	}
	human := max(HumanSeat(t.Row), 1)
	switch last := as[len(as)-1]; game.Action(last.Verb) {
	case game.ActEnd:
		return last.Seat == human
	case game.ActFreeSpawn:
		return len(as) == 2 && human == 2 // setup over: player 1, the bot, begins
	}
	return false
}

// botTurn plays the bot's whole turn and commits it, owing its screen.
func (k *Kombat) botTurn(t *host.Table) error {
	p, log, err := part(t).seats.BotTurn()
	if err != nil {
		t.Forget() // half a turn may have been played: rebuild from the store
		return err
	}
	return k.h.CommitShown(t, host.Event{Kind: host.EvTurn, Player: p, Turn: log})
}

// autoTurn plays the turn of player p of an auto game, due at due (its AutoTurn
// deadline), and shows it: the screen, as it goes up, arms the next turn a step after
// this one was due (ArmClock), until the game ends. A turn the store refused kept
// nothing (the engine is rebuilt from the store) and is played again, its deadline
// postponed with backoff (host.RunDue); a record that moved on without this process is
// loaded again from the store (host.Reload). The caller holds the lock.
func (k *Kombat) autoTurn(t *host.Table, p int, due time.Time) error {
	h := k.h
	h.Log().Debug("auto turn starts", "game", t.Row.ID, "player", p)
	if err := k.botTurn(t); err != nil {
		switch {
		case errors.Is(err, game.ErrStopped):
			h.Log().Info("turn interrupted by shutdown; it is played again after the restart", "game", t.Row.ID, "player", p)
		case errors.Is(err, store.ErrConflict):
			h.Reload(t)
		}
		return err
	}
	part(t).due = due
	h.GoOn(t)
	return nil
}

// Engine returns the game's engine, rebuilding it (and its seats) from the stored
// record if needed.
func (k *Kombat) Engine(t *host.Table) (*game.Game, error) {
	p := part(t)
	if p.seats != nil {
		return p.seats.Eng, nil
	}
	rec, err := Record(t.Row)
	if err != nil {
		return nil, fmt.Errorf("kombathost: rebuild game %d: %w", t.Row.ID, err)
	}
	g, err := game.ReplayStop(k.lang, rec, k.h.Halt())
	if err != nil {
		return nil, fmt.Errorf("kombathost: rebuild game %d: %w", t.Row.ID, err)
	}
	if p.seats, err = NewSeatsWithLevels(g, [2]bool{t.Human(1), t.Human(2)}, t.Row.Seed, LobbyOf(t).Levels); err != nil {
		return nil, fmt.Errorf("kombathost: game %d: %w", t.Row.ID, err)
	}
	return g, nil
}

// Lowered lists what reading the game's stored configuration lowers to today's bounds
// (a game stored by an older version) and the lowered configuration's text
// (host.Lowerer): the host stores it at Restore.
func (p *hosted) Lowered() ([]string, string) {
	cfg, lowered, err := Config(p.t.Row)
	if err != nil || len(lowered) == 0 {
		return nil, ""
	}
	return lowered, cfg.String()
}

// Replays rebuilds the game from its stored record (host.Replayer), for a game whose
// configuration was lowered at Restore.
func (p *hosted) Replays(*host.Host) error {
	_, err := p.k.Engine(p.t)
	return err
}
