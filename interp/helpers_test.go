package interp

import (
	"os"
	"testing"
)

// kombatDef mirrors game.Definition; interp's tests cannot import game (it imports us).
func kombatDef() Definition {
	return Definition{
		Name:       "KOMBAT",
		Directions: []string{"up", "upright", "downright", "down", "downleft", "upleft"},
		Commands: []Word{
			{Name: "move", Args: []ArgKind{ArgDirection}},
			{Name: "shoot", Args: []ArgKind{ArgDirection, ArgExpr}},
		},
		Infos: []Word{
			{Name: "ally"},
			{Name: "opponent"},
			{Name: "nearby", Args: []ArgKind{ArgDirection}},
		},
		Specials:  []string{"row", "col", "Budget", "Int", "MaxBudget", "SpawnsLeft", "random"},
		Shared:    UpperShared,
		LoopLimit: 10000,
	}
}

// upbeatDef is UPBEAT's vocabulary (spec upbeat.txt): the same grammar with other words,
// every variable local and lowercase specials. It proves the core is game-agnostic.
func upbeatDef() Definition {
	return Definition{
		Name:       "UPBEAT",
		Directions: []string{"up", "upright", "downright", "down", "downleft", "upleft"},
		Commands: []Word{
			{Name: "relocate"},
			{Name: "move", Args: []ArgKind{ArgDirection}},
			{Name: "invest", Args: []ArgKind{ArgExpr}},
			{Name: "collect", Args: []ArgKind{ArgExpr}},
			{Name: "shoot", Args: []ArgKind{ArgDirection, ArgExpr}},
		},
		Infos: []Word{
			{Name: "opponent"},
			{Name: "nearby", Args: []ArgKind{ArgDirection}},
		},
		Specials:  []string{"rows", "cols", "currow", "curcol", "budget", "deposit", "int", "maxdeposit", "random"},
		LoopLimit: 10000,
	}
}

func mustLang(t testing.TB, d Definition) *Language {
	t.Helper()
	l, err := NewLanguage(d)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func readFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// stubHost answers with fixed values and counts commands.
type stubHost struct {
	specials [16]int64
	infos    [8]int64
	commands int
	stopAt   int // Command returns false on this call number (1-based); 0 never
}

func (h *stubHost) Special(id int) int64            { return h.specials[id] }
func (h *stubHost) Info(id int, args []int64) int64 { return h.infos[id] }
func (h *stubHost) Command(id int, args []int64) bool {
	h.commands++
	return h.stopAt == 0 || h.commands != h.stopAt
}
