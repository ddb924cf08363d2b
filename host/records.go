package host

import (
	"context"
	"fmt"
	"slices"

	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
)

// The records of a server's games: replays, a turn's explanation ("Why?"), a player's
// history, the leaderboards and a player's stats. The host reads them and decides who
// may see what; the chat layer draws and words them.

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
	Opponent string      // in a two-seat game, the other seat's user id; "" for a bot, or in a game of more seats
	Outcome  Outcome
	Names    [2]string // in a two-seat game, the seats' names for the result: "" for a person, the bot's name
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
		if len(g.Seats) == 2 { // a duel, of any game: its seats name both sides
			p.Names = BotNames(g)
			if seat != 0 {
				p.Opponent = g.Player(3 - seat)
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
	Kind   string       // the ladder (a game's own: kombathost.Ladders, upbeathost.UpLadders)
	Rating store.Rating // Games 0: no rated game yet
	Rank   int          // place on the server's ladder; 0 when not rated
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

// BotNames are the names of g's bot seats, "" for a person's: "Bot", or of an auto
// game "Bot 1" and "Bot 2". A game's adapter adds its people's names and its bots'
// levels from its lobby (kombathost.Names).
func BotNames(g *store.Game) [2]string {
	var n [2]string
	for i := range n {
		if g.Player(i+1) == "" {
			n[i] = "Bot"
			if g.Mode == match.ModeAuto {
				n[i] = fmt.Sprintf("Bot %d", i+1)
			}
		}
	}
	return n
}
