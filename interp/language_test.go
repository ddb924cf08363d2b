package interp

import (
	"strings"
	"testing"
)

func TestNewLanguageRejects(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Definition)
		want string
	}{
		{"duplicate word", func(d *Definition) { d.Commands = append(d.Commands, Word{Name: "up"}) }, `word "up" defined twice`},
		{"keyword", func(d *Definition) { d.Infos = append(d.Infos, Word{Name: "while"}) }, `word "while" defined twice`},
		{"bad name", func(d *Definition) { d.Directions = append(d.Directions, "north-east") }, `"north-east" is not a valid word`},
		{"special is reserved", func(d *Definition) { d.Specials = append(d.Specials, "move") }, `special "move" is a reserved word`},
		{"duplicate special", func(d *Definition) { d.Specials = append(d.Specials, "row") }, `special "row" defined twice`},
		{"loop limit", func(d *Definition) { d.LoopLimit = 0 }, "loop limit must be positive"},
		{"too many args", func(d *Definition) {
			d.Commands = append(d.Commands, Word{Name: "fire", Args: make([]ArgKind, maxArgs+1)})
		}, "more than 4 arguments"},
	}
	for _, tc := range tests {
		d := kombatDef()
		tc.edit(&d)
		if _, err := NewLanguage(d); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestSecondLanguage runs an UPBEAT plan: the same core with other words and rules
// (all variables local, a command that ends the plan), without any change to the core.
func TestSecondLanguage(t *testing.T) {
	lang := mustLang(t, upbeatDef())
	p, err := Compile(lang, "plan", "t = t + 1\nif (budget - 100) then invest 100 else collect 10\nrelocate\nmove up\n")
	if err != nil {
		t.Fatal(err.(*Error).Format())
	}
	if len(p.Globals()) != 0 {
		t.Errorf("UPBEAT has no shared variables, got %v", p.Globals())
	}
	// relocate (command 0) ends the plan, as UPBEAT's spec says.
	h := &upbeatHost{}
	var m Machine
	r := m.Run(p, h, Frame{Locals: make([]int64, 1)}, 1000)
	if r.End != EndHost || strings.Join(h.log, " ") != "invest 100 relocate" {
		t.Errorf("ended %v after %v", r.End, h.log)
	}
	if lang.Direction(3) != "downright" || lang.Direction(7) != "" || lang.Name() != "UPBEAT" {
		t.Errorf("language accessors")
	}
}

type upbeatHost struct{ log []string }

func (h *upbeatHost) Special(id int) int64 { return 500 } // budget and the rest
func (h *upbeatHost) Info(int, []int64) int64 {
	return 0
}
func (h *upbeatHost) Command(id int, args []int64) bool {
	name := upbeatDef().Commands[id].Name
	for _, a := range args {
		name += " " + string(rune('0'+a/100)) + "00"
	}
	h.log = append(h.log, name)
	return name != "relocate"
}

func TestExtract(t *testing.T) {
	tests := []struct {
		text, code string
		line       int
	}{
		{"move up", "move up", 1},
		{"hi\n```kombat\nmove up\n```\nbye", "move up\n", 3},
		{"```\nmove up```", "move up", 2},
		{"a ```move up``` b", "move up", 1},
		{"```\nx\n```\n```kombat\ny\n```", "y\n", 5},
		{"```KOMBAT\ny\n```", "y\n", 2},
		{"unclosed\n```\nmove up\n", "move up\n", 3},
		{"```kombat x = 1\n```", "kombat x = 1\n", 1},
	}
	for _, tc := range tests {
		code, line := Extract(tc.text, "kombat")
		if code != tc.code || line != tc.line {
			t.Errorf("Extract(%q) = %q, %d; want %q, %d", tc.text, code, line, tc.code, tc.line)
		}
	}
}
