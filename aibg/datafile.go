package aibg

import (
	"embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

//go:embed roster.txt catalog.txt
var dataFiles embed.FS

// The built-in files' names in messages.
const (
	rosterFile  = "aibg/roster.txt"
	catalogFile = "aibg/catalog.txt"
)

// init checks the built-in roster and catalog when a program that plays AIBG starts,
// rather than when its first match does: a mistake in them is the build's, and stops
// the program at once with every mistake of both files at file:line.
func init() {
	if err := checkData(mustRead("roster.txt"), mustRead("catalog.txt")); err != nil {
		panic("aibg: the built-in data files have mistakes:\n" + err.Error())
	}
}

// checkData checks a roster's and a catalog's text as the built-in files', and returns
// every mistake of both at once.
func checkData(roster, catalog string) error {
	_, e1 := ReadRoster(rosterFile, roster)
	_, e2 := ReadCatalog(catalogFile, catalog)
	return errors.Join(e1, e2)
}

// Roster is the built-in creature types (roster.txt), in the file's order.
func Roster() []Kind {
	ks, err := ReadRoster(rosterFile, mustRead("roster.txt"))
	if err != nil {
		panic(err) // unreachable: init checked the file
	}
	return ks
}

// Catalog is the built-in items (catalog.txt), in the file's order.
func Catalog() []Item {
	its, err := ReadCatalog(catalogFile, mustRead("catalog.txt"))
	if err != nil {
		panic(err) // unreachable: init checked the file
	}
	return its
}

func mustRead(name string) string {
	b, err := dataFiles.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// DataError lists every mistake of a data file or a list of specs, one a line.
type DataError struct {
	Problems []string
}

// Error lists the problems, one a line.
func (e *DataError) Error() string { return strings.Join(e.Problems, "\n") }

// kinds checks specs (every mistake at once; where(i) names spec i in a message)
// and returns the creature types.
func kinds(specs []CreatureSpec, where func(int) string) ([]Kind, error) {
	if len(specs) == 0 {
		return nil, &DataError{[]string{"no creature types"}}
	}
	return checkAll(specs, CreatureSpec.kind, func(k Kind) string { return k.Name }, "type", where)
}

// items checks specs as kinds does and returns the items.
func items(specs []ItemSpec, where func(int) string) ([]Item, error) {
	return checkAll(specs, ItemSpec.item, func(it Item) string { return it.Name }, "item", where)
}

// checkAll turns every spec into its value with conv, gathering every problem and
// every name given twice (case-insensitively).
func checkAll[S, T any](specs []S, conv func(S) (T, []problem), name func(T) string, noun string, where func(int) string) ([]T, error) {
	var out []T
	var all []string
	for i, s := range specs {
		v, ps := conv(s)
		for _, p := range ps {
			all = append(all, fmt.Sprintf("%s: %s", where(i), p.msg))
		}
		for _, o := range out {
			if strings.EqualFold(name(o), name(v)) {
				all = append(all, fmt.Sprintf("%s: %s %q is named twice (names are case-insensitive)", where(i), noun, name(v)))
			}
		}
		out = append(out, v)
	}
	if all != nil {
		return nil, &DataError{all}
	}
	return out, nil
}

// fields splits a data file into its lines of fields: a name, then key=value pairs.
// Blank lines and lines starting with # are left out. each is called per line with its
// fields and returns the problems of reading them and, which are reported only when
// there are none (they would repeat them), those of checking the spec they make; every
// problem is reported at file:line, and so is a name (a noun's) given twice.
func fields(file, text, noun string, each func(name string, kv map[string]string) (read []string, check []problem)) error {
	var all, names []string
	for n, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		kv := map[string]string{}
		var ps []string
		for _, x := range f[1:] {
			k, v, ok := strings.Cut(x, "=")
			switch {
			case !ok || k == "" || v == "":
				ps = append(ps, fmt.Sprintf("%q is not key=value", x))
			case kv[k] != "":
				ps = append(ps, fmt.Sprintf("%s is given twice", k))
			default:
				kv[k] = v
			}
		}
		read, check := each(f[0], kv)
		ps = append(ps, read...)
		for _, p := range check {
			if !mentions(read, p.field) { // a field misread is told once, as misread
				ps = append(ps, p.msg)
			}
		}
		for _, o := range names {
			if strings.EqualFold(o, f[0]) {
				ps = append(ps, fmt.Sprintf("%s %q is named twice (names are case-insensitive)", noun, f[0]))
			}
		}
		names = append(names, f[0])
		for _, p := range ps {
			all = append(all, fmt.Sprintf("%s:%d: %s", file, n+1, p))
		}
	}
	if all != nil {
		return &DataError{all}
	}
	return nil
}

// mentions reports whether one of the reading problems msgs is about field: it
// starts with the field's name.
func mentions(msgs []string, field string) bool {
	for _, m := range msgs {
		if strings.HasPrefix(m, field+" ") || strings.HasPrefix(m, field+"=") {
			return true
		}
	}
	return false
}

// number parses field key of kv as an int into *dst (a pointer set when given).
func number(kv map[string]string, key string, dst **int, ps *[]string) {
	v, ok := kv[key]
	if !ok {
		return
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		*ps = append(*ps, fmt.Sprintf("%s=%s is not a whole number", key, v))
		return
	}
	*dst = &n
}

// unknownKeys reports the keys of kv not in known.
func unknownKeys(kv map[string]string, known ...string) []string {
	var ps []string
	for k := range kv {
		if pick(k, known...) < 0 {
			ps = append(ps, fmt.Sprintf("unknown field %q (the fields are %s)", k, strings.Join(known, ", ")))
		}
	}
	return ps
}

// readCreatures reads a roster file: every mistake at once, at file:line.
func readCreatures(file, text string) ([]CreatureSpec, error) {
	var out []CreatureSpec
	err := fields(file, text, "type", func(name string, kv map[string]string) ([]string, []problem) {
		ps := unknownKeys(kv, "element", "attack", "speed", "health", "damage")
		s := CreatureSpec{Type: name, Element: kv["element"], Attack: kv["attack"]}
		var speed, health, damage *int
		number(kv, "speed", &speed, &ps)
		number(kv, "health", &health, &ps)
		number(kv, "damage", &damage, &ps)
		for _, f := range []struct {
			key string
			v   *int
			dst *int
		}{{"speed", speed, &s.Speed}, {"health", health, &s.Health}, {"damage", damage, &s.Damage}} {
			if _, given := kv[f.key]; !given {
				ps = append(ps, fmt.Sprintf("%s is missing", f.key))
			} else if f.v != nil {
				*f.dst = *f.v
			}
		}
		_, bad := s.kind()
		out = append(out, s)
		return ps, bad
	})
	if err == nil && len(out) == 0 {
		err = &DataError{[]string{file + ": no creature types"}}
	}
	return out, err
}

// readItems reads a catalog file: every mistake at once, at file:line.
func readItems(file, text string) ([]ItemSpec, error) {
	var out []ItemSpec
	err := fields(file, text, "item", func(name string, kv map[string]string) ([]string, []problem) {
		ps := unknownKeys(kv, "cost", "effect", "element", "value", "stat", "flat", "percent", "scope", "target", "multiplier", "each_turn")
		s := ItemSpec{Name: name, Effect: kv["effect"], Element: kv["element"], Stat: kv["stat"], Scope: kv["scope"], Target: kv["target"]}
		var cost *int
		number(kv, "cost", &cost, &ps)
		if _, given := kv["cost"]; !given {
			ps = append(ps, "cost is missing")
		} else if cost != nil {
			s.Cost = *cost
		}
		number(kv, "value", &s.Value, &ps)
		number(kv, "flat", &s.Flat, &ps)
		number(kv, "percent", &s.Percent, &ps)
		number(kv, "each_turn", &s.EachTurn, &ps)
		if v, ok := kv["multiplier"]; ok {
			m, err := strconv.ParseFloat(v, 64)
			if err != nil {
				ps = append(ps, fmt.Sprintf("multiplier=%s is not a number", v))
			} else {
				s.Multiplier = &m
			}
		}
		_, bad := s.item()
		out = append(out, s)
		return ps, bad
	})
	return out, err
}

// ReadRoster reads a roster file's text (in roster.txt's form) and checks it, every
// mistake at once at file:line (a *DataError): what `kombat check --game aibg` does
// with a roster, and what a host offering another roster would load.
func ReadRoster(file, text string) ([]Kind, error) {
	specs, err := readCreatures(file, text)
	if err != nil {
		return nil, err
	}
	return kinds(specs, func(i int) string { return fmt.Sprintf("%s: creature %d", file, i+1) })
}

// ReadCatalog reads an item catalog file's text (in catalog.txt's form) as
// ReadRoster reads a roster.
func ReadCatalog(file, text string) ([]Item, error) {
	specs, err := readItems(file, text)
	if err != nil {
		return nil, err
	}
	return items(specs, func(i int) string { return fmt.Sprintf("%s: item %d", file, i+1) })
}
