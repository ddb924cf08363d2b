package interp

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// runVars compiles src for KOMBAT, runs it once with h and returns the result and the
// variables afterwards by name.
func runVars(t *testing.T, src string, h Host, limit int64) (Result, map[string]int64) {
	t.Helper()
	p, err := Compile(mustLang(t, kombatDef()), "test", src)
	if err != nil {
		t.Fatalf("%q does not compile:\n%s", src, err.(*Error).Format())
	}
	f := Frame{Locals: make([]int64, len(p.Locals())), Globals: make([]int64, len(p.Globals()))}
	var m Machine
	r := m.Run(p, h, f, limit)
	vars := map[string]int64{}
	for i, n := range p.Locals() {
		vars[n] = f.Locals[i]
	}
	for i, n := range p.Globals() {
		vars[n] = f.Globals[i]
	}
	return r, vars
}

func TestArith_R12(t *testing.T) {
	tests := []struct {
		expr string
		want int64
	}{
		{"1 + 2 * 3", 7},
		{"(1 + 2) * 3", 9},
		{"10 - 3 - 2", 5}, // left-associative
		{"100 / 10 / 5", 2},
		{"7 % 4 * 3", 9},
		{"7 / 2", 3},
		{"(0 - 7) / 2", -3}, // truncation toward zero
		{"(0 - 7) % 2", -1}, // the remainder takes the dividend's sign
		{"7 % (0 - 2)", 1},
		{"9223372036854775807 + 1", math.MinInt64}, // wraparound
		{"0 - 9223372036854775807 - 2", math.MaxInt64},
		{"9223372036854775807 * 2", -2},
		{"(0 - 9223372036854775807 - 1) / (0 - 1)", math.MinInt64},
		{"(0 - 9223372036854775807 - 1) % (0 - 1)", 0},
		{"0", 0},
		{"9223372036854775807", math.MaxInt64},
	}
	for _, tc := range tests {
		r, vars := runVars(t, "x = "+tc.expr, &stubHost{}, 1000)
		if r.End != EndProgram || vars["x"] != tc.want {
			t.Errorf("x = %s: got %d (%v), want %d", tc.expr, vars["x"], r.End, tc.want)
		}
	}
}

func TestDivisionByZero_R12(t *testing.T) {
	for _, src := range []string{"x = 1 / 0", "x = 1 % 0", "x = 0 ^ (0 - 1)", "x = 5 / (3 - 3) + random"} {
		h := &stubHost{}
		r, vars := runVars(t, src+"\nmove up", h, 1000)
		if r.End != EndDivZero || vars["x"] != 0 || h.commands != 0 {
			t.Errorf("%q: end %v, x = %d, %d commands; want div0, x unchanged, no command", src, r.End, vars["x"], h.commands)
		}
		if r.Pos.Line != 1 {
			t.Errorf("%q: ended at %v, want line 1", src, r.Pos)
		}
	}
}

// TestPow_R13 checks ^ against exact big-integer powers reduced modulo 2^64.
func TestPow_R13(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	ref := func(a, n int64) int64 {
		v := new(big.Int).Exp(big.NewInt(a), big.NewInt(n), mod) // in [0, 2^64)
		return int64(v.Uint64())
	}
	rng := rand.New(rand.NewPCG(1, 2))
	cases := [][2]int64{{0, 0}, {0, 5}, {2, 62}, {2, 63}, {2, 64}, {-2, 63}, {3, 40}, {-3, 41}, {7, math.MaxInt64}, {math.MinInt64, 1}, {math.MinInt64, 2}}
	for i := 0; i < 500; i++ {
		cases = append(cases, [2]int64{rng.Int64N(2001) - 1000, rng.Int64N(300)}, [2]int64{int64(rng.Uint64()), rng.Int64N(math.MaxInt64)})
	}
	for _, c := range cases {
		got, ok := pow(c[0], c[1])
		if want := ref(c[0], c[1]); !ok || got != want {
			t.Errorf("%d ^ %d = %d (ok %v), want %d", c[0], c[1], got, ok, want)
		}
	}
	// Negative exponents.
	neg := []struct {
		a, n, want int64
		ok         bool
	}{
		{1, -1, 1, true}, {1, math.MinInt64, 1, true},
		{-1, -1, -1, true}, {-1, -2, 1, true}, {-1, math.MinInt64, 1, true}, {-1, -9, -1, true},
		{0, -1, 0, false}, {0, math.MinInt64, 0, false},
		{2, -1, 0, true}, {-2, -3, 0, true}, {math.MaxInt64, -1, 0, true},
	}
	for _, c := range neg {
		if got, ok := pow(c.a, c.n); got != c.want || ok != c.ok {
			t.Errorf("%d ^ %d = %d (ok %v), want %d (ok %v)", c.a, c.n, got, ok, c.want, c.ok)
		}
	}
	// Right-associative and tighter than *.
	if _, vars := runVars(t, "x = 2 ^ 3 ^ 2\ny = 2 * 3 ^ 2\nz = (2 ^ 3) ^ 2", &stubHost{}, 1000); vars["x"] != 512 || vars["y"] != 18 || vars["z"] != 64 {
		t.Errorf("x, y, z = %d, %d, %d; want 512, 18, 64", vars["x"], vars["y"], vars["z"])
	}
}

