package kombathost

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/store"
)

// seating is a game being set up: a duel of ann and bob, ann's solo game in seat 2,
// or ann's auto game.
func seating(mode game.Mode) *store.Game {
	g := &store.Game{Mode: mode, Status: store.StatusSetup}
	switch mode {
	case game.ModeDuel:
		NewRow(g, [2]string{ann, bob}, 0, game.DefaultConfig())
	case game.ModeSolitaire:
		NewRow(g, [2]string{"", ann}, 2, game.DefaultConfig())
	default:
		NewRow(g, [2]string{}, 0, game.DefaultConfig())
	}
	return g
}

// kinds are n proposals named K0, K1, …
func kinds(n int) []Proposal {
	var out []Proposal
	for i := range n {
		out = append(out, Proposal{Name: fmt.Sprintf("K%d", i), Strategy: "move up", By: ann})
	}
	return out
}

// TestLobby_MayTakePart checks who may change a setup's kinds or say they are ready,
// and the words of each refusal.
func TestLobby_MayTakePart(t *testing.T) {
	agreed := seating(game.ModeDuel)
	agreed.Status = store.StatusPlay
	cases := []struct {
		name    string
		g       *store.Game
		user    string
		act     SetupAction
		refusal string // "" when allowed
	}{
		{"a duel's challenger takes part", seating(game.ModeDuel), ann, ChangeKinds, ""},
		{"a duel's challenged player takes part", seating(game.ModeDuel), bob, SayReady, ""},
		{"a bystander of a duel is refused", seating(game.ModeDuel), cid, ChangeKinds, "Only the players of this game can change its kinds."},
		{"a solo game's player takes part", seating(game.ModeSolitaire), ann, ChangeKinds, ""},
		{"a bystander of a solo game is refused", seating(game.ModeSolitaire), cid, SayReady, "Only the players of this game can say they are ready."},
		{"an auto game's owner takes part", seating(game.ModeAuto), ann, ChangeKinds, ""},
		{"anyone else in an auto game is refused, told who started it", seating(game.ModeAuto), bob, SayReady,
			"Only <@100>, who started this game, can say they are ready."},
		{"nobody changes the kinds once they are agreed", agreed, ann, ChangeKinds, "The kinds of this game are already agreed."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := &Lobby{Owner: ann}
			if got := refusalOf(l.May(c.g, c.user, c.act)); got != c.refusal {
				t.Fatalf("May refused %q, want %q", got, c.refusal)
			}
			if c.g.Status == store.StatusSetup && l.CanPropose(c.g, c.user) != (c.refusal == "") {
				t.Fatalf("CanPropose = %v, disagrees with May", !(c.refusal == ""))
			}
		})
	}
}

// TestLobby_Propose checks the rules a proposed kind meets, which problem is told
// first, and that any change clears everyone's Ready.
func TestLobby_Propose(t *testing.T) {
	lang := game.NewLanguage()
	cases := []struct {
		name    string
		have    int // kinds already proposed, K0…
		index   int
		p       Proposal
		defense string
		refusal string // "" when accepted or when it does not compile
		compile bool   // the error is a strategy that does not compile
		want    []string
	}{
		{"a new kind is added at the end", 2, NewKind, Proposal{Name: "Rusher", Strategy: "move up"}, "3", "", false, []string{"K0", "K1", "Rusher"}},
		{"an edit replaces the kind in its place", 3, 1, Proposal{Name: "Rusher", Strategy: "move up"}, "3", "", false, []string{"K0", "Rusher", "K2"}},
		{"an edit may keep its own name in another case", 2, 1, Proposal{Name: "k1", Strategy: "move up"}, "0", "", false, []string{"K0", "k1"}},
		{"a name another kind has, ignoring case, is refused", 2, NewKind, Proposal{Name: "k0", Strategy: "move up"}, "0",
			`There is already a kind named "K0" (names are compared ignoring case).`, false, nil},
		{"an edit may not take another kind's name", 2, 0, Proposal{Name: "K1", Strategy: "move up"}, "0",
			`There is already a kind named "K1" (names are compared ignoring case).`, false, nil},
		{"a name clash is told before a bad defense", 1, NewKind, Proposal{Name: "K0", Strategy: "move up"}, "x",
			`There is already a kind named "K0" (names are compared ignoring case).`, false, nil},
		{"a bad kind is told before the limit of kinds", game.MaxKinds, NewKind, Proposal{Name: "Rusher", Strategy: "move up"}, "x",
			`The defense factor must be a whole number, 0 or more; got "x".`, false, nil},
		{"a sixth kind is refused", game.MaxKinds, NewKind, Proposal{Name: "Rusher", Strategy: "move up"}, "0",
			fmt.Sprintf("A game has at most %d kinds.", game.MaxKinds), false, nil},
		{"the limit is told before a strategy that does not compile", game.MaxKinds, NewKind, Proposal{Name: "Rusher", Strategy: "move nowhere"}, "0",
			fmt.Sprintf("A game has at most %d kinds.", game.MaxKinds), false, nil},
		{"a full game's kinds may still be edited", game.MaxKinds, 4, Proposal{Name: "Rusher", Strategy: "move up"}, "0", "", false,
			[]string{"K0", "K1", "K2", "K3", "Rusher"}},
		{"a strategy that does not compile gives its diagnostics", 1, NewKind, Proposal{Name: "Rusher", Strategy: "move nowhere"}, "0", "", true, nil},
		{"an edit of a kind removed meanwhile is refused", 2, 2, Proposal{Name: "Rusher", Strategy: "move up"}, "0",
			"That kind is no longer there; add it again.", false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := &Lobby{Kinds: kinds(c.have), Ready: [2]bool{true, true}}
			before := slices.Clone(l.Kinds)
			old := l.Kinds
			got, err := l.Propose(lang, c.index, c.p, c.defense)
			if r := refusalOf(err); r != c.refusal {
				t.Fatalf("refusal %q, want %q (err %v)", r, c.refusal, err)
			}
			if !slices.Equal(old, before) {
				t.Fatalf("the old kinds changed in place: %v, want %v", old, before)
			}
			var cerr *interp.Error
			if c.compile != errors.As(err, &cerr) {
				t.Fatalf("err %v; want a compile error: %v", err, c.compile)
			}
			if err != nil {
				if !slices.Equal(l.Kinds, before) || l.Ready != [2]bool{true, true} {
					t.Fatalf("a refused proposal changed the lobby: %+v", l)
				}
				return
			}
			var names []string
			for _, k := range l.Kinds {
				names = append(names, k.Name)
			}
			if !slices.Equal(names, c.want) {
				t.Fatalf("kinds %v, want %v", names, c.want)
			}
			if l.Ready != [2]bool{} {
				t.Fatalf("Ready %v after a change, want it cleared", l.Ready)
			}
			if got.Name != c.p.Name || got.Strategy != "move up" {
				t.Fatalf("Propose returned %+v", got)
			}
		})
	}
}

