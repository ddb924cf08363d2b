package interp

import "fmt"

// Pos is a place in a strategy's original text (before any code fence was removed).
type Pos struct {
	Line int `json:"line"` // 1-based
	Col  int `json:"col"`  // 1-based, in runes (a tab counts as one)
}

// IsValid reports whether p names a place (the zero Pos does not).
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats p as LINE:COL.
func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// before orders positions.
func (p Pos) before(q Pos) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Col < q.Col
}

// tokenKind is the lexical class of a token.
type tokenKind uint8

const (
	tokEOF tokenKind = iota
	tokIllegal
	tokIdent
	tokNumber
	tokLParen
	tokRParen
	tokLBrace
	tokRBrace
	tokAssign
	tokPlus
	tokMinus
	tokStar
	tokSlash
	tokPercent
	tokCaret
	tokIf
	tokThen
	tokElse
	tokWhile
	tokDone
	tokDirection
	tokCommand
	tokInfo
)

// String names the kind the way error messages do.
func (k tokenKind) String() string {
	switch k {
	case tokEOF:
		return "end of input"
	case tokIllegal:
		return "illegal character"
	case tokIdent:
		return "name"
	case tokNumber:
		return "number"
	case tokDirection:
		return "direction"
	case tokCommand:
		return "command"
	case tokInfo:
		return "info expression"
	}
	const punct = "(){}=+-*/%^"
	if k >= tokLParen && k <= tokCaret {
		return "'" + punct[k-tokLParen:k-tokLParen+1] + "'"
	}
	switch k {
	case tokIf:
		return "'if'"
	case tokThen:
		return "'then'"
	case tokElse:
		return "'else'"
	case tokWhile:
		return "'while'"
	case tokDone:
		return "'done'"
	}
	return fmt.Sprintf("token(%d)", k)
}

// token is one lexical unit; text is a slice of the source, never a copy.
type token struct {
	kind  tokenKind
	width int32 // in runes, for carets
	pos   Pos
	text  string // as written
	num   int64  // value of a number; direction number, command or info index of a word
}

// id is a word's direction number, command or info index.
func (t token) id() int { return int(t.num) }

// describe names a token for "found X" in messages.
func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "end of input"
	case tokIdent:
		return fmt.Sprintf("name '%s'", t.text)
	case tokNumber:
		return fmt.Sprintf("number %s", t.text)
	case tokDirection:
		return fmt.Sprintf("direction '%s'", t.text)
	case tokCommand:
		return fmt.Sprintf("command '%s'", t.text)
	case tokInfo:
		return fmt.Sprintf("'%s'", t.text)
	}
	return fmt.Sprintf("'%s'", t.text)
}

// isWord reports whether a token is an identifier-like word (name or reserved word).
func (t token) isWord() bool {
	switch t.kind {
	case tokIdent, tokIf, tokThen, tokElse, tokWhile, tokDone, tokDirection, tokCommand, tokInfo:
		return true
	}
	return false
}

// binary operator precedence levels.
func (k tokenKind) isAddOp() bool { return k == tokPlus || k == tokMinus }
func (k tokenKind) isMulOp() bool { return k == tokStar || k == tokSlash || k == tokPercent }
