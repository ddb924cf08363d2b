package interp

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// scanner turns a region of the original text into tokens. It never stops at a bad
// character: it reports it and goes on, so the parser sees as much as possible.
type scanner struct {
	lang  *Language
	src   string // the original text
	off   int    // byte offset of the next rune
	end   int    // end of the code region
	line  int
	col   int
	diags *Diagnostics
}

func newScanner(lang *Language, src string, start, end int, diags *Diagnostics) *scanner {
	line := 1 + strings.Count(src[:start], "\n")
	lineStart := strings.LastIndexByte(src[:start], '\n') + 1
	col := 1 + utf8.RuneCountInString(src[lineStart:start])
	return &scanner{lang: lang, src: src, off: start, end: end, line: line, col: col, diags: diags}
}

func (s *scanner) errorf(pos Pos, width int, hint, format string, args ...any) {
	*s.diags = append(*s.diags, Diagnostic{Pos: pos, Width: width, Msg: fmt.Sprintf(format, args...), Hint: hint})
}

// peek returns the next rune and its size without consuming it.
func (s *scanner) peek() (rune, int) {
	if s.off >= s.end {
		return -1, 0
	}
	c := s.src[s.off]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s.src[s.off:s.end])
}

func (s *scanner) advance(r rune, size int) {
	s.off += size
	if r == '\n' {
		s.line++
		s.col = 1
	} else {
		s.col++
	}
}

// isSpace accepts the blanks chat clients insert: no-break and zero-width spaces, BOMs.
func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || unicode.IsSpace(r) ||
		r == '\u200b' || r == '\u2060' || r == '\ufeff'
}

// lineEndCR reports whether the carriage return at byte off ends its line: splitLines
// drops exactly those, so columns must not count them.
func (s *scanner) lineEndCR(off int) bool {
	return off+1 == len(s.src) || s.src[off+1] == '\n'
}

// next scans the next token into t. (Filling a token in place, rather than returning
// one, halves the scanner's time: tokens are large.)
func (s *scanner) next(t *token) {
	for s.off < s.end {
		c := s.src[s.off]
		switch {
		case c == ' ' || c == '\t':
			s.off++
			s.col++
			continue
		case c == '\r':
			// A carriage return that ends a line (before a newline or at the end of
			// the text) is not a column, just as splitLines drops it from the line
			// players see; a stray one inside a line is.
			if !s.lineEndCR(s.off) {
				s.col++
			}
			s.off++
			continue
		case c == '\n':
			s.off++
			s.line++
			s.col = 1
			continue
		case c == '#':
			// A comment runs to the end of the line; the newline resets the column, so
			// only a comment that ends the code needs its runes counted.
			if nl := strings.IndexByte(s.src[s.off:s.end], '\n'); nl >= 0 {
				s.off += nl
			} else {
				s.col += utf8.RuneCountInString(s.src[s.off:s.end])
				if s.src[s.end-1] == '\r' && s.lineEndCR(s.end-1) {
					s.col--
				}
				s.off = s.end
			}
			continue
		case c >= utf8.RuneSelf:
			if r, size := s.peek(); isSpace(r) {
				s.advance(r, size)
				continue
			}
		}
		break
	}
	pos, startOff := Pos{s.line, s.col}, s.off
	*t = token{kind: tokEOF, pos: pos, width: 1}
	if s.off >= s.end {
		return
	}
	r, size := s.peek()
	switch {
	case isLetter(r) || isNameRune(r):
		s.word(t, startOff)
		return
	case isDigit(r):
		s.number(t, startOff)
		return
	}
	s.advance(r, size)
	t.text = s.src[startOff:s.off]
	switch r {
	case '(':
		t.kind = tokLParen
	case ')':
		t.kind = tokRParen
	case '{':
		t.kind = tokLBrace
	case '}':
		t.kind = tokRBrace
	case '+':
		t.kind = tokPlus
	case '-':
		t.kind = tokMinus
	case '*':
		t.kind = tokStar
	case '/':
		t.kind = tokSlash
	case '%':
		t.kind = tokPercent
	case '^':
		t.kind = tokCaret
	case '=':
		if n, sz := s.peek(); n == '=' {
			s.advance(n, sz)
			s.illegal(t, startOff, "there are no comparison operators: a condition is true when it is positive, so write 'if (x - y) then ...' for x > y, and 'if (1 - (x - y) ^ 2) then ...' for x = y")
			return
		}
		t.kind = tokAssign
	default:
		hint := illegalHint(r, s) // may take a second character: <= != && ||
		s.illegal(t, startOff, hint)
	}
}

// isNameRune is a rune that cannot be in a name but that players put there
// (my_var, café); scanning it with the name gives one clear error instead of several.
func isNameRune(r rune) bool { return r == '_' || r > utf8.RuneSelf && unicode.IsLetter(r) }

