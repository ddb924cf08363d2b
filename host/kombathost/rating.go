package kombathost

import (
	"context"
	"encoding/json"
	"github.com/kombat-game/kombat/host"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// Elo is the host's rating policy (a store.RatingPolicy), a pure function of a finished
// game and its players' ratings before it. Elo is simple to explain to players ("beat a
// stronger player, gain more") and enough for a game club; Glicko-2's rating periods
// and volatility would need regular play that a Discord server does not promise. Each
// rated game moves a rating by host.EloK * (score - expected score), score 1 for a win, 0.5
// for a tie and 0 for a loss, expected = 1 / (1 + 10^((opponent - own) / 400)).
// Duels move both players on the duel ladder; a solitaire game moves the person on the
// ladder against the bot, whose own rating stays host.BotRating, so solitaire cannot
// inflate the duel ladder; auto games are not rated.
type Elo struct{}

var _ store.RatingPolicy = Elo{}

// Stakes names the ladders a game moves: both people of a duel on the duel ladder,
// the person of a solitaire game on the ladder against the bot, nobody else.
func (Elo) Stakes(g store.RatedGame) []store.Stake {
	p1, p2 := seated(g, 1), seated(g, 2)
	switch g.Mode {
	case game.ModeDuel:
		if p1 != "" && p2 != "" && p1 != p2 {
			return []store.Stake{{Kind: store.KindDuel, User: p1}, {Kind: store.KindDuel, User: p2}}
		}
	case game.ModeSolitaire:
		if p := seated(g, humanSeat(g)); p != "" {
			var lob Lobby // a setup that does not decode is a game against the default level
			json.Unmarshal(g.Setup, &lob)
			return []store.Stake{{Kind: BotLadder(lob.Levels[2-humanSeat(g)]), User: p}}
		}
	}
	return nil
}

// Rate moves the ratings Stakes named by the game's result.
func (Elo) Rate(g store.RatedGame, before []store.Rating) []store.Rating {
	after := append([]store.Rating(nil), before...)
	switch {
	case g.Mode == game.ModeDuel && len(after) == 2:
		a, b := before[0].Rating, before[1].Rating
		apply(&after[0], score(g.Result, 1), host.Expected(a, b))
		apply(&after[1], score(g.Result, 2), host.Expected(b, a))
	case g.Mode == game.ModeSolitaire && len(after) == 1:
		apply(&after[0], score(g.Result, humanSeat(g)), host.Expected(before[0].Rating, host.BotRating))
	}
	return after
}

// BotLadder is the ladder of games against the bot at level: store.KindBot for the
// default level (the ladder every rating against the bot was on before levels), and
// store.KindBot + ":" + level for the others, so beating an easier bot never counts
// as beating a harder one.
func BotLadder(level string) string {
	if level == "" || level == game.DefaultLevel {
		return store.KindBot
	}
	return store.KindBot + ":" + level
}

// Ladders are every ladder of a server: duels, then against each level of the bot.
func Ladders() []string {
	out := []string{store.KindDuel}
	for _, l := range PlayLevels() {
		out = append(out, BotLadder(l))
	}
	return out
}

// LadderLevel is the bot's level of a ladder against the bot, or "" for duels.
func LadderLevel(kind string) string {
	for _, l := range PlayLevels() {
		if BotLadder(l) == kind {
			return l
		}
	}
	return ""
}

// humanSeat is a solitaire game's human seat, read from its state; 0 (or a state
// that does not decode) means 1, as in game.Setup.
func humanSeat(g store.RatedGame) int {
	st, _ := decodeState(&store.Game{State: g.State})
	return max(st.HumanSeat, 1)
}

// seated is the user in seat p of a rated game, "" for a bot or a seat it lacks.
func seated(g store.RatedGame, p int) string {
	if p < 1 || p > len(g.Seats) {
		return ""
	}
	return g.Seats[p-1]
}

// score is seat p's score in a result: 1 for a win, 0.5 for a tie, 0 for a loss.
func score(res game.Result, p int) float64 {
	switch res.Winner {
	case 0:
		return 0.5
	case p:
		return 1
	}
	return 0
}

// apply moves r by one game's score against its expectation, and counts the game.
func apply(r *store.Rating, score, expected float64) {
	r.Rating += host.EloK * (score - expected)
	r.Games++
	switch score {
	case 1:
		r.Wins++
	case 0:
		r.Losses++
	default:
		r.Ties++
	}
}

// PlayLevels are the built-in bot's levels a game may seat (game.Levels has two more,
// for measuring only), weakest first.
func PlayLevels() []string { return []string{"easy", game.DefaultLevel, "hard"} }

// Stats is a player's standing on each KOMBAT ladder of a server: duels, against the bot at
// its default level, and at the other levels the player has played.
func (k *Kombat) Stats(ctx context.Context, guild, user string) ([]host.Rated, error) {
	return k.h.Standings(ctx, guild, user, Ladders(), store.KindDuel, store.KindBot)
}
