package aibgnet

import (
	"errors"
	"fmt"
	"time"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/match"
)

// Seat is who plays one side of a match: a program's account, or the built-in bot.
type Seat struct {
	Account int64  `json:"account,omitempty"` // the program's account (netplay.Player.ID); 0 for the bot or an empty seat
	Name    string `json:"name,omitempty"`    // the account's name, or "bot (LEVEL)"; "" for a seat nobody has taken yet
	Bot     string `json:"bot,omitempty"`     // the built-in bot's level (aibg.Levels), for the bot's seat
}

// taken reports whether someone sits in the seat.
func (s Seat) taken() bool { return s.Name != "" }

// Record is a match as it was played: its id (the programs' gameId), its seats,
// aibg's record (seed, selections, moves), which of its moves the clock passed for a
// player who missed them (A18; the host stores them as the move aibghost.TimeoutMove,
// and a selection the clock made as the selection itself), and what each seat has
// left of its bank. Restore rebuilds the match from it, its result and its forfeits
// included.
type Record struct {
	ID       int64            `json:"id"`
	Seats    [2]Seat          `json:"seats"`
	Game     aibg.Record      `json:"game"`
	Timeouts []int            `json:"timeouts,omitempty"` // indexes in Game.Actions, from 0, of moves the clock passed
	Bank     [2]time.Duration `json:"bank"`
}

// ReasonRounds is how a match ends when it is played out: the player with more rounds
// won wins (A5; equal is a draw). A match ended by the clock has match.ReasonForfeit.
const ReasonRounds match.Reason = "rounds"

// ForfeitAfter is how many timeout passes in a row forfeit a match (A18).
const ForfeitAfter = aibghost.MaxTimeouts

// Result is how a finished match ended.
type Result struct {
	match.Result
	RoundsWon [2]int `json:"roundsWon"`
}

// Match is one match's state: its Record and what follows from it (the aibg.Game
// replayed, the timeout passes in a row, a forfeit). A match waiting for its second
// player is one; so is a finished one kept for its answers. The clocks are the
// host's. It is not safe for concurrent use; the Runner locks around each.
type Match struct {
	rec     Record
	game    *aibg.Game
	actions int // len(game's actions)
	streak  [2]int
	forfeit [2]bool
}

// Restore rebuilds a match from its record: aibg's record replayed, the forfeits found
// again from the timeouts. Its clocks are not running; the Runner starts them.
func Restore(rec Record) (*Match, error) {
	g, err := aibg.New(rec.Game.Setup)
	if err != nil {
		return nil, err
	}
	m := &Match{rec: rec, game: g}
	m.rec.Timeouts, m.rec.Game.Actions = nil, nil
	auto := map[int]bool{}
	for _, i := range rec.Timeouts {
		if i < 0 || i >= len(rec.Game.Actions) {
			return nil, fmt.Errorf("aibgnet: record of game %d: timeout at action %d of %d", rec.ID, i, len(rec.Game.Actions))
		}
		auto[i] = true
	}
	for i := range 2 {
		if err := m.seat(i+1, rec.Seats[i]); err != nil {
			return nil, fmt.Errorf("aibgnet: record of game %d: %w", rec.ID, err)
		}
	}
	for i, a := range rec.Game.Actions {
		if m.game.Over() {
			return nil, fmt.Errorf("aibgnet: record of game %d: action %d comes after the match ended", rec.ID, i+1)
		}
		if _, err := m.apply(a, auto[i]); err != nil {
			return nil, fmt.Errorf("aibgnet: record of game %d: action %d: %w", rec.ID, i+1, err)
		}
	}
	return m, nil
}

// newMatch opens a match with seat 1 taken.
func newMatch(id int64, seed uint64, first Seat, bank time.Duration) (*Match, error) {
	return Restore(Record{ID: id, Seats: [2]Seat{first}, Game: aibg.Record{Setup: aibg.Setup{Seed: seed}}, Bank: [2]time.Duration{bank, bank}})
}

// seat puts s in seat p (1 or 2); a bot's seat names a level of aibg's.
func (m *Match) seat(p int, s Seat) error {
	if s.Bot != "" {
		if _, err := aibg.NewBot(s.Bot, 0); err != nil {
			return err
		}
	}
	m.rec.Seats[p-1] = s
	return nil
}

// apply makes one action of aibg's record, made by the clock when auto, and keeps the
// timeout passes in a row: a move the clock made adds one (ForfeitAfter of them
// forfeit the match), a move the player made itself starts again from none (as the
// host counts them: aibghost.MaxTimeouts).
func (m *Match) apply(a aibg.Action, auto bool) (*aibg.TurnLog, error) {
	log, err := m.game.Apply(a)
	if err != nil {
		return nil, err
	}
	if auto {
		m.rec.Timeouts = append(m.rec.Timeouts, m.actions)
	}
	m.actions++
	if a.Player < 1 || a.Player > 2 || a.Kind != aibg.ActMove {
		return log, nil
	}
	i := a.Player - 1
	switch {
	case !auto:
		m.streak[i] = 0
	default:
		m.streak[i]++
		if m.streak[i] >= ForfeitAfter && !m.forfeit[1-i] { // the first to forfeit loses
			m.forfeit[i] = true
		}
	}
	return log, nil
}

// Record is the match as played so far.
func (m *Match) Record() Record {
	r := m.rec
	r.Game = m.game.Record()
	r.Timeouts = append([]int(nil), m.rec.Timeouts...)
	return r
}

// ID is the match's gameId.
func (m *Match) ID() int64 { return m.rec.ID }

// Seats are the match's two seats (the second empty until someone takes it).
func (m *Match) Seats() [2]Seat { return m.rec.Seats }

// Game is the match's game, to read (a Copy to play on).
func (m *Match) Game() *aibg.Game { return m.game }

// Paired reports whether both seats are taken: the clocks run only then.
func (m *Match) Paired() bool { return m.rec.Seats[0].taken() && m.rec.Seats[1].taken() }

// Over reports whether the match has ended, played out or forfeited.
func (m *Match) Over() bool { return m.game.Over() || m.forfeit[0] || m.forfeit[1] }

// Result is how the match ended; meaningful once Over.
func (m *Match) Result() Result {
	r := Result{RoundsWon: [2]int{m.game.RoundsWon(1), m.game.RoundsWon(2)}}
	switch {
	case m.forfeit[0] || m.forfeit[1]:
		r.Reason = match.ReasonForfeit
		if m.forfeit[0] != m.forfeit[1] {
			r.Winner = 1
			if m.forfeit[0] {
				r.Winner = 2
			}
		}
	default:
		r.Reason, r.Winner = ReasonRounds, m.game.Winner()
	}
	return r
}

// Phase is the match's phase as the spec spells it: GAME_OVER after a forfeit too.
func (m *Match) Phase() aibg.Phase {
	if m.Over() {
		return aibg.GameOver
	}
	return m.game.Phase()
}

// playerOf is the seat (1 or 2) of account, or 0.
func (m *Match) playerOf(account int64) int {
	for i, s := range m.rec.Seats {
		if s.taken() && s.Bot == "" && s.Account == account {
			return i + 1
		}
	}
	return 0
}

// errOver: the match has ended, by forfeit or played out.
var errOver = errors.New("the match is over")

// act makes seat p's action for the open phase, as the player (or, when auto, the
// clock) chose it, and returns the turn's log when it resolved a turn.
func (m *Match) act(p int, a aibg.Action, auto bool) (*aibg.TurnLog, error) {
	if m.Over() {
		return nil, errOver
	}
	a.Player = p
	return m.apply(a, auto)
}
