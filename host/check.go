package host

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

// CheckStrategy compiles a strategy as a player submitted it (code fences and all):
// every place that accepts a strategy goes through here, so they all accept the same
// ones. A strategy that does not compile gives its *interp.Error, wrapped; the
// program is returned for its warnings.
func CheckStrategy(lang *interp.Language, name, strategy string) (*interp.Program, error) {
	prog, err := interp.Compile(lang, name, strategy)
	if err != nil {
		return nil, fmt.Errorf("host: check strategy %q: %w", name, err)
	}
	return prog, nil
}

// ParseDefense reads a defense factor as a player typed it: a whole number, 0 or more,
// spaces around it ignored. Anything else is a *Refusal quoting what was typed.
func ParseDefense(defense string) (int64, error) {
	d, err := strconv.ParseInt(strings.TrimSpace(defense), 10, 64)
	if err != nil || d < 0 {
		return 0, refuse(CodeBadDefense, "The defense factor must be a whole number, 0 or more; got %q.", defense)
	}
	return d, nil
}

// CheckKind checks a kind proposed for a game: its name (game.CheckKindName), its
// defense, then its strategy, and gives the first problem: a *Refusal, or the
// *interp.Error of a strategy that does not compile. The kind returned keeps the
// strategy as typed, trimmed, so the setup shows what its author wrote.
func CheckKind(lang *interp.Language, name, defense, strategy string) (game.KindSpec, error) {
	if err := game.CheckKindName(name); err != nil {
		return game.KindSpec{}, refuse(CodeBadName, "%s.", err)
	}
	d, err := ParseDefense(defense)
	if err != nil {
		return game.KindSpec{}, err
	}
	if _, err := CheckStrategy(lang, name, strategy); err != nil {
		return game.KindSpec{}, err
	}
	return game.KindSpec{Name: name, Defense: d, Strategy: strings.TrimSpace(strategy)}, nil
}

// CheckSaved checks a strategy a player saves to their library, like CheckKind but for
// the name, which is the library's (store checks it; a kind takes KindName of it).
// The kind returned holds the code taken out of its fence, trimmed: what is stored,
// and what the diagnostics' positions refer to.
func CheckSaved(lang *interp.Language, name, defense, text string) (game.KindSpec, error) {
	code, _ := interp.Extract(text, strings.ToLower(lang.Name()))
	code = strings.TrimSpace(code)
	d, err := ParseDefense(defense)
	if err != nil {
		return game.KindSpec{}, err
	}
	if _, err := CheckStrategy(lang, name, code); err != nil {
		return game.KindSpec{}, err
	}
	return game.KindSpec{Name: name, Defense: d, Strategy: code}, nil
}

// KindName is the kind name a saved strategy plays under: its library name, cut to
// the 20 characters a kind's name may have.
func KindName(saved string) string {
	if r := []rune(saved); len(r) > 20 {
		return strings.TrimSpace(string(r[:20]))
	}
	return saved
}

// KindFromFile makes a kind from a strategy file, as the terminal commands read them
// (game.KindFromFile: named after the file, defense from a "# defense: N" first
// line), and passes it through CheckKind, so a file is accepted exactly when the same
// kind typed into a form would be. Its errors name the file: a strategy that does not
// compile gives its *interp.Error with Name set to path, so positions read
// PATH:LINE:COL; a bad defense line reads PATH:1: …; a bad name reads PATH: ….
// The kind keeps the file's text as it is, so positions at run time match the file.
func KindFromFile(lang *interp.Language, path, text string) (game.KindSpec, error) {
	k, err := game.KindFromFile(path, text)
	if err != nil && game.CheckKindName(k.Name) == nil {
		return game.KindSpec{}, err // the defense line, which game already names PATH:1
	}
	if _, err := CheckKind(lang, k.Name, strconv.FormatInt(k.Defense, 10), text); err != nil {
		var cerr *interp.Error
		if errors.As(err, &cerr) {
			named := *cerr
			named.Name = path
			return game.KindSpec{}, &named
		}
		var no *Refusal
		if errors.As(err, &no) {
			return game.KindSpec{}, fmt.Errorf("%s: %s", path, strings.TrimSuffix(no.Text(PlainWords{}), "."))
		}
		return game.KindSpec{}, fmt.Errorf("%s: %w", path, err)
	}
	return k, nil
}
