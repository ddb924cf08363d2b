package interp

import (
	"fmt"
	"sort"
	"strings"
)

// Severity says whether a diagnostic stops a strategy from compiling.
type Severity uint8

const (
	// SeverityError is a mistake: the strategy does not compile.
	SeverityError Severity = iota
	// SeverityWarning is legal but suspicious code: the strategy still compiles.
	SeverityWarning
)

// String is "error" or "warning", as printed before the message.
func (s Severity) String() string {
	if s == SeverityWarning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one error or warning about a strategy, at a place in its original text.
type Diagnostic struct {
	Severity Severity // whether it stops the strategy from compiling
	Pos      Pos      // where the problem is
	Width    int      // runes marked from Pos by the caret line (at least 1)
	Msg      string   // what was expected and what was found; lower case, no final period
	Hint     string   // a likely fix, or ""
	Note     *Note    // a second place worth showing (the brace an error leaves open), or nil
}

// Note points at a second place that explains a diagnostic.
type Note struct {
	Pos   Pos    // the second place
	Width int    // runes marked from Pos, as for Diagnostic.Width
	Msg   string // why that place matters, e.g. "this '{' is never closed"
}

// Diagnostics is a list of diagnostics, sorted by position.
type Diagnostics []Diagnostic

// MaxErrors is how many errors one check reports; the rest are counted, not listed.
const MaxErrors = 10

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == SeverityError {
			return true
		}
	}
	return false
}

// Errors returns only the errors.
func (ds Diagnostics) Errors() Diagnostics { return ds.filter(SeverityError) }

// Warnings returns only the warnings.
func (ds Diagnostics) Warnings() Diagnostics { return ds.filter(SeverityWarning) }

func (ds Diagnostics) filter(s Severity) Diagnostics {
	var out Diagnostics
	for _, d := range ds {
		if d.Severity == s {
			out = append(out, d)
		}
	}
	return out
}

// tidy sorts by position and keeps the first diagnostic of each severity per line, at
// most MaxErrors errors; it returns how many errors it dropped beyond the cap.
// One per line: a second complaint on a line is almost always a consequence of the first.
func tidy(ds Diagnostics) (Diagnostics, int) {
	sort.SliceStable(ds, func(i, j int) bool {
		if ds[i].Pos != ds[j].Pos {
			return ds[i].Pos.before(ds[j].Pos)
		}
		return ds[i].Severity < ds[j].Severity
	})
	out := ds[:0:0]
	lastLine := [2]int{-1, -1}
	errs, dropped := 0, 0
	for _, d := range ds {
		if lastLine[d.Severity] == d.Pos.Line {
			continue
		}
		lastLine[d.Severity] = d.Pos.Line
		if d.Severity == SeverityError {
			if errs == MaxErrors {
				dropped++
				continue
			}
			errs++
		}
		out = append(out, d)
	}
	return out, dropped
}

// Error is what Compile returns for a strategy that does not compile: its diagnostics
// (errors first listed by position, at most MaxErrors) and the text they point into.
type Error struct {
	Name    string      // the strategy's name for messages, e.g. a file name
	Text    string      // the original text, for printing source lines
	Diags   Diagnostics // errors and warnings, sorted
	Omitted int         // errors found beyond MaxErrors
}

// Error is the first error on one line, with a count of the others.
func (e *Error) Error() string {
	errs := e.Diags.Errors()
	if len(errs) == 0 {
		return e.Name + ": does not compile"
	}
	d := errs[0]
	s := fmt.Sprintf("%s:%s: %s", e.Name, d.Pos, d.Msg)
	if n := len(errs) - 1 + e.Omitted; n > 0 {
		s += fmt.Sprintf(" (and %d more %s)", n, plural(n, "error", "errors"))
	}
	return s
}

