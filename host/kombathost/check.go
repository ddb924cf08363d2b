package kombathost

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
)

// CheckKind checks a kind proposed for a game: its name (game.CheckKindName), its
// defense, then its strategy, and gives the first problem: a *host.Refusal, or the
// *interp.Error of a strategy that does not compile. The kind returned keeps the
// strategy as typed, trimmed, so the setup shows what its author wrote.
func CheckKind(lang *interp.Language, name, defense, strategy string) (game.KindSpec, error) {
	if err := game.CheckKindName(name); err != nil {
		return game.KindSpec{}, host.Refuse(host.CodeBadName, "%s.", err)
	}
	d, err := host.ParseDefense(defense)
	if err != nil {
		return game.KindSpec{}, err
	}
	if _, err := host.CheckStrategy(lang, name, strategy); err != nil {
		return game.KindSpec{}, err
	}
	return game.KindSpec{Name: name, Defense: d, Strategy: strings.TrimSpace(strategy)}, nil
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
		var no *host.Refusal
		if errors.As(err, &no) {
			return game.KindSpec{}, fmt.Errorf("%s: %s", path, strings.TrimSuffix(no.Text(host.PlainWords{}), "."))
		}
		return game.KindSpec{}, fmt.Errorf("%s: %w", path, err)
	}
	return k, nil
}

// Load makes the latest version of owner's strategy name in lib a kind proposed by
// owner for a game's setup, named KindName of it; its defense is Proposal.Defense. A
// strategy that does not exist is a *host.Refusal (host.Library.Get). The kind is
// checked like any proposal when it is proposed (Lobby.Propose).
func Load(ctx context.Context, lib *host.Library, owner, name string) (Proposal, error) {
	s, err := lib.Get(ctx, owner, name)
	if err != nil {
		return Proposal{}, err
	}
	return Proposal{Name: KindName(s.Name), Defense: s.Defense, Strategy: s.Source, By: owner}, nil
}
