package interp

import (
	"fmt"
	"strings"
)

// Program is a compiled strategy: immutable, shareable between goroutines and between
// all the minions that follow it. Run it with a Machine.
type Program struct {
	lang     *Language
	name     string
	code     []instr
	info     []pcInfo   // per instruction: its position, for results
	marks    []mark     // what traces need, for the instructions that have any
	loops    []loopSpan // the instructions of each while loop
	infoArgs []int32    // number of arguments of each info expression, by id
	consts   []int64    // loaded into registers [constBase, constBase+len)
	locals   []string   // local variables, in register order from 0
	globals  []string   // shared variables, in register order from len(locals)
	nregs    int        // registers a Machine needs
	warnings Diagnostics
	endPos   Pos
}

// instr is one VM instruction; a, b and c are registers or jump targets by opcode.
// cost is the steps (R21) charged before it runs: its own expression node, the plain
// operands it reads, and any statements that begin with it.
type instr struct {
	op      opcode
	cost    uint32
	a, b, c int32
}

type opcode uint8

const (
	opNop       opcode = iota // charge steps only
	opHalt                    // end of the program
	opMov                     // a = b
	opAdd                     // a = b + c
	opSub                     // a = b - c
	opMul                     // a = b * c
	opDiv                     // a = b / c, ending the run when c is 0
	opMod                     // a = b % c, ending the run when c is 0
	opPow                     // a = b ^ c (R13)
	opJump                    // goto a
	opJumpNP                  // if a <= 0 goto b
	opJumpSubNP               // if a - b <= 0 goto c: the idiom if (x - y)
	opLoopInit                // a = 0: a while statement's iteration counter
	opLoopNext                // a++; if a < loop limit goto b
	opSpecial                 // a = host.Special(b)
	opInfo                    // a = host.Info(b, args[c])
	opCommand                 // host.Command(a, args[b]); ending the run when it says so
	opDone                    // end the run
)

// pcInfo is what a result needs about every instruction; rarer details live in marks.
type pcInfo struct {
	line, col int32
	mark      int32 // index into Program.marks, or -1
}

func (pi pcInfo) pos() Pos { return Pos{int(pi.line), int(pi.col)} }

// mark is what a trace needs about an instruction.
type mark struct {
	stmt    string // a statement that starts here: "if", "move", or the variable assigned
	stmtPos Pos
	isSet   bool   // the statement is an assignment to stmt
	assign  string // the variable whose assignment this instruction completes, or ""
	cond    string // "if" or "while" when this instruction tests a condition
}

// loopSpan says that instructions [start, end) belong to the while statement at pos.
type loopSpan struct {
	start, end int32
	pos        Pos
}

// innermostLoop returns the position of the innermost while loop containing pc.
func (p *Program) innermostLoop(pc int) Pos {
	var best Pos
	size := int32(-1)
	for _, l := range p.loops {
		if l.start <= int32(pc) && int32(pc) < l.end && (size < 0 || l.end-l.start < size) {
			best, size = l.pos, l.end-l.start
		}
	}
	return best
}

// callName names the special, info expression or command instruction pc calls.
func (p *Program) callName(pc int) string {
	in := &p.code[pc]
	d := &p.lang.def
	switch in.op {
	case opSpecial:
		return d.Specials[in.b]
	case opInfo:
		return d.Infos[in.b].Name
	case opCommand:
		return d.Commands[in.a].Name
	}
	return ""
}

// Name is the name given at compilation, used in messages.
func (p *Program) Name() string { return p.name }

// Language is the language the program was compiled for.
func (p *Program) Language() *Language { return p.lang }

// Locals lists the program's local variables; Frame.Locals holds their values in this order.
func (p *Program) Locals() []string { return p.locals }

// Globals lists the program's shared variables, in the order Frame.GlobalIndex maps.
func (p *Program) Globals() []string { return p.globals }

// Warnings lists legal but suspicious code found while compiling.
func (p *Program) Warnings() Diagnostics { return p.warnings }

// Len is the number of VM instructions, a measure of the program's size.
func (p *Program) Len() int { return len(p.code) }

