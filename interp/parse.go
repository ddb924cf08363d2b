package interp

import (
	"fmt"
	"strings"
)

// MaxSourceBytes is the largest strategy accepted (R22), counted inside the code fence.
const MaxSourceBytes = 16 << 10

// MaxNesting is the deepest nesting accepted (R22): blocks, if and while statements,
// parentheses and chained '^' each add a level.
const MaxNesting = 100

// parser is a recursive-descent parser for the shared grammar. A mistake it can step
// over (a missing 'then', a wrong direction word) is reported and parsing goes on as if
// it were fixed; any other mistake abandons the statement (bailout) and parsing resumes
// at the next token that can start one, so one slip yields one error.
type parser struct {
	lang     *Language
	sc       *scanner
	cur, nxt token // the current token and one of lookahead
	consumed int   // tokens consumed so far, to detect progress
	prev     token // the last token consumed
	skipBad  bool  // the failed statement's offending token sits mid-line: skip it
	depth    int
	diags    *Diagnostics
	// Nodes come from slabs: one allocation per 32 nodes instead of one each, which
	// takes a third off compile time.
	bins   slab[binExpr]
	names  slab[nameExpr]
	nums   slab[numExpr]
	dirs   slab[dirExpr]
	assign slab[assignStmt]
	ifs    slab[ifStmt]
}

// slab hands out pointers into chunks of preallocated values.
type slab[T any] struct{ buf []T }

func (s *slab[T]) new(v T) *T {
	if len(s.buf) == cap(s.buf) {
		s.buf = make([]T, 0, 32)
	}
	s.buf = append(s.buf, v)
	return &s.buf[len(s.buf)-1]
}

// bailout abandons the current statement; abort abandons the whole parse.
type (
	bailout struct{}
	abort   struct{}
)

func (p *parser) tok() token  { return p.cur }
func (p *parser) peek() token { return p.nxt }

func (p *parser) next() token {
	t := p.cur
	if t.kind != tokEOF {
		p.prev = t
		p.cur = p.nxt
		p.scan(&p.nxt)
		p.consumed++
	}
	return t
}

// scan returns the next token that is not an illegal character. The scanner has
// reported those; leaving them out lets the parser check the rest of the line as if
// they were not there (x = 1; parses).
func (p *parser) scan(t *token) {
	for {
		if p.sc.next(t); t.kind != tokIllegal {
			return
		}
	}
}

func (p *parser) errorAt(t token, hint, format string, args ...any) {
	*p.diags = append(*p.diags, Diagnostic{Pos: t.pos, Width: int(t.width), Msg: fmt.Sprintf(format, args...), Hint: hint})
}

// spot is where to report that something is missing before found: at found itself
// when it is on the line of the previous token, else just after that token, since
// "x = 1 +" at the end of a line is wrong there, not where the next line begins.
func (p *parser) spot(found token) token {
	if p.consumed > 0 && found.pos.Line > p.prev.pos.Line {
		return token{pos: Pos{p.prev.pos.Line, p.prev.pos.Col + int(p.prev.width)}, width: 1}
	}
	return found
}

// missing reports that something was expected before found.
func (p *parser) missing(found token, hint, format string, args ...any) {
	p.errorAt(p.spot(found), hint, format, args...)
}

// fail reports that something was expected before found and abandons the statement.
func (p *parser) fail(found token, hint, format string, args ...any) {
	p.missing(found, hint, format, args...)
	p.skipBad = p.consumed > 0 && found.pos.Line == p.prev.pos.Line
	panic(bailout{})
}

// nest enters one more level of nesting; past MaxNesting the whole parse stops, since
// going on would recurse without bound on hostile input.
func (p *parser) nest(t token) {
	p.depth++
	if p.depth > MaxNesting {
		p.errorAt(t, "split the strategy into simpler statements, or use variables to hold partial results",
			"nesting too deep: more than %d levels of blocks, if, while, parentheses and '^'", MaxNesting)
		panic(abort{})
	}
}

func (p *parser) unnest() { p.depth-- }

