package view

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

func compileError(t testing.TB, src string) *interp.Error {
	t.Helper()
	_, err := interp.Compile(game.NewLanguage(), "s.kombat", src)
	var e *interp.Error
	if !errors.As(err, &e) {
		t.Fatalf("%q: error %v, want *interp.Error", src, err)
	}
	return e
}

func TestFencedReport(t *testing.T) {
	// Many errors with long lines: the report must fit a message.
	long := strings.Repeat("x", 300)
	var b strings.Builder
	for i := 0; i < 40; i++ {
		b.WriteString(long + " = (\n")
	}
	e := compileError(t, b.String())
	msg := FencedReport(e.Name, e.Text, e.Diags, e.Omitted, ContentLimit)
	if n := utf8.RuneCountInString(msg); n > ContentLimit {
		t.Errorf("message has %d characters, limit %d", n, ContentLimit)
	}
	if !strings.HasPrefix(msg, "```\n") || !strings.HasSuffix(msg, "```") || strings.Count(msg, "```") != 2 {
		t.Errorf("not one code block:\n%s", msg)
	}
	if !strings.Contains(msg, "... and ") {
		t.Errorf("does not say how many were left out:\n%s", msg)
	}
	// Everything fits: no "more" line.
	small := compileError(t, "move right")
	if msg := FencedReport(small.Name, small.Text, small.Diags, 0, ContentLimit); strings.Contains(msg, "more") || !strings.Contains(msg, "did you mean 'upright'?") {
		t.Errorf("small report:\n%s", msg)
	}
	// Source text containing a fence cannot close the block early.
	fenced := compileError(t, "```kombat\nmove right ```")
	if msg := FencedReport(fenced.Name, fenced.Text, fenced.Diags, 0, ContentLimit); strings.Count(msg, "```") != 2 {
		t.Errorf("a fence in the source broke the code block:\n%s", msg)
	}
	// A tiny limit still gives a well-formed message.
	if msg := FencedReport(e.Name, e.Text, e.Diags, e.Omitted, 200); utf8.RuneCountInString(msg) > 200 || strings.Count(msg, "```") != 2 {
		t.Errorf("limit 200:\n%s", msg)
	}
}

// FuzzFencedReport checks that any strategy's report is one code block within the limit.
// Limits start at 64: below that, "... and N more" and the fences alone may not fit, and
// callers keep far more than that for it.
func FuzzFencedReport(f *testing.F) {
	for _, src := range []string{
		"move right",
		"```kombat\nmove right ```",
		"while (1) {\n  move up\n",
		strings.Repeat("x = (\n", 30),
		strings.Repeat(strings.Repeat("y", 300)+" = (\n", 40),
	} {
		f.Add(src, uint16(ContentLimit))
		f.Add(src, uint16(0))
	}
	lang := game.NewLanguage()
	f.Fuzz(func(t *testing.T, src string, l uint16) {
		limit := 64 + int(l)%(ContentLimit-63)
		_, err := interp.Compile(lang, "fuzz", src)
		var e *interp.Error
		if !errors.As(err, &e) {
			return
		}
		msg := FencedReport("fuzz", src, e.Diags, e.Omitted, limit)
		if n := utf8.RuneCountInString(msg); n > limit {
			t.Fatalf("report of %d characters, limit %d:\n%s", n, limit, msg)
		}
		if !strings.HasPrefix(msg, "```\n") || !strings.HasSuffix(msg, "```") || strings.Count(msg, "```") != 2 {
			t.Fatalf("not one code block:\n%s", msg)
		}
	})
}