// Compile checks and compiles a strategy for lang. text is what the player pasted: the
// code may sit in a Markdown code fence (``` or ```kombat, the first fence tagged with the
// language's name preferred), with any text around it; positions always refer to text.
// On failure the error is an *Error listing what to fix. Compile never panics on any
// input: a panic inside it is turned into an internal *Error.
func Compile(lang *Language, name, text string) (prog *Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			prog, err = nil, &Error{Name: name, Text: text, Diags: Diagnostics{{
				Pos: Pos{1, 1}, Width: 1,
				Msg:  fmt.Sprintf("internal error while compiling (%v); please report this strategy", r),
				Hint: "",
			}}}
		}
	}()
	start, end := codeRegion(text, strings.ToLower(lang.Name()))
	if n := end - start; n > MaxSourceBytes {
		sc := newScanner(lang, text, start, start+MaxSourceBytes, nil)
		for sc.off < start+MaxSourceBytes {
			r, size := sc.peek()
			sc.advance(r, size)
		}
		at := Pos{sc.line, sc.col}
		return nil, &Error{Name: name, Text: text, Diags: Diagnostics{{
			Pos: at, Width: 1,
			Msg:  fmt.Sprintf("strategy too long: %d bytes, the limit is %d bytes (16 KiB); it goes over here", n, MaxSourceBytes),
			Hint: "shorten it: loops and shared variables can replace repeated code",
		}}}
	}
	var diags Diagnostics
	ast := parse(lang, text, start, end, &diags)
	if diags.HasErrors() {
		list, omitted := tidy(diags)
		return nil, &Error{Name: name, Text: text, Diags: list, Omitted: omitted}
	}
	warnings, _ := tidy(lint(lang, ast))
	c := newCompiler(lang, name, ast)
	c.prog.warnings = warnings
	c.prog.endPos = endOf(text, end)
	c.program(ast)
	return c.prog, nil
}

// endOf is the position just after the code, where "end of program" is reported.
func endOf(text string, end int) Pos {
	sc := newScanner(nil, text, end, end, nil)
	return Pos{sc.line, sc.col}
}

// compiler generates register code from a checked syntax tree.
type compiler struct {
	lang      *Language
	prog      *Program
	vars      map[string]int32 // variable → register
	constReg  map[int64]int32
	constBase int32
	temps     int32 // temporaries in use, above tempBase
	tempBase  int32
	pending   uint32 // steps charged to the next instruction
	stmtLabel string
	stmtPos   Pos
	stmtSet   bool
}

func newCompiler(lang *Language, name string, ast []stmt) *compiler {
	c := &compiler{lang: lang, prog: &Program{lang: lang, name: name}, vars: map[string]int32{}, constReg: map[int64]int32{}}
	// Lay registers out as locals, globals, constants, temporaries. One pass collects
	// names and constants so temporaries know where they start.
	var locals, globals []string
	seen := map[string]bool{}
	var consts []int64
	addConst := func(v int64) {
		if _, ok := c.constReg[v]; !ok {
			c.constReg[v] = -1
			consts = append(consts, v)
		}
	}
	addName := func(n string) {
		if _, special := lang.specials[n]; special || seen[n] {
			return
		}
		seen[n] = true
		if lang.shared(n) {
			globals = append(globals, n)
		} else {
			locals = append(locals, n)
		}
	}
	ops, stmts := 0, 0 // to size the code: about one instruction per operator and statement
	walk(ast, func(n any) {
		switch n := n.(type) {
		case *assignStmt:
			stmts++
			addName(n.name)
		case *nameExpr:
			if _, special := lang.specials[n.name]; special {
				ops++
			}
			addName(n.name)
		case *numExpr:
			addConst(n.val)
		case *dirExpr:
			addConst(int64(n.num))
		case *binExpr, *infoExpr:
			ops++
		case *commandStmt, *doneStmt, *ifStmt, *whileStmt:
			stmts++
		}
	})
	for i, n := range locals {
		c.vars[n] = int32(i)
	}
	for i, n := range globals {
		c.vars[n] = int32(len(locals) + i)
	}
	c.constBase = int32(len(locals) + len(globals))
	for i, v := range consts {
		c.constReg[v] = c.constBase + int32(i)
	}
	c.tempBase = c.constBase + int32(len(consts))
	c.prog.locals, c.prog.globals, c.prog.consts = locals, globals, consts
	c.prog.nregs = int(c.tempBase)
	c.prog.code = make([]instr, 0, ops+2*stmts+1)
	c.prog.info = make([]pcInfo, 0, ops+2*stmts+1)
	c.prog.marks = make([]mark, 0, 2*stmts)
	return c
}

