package interp

import "testing"

// The workloads of issue 2, measured against the best embeddable Go interpreters on the
// same work (W1 yaegi 1.6 ms, W2 expr 380 us, W3 gopher-lua 2.2 us, compile goja 165 us).

const w1 = `i = 0 s = 0 while (10000 - i) { s = s + (i * 7 + 3) % 11 - i / 3  i = i + 1 }`

// w2 reads Budget and calls nearby 1000 times, choosing the direction with an if/else
// chain on i % 6: KOMBAT has no way to pass a computed direction.
const w2 = `
i = 0
s = 0
while (1000 - i) {
  d = i % 6
  if (d - 4) then s = s + nearby upleft + Budget
  else if (d - 3) then s = s + nearby downleft + Budget
  else if (d - 2) then s = s + nearby down + Budget
  else if (d - 1) then s = s + nearby downright + Budget
  else if (d) then s = s + nearby upright + Budget
  else s = s + nearby up + Budget
  i = i + 1
}`

// benchHost is a cheap deterministic host: fixed Budget, no opponent in sight (so the
// sample strategy takes its random-walk branch), nearby from a counter, random from
// xorshift.
type benchHost struct {
	rng   uint64
	calls int64
}

func (h *benchHost) Special(id int) int64 {
	switch id {
	case 2: // Budget
		return 5000
	case 6: // random
		h.rng ^= h.rng << 13
		h.rng ^= h.rng >> 7
		h.rng ^= h.rng << 17
		return int64(h.rng % 1000)
	}
	return 1
}

func (h *benchHost) Info(id int, args []int64) int64 {
	if id == 2 { // nearby
		h.calls++
		return h.calls % 3
	}
	return 0
}

func (h *benchHost) Command(id int, args []int64) bool { return true }

func benchRun(b *testing.B, src string, limit int64) {
	l := mustLang(b, kombatDef())
	p, err := Compile(l, "bench", src)
	if err != nil {
		b.Fatal(err)
	}
	var m Machine
	h := &benchHost{rng: 88172645463325252}
	f := Frame{Locals: make([]int64, len(p.Locals())), Globals: make([]int64, len(p.Globals()))}
	var r Result
	b.ReportAllocs()
	for b.Loop() {
		r = m.Run(p, h, f, limit)
	}
	if r.End != EndProgram {
		b.Fatalf("run ended with %v at %v", r.End, r.Pos)
	}
	b.ReportMetric(float64(r.Steps), "steps/op")
}

func BenchmarkW1Arith(b *testing.B) { benchRun(b, w1, 1<<40) }

func BenchmarkW2Host(b *testing.B) { benchRun(b, w2, 1<<40) }

// BenchmarkW3Sample runs the corrected sample strategy 1000 times per op, its
// variables persisting from run to run as a minion's do across turns; ns/run is the
// figure to compare.
func BenchmarkW3Sample(b *testing.B) {
	l := mustLang(b, kombatDef())
	p, err := Compile(l, "sample", readFile(b, "testdata/strategies/sample.kombat"))
	if err != nil {
		b.Fatal(err)
	}
	var m Machine
	f := Frame{Locals: make([]int64, len(p.Locals()))}
	var steps int64
	h := &benchHost{}
	b.ReportAllocs()
	for b.Loop() {
		*h = benchHost{rng: 88172645463325252}
		clear(f.Locals)
		steps = 0
		for range 1000 {
			steps += m.Run(p, h, f, 1000000).Steps
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/run")
	b.ReportMetric(float64(steps)/1000, "steps/run")
}

func BenchmarkCompileSample(b *testing.B) {
	l := mustLang(b, kombatDef())
	src := readFile(b, "testdata/strategies/sample.kombat")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile(l, "sample.kombat", src); err != nil {
			b.Fatal(err)
		}
	}
}
