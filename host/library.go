package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/store"
)

// The strategy library: each player's saved strategies, with versions, kept in the
// store. Strategies belong to the player, not to a server, so a saved strategy follows
// its author everywhere the host is.

// Library is a player's saved strategies for one game in a database (its shelf),
// checked in that game's language before they are saved: what saving, listing,
// showing, comparing, deleting and loading one into a game means, whatever chat asks
// for it. A name missing from this game's library but kept in another game's is
// refused saying so: no game plays another's programs.
type Library struct {
	db     *store.DB
	shelf  store.Shelf
	lang   *interp.Language
	kind   LibraryKind
	others []LibraryKind // the other games' libraries, for that refusal
}

// LibraryKind is what a game's library keeps, as the host and players name it: each
// game with programs to save registers one (Plug.Library), so no library asks which
// game it is.
type LibraryKind struct {
	Game    store.GameName
	Noun    string // what one program is called: "strategy"
	Plural  string // and many: "strategies"
	Program string // one, with its article and game: "a KOMBAT strategy"
	Ext     string // a saved version's file extension, without the dot
	Draft   string // the prefix of the key of a refused save's draft
}

// NewLibrary hosts the libraries of kind's game in db, checking what is saved in
// lang, that game's language; others are every game's libraries (kind's own is
// skipped), for the refusal of a name another game keeps.
func NewLibrary(db *store.DB, lang *interp.Language, kind LibraryKind, others ...LibraryKind) *Library {
	l := &Library{db: db, shelf: kind.Shelf(db), lang: lang, kind: kind}
	for _, o := range others {
		if o.Game != kind.Game {
			l.others = append(l.others, o)
		}
	}
	return l
}

// Shelf is the kind's shelf in db, whose messages name its programs in the kind's
// words ("strategy", "plan").
func (k LibraryKind) Shelf(db *store.DB) store.Shelf {
	return db.Shelf(k.Game, store.Words{One: k.Noun, Many: k.Plural})
}

// Library hosts the libraries of game in the host's store, checking what is saved in
// lang, that game's language: the game's registered kind (Plug.Library), which knows
// the other registered games' libraries. It is nil when game keeps no programs.
func (h *Host) Library(game store.GameName, lang *interp.Language) *Library {
	for _, k := range h.libraries {
		if k.Game == h.named(game) {
			return NewLibrary(h.db, lang, k, h.libraries...)
		}
	}
	return nil
}

// Game is the game whose programs the library keeps.
func (l *Library) Game() store.GameName { return l.shelf.Game() }

// Noun is what the library keeps, as players read it: "strategy" or "plan".
func (l *Library) Noun() string { return l.kind.Noun }

// Command is the command group that works the library ("GAME strategy"), which the
// front words as it writes its commands (Words.Command).
func (l *Library) Command() Command { return Command(string(l.Game()) + " strategy") }

// list is the command listing this library.
func (l *Library) list() Command { return l.Command() + " list" }

// missing is the *Refusal for owner's name that this library does not keep (err, the
// store's ErrNotFound), pointing to the list when list is set; when the other game's
// library keeps the name, the refusal says that instead, since neither game plays the
// other's programs.
func (l *Library) missing(ctx context.Context, owner, name string, err error, list bool) error {
	for _, other := range l.others {
		if _, oerr := other.Shelf(l.db).Get(ctx, owner, name, 0); oerr == nil {
			return refuse(CodeOtherGames, "Your %s is %s, not %s: each game plays only its own. See %s.", Name(name), other.Program, l.kind.Program, l.list())
		}
	}
	if list {
		return refuse(CodeLibrary, "%s See %s.", UserError(err), l.list())
	}
	return refuse(CodeLibrary, "%s", UserError(err))
}

// LibraryDraft is what a player typed, or is offered, in the form that saves a
// strategy: kept when a save is refused, so that editing again gives it all back.
type LibraryDraft struct {
	Defense  string `json:"defense"`
	Strategy string `json:"strategy"`
}

// Saved is the version of a strategy that Save stored.
type Saved struct {
	Name    string // as the player typed it
	Version int
	Defense int64
	Lines   int // of the code stored (Lines)
}

