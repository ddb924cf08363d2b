package host

import (
	"fmt"
	"strings"
)

// diffContext is how many unchanged lines are shown around each change.
const diffContext = 2

// maxDiffCells bounds the LCS table (lines of one side times the other): past it the
// changed middle is shown as all removed then all added, which is still correct.
const maxDiffCells = 1 << 20

// lineDiff shows how text b differs from text a, line by line: "-" for removed lines,
// "+" for added ones, a few unchanged lines around each change, and "@@ a,b @@" with the
// line numbers where a hunk starts. Empty when the texts have the same lines.
func lineDiff(a, b string) string {
	x, y := splitLines(a), splitLines(b)
	// Trim what is common at both ends; the LCS is needed only for the middle.
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	type op struct {
		kind byte // ' ', '-', '+'
		text string
		ai   int // 1-based line in a (for ' ' and '-')
		bi   int // 1-based line in b (for ' ' and '+')
	}
	var ops []op
	for i := 0; i < pre; i++ {
		ops = append(ops, op{' ', x[i], i + 1, i + 1})
	}
	mx, my := x[pre:len(x)-suf], y[pre:len(y)-suf]
	if len(mx)*len(my) <= maxDiffCells {
		// lcs[i][j] is the LCS length of mx[i:] and my[j:].
		lcs := make([][]int, len(mx)+1)
		for i := range lcs {
			lcs[i] = make([]int, len(my)+1)
		}
		for i := len(mx) - 1; i >= 0; i-- {
			for j := len(my) - 1; j >= 0; j-- {
				if mx[i] == my[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(mx) || j < len(my) {
			switch {
			case i < len(mx) && j < len(my) && mx[i] == my[j]:
				ops = append(ops, op{' ', mx[i], pre + i + 1, pre + j + 1})
				i, j = i+1, j+1
			case i < len(mx) && (j == len(my) || lcs[i+1][j] >= lcs[i][j+1]):
				ops = append(ops, op{'-', mx[i], pre + i + 1, 0})
				i++
			default:
				ops = append(ops, op{'+', my[j], 0, pre + j + 1})
				j++
			}
		}
	} else {
		for i, l := range mx {
			ops = append(ops, op{'-', l, pre + i + 1, 0})
		}
		for j, l := range my {
			ops = append(ops, op{'+', l, 0, pre + j + 1})
		}
	}
	for i := 0; i < suf; i++ {
		ops = append(ops, op{' ', x[len(x)-suf+i], len(x) - suf + i + 1, len(y) - suf + i + 1})
	}
	// Keep changes and the context around them.
	keep := make([]bool, len(ops))
	changed := false
	for i, o := range ops {
		if o.kind != ' ' {
			changed = true
			for k := max(0, i-diffContext); k <= min(len(ops)-1, i+diffContext); k++ {
				keep[k] = true
			}
		}
	}
	if !changed {
		return ""
	}
	var sb strings.Builder
	for i, o := range ops {
		if !keep[i] {
			continue
		}
		if i == 0 || !keep[i-1] {
			ai, bi := o.ai, o.bi
			for k := i; ai == 0 || bi == 0; k++ { // the first line numbers of the hunk
				if ai == 0 && ops[k].ai != 0 {
					ai = ops[k].ai
				}
				if bi == 0 && ops[k].bi != 0 {
					bi = ops[k].bi
				}
				if k == len(ops)-1 {
					break
				}
			}
			fmt.Fprintf(&sb, "@@ %d,%d @@\n", ai, bi)
		}
		sb.WriteByte(o.kind)
		sb.WriteString(o.text)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// splitLines splits a text into lines without their line ends (CRLF accepted).
func splitLines(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
