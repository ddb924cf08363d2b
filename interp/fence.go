package interp

import "strings"

// codeRegion finds the strategy inside text as players paste it in chat: the contents
// of a Markdown code fence (``` or ```kombat, text around it allowed), or the whole
// text when it has no fence. It returns byte offsets into text, so positions keep the
// original line numbers. With several fences, the first one tagged with tag (compared
// ignoring case) wins, else the first one. An unclosed fence runs to the end of the text.
func codeRegion(text, tag string) (start, end int) {
	first := -1
	var firstEnd int
	for off := 0; ; {
		i := strings.Index(text[off:], "```")
		if i < 0 {
			break
		}
		open := off + i + 3
		// Chat Markdown takes a word right after the ticks as the language only when the
		// line ends there; otherwise the code starts right after the ticks.
		body := open
		lang := ""
		if nl := strings.IndexByte(text[open:], '\n'); nl >= 0 {
			if rest := strings.TrimRight(text[open:open+nl], " \t\r"); isTag(rest) {
				body, lang = open+nl+1, rest
			}
		}
		closeAt := strings.Index(text[body:], "```")
		bodyEnd := len(text)
		if closeAt >= 0 {
			bodyEnd = body + closeAt
		}
		if tag != "" && strings.EqualFold(lang, tag) {
			return body, bodyEnd
		}
		if first < 0 {
			first, firstEnd = body, bodyEnd
		}
		if closeAt < 0 {
			break
		}
		off = bodyEnd + 3
	}
	if first < 0 {
		return 0, len(text)
	}
	return first, firstEnd
}

// isTag reports whether s can be a code fence's language tag (possibly empty).
func isTag(s string) bool {
	for _, r := range s {
		if !isLetter(r) && !isDigit(r) && r != '+' && r != '-' && r != '_' && r != '#' && r != '.' {
			return false
		}
	}
	return true
}

// Extract returns the strategy code inside pasted text (see Compile for the rules) and
// the 1-based line on which it starts in text.
func Extract(text, tag string) (code string, line int) {
	start, end := codeRegion(text, tag)
	return text[start:end], 1 + strings.Count(text[:start], "\n")
}
