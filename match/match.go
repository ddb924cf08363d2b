package match

import "fmt"

// Mode is how a match's seats are filled.
type Mode string

// The three modes.
const (
	ModeDuel      Mode = "duel"      // people in every seat
	ModeSolitaire Mode = "solitaire" // people and the built-in bot
	ModeAuto      Mode = "auto"      // the built-in bot in every seat: people watch
)

// Reason says how a match ended. Each game has its own (a turn limit's tie-breaks,
// an elimination); the host decides the ones below for every game.
type Reason string

// The ways to end that the host decides, whatever the game.
const (
	ReasonResign  Reason = "resign"  // the loser resigned
	ReasonForfeit Reason = "forfeit" // the loser forfeited (ran out of time)
)

// Result is the outcome of a finished match.
type Result struct {
	Winner int    `json:"winner"` // the winning seat, from 1; 0 for a tie
	Reason Reason `json:"reason"`
}

// Loser is the losing seat of a two-seat match, or 0 for a tie.
func (r Result) Loser() int {
	if r.Winner == 0 {
		return 0
	}
	return 3 - r.Winner
}

// String names the winner and the reason in the plainest words; each game words its
// own results for players (game.Explain for KOMBAT).
func (r Result) String() string {
	if r.Winner == 0 {
		return fmt.Sprintf("tie (%s)", r.Reason)
	}
	return fmt.Sprintf("player %d wins (%s)", r.Winner, r.Reason)
}
