package kombathost

import (
	"errors"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

// TestCheckKind_FirstProblemWins checks the order of CheckKind's checks (name, then
// defense, then strategy) and the words each refusal gives the player.
func TestCheckKind_FirstProblemWins(t *testing.T) {
	lang := game.NewLanguage()
	cases := []struct {
		name, kind, defense, strategy string
		refusal                       string // "" when none
		compiles                      bool   // false: an *interp.Error (when no refusal)
	}{
		{"a good kind passes", "Rusher", "3", "move up", "", true},
		{"no name is refused", "  ", "3", "move up", "a kind needs a name.", true},
		{"a long name is refused before a bad defense", strings.Repeat("a", 21), "x", "move up",
			`kind name "aaaaaaaaaaaaaaaaaaaaa" is 21 characters long; the limit is 20.`, true},
		{"a bad character in the name is refused", "é", "0", "move up", `kind name "é" has 'é': use letters, digits, spaces, '-' and '_'.`, true},
		{"a defense that is no number is refused", "Rusher", "three", "move up",
			`The defense factor must be a whole number, 0 or more; got "three".`, true},
		{"a negative defense is refused", "Rusher", "-1", "move up",
			`The defense factor must be a whole number, 0 or more; got "-1".`, true},
		{"a defense beyond int64 is refused", "Rusher", "9223372036854775808", "move up",
			`The defense factor must be a whole number, 0 or more; got "9223372036854775808".`, true},
		{"a bad defense is refused before a bad strategy", "Rusher", "x", "move nowhere",
			`The defense factor must be a whole number, 0 or more; got "x".`, false},
		{"a strategy that does not compile gives its diagnostics", "Rusher", "0", "move nowhere", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k, err := CheckKind(lang, c.kind, c.defense, c.strategy)
			if got := refusalOf(err); got != c.refusal {
				t.Fatalf("refusal %q, want %q (err %v)", got, c.refusal, err)
			}
			var cerr *interp.Error
			if c.refusal == "" && !c.compiles && !errors.As(err, &cerr) {
				t.Fatalf("err %v, want an *interp.Error", err)
			}
			if c.refusal == "" && c.compiles && (err != nil || k.Name != c.kind) {
				t.Fatalf("CheckKind = %+v, %v; want the kind accepted", k, err)
			}
		})
	}
}

// TestCheckKind_KeepsWhatWasTyped checks that an accepted kind keeps its strategy as
// typed (fences included), trimmed, and that the diagnostics of one that does not
// compile point into the text as typed, so carets land where the player looks.
func TestCheckKind_KeepsWhatWasTyped(t *testing.T) {
	lang := game.NewLanguage()
	k, err := CheckKind(lang, "Sniper", " 2 ", "\n```\nshoot up 5\n```\n  ")
	if err != nil {
		t.Fatal(err)
	}
	if k != (game.KindSpec{Name: "Sniper", Defense: 2, Strategy: "```\nshoot up 5\n```"}) {
		t.Errorf("kind %+v", k)
	}
	_, err = CheckKind(lang, "Sniper", "0", "\n\nmove nowhere")
	var cerr *interp.Error
	if !errors.As(err, &cerr) {
		t.Fatalf("err %v, want an *interp.Error", err)
	}
	if cerr.Name != "Sniper" || cerr.Text != "\n\nmove nowhere" || cerr.Diags[0].Pos.Line != 3 {
		t.Errorf("diagnostics of %q in %q at %v", cerr.Name, cerr.Text, cerr.Diags[0].Pos)
	}
	if !strings.HasPrefix(err.Error(), "host: check strategy \"Sniper\": ") {
		t.Errorf("error without context: %v", err)
	}
}

