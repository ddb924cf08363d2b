package view

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
)

// FencedReport formats a strategy's diagnostics for a message: interp's report inside a
// code block, since carets only line up in a fixed-width font, cut between diagnostics
// to fit within limit characters (leave room for the caller's own words), and ending
// with "... and N more" when some were left out, N counting omitted errors too.
func FencedReport(name, text string, ds interp.Diagnostics, omitted, limit int) string {
	const openFence, closeFence = "```\n", "```"
	var out strings.Builder
	out.WriteString(openFence)
	used := len([]rune(openFence)) + len([]rune(closeFence))
	parts := interp.ReportParts(name, text, ds)
	for i, part := range parts {
		part = defuseFences(part)
		rest := len(parts) - i + omitted
		more := fmt.Sprintf("... and %d more\n", rest)
		footer := 0
		if i < len(parts)-1 || omitted > 0 {
			footer = len([]rune(fmt.Sprintf("... and %d more\n", rest-1)))
		}
		if used+len([]rune(part))+footer > limit {
			if i == 0 {
				// Even one diagnostic is too long: give its first line only.
				first := strings.SplitAfterN(part, "\n", 2)[0]
				first = string(truncRunes([]rune(first), limit-used-len([]rune(more))-2)) + "\n"
				out.WriteString(first)
				used += len([]rune(first))
				rest--
				more = fmt.Sprintf("... and %d more\n", rest)
				if rest == 0 {
					more = ""
				}
			}
			out.WriteString(more)
			out.WriteString(closeFence)
			return out.String()
		}
		out.WriteString(part)
		used += len([]rune(part))
	}
	if omitted > 0 {
		out.WriteString(fmt.Sprintf("... and %d more\n", omitted))
	}
	out.WriteString(closeFence)
	return out.String()
}

// Refused words why host turned a strategy down: a refusal's own message, or head
// followed by the diagnostics of a strategy that does not compile, cut to fit within
// limit characters. ok is false for any other error, an internal one.
func Refused(err error, head string, limit int) (msg string, ok bool) {
	var no *host.Refusal
	if errors.As(err, &no) {
		return RefusalText(no), true
	}
	var cerr *interp.Error
	if errors.As(err, &cerr) {
		return head + FencedReport(cerr.Name, cerr.Text, cerr.Diags, cerr.Omitted, limit), true
	}
	return "", false
}

// defuseFences keeps a source line's backticks from closing the message's code block:
// a zero-width space goes between backticks until no three are in a row. Replacing
// each fence once was not enough: a run of five backticks kept one (FuzzFencedReport).
func defuseFences(s string) string {
	for strings.Contains(s, "```") {
		s = strings.ReplaceAll(s, "``", "`\u200b`")
	}
	return s
}

// truncRunes cuts r to at most n runes, n below 0 counting as 0.
func truncRunes(r []rune, n int) []rune {
	if n < 0 {
		n = 0
	}
	if len(r) > n {
		return r[:n]
	}
	return r
}
