package host

// Sample picks at most most of n steps, evenly spread, always the first and the last:
// all of them when n is at most most (a replay's animation frames).
func Sample(n, most int) []int {
	if most < 2 {
		most = 2
	}
	k := min(n, most)
	out := make([]int, k)
	for i := range out {
		out[i] = i
		if n > most {
			out[i] = i * (n - 1) / (most - 1)
		}
	}
	return out
}