// TestLobby_ProposeKeepsWhatWasTyped checks that a kind is stored with its defense
// read and its strategy trimmed, as CheckKind gives them, and who proposed it.
func TestLobby_ProposeKeepsWhatWasTyped(t *testing.T) {
	l := &Lobby{}
	p, err := l.Propose(game.NewLanguage(), NewKind, Proposal{Name: "Sniper", Strategy: "\n  shoot up 5\n ", By: bob}, " 2 ")
	want := Proposal{Name: "Sniper", Defense: 2, Strategy: "shoot up 5", By: bob}
	if err != nil || p != want || len(l.Kinds) != 1 || l.Kinds[0] != want {
		t.Fatalf("Propose = %+v, %v; kinds %+v; want %+v", p, err, l.Kinds, want)
	}
}

// TestLobby_EditAndRemove checks that a kind removed since the player's view was
// drawn is refused, and that a removal takes the right kind out and clears Ready.
func TestLobby_EditAndRemove(t *testing.T) {
	cases := []struct {
		name    string
		index   int
		refusal string
		want    []string
	}{
		{"removing takes that kind out", 1, "", []string{"K0", "K2"}},
		{"a kind removed meanwhile is refused", 3, "That kind is no longer there.", nil},
		{"a negative index is refused", -1, "That kind is no longer there.", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := &Lobby{Kinds: kinds(3), Ready: [2]bool{true, false}}
			old := l.Kinds
			_, kerr := l.Kind(c.index)
			if (kerr == nil) != (c.refusal == "") {
				t.Fatalf("Kind(%d) = %v, disagrees with Remove", c.index, kerr)
			}
			err := l.Remove(c.index)
			if got := refusalOf(err); got != c.refusal {
				t.Fatalf("refusal %q, want %q", got, c.refusal)
			}
			if err != nil {
				if l.Ready != [2]bool{true, false} {
					t.Fatal("a refused removal cleared Ready")
				}
				return
			}
			var names []string
			for _, k := range l.Kinds {
				names = append(names, k.Name)
			}
			if !slices.Equal(names, c.want) || l.Ready != [2]bool{} || old[1].Name != "K1" {
				t.Fatalf("kinds %v, Ready %v, old %v; want %v, cleared, untouched", names, l.Ready, old, c.want)
			}
		})
	}
	if got := refusalOf(func() error { _, err := (&Lobby{}).Kind(0); return err }()); got != "That kind is no longer there; the setup message shows the current ones." {
		t.Fatalf("Kind refused %q", got)
	}
}

// TestLobby_CanAdd checks that the form for another kind is refused only once the
// game has all the kinds it may have.
func TestLobby_CanAdd(t *testing.T) {
	if err := (&Lobby{Kinds: kinds(game.MaxKinds - 1)}).CanAdd(); err != nil {
		t.Fatalf("CanAdd with room: %v", err)
	}
	want := fmt.Sprintf("A game has at most %d kinds; edit or remove one instead.", game.MaxKinds)
	if got := refusalOf((&Lobby{Kinds: kinds(game.MaxKinds)}).CanAdd()); got != want {
		t.Fatalf("CanAdd when full refused %q, want %q", got, want)
	}
}