// walk visits every statement and expression.
func walk(list []stmt, f func(any)) {
	var st func(s stmt)
	var ex func(e expr)
	ex = func(e expr) {
		f(e)
		switch e := e.(type) {
		case *binExpr:
			ex(e.x)
			ex(e.y)
		case *infoExpr:
			for _, a := range e.args {
				ex(a)
			}
		}
	}
	st = func(s stmt) {
		f(s)
		switch s := s.(type) {
		case *blockStmt:
			for _, t := range s.list {
				st(t)
			}
		case *ifStmt:
			ex(s.cond)
			st(s.then)
			st(s.otherwise)
		case *whileStmt:
			ex(s.cond)
			st(s.body)
		case *assignStmt:
			ex(s.value)
		case *commandStmt:
			for _, a := range s.args {
				ex(a)
			}
		}
	}
	for _, s := range list {
		st(s)
	}
}

func (c *compiler) program(list []stmt) {
	for _, s := range list {
		c.stmt(s)
	}
	c.emit(instr{op: opHalt}, c.prog.endPos)
	for _, w := range c.lang.def.Infos {
		c.prog.infoArgs = append(c.prog.infoArgs, int32(len(w.Args)))
	}
}

// emit appends an instruction, charging it the pending steps.
func (c *compiler) emit(in instr, pos Pos) int {
	in.cost += c.pending
	c.pending = 0
	c.prog.code = append(c.prog.code, in)
	c.prog.info = append(c.prog.info, pcInfo{line: int32(pos.Line), col: int32(pos.Col), mark: -1})
	pc := len(c.prog.code) - 1
	if c.stmtLabel != "" {
		m := c.mark(pc)
		m.stmt, m.stmtPos, m.isSet = c.stmtLabel, c.stmtPos, c.stmtSet
		c.stmtLabel, c.stmtSet = "", false
	}
	return pc
}

// mark returns the trace details of instruction pc, creating them.
func (c *compiler) mark(pc int) *mark {
	pi := &c.prog.info[pc]
	if pi.mark < 0 {
		pi.mark = int32(len(c.prog.marks))
		c.prog.marks = append(c.prog.marks, mark{})
	}
	return &c.prog.marks[pi.mark]
}

// label marks the next instruction as a jump target. Steps still pending must be paid
// on every path that reaches them, so they get an instruction of their own first.
func (c *compiler) label() int32 {
	if c.pending > 0 || c.stmtLabel != "" {
		c.emit(instr{op: opNop}, c.stmtPos)
	}
	return int32(len(c.prog.code))
}

// startStmt charges a statement's own step and labels its first instruction for traces.
func (c *compiler) startStmt(label string, pos Pos) {
	if c.stmtLabel != "" { // the previous statement emitted nothing (an empty block)
		c.emit(instr{op: opNop}, c.stmtPos)
	}
	c.pending++
	c.stmtLabel, c.stmtPos = label, pos
}

func (c *compiler) temp() int32 {
	r := c.tempBase + c.temps
	c.temps++
	if int(r)+1 > c.prog.nregs {
		c.prog.nregs = int(r) + 1
	}
	return r
}

func (c *compiler) stmt(s stmt) {
	switch s := s.(type) {
	case *blockStmt:
		c.pending++ // a block is a statement too (R21)
		for _, t := range s.list {
			c.stmt(t)
		}
	case *assignStmt:
		dst, isVar := c.vars[s.name]
		if !isVar {
			return // a read-only special: as if the assignment did not exist (R20)
		}
		c.startStmt(s.name, s.pos)
		c.stmtSet = true
		c.exprInto(s.value, dst)
		c.mark(len(c.prog.code) - 1).assign = s.name
	case *doneStmt:
		c.startStmt("done", s.pos)
		c.emit(instr{op: opDone}, s.pos)
	case *commandStmt:
		c.startStmt(s.name, s.pos)
		mark := c.temps
		base := c.argRegs(s.args)
		c.emit(instr{op: opCommand, a: int32(s.id), b: base, c: int32(len(s.args))}, s.pos)
		c.temps = mark
	case *ifStmt:
		c.startStmt("if", s.pos)
		jf := c.condJump(s.cond, "if")
		c.stmt(s.then)
		jend := c.emit(instr{op: opJump}, s.pos)
		c.patch(jf, c.label())
		c.stmt(s.otherwise)
		c.patch(jend, c.label())
	case *whileStmt:
		c.startStmt("while", s.pos)
		ctr := c.temp()
		c.emit(instr{op: opLoopInit, a: ctr}, s.pos)
		head := c.label()
		jf := c.condJump(s.cond, "while")
		c.stmt(s.body)
		c.emit(instr{op: opLoopNext, a: ctr, b: head}, s.pos)
		c.prog.loops = append(c.prog.loops, loopSpan{start: head, end: int32(len(c.prog.code)), pos: s.pos})
		c.patch(jf, c.label())
		c.temps--
	}
}