// program parses Statement+.
func (p *parser) program() []stmt {
	var list []stmt
	for p.tok().kind != tokEOF {
		if s := p.safeStatement(true); s != nil {
			list = append(list, s)
		}
	}
	if len(list) == 0 && len(*p.diags) == 0 {
		p.errorAt(p.tok(), "write at least one statement, for example 'done'",
			"the strategy is empty: it needs at least one statement")
	}
	return list
}

// safeStatement parses one statement, recovering from a bailout by skipping to the next
// statement start. It returns nil after an error.
func (p *parser) safeStatement(top bool) (s stmt) {
	start, depth := p.consumed, p.depth
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			p.depth = depth
			if p.consumed == start || p.skipBad {
				p.next() // make progress past what the error was about
			}
			p.skipBad = false
			p.sync()
			s = nil
		}
	}()
	if t := p.tok(); top && t.kind == tokRBrace {
		p.next()
		p.errorAt(t, "remove it, or add the '{' that should open its block", "unexpected '}': there is no open block to close")
		return nil
	}
	return p.statement()
}

// sync skips to a token that surely starts a statement (or ends a block), or to a name
// that starts a line: most statements do, and a misspelled keyword there (whlie) is
// worth its own error.
func (p *parser) sync() {
	for {
		t := p.tok()
		switch t.kind {
		case tokEOF, tokIf, tokWhile, tokDone, tokCommand, tokLBrace, tokRBrace:
			return
		case tokIdent:
			if p.peek().kind == tokAssign || t.pos.Line > p.prev.pos.Line {
				return
			}
		}
		p.next()
	}
}

func (p *parser) statement() stmt {
	t := p.tok()
	if t.kind != tokIdent && t.isWord() && p.peek().kind == tokAssign {
		p.reservedAssign(t)
		return nil
	}
	switch t.kind {
	case tokIdent:
		if p.peek().kind == tokAssign {
			p.next()
			eq := p.next()
			return p.assign.new(assignStmt{pos: t.pos, name: t.text, width: int(t.width), value: p.operand(eq, p.expr)})
		}
		p.unknownStatement(t)
	case tokLBrace:
		return p.block()
	case tokIf:
		return p.ifStmt()
	case tokWhile:
		return p.whileStmt()
	case tokDone:
		p.next()
		return &doneStmt{pos: t.pos}
	case tokCommand:
		p.next()
		return &commandStmt{pos: t.pos, id: t.id(), name: t.text, args: p.args(t, p.lang.def.Commands[t.id()])}
	case tokElse:
		p.fail(t, "a branch with several statements needs braces: if (c) then { a = 1  b = 2 } else { ... }",
			"'else' without a matching 'if ... then'")
	}
	p.fail(t, p.statementHint(t), "expected a statement, found %s", t.describe())
	return nil
}

// statementHint explains what can start a statement.
func (p *parser) statementHint(t token) string {
	switch t.kind {
	case tokMinus, tokPlus, tokStar, tokSlash, tokPercent, tokCaret, tokNumber, tokRParen, tokLParen:
		return "an expression cannot stand alone: assign it to a variable (x = ...) or use it in a command"
	case tokRBrace:
		return ""
	}
	return p.statementKinds()
}

func (p *parser) statementKinds() string {
	var cmds []string
	for _, c := range p.lang.def.Commands {
		cmds = append(cmds, c.Name)
	}
	return fmt.Sprintf("a statement is an assignment (x = 1), a command (%s), done, if, while or a block { ... }",
		strings.Join(cmds, ", "))
}

// unknownStatement reports a name at the start of a statement that is not assigned to:
// usually a misspelled keyword or command (whlie, mvoe).
func (p *parser) unknownStatement(t token) {
	next := p.peek()
	hint := ""
	if w := p.spelledLike(t.text, p.statementWords()); w != "" {
		hint = fmt.Sprintf("did you mean '%s'?", w)
	} else {
		hint = p.statementKinds()
	}
	p.next()
	p.fail(next, hint, "expected '=' after '%s' to assign to it, found %s", t.text, next.describe())
}

// spelledLike finds the word a misspelling was meant to be: the same word in another
// case first (If for if), then the nearest by edit distance.
func (p *parser) spelledLike(s string, words []string) string {
	for _, w := range words {
		if strings.EqualFold(s, w) && s != w {
			return w
		}
	}
	return suggest(s, words)
}