// TestKindName_Cuts20 pins the cut of a saved strategy's name to a kind name from both
// sides: 20 characters stay, 21 lose the last, and a cut never ends in a space.
func TestKindName_Cuts20(t *testing.T) {
	for in, want := range map[string]string{
		strings.Repeat("é", 20):               strings.Repeat("é", 20),
		strings.Repeat("b", 21):               strings.Repeat("b", 20),
		strings.Repeat("c", 19) + " tail end": strings.Repeat("c", 19),
	} {
		if got := KindName(in); got != want {
			t.Errorf("KindName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestKindFromFile: a strategy file passes the same checks as a kind typed into a
// form, in the same order, and every error names the file (and the line, where there
// is one), so the terminal commands can print it as it is.
func TestKindFromFile(t *testing.T) {
	lang := game.NewLanguage()
	cases := []struct {
		name, path, text string
		want             game.KindSpec // when accepted
		err              string        // the error's text, "" when accepted or it does not compile
		line             int           // > 0: an *interp.Error named after the file, first error on this line
	}{
		{"a defense line gives the defense", "dir/walker.kombat", "# defense: 4\nmove up\n",
			game.KindSpec{Name: "walker", Defense: 4, Strategy: "# defense: 4\nmove up\n"}, "", 0},
		{"no defense line is defense 0; the text is kept as it is", "walker.txt", "\n\nmove up  \n",
			game.KindSpec{Name: "walker", Strategy: "\n\nmove up  \n"}, "", 0},
		{"a defense that is no number names the file and line 1", "dir/walker.kombat", "# defense: x\nmove up\n",
			game.KindSpec{}, `dir/walker.kombat:1: defense must be a whole number, 0 or more, got "x"`, 0},
		{"a negative defense names the file and line 1", "walker.kombat", "# defense: -2\nmove up\n",
			game.KindSpec{}, `walker.kombat:1: defense must be a whole number, 0 or more, got "-2"`, 0},
		{"a bad name names the file", "dir/bad!.kombat", "move up\n",
			game.KindSpec{}, `dir/bad!.kombat: kind name "bad!" has '!': use letters, digits, spaces, '-' and '_'`, 0},
		{"a bad name is refused before a bad defense, as in CheckKind", "bad!.kombat", "# defense: x\nmove up\n",
			game.KindSpec{}, `bad!.kombat: kind name "bad!" has '!': use letters, digits, spaces, '-' and '_'`, 0},
		{"a long name names the file", strings.Repeat("a", 21) + ".kombat", "move up\n",
			game.KindSpec{}, strings.Repeat("a", 21) + `.kombat: kind name "` + strings.Repeat("a", 21) + `" is 21 characters long; the limit is 20`, 0},
		{"a bad defense is reported before a strategy that does not compile", "walker.kombat", "# defense: x\nmove nowhere\n",
			game.KindSpec{}, `walker.kombat:1: defense must be a whole number, 0 or more, got "x"`, 0},
		{"a strategy that does not compile gives positions in the file", "dir/walker.kombat", "# defense: 1\n\nmove nowhere\n",
			game.KindSpec{}, "", 3},
		{"a name line names the kind, whatever the file is called", "dir/my.sniper-for-the-tournament.kombat", "# A sniper.\n# defense: 7\n# name: Sniper\nshoot up 5\n",
			game.KindSpec{Name: "Sniper", Defense: 7, Strategy: "# A sniper.\n# defense: 7\n# name: Sniper\nshoot up 5\n"}, "", 0},
		{"name and defense in either order, after other comments and blank lines", "x.kombat", "# Walks.\n\n# Name: Walker 2\n# defense: 3\nmove up\n",
			game.KindSpec{Name: "Walker 2", Defense: 3, Strategy: "# Walks.\n\n# Name: Walker 2\n# defense: 3\nmove up\n"}, "", 0},
		{"a defense line after the code is reported, not ignored", "walker.kombat", "move up\n# defense: 4\n",
			game.KindSpec{}, `walker.kombat:2: the "# defense:" line comes after the strategy's first line of code, where it would be ignored: move it to the comment lines at the top`, 0},
		{"a second name line is reported", "walker.kombat", "# name: A\n# name: B\nmove up\n",
			game.KindSpec{}, `walker.kombat:2: a second "# name:" line (the first is on line 1): keep one`, 0},
		{"a bad name line names the line", "walker.kombat", "# name: Snip!\nmove up\n",
			game.KindSpec{}, `walker.kombat:1: kind name "Snip!" has '!': use letters, digits, spaces, '-' and '_'`, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k, err := KindFromFile(lang, c.path, c.text)
			var cerr *interp.Error
			switch {
			case c.line > 0:
				if !errors.As(err, &cerr) {
					t.Fatalf("err %v, want an *interp.Error", err)
				}
				if cerr.Name != c.path || cerr.Text != c.text || cerr.Diags[0].Pos.Line != c.line {
					t.Errorf("diagnostics of %q in %q at %v; want %q at line %d", cerr.Name, cerr.Text, cerr.Diags[0].Pos, c.path, c.line)
				}
			case c.err != "":
				if err == nil || err.Error() != c.err {
					t.Errorf("err %v, want %q", err, c.err)
				}
			case err != nil || k != c.want:
				t.Errorf("KindFromFile = %+v, %v; want %+v", k, err, c.want)
			}
		})
	}
}
