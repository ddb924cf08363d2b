package host

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/store"
)

// openLibrary opens a fresh database in the test's directory and hosts its libraries;
// the database is closed at the end of the test.
func openLibrary(t *testing.T) (*Library, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "kombat.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return NewLibrary(db, game.NewLanguage(), kombatShelf(), kombatShelf(), upbeatShelf()), db
}

// kombatShelf and upbeatShelf are the two games' libraries as their adapters register
// them (kombathost.Library, upbeathost.Library), which the core's tests cannot import.
func kombatShelf() LibraryKind {
	return LibraryKind{Game: store.GameKombat, Noun: "strategy", Plural: "strategies", Program: "a KOMBAT strategy", Ext: "kombat", Draft: "lib:"}
}

func upbeatShelf() LibraryKind {
	return LibraryKind{Game: store.GameUpbeat, Noun: "plan", Plural: "plans", Program: "an UPBEAT plan", Ext: "upbeat", Draft: "uplib:"}
}

// refusedWith is the message of a *Refusal, "" for no error, and fails the test for any
// other error.
func refusedWith(t *testing.T, err error) string {
	t.Helper()
	var no *Refusal
	if err == nil {
		return ""
	}
	if !errors.As(err, &no) {
		t.Fatalf("not a refusal: %v", err)
	}
	return refusalText(no)
}

