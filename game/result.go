package game

import (
	"fmt"

	"github.com/kombat-game/kombat/match"
)

// Reason says how a game ended: the shared vocabulary's.
type Reason = match.Reason

// Ways a game ends (R24, R25, and the host's resign and forfeit).
const (
	ReasonElimination Reason = "elimination"       // the loser has no minion left (R24)
	ReasonMinions     Reason = "minions"           // turn limit: more minions (R25)
	ReasonHP          Reason = "hp"                // turn limit: equal minions, larger HP sum
	ReasonBudget      Reason = "budget"            // turn limit: equal minions and HP, larger budget
	ReasonTie         Reason = "tie"               // turn limit: all equal
	ReasonResign             = match.ReasonResign  // the loser resigned
	ReasonForfeit            = match.ReasonForfeit // the loser forfeited (ran out of time)
)

// Result is the outcome of a finished game (Winner 1 or 2; 0 for a tie): the shared
// vocabulary's.
type Result = match.Result

// Explain says a KOMBAT game's result in a sentence.
func Explain(r Result) string {
	switch r.Reason {
	case ReasonElimination:
		return fmt.Sprintf("player %d wins: player %d has no minions left", r.Winner, r.Loser())
	case ReasonMinions:
		return fmt.Sprintf("player %d wins at the turn limit with more minions", r.Winner)
	case ReasonHP:
		return fmt.Sprintf("player %d wins at the turn limit: as many minions, more HP", r.Winner)
	case ReasonBudget:
		return fmt.Sprintf("player %d wins at the turn limit: as many minions and HP, more budget", r.Winner)
	case ReasonTie:
		return "tie at the turn limit: same minions, HP and budget"
	case ReasonResign:
		return fmt.Sprintf("player %d wins: player %d resigned", r.Winner, r.Loser())
	case ReasonForfeit:
		return fmt.Sprintf("player %d wins: player %d forfeited", r.Winner, r.Loser())
	}
	return fmt.Sprintf("player %d wins (%s)", r.Winner, r.Reason)
}
