package upbeathost

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// UPBEAT's ladders, apart from KOMBAT's: UpLadder among people, and UpBotLadder(level)
// for a person alone against the bots.
const (
	// UpLadder rates UPBEAT games among two or more people.
	UpLadder = "upbeat"
	// upBotPrefix begins the kind of a ladder of one person against UPBEAT's bots.
	upBotPrefix = "upbeat-bot:"
)

// upLadders are UPBEAT's ladders, named by the host's rules.
func upLadders() host.Ladders {
	return host.Ladders{People: UpLadder, BotPrefix: upBotPrefix, DefaultLevel: upbeat.DefaultLevel, Levels: upbeat.Levels()}
}

// UpBotLadder is the ladder of UPBEAT games of one person against bots of level
// ("" for the default level).
func UpBotLadder(level string) string { return upLadders().Bot(level) }

// UpLadders are UPBEAT's ladders of a server: among people, then against the bots at
// each level.
func UpLadders() []string { return upLadders().All() }

// IsUpLadder reports whether kind is one of UPBEAT's ladders.
func IsUpLadder(kind string) bool { return upLadders().Has(kind) }

// UpLadderLevel is the bots' level of an UPBEAT ladder against the bots, or "".
func UpLadderLevel(kind string) string { return upLadders().Level(kind) }

// UpElo is UPBEAT's rating policy (a store.RatingPolicy), Elo (see Elo) generalized to
// 2 to 6 players as pairwise results. The players of a finished game are ranked: its
// winner first, then those still in at its end (at the turn limit), then those who
// were out (their city center lost, or resigned: a resignation is a loss); players of
// one rank tie with each other. Each pair of rated players counts as one game between
// them, scored by their ranks, and a rating moves by EloK/(n-1) times the sum over its
// n-1 opponents of (score - expected score), so a 6-player game moves a rating no more
// than a duel, and changes sum to zero among the people of a game.
//
// A game of two or more people goes on UpLadder, between the people alone: bots at the
// table are not opponents there, since their strength says nothing about the people's
// and a bot must not pay into nor draw from the people's ladder. A game of one person
// goes on UpBotLadder of its bots' level (the weakest, if the levels differ, so a win
// over a table with an easy bot never counts as one over stronger bots), against each
// bot at the fixed BotRating. Games of bots alone are not rated. A game counts as won by
// its winner, tied by those still in when nobody won, and lost by everyone else (a
// bot's win included), whatever the pairwise scores.
//
// The stored result names only the winner, so Out carries who was out when the game
// ended, read from the engine (upOut) when the result is committed.
type UpElo struct {
	Out []bool // Out[p-1]: seat p was out when the game ended; nil: nobody was
}

var _ store.RatingPolicy = UpElo{}

// upRated is who a finished UPBEAT game rates and how: the seats of the rated players
// and of their opponents (the same seats among people; the bots' against the bots),
// and the ladder.
func upRated(g store.RatedGame) (people, bots []int, kind string) {
	if g.Game != Name {
		return nil, nil, ""
	}
	var lob UpLobby // a setup that does not decode is a game against default-level bots
	json.Unmarshal(g.Setup, &lob)
	var levels []string
	for i, u := range g.Seats {
		switch {
		case u != "" && !slices.ContainsFunc(people, func(p int) bool { return g.Seats[p-1] == u }):
			people = append(people, i+1)
		case u == "":
			bots = append(bots, i+1)
			if i < len(lob.Levels) && lob.Levels[i] != "" {
				levels = append(levels, lob.Levels[i])
			}
		}
	}
	switch {
	case len(people) >= 2:
		return people, nil, UpLadder
	case len(people) == 1 && len(bots) > 0:
		level := upbeat.DefaultLevel
		for _, l := range upbeat.Levels() { // weakest first
			if slices.Contains(levels, l) {
				level = l
				break
			}
		}
		return people, bots, UpBotLadder(level)
	}
	return nil, nil, ""
}

// Stakes names the ladders a game moves: every person's, on one ladder (UpElo).
func (UpElo) Stakes(g store.RatedGame) []store.Stake {
	people, _, kind := upRated(g)
	out := make([]store.Stake, len(people))
	for i, p := range people {
		out[i] = store.Stake{Kind: kind, User: g.Seats[p-1]}
	}
	return out
}

// Rate moves the ratings Stakes named by the game's pairwise results.
func (e UpElo) Rate(g store.RatedGame, before []store.Rating) []store.Rating {
	people, bots, _ := upRated(g)
	after := append([]store.Rating(nil), before...)
	if len(after) != len(people) {
		return after
	}
	rating := func(p int) float64 { // a seat's rating before the game
		if i := slices.Index(people, p); i >= 0 {
			return before[i].Rating
		}
		return host.BotRating
	}
	for i, p := range people {
		opponents := bots
		if bots == nil {
			opponents = slices.DeleteFunc(slices.Clone(people), func(q int) bool { return q == p })
		}
		k := host.EloK / float64(len(opponents))
		for _, q := range opponents {
			after[i].Rating += k * (e.pairScore(g, p, q) - host.Expected(rating(p), rating(q)))
		}
		after[i].Games++
		switch {
		case g.Result.Winner == p:
			after[i].Wins++
		case g.Result.Winner == 0 && !e.out(p):
			after[i].Ties++
		default:
			after[i].Losses++
		}
	}
	return after
}

// rank is seat p's place among the game's players: 0 the winner, 1 still in at the end,
// 2 out.
func (e UpElo) rank(g store.RatedGame, p int) int {
	switch {
	case g.Result.Winner == p:
		return 0
	case e.out(p):
		return 2
	}
	return 1
}

// out reports whether seat p was out when the game ended.
func (e UpElo) out(p int) bool { return p-1 < len(e.Out) && e.Out[p-1] }

// pairScore is seat p's score against seat q: 1 ranked above, 0.5 level, 0 below.
func (e UpElo) pairScore(g store.RatedGame, p, q int) float64 {
	switch rp, rq := e.rank(g, p), e.rank(g, q); {
	case rp < rq:
		return 1
	case rp > rq:
		return 0
	}
	return 0.5
}

// upOut is who is out of an UPBEAT game: UpElo's Out.
func upOut(g *upbeat.Game) []bool {
	out := make([]bool, g.Players())
	for p := range out {
		out[p] = !g.Alive(p + 1)
	}
	return out
}

// UpStats is a player's standing on UPBEAT's ladders of a server: among people, and
// against the bots at the levels the player has played.
func (u *Up) UpStats(ctx context.Context, guild, user string) ([]host.Rated, error) {
	return u.h.Standings(ctx, guild, user, UpLadders(), UpLadder)
}

// PastLobby is a listed UPBEAT game's lobby (host.Past's game), as its row's setup
// keeps it; one that does not decode gives a lobby naming nobody, whose seats are said
// by their players. It is nil for another game's row.
func PastLobby(g *store.Game) *UpLobby {
	if !IsUpbeat(g) {
		return nil
	}
	n := len(g.Seats)
	lob := &UpLobby{}
	if json.Unmarshal(g.Setup, lob) != nil || len(lob.Names) != n || len(lob.Levels) != n {
		lob = &UpLobby{Names: make([]string, n), Levels: make([]string, n)}
	}
	return lob
}