// TestUserError checks that a store error reads as the sentence written for players
// after its sentinel, capitalised with one final period, and that other errors are
// kept whole.
func TestUserError(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"not found", fmt.Errorf("store: strategy %q: %w: you have no strategy named %q", "x", store.ErrNotFound, "x"), `You have no strategy named "x".`},
		{"duplicate", fmt.Errorf("store: save: %w: you already have a strategy named %q", store.ErrDuplicate, "x"), `You already have a strategy named "x".`},
		{"invalid input with a period", fmt.Errorf("%w: a strategy needs a name.", store.ErrInvalidInput), "A strategy needs a name."},
		{"no sentinel", errors.New("disk full"), "Disk full."},
		{"a sentinel alone", store.ErrNotFound, "Not found."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := UserError(tt.err); got != tt.want {
				t.Errorf("UserError = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLines checks the line count the library shows.
func TestLines(t *testing.T) {
	for text, want := range map[string]int{"": 0, "a": 1, "a\n": 1, "a\nb": 2, "a\nb\n\n": 2, "\n": 1} {
		if got := Lines(text); got != want {
			t.Errorf("Lines(%q) = %d, want %d", text, got, want)
		}
	}
}

// TestLibrarySave saves versions and checks what each save gives: the version, the
// code out of its fence, the refusals of the checks (kept as a draft for editing
// again) and of the store (not kept), and that a save that succeeds forgets the draft.
func TestLibrarySave(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name             string
		before           []string // texts saved first as Rush B, defense 1
		save, def, text  string
		want             Saved
		kept             bool
		refusal          string // the *Refusal's message; "" for none
		compileErr       bool   // an *interp.Error instead
		draftAfter       string // the draft's strategy afterwards ("" when none is kept)
		strategyAfter    string // the latest source of Rush B afterwards
		defenseAfter     int64
		versionsKeptWant int
	}{
		{name: "a new strategy, out of its fence", save: "Rush B", def: "3", text: "```\nmove up\n```",
			want: Saved{Name: "Rush B", Version: 1, Defense: 3, Lines: 1}, strategyAfter: "move up", defenseAfter: 3, versionsKeptWant: 1},
		{name: "a second version under another case", before: []string{"move up"}, save: "rush b", def: " 2 ", text: "x = 1\nmove up\n",
			want: Saved{Name: "rush b", Version: 2, Defense: 2, Lines: 2}, strategyAfter: "x = 1\nmove up", defenseAfter: 2, versionsKeptWant: 2},
		{name: "one that does not compile is kept for editing", before: []string{"move up"}, save: "Rush B", def: "3", text: "move up\nmove right\n",
			kept: true, compileErr: true, draftAfter: "move up\nmove right\n", strategyAfter: "move up", defenseAfter: 1, versionsKeptWant: 1},
		{name: "a bad defense is kept for editing", save: "Rush B", def: "-1", text: "move up",
			kept: true, refusal: `The defense factor must be a whole number, 0 or more; got "-1".`, draftAfter: "move up"},
		{name: "a name the store refuses is not kept", save: "a:b", def: "0", text: "move up",
			refusal: `The name "a:b" has ':': use letters, digits, spaces, '-' and '_'.`},
		{name: "a save after a refused one forgets the draft", before: []string{"move up", "move nowhere"}, save: "Rush B", def: "0", text: "move down",
			want: Saved{Name: "Rush B", Version: 2, Defense: 0, Lines: 1}, strategyAfter: "move down", versionsKeptWant: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, db := openLibrary(t)
			for _, text := range tt.before {
				l.Save(ctx, ann, "Rush B", "1", text)
			}
			got, kept, err := l.Save(ctx, ann, tt.save, tt.def, tt.text)
			var cerr *interp.Error
			if tt.compileErr {
				if !errors.As(err, &cerr) {
					t.Fatalf("Save gave %v, want an *interp.Error", err)
				}
			} else if msg := refusedWith(t, err); msg != tt.refusal {
				t.Fatalf("Save refused %q, want %q", msg, tt.refusal)
			}
			if got != tt.want || kept != tt.kept {
				t.Errorf("Save = %+v, kept %v; want %+v, kept %v", got, kept, tt.want, tt.kept)
			}
			d, err := l.Draft(ctx, ann, "RUSH b")
			if tt.draftAfter == "" {
				if msg := refusedWith(t, err); msg != "There is nothing left to edit: the strategy was saved." {
					t.Errorf("a draft is left: %+v (%q)", d, msg)
				}
			} else if err != nil || d != (LibraryDraft{Defense: tt.def, Strategy: tt.draftAfter}) {
				t.Errorf("the draft: %+v, %v", d, err)
			}
			if tt.strategyAfter == "" {
				if _, err := kombatShelf().Shelf(db).Get(ctx, ann, "Rush B", 0); !errors.Is(err, store.ErrNotFound) {
					t.Errorf("a strategy was saved: %v", err)
				}
				return
			}
			s, err := kombatShelf().Shelf(db).Get(ctx, ann, "Rush B", 0)
			if err != nil || s.Source != tt.strategyAfter || s.Defense != tt.defenseAfter || s.Version != tt.versionsKeptWant {
				t.Errorf("stored: v%d %q defense %d (%v); want v%d %q defense %d", s.Version, s.Source, s.Defense, err, tt.versionsKeptWant, tt.strategyAfter, tt.defenseAfter)
			}
		})
	}
}

// TestLibraryForm checks what the save form starts with: the defense given, or the
// latest version's, or 0, with the latest source, and a bad name refused.
func TestLibraryForm(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name    string
		saved   bool // Rush B saved first, defense 4
		ask     string
		defense int64
		want    LibraryDraft
		refusal string
	}{
		{"a new strategy starts at 0", false, "Rush B", -1, LibraryDraft{Defense: "0"}, ""},
		{"a new strategy with a defense given", false, "Rush B", 7, LibraryDraft{Defense: "7"}, ""},
		{"an existing one gives its latest version", true, "rush b", -1, LibraryDraft{Defense: "4", Strategy: "move up"}, ""},
		{"a defense given wins over the saved one", true, "Rush B", 0, LibraryDraft{Defense: "0", Strategy: "move up"}, ""},
		{"a bad name is refused", false, "a:b", -1, LibraryDraft{}, `The name "a:b" has ':': use letters, digits, spaces, '-' and '_'.`},
		{"no name is refused", false, "", -1, LibraryDraft{}, "A strategy needs a name."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, _ := openLibrary(t)
			if tt.saved {
				if _, _, err := l.Save(ctx, ann, "Rush B", "4", "move up"); err != nil {
					t.Fatal(err)
				}
			}
			got, err := l.Form(ctx, ann, tt.ask, tt.defense)
			if msg := refusedWith(t, err); msg != tt.refusal {
				t.Fatalf("Form refused %q, want %q", msg, tt.refusal)
			}
			if got != tt.want {
				t.Errorf("Form = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestLibraryShow checks showing a version, the diff from another (with the text and
// the file name of each), and the refusals of a strategy or version not kept, with
// players' libraries apart.
func TestLibraryShow(t *testing.T) {
	ctx := context.Background()
	l, _ := openLibrary(t)
	for i, text := range []string{"move up", "x = 1\nmove up\nshoot up 10"} {
		if _, _, err := l.Save(ctx, ann, "Rush B", fmt.Sprint(3+i), text); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name          string
		owner, ask    string
		version, from int
		wantVersion   int
		wantFrom      int // 0: no From
		wantDiff      string
		wantText      string
		wantFile      string
		refusal       string
	}{
		{"the latest", ann, "rush b", 0, 0, 2, 0, "", "x = 1\nmove up\nshoot up 10", "Rush_B-v2.kombat", ""},
		{"a version", ann, "Rush B", 1, 0, 1, 0, "", "move up", "Rush_B-v1.kombat", ""},
		{"the diff from v1", ann, "Rush B", 0, 1, 2, 1, "@@ 1,1 @@\n+x = 1\n move up\n+shoot up 10\n",
			"@@ 1,1 @@\n+x = 1\n move up\n+shoot up 10\n", "Rush_B-v1-v2.diff", ""},
		{"a diff with itself is empty", ann, "Rush B", 2, 2, 2, 2, "", "(the sources are the same)\n", "Rush_B-v2-v2.diff", ""},
		{"a missing version", ann, "Rush B", 7, 0, 0, 0, "", "", "", `Strategy "Rush B" has no version 7. See ` + "`/kombat strategy list`."},
		{"a missing version to compare", ann, "Rush B", 0, 9, 0, 0, "", "", "", `Strategy "Rush B" has no version 9. See the versions kept with ` + "`/kombat strategy list`."},
		{"someone else's strategy", bob, "Rush B", 0, 0, 0, 0, "", "", "", `You have no strategy named "Rush B". See ` + "`/kombat strategy list`."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := l.Show(ctx, tt.owner, tt.ask, tt.version, tt.from)
			if msg := refusedWith(t, err); msg != tt.refusal {
				t.Fatalf("Show refused %q, want %q", msg, tt.refusal)
			}
			if tt.refusal != "" {
				return
			}
			if s.Version != tt.wantVersion || s.Name != "Rush B" || s.Diff != tt.wantDiff {
				t.Errorf("Show = v%d %q diff %q; want v%d diff %q", s.Version, s.Name, s.Diff, tt.wantVersion, tt.wantDiff)
			}
			if s.Text() != tt.wantText || s.File() != tt.wantFile {
				t.Errorf("Text %q, File %q; want %q, %q", s.Text(), s.File(), tt.wantText, tt.wantFile)
			}
			if from := 0; s.From != nil {
				if from = s.From.Version; from != tt.wantFrom {
					t.Errorf("From = v%d, want v%d", from, tt.wantFrom)
				}
			} else if tt.wantFrom != 0 {
				t.Errorf("no From, want v%d", tt.wantFrom)
			}
		})
	}
}

// TestLibraryDelete checks the versions counted before a delete and a delete twice
// (loading a saved strategy as a proposal is KOMBAT's adapter's: kombathost's
// TestLoad).
func TestLibraryDelete(t *testing.T) {
	ctx := context.Background()
	long := "A very long strategy name 1234"
	tests := []struct {
		name     string
		do       func(l *Library) (string, error) // a result to compare, and the error
		want     string
		refusal  string
		versions int // of Rush B afterwards; -1 when it is gone
	}{
		{"versions, newest first", func(l *Library) (string, error) {
			vs, err := l.Versions(ctx, ann, "RUSH B")
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%s %d %d", vs[0].Name, vs[0].Version, len(vs)), nil
		}, "Rush B 2 2", "", 2},
		{"versions of nothing", func(l *Library) (string, error) {
			_, err := l.Versions(ctx, bob, "Rush B")
			return "", err
		}, "", `You have no strategy named "Rush B". See ` + "`/kombat strategy list`.", 2},
		{"delete", func(l *Library) (string, error) { return "", l.Delete(ctx, ann, "rush B") }, "", "", -1},
		{"delete twice", func(l *Library) (string, error) {
			l.Delete(ctx, ann, "Rush B")
			return "", l.Delete(ctx, ann, "Rush B")
		}, "", "It was already deleted.", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, db := openLibrary(t)
			for _, s := range []struct{ name, def, text string }{{"Rush B", "4", "move up"}, {"Rush B", "5", "move down"}, {long, "0", "move downleft"}} {
				if _, _, err := l.Save(ctx, ann, s.name, s.def, s.text); err != nil {
					t.Fatal(err)
				}
			}
			got, err := tt.do(l)
			if msg := refusedWith(t, err); msg != tt.refusal {
				t.Fatalf("refused %q, want %q", msg, tt.refusal)
			}
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			vs, err := kombatShelf().Shelf(db).Versions(ctx, ann, "Rush B")
			if tt.versions < 0 {
				if !errors.Is(err, store.ErrNotFound) {
					t.Errorf("Rush B is still there: %d versions, %v", len(vs), err)
				}
			} else if len(vs) != tt.versions {
				t.Errorf("Rush B has %d versions (%v), want %d", len(vs), err, tt.versions)
			}
		})
	}
}

// TestHost_LibraryRegistered: a host's libraries are its games' registered ones
// (Plug.Library): each game's words, the rows that name no game's game for "", none
// for a game whose players save no programs; each knows the others' for its refusal.
func TestHost_LibraryRegistered(t *testing.T) {
	_, db := openRecords(t)
	stub := func(*Host) Game { return stubGame{} }
	h, err := New(Options{DB: db, Front: quietFront{}, Games: []Plug{
		{Name: store.GameKombat, Unnamed: true, Library: kombatShelf(), New: stub},
		{Name: store.GameUpbeat, Library: upbeatShelf(), New: stub},
		{Name: "nim", New: stub},
	}})
	must(t, err)
	t.Cleanup(func() { <-h.Close() })
	for _, c := range []struct {
		game      store.GameName
		noun      string
		otherGame store.GameName
	}{{store.GameKombat, "strategy", store.GameUpbeat}, {"", "strategy", store.GameUpbeat}, {store.GameUpbeat, "plan", store.GameKombat}} {
		l := h.Library(c.game, game.NewLanguage())
		if l == nil || l.Noun() != c.noun || len(l.others) != 1 || l.others[0].Game != c.otherGame {
			t.Errorf("Library(%q): %+v, want its %s and %s's library beside it", c.game, l, c.noun, c.otherGame)
		}
	}
	if l := h.Library("nim", game.NewLanguage()); l != nil {
		t.Errorf("a game without programs has a library: %+v", l)
	}
}