// patch sets the jump target of the jump instruction at pc.
func (c *compiler) patch(pc int, target int32) {
	in := &c.prog.code[pc]
	switch in.op {
	case opJump:
		in.a = target
	case opJumpNP:
		in.b = target
	case opJumpSubNP:
		in.c = target
	}
}

// condJump compiles "if the condition is not positive, jump" with the target patched
// later. A condition x - y, the language's idiom for comparisons, becomes one instruction.
func (c *compiler) condJump(e expr, kind string) int {
	mark := c.temps
	defer func() { c.temps = mark }()
	var pc int
	if b, ok := e.(*binExpr); ok && b.op == tokMinus {
		x := c.operand(b.x)
		y := c.operand(b.y)
		c.pending++ // the '-' node
		pc = c.emit(instr{op: opJumpSubNP, a: x, b: y}, b.pos)
	} else {
		r := c.operand(e)
		pc = c.emit(instr{op: opJumpNP, a: r}, e.exprPos())
	}
	c.mark(pc).cond = kind
	return pc
}

// operand returns a register holding e's value: a variable's or constant's own register
// (its read step is charged to the instruction that uses it), or a temporary.
func (c *compiler) operand(e expr) int32 {
	switch e := e.(type) {
	case *numExpr:
		c.pending++
		return c.constReg[e.val]
	case *dirExpr:
		return c.constReg[int64(e.num)]
	case *nameExpr:
		if r, ok := c.vars[e.name]; ok {
			c.pending++
			return r
		}
	}
	t := c.temp()
	c.exprInto(e, t)
	return t
}

// binOp is the instruction for a binary operator token.
func binOp(k tokenKind) opcode {
	switch k {
	case tokPlus:
		return opAdd
	case tokMinus:
		return opSub
	case tokStar:
		return opMul
	case tokSlash:
		return opDiv
	case tokPercent:
		return opMod
	}
	return opPow
}

// exprInto evaluates e into register dst. dst is written only by the last instruction,
// so an evaluation that ends early (division by zero, step limit) leaves it unchanged.
func (c *compiler) exprInto(e expr, dst int32) {
	mark := c.temps
	defer func() { c.temps = mark }()
	switch e := e.(type) {
	case *numExpr, *dirExpr:
		src := c.operand(e)
		c.emit(instr{op: opMov, a: dst, b: src}, e.exprPos())
	case *nameExpr:
		if id, special := c.lang.specials[e.name]; special {
			c.pending++
			c.emit(instr{op: opSpecial, a: dst, b: int32(id)}, e.pos)
			return
		}
		src := c.operand(e)
		c.emit(instr{op: opMov, a: dst, b: src}, e.pos)
	case *binExpr:
		x := c.operand(e.x)
		y := c.operand(e.y)
		c.pending++
		c.emit(instr{op: binOp(e.op), a: dst, b: x, c: y}, e.pos)
	case *infoExpr:
		base := c.argRegs(e.args)
		c.pending++
		c.emit(instr{op: opInfo, a: dst, b: int32(e.id), c: base}, e.pos)
	}
}

// argRegs evaluates host-call arguments into consecutive registers and returns the
// first, so the host gets a slice of the register file and nothing is copied. A single
// argument is passed in whatever register holds it.
func (c *compiler) argRegs(args []expr) int32 {
	switch len(args) {
	case 0:
		return 0
	case 1:
		return c.operand(args[0])
	}
	base := c.temp()
	for range args[1:] {
		c.temp()
	}
	for i, a := range args {
		c.exprInto(a, base+int32(i))
	}
	return base
}
