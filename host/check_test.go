package host

import (
	"errors"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

// The people of the tests: ann challenged bob; cid watches.
const (
	ann = "100"
	bob = "200"
	cid = "300"
)

// refusalOf is the message of a *Refusal in err, or "" when err holds none.
func refusalOf(err error) string {
	var no *Refusal
	if errors.As(err, &no) {
		return refusalText(no)
	}
	return ""
}

// TestCheckSaved_StoresTheCode checks that a saved strategy is the code out of its
// fence, trimmed, that its diagnostics point into that code, and that its name is
// not held to a kind name's rules (the library's are store's).
func TestCheckSaved_StoresTheCode(t *testing.T) {
	lang := game.NewLanguage()
	long := strings.Repeat("x", 30)
	k, err := CheckSaved(lang, long, "1", "my best:\n```kombat\n\nmove up\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	if k != (Checked{Name: long, Defense: 1, Strategy: "move up"}) {
		t.Errorf("kind %+v", k)
	}
	_, err = CheckSaved(lang, "x", "1", "```\n\nmove nowhere\n```")
	var cerr *interp.Error
	if !errors.As(err, &cerr) || cerr.Text != "move nowhere" || cerr.Diags[0].Pos.Line != 1 {
		t.Errorf("err %v, want the diagnostics of the code alone", err)
	}
	if _, err := CheckSaved(lang, "x", "-2", "move up"); refusalOf(err) == "" {
		t.Errorf("a negative defense was not refused: %v", err)
	}
}
