package nimhost

import (
	"slices"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// Nim's ladders: Ladder between two people, BotLadder for a person against the bot.
// Auto games are not rated.
const (
	Ladder    = "nim"
	BotLadder = "nim-bot"
)

// Elo is Nim's rating policy (a store.RatingPolicy), applied as a game ends
// (CommitRated): a duel moves both people's ratings on Ladder, a solitaire game the
// person's on BotLadder against the bot's fixed host.BotRating. Nim has no draw: the
// winner scores 1, the loser 0, and a rating moves by host.EloK times (score -
// expected score).
type Elo struct{}

var _ store.RatingPolicy = Elo{}

// rated is who a finished game rates: its people's seats and the ladder ("" for none).
func rated(g store.RatedGame) ([]int, string) {
	if g.Game != Name || len(g.Seats) != 2 {
		return nil, ""
	}
	own := &Own{Seats: [2]string{g.Seats[0], g.Seats[1]}}
	switch people := own.people(); {
	case len(people) == 2 && g.Seats[0] != g.Seats[1]:
		return people, Ladder
	case len(people) == 1:
		return people, BotLadder
	}
	return nil, ""
}

// Stakes names the ladder each person's rating moves on.
func (Elo) Stakes(g store.RatedGame) []store.Stake {
	people, kind := rated(g)
	out := make([]store.Stake, len(people))
	for i, p := range people {
		out[i] = store.Stake{Kind: kind, User: g.Seats[p-1]}
	}
	return out
}

// Rate moves the ratings Stakes named by the game's result.
func (Elo) Rate(g store.RatedGame, before []store.Rating) []store.Rating {
	people, _ := rated(g)
	after := slices.Clone(before)
	if len(after) != len(people) {
		return after
	}
	for i, p := range people {
		other := host.BotRating
		if len(people) == 2 {
			other = before[1-i].Rating
		}
		score := 0.0
		if g.Result.Winner == p {
			score = 1
			after[i].Wins++
		} else {
			after[i].Losses++
		}
		after[i].Rating += host.EloK * (score - host.Expected(before[i].Rating, other))
		after[i].Games++
	}
	return after
}
