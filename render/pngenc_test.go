package render

import (
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdler checks the encoder's Adler-32 against hash/adler32's, on lengths around
// its step and its overflow bound, and its joining of two parts' sums.
func TestAdler(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 8, 9, 5551, 5552, 5553, 11104, 100_000} {
		p := make([]byte, n)
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		if n > 50_000 {
			for i := range p[:n/2] {
				p[i] = 0xff // the largest sums
			}
		}
		if got, want := adler(p), adler32.Checksum(p); got != want {
			t.Errorf("%d bytes: %08x, want %08x", n, got, want)
		}
		cut := n / 3
		if got, want := adlerCombine(adler(p[:cut]), adler(p[cut:]), n-cut), adler32.Checksum(p); got != want {
			t.Errorf("%d bytes joined at %d: %08x, want %08x", n, cut, got, want)
		}
	}
}
