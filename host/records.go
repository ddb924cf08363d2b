package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// The records of a server's games: replays, a turn's explanation ("Why?"), a player's
// history, the leaderboards and a player's stats. The host reads them and decides who
// may see what; the chat layer draws and words them.

// View is a read-only copy of a game's stored state: an active game's, taken under its
// table's lock, or a finished game's, loaded from the store. Explanations and replays
// read it without holding up play.
type View struct {
	Row   *store.Game
	Lobby Lobby
}

// Table wraps the view in a detached table (never registered nor locked), for the
// helpers that name players.
func (v *View) Table() *Table { return &Table{Row: v.Row, Lobby: v.Lobby} }

// View copies an active game from its table, or loads a finished one from the store;
// a game that does not exist gives store.ErrNotFound.
func (h *Host) View(ctx context.Context, id int64) (*View, error) {
	if t, err := h.Lock(id); err == nil {
		defer t.Unlock()
		row := *t.Row
		row.Decisions = append([]game.Decision(nil), t.Row.Decisions...)
		return &View{Row: &row, Lobby: t.Lobby}, nil
	}
	row, err := h.db.Game(ctx, id)
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
func (h *Host) ReplayGame(ctx context.Context, guild, place string, id int64) (*View, error) {
	var row *store.Game
	var err error
	if id > 0 {
		row, err = h.db.Game(ctx, id)
		if errors.Is(err, store.ErrNotFound) || err == nil && row.Scope != guild {
			return nil, refuse(CodeNoSuchGame, "There is no game #%d on this server. %s lists your games.", id, Command("kombat history"))
		}
		if err == nil && row.Game == store.GameUpbeat {
			return nil, refuse(CodeWrongGame, "Game #%d is an UPBEAT game, not a KOMBAT one: %s replays it.", id, Command(fmt.Sprintf("upbeat replay game:%d", id)))
		}
	} else {
		row, err = h.db.LastGameIn(ctx, store.GameKombat, place)
		if errors.Is(err, store.ErrNotFound) {
			return nil, refuse(CodeNothingYet, "No game has finished in this channel yet. Give a game number: %s lists your games.", Command("kombat history"))
		}
	}
	if err != nil {
		return nil, fmt.Errorf("host: game for replay: %w", err)
	}
	if row.Status != store.StatusOver {
		return nil, refuse(CodeNotOver, "Game #%d is not over (it is %s); replays are of finished games. %s shows a game in play.", row.ID, row.Status, Command("kombat board"))
	}
	return h.View(ctx, row.ID)
}

// Frames replays a view's game: a frame after the free spawns and one per turn. A
// finished game's frames are kept for the games replayed last, so that a viewer's
// press shows a frame without replaying the game (they are shared: read-only).
func (h *Host) Frames(v *View) ([]game.Frame, error) {
	over := v.Row.Status == store.StatusOver
	if over {
		if f, ok := h.frames.Get(v.Row.ID); ok {
			return f, nil
		}
	}
	h.replaying.Lock()
	defer h.replaying.Unlock()
	if f, ok := h.frames.Get(v.Row.ID); ok && over { // replayed while we waited
		return f, nil
	}
	f, err := game.Frames(h.lang, v.Row.Record())
	if err == nil && over {
		h.frames.Keep(v.Row.ID, f)
	}
	return f, err
}

// Replay loads a finished game and its frames for a replay viewer that steps through
// it; a game that is gone, not over or does not replay is a *Refusal.
func (h *Host) Replay(ctx context.Context, id int64) (*View, []game.Frame, error) {
	v, err := h.View(ctx, id)
	if err != nil || v.Row.Status != store.StatusOver || v.Row.Game == store.GameUpbeat {
		return nil, nil, refuse(CodeGone, "This game can no longer be replayed.")
	}
	frames, err := h.Frames(v)
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
func (h *Host) Why(ctx context.Context, id int64, n int, user string) (*Why, error) {
	v, err := h.View(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuse(CodeGone, "This game no longer exists.")
	}
	if err != nil {
		return nil, fmt.Errorf("host: game %d for why: %w", id, err)
	}
	if v.Row.Game == store.GameUpbeat {
		return nil, refuse(CodeWrongGame, "Game #%d is an UPBEAT game: its turns are not KOMBAT's.", id)
	}
	rec := v.Row.Record()
	log, err := game.TraceTurn(h.lang, rec, n)
	if err != nil {
		return nil, fmt.Errorf("host: trace turn %d of game %d: %w", n, id, err)
	}
	if v.Row.Status != store.StatusOver && v.Row.Mode != game.ModeAuto {
		t := v.Table()
		switch seat := t.Seat(user); {
		case seat == 0:
			return nil, refuse(CodePrivate, "Only the players see why their minions acted during the game; everyone can see it once the game is over.")
		case seat != log.Player:
			return nil, refuse(CodePrivate, "That was %s's turn: their minions' traces stay private until the game is over. Press %s under one of your own turns.", seatMention(t, log.Player), Control("Why?"))
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
	fmt.Fprintf(&b, "Turn %d of %s\n", w.Turn, w.View.Table().Names()[w.Player-1])
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
func seatMention(t *Table, p int) any {
	if id := t.Row.Players[p-1]; id != "" {
		return User(id)
	}
	return Name(t.Names()[p-1])
}

// HistoryLimit is how many of a player's games their history shows.
const HistoryLimit = 15

// Outcome is how a game in a player's history went for them.
type Outcome int

// The outcomes of a game in a player's history.
const (
	InProgress Outcome = iota // being played
	BeingSetUp                // its kinds or free spawns are being agreed
	Tied
	Won
	Lost
)

// Past is one game of a player's history, seen from their seat.
type Past struct {
	Game     *store.Game // without its decisions
	Opponent string      // the other player's user id; "" for the bot
	Outcome  Outcome
	Names    [2]string // the seats' names for the result: "" for a person, the bot's name
}

// History is a player's latest games (at most HistoryLimit) on a server, newest first:
// KOMBAT's and UPBEAT's (HistoryOf).
func (h *Host) History(ctx context.Context, guild, user string) ([]Past, error) {
	return h.HistoryOf(ctx, guild, user, "")
}

// HistoryOf is History of one game's games (only), or of both when only is "".
func (h *Host) HistoryOf(ctx context.Context, guild, user string, only store.GameName) ([]Past, error) {
	games, err := h.db.PlayedGames(ctx, guild, user, only, HistoryLimit)
	if err != nil {
		return nil, err
	}
	out := make([]Past, 0, len(games))
	for _, g := range games {
		p, seat := Past{Game: g}, g.Seat(user)
		if g.Game != store.GameUpbeat { // an UPBEAT game's seats are named by its adapter (upbeathost.PastLobby)
			p.Names = (&Table{Row: g}).Names()
			if seat != 0 {
				p.Opponent = g.Players[2-seat]
			}
		}
		switch {
		case g.Status == store.StatusSetup:
			p.Outcome = BeingSetUp
		case g.Result != nil && g.Result.Winner == 0:
			p.Outcome = Tied
		case g.Result != nil && g.Result.Winner == seat:
			p.Outcome = Won
		case g.Result != nil:
			p.Outcome = Lost
		}
		out = append(out, p)
	}
	return out, nil
}

// Points is an Elo rating as players see it: rounded to a whole number.
func Points(rating float64) int { return int(rating + 0.5) }

// Board is a server's leaderboard on one ladder, for one user looking at it.
type Board struct {
	Top   []store.Rating // best first
	InTop bool           // the user is among Top
	Rank  int            // the user's place when not among Top; 0: not rated
	Me    store.Rating   // the user's rating when Rank is set
}

// Leaderboard is the best n players of a server on a ladder (store.KindDuel or
// store.KindBot) and where user stands.
func (h *Host) Leaderboard(ctx context.Context, guild, kind, user string, n int) (*Board, error) {
	top, err := h.db.Leaderboard(ctx, guild, kind, n)
	if err != nil {
		return nil, err
	}
	b := &Board{Top: top}
	for _, p := range top {
		b.InTop = b.InTop || p.User == user
	}
	if b.InTop || len(top) == 0 {
		return b, nil
	}
	if b.Rank, err = h.db.Rank(ctx, guild, kind, user); err != nil || b.Rank == 0 {
		return b, err
	}
	b.Me, err = h.db.PlayerRating(ctx, guild, kind, user)
	return b, err
}

// Rated is a player's standing on one ladder.
type Rated struct {
	Kind   string       // one of Ladders
	Rating store.Rating // Games 0: no rated game yet
	Rank   int          // place on the server's ladder; 0 when not rated
}

// Stats is a player's standing on each ladder of a server: duels, against the bot at
// its default level, and at the other levels the player has played.
func (h *Host) Stats(ctx context.Context, guild, user string) ([]Rated, error) {
	return h.Standings(ctx, guild, user, Ladders(), store.KindDuel, store.KindBot)
}

// Standings is a player's standing on ladders of a server: on each of always, and on
// the others where the player has a rated game (a bot level never met says nothing).
func (h *Host) Standings(ctx context.Context, guild, user string, ladders []string, always ...string) ([]Rated, error) {
	var out []Rated
	for _, kind := range ladders {
		r := Rated{Kind: kind}
		var err error
		if r.Rating, err = h.db.PlayerRating(ctx, guild, kind, user); err != nil {
			return nil, err
		}
		if r.Rating.Games > 0 {
			if r.Rank, err = h.db.Rank(ctx, guild, kind, user); err != nil {
				return nil, err
			}
		} else if !slices.Contains(always, kind) {
			continue
		}
		out = append(out, r)
	}
	return out, nil
}
