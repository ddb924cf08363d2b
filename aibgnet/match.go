package aibgnet

import (
	"errors"
	"fmt"
	"time"

	"github.com/kombat-game/kombat/aibg"
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

// Record is a match as it was played: its id, its seats, aibg's record (seed,
// selections, moves), which of those actions the clock made for a player who missed
// them (A18), and what each seat has left of its bank. Restore rebuilds the match
// from it, its result and its forfeits included.
type Record struct {
	ID       int64            `json:"id"`
	Seats    [2]Seat          `json:"seats"`
	Game     aibg.Record      `json:"game"`
	Timeouts []int            `json:"timeouts,omitempty"` // indexes in Game.Actions, from 0
	Bank     [2]time.Duration `json:"bank"`
}

// ReasonRounds is how a match ends when it is played out: the player with more rounds
// won wins (A5; equal is a draw). A match ended by the clock has match.ReasonForfeit.
const ReasonRounds match.Reason = "rounds"

// ForfeitAfter is how many timeout passes in a row forfeit a match (A18).
const ForfeitAfter = 3

// Result is how a finished match ended.
type Result struct {
	match.Result
	RoundsWon [2]int `json:"roundsWon"`
}

// Match is one match's state: its Record and what follows from it (the aibg.Game
// replayed, the timeout passes in a row, a forfeit), plus the clocks running for the
// open phase, which are the server's and not the match's. It is not safe for
// concurrent use; the Runner locks around each.
type Match struct {
	rec      Record
	game     *aibg.Game
	actions  int // len(game's actions)
	bots     [2]*aibg.Bot
	streak   [2]int
	forfeit  [2]bool
	last     *aibg.TurnLog // the last turn resolved, for the next notice
	started  [2]time.Time  // when each seat's clock started; zero when it is not running
	deadline [2]time.Time
	opened   time.Time // when the match was opened (an unpaired one expires)
	timedOut [2]bool   // the seat's last selection or move was made by the clock
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
		if m.Over() {
			return nil, fmt.Errorf("aibgnet: record of game %d: action %d comes after the match ended", rec.ID, i+1)
		}
		if _, err := m.apply(a, auto[i]); err != nil {
			return nil, fmt.Errorf("aibgnet: record of game %d: action %d: %w", rec.ID, i+1, err)
		}
	}
	return m, nil
}

// newMatch opens a match with seat 1 taken.
func newMatch(id int64, seed uint64, first Seat, bank time.Duration, now time.Time) (*Match, error) {
	m, err := Restore(Record{ID: id, Seats: [2]Seat{first}, Game: aibg.Record{Setup: aibg.Setup{Seed: seed}}, Bank: [2]time.Duration{bank, bank}})
	if err != nil {
		return nil, err
	}
	m.opened = now
	return m, nil
}

// seat puts s in seat p (1 or 2), with the bot's engine for a bot's seat.
func (m *Match) seat(p int, s Seat) error {
	if s.Bot != "" {
		b, err := aibg.NewBot(s.Bot, m.rec.Game.Setup.Seed+uint64(p))
		if err != nil {
			return err
		}
		m.bots[p-1] = b
	}
	m.rec.Seats[p-1] = s
	return nil
}

// apply makes one action of aibg's record, made by the clock when auto, and keeps the
// timeout passes in a row: a move the clock made adds one (ForfeitAfter of them
// forfeit the match), anything the player did itself starts again from none.
func (m *Match) apply(a aibg.Action, auto bool) (*aibg.TurnLog, error) {
	log, err := m.game.Apply(a)
	if err != nil {
		return nil, err
	}
	if auto {
		m.rec.Timeouts = append(m.rec.Timeouts, m.actions)
	}
	m.actions++
	if log != nil {
		m.last = log
	}
	if a.Player < 1 || a.Player > 2 {
		return log, nil
	}
	i := a.Player - 1
	m.timedOut[i] = auto
	switch {
	case !auto:
		m.streak[i] = 0
	case a.Kind == aibg.ActMove:
		m.streak[i]++
		if m.streak[i] >= ForfeitAfter {
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

// botsMove makes the bots' selections and moves that are due, until a program's are.
func (m *Match) botsMove() error {
	for moved := true; moved && !m.Over(); {
		moved = false
		for p := 1; p <= 2; p++ {
			b := m.bots[p-1]
			if b == nil || m.Over() || m.game.Chosen(p) {
				continue
			}
			var a aibg.Action
			switch m.game.Phase() {
			case aibg.PoolSelection:
				a = aibg.Action{Kind: aibg.ActPool, Types: b.Pool(m.game, p)}
			case aibg.RoundSelection:
				a = aibg.Action{Kind: aibg.ActLineup, IDs: b.Lineup(m.game, p)}
			default:
				a = aibg.Action{Kind: aibg.ActMove, Move: b.Move(m.game, p)}
			}
			if _, err := m.act(p, a, false); err != nil {
				return fmt.Errorf("aibgnet: the bot of game %d: %w", m.rec.ID, err)
			}
			moved = true
		}
	}
	return nil
}

// missed is the action the clock makes for seat p when its time runs out (A18): the
// roster's first 12 types for a pool, the first living ids for a lineup, a pass for a
// move.
func (m *Match) missed(p int) aibg.Action {
	switch m.game.Phase() {
	case aibg.PoolSelection:
		return aibg.Action{Kind: aibg.ActPool, Types: m.game.DefaultPool()}
	case aibg.RoundSelection:
		return aibg.Action{Kind: aibg.ActLineup, IDs: m.game.DefaultLineup(p)}
	}
	return aibg.Action{Kind: aibg.ActMove, Move: Pass}
}

// Pass is the move string the clock plays for a program whose move is late: no move
// of the spec's, so a pass (A6).
const Pass = "pass"

// clocks are a match's time rules (A18).
type clocks struct {
	move, bank time.Duration
}

// start runs seat p's clock from now, if it is a program's and its choice is due.
func (m *Match) start(p int, now time.Time, c clocks) bool {
	if m.rec.Seats[p-1].Bot != "" || m.Over() || !m.Paired() || m.game.Chosen(p) || !m.started[p-1].IsZero() {
		return false
	}
	m.started[p-1] = now
	m.deadline[p-1] = now.Add(c.move + m.rec.Bank[p-1])
	return true
}

// stop stops seat p's clock at now: the time over the move's own comes out of the bank.
func (m *Match) stop(p int, now time.Time, c clocks) {
	if m.started[p-1].IsZero() {
		return
	}
	if over := now.Sub(m.started[p-1]) - c.move; over > 0 {
		m.rec.Bank[p-1] = max(0, m.rec.Bank[p-1]-over)
	}
	m.started[p-1], m.deadline[p-1] = time.Time{}, time.Time{}
}

// timeLeft is what seat p has left for its choice at now.
func (m *Match) timeLeft(p int, now time.Time) time.Duration {
	if m.deadline[p-1].IsZero() {
		return 0
	}
	return max(0, m.deadline[p-1].Sub(now))
}

// due is the earliest deadline of the match's clocks, or zero.
func (m *Match) due() time.Time {
	var d time.Time
	for _, t := range m.deadline {
		if !t.IsZero() && (d.IsZero() || t.Before(d)) {
			d = t
		}
	}
	return d
}