// statementWords are the words that can start a statement.
func (p *parser) statementWords() []string {
	words := []string{"if", "while", "done"}
	for _, c := range p.lang.def.Commands {
		words = append(words, c.Name)
	}
	return words
}

// reservedAssign reports `up = 3`, and parses the value so that nothing cascades.
func (p *parser) reservedAssign(t token) {
	p.next()
	p.next()
	p.errorAt(t, fmt.Sprintf("pick another name, such as '%sValue'", t.text),
		"'%s' is a reserved word and cannot be used as a variable", t.text)
	p.expr()
}

func (p *parser) block() stmt {
	open := p.next()
	p.nest(open)
	defer p.unnest()
	b := &blockStmt{lbrace: open.pos}
	for {
		switch t := p.tok(); t.kind {
		case tokRBrace:
			b.rbrace = p.next().pos
			return b
		case tokEOF:
			at := p.spot(t)
			*p.diags = append(*p.diags, Diagnostic{
				Pos: at.pos, Width: 1,
				Msg:  fmt.Sprintf("expected '}' to close the block opened at %s, found end of input", open.pos),
				Hint: "add a '}' where the block should end",
				Note: &Note{Pos: open.pos, Width: 1, Msg: "this '{' is never closed"},
			})
			return b
		}
		if s := p.safeStatement(false); s != nil {
			b.list = append(b.list, s)
		}
	}
}

const ifShape = "an if always has both branches: if (cond) then S else S"

func (p *parser) ifStmt() stmt {
	t := p.next()
	p.nest(t)
	defer p.unnest()
	s := p.ifs.new(ifStmt{pos: t.pos})
	s.cond = p.condition(t)
	if k := p.tok(); k.kind == tokThen {
		p.next()
	} else {
		// Go on as if 'then' were there: the branch that follows usually parses.
		if k.kind == tokIdent && p.spelledLike(k.text, []string{"then"}) != "" && p.peek().kind != tokAssign {
			p.next()
			p.errorAt(k, "did you mean 'then'? "+ifShape, "expected 'then' after the if condition, found %s", k.describe())
		} else {
			p.missing(k, ifShape, "expected 'then' after the if condition, found %s", k.describe())
		}
	}
	s.then = p.statement()
	if k := p.tok(); k.kind == tokElse {
		p.next()
		s.otherwise = p.statement()
	} else if k.kind == tokIdent && p.spelledLike(k.text, []string{"else"}) != "" && p.peek().kind != tokAssign {
		p.next()
		p.errorAt(k, "did you mean 'else'? "+ifShape, "expected 'else' after the then branch, found %s", k.describe())
		s.otherwise = p.statement()
	} else {
		p.missing(k, ifShape+"; write 'else {}' when nothing should happen, and wrap a branch of several statements in braces",
			"expected 'else' after the then branch, found %s", k.describe())
		s.otherwise = &blockStmt{lbrace: k.pos, rbrace: k.pos}
	}
	return s
}

func (p *parser) whileStmt() stmt {
	t := p.next()
	p.nest(t)
	defer p.unnest()
	s := &whileStmt{pos: t.pos}
	s.cond = p.condition(t)
	s.body = p.statement()
	return s
}

// condition parses ( Expression ) after if or while. A missing parenthesis is reported
// and the expression parsed anyway; a mistake inside the condition is reported and the
// rest of it skipped, so the branches are still checked.
func (p *parser) condition(kw token) (e expr) {
	open := p.tok()
	if open.kind != tokLParen {
		p.missing(open, fmt.Sprintf("the condition goes in parentheses: %s (x) ...", kw.text),
			"expected '(' after '%s', found %s", kw.text, open.describe())
		return p.operand(kw, p.expr)
	}
	p.next()
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			p.skipBad = false
			p.skipCondition(open.pos.Line)
			e = p.nums.new(numExpr{pos: open.pos})
		}
	}()
	e = p.operand(open, p.expr)
	p.closeParen(open)
	return e
}