// Shown is a version of a saved strategy and, when asked for, its changes from an
// earlier one.
type Shown struct {
	store.Strategy
	From *store.Strategy // the version compared with; nil when none was asked for
	Diff string          // the changes from From to this version (lineDiff); "" when the same
	Ext  string          // a version's file extension, its game's (LibraryKind.Ext)
}

// Text is what showing the version gives: its source or, with From, the changes from
// From to it, "(the sources are the same)" when there are none.
func (s Shown) Text() string {
	switch {
	case s.From == nil:
		return s.Source
	case s.Diff == "":
		return "(the sources are the same)\n"
	}
	return s.Diff
}

// File names a file that holds Text: NAME-vN.kombat for a version (NAME-vN.upbeat for
// an UPBEAT plan's), NAME-vA-vB.diff for changes, spaces in the name made underscores.
func (s Shown) File() string {
	name := strings.ReplaceAll(s.Name, " ", "_")
	if s.From == nil {
		return fmt.Sprintf("%s-v%d.%s", name, s.Version, s.Ext)
	}
	return fmt.Sprintf("%s-v%d-v%d.diff", name, s.From.Version, s.Version)
}

// UserError turns a store error into the sentence after its sentinel, the part written
// for players ("You already have a strategy named ...").
func UserError(err error) string {
	s := err.Error()
	for _, sentinel := range []error{store.ErrInvalidInput, store.ErrDuplicate, store.ErrNotFound} {
		if i := strings.Index(s, sentinel.Error()+": "); i >= 0 {
			s = s[i+len(sentinel.Error())+2:]
			break
		}
	}
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return strings.TrimSuffix(s, ".") + "."
}

// Lines counts a text's lines, a last line without its line end included.
func Lines(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(strings.TrimRight(s, "\n"), "\n") + 1
}

// draftKey names the draft kept when a save of strategy name is refused: lib:NAME for
// KOMBAT's, uplib:NAME for UPBEAT's.
func (l *Library) draftKey(name string) string {
	return l.kind.Draft + strings.ToLower(name)
}

// Form is what the form that saves owner's strategy name starts with: defense as
// given, or when it is negative the latest version's (0 for a new strategy), and the
// latest version's source. A name the library cannot take is a *Refusal.
func (l *Library) Form(ctx context.Context, owner, name string, defense int64) (LibraryDraft, error) {
	if err := store.CheckStrategyName(name); err != nil {
		return LibraryDraft{}, refuse(CodeLibrary, "%s", UserError(err))
	}
	var f LibraryDraft
	old, err := l.shelf.Get(ctx, owner, name, 0)
	switch {
	case err == nil:
		f.Strategy = old.Source
		if defense < 0 {
			defense = old.Defense
		}
	case !errors.Is(err, store.ErrNotFound):
		return LibraryDraft{}, err
	}
	f.Defense = fmt.Sprint(max(defense, 0))
	return f, nil
}

// Save checks text (code fences are fine) with defense and saves it as the next
// version of owner's strategy name, creating it if new; it then forgets the draft of
// an earlier refused save. A strategy the checks turn down (CheckSaved: a *Refusal,
// or the *interp.Error of one that does not compile) is kept as owner's draft for
// Draft, and kept is true. What the store refuses (a bad name, too many strategies)
// is a *Refusal, with kept false.
func (l *Library) Save(ctx context.Context, owner, name, defense, text string) (saved Saved, kept bool, err error) {
	kind, err := CheckSaved(l.lang, name, defense, text)
	if err != nil {
		draft, jerr := json.Marshal(LibraryDraft{Defense: defense, Strategy: text})
		if jerr != nil {
			return Saved{}, false, jerr
		}
		if serr := l.db.SaveDraft(ctx, owner, l.draftKey(name), string(draft)); serr != nil {
			return Saved{}, false, serr
		}
		return Saved{}, true, err
	}
	v, err := l.shelf.Save(ctx, owner, name, kind.Strategy, kind.Defense, false)
	if errors.Is(err, store.ErrNotFound) {
		v, err = l.shelf.Save(ctx, owner, name, kind.Strategy, kind.Defense, true)
	}
	if errors.Is(err, store.ErrInvalidInput) || errors.Is(err, store.ErrDuplicate) {
		return Saved{}, false, refuse(CodeLibrary, "%s", UserError(err))
	}
	if err != nil {
		return Saved{}, false, err
	}
	l.db.DeleteDraft(ctx, owner, l.draftKey(name)) // a draft left over is harmless: Draft offers it again
	return Saved{Name: name, Version: v, Defense: kind.Defense, Lines: Lines(kind.Strategy)}, false, nil
}

