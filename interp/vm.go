package interp

import (
	"fmt"
	"sync/atomic"
)

// Host is the game a program runs in: it answers read-only specials and info
// expressions, and carries out commands. ids index the Definition's Specials, Infos and
// Commands; args are the arguments in source order, directions as their numbers. The
// args slice is only valid during the call.
type Host interface {
	// Special returns the current value of a read-only name, e.g. Budget.
	Special(id int) int64
	// Info evaluates an information expression, e.g. nearby up.
	Info(id int, args []int64) int64
	// Command carries out an action; false ends the evaluation (EndHost), as a move
	// without budget does in KOMBAT.
	Command(id int, args []int64) bool
}

// End says how a run ended.
type End uint8

const (
	// EndProgram: the run went past the last statement.
	EndProgram End = iota
	// EndDone: a done statement ran.
	EndDone
	// EndDivZero: a division, remainder or power divided by zero (R12, R13).
	EndDivZero
	// EndHost: a host command ended the evaluation.
	EndHost
	// EndSteps: the step limit ran out (R21).
	EndSteps
	// EndStopped: the host asked the run to stop (Machine.Stop), for example because
	// the process is shutting down. It is no outcome of the rules: whoever set the
	// flag must discard what the run did.
	EndStopped
)

// String is a short stable name: end, done, div0, host, steps or stopped.
func (e End) String() string {
	switch e {
	case EndProgram:
		return "end"
	case EndDone:
		return "done"
	case EndDivZero:
		return "div0"
	case EndHost:
		return "host"
	case EndSteps:
		return "steps"
	case EndStopped:
		return "stopped"
	}
	return fmt.Sprintf("End(%d)", e)
}

// Result is how a run ended, where, and what it cost.
type Result struct {
	End   End   // why the run stopped
	Pos   Pos   // the statement or operator where it ended; the end of the code for EndProgram
	Loop  Pos   // for EndSteps: the innermost while loop it was in, if any
	Steps int64 // steps used, never more than the limit
}

// Frame holds the variables a run reads and updates in place.
type Frame struct {
	// Locals holds the program's local variables in Program.Locals order.
	Locals []int64
	// Globals holds the player's shared variables, laid out as the host likes.
	Globals []int64
	// GlobalIndex maps the program's shared variable i (Program.Globals order) to
	// Globals[GlobalIndex[i]]; nil means Globals is in Program.Globals order.
	GlobalIndex []int
}

// Machine runs programs. It keeps its registers between runs, so after the first run of
// the largest program, runs allocate nothing. A Machine is not safe for concurrent use;
// use one per goroutine.
type Machine struct {
	regs []int64
	// Trace, when not nil, records every run's statements, variables and host calls.
	Trace *Trace
	// Stop, when not nil, is read at every loop iteration (the only backward jump):
	// once it is true, the run ends with EndStopped. Straight-line code is bounded by
	// the program's size, so a stop takes effect within microseconds even when the
	// step limit is millions. Another goroutine may set it at any time.
	Stop *atomic.Bool
}

// Run evaluates p once with the given host, variables and step limit (R21; a limit
// below 1 allows no steps). It panics if f does not match p's variables, which is a
// bug in the host, not in the strategy.
func (m *Machine) Run(p *Program, h Host, f Frame, limit int64) Result {
	nl, ng := len(p.locals), len(p.globals)
	if len(f.Locals) != nl {
		panic(fmt.Sprintf("interp: %s has %d locals, frame has %d", p.name, nl, len(f.Locals)))
	}
	if ng > 0 && (f.GlobalIndex == nil && len(f.Globals) != ng || f.GlobalIndex != nil && len(f.GlobalIndex) != ng) {
		panic(fmt.Sprintf("interp: %s has %d globals, frame maps %d", p.name, ng, max(len(f.Globals), len(f.GlobalIndex))))
	}
	if cap(m.regs) < p.nregs {
		m.regs = make([]int64, p.nregs)
	}
	regs := m.regs[:p.nregs]
	copy(regs, f.Locals)
	g := regs[nl : nl+ng]
	if f.GlobalIndex == nil {
		copy(g, f.Globals)
	} else {
		for i, gi := range f.GlobalIndex {
			g[i] = f.Globals[gi]
		}
	}
	copy(regs[nl+ng:], p.consts)

	res := exec(p, h, regs, limit, m.Trace, m.Stop)

	copy(f.Locals, regs[:nl])
	if f.GlobalIndex == nil {
		copy(f.Globals, g)
	} else {
		for i, gi := range f.GlobalIndex {
			f.Globals[gi] = g[i]
		}
	}
	return res
}