// word scans a name or reserved word into t, whose pos is set.
func (s *scanner) word(t *token, startOff int) {
	bad := false
	width := 0
	for s.off < s.end {
		if c := s.src[s.off]; c < utf8.RuneSelf {
			if !isLetter(rune(c)) && !isDigit(rune(c)) && c != '_' {
				break
			}
			bad = bad || c == '_'
			s.off++
			s.col++
			width++
			continue
		}
		r, size := s.peek()
		if !isNameRune(r) {
			break
		}
		bad = true
		s.advance(r, size)
		width++
	}
	text := s.src[startOff:s.off]
	t.kind, t.width, t.text = tokIdent, int32(width), text
	if bad {
		s.errorf(t.pos, width, "names use only the letters a-z and A-Z and the digits 0-9, and start with a letter",
			"'%s' is not a valid name", text)
		return
	}
	if w, ok := s.lang.lookup(text); ok {
		t.num = int64(w.id)
		switch w.kind {
		case wordKeyword:
			t.kind = w.tok
		case wordDirection:
			t.kind = tokDirection
		case wordCommand:
			t.kind = tokCommand
		case wordInfo:
			t.kind = tokInfo
		}
	}
}

// number scans a literal into t, whose pos is set; it must fit int64 (R12).
func (s *scanner) number(t *token, startOff int) {
	var v uint64
	overflow := false
	for s.off < s.end && isDigit(rune(s.src[s.off])) {
		d := uint64(s.src[s.off] - '0')
		if v > (math.MaxInt64-d)/10 {
			overflow = true
		}
		v = v*10 + d
		s.off++
		s.col++
	}
	text := s.src[startOff:s.off]
	width := len(text)
	t.kind, t.width, t.text = tokNumber, int32(width), text
	if r, _ := s.peek(); isLetter(r) || isNameRune(r) {
		var name token
		name.pos = Pos{s.line, s.col}
		s.word(&name, s.off)
		s.errorf(t.pos, width+int(name.width), "a name starts with a letter; put an operator between a number and a name, e.g. '2 * x'",
			"'%s' is neither a number nor a name", s.src[startOff:s.off])
		return
	}
	if overflow {
		s.errorf(t.pos, width, "the largest number is 9223372036854775807 (2^63 - 1)",
			"number %s is too large for a 64-bit integer", shorten(text, 30))
		return
	}
	t.num = int64(v)
}

// illegal reports characters that cannot start a token, as one token in t.
func (s *scanner) illegal(t *token, startOff int, hint string) {
	text := s.src[startOff:s.off]
	width := s.col - t.pos.Col
	what := fmt.Sprintf("unexpected character %s", quoteRune(text))
	if width > 1 {
		what = fmt.Sprintf("unexpected '%s'", text)
	}
	s.errorf(t.pos, width, hint, "%s", what)
	t.kind, t.width, t.text = tokIllegal, int32(width), text
}

func quoteRune(text string) string {
	r, _ := utf8.DecodeRuneInString(text)
	if r == utf8.RuneError && len(text) == 1 {
		return fmt.Sprintf("(invalid UTF-8 byte 0x%02x)", text[0])
	}
	if unicode.IsPrint(r) {
		return "'" + text + "'"
	}
	return fmt.Sprintf("%U", r)
}

// illegalHint explains the characters players most often paste by mistake. Multi-
// character operators (<=, !=, &&) are consumed whole so they get one error.
func illegalHint(r rune, s *scanner) string {
	const cmp = "there are no comparison operators: a condition is true when it is positive, so write 'if (x - y) then ...' for x > y"
	const logic = "there are no logical operators: nest ifs, or multiply conditions that are 0 or 1"
	switch r {
	case '<', '>', '!':
		if n, sz := s.peek(); n == '=' {
			s.advance(n, sz)
		}
		return cmp
	case '&', '|':
		if n, sz := s.peek(); n == r {
			s.advance(n, sz)
		}
		return logic
	case ';':
		return "statements need no separator: remove the ';'"
	case ',':
		return "arguments are not separated by commas: write 'shoot up 10'"
	case '−', '–', '—':
		return "this is not the ASCII minus sign: type '-' instead (chat apps sometimes replace it)"
	case '×', '·':
		return "type '*' to multiply"
	case '÷':
		return "type '/' to divide"
	case '"', '\'', '“', '”', '‘', '’':
		return "strategies have no strings: values are whole numbers"
	case '[', ']':
		return "use parentheses '(' ')' in expressions and braces '{' '}' around blocks"
	case '`':
		return "a code block starts and ends with three backticks ``` on their own lines"
	case '.':
		return "numbers are whole numbers: there is no decimal point"
	}
	return ""
}

func shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
