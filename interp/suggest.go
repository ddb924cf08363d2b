package interp

import (
	"sort"
	"strings"
)

// editDistance is the optimal-string-alignment distance between a and b: insertions,
// deletions, substitutions and transpositions of neighbours each cost 1, so "whlie" is
// one edit from "while".
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		// Names this long are never typos of a short word; keep the work bounded.
		return max(len(ra), len(rb))
	}
	// Three rows: two back for transpositions.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// closeEnough is the largest edit distance still taken for a typo of a word of n runes.
func closeEnough(n int) int {
	switch {
	case n <= 2:
		return 0
	case n <= 4:
		return 1
	default:
		return 2
	}
}

// Suggest returns the candidate nearest to s within typo distance (one edit for short
// words, two for longer ones; swapping two neighbours is one edit), or "". Ties go to
// the earlier candidate. Hosts use it for their own did-you-mean messages.
func Suggest(s string, candidates []string) string { return suggest(s, candidates) }

func suggest(s string, candidates []string) string {
	best, bestD := "", closeEnough(len([]rune(s)))+1
	for _, c := range candidates {
		if c == s {
			continue
		}
		if d := editDistance(s, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// byDistance returns candidates ordered nearest to s first (stable for ties).
func byDistance(s string, candidates []string) []string {
	out := append([]string(nil), candidates...)
	d := make(map[string]int, len(out))
	for _, c := range out {
		d[c] = editDistance(s, c)
	}
	sort.SliceStable(out, func(i, j int) bool { return d[out[i]] < d[out[j]] })
	return out
}

// quoteList formats words as 'a', 'b' or 'c'.
func quoteList(words []string, conj string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + w + "'"
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " " + conj + " " + q[len(q)-1]
}
