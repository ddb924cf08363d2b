package interp

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func compileError(t *testing.T, src string) *Error {
	t.Helper()
	_, err := Compile(mustLang(t, kombatDef()), "s.kombat", src)
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("%q: error %v, want *Error", src, err)
	}
	return e
}

func TestErrorSummary(t *testing.T) {
	e := compileError(t, "move right\nif (x) move up else done\nx = -1\n")
	want := "s.kombat:1:6: expected a direction after 'move', found name 'right' (and 2 more errors)"
	if got := e.Error(); got != want {
		t.Errorf("Error() = %q\nwant %q", got, want)
	}
	if got := compileError(t, "move right").Error(); strings.Contains(got, "more") {
		t.Errorf("one error summarised as %q", got)
	}
}

func TestErrorsSortedOnePerLine(t *testing.T) {
	e := compileError(t, "x = 1 ; y = 2 ; z = 3 ;\nmove right\n"+strings.Repeat("x = (\n", 20))
	errs := e.Diags.Errors()
	if len(errs) != MaxErrors || e.Omitted == 0 {
		t.Fatalf("%d errors listed, %d omitted; want %d and some", len(errs), e.Omitted, MaxErrors)
	}
	for i := 1; i < len(errs); i++ {
		if errs[i].Pos.Line <= errs[i-1].Pos.Line {
			t.Errorf("errors %d and %d not sorted one per line: %v then %v", i-1, i, errs[i-1].Pos, errs[i].Pos)
		}
	}
	if !strings.HasSuffix(e.Format(), "more errors\n") {
		t.Errorf("format does not end with the count of the rest:\n%s", e.Format())
	}
}

// TestCaretColumns checks carets under non-ASCII text and tabs: columns count runes,
// and the printed line expands tabs the same way as the caret line.
func TestCaretColumns(t *testing.T) {
	e := compileError(t, "# héllo wörld\n\tx = \"é\" + y ;\n")
	d := e.Diags[0]
	if d.Pos != (Pos{2, 6}) {
		t.Fatalf("first error at %v, want 2:6 (the quote, counting the tab as one column)", d.Pos)
	}
	out := e.Format()
	lines := strings.Split(out, "\n")
	src, caret := lines[1], lines[2]
	at := strings.IndexRune(caret, '^')
	if got := []rune(src)[utf8.RuneCountInString(caret[:at])]; got != '"' {
		t.Errorf("caret under %q, want the quote:\n%s", got, out)
	}
}

// TestCarriageReturnColumns checks that a carriage return ending a line (CRLF, or the
// last byte of a paste) is no column, as in the line players see, while a stray one
// inside a line is one. Found by FuzzCompile ("#\r" put the end of input at 1:3).
func TestCarriageReturnColumns(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want Pos
	}{
		{"#\r", Pos{1, 2}},
		{"\r", Pos{1, 1}},
		{"x = 1\r\ny =\r\n", Pos{2, 4}},
		{"x = 1\r\ny =\r", Pos{2, 4}},
		{"x = 1\ny = \r+", Pos{2, 6}},
		{"x\r = 1 +", Pos{1, 9}},
	} {
		e := compileError(t, tc.src)
		if got := e.Diags[0].Pos; got != tc.want {
			t.Errorf("%q: first error at %v, want %v\n%s", tc.src, got, tc.want, e.Format())
		}
		checkPositions(t, tc.src, e.Diags)
	}
}

func TestLongLineWindow(t *testing.T) {
	src := "x = 1" + strings.Repeat(" + 1", 100) + " + move"
	out := compileError(t, src).Format()
	lines := strings.Split(out, "\n")
	if n := utf8.RuneCountInString(lines[1]); n > maxShown+12 {
		t.Errorf("source line printed with %d runes:\n%s", n, out)
	}
	at := strings.IndexRune(lines[2], '^')
	if !strings.HasPrefix(string([]rune(lines[1])[utf8.RuneCountInString(lines[2][:at]):]), "move") {
		t.Errorf("caret not under 'move':\n%s", out)
	}
}

// TestReportParts checks that the parts are Report cut between diagnostics, so a host
// that drops some of them shows the rest exactly as a terminal would.
func TestReportParts(t *testing.T) {
	e := compileError(t, "```kombat\nmove right\nwhile (1) {\n  x = (\n")
	parts := ReportParts(e.Name, e.Text, e.Diags)
	if len(parts) != len(e.Diags) || len(parts) < 2 {
		t.Fatalf("%d parts for %d diagnostics, want at least 2", len(parts), len(e.Diags))
	}
	if got, want := strings.Join(parts, ""), Report(e.Name, e.Text, e.Diags, 0); got != want {
		t.Errorf("parts joined:\n%s\nwant Report:\n%s", got, want)
	}
	for i, p := range parts {
		if !strings.HasPrefix(p, e.Name+":"+e.Diags[i].Pos.String()+": ") || !strings.HasSuffix(p, "\n") {
			t.Errorf("part %d is not diagnostic %d as a whole:\n%s", i, i, p)
		}
	}
}

func TestNoteIsPrinted(t *testing.T) {
	out := compileError(t, "while (1) {\n  move up\n").Format()
	for _, want := range []string{"s.kombat:2:10: error: expected '}' to close the block opened at 1:11", "s.kombat:1:11: note: this '{' is never closed", "  1 | while (1) {\n    |           ^\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

func TestSuggest(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"whlie", "while"}, {"mvoe", "move"}, {"shot", "shoot"}, {"dne", "done"},
		{"xyz", ""}, {"if", ""}, {"elephant", ""},
	}
	words := []string{"if", "while", "done", "move", "shoot"}
	for _, tc := range tests {
		if got := suggest(tc.in, words); got != tc.want {
			t.Errorf("suggest(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if d := editDistance("ab", "ba"); d != 1 {
		t.Errorf("transposition costs %d, want 1", d)
	}
	if got := byDistance("right", []string{"up", "upright", "downright", "down", "downleft", "upleft"}); got[0] != "upright" || got[1] != "downright" {
		t.Errorf("nearest to right: %v", got)
	}
}