// Draft gives back what owner typed in the save of strategy name that was refused
// last; after a save that succeeded there is none, a *Refusal.
func (l *Library) Draft(ctx context.Context, owner, name string) (LibraryDraft, error) {
	return LoadDraft[LibraryDraft](ctx, l.db, owner, l.draftKey(name), "the "+l.Noun()+" was saved")
}

// LoadDraft reads and decodes the draft of user stored under key; a missing one is a
// *Refusal saying it is gone and why (gone).
func LoadDraft[D any](ctx context.Context, db *store.DB, user, key, gone string) (D, error) {
	var d D
	body, err := db.Draft(ctx, user, key)
	if errors.Is(err, store.ErrNotFound) {
		return d, refuse(CodeNothingLeft, "There is nothing left to edit: %s.", gone)
	}
	if err != nil {
		return d, err
	}
	if err := json.Unmarshal([]byte(body), &d); err != nil {
		return d, fmt.Errorf("host: draft %s is unreadable: %w", key, err)
	}
	return d, nil
}

// List gives the latest version of each of owner's strategies, by name.
func (l *Library) List(ctx context.Context, owner string) ([]store.Strategy, error) {
	return l.shelf.List(ctx, owner)
}

// Show gives version of owner's strategy name (0: the latest) and, when from is not
// 0, the changes to it from version from. A strategy or version not kept is a
// *Refusal.
func (l *Library) Show(ctx context.Context, owner, name string, version, from int) (Shown, error) {
	s, err := l.shelf.Get(ctx, owner, name, version)
	if errors.Is(err, store.ErrNotFound) {
		if version > 0 {
			return Shown{}, refuse(CodeLibrary, "%s See %s.", UserError(err), l.list())
		}
		return Shown{}, l.missing(ctx, owner, name, err, true)
	}
	if err != nil {
		return Shown{}, err
	}
	shown := Shown{Strategy: s, Ext: l.kind.Ext}
	if from == 0 {
		return shown, nil
	}
	old, err := l.shelf.Get(ctx, owner, name, from)
	if errors.Is(err, store.ErrNotFound) {
		return Shown{}, refuse(CodeLibrary, "%s See the versions kept with %s.", UserError(err), l.list())
	}
	if err != nil {
		return Shown{}, err
	}
	shown.From, shown.Diff = &old, lineDiff(old.Source, s.Source)
	return shown, nil
}

// Versions lists the versions kept of owner's strategy name, newest first; a strategy
// that does not exist is a *Refusal.
func (l *Library) Versions(ctx context.Context, owner, name string) ([]store.Strategy, error) {
	vs, err := l.shelf.Versions(ctx, owner, name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, l.missing(ctx, owner, name, err, true)
	}
	return vs, err
}

// Delete deletes owner's strategy name with all its versions; one already gone is a
// *Refusal.
func (l *Library) Delete(ctx context.Context, owner, name string) error {
	err := l.shelf.Delete(ctx, owner, name)
	if errors.Is(err, store.ErrNotFound) {
		return refuse(CodeGone, "It was already deleted.")
	}
	return err
}

// Get is the latest version of owner's strategy name, to load into a game's setup
// (its adapter makes the kind: kombathost.Load). A strategy that does not exist is a
// *Refusal, saying so when it is the other game's.
func (l *Library) Get(ctx context.Context, owner, name string) (store.Strategy, error) {
	s, err := l.shelf.Get(ctx, owner, name, 0)
	if errors.Is(err, store.ErrNotFound) {
		return s, l.missing(ctx, owner, name, err, false)
	}
	return s, err
}

// Latest is the latest version of owner's strategy (or plan) name, to play: one this
// library does not keep is a *Refusal, saying so when it is the other game's.
func (l *Library) Latest(ctx context.Context, owner, name string) (store.Strategy, error) {
	s, err := l.shelf.Get(ctx, owner, name, 0)
	if errors.Is(err, store.ErrNotFound) {
		return s, l.missing(ctx, owner, name, err, true)
	}
	return s, err
}