// exec is the interpreter loop. Each instruction first pays its steps; one that cannot
// is not executed, so a run never does anything it has not paid for.
func exec(p *Program, h Host, regs []int64, limit int64, tr *Trace, stop *atomic.Bool) (res Result) {
	code := p.code
	loopLimit := int64(p.lang.def.LoopLimit)
	var steps int64
	pc := 0
	if tr != nil {
		tr.start(p)
		defer func() { tr.end(p, regs, res, pc) }()
	}
	// Tracing sends every instruction down the step limit's slow path, so an untraced
	// run pays no per-instruction test for the trace.
	lim := limit
	if tr != nil {
		lim = -1
	}
	for {
		in := &code[pc]
		if steps+int64(in.cost) > lim {
			if steps+int64(in.cost) > limit {
				return p.stop(EndSteps, pc, steps)
			}
			tr.before(p, pc, regs)
		}
		steps += int64(in.cost)
		switch in.op {
		case opMov:
			regs[in.a] = regs[in.b]
		case opAdd:
			regs[in.a] = regs[in.b] + regs[in.c]
		case opSub:
			regs[in.a] = regs[in.b] - regs[in.c]
		case opMul:
			regs[in.a] = regs[in.b] * regs[in.c]
		case opDiv:
			d := regs[in.c]
			if d == 0 {
				return p.stop(EndDivZero, pc, steps)
			}
			regs[in.a] = regs[in.b] / d
		case opMod:
			d := regs[in.c]
			if d == 0 {
				return p.stop(EndDivZero, pc, steps)
			}
			regs[in.a] = regs[in.b] % d
		case opPow:
			v, ok := pow(regs[in.b], regs[in.c])
			if !ok {
				return p.stop(EndDivZero, pc, steps)
			}
			regs[in.a] = v
		case opJump:
			pc = int(in.a)
			continue
		case opJumpNP:
			if tr != nil {
				tr.cond(p, pc, regs[in.a])
			}
			if regs[in.a] <= 0 {
				pc = int(in.b)
				continue
			}
		case opJumpSubNP:
			if tr != nil {
				tr.cond(p, pc, regs[in.a]-regs[in.b])
			}
			if regs[in.a]-regs[in.b] <= 0 {
				pc = int(in.c)
				continue
			}
		case opLoopInit:
			regs[in.a] = 0
		case opLoopNext:
			if stop != nil && stop.Load() {
				return p.stop(EndStopped, pc, steps)
			}
			regs[in.a]++
			if regs[in.a] < loopLimit {
				pc = int(in.b)
				continue
			}
			if tr != nil {
				tr.loopLimit(p, pc)
			}
		case opSpecial:
			regs[in.a] = h.Special(int(in.b))
			if tr != nil {
				tr.call(p, pc, EventSpecial, nil, regs[in.a])
			}
		case opInfo:
			a := regs[in.c : in.c+p.infoArgs[in.b] : in.c+p.infoArgs[in.b]]
			regs[in.a] = h.Info(int(in.b), a)
			if tr != nil {
				tr.call(p, pc, EventInfo, a, regs[in.a])
			}
		case opCommand:
			a := regs[in.b : in.b+in.c : in.b+in.c]
			ok := h.Command(int(in.a), a)
			if tr != nil {
				tr.call(p, pc, EventCommand, a, b2i(ok))
			}
			if !ok {
				return p.stop(EndHost, pc, steps)
			}
		case opDone:
			return p.stop(EndDone, pc, steps)
		case opHalt:
			return p.stop(EndProgram, pc, steps)
		case opNop:
		}
		pc++
	}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (p *Program) stop(e End, pc int, steps int64) Result {
	r := Result{End: e, Pos: p.info[pc].pos(), Steps: steps}
	if e == EndSteps {
		r.Loop = p.innermostLoop(pc)
	}
	return r
}

// pow is a ^ n by R13: for n >= 0 the exact power modulo 2^64, by squaring; for n < 0,
// 1 for a = 1, ±1 by parity for a = -1, a division by zero (ok false) for a = 0, else 0.
func pow(a, n int64) (int64, bool) {
	if n < 0 {
		switch a {
		case 1:
			return 1, true
		case -1:
			if n&1 == 0 {
				return 1, true
			}
			return -1, true
		case 0:
			return 0, false
		}
		return 0, true
	}
	r := int64(1)
	for n > 0 {
		if n&1 == 1 {
			r *= a
		}
		a *= a
		n >>= 1
	}
	return r, true
}