// TestLobby_ToggleReady checks when a game may start: every human seat ready, or an
// auto game's owner alone (for seat 1); Ready toggles; no kinds, no Ready.
func TestLobby_ToggleReady(t *testing.T) {
	cases := []struct {
		name    string
		mode    game.Mode
		kinds   int
		ready   [2]bool
		user    string
		refusal string
		start   bool
		after   [2]bool
	}{
		{"one duel player ready does not start it", game.ModeDuel, 1, [2]bool{}, ann, "", false, [2]bool{true, false}},
		{"the second duel player ready starts it", game.ModeDuel, 1, [2]bool{true, false}, bob, "", true, [2]bool{true, true}},
		{"pressing again takes Ready back", game.ModeDuel, 1, [2]bool{true, false}, ann, "", false, [2]bool{}},
		{"a solo player alone starts it, from their seat", game.ModeSolitaire, 1, [2]bool{}, ann, "", true, [2]bool{false, true}},
		{"an auto game's owner readies seat 1 and starts it", game.ModeAuto, 1, [2]bool{}, ann, "", true, [2]bool{true, false}},
		{"an auto game's owner taking Ready back stops it starting", game.ModeAuto, 1, [2]bool{true, false}, ann, "", false, [2]bool{}},
		{"no kinds, no Ready", game.ModeDuel, 0, [2]bool{}, ann, "Add at least one minion kind first.", false, [2]bool{}},
		{"a bystander cannot say Ready", game.ModeDuel, 1, [2]bool{true, false}, cid, "Only the players of this game can say they are ready.", false, [2]bool{true, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := seating(c.mode)
			l := &Lobby{Owner: ann, Kinds: kinds(c.kinds), Ready: c.ready}
			start, err := l.ToggleReady(g, c.user)
			if got := refusalOf(err); got != c.refusal {
				t.Fatalf("refusal %q, want %q", got, c.refusal)
			}
			if start != c.start || l.Ready != c.after || l.AllReady(g) != c.start {
				t.Fatalf("start %v, Ready %v, AllReady %v; want %v, %v", start, l.Ready, l.AllReady(g), c.start, c.after)
			}
			if c.refusal == "" && !slices.Contains(l.Agreers(g), Agreer{User: c.user, Ready: c.after != [2]bool{}}) {
				t.Fatalf("Agreers %+v do not show %s's Ready", l.Agreers(g), c.user)
			}
		})
	}
}

// TestLobby_StoredJSON checks the setup column's field names, which games stored by an
// earlier version are read with.
func TestLobby_StoredJSON(t *testing.T) {
	stored := `{"kinds":[{"name":"R","defense":1,"strategy":"move up","by":"100"}],"ready":[true,false],"names":["Ann","Bob"],"owner":"100","paused":true,"misses":[1,2],"summary":"s"}`
	var l Lobby
	if err := json.Unmarshal([]byte(stored), &l); err != nil {
		t.Fatal(err)
	}
	want := Lobby{Kinds: []Proposal{{Name: "R", Defense: 1, Strategy: "move up", By: ann}}, Ready: [2]bool{true, false},
		Names: [2]string{"Ann", "Bob"}, Owner: ann, Paused: true, Misses: [2]int{1, 2}, Summary: "s"}
	raw, _ := json.Marshal(want)
	if string(raw) != stored || !slices.Equal(l.Kinds, want.Kinds) || l.Names != want.Names || l.Misses != want.Misses || l.Summary != "s" || !l.Paused {
		t.Fatalf("read %+v; wrote %s, want %s", l, raw, stored)
	}
	if specs := l.Specs(); len(specs) != 1 || specs[0] != (game.KindSpec{Name: "R", Defense: 1, Strategy: "move up"}) {
		t.Fatalf("Specs = %+v", specs)
	}
}

// TestLobby_Agreers checks who the setup message lists as having to say Ready: the
// human seats in seat order, or an auto game's owner alone.
func TestLobby_Agreers(t *testing.T) {
	cases := []struct {
		name string
		mode game.Mode
		want []Agreer
	}{
		{"a duel lists both players", game.ModeDuel, []Agreer{{ann, true}, {bob, false}}},
		{"a solo game lists its player, from their seat", game.ModeSolitaire, []Agreer{{ann, false}}},
		{"an auto game lists its owner, with seat 1's Ready", game.ModeAuto, []Agreer{{ann, true}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := &Lobby{Owner: ann, Ready: [2]bool{true, false}}
			if got := l.Agreers(seating(c.mode)); !slices.Equal(got, c.want) {
				t.Fatalf("Agreers = %+v, want %+v", got, c.want)
			}
		})
	}
}