func TestDone_R14(t *testing.T) {
	h := &stubHost{}
	r, vars := runVars(t, "x = 1 done x = 2 move up", h, 1000)
	if r.End != EndDone || vars["x"] != 1 || h.commands != 0 || r.Pos != (Pos{1, 7}) {
		t.Errorf("got %+v, x = %d, %d commands", r, vars["x"], h.commands)
	}
}

// countingHost counts reads of random, to see which conditions were evaluated.
type countingHost struct{ randoms int }

func (h *countingHost) Special(int) int64 {
	h.randoms++
	return 1
}
func (h *countingHost) Info(int, []int64) int64 { return 0 }
func (h *countingHost) Command(int, []int64) bool {
	return true
}

func TestLoop_R15(t *testing.T) {
	// Each execution of a while stops after 10000 iterations; the 10001st test of the
	// condition is not evaluated (the guard is "counter < 10000 && e > 0").
	h := &countingHost{}
	r, vars := runVars(t, "while (random) i = i + 1", h, 1<<40)
	if r.End != EndProgram || vars["i"] != 10000 || h.randoms != 10000 {
		t.Errorf("end %v, i = %d, condition evaluated %d times; want 10000 and 10000", r.End, vars["i"], h.randoms)
	}
	// The count starts again each time the statement is reached.
	_, vars = runVars(t, "while (3 - o) { o = o + 1 while (1) n = n + 1 }", &stubHost{}, 1<<40)
	if vars["n"] != 30000 {
		t.Errorf("n = %d, want 30000", vars["n"])
	}
	// True means > 0.
	_, vars = runVars(t, "while (0) a = 1\nwhile (0 - 5) b = 1\nwhile (1 - c) c = c + 1", &stubHost{}, 1000)
	if vars["a"] != 0 || vars["b"] != 0 || vars["c"] != 1 {
		t.Errorf("a, b, c = %d, %d, %d; want 0, 0, 1", vars["a"], vars["b"], vars["c"])
	}
}

func TestIfBranches(t *testing.T) {
	for cond, want := range map[string]int64{"1": 1, "0": 2, "0 - 1": 2, "9223372036854775807": 1, "5 - 5": 2, "5 - 4": 1} {
		if _, vars := runVars(t, fmt.Sprintf("if (%s) then x = 1 else x = 2", cond), &stubHost{}, 100); vars["x"] != want {
			t.Errorf("if (%s): x = %d, want %d", cond, vars["x"], want)
		}
	}
}

func TestHostStop_R16(t *testing.T) {
	h := &stubHost{stopAt: 3}
	r, _ := runVars(t, "move up shoot up 5 move down move down", h, 1000)
	if r.End != EndHost || h.commands != 3 || r.Pos != (Pos{1, 20}) {
		t.Errorf("got %+v after %d commands; want host stop at the third (1:20)", r, h.commands)
	}
}

func TestVariables_R20(t *testing.T) {
	lang := mustLang(t, kombatDef())
	// Assigning to a special creates no variable and does nothing.
	p, err := Compile(lang, "a", "Budget = 5 x = Budget")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Locals(); len(got) != 1 || got[0] != "x" || len(p.Globals()) != 0 {
		t.Errorf("locals %v globals %v; want [x] []", got, p.Globals())
	}
	// Uppercase names are shared by all programs of a player, through GlobalIndex.
	a, _ := Compile(lang, "a", "Count = Count + 1 Other = 7 mine = mine + 1")
	b, _ := Compile(lang, "b", "Seen = Count * 10 + Other mine = mine + 100")
	if len(a.Globals()) != 2 || len(b.Globals()) != 3 {
		t.Fatalf("globals a %v b %v", a.Globals(), b.Globals())
	}
	names := []string{"Seen", "Other", "Count"} // the player's own layout
	index := func(p *Program) []int {
		var idx []int
		for _, g := range p.Globals() {
			for i, n := range names {
				if n == g {
					idx = append(idx, i)
				}
			}
		}
		return idx
	}
	shared := make([]int64, len(names))
	localsA, localsB := make([]int64, 1), make([]int64, 1)
	var m Machine
	for turn := 0; turn < 3; turn++ {
		m.Run(a, &stubHost{}, Frame{Locals: localsA, Globals: shared, GlobalIndex: index(a)}, 1000)
		m.Run(b, &stubHost{}, Frame{Locals: localsB, Globals: shared, GlobalIndex: index(b)}, 1000)
	}
	if shared[2] != 3 || shared[0] != 37 || localsA[0] != 3 || localsB[0] != 300 {
		t.Errorf("shared %v, locals %d %d; want Count 3, Seen 37, mine 3 and 300", shared, localsA[0], localsB[0])
	}
}

