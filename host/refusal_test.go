package host

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/store"
)

// chatWords writes a refusal's arguments as the Discord front does, so that the
// host's tests read the sentences players read.
type chatWords struct{}

func (chatWords) User(id string) string       { return "<@" + id + ">" }
func (chatWords) Place(id string) string      { return "<#" + id + ">" }
func (chatWords) Command(c string) string     { return "`/" + c + "`" }
func (chatWords) Control(label string) string { return "**" + label + "**" }
func (chatWords) Name(n string) string        { return "**" + n + "**" }

// refusalText is a refusal's sentence as a player on Discord reads it.
func refusalText(no *Refusal) string { return no.Text(chatWords{}) }

// TestRefusalArgumentsAreWordedByTheFront: the same refusal reads in each front's
// words, and its code and arguments are there for a front that words it its own way.
func TestRefusalArgumentsAreWordedByTheFront(t *testing.T) {
	err := inGame(true, "42", &Active{Game: store.GameKombat, Place: "7"})
	var no *Refusal
	if !errors.As(err, &no) {
		t.Fatalf("not a refusal: %v", err)
	}
	if no.Code != CodeInGame {
		t.Errorf("code %q, want %q", no.Code, CodeInGame)
	}
	if got, want := refusalText(no), "<@42> is already in a game on this server, in <#7>. Finish it (or `/kombat resign` there) first."; got != want {
		t.Errorf("chat words:\n got %q\nwant %q", got, want)
	}
	if got, want := no.Text(PlainWords{}), `user 42 is already in a game on this server, in place 7. Finish it (or "kombat resign" there) first.`; got != want {
		t.Errorf("plain words:\n got %q\nwant %q", got, want)
	}
	if len(no.Args) != 3 || no.Args[0] != User("42") || no.Args[1] != Place("7") || no.Args[2] != Command("kombat resign") {
		t.Errorf("args %#v", no.Args)
	}
	if !strings.Contains(err.Error(), "(in-game)") {
		t.Errorf("Error() %q does not carry the code", err.Error())
	}
}

// TestHostWritesNoChatMarkup: the host's own files hold no Discord mention, channel
// link, slash command or bold control: a front that is not Discord reuses its
// refusals as they are.
func TestHostWritesNoChatMarkup(t *testing.T) {
	// A control's name is the words on it: a package's name there (Control("host.Why?"),
	// left by a rename) would be shown to players as it is.
	markup := regexp.MustCompile("<@|<#|`/[a-z]|\\*\\*[A-Z][a-z]+\\*\\*|Control\\(\"[a-z]+\\.")
	core, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	adapters, err := filepath.Glob("*/*.go") // the games' adapters are the host's too
	if err != nil || len(adapters) == 0 {
		t.Fatalf("no adapter found: %v", err)
	}
	for _, f := range append(core, adapters...) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			if markup.MatchString(line) {
				t.Errorf("%s:%d: chat markup in the host: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// TestCode_NamesAreStable: every code has a name of its own, which is what a front
// that sends refusals as data sends.
func TestCode_NamesAreStable(t *testing.T) {
	seen := map[string]Code{}
	for c := Code(0); c.String() != "unknown"; c++ {
		if prev, ok := seen[c.String()]; ok {
			t.Errorf("codes %d and %d are both %q", prev, c, c.String())
		}
		seen[c.String()] = c
	}
	if CodeNotYourTurn.String() != "not-your-turn" || len(seen) <= int(CodeNoPause) {
		t.Errorf("%d names; not-your-turn is %q", len(seen), CodeNotYourTurn)
	}
	if b, _ := CodeInGame.MarshalText(); string(b) != "in-game" {
		t.Errorf("MarshalText: %s", b)
	}
}
