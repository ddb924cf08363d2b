// Package conf reads the games' configuration files: lines of name=value, each value a
// whole number within its key's range. KOMBAT (R23) and UPBEAT (U23) share the format,
// so they share this reader; each game lists its own keys (Key) and checks what ties
// two keys together itself.
package conf

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/interp"
)

// MaxBytes bounds a configuration file: a handful of short lines.
const MaxBytes = 4096

// Key is one key of a game's configuration: its name, the field of T it sets, the
// allowed range (both ends included) and what it means, for help texts.
type Key[T any] struct {
	Name     string
	Field    func(*T) *int64
	Min, Max int64
	Doc      string
}

// Int is the key name setting field, a whole number from min to max, doc saying what
// it means.
func Int[T any](name string, field func(*T) *int64, min, max int64, doc string) Key[T] {
	return Key[T]{Name: name, Field: field, Min: min, Max: max, Doc: doc}
}

// Error is a mistake in a configuration file, with the line it is on.
type Error struct {
	Line int    // 1-based; 0 when the problem is not on one line
	Key  string // the key concerned, if any
	Msg  string // what is wrong, lower case
}

// Error words the mistake with its line when it has one: "line N: message".
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Errors is every mistake of a configuration file, in line order. errors.As finds the
// first *Error through it.
type Errors []*Error

// Error puts each mistake on a line of its own.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap exposes each mistake to errors.Is and errors.As.
func (es Errors) Unwrap() []error {
	errs := make([]error, len(es))
	for i, e := range es {
		errs[i] = e
	}
	return errs
}

// Has reports whether a mistake concerns key, so that a check across two keys stays
// quiet about a key already reported.
func (es Errors) Has(key string) bool {
	for _, e := range es {
		if e.Key == key {
			return true
		}
	}
	return false
}

// Sort puts the mistakes in line order (those on no line first), keeping the order of
// mistakes on one line.
func (es Errors) Sort() {
	slices.SortStableFunc(es, func(a, b *Error) int { return a.Line - b.Line })
}

// Read is what Parse found: the line each key was set on, the values lowered to their
// bound (when asked to clamp), and every mistake.
type Read struct {
	Lines   map[string]int
	Clamped []string
	Errs    Errors
}

// Parse reads a configuration file into c, which holds the defaults: lines of
// name=value in any order, spaces around '=', blank lines and # comment lines allowed;
// a missing key keeps its default. A value outside its key's range is a mistake, unless
// clamp is set and the value is too large: then it is lowered to the bound and the
// change described in Read.Clamped ("step_limit 9223372036854775807 lowered to
// 10000000"), for configurations stored by a version with higher bounds. Every mistake
// is reported at once, each with its line.
func Parse[T any](text string, c *T, keys []Key[T], clamp bool) Read {
	r := Read{Lines: map[string]int{}}
	if len(text) > MaxBytes {
		r.Errs = Errors{{Msg: fmt.Sprintf("configuration too long: %d bytes, the limit is %d", len(text), MaxBytes)}}
		return r
	}
	listed := false // the valid keys are listed once, with the first unknown key
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		line := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			r.Errs = append(r.Errs, &Error{Line: n, Msg: fmt.Sprintf("expected name=value, found %q", Shorten(line, 40))})
			continue
		}
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		k := slices.IndexFunc(keys, func(k Key[T]) bool { return k.Name == name })
		if k < 0 {
			msg := fmt.Sprintf("unknown key %q", Shorten(name, 40))
			if s := interp.Suggest(strings.ToLower(name), Names(keys)); s != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", s)
			}
			if !listed {
				msg += "; the keys are " + strings.Join(Names(keys), ", ")
				listed = true
			}
			r.Errs = append(r.Errs, &Error{Line: n, Key: name, Msg: msg})
			continue
		}
		key := keys[k]
		if prev, dup := r.Lines[name]; dup {
			r.Errs = append(r.Errs, &Error{Line: n, Key: name, Msg: fmt.Sprintf("%s is set twice (first on line %d)", name, prev)})
			continue
		}
		r.Lines[name] = n
		v, err := strconv.ParseInt(value, 10, 64)
		switch {
		case err != nil && clamp && isOverflow(err) && !strings.HasPrefix(value, "-"):
			r.Clamped = append(r.Clamped, fmt.Sprintf("%s %s lowered to %d", name, Shorten(value, 30), key.Max))
			v = key.Max
		case err != nil:
			r.Errs = append(r.Errs, &Error{Line: n, Key: name, Msg: fmt.Sprintf("%s must be a whole number from %d to %d, got %q", name, key.Min, key.Max, Shorten(value, 30))})
			continue
		case v > key.Max && clamp:
			r.Clamped = append(r.Clamped, fmt.Sprintf("%s %d lowered to %d", name, v, key.Max))
			v = key.Max
		case v < key.Min || v > key.Max:
			r.Errs = append(r.Errs, &Error{Line: n, Key: name, Msg: fmt.Sprintf("%s must be from %d to %d, got %d", name, key.Min, key.Max, v)})
			continue
		}
		*key.Field(c) = v
	}
	return r
}

// Line is the line a key was set on, or else the line another key of the same check
// was set on (0 if neither was written, as when both kept their defaults).
func (r Read) Line(key, other string) int {
	if n := r.Lines[key]; n > 0 {
		return n
	}
	return r.Lines[other]
}

// Check reports the values of c outside their keys' ranges, as Parse would, without
// lines: a game refuses such a configuration however it was made.
func Check[T any](c *T, keys []Key[T]) Errors {
	var errs Errors
	for _, k := range keys {
		if v := *k.Field(c); v < k.Min || v > k.Max {
			errs = append(errs, &Error{Key: k.Name, Msg: fmt.Sprintf("%s must be from %d to %d, got %d", k.Name, k.Min, k.Max, v)})
		}
	}
	return errs
}

// Names lists the keys' names in their order.
func Names[T any](keys []Key[T]) []string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k.Name
	}
	return names
}

// Format writes c as a file Parse reads back, every key in order.
func Format[T any](c *T, keys []Key[T]) string {
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%d\n", k.Name, *k.Field(c))
	}
	return b.String()
}

// Reference describes every key with its default (from def) and range, for help texts,
// the names padded to width.
func Reference[T any](def *T, keys []Key[T], width int) string {
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%-*s %-52s default %d, from %d to %d\n", width, k.Name, k.Doc, *k.Field(def), k.Min, k.Max)
	}
	return b.String()
}

// Shorten cuts s to n runes, marking the cut with an ellipsis, so that a quoted value
// cannot flood a message.
func Shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func isOverflow(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}