func TestFrameMismatchPanics(t *testing.T) {
	p, _ := Compile(mustLang(t, kombatDef()), "a", "x = 1")
	defer func() {
		if recover() == nil {
			t.Error("a frame without room for x did not panic")
		}
	}()
	var m Machine
	m.Run(p, &stubHost{}, Frame{}, 10)
}

// TestSteps_R21 runs programs under every limit up to their full cost: a run never
// uses more steps than its limit, ends by the step limit exactly when the limit is
// below the full cost, and does no more host work with fewer steps.
func TestSteps_R21(t *testing.T) {
	progs := []string{
		"x = 1 + 2 * 3",
		"move up shoot down 3 x = nearby up move down",
		"while (5 - i) { i = i + 1 move up }",
		"if (1) then {} else {} {} { {} } done",
		readFile(t, "testdata/strategies/sample.kombat"),
	}
	for _, src := range progs {
		full, _ := runVars(t, src, &stubHost{}, 1<<40)
		if full.End == EndSteps {
			t.Fatalf("%.20q: ran out of a huge limit", src)
		}
		prevCommands := -1
		for limit := int64(0); limit <= full.Steps; limit++ {
			h := &stubHost{}
			r, _ := runVars(t, src, h, limit)
			if r.Steps > limit {
				t.Errorf("%.20q limit %d: used %d steps", src, limit, r.Steps)
			}
			if (r.End == EndSteps) != (limit < full.Steps) {
				t.Errorf("%.20q limit %d: ended %v after %d steps; full run takes %d", src, limit, r.End, r.Steps, full.Steps)
			}
			if h.commands < prevCommands {
				t.Errorf("%.20q limit %d: %d commands, fewer than with a smaller limit", src, limit, h.commands)
			}
			prevCommands = h.commands
		}
	}
	// A zero limit runs nothing.
	h := &stubHost{}
	if r, _ := runVars(t, "move up", h, 0); r.End != EndSteps || h.commands != 0 || r.Steps != 0 {
		t.Errorf("limit 0: %+v, %d commands", r, h.commands)
	}
	// The result names the loop the limit was hit in.
	r, _ := runVars(t, "x = 1\nwhile (1) {\n  while (1) y = y + 1\n}", &stubHost{}, 500)
	if r.End != EndSteps || r.Loop != (Pos{3, 3}) {
		t.Errorf("got %+v, want steps in the loop at 3:3", r)
	}
}

