package interp

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ with the current output")

// archive is a txtar file: a comment, then sections "-- name --" with their text.
type archive struct {
	comment string
	names   []string
	files   map[string]string
}

func parseArchive(text string) *archive {
	a := &archive{files: map[string]string{}}
	cur := ""
	var b strings.Builder
	flush := func() {
		if cur == "" {
			a.comment = b.String()
		} else {
			a.files[cur] = b.String()
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(text, "\n") {
		if trimmed := strings.TrimSuffix(line, "\n"); strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			flush()
			cur = trimmed[3 : len(trimmed)-3]
			a.names = append(a.names, cur)
			continue
		}
		b.WriteString(line)
	}
	flush()
	return a
}

func (a *archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, n := range a.names {
		fmt.Fprintf(&b, "-- %s --\n", n)
		b.WriteString(a.files[n])
	}
	return b.String()
}

func (a *archive) set(name, text string) {
	if _, ok := a.files[name]; !ok {
		a.names = append(a.names, name)
	}
	a.files[name] = text
}

// golden runs f on each archive matching pattern and compares its result with the
// archive's "want" section (rewritten with -update).
func golden(t *testing.T, pattern string, f func(t *testing.T, a *archive) string) {
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files match %s", pattern)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			a := parseArchive(readFile(t, file))
			got := f(t, a)
			if *update {
				a.set("want", got)
				if err := os.WriteFile(file, []byte(a.format()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := a.files["want"]; got != want {
				t.Errorf("%s: output differs (run with -update after checking the new output)\n--- got ---\n%s--- want ---\n%s", file, got, want)
			}
		})
	}
}

// TestParseGolden compiles testdata/parse/*.txtar: a strategy that compiles gives its
// syntax tree and warnings, one that does not gives its errors as players see them.
func TestParseGolden(t *testing.T) {
	for _, def := range []Definition{kombatDef(), upbeatDef()} {
		lang := mustLang(t, def)
		golden(t, "testdata/parse/"+strings.ToLower(def.Name)+"_*.txtar", func(t *testing.T, a *archive) string {
			src, ok := a.files["src"]
			if !ok {
				t.Fatal("no src section")
			}
			prog, err := Compile(lang, "src", src)
			if err != nil {
				e, ok := err.(*Error)
				if !ok {
					t.Fatalf("Compile returned %T, want *Error", err)
				}
				checkPositions(t, src, e.Diags)
				return e.Format()
			}
			checkPositions(t, src, prog.Warnings())
			var ast []stmt
			var d Diagnostics
			start, end := codeRegion(src, strings.ToLower(def.Name))
			ast = parse(lang, src, start, end, &d)
			return "ok\n" + dump(ast) + Report("src", src, prog.Warnings(), 0)
		})
	}
}

// checkPositions asserts every diagnostic points inside the text: a line that exists
// and a column at most one past its end.
func checkPositions(t *testing.T, text string, ds Diagnostics) {
	t.Helper()
	lines := splitLines(text)
	check := func(p Pos, what string) {
		if p.Line < 1 || p.Line > len(lines) {
			t.Errorf("%s at %v: line outside 1..%d", what, p, len(lines))
			return
		}
		if n := len([]rune(lines[p.Line-1])); p.Col < 1 || p.Col > n+1 {
			t.Errorf("%s at %v: column outside 1..%d", what, p, n+1)
		}
	}
	for _, d := range ds {
		check(d.Pos, d.Msg)
		if d.Note != nil {
			check(d.Note.Pos, d.Note.Msg)
		}
	}
}

// scriptHost answers from a script (the "host" section of a run test):
//
//	NAME v1 v2 ...   a special or info expression returns these values in turn, the
//	                 last one repeating
//	stop N           the N-th command call (counting from 1, across runs) ends the run
//	limit N          the step limit (default 1000000)
//	runs N           how many times to run the program (variables persist)
//	trace N          keep at most N trace events per run (default 200)
type scriptHost struct {
	lang   *Language
	values map[string][]int64
	calls  int
	stop   int
	limit  int64
	runs   int
	trace  int
}

func newScriptHost(t *testing.T, lang *Language, script string) *scriptHost {
	h := &scriptHost{lang: lang, values: map[string][]int64{}, limit: 1000000, runs: 1, trace: 200}
	for _, line := range strings.Split(script, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		var nums []int64
		for _, s := range f[1:] {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				t.Fatalf("host script: %q: %v", line, err)
			}
			nums = append(nums, n)
		}
		switch f[0] {
		case "stop":
			h.stop = int(nums[0])
		case "limit":
			h.limit = nums[0]
		case "runs":
			h.runs = int(nums[0])
		case "trace":
			h.trace = int(nums[0])
		default:
			h.values[f[0]] = nums
		}
	}
	return h
}

func (h *scriptHost) next(name string) int64 {
	v := h.values[name]
	if len(v) == 0 {
		return 0
	}
	if len(v) > 1 {
		h.values[name] = v[1:]
	}
	return v[0]
}

func (h *scriptHost) Special(id int) int64 { return h.next(h.lang.def.Specials[id]) }
func (h *scriptHost) Info(id int, args []int64) int64 {
	return h.next(h.lang.def.Infos[id].Name)
}
func (h *scriptHost) Command(id int, args []int64) bool {
	h.calls++
	return h.calls != h.stop
}

// TestRunGolden runs testdata/run/*.txtar with a scripted host and compares the trace,
// the result and the variables after each run.
func TestRunGolden(t *testing.T) {
	lang := mustLang(t, kombatDef())
	golden(t, "testdata/run/*.txtar", func(t *testing.T, a *archive) string {
		prog, err := Compile(lang, "src", a.files["src"])
		if err != nil {
			t.Fatalf("does not compile:\n%s", err.(*Error).Format())
		}
		h := newScriptHost(t, lang, a.files["host"])
		var out strings.Builder
		m := Machine{Trace: &Trace{Max: h.trace}}
		f := Frame{Locals: make([]int64, len(prog.Locals())), Globals: make([]int64, len(prog.Globals()))}
		for run := 1; run <= h.runs; run++ {
			m.Trace.Reset()
			r := m.Run(prog, h, f, h.limit)
			if r.Steps > h.limit {
				t.Errorf("run %d used %d steps, limit %d", run, r.Steps, h.limit)
			}
			if h.runs > 1 {
				fmt.Fprintf(&out, "run %d\n", run)
			}
			out.WriteString(m.Trace.Format(lang))
			fmt.Fprintf(&out, "result: %s at %v, %d steps", r.End, r.Pos, r.Steps)
			if r.Loop.IsValid() {
				fmt.Fprintf(&out, ", in the loop at %v", r.Loop)
			}
			out.WriteString("\n")
			writeVars(&out, "locals", prog.Locals(), f.Locals)
			writeVars(&out, "globals", prog.Globals(), f.Globals)
		}
		return out.String()
	})
}

func writeVars(b *strings.Builder, what string, names []string, vals []int64) {
	if len(names) == 0 {
		return
	}
	b.WriteString(what + ":")
	for i, n := range names {
		fmt.Fprintf(b, " %s=%d", n, vals[i])
	}
	b.WriteString("\n")
}
