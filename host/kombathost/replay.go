package kombathost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// KOMBAT's finished games read back: replays (frames kept for the games replayed
// last, Kombat.frames) and a turn's explanation ("Why?"). The adapter reads them and
// decides who may see what; the chat layer draws and words them.

// View is a read-only copy of a game's stored state: an active game's, taken under its
// table's lock, or a finished game's, loaded from the store. Explanations and replays
// read it without holding up play.
type View struct {
	Row   *store.Game
	Lobby Lobby
}

// Table wraps the view in a detached table (never registered nor locked), for the
// helpers that name players.
func (v *View) Table() *host.Table {
	return host.NewTable(v.Row, func(t *host.Table) host.Hosted { return &hosted{t: t, lob: v.Lobby} })
}

// View copies an active game from its table, or loads a finished one from the store;
// a game that does not exist gives store.ErrNotFound.
func (k *Kombat) View(ctx context.Context, id int64) (*View, error) {
	if t, err := k.h.Lock(id); err == nil {
		defer t.Unlock()
		row := *t.Row
		row.Seats, row.Actions = slices.Clone(t.Row.Seats), slices.Clone(t.Row.Actions)
		return &View{Row: &row, Lobby: *LobbyOf(t)}, nil
	}
	row, err := k.h.DB().Game(ctx, id)
	if err != nil {
		return nil, err
	}
	v := &View{Row: row}
	if len(row.Setup) > 0 {
		if err := json.Unmarshal(row.Setup, &v.Lobby); err != nil {
			return nil, fmt.Errorf("host: game %d has an unreadable setup: %w", id, err)
		}
	}
	return v, nil
}

// ReplayGame finds the game a replay asked for in a server's place means: game id,
// which must be a finished game of that server, or (id 0) the last game finished in
// the place. Anything else is a *Refusal.
func (k *Kombat) ReplayGame(ctx context.Context, guild, place string, id int64) (*View, error) {
	var row *store.Game
	var err error
	if id > 0 {
		row, err = k.h.DB().Game(ctx, id)
		if errors.Is(err, store.ErrNotFound) || err == nil && row.Scope != guild {
			return nil, host.Refuse(host.CodeNoSuchGame, "There is no game #%d on this server. %s lists your games.", id, host.Command("kombat history"))
		}
		if err == nil && !own(row) {
			return nil, host.Refuse(host.CodeWrongGame, "Game #%d is %s game, not a KOMBAT one: %s replays it.", id, another(row), host.Command(fmt.Sprintf("%s replay game:%d", row.Game, id)))
		}
	} else {
		row, err = k.h.DB().LastGameIn(ctx, Name, place)
		if errors.Is(err, store.ErrNotFound) {
			return nil, host.Refuse(host.CodeNothingYet, "No game has finished in this channel yet. Give a game number: %s lists your games.", host.Command("kombat history"))
		}
	}
	if err != nil {
		return nil, fmt.Errorf("host: game for replay: %w", err)
	}
	if row.Status != store.StatusOver {
		return nil, host.Refuse(host.CodeNotOver, "Game #%d is not over (it is %s); replays are of finished games. %s shows a game in play.", row.ID, row.Status, host.Command("kombat board"))
	}
	return k.View(ctx, row.ID)
}

// Frames replays a view's game: a frame after the free spawns and one per turn. A
// finished game's frames are kept for the games replayed last, so that a viewer's
// press shows a frame without replaying the game (they are shared: read-only).
func (k *Kombat) Frames(v *View) ([]game.Frame, error) {
	over := v.Row.Status == store.StatusOver
	if over {
		if f, ok := k.frames.Get(v.Row.ID); ok {
			return f, nil
		}
	}
	defer k.h.LockReplays()()
	if f, ok := k.frames.Get(v.Row.ID); ok && over { // replayed while we waited
		return f, nil
	}
	rec, err := Record(v.Row)
	if err != nil {
		return nil, err
	}
	f, err := game.Frames(k.lang, rec)
	if err == nil && over {
		k.frames.Keep(v.Row.ID, f)
	}
	return f, err
}

// Replay loads a finished game and its frames for a replay viewer that steps through
// it; a game that is gone, not over or does not replay is a *Refusal.
func (k *Kombat) Replay(ctx context.Context, id int64) (*View, []game.Frame, error) {
	v, err := k.View(ctx, id)
	if err != nil || v.Row.Status != store.StatusOver || v.Row.Game != Name {
		return nil, nil, host.Refuse(host.CodeGone, "This game can no longer be replayed.")
	}
	frames, err := k.Frames(v)
	if err != nil {
		return nil, nil, fmt.Errorf("host: replay frames of game %d: %w", id, err)
	}
	return v, frames, nil
}

