package interp

import (
	"fmt"
	"strings"
)

// The syntax tree is internal: players see diagnostics, the host sees a Program.

type stmt interface{ stmtPos() Pos }

type (
	blockStmt struct {
		lbrace, rbrace Pos
		list           []stmt
	}
	ifStmt struct {
		pos             Pos
		cond            expr
		then, otherwise stmt
	}
	whileStmt struct {
		pos  Pos
		cond expr
		body stmt
	}
	assignStmt struct {
		pos   Pos
		name  string
		width int
		value expr
	}
	commandStmt struct {
		pos  Pos
		id   int
		name string
		args []expr
	}
	doneStmt struct{ pos Pos }
)

func (s *blockStmt) stmtPos() Pos   { return s.lbrace }
func (s *ifStmt) stmtPos() Pos      { return s.pos }
func (s *whileStmt) stmtPos() Pos   { return s.pos }
func (s *assignStmt) stmtPos() Pos  { return s.pos }
func (s *commandStmt) stmtPos() Pos { return s.pos }
func (s *doneStmt) stmtPos() Pos    { return s.pos }

type expr interface{ exprPos() Pos }

type (
	numExpr struct {
		pos Pos
		val int64
	}
	// dirExpr is a direction argument; the host receives its number.
	dirExpr struct {
		pos  Pos
		num  int
		name string
	}
	nameExpr struct {
		pos   Pos
		name  string
		width int
	}
	binExpr struct {
		pos  Pos // the operator
		op   tokenKind
		x, y expr
	}
	infoExpr struct {
		pos  Pos
		id   int
		name string
		args []expr
	}
)

func (e *numExpr) exprPos() Pos  { return e.pos }
func (e *dirExpr) exprPos() Pos  { return e.pos }
func (e *nameExpr) exprPos() Pos { return e.pos }
func (e *binExpr) exprPos() Pos  { return e.x.exprPos() }
func (e *infoExpr) exprPos() Pos { return e.pos }

// dump writes a program as one S-expression per statement, for golden tests.
func dump(prog []stmt) string {
	var b strings.Builder
	for _, s := range prog {
		dumpStmt(&b, s, 0)
	}
	return b.String()
}

func dumpStmt(b *strings.Builder, s stmt, indent int) {
	pad := strings.Repeat("  ", indent)
	switch s := s.(type) {
	case *blockStmt:
		if len(s.list) == 0 {
			fmt.Fprintf(b, "%s(block)\n", pad)
			return
		}
		fmt.Fprintf(b, "%s(block\n", pad)
		for _, t := range s.list {
			dumpStmt(b, t, indent+1)
		}
		fmt.Fprintf(b, "%s)\n", pad)
	case *ifStmt:
		fmt.Fprintf(b, "%s(if %s\n", pad, dumpExpr(s.cond))
		dumpStmt(b, s.then, indent+1)
		dumpStmt(b, s.otherwise, indent+1)
		fmt.Fprintf(b, "%s)\n", pad)
	case *whileStmt:
		fmt.Fprintf(b, "%s(while %s\n", pad, dumpExpr(s.cond))
		dumpStmt(b, s.body, indent+1)
		fmt.Fprintf(b, "%s)\n", pad)
	case *assignStmt:
		fmt.Fprintf(b, "%s(= %s %s)\n", pad, s.name, dumpExpr(s.value))
	case *commandStmt:
		fmt.Fprintf(b, "%s(%s", pad, s.name)
		for _, a := range s.args {
			fmt.Fprintf(b, " %s", dumpExpr(a))
		}
		b.WriteString(")\n")
	case *doneStmt:
		fmt.Fprintf(b, "%s(done)\n", pad)
	}
}

func dumpExpr(e expr) string {
	switch e := e.(type) {
	case *numExpr:
		return fmt.Sprint(e.val)
	case *dirExpr:
		return e.name
	case *nameExpr:
		return e.name
	case *binExpr:
		return fmt.Sprintf("(%s %s %s)", strings.Trim(e.op.String(), "'"), dumpExpr(e.x), dumpExpr(e.y))
	case *infoExpr:
		if len(e.args) == 0 {
			return e.name
		}
		s := "(" + e.name
		for _, a := range e.args {
			s += " " + dumpExpr(a)
		}
		return s + ")"
	}
	return "?"
}
