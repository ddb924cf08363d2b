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
// engine and seats (Table.seats), its turn clock with reminders and misses, and its
// auto games' loop.
type hosted struct {
	k     *Kombat
	t     *host.Table
	lob   Lobby  // the setup, and what the host keeps beside the engine (LobbyOf)
	seats *Seats // nil until first use: rebuilt from the record (Engine)
	loop  bool   // an auto game's turn loop is running (startAuto)
	fails int    // the auto turns in a row the store refused, for their backoff
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

// armClock starts the turn clock of a person's turn in play.
func (p *hosted) ArmClock(h *host.Host) error {
	g, err := p.k.Engine(p.t)
	if err != nil {
		return err
	}
	if g.Result() == nil && g.Phase() == game.PhasePlay {
		p.k.armTurnClock(p.t)
	}
	return nil
}

func (p *hosted) DisarmClock(h *host.Host) {
	h.Disarm(p.t, host.TurnTimeUp)
	h.Disarm(p.t, host.TurnReminder)
}

// next plays the bot's turn of a game with a person; an auto game's turns are its
// loop's (startAuto), which it starts.
func (p *hosted) Next(h *host.Host) (bool, error) {
	if _, err := p.k.Engine(p.t); err != nil {
		return false, err
	}
	if p.seats.BotToMove() == 0 {
		return false, nil
	}
	if p.t.Row.Mode == game.ModeAuto {
		p.k.startAuto(p.t)
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

// wake plays the bot's turn a restart left unplayed, and runs an auto game's loop.
func (p *hosted) Wake(h *host.Host) {
	t := p.t
	if t.Owed() == nil && botToMove(t) {
		h.Retry(t)
	}
	if t.Row.Mode == game.ModeAuto && t.Row.Status == store.StatusPlay && !LobbyOf(t).Paused {
		p.k.startAuto(t)
	}
}

// pause is Pause for a KOMBAT game.
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
	if !stop {
		k.startAuto(t)
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
	due := Due{Deadline: host.Deadline(d.Kind), Status: t.Row.Status, Owed: t.Owed() != nil}
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

// startAuto runs an auto game's turns, one every AutoStep, until it ends, is paused,
// or the host closes. The caller holds the lock.
func (k *Kombat) startAuto(t *host.Table) {
	h, p := k.h, part(t)
	if LobbyOf(t).Paused {
		return
	}
	h.Repeat(t, &p.loop, h.AutoStep(), func() (time.Duration, bool) {
		return k.autoTurn(t)
	})
}

// autoTurn plays one turn of an auto game and shows it; it reports when the next turn
// is due and whether the loop goes on, and clears the loop's flag when not (before
// anything that may start the loop again). A turn the store refused is played again
// with backoff until it is stored. The caller holds the lock.
func (k *Kombat) autoTurn(t *host.Table) (time.Duration, bool) {
	h, kp := k.h, part(t)
	// The engine is rebuilt here, not at start-up, so that replaying long games
	// neither delays Start nor escapes Close (it stops on halt too).
	g, err := k.Engine(t)
	if LobbyOf(t).Paused || err != nil || g.Phase() != game.PhasePlay || h.Halt().Load() {
		if err != nil && !errors.Is(err, game.ErrStopped) {
			h.Log().Error("auto game", "game", t.Row.ID, "err", err)
		}
		kp.loop = false
		return 0, false
	}
	// A screen still owed goes first; the game waits for it.
	if err := h.Show(t); err != nil {
		kp.loop = false
		h.GoOn(t)
		return 0, false
	}
	p := g.Current()
	h.Log().Debug("auto turn starts", "game", t.Row.ID, "player", p, "turn", g.Turns()+1)
	err = k.botTurn(t)
	if err == nil {
		err = h.Show(t)
	}
	if errors.Is(err, game.ErrStopped) {
		h.Log().Info("turn interrupted by shutdown; it is played again after the restart", "game", t.Row.ID, "player", p)
		return 0, true // the loop sees the host closing and stops
	}
	if err != nil && t.Owed() != nil {
		h.Log().Warn("auto turn", "game", t.Row.ID, "err", err)
		kp.loop = false
		h.GoOn(t) // retries the screen, then the loop
		return 0, false
	}
	if err != nil {
		// The store refused the turn: nothing was kept, and the engine is rebuilt
		// from what is stored. The same turn is played again, with backoff, until it
		// lands; a record that moved on without us is loaded again from the store.
		if errors.Is(err, store.ErrConflict) {
			kp.loop = false
			h.Reload(t)
			return 0, false
		}
		kp.fails++
		wait := h.Backoff(kp.fails)
		h.Log().Warn("auto turn not stored; played again", "game", t.Row.ID, "in", wait, "err", err)
		return wait, true
	}
	kp.fails = 0
	return h.AutoStep(), true
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