// Format prints every diagnostic for a terminal, as Report does.
func (e *Error) Format() string { return Report(e.Name, e.Text, e.Diags, e.Omitted) }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Report formats diagnostics for a terminal: each as NAME:LINE:COL: SEVERITY: MESSAGE,
// then the source line with a caret under the spot, the hint and any note.
// omitted (errors beyond the cap) is mentioned at the end when positive.
func Report(name, text string, ds Diagnostics, omitted int) string {
	var b strings.Builder
	for _, part := range ReportParts(name, text, ds) {
		b.WriteString(part)
	}
	if omitted > 0 {
		fmt.Fprintf(&b, "... and %d more %s\n", omitted, plural(omitted, "error", "errors"))
	}
	return b.String()
}

// ReportParts formats each diagnostic as Report does, one string apiece, so that a host
// with a size budget (a chat message) can leave whole diagnostics out and say how many.
func ReportParts(name, text string, ds Diagnostics) []string {
	lines := splitLines(text)
	parts := make([]string, len(ds))
	for i, d := range ds {
		var b strings.Builder
		writeDiag(&b, name, lines, d)
		parts[i] = b.String()
	}
	return parts
}

func writeDiag(b *strings.Builder, name string, lines []string, d Diagnostic) {
	fmt.Fprintf(b, "%s:%s: %s: %s\n", name, d.Pos, d.Severity, d.Msg)
	writeSource(b, lines, d.Pos, d.Width)
	if d.Hint != "" {
		fmt.Fprintf(b, "  hint: %s\n", d.Hint)
	}
	if n := d.Note; n != nil {
		fmt.Fprintf(b, "%s:%s: note: %s\n", name, n.Pos, n.Msg)
		writeSource(b, lines, n.Pos, n.Width)
	}
}

// maxShown is how many display columns of a source line are printed around the caret.
const maxShown = 72

// writeSource prints line pos.Line with a gutter and a caret line under width runes.
func writeSource(b *strings.Builder, lines []string, pos Pos, width int) {
	if pos.Line < 1 || pos.Line > len(lines) {
		return
	}
	shown, at, n := displayLine(lines[pos.Line-1], pos.Col, max(width, 1))
	num := fmt.Sprint(pos.Line)
	pad := strings.Repeat(" ", len(num))
	fmt.Fprintf(b, "  %s | %s\n", num, shown)
	fmt.Fprintf(b, "  %s | %s^%s\n", pad, strings.Repeat(" ", at), strings.Repeat("~", n-1))
}

// displayLine makes a source line printable: tabs expanded to 4-column stops, control
// characters shown as spaces, and a long line cut to a window around the caret.
// It returns the line, the caret's display column (0-based) and its length.
func displayLine(line string, col, width int) (string, int, int) {
	var cells []rune
	caret, caretEnd := -1, -1
	i := 1
	for _, r := range line {
		if i == col {
			caret = len(cells)
		}
		switch {
		case r == '\t':
			cells = append(cells, ' ')
			for len(cells)%4 != 0 {
				cells = append(cells, ' ')
			}
		case r < ' ' || r == 0x7f:
			cells = append(cells, ' ')
		default:
			cells = append(cells, r)
		}
		if i == col+width-1 {
			caretEnd = len(cells)
		}
		i++
	}
	if caret < 0 { // at or past the end of the line
		caret = len(cells)
	}
	if caretEnd <= caret {
		caretEnd = caret + 1
	}
	n := caretEnd - caret
	if len(cells) <= maxShown {
		return string(cells), caret, n
	}
	// Cut a window that keeps the caret about a third from the left.
	start := max(0, caret-maxShown/3)
	end := min(len(cells), start+maxShown)
	start = max(0, end-maxShown)
	out := string(cells[start:end])
	at := caret - start
	if start > 0 {
		out = "…" + out
		at++
	}
	if end < len(cells) {
		out += "…"
	}
	n = min(n, end-caret)
	return out, at, max(n, 1)
}

// splitLines splits text at '\n', dropping a '\r' before it.
func splitLines(text string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}