// skipCondition skips the rest of a broken condition: through its ')' if one closes
// it on its line, or up to 'then' or to what starts the body.
func (p *parser) skipCondition(line int) {
	depth := 0
	for {
		t := p.tok()
		switch t.kind {
		case tokEOF, tokThen, tokElse, tokLBrace, tokRBrace, tokIf, tokWhile, tokDone, tokCommand:
			return
		case tokLParen:
			depth++
		case tokRParen:
			if depth == 0 {
				p.next()
				return
			}
			depth--
		}
		if t.pos.Line > line && t.kind == tokIdent && p.peek().kind == tokAssign {
			return
		}
		p.next()
	}
}

// closeParen expects the ')' matching open.
func (p *parser) closeParen(open token) {
	t := p.tok()
	if t.kind == tokRParen {
		p.next()
		return
	}
	hint := "add the missing ')'"
	if t.pos.Line == p.prev.pos.Line && (t.kind.isAddOp() || t.kind.isMulOp() || t.kind == tokCaret || t.kind == tokNumber || t.kind == tokIdent || t.kind == tokLParen || t.kind == tokInfo) {
		hint = "put an operator (+ - * / % ^) between two values, or add the missing ')'"
	}
	at := p.spot(t)
	*p.diags = append(*p.diags, Diagnostic{
		Pos: at.pos, Width: int(at.width), Hint: hint,
		Msg:  fmt.Sprintf("expected ')' to match the '(' at %s, found %s", open.pos, t.describe()),
		Note: &Note{Pos: open.pos, Width: 1, Msg: "the '(' it should close"},
	})
	p.skipBad = t.pos.Line == p.prev.pos.Line
	panic(bailout{})
}

// args parses a command's or info expression's arguments.
func (p *parser) args(w token, def Word) []expr {
	if len(def.Args) == 0 {
		return nil
	}
	args := make([]expr, len(def.Args))
	for i, k := range def.Args {
		switch k {
		case ArgDirection:
			args[i] = p.direction(w)
		case ArgExpr:
			args[i] = p.operand(w, p.expr)
		}
	}
	return args
}

// usage shows how a word is written, e.g. "shoot DIRECTION EXPRESSION".
func usage(l *Language, def Word) string {
	s := def.Name
	for _, a := range def.Args {
		if a == ArgDirection {
			s += " DIRECTION"
		} else {
			s += " EXPRESSION"
		}
	}
	return s
}

func startsExpr(k tokenKind) bool {
	return k == tokNumber || k == tokIdent || k == tokLParen || k == tokInfo
}

// direction parses a direction word. A name in its place (move right) is reported with
// the directions nearest first, and taken as the argument so parsing goes on.
func (p *parser) direction(w token) expr {
	t := p.tok()
	if t.kind == tokDirection {
		p.next()
		return p.dirs.new(dirExpr{pos: t.pos, num: t.id(), name: t.text})
	}
	dirs := p.lang.def.Directions
	hint := "the directions are " + quoteList(dirs, "and")
	taken := t.kind == tokIdent && p.peek().kind != tokAssign && t.pos.Line == p.prev.pos.Line
	if taken {
		hint = "the directions are " + quoteList(byDistance(t.text, dirs), "and")
		if s := p.spelledLike(t.text, dirs); s != "" {
			hint = fmt.Sprintf("did you mean '%s'? ", s) + hint
		}
		p.errorAt(t, hint, "expected a direction after '%s', found %s", w.text, t.describe())
		p.next()
	} else {
		p.missing(t, hint, "expected a direction after '%s', found %s", w.text, t.describe())
	}
	return p.dirs.new(dirExpr{pos: t.pos, num: 1, name: t.text})
}

// expr parses Expression → Expression (+|-) Term | Term, left-associative.
func (p *parser) expr() expr {
	x := p.term()
	for p.tok().kind.isAddOp() {
		op := p.next()
		x = p.bins.new(binExpr{pos: op.pos, op: op.kind, x: x, y: p.operand(op, p.term)})
	}
	return x
}

// term parses Term → Term (*|/|%) Factor | Factor.
func (p *parser) term() expr {
	x := p.factor()
	for p.tok().kind.isMulOp() {
		op := p.next()
		x = p.bins.new(binExpr{pos: op.pos, op: op.kind, x: x, y: p.operand(op, p.factor)})
	}
	return x
}

