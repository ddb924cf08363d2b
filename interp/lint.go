package interp

import (
	"fmt"
	"sort"
	"strings"
)

// lint finds legal but suspicious code. It must not cry wolf on correct strategies: a
// shared variable may be assigned by another kind's strategy, so reading one that this
// strategy never assigns is only flagged when it looks like a typo.
func lint(lang *Language, prog []stmt) Diagnostics {
	l := &linter{lang: lang, assigned: map[string]bool{}, read: map[string]*nameExpr{}}
	l.stmts(prog)
	var out Diagnostics
	out = append(out, l.diags...)

	var names []string
	for n := range l.assigned {
		names = append(names, n)
	}
	sort.Strings(names)
	var values valueWordSet // gathered only for a strategy with a never-assigned name
	for name, e := range l.read {
		if l.assigned[name] {
			continue
		}
		if _, special := lang.specials[name]; special {
			continue
		}
		hint := ""
		if s := specialLike(lang, name); s != "" {
			hint = fmt.Sprintf("did you mean '%s'? names are case-sensitive", s)
		} else if w := values.suggest(lang, name); w != "" {
			hint = fmt.Sprintf("did you mean '%s'? %s", w, values.usage[w])
		} else if s := suggest(name, names); s != "" {
			hint = fmt.Sprintf("did you mean '%s'?", s)
		}
		if hint == "" {
			if lang.shared(name) {
				continue // another kind's strategy may assign it
			}
			hint = fmt.Sprintf("assign it first (%s = ...), or use a number if you meant a constant", name)
		}
		out = append(out, Diagnostic{
			Severity: SeverityWarning, Pos: e.pos, Width: e.width, Hint: hint,
			Msg: fmt.Sprintf("'%s' is never assigned, so it is always 0", name),
		})
	}
	return out
}

// valueWordSet is the language's words that read a value (special names and
// information expressions, such as opponent), with how each is written: a misspelt
// 'oponent' is a variable that is always 0, and the hint says what was meant.
type valueWordSet struct {
	words []string
	usage map[string]string
}

// suggest returns the value word within typo distance of name, or "", gathering the
// words on first use (into *v, which may be nil until then).
func (v *valueWordSet) suggest(lang *Language, name string) string {
	if v.usage == nil {
		*v = valueWords(lang)
	}
	return suggest(name, v.words)
}

// valueWords gathers lang's value words.
func valueWords(lang *Language) valueWordSet {
	v := valueWordSet{usage: map[string]string{}}
	for _, w := range lang.def.Infos {
		v.words = append(v.words, w.Name)
		use := w.Name
		for _, a := range w.Args {
			if a == ArgDirection {
				use += " DIR"
			} else {
				use += " EXPR"
			}
		}
		v.usage[w.Name] = "it is one of the language's words"
		if len(w.Args) > 0 {
			v.usage[w.Name] = "it is written " + use
		}
	}
	for _, s := range lang.def.Specials {
		v.words = append(v.words, s)
		v.usage[s] = "it is one of the names the game answers"
	}
	return v
}

// specialLike returns the special name that differs from name only by case.
func specialLike(lang *Language, name string) string {
	for _, s := range lang.def.Specials {
		if strings.EqualFold(s, name) {
			return s
		}
	}
	return ""
}

type linter struct {
	lang     *Language
	assigned map[string]bool
	read     map[string]*nameExpr // first read of each name
	diags    Diagnostics
}

func (l *linter) stmts(list []stmt) {
	for i, s := range list {
		if _, ok := s.(*doneStmt); ok && i+1 < len(list) {
			next := list[i+1]
			l.diags = append(l.diags, Diagnostic{
				Severity: SeverityWarning, Pos: next.stmtPos(), Width: 1,
				Msg:  "this statement never runs: it comes after 'done' in the same block",
				Hint: "remove it, or move 'done' after it",
			})
		}
		l.stmt(s)
	}
}

func (l *linter) stmt(s stmt) {
	switch s := s.(type) {
	case *blockStmt:
		l.stmts(s.list)
	case *ifStmt:
		l.expr(s.cond)
		l.stmt(s.then)
		l.stmt(s.otherwise)
	case *whileStmt:
		l.expr(s.cond)
		l.stmt(s.body)
	case *assignStmt:
		l.expr(s.value)
		if _, special := l.lang.specials[s.name]; special {
			l.diags = append(l.diags, Diagnostic{
				Severity: SeverityWarning, Pos: s.pos, Width: s.width,
				Msg:  fmt.Sprintf("assigning to '%s' does nothing: it is a read-only special variable", s.name),
				Hint: fmt.Sprintf("use another name for a variable of your own, such as 'my%s'", upperFirst(s.name)),
			})
			return
		}
		l.assigned[s.name] = true
	case *commandStmt:
		for _, a := range s.args {
			l.expr(a)
		}
	}
}

func (l *linter) expr(e expr) {
	switch e := e.(type) {
	case *nameExpr:
		if _, seen := l.read[e.name]; !seen {
			l.read[e.name] = e
		}
	case *binExpr:
		l.expr(e.x)
		l.expr(e.y)
	case *infoExpr:
		for _, a := range e.args {
			l.expr(a)
		}
	}
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
