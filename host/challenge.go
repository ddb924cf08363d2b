package host

import (
	"slices"

	"github.com/kombat-game/kombat/store"
)

// Active is one active game as the rules of starting a game see it: which game, the
// server and channel it is played in, and who plays it. The chat layer lists them from
// what it keeps, so host decides without the store.
type Active struct {
	ID    int64
	Game  store.GameName // whose rules: the unnamed game's (Plug.Unnamed) for a row that names none
	Scope string         // the community (a Discord server): a player plays one game at a time in it
	Place string         // where it is shown (a channel or thread)
	Seats []string       // the game's people by seat ("" for a bot, an open seat, or a player out)
}

// playing is an active game in guild, other than game except, that user plays in,
// if any.
func playing(active []Active, guild, user string, except int64) *Active {
	for i, a := range active {
		if a.ID != except && a.Scope == guild && user != "" && slices.Contains(a.Seats, user) {
			return &active[i]
		}
	}
	return nil
}

// Busy refuses a new game in channel of guild, asked for by asker for users: a
// channel holds one game at a time, and a person plays one game per server, so that
// every command in a channel, and every player's turn, has one game it means.
func Busy(active []Active, guild, channel, asker string, users ...string) error {
	for _, a := range active {
		if a.Place == channel {
			return refuse(CodePlaceBusy, "A game is already active in this channel; finish it first (%s shows it), or start one in another channel.", Command(string(a.Game)+" board")) // the board of the game there
		}
	}
	for _, u := range users {
		if a := playing(active, guild, u, 0); a != nil {
			return inGame(u != asker, u, a)
		}
	}
	return nil
}

// answered refuses an answer to g once its challenge was answered, so that a second
// press of Accept or Decline changes nothing.
func answered(g *store.Game) error {
	if g.Status != store.StatusChallenge {
		return refuse(CodeAnswered, "This challenge has already been answered.")
	}
	return nil
}

// Accept refuses user accepting the challenge g: only the challenged player (seat 2)
// may, and not while playing another game on the server, which Busy checked only at
// the challenge.
func Accept(g *store.Game, user string, active []Active) error {
	if err := answered(g); err != nil {
		return err
	}
	if user != g.Player(2) {
		return refuse(CodeOnlySome, "Only %s can accept this challenge.", User(g.Player(2)))
	}
	// The challenge itself is a game the accepter plays in: it is skipped, not taken for
	// the one game they may play, whichever order the list has.
	if a := playing(active, g.Scope, user, g.ID); a != nil {
		return refuse(CodeInGame, "You are already in a game on this server, in %s; finish it first.", Place(a.Place))
	}
	return nil
}

// Decline refuses user ending the challenge g, or reports whether it is withdrawn (by
// the challenger) rather than declined (by the challenged player); anyone else is told
// whose answer it is.
func Decline(g *store.Game, user string) (withdrawn bool, err error) {
	if err := answered(g); err != nil {
		return false, err
	}
	switch g.Seat(user) {
	case 0:
		return false, refuse(CodeOnlySome, "Only %s can answer this challenge.", User(g.Player(2)))
	case 1:
		return true, nil
	}
	return false, nil
}
