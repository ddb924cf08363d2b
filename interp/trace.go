package interp

import (
	"fmt"
	"strings"
)

// EventKind is what a trace event records.
type EventKind uint8

const (
	// EventStmt: a statement starts; Name is its label ("if", "while", "x =", "move", "done").
	EventStmt EventKind = iota
	// EventCond: an if or while condition (Name) was evaluated to Value (true when > 0).
	EventCond
	// EventLoopLimit: a while loop stopped after its iteration limit (R15).
	EventLoopLimit
	// EventAssign: variable Name was set to Value.
	EventAssign
	// EventSpecial: read-only name Name was read as Value.
	EventSpecial
	// EventInfo: information expression Name(Args) gave Value.
	EventInfo
	// EventCommand: command Name(Args) ran; Value is 0 when it ended the run.
	EventCommand
	// EventEnd: the run ended; Name is the End's name, Value the steps used.
	EventEnd
)

// Event is one entry of a Trace.
type Event struct {
	Kind EventKind // what happened; its constant's comment says what Name and Value hold
	Pos  Pos       // the statement, condition or call it happened at
	Name string    // a statement label, variable, read-only name or word, by Kind
	ID   int       // special, info or command index in the Definition
	// Args are a call's arguments, directions as their numbers: an array, not a slice,
	// so that an event needs no allocation of its own.
	Args  [maxArgs]int64
	NArgs int   // how many of Args the call had
	Value int64 // a condition's, variable's or call's value, or the steps of a run, by Kind
}

// DefaultTraceMax is how many events a Trace keeps when Max is 0.
const DefaultTraceMax = 10000

// Trace records runs for "why did my minion do that?": statements with positions,
// conditions, assignments and host calls. It keeps at most Max events (DefaultTraceMax
// when 0) and counts the rest in Dropped, but always records each run's EventEnd.
type Trace struct {
	Events  []Event // in the order they happened, across runs until Reset
	Max     int     // events kept; 0 means DefaultTraceMax
	Dropped int     // events past Max, counted but not kept
	pending int     // instruction whose assignment is logged once it has completed, or -1
}

// Reset empties the trace, keeping its storage.
func (t *Trace) Reset() {
	t.Events, t.Dropped = t.Events[:0], 0
}

func (t *Trace) add(e Event) {
	max := t.Max
	if max <= 0 {
		max = DefaultTraceMax
	}
	if len(t.Events) >= max && e.Kind != EventEnd {
		t.Dropped++
		return
	}
	t.Events = append(t.Events, e)
}

func (t *Trace) start(*Program) { t.pending = -1 }

// before runs before instruction pc, once it has paid its steps.
func (t *Trace) before(p *Program, pc int, regs []int64) {
	t.flush(p, regs)
	mi := p.info[pc].mark
	if mi < 0 {
		return
	}
	m := &p.marks[mi]
	if m.stmt != "" {
		name := m.stmt
		if m.isSet {
			name += " ="
		}
		t.add(Event{Kind: EventStmt, Pos: m.stmtPos, Name: name})
	}
	if m.assign != "" {
		t.pending = pc
	}
}

// flush logs the assignment made by the last instruction, now that it has completed.
func (t *Trace) flush(p *Program, regs []int64) {
	if t.pending < 0 {
		return
	}
	m := &p.marks[p.info[t.pending].mark]
	t.add(Event{Kind: EventAssign, Pos: m.stmtPos, Name: m.assign, Value: regs[p.code[t.pending].a]})
	t.pending = -1
}

func (t *Trace) cond(p *Program, pc int, v int64) {
	t.add(Event{Kind: EventCond, Pos: p.info[pc].pos(), Name: p.marks[p.info[pc].mark].cond, Value: v})
}

func (t *Trace) loopLimit(p *Program, pc int) {
	t.add(Event{Kind: EventLoopLimit, Pos: p.info[pc].pos(), Value: int64(p.lang.def.LoopLimit)})
}

func (t *Trace) call(p *Program, pc int, k EventKind, args []int64, v int64) {
	in := &p.code[pc]
	e := Event{Kind: k, Pos: p.info[pc].pos(), Name: p.callName(pc), Value: v, NArgs: len(args)}
	switch k {
	case EventSpecial, EventInfo:
		e.ID = int(in.b)
	case EventCommand:
		e.ID = int(in.a)
	}
	copy(e.Args[:], args)
	t.add(e)
}

// end records how the run ended; stopPC is the instruction it stopped at.
func (t *Trace) end(p *Program, regs []int64, r Result, stopPC int) {
	if t.pending != stopPC {
		t.flush(p, regs)
	}
	t.pending = -1
	t.add(Event{Kind: EventEnd, Pos: r.Pos, Name: r.End.String(), Value: r.Steps})
}

// Format renders the trace, one event per line, naming directions with lang's words.
func (t *Trace) Format(lang *Language) string {
	var b strings.Builder
	events := t.Events
	var last []Event
	if n := len(events); t.Dropped > 0 && n > 0 && events[n-1].Kind == EventEnd {
		events, last = events[:n-1], events[n-1:]
	}
	for _, e := range events {
		b.WriteString(e.Format(lang))
		b.WriteByte('\n')
	}
	if t.Dropped > 0 {
		fmt.Fprintf(&b, "... %d more events not recorded\n", t.Dropped)
	}
	for _, e := range last {
		b.WriteString(e.Format(lang))
		b.WriteByte('\n')
	}
	return b.String()
}

// Format renders one event as a line: a statement flush left with its position, what
// happened within it indented below.
func (e Event) Format(lang *Language) string {
	switch e.Kind {
	case EventStmt:
		return fmt.Sprintf("%-6s %s", e.Pos, e.Name)
	case EventCond:
		verdict := "false"
		if e.Value > 0 {
			verdict = "true"
		}
		return fmt.Sprintf("         %s condition %d is %s", e.Name, e.Value, verdict)
	case EventLoopLimit:
		return fmt.Sprintf("         loop stopped after %d iterations", e.Value)
	case EventAssign:
		return fmt.Sprintf("         %s = %d", e.Name, e.Value)
	case EventSpecial:
		return fmt.Sprintf("         %s is %d", e.Name, e.Value)
	case EventInfo:
		return fmt.Sprintf("         %s is %d", callText(lang, e, lang.def.Infos), e.Value)
	case EventCommand:
		s := "         " + callText(lang, e, lang.def.Commands)
		if e.Value == 0 {
			s += " (ends the run)"
		}
		return s
	case EventEnd:
		return fmt.Sprintf("%-6s end: %s after %d steps", e.Pos, e.Name, e.Value)
	}
	return "?"
}

func callText(lang *Language, e Event, words []Word) string {
	s := e.Name
	var kinds []ArgKind
	if e.ID >= 0 && e.ID < len(words) {
		kinds = words[e.ID].Args
	}
	for i := 0; i < e.NArgs; i++ {
		if i < len(kinds) && kinds[i] == ArgDirection {
			if d := lang.Direction(int(e.Args[i])); d != "" {
				s += " " + d
				continue
			}
		}
		s += fmt.Sprintf(" %d", e.Args[i])
	}
	return s
}
