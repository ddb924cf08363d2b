package host

import (
	"fmt"
	"strconv"
	"strings"

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

// Checked is a program a player saves to their library, as checked (CheckSaved).
type Checked struct {
	Name     string // the library's name
	Defense  int64
	Strategy string // the code out of its fence, trimmed
}

// CheckSaved checks a program a player saves to their library: its defense and its
// code (a game's adapter checks the name of a kind it makes of it; store, the library's).
// The kind returned holds the code taken out of its fence, trimmed: what is stored,
// and what the diagnostics' positions refer to.
func CheckSaved(lang *interp.Language, name, defense, text string) (Checked, error) {
	code, _ := interp.Extract(text, strings.ToLower(lang.Name()))
	code = strings.TrimSpace(code)
	d, err := ParseDefense(defense)
	if err != nil {
		return Checked{}, err
	}
	if _, err := CheckStrategy(lang, name, code); err != nil {
		return Checked{}, err
	}
	return Checked{Name: name, Defense: d, Strategy: code}, nil
}
