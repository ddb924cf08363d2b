package interp

import (
	"path/filepath"
	"strings"
	"testing"
)

// addSeeds seeds a fuzz target with every strategy in testdata: the golden files'
// sources and the sample strategies.
func addSeeds(f *testing.F, add func(src string)) {
	for _, pattern := range []string{"testdata/parse/*.txtar", "testdata/run/*.txtar"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			add(parseArchive(readFile(f, file)).files["src"])
		}
	}
	files, _ := filepath.Glob("testdata/strategies/*.kombat")
	for _, file := range files {
		add(readFile(f, file))
	}
}

// FuzzCompile checks that no input panics the compiler, every diagnostic points
// inside the text, and at most MaxErrors errors are listed.
func FuzzCompile(f *testing.F) {
	addSeeds(f, func(src string) { f.Add(src) })
	lang := mustLang(f, kombatDef())
	f.Fuzz(func(t *testing.T, src string) {
		prog, err := Compile(lang, "fuzz", src)
		var ds Diagnostics
		if err != nil {
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error of type %T", err)
			}
			if strings.Contains(e.Error(), "internal error") {
				t.Fatalf("compiler panicked: %v", e)
			}
			if len(e.Diags.Errors()) == 0 || len(e.Diags.Errors()) > MaxErrors {
				t.Fatalf("%d errors listed", len(e.Diags.Errors()))
			}
			ds = e.Diags
			_ = e.Format()
		} else {
			ds = prog.Warnings()
		}
		checkPositions(t, src, ds)
	})
}

// fuzzHost answers from a seeded generator, and refuses a command now and then.
type fuzzHost struct{ rng uint64 }

func (h *fuzzHost) next() int64 {
	h.rng ^= h.rng << 13
	h.rng ^= h.rng >> 7
	h.rng ^= h.rng << 17
	return int64(h.rng%2001) - 1000
}
func (h *fuzzHost) Special(int) int64         { return h.next() }
func (h *fuzzHost) Info(int, []int64) int64   { return h.next() }
func (h *fuzzHost) Command(int, []int64) bool { return h.next() > -900 }

// FuzzRun compiles and runs arbitrary strategies against a random host: no panic, no
// run over its step limit, and the same inputs give the same run.
func FuzzRun(f *testing.F) {
	addSeeds(f, func(src string) { f.Add(src, uint64(1), uint16(1000)) })
	lang := mustLang(f, kombatDef())
	f.Fuzz(func(t *testing.T, src string, seed uint64, limit uint16) {
		prog, err := Compile(lang, "fuzz", src)
		if err != nil {
			return
		}
		run := func(tr *Trace) (Result, []int64) {
			m := Machine{Trace: tr}
			f := Frame{Locals: make([]int64, len(prog.Locals())), Globals: make([]int64, len(prog.Globals()))}
			h := &fuzzHost{rng: seed | 1}
			var r Result
			for i := 0; i < 3; i++ {
				r = m.Run(prog, h, f, int64(limit))
				if r.Steps > int64(limit) {
					t.Fatalf("run used %d steps, limit %d", r.Steps, limit)
				}
			}
			return r, append(f.Locals, f.Globals...)
		}
		r1, v1 := run(nil)
		tr := &Trace{Max: 100}
		r2, v2 := run(tr)
		if r1 != r2 || len(v1) != len(v2) {
			t.Fatalf("runs differ: %+v and %+v (traced)", r1, r2)
		}
		for i := range v1 {
			if v1[i] != v2[i] {
				t.Fatalf("variables differ: %v and %v (traced)", v1, v2)
			}
		}
		_ = tr.Format(lang)
	})
}
