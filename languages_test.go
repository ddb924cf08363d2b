package main

import (
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/upbeat"
)

// TestNoWordLeaks_U9 checks that no KOMBAT word is reserved in UPBEAT and no UPBEAT
// word in KOMBAT: each plan compiles in one language and is refused by the other.
func TestNoWordLeaks_U9(t *testing.T) {
	kombat, ub := game.NewLanguage(), upbeat.NewLanguage()
	tests := []struct {
		name               string
		src                string
		inKombat, inUpbeat bool
	}{
		{"Budget is ordinary in UPBEAT (read-only in KOMBAT)", "Budget = 5\nx = Budget", true, true},
		{"ally is ordinary in UPBEAT", "ally = 3", false, true},
		{"row and col are ordinary in UPBEAT (read-only in KOMBAT)", "row = 1\ncol = row", true, true},
		{"deposit is ordinary in KOMBAT (read-only in UPBEAT)", "deposit = 5\nx = deposit", true, true},
		{"invest is ordinary in KOMBAT", "invest = 1", true, false},
		{"collect is ordinary in KOMBAT", "collect = 1", true, false},
		{"relocate is ordinary in KOMBAT", "relocate = 1", true, false},
		{"UPBEAT's commands", "invest 5\ncollect 1\nrelocate", false, true},
		{"ally is an info expression in KOMBAT, a name in UPBEAT", "ally = 1\nx = ally", false, true},
		{"shared words", "move up\nshoot down 3\nx = opponent + nearby up\ndone", true, true},
	}
	for _, tc := range tests {
		_, errK := interp.Compile(kombat, "k", tc.src)
		_, errU := interp.Compile(ub, "u", tc.src)
		if (errK == nil) != tc.inKombat {
			t.Errorf("%s: KOMBAT compiles it: %v, want %v (%v)", tc.name, errK == nil, tc.inKombat, errK)
		}
		if (errU == nil) != tc.inUpbeat {
			t.Errorf("%s: UPBEAT compiles it: %v, want %v (%v)", tc.name, errU == nil, tc.inUpbeat, errU)
		}
	}
	// Assigning to a read-only name is a no-op warned about, in each its own names.
	warns := func(l *interp.Language, src string) bool {
		p, err := interp.Compile(l, "w", src)
		return err == nil && len(p.Warnings()) > 0
	}
	if !warns(ub, "budget = 1") || warns(ub, "Budget = 1\nx = Budget") || !warns(kombat, "Budget = 1") || !warns(kombat, "row = 1") || warns(ub, "row = 1\nx = row") || warns(kombat, "deposit = 1\nx = deposit") {
		t.Error("read-only names leak between the languages")
	}
}

// TestReservedWords_U9 checks UPBEAT's reserved words are exactly the spec's list.
func TestReservedWords_U9(t *testing.T) {
	ub := upbeat.NewLanguage()
	for _, w := range []string{"collect", "done", "down", "downleft", "downright", "else", "if", "invest", "move", "nearby", "opponent", "relocate", "shoot", "then", "up", "upleft", "upright", "while"} {
		if _, err := interp.Compile(ub, "r", w+" = 1"); err == nil {
			t.Errorf("%s is not reserved in UPBEAT", w)
		}
	}
	for _, w := range []string{"rows", "cols", "currow", "curcol", "budget", "deposit", "int", "maxdeposit", "random"} {
		p, err := interp.Compile(ub, "s", w+" = 1")
		if err != nil || len(p.Warnings()) == 0 {
			t.Errorf("%s is not a read-only special in UPBEAT (%v)", w, err)
		}
	}
}
