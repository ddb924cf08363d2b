package upbeat

import (
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/interp"
)

// A turn explained ("Why?"), as KOMBAT's game.TraceTurn explains a minion's: the
// plan's trace (each statement with its line:column, conditions, variables, what was
// read) with what every command did on the territory, or why it was refused, beside
// the line that ran it. Games are played untraced; a record is replayed with tracing
// on for the one turn asked about.

// MaxTraceEvents bounds a traced evaluation's trace: a plan may run a million steps a
// turn, and what it did past the first few thousand is counted, not kept (the
// evaluation's end is always kept).
const MaxTraceEvents = 2000

// SetTracing makes every plan evaluation record its trace in its TurnLog.Trace (or
// stop).
func (g *Game) SetTracing(on bool) { g.tracing = on }

// TraceTurn replays a record up to its n-th confirmed turn (every player's turns
// counted together, from 1), that turn traced, and returns its log. The turns before
// it play quietly, without events.
func TraceTurn(lang *interp.Language, r Record, n int) (TurnLog, error) {
	g, err := New(lang, r.Setup)
	if err != nil {
		return TurnLog{}, err
	}
	confirmed := 0
	for i, a := range r.Actions {
		g.SetQuiet(confirmed < n-1)
		g.SetTracing(a.Kind == ActConfirm && confirmed == n-1)
		log, err := g.Apply(a)
		if err != nil {
			return TurnLog{}, fmt.Errorf("upbeat: replay action %d: %w", i+1, err)
		}
		if a.Kind == ActConfirm {
			if confirmed++; confirmed == n {
				return log, nil
			}
		}
	}
	return TurnLog{}, fmt.Errorf("upbeat: the record has %d confirmed turns, not %d", confirmed, n)
}

// Why writes a traced turn as plain text for its player: the interest paid, then each
// step of the plan with its line:column, and under each command what it did on the
// territory or why it was refused ("=> refused: owned by another player"), then how
// the evaluation ended and where the crew stood. names are the players' names by
// seat. A log without a trace gives what the events say alone.
func (l TurnLog) Why(lang *interp.Language, names []string) string {
	var b strings.Builder
	name := func(p int) string {
		if p >= 1 && p <= len(names) && names[p-1] != "" {
			return names[p-1]
		}
		return fmt.Sprintf("player %d", p)
	}
	events := l.Events
	for len(events) > 0 && events[0].Kind == EventInterest {
		fmt.Fprintf(&b, "Interest paid as the turn opened: %.1f on %s.\n", events[0].Gain, plural(int64(events[0].Count), "region", "regions"))
		events = events[1:]
	}
	b.WriteString("Each step starts with its place in the plan (line:column); => says what a command did, or why it was refused.\n")
	// next takes the events of the next command: its own and what followed from it
	// (a region left ownerless, a city center lost).
	next := func() []Event {
		var out []Event
		for len(events) > 0 {
			e := events[0]
			if e.Kind == EventEvalEnd || len(out) > 0 && isCommand(e.Kind) {
				break
			}
			out, events = append(out, e), events[1:]
		}
		return out
	}
	var trace []interp.Event
	dropped := 0
	if l.Trace != nil {
		trace, dropped = l.Trace.Events, l.Trace.Dropped
	}
	var end []interp.Event
	if n := len(trace); n > 0 && trace[n-1].Kind == interp.EventEnd {
		trace, end = trace[:n-1], trace[n-1:]
	}
	for _, e := range trace {
		b.WriteString(e.Format(lang) + "\n")
		if e.Kind == interp.EventCommand {
			for _, ev := range next() {
				b.WriteString("           => " + ev.outcome(lang, name) + "\n")
			}
		}
	}
	if dropped > 0 {
		fmt.Fprintf(&b, "... %d more steps not recorded\n", dropped)
	}
	for _, e := range end {
		b.WriteString(e.Format(lang) + "\n")
	}
	if rest := next(); len(rest) > 0 && l.Trace == nil {
		for _, ev := range rest {
			b.WriteString("=> " + ev.outcome(lang, name) + "\n")
		}
	}
	if omitted := l.omitted(); omitted > 0 {
		fmt.Fprintf(&b, "... and %s more commands without a line here (the turn's summary counts them all)\n", Thousands(omitted))
	}
	fmt.Fprintf(&b, "The crew ended at %v; the plan ended: %s.\n", l.Crew, endWords(l.End))
	return b.String()
}

// omitted is how many events the evaluation did not log (past MaxEventsPerEval).
func (l TurnLog) omitted() int64 {
	for _, e := range l.Events {
		if e.Kind == EventEvalEnd {
			return e.Omitted
		}
	}
	return 0
}

// isCommand reports whether kind is a command's event.
func isCommand(kind string) bool {
	switch kind {
	case EventMove, EventInvest, EventCollect, EventShoot, EventRelocate:
		return true
	}
	return false
}

// outcome says what an event did, in the words of a turn's explanation.
func (e Event) outcome(lang *interp.Language, name func(int) string) string {
	cost := ""
	if e.Cost > 0 {
		cost = fmt.Sprintf(" (cost %d)", e.Cost)
	}
	if isCommand(e.Kind) && !e.OK {
		return "refused: " + e.Note + cost
	}
	switch e.Kind {
	case EventMove:
		return fmt.Sprintf("the crew moved to %v%s", e.To, cost)
	case EventInvest:
		return fmt.Sprintf("invested %.0f in %v%s", e.Gain, e.At, cost)
	case EventCollect:
		return fmt.Sprintf("collected %d from %v%s", e.Amount, e.At, cost)
	case EventShoot:
		return fmt.Sprintf("shot %v, its deposit down %.0f%s", e.To, -e.Gain, cost)
	case EventRelocate:
		return fmt.Sprintf("the city center moved to %v%s", e.At, cost)
	case EventOwnerOff:
		return fmt.Sprintf("%v fell below 1 and %s lost it", e.At, name(e.Player))
	case EventLost:
		return fmt.Sprintf("%s lost their city center at %v and is out", name(e.Player), e.At)
	}
	return e.Kind
}

// endWords says how an evaluation ended (TurnLog.End).
func endWords(end string) string {
	switch end {
	case EndProgram:
		return "past its last line"
	case EndDone:
		return "done"
	case EndRelocate:
		return "relocate ends the plan"
	case EndDivZero:
		return "a division by zero"
	case EndBudget:
		return "a move or collect with a budget below 1"
	case EndSteps:
		return "the step limit"
	case EndLost:
		return "the player knocked themselves out"
	case EndGameOver:
		return "the game is over"
	}
	return end
}