// factor parses Factor → Power ^ Factor | Power (right-associative).
func (p *parser) factor() expr {
	x := p.power()
	if p.tok().kind == tokCaret {
		op := p.next()
		p.nest(op)
		y := p.operand(op, p.factor)
		p.unnest()
		return p.bins.new(binExpr{pos: op.pos, op: tokCaret, x: x, y: y})
	}
	return x
}

// operand parses what must follow op (an operator, '=', '(' or a command): an
// expression, explaining what is there instead. A name followed by '=' is never part
// of an expression: it starts the next statement, so the expression is incomplete.
func (p *parser) operand(op token, parse func() expr) expr {
	t := p.tok()
	switch {
	case t.kind == tokMinus || t.kind == tokPlus:
		return p.power() // reports the unary sign
	case !startsExpr(t.kind) || t.kind == tokIdent && p.peek().kind == tokAssign:
		what := "'" + op.text + "'"
		if op.kind == tokCommand {
			what = fmt.Sprintf("'%s' (%s)", op.text, usage(p.lang, p.lang.def.Commands[op.id()]))
		}
		hint := p.exprHint(t)
		if t.pos.Line > p.prev.pos.Line {
			hint = "the expression is incomplete: add the missing value"
		}
		p.fail(t, hint, "expected an expression after %s, found %s", what, t.describe())
	}
	return parse()
}

// power parses Power → number | identifier | ( Expression ) | InfoExpression.
func (p *parser) power() expr {
	t := p.tok()
	switch t.kind {
	case tokNumber:
		p.next()
		return p.nums.new(numExpr{pos: t.pos, val: t.num})
	case tokIdent:
		p.next()
		return p.names.new(nameExpr{pos: t.pos, name: t.text, width: int(t.width)})
	case tokLParen:
		p.next()
		p.nest(t)
		e := p.operand(t, p.expr)
		p.closeParen(t)
		p.unnest()
		return e
	case tokInfo:
		p.next()
		return &infoExpr{pos: t.pos, id: t.id(), name: t.text, args: p.args(t, p.lang.def.Infos[t.id()])}
	case tokMinus:
		// No unary minus (R12). Report it, then read the operand as 0 - x so the rest
		// of the statement is still checked.
		p.next()
		p.errorAt(t, "there is no unary minus: write (0 - x) instead of -x", "expected an expression, found '-'")
		if !startsExpr(p.tok().kind) {
			panic(bailout{})
		}
		return &binExpr{pos: t.pos, op: tokMinus, x: &numExpr{pos: t.pos}, y: p.power()}
	}
	p.fail(t, p.exprHint(t), "expected an expression, found %s", t.describe())
	return nil
}

// exprHint explains why a token cannot be a value.
func (p *parser) exprHint(t token) string {
	switch t.kind {
	case tokPlus:
		return "there is no unary plus: remove the '+'"
	case tokDirection:
		return fmt.Sprintf("'%s' is a reserved word: directions only follow %s", t.text, quoteList(p.directionTakers(), "and"))
	case tokCommand, tokDone:
		return fmt.Sprintf("'%s' is a command: it is a statement of its own, not a value", t.text)
	case tokIf, tokThen, tokElse, tokWhile:
		return fmt.Sprintf("'%s' is a reserved word and cannot be a variable", t.text)
	case tokEOF, tokRBrace, tokRParen, tokAssign:
		return "the expression is incomplete: add the missing value"
	case tokIdent:
		return "the expression is incomplete: this name starts the next statement"
	}
	return ""
}

func (p *parser) directionTakers() []string {
	var out []string
	for _, ws := range [][]Word{p.lang.def.Commands, p.lang.def.Infos} {
		for _, w := range ws {
			for _, a := range w.Args {
				if a == ArgDirection {
					out = append(out, w.Name)
					break
				}
			}
		}
	}
	return out
}

// parse scans and parses the region [start, end) of text.
func parse(lang *Language, text string, start, end int, diags *Diagnostics) (prog []stmt) {
	p := &parser{lang: lang, sc: newScanner(lang, text, start, end, diags), diags: diags}
	p.scan(&p.cur)
	p.scan(&p.nxt)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(abort); !ok {
				panic(r)
			}
			prog = nil
		}
	}()
	return p.program()
}
