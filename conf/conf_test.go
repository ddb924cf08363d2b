package conf

import (
	"errors"
	"strings"
	"testing"
)

type pair struct{ A, B int64 }

func pairKeys() []Key[pair] {
	return []Key[pair]{
		Int("alpha", func(p *pair) *int64 { return &p.A }, 0, 10, "the first"),
		Int("beta", func(p *pair) *int64 { return &p.B }, 1, 5, "the second"),
	}
}

// TestParse reads files of each shape a player writes, every mistake at once.
func TestParse(t *testing.T) {
	cases := []struct {
		name, text string
		clamp      bool
		want       pair
		errs       []string
		clamped    []string
	}{
		{name: "defaults kept", text: "# nothing\n\n", want: pair{1, 2}},
		{name: "spaces and CRLF", text: " alpha = 7 \r\nbeta=5\r\n", want: pair{7, 5}},
		{name: "every mistake at once", text: "alpah=3\nbeta=9\nalpha=x\nnonsense\ngamma=1\nbeta=2",
			want: pair{1, 2},
			errs: []string{
				`line 1: unknown key "alpah" (did you mean alpha?); the keys are alpha, beta`,
				"line 2: beta must be from 1 to 5, got 9",
				`line 3: alpha must be a whole number from 0 to 10, got "x"`,
				`line 4: expected name=value, found "nonsense"`,
				`line 5: unknown key "gamma"`,
				"line 6: beta is set twice (first on line 2)",
			}},
		{name: "stored values lowered", text: "alpha=99\nbeta=99999999999999999999", clamp: true,
			want: pair{10, 5}, clamped: []string{"alpha 99 lowered to 10", "beta 99999999999999999999 lowered to 5"}},
		{name: "clamping never raises", text: "beta=0", clamp: true, want: pair{1, 2},
			errs: []string{"line 1: beta must be from 1 to 5, got 0"}},
		{name: "too long", text: strings.Repeat("#", MaxBytes+1), want: pair{1, 2},
			errs: []string{"configuration too long: 4097 bytes, the limit is 4096"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := pair{1, 2}
			r := Parse(tc.text, &p, pairKeys(), tc.clamp)
			var got []string
			for _, e := range r.Errs {
				got = append(got, e.Error())
			}
			if strings.Join(got, "\n") != strings.Join(tc.errs, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.errs, "\n"))
			}
			if len(tc.errs) == 0 && p != tc.want {
				t.Errorf("read %+v, want %+v", p, tc.want)
			}
			if strings.Join(r.Clamped, ";") != strings.Join(tc.clamped, ";") {
				t.Errorf("clamped %q, want %q", r.Clamped, tc.clamped)
			}
		})
	}
}

// TestErrors checks what a game builds on: the line of a cross-key check, line order,
// errors.As through Errors, and the file Format writes reading back.
func TestErrors(t *testing.T) {
	p := pair{1, 2}
	r := Parse("beta=3\n", &p, pairKeys(), false)
	if r.Line("alpha", "beta") != 1 || r.Line("beta", "alpha") != 1 || r.Line("alpha", "gamma") != 0 {
		t.Errorf("Line: %v", r.Lines)
	}
	es := Errors{{Line: 3, Msg: "c"}, {Msg: "none"}, {Line: 1, Key: "alpha", Msg: "a"}}
	es.Sort()
	if es.Error() != "none\nline 1: a\nline 3: c" || !es.Has("alpha") || es.Has("beta") {
		t.Errorf("sorted: %q", es.Error())
	}
	var first *Error
	if !errors.As(error(es), &first) || first.Msg != "none" {
		t.Errorf("errors.As found %v", first)
	}
	if errs := Check(&pair{11, 0}, pairKeys()); len(errs) != 2 || errs[0].Line != 0 {
		t.Errorf("Check: %v", errs)
	}
	back := pair{}
	if r := Parse(Format(&pair{4, 3}, pairKeys()), &back, pairKeys(), false); len(r.Errs) > 0 || back != (pair{4, 3}) {
		t.Errorf("Format read back as %+v, %v", back, r.Errs)
	}
	if ref := Reference(&p, pairKeys(), 6); !strings.HasPrefix(ref, "alpha  the first") || !strings.Contains(ref, "default 1, from 0 to 10") {
		t.Errorf("Reference: %q", ref)
	}
}

// FuzzParse: an attached configuration is hostile input. Whatever the text, Parse
// returns (never panics), every mistake names a line of the text or none, a value it
// set lies in its key's range, and what it read writes back as a file that reads the
// same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"alpha=3\nbeta=4", "alpha = -1\n# c\r\nbeta", "gamma=1\nalpha=99999999999999999999", "=\n=="} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, clamp bool) {
		p := pair{1, 2}
		r := Parse(text, &p, pairKeys(), clamp)
		lines := strings.Count(text, "\n") + 1
		for _, e := range r.Errs {
			if e.Line < 0 || e.Line > lines || e.Msg == "" {
				t.Fatalf("mistake %+v in a text of %d lines", e, lines)
			}
		}
		if errs := Check(&p, pairKeys()); len(errs) > 0 {
			t.Fatalf("Parse set values out of range: %+v (%v)", p, errs)
		}
		back := pair{}
		if r := Parse(Format(&p, pairKeys()), &back, pairKeys(), false); len(r.Errs) > 0 || back != p {
			t.Fatalf("%+v wrote back as %+v, %v", p, back, r.Errs)
		}
	})
}