// TestHostile_R22 feeds the limits of R22 and shapes that could exhaust a naive
// recursive parser or compiler.
func TestHostile_R22(t *testing.T) {
	lang := mustLang(t, kombatDef())
	compileErr := func(src string) *Error {
		t.Helper()
		_, err := Compile(lang, "h", src)
		if err == nil {
			return nil
		}
		e, ok := err.(*Error)
		if !ok {
			t.Fatalf("error %T, want *Error", err)
		}
		return e
	}
	pad := func(n int) string { // a valid strategy of exactly n bytes
		s := "x = 1\n"
		return s + strings.Repeat("#", n-len(s)-1) + "\n"
	}
	if e := compileErr(pad(MaxSourceBytes)); e != nil {
		t.Errorf("a strategy of exactly 16 KiB was refused: %v", e)
	}
	e := compileErr(pad(MaxSourceBytes + 1))
	if e == nil || !strings.Contains(e.Error(), "strategy too long: 16385 bytes") {
		t.Errorf("a strategy of 16 KiB + 1 byte: %v", e)
	}
	// The limit counts the code inside a fence, not the chat message around it.
	if e := compileErr(strings.Repeat("chat ", 5000) + "\n```\nmove up\n```\n"); e != nil {
		t.Errorf("a small fenced strategy in a long message was refused: %v", e)
	}

	nested := map[string]func(n int) string{
		"blocks":      func(n int) string { return strings.Repeat("{", n) + "done" + strings.Repeat("}", n) },
		"parentheses": func(n int) string { return "x = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) },
		"whiles":      func(n int) string { return strings.Repeat("while (1) ", n) + "done" },
		"ifs": func(n int) string {
			return strings.Repeat("if (1) then ", n) + "done" + strings.Repeat(" else done", n)
		},
		"powers": func(n int) string { return "x = 2" + strings.Repeat(" ^ 2", n) },
	}
	for name, gen := range nested {
		if e := compileErr(gen(MaxNesting)); e != nil {
			t.Errorf("%d nested %s refused: %v", MaxNesting, name, e)
		}
		e := compileErr(gen(MaxNesting + 1))
		if e == nil || !strings.Contains(e.Error(), "nesting too deep") {
			t.Errorf("%d nested %s: %v", MaxNesting+1, name, e)
		}
		if e := compileErr(gen(100000)); e == nil || len(e.Diags) != 1 {
			t.Errorf("100000 nested %s: %v", name, e)
		}
	}

	// Long flat shapes are not nesting: they compile and run.
	long := "x = 1" + strings.Repeat("+1", (MaxSourceBytes-10)/2)
	r, vars := runVars(t, long, &stubHost{}, 1<<40)
	if r.End != EndProgram || vars["x"] != int64((MaxSourceBytes-10)/2+1) {
		t.Errorf("long sum: %+v x = %d", r, vars["x"])
	}
	var b strings.Builder
	for i := 0; b.Len() < MaxSourceBytes-20; i++ {
		fmt.Fprintf(&b, "v%d=%d\n", i, i)
	}
	if _, err := Compile(lang, "vars", b.String()); err != nil {
		t.Errorf("thousands of variables: %v", err)
	}
	// Nested loops would run 10000^100 iterations; the step limit stops them.
	r, _ = runVars(t, strings.Repeat("while (1) ", 100)+"x = x + 1", &stubHost{}, 1000000)
	if r.End != EndSteps || r.Steps > 1000000 {
		t.Errorf("nested loops: %+v", r)
	}
	// Binary garbage gives errors, at most MaxErrors of them.
	junk := make([]byte, 4000)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range junk {
		junk[i] = byte(rng.UintN(256))
	}
	if e := compileErr(string(junk)); e == nil || len(e.Diags.Errors()) > MaxErrors {
		t.Errorf("binary junk: %v", e)
	}
}

// TestRunAllocs checks that runs allocate nothing once the machine has its registers,
// with and without host calls.
func TestRunAllocs(t *testing.T) {
	lang := mustLang(t, kombatDef())
	for _, src := range []string{w1, w2, readFile(t, "testdata/strategies/sample.kombat")} {
		p, err := Compile(lang, "a", src)
		if err != nil {
			t.Fatal(err)
		}
		var m Machine
		h := &benchHost{rng: 1}
		f := Frame{Locals: make([]int64, len(p.Locals())), Globals: make([]int64, len(p.Globals()))}
		m.Run(p, h, f, 1<<40)
		if n := testing.AllocsPerRun(20, func() { m.Run(p, h, f, 1<<40) }); n != 0 {
			t.Errorf("%.30q: %v allocations per run", src, n)
		}
	}
}

// TestTraceChangesNothing runs the same program with and without a trace.
func TestTraceChangesNothing(t *testing.T) {
	lang := mustLang(t, kombatDef())
	p, _ := Compile(lang, "s", readFile(t, "testdata/strategies/sample.kombat"))
	run := func(tr *Trace) (Result, []int64, uint64) {
		m := Machine{Trace: tr}
		h := &benchHost{rng: 99}
		f := Frame{Locals: make([]int64, len(p.Locals()))}
		var r Result
		for i := 0; i < 5; i++ {
			r = m.Run(p, h, f, 5000)
		}
		return r, f.Locals, h.rng
	}
	r1, v1, g1 := run(nil)
	tr := &Trace{Max: 50}
	r2, v2, g2 := run(tr)
	if r1 != r2 || fmt.Sprint(v1) != fmt.Sprint(v2) || g1 != g2 {
		t.Errorf("with a trace: %+v %v %d; without: %+v %v %d", r2, v2, g2, r1, v1, g1)
	}
	if len(tr.Events) != 50+5 || tr.Dropped == 0 { // the cap, plus each run's end
		t.Errorf("trace kept %d events and dropped %d; want 55 and some", len(tr.Events), tr.Dropped)
	}
}