// Why is what a turn's "Why?" button shows: the turn and, for each minion that ran in
// it, its evaluation and what it did on the board.
type Why struct {
	View    *View
	Player  int // the seat whose turn it was
	Turn    int // that player's own turn number, from 1
	Minions []MinionRun
}

// MinionRun is one minion's part in a turn: its evaluation (an EvEval event with its
// trace, where it stood, how it ended and after how many steps) and its moves and shots.
type MinionRun struct {
	Eval game.Event
	Acts []game.Event
}

// Why explains the n-th finished turn of a game to user. While the game is on, only
// its players see, and each only their own turns (the opponent's variables and
// choices stay private); once it is over, or in an auto game, anyone sees any turn.
// A game that is gone and a trace the user may not see are *Refusals.
func (k *Kombat) Why(ctx context.Context, id int64, n int, user string) (*Why, error) {
	v, err := k.View(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, host.Refuse(host.CodeGone, "This game no longer exists.")
	}
	if err != nil {
		return nil, fmt.Errorf("host: game %d for why: %w", id, err)
	}
	if !own(v.Row) {
		return nil, host.Refuse(host.CodeWrongGame, "Game #%d is %s game: its turns are not KOMBAT's.", id, another(v.Row))
	}
	rec, err := Record(v.Row)
	if err != nil {
		return nil, fmt.Errorf("host: game %d for why: %w", id, err)
	}
	log, err := game.TraceTurn(k.lang, rec, n)
	if err != nil {
		return nil, fmt.Errorf("host: trace turn %d of game %d: %w", n, id, err)
	}
	if v.Row.Status != store.StatusOver && v.Row.Mode != game.ModeAuto {
		t := v.Table()
		switch seat := t.Seat(user); {
		case seat == 0:
			return nil, host.Refuse(host.CodePrivate, "Only the players see why their minions acted during the game; everyone can see it once the game is over.")
		case seat != log.Player:
			return nil, host.Refuse(host.CodePrivate, "That was %s's turn: their minions' traces stay private until the game is over. Press %s under one of your own turns.", seatMention(t, log.Player), host.Control("Why?"))
		}
	}
	w := &Why{View: v, Player: log.Player, Turn: log.Turn}
	acts := map[int][]game.Event{}
	for _, e := range log.Events {
		if (e.Type == game.EvMove || e.Type == game.EvShoot) && e.Minion != 0 {
			acts[e.Minion] = append(acts[e.Minion], e)
		}
	}
	for _, e := range log.Events {
		if e.Type == game.EvEval {
			w.Minions = append(w.Minions, MinionRun{Eval: e, Acts: acts[e.Minion]})
		}
	}
	return w, nil
}

// Text writes the turn as plain text: each minion's evaluation (its trace: statements
// with line:column, variables assigned, information read, commands with their
// arguments, how it ended) and what its moves and shots did on the board.
func (w *Why) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Turn %d of %s\n", w.Turn, Names(w.View.Table())[w.Player-1])
	// The trace's positions are the strategy's line and column: say so once, so that
	// "4:9 move" reads as line 4 of the kind's strategy.
	b.WriteString("Each step starts with its place in the kind's strategy: line:column.\n")
	for _, m := range w.Minions {
		e := m.Eval
		fmt.Fprintf(&b, "\n== minion %d (%s), now at %v: %s after %d steps ==\n", e.Minion, e.Kind, e.At, e.End, e.Steps)
		b.WriteString(e.Trace)
		for _, a := range m.Acts {
			b.WriteString("  => " + a.String() + "\n")
		}
	}
	if len(w.Minions) == 0 {
		b.WriteString("No minion ran in this turn.\n")
	}
	return b.String()
}

// seatMention names seat p for a refusal: its player, or the bot by its name.
func seatMention(t *host.Table, p int) any {
	if id := t.Row.Player(p); id != "" {
		return host.User(id)
	}
	return host.Name(Names(t)[p-1])
}

// own reports whether a stored game is KOMBAT's (rows stored before games had names
// are).
func own(row *store.Game) bool { return row.Game == "" || row.Game == Name }

// another is how a refusal names the game of a row another game stored, by its name
// in capitals with its article: "an UPBEAT", "a NIM".
func another(row *store.Game) string {
	name := strings.ToUpper(string(row.Game))
	if strings.ContainsAny(name[:1], "AEIOU") {
		return "an " + name
	}
	return "a " + name
}
