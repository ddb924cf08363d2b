package aibghost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// AIBG's ladders, apart from the other games': Ladder for matches between two people,
// and BotLadder(level) for a person against the bot at a level; the programs' own
// (NetLadder, NetBotLadder) for matches over the network. Auto matches (two bots) are
// not rated.
const (
	// Ladder rates AIBG matches between two people.
	Ladder = "aibg"
	// botPrefix begins the kind of a ladder of a person against AIBG's bot.
	botPrefix = "aibg-bot:"
)

// Programs over the network have ladders of their own, so that a program never moves
// a person's rating nor a person a program's: NetLadder for matches between two
// programs, and NetBotLadder(level) for a program against the bot at a level.
const (
	// NetLadder rates AIBG matches between two programs.
	NetLadder = "aibg-net"
	// netBotPrefix begins the kind of a ladder of a program against AIBG's bot.
	netBotPrefix = "aibg-net-bot:"
)

// ladders are AIBG's ladders, named by the host's rules.
func ladders() host.Ladders {
	return host.Ladders{People: Ladder, BotPrefix: botPrefix, DefaultLevel: aibg.DefaultLevel, Levels: aibg.Levels()}
}

// netLadders are the programs' ladders.
func netLadders() host.Ladders {
	return host.Ladders{People: NetLadder, BotPrefix: netBotPrefix, DefaultLevel: aibg.DefaultLevel, Levels: aibg.Levels()}
}

// NetBotLadder is the ladder of programs against the bot at level ("" for the
// default level).
func NetBotLadder(level string) string { return netLadders().Bot(level) }

// NetLadders are the programs' ladders of a server: between programs, then against
// the bot at each level.
func NetLadders() []string { return netLadders().All() }

// BotLadder is the ladder of AIBG matches against the bot at level ("" for the
// default level).
func BotLadder(level string) string { return ladders().Bot(level) }

// Ladders are AIBG's ladders of a server: between people, then against the bot at
// each level.
func Ladders() []string { return ladders().All() }

// IsLadder reports whether kind is one of AIBG's ladders.
func IsLadder(kind string) bool { return ladders().Has(kind) || netLadders().Has(kind) }

// LadderLevel is the bot's level of an AIBG ladder against the bot, or "".
func LadderLevel(kind string) string { return ladders().Level(kind) + netLadders().Level(kind) }

// Elo is AIBG's rating policy (a store.RatingPolicy), applied as a match ends
// (CommitRated). A match between two people moves both their ratings on Ladder; a
// match of a person against the bot moves the person's on BotLadder of the bot's
// level, against the bot's fixed host.BotRating (the bot's own rating never moves, so
// beating it never counts as beating a person). A match won on rounds (A5) scores 1
// for its winner and 0 for its loser, a draw on rounds (A5a) 0.5 each; a resignation
// or a forfeit on time (A18) is a loss for whoever resigned or forfeited. A rating
// moves by host.EloK times (score - expected score), the expected score from both
// ratings before the match (host.Expected), so the two people's changes sum to zero.
// Programs are rated the same way on their own ladders (NetLadder, NetBotLadder).
type Elo struct{}

var _ store.RatingPolicy = Elo{}

// rated is who a finished AIBG match rates: the seats of its people, the bot's seat
// (0 for none), and the ladder ("" for a match that is not rated).
func rated(g store.RatedGame) (people []int, bot int, kind string) {
	if g.Game != Name || len(g.Seats) != 2 {
		return nil, 0, ""
	}
	var lob Lobby // a setup that does not decode is a match against the default level
	json.Unmarshal(g.Setup, &lob)
	for i, u := range g.Seats {
		if u != "" {
			people = append(people, i+1)
		} else {
			bot = i + 1
		}
	}
	l := ladders()
	if lob.Programs != [2]int64{} {
		l = netLadders()
	}
	switch {
	case len(people) == 2 && g.Seats[0] != g.Seats[1]:
		return people, 0, l.People
	case len(people) == 1:
		return people, bot, l.Bot(lob.Levels[bot-1])
	}
	return nil, 0, ""
}

// Stakes names the ladders a match moves: each person's, on one ladder.
func (Elo) Stakes(g store.RatedGame) []store.Stake {
	people, _, kind := rated(g)
	out := make([]store.Stake, len(people))
	for i, p := range people {
		out[i] = store.Stake{Kind: kind, User: g.Seats[p-1]}
	}
	return out
}

// Rate moves the ratings Stakes named by the match's result.
func (Elo) Rate(g store.RatedGame, before []store.Rating) []store.Rating {
	people, bot, _ := rated(g)
	after := append([]store.Rating(nil), before...)
	if len(after) != len(people) {
		return after
	}
	for i, p := range people {
		other := host.BotRating
		if bot == 0 {
			other = before[1-i].Rating
		}
		score := 0.5
		switch g.Result.Winner {
		case p:
			score = 1
			after[i].Wins++
		case 0:
			after[i].Ties++
		default:
			score = 0
			after[i].Losses++
		}
		after[i].Rating += host.EloK * (score - host.Expected(before[i].Rating, other))
		after[i].Games++
	}
	return after
}

// Stats is a player's standing on AIBG's ladders of a server: between people, and
// against the bot at the levels the player has played.
func (a *Ab) Stats(ctx context.Context, guild, user string) ([]host.Rated, error) {
	return a.h.Standings(ctx, guild, user, Ladders(), Ladder)
}

// PastLobby is a listed AIBG match's lobby (host.Past's game), as its row's setup
// keeps it (one that does not decode names nobody), or nil for another game's row.
func PastLobby(g *store.Game) *Lobby {
	if !IsAibg(g) {
		return nil
	}
	lob := &Lobby{}
	if json.Unmarshal(g.Setup, lob) != nil {
		lob = &Lobby{}
	}
	return lob
}

// Over is a finished AIBG match, as a table detached from the host (read only): game
// id, or with id 0 the last one finished in place. Its engine is rebuilt from the
// record by Match.
func (a *Ab) Over(ctx context.Context, place string, id int64) (*host.Table, error) {
	var row *store.Game
	var err error
	if id > 0 {
		row, err = a.h.DB().Game(ctx, id)
		if err == nil && (!IsAibg(row) || row.Status != store.StatusOver) {
			err = store.ErrNotFound
		}
	} else {
		row, err = a.h.DB().LastGameIn(ctx, Name, place)
	}
	switch {
	case errors.Is(err, store.ErrNotFound) && id > 0:
		return nil, host.Refuse(host.CodeGone, "AIBG match %d is not a finished AIBG match of this server: %s lists yours.", id, host.Command("aibg history"))
	case errors.Is(err, store.ErrNotFound):
		return nil, host.Refuse(host.CodeNothingYet, "No AIBG match is being played in this channel, and none has finished here. Open one with %s.", host.Command("aibg solo"))
	case err != nil:
		return nil, fmt.Errorf("aibghost: finished match: %w", err)
	}
	t := host.NewTable(row, a.Part)
	if lob := PastLobby(row); lob != nil {
		*LobbyOf(t) = *lob
	}
	return t, nil
}

// NetStats is a program's standing on the programs' ladders of a server: between
// programs, and against the bot at the levels it has played.
func (a *Ab) NetStats(ctx context.Context, guild string, account int64) ([]host.Rated, error) {
	return a.h.Standings(ctx, guild, ProgramUser(account), NetLadders(), NetLadder)
}
