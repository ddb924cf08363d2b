package game

import (
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/interp"
)

// EventType says what happened.
type EventType string

// The events of a turn (the turn log read by the renderer, summaries and replays).
const (
	EvIncome   EventType = "income"   // Amount: turn_budget added
	EvInterest EventType = "interest" // Amount added at Rate percent
	EvCap      EventType = "cap"      // Amount forfeited above max_budget
	EvSpawn    EventType = "spawn"    // Minion spawned at At for Amount (0 for the free spawn)
	EvBuy      EventType = "buy"      // hex At bought for Amount
	EvMove     EventType = "move"     // Minion moved At -> To in Dir, or was Blocked (To = At)
	EvShoot    EventType = "shoot"    // Minion shot Dir at To spending Amount; Target hit for Damage, Lost HP, HP left; Blocked when unaffordable
	EvDeath    EventType = "death"    // Minion (of Player) died at At
	EvEval     EventType = "eval"     // Minion's evaluation ended (End) after Steps, at Src
)

// Eval end reasons (EvEval's End), as the turn log and `kombat try` name them.
const (
	EndOfProgram = "end"       // ran past its last statement
	EndDone      = "done"      // ran done
	EndDivZero   = "div0"      // divided by zero
	EndBudget    = "budget"    // tried to move without budget (R16)
	EndSteps     = "steps"     // ran out of steps (R21)
	EndTurnSteps = "turnsteps" // its player's minions used up the turn's steps (TurnStepLimit)
	EndGameOver  = "gameover"  // the game ended during its evaluation (R24)
)

// Event is one entry of a turn log. Fields not used by an event type are zero.
type Event struct {
	Type    EventType  `json:"type"`
	Player  int        `json:"player"`
	Minion  int        `json:"minion,omitzero"` // the acting minion's id
	Kind    string     `json:"kind,omitzero"`   // the acting (or dying, or spawned) minion's kind
	At      Hex        `json:"at,omitzero"`     // where: bought or spawn hex, mover's start, shooter, death
	To      Hex        `json:"to,omitzero"`     // move destination, shot target
	Dir     int        `json:"dir,omitzero"`
	Blocked bool       `json:"blocked,omitzero"` // a move that stayed put, a shot not afforded
	Amount  float64    `json:"amount,omitzero"`  // money: income, interest, forfeited, price, expenditure
	Rate    float64    `json:"rate,omitzero"`    // interest rate, percent
	Target  int        `json:"target,omitzero"`  // id of the minion a shot hit
	Damage  int64      `json:"damage,omitzero"`
	HP      int64      `json:"hp,omitzero"`   // the target's HP after a shot
	Lost    int64      `json:"lost,omitzero"` // the HP the target lost: Damage, or all it had left
	End     string     `json:"end,omitzero"`
	Steps   int64      `json:"steps,omitzero"`
	Src     interp.Pos `json:"src,omitzero"`     // where in the strategy the evaluation ended
	Omitted int        `json:"omitted,omitzero"` // eval: moves and shots beyond MaxEventsPerEval, not logged
	Budget  float64    `json:"budget"`           // the player's budget after the event
	Trace   string     `json:"trace,omitzero"`   // the evaluation's trace, when tracing is on
}

// TurnLog is everything that happened in one turn, in order.
type TurnLog struct {
	Player int     `json:"player"`
	Turn   int     `json:"turn"` // the player's own turn number, from 1
	Events []Event `json:"events"`
	Result *Result `json:"result,omitempty"` // set when the game ended in this turn
}

// String renders the log as short lines, for terminals and golden files.
func (l TurnLog) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d of player %d\n", l.Turn, l.Player)
	for _, e := range l.Events {
		b.WriteString("  " + e.String() + "\n")
	}
	if l.Result != nil {
		b.WriteString("  " + Explain(*l.Result) + "\n")
	}
	return b.String()
}

// String renders one event as a line.
func (e Event) String() string {
	switch e.Type {
	case EvIncome:
		return fmt.Sprintf("income %+.0f, budget %.2f", e.Amount, e.Budget)
	case EvInterest:
		return fmt.Sprintf("interest %+.2f at %.3f%%, budget %.2f", e.Amount, e.Rate, e.Budget)
	case EvCap:
		return fmt.Sprintf("%.2f over max_budget forfeited, budget %.2f", e.Amount, e.Budget)
	case EvBuy:
		return fmt.Sprintf("bought %v for %.0f, budget %.2f", e.At, e.Amount, e.Budget)
	case EvSpawn:
		return fmt.Sprintf("spawned #%d %s at %v for %.0f, budget %.2f", e.Minion, e.Kind, e.At, e.Amount, e.Budget)
	case EvMove:
		if e.Blocked {
			return fmt.Sprintf("#%d move %s from %v blocked, budget %.2f", e.Minion, DirectionName(e.Dir), e.At, e.Budget)
		}
		return fmt.Sprintf("#%d move %s %v -> %v, budget %.2f", e.Minion, DirectionName(e.Dir), e.At, e.To, e.Budget)
	case EvShoot:
		s := fmt.Sprintf("#%d shoot %s %.0f at %v", e.Minion, DirectionName(e.Dir), e.Amount, e.To)
		switch {
		case e.Blocked:
			s += " not afforded"
		case e.Target != 0:
			s += fmt.Sprintf(": #%d hit for %d, loses %d HP, ", e.Target, e.Damage, e.HPLost())
			if e.HP == 0 {
				s += "killed"
			} else {
				s += fmt.Sprintf("%d HP left", e.HP)
			}
		default:
			s += ": nobody there"
		}
		return s + fmt.Sprintf(", budget %.2f", e.Budget)
	case EvDeath:
		return fmt.Sprintf("#%d of player %d dies at %v", e.Minion, e.Player, e.At)
	case EvEval:
		s := fmt.Sprintf("#%d ends: %s at line %d, column %d after %d steps", e.Minion, e.End, e.Src.Line, e.Src.Col, e.Steps)
		if e.Omitted > 0 {
			s += fmt.Sprintf(" (%d more moves and shots not listed)", e.Omitted)
		}
		return s
	}
	return string(e.Type)
}

// HPLost is the HP a shot's target lost: Damage, but never more than the target had
// (a 100-HP minion hit for 2792 loses 100). A log written before events carried Lost
// says only Damage.
func (e Event) HPLost() int64 {
	if e.Lost > 0 || e.Target == 0 {
		return e.Lost
	}
	return e.Damage
}
