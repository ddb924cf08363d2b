package kombathost

import (
	"errors"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

// TestTry: a strategy runs once in the position asked for (the first when the name is
// unknown), and its trace and actions say what it did; one that does not compile is
// refused with its diagnostics.
func TestTry(t *testing.T) {
	lang := game.NewLanguage()
	cases := []struct {
		position, want, strategy, act string
		end                           string
	}{
		{"adjacent", "adjacent", "```kombat\nshoot up 10\n```", "shoot", "end"},
		{"near", "near", "move up", "move", "end"},
		{"alone", "alone", "x = opponent\ndone", "", "done"},
		{"nowhere", "near", "done", "", "done"},
	}
	for _, c := range cases {
		tr, err := Try(lang, "s", c.strategy, 0, c.position)
		if err != nil {
			t.Fatalf("%s: %v", c.position, err)
		}
		if tr.Position.Name != c.want || tr.Position.Desc == "" {
			t.Errorf("%s: tried in %+v, want %s", c.position, tr.Position, c.want)
		}
		if c.act != "" && (len(tr.Acts) != 1 || !strings.Contains(tr.Acts[0], c.act)) {
			t.Errorf("%s: actions %q, want one %s", c.position, tr.Acts, c.act)
		}
		if c.act == "" && len(tr.Acts) != 0 {
			t.Errorf("%s: actions %q, want none", c.position, tr.Acts)
		}
		if string(tr.Eval.End) != c.end || tr.Eval.Steps == 0 || tr.Trace() == "" {
			t.Errorf("%s: eval %+v", c.position, tr.Eval)
		}
	}
	_, err := Try(lang, "bad", "move sideways", 0, "near")
	var ie *interp.Error
	if err == nil || !errors.As(err, &ie) {
		t.Errorf("a broken strategy: %v, want its diagnostics", err)
	}
}
