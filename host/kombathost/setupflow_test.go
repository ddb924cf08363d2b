package kombathost

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/kombat-game/kombat/host"
	"math"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/store"
)

// wantRefusal fails the test unless err is a *Refusal saying msg.
func wantRefusal(t *testing.T, err error, msg string) {
	t.Helper()
	var no *host.Refusal
	if !errors.As(err, &no) || refusalText(no) != msg {
		t.Fatalf("got %v, want the refusal %q", err, msg)
	}
}

// storedLobby reads the lobby of game id as the store keeps it.
func storedLobby(t *testing.T, db *store.DB, id int64) Lobby {
	t.Helper()
	row, err := db.Game(context.Background(), id)
	must(t, err)
	var l Lobby
	must(t, json.Unmarshal(row.Setup, &l))
	return l
}

// openDuel opens a challenge between ann and bob at place and seats bob, locked until
// the test ends.
func openDuel(t *testing.T, h *testHost, place string) *host.Table {
	t.Helper()
	tb, err := h.OpenChallenge(Where{Scope: "g", Place: place, Config: game.DefaultConfig()}, Seated{"ann", "Ann"}, Seated{"bob", "Bob"})
	must(t, err)
	t.Cleanup(tb.Unlock)
	must(t, h.Accept(tb, "bob", "Bob"))
	return tb
}

func TestKindIndex(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{{"new", NewKind}, {"0", 0}, {"7", 7}, {"-1", math.MaxInt}, {"x", math.MaxInt}, {"", math.MaxInt}} {
		if got := KindIndex(c.in); got != c.want {
			t.Errorf("KindIndex(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestHost_Open(t *testing.T) {
	h, db := openRecords(t)
	w := Where{Scope: "g", Place: "c1", Config: game.DefaultConfig(), TurnTimeout: 90e9}
	ch, err := h.OpenChallenge(w, Seated{"ann", "Ann"}, Seated{"bob", "Bob"})
	must(t, err)
	if !ch.Locked() {
		t.Fatal("an opened game is not locked")
	}
	ch.Unlock()
	if ch.Row.Mode != game.ModeDuel || ch.Row.Status != store.StatusChallenge || Players(ch.Row) != [2]string{"ann", "bob"} ||
		LobbyOf(ch).Names != [2]string{"Ann", "Bob"} || LobbyOf(ch).Owner != "ann" || ch.Row.TurnTimeout != 90e9 || ch.Row.Scope != "g" {
		t.Errorf("challenge: %+v %+v", ch.Row, LobbyOf(ch))
	}
	_, err = h.OpenSetup(w, game.ModeAuto, Seated{"cy", "Cy"}, 1, [2]string{})
	wantRefusal(t, err, "A game is already active in this channel; start one in another channel.")

	for _, c := range []struct {
		mode    game.Mode
		seat    int
		human   int
		players [2]string
		names   [2]string
	}{
		{game.ModeSolitaire, 1, 1, [2]string{"cy", ""}, [2]string{"Cy", ""}},
		{game.ModeSolitaire, 2, 2, [2]string{"", "cy"}, [2]string{"", "Cy"}},
		{game.ModeSolitaire, 0, 1, [2]string{"cy", ""}, [2]string{"Cy", ""}},
		{game.ModeAuto, 2, 0, [2]string{}, [2]string{}},
	} {
		w.Place = string(c.mode) + string(rune('0'+c.seat))
		w.Scope = w.Place // cy plays one game per server
		tb, err := h.OpenSetup(w, c.mode, Seated{"cy", "Cy"}, c.seat, [2]string{})
		must(t, err)
		tb.Unlock()
		row, err := db.Game(context.Background(), tb.Row.ID)
		must(t, err)
		if row.Mode != c.mode || row.Status != store.StatusSetup || HumanSeat(row) != c.human || Players(row) != c.players ||
			LobbyOf(tb).Names != c.names || LobbyOf(tb).Owner != "cy" || row.Seed != tb.Row.Seed {
			t.Errorf("%s seat %d: %+v %+v", c.mode, c.seat, row, LobbyOf(tb))
		}
	}
	if a, b := host.NewSeed(), host.NewSeed(); a == b {
		t.Errorf("two seeds drawn are both %d", a)
	}
}

func TestHost_ProposeKind(t *testing.T) {
	h, db := openRecords(t)
	tb := openDuel(t, h, "c")
	ctx := context.Background()
	const walk = "move up move down"

	// A kind added is stored, with its defense read.
	p, kept, err := h.ProposeKind(tb, NewKind, " 3 ", Proposal{Name: "Walker", Strategy: walk, By: "ann"})
	must(t, err)
	if kept || p.Defense != 3 || storedLobby(t, db, tb.Row.ID).Kinds[0].Name != "Walker" {
		t.Fatalf("added %+v kept %v", p, kept)
	}

	for _, c := range []struct {
		name     string
		index    int
		p        Proposal
		refusal  string // "" for a strategy that does not compile
		kept     bool
		draftKey string
	}{
		{"kind gone", 5, Proposal{Name: "X", Strategy: walk, By: "bob"}, "That kind is no longer there; add it again.", false, ""},
		{"name clash", NewKind, Proposal{Name: "walker", Strategy: walk, By: "bob"},
			`There is already a kind named "Walker" (names are compared ignoring case).`, true, "new"},
		{"does not compile", 0, Proposal{Name: "Walker", Strategy: "move sideways", By: "bob"}, "", true, "0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, kept, err := h.ProposeKind(tb, c.index, "1", c.p)
			if kept != c.kept {
				t.Errorf("kept %v, want %v", kept, c.kept)
			}
			var cerr *interp.Error
			if c.refusal != "" {
				wantRefusal(t, err, c.refusal)
			} else if !errors.As(err, &cerr) {
				t.Errorf("got %v, want a compile error", err)
			}
			d, derr := h.KindDraft(tb.Row.ID, "bob", KindIndex(c.draftKey))
			if !c.kept {
				wantRefusal(t, derr, "There is nothing left to edit: the kind was saved, or the game moved on.")
				return
			}
			must(t, derr)
			if d != (KindDraft{Name: c.p.Name, Defense: "1", Strategy: c.p.Strategy}) {
				t.Errorf("draft %+v", d)
			}
		})
	}
	if got := storedLobby(t, db, tb.Row.ID).Kinds; len(got) != 1 || got[0].Strategy != walk {
		t.Fatalf("refusals changed the kinds: %+v", got)
	}

	// Proposed again and stored, the draft is forgotten.
	_, _, err = h.ProposeKind(tb, 0, "2", Proposal{Name: "Walker", Strategy: "move up", By: "bob"})
	must(t, err)
	_, err = h.KindDraft(tb.Row.ID, "bob", 0)
	wantRefusal(t, err, "There is nothing left to edit: the kind was saved, or the game moved on.")

	// An unreadable draft is an error, not an empty form.
	must(t, db.SaveDraft(ctx, "cy", kindDraftKey(tb.Row.ID, NewKind), "{not json"))
	if _, err := h.KindDraft(tb.Row.ID, "cy", NewKind); err == nil {
		t.Error("an unreadable draft was read")
	}

	// A lobby that cannot be stored is put back.
	before := LobbyOf(tb)
	db.Close()
	if _, kept, err := h.ProposeKind(tb, NewKind, "0", Proposal{Name: "Other", Strategy: walk, By: "ann"}); err == nil || kept {
		t.Fatalf("proposal with a closed store: kept %v, err %v", kept, err)
	}
	if len(LobbyOf(tb).Kinds) != len(before.Kinds) || LobbyOf(tb).Kinds[0] != before.Kinds[0] {
		t.Errorf("lobby not put back: %+v", LobbyOf(tb))
	}
}

func TestHost_RemoveKindAndReady(t *testing.T) {
	h, db := openRecords(t)
	tb := openDuel(t, h, "c")
	_, _, err := h.ProposeKind(tb, NewKind, "0", Proposal{Name: "Walker", Strategy: "move up", By: "ann"})
	must(t, err)
	noStart := func() error { t.Error("started with someone not ready"); return nil }

	wantRefusal(t, h.RemoveKind(tb, 3), "That kind is no longer there.")
	_, err = h.ToggleReady(tb, "cy", noStart)
	wantRefusal(t, err, "Only the players of this game can say they are ready.")
	wantRefusal(t, h.CancelSetup(tb, "cy"), "Only the players of this game can change its kinds.")

	started, err := h.ToggleReady(tb, "ann", noStart)
	must(t, err)
	if started || storedLobby(t, db, tb.Row.ID).Ready != [2]bool{true, false} {
		t.Fatalf("ann ready: started %v, stored %+v", started, storedLobby(t, db, tb.Row.ID))
	}

	// A start the chat cannot acknowledge is not made, and ann's Ready stays.
	_, err = h.ToggleReady(tb, "bob", func() error { return errors.New("chat down") })
	if err == nil || LobbyOf(tb).Ready != [2]bool{true, false} || tb.Row.Status != store.StatusSetup {
		t.Fatalf("failed start: err %v, lobby %+v, status %s", err, LobbyOf(tb), tb.Row.Status)
	}
	calls := 0
	started, err = h.ToggleReady(tb, "bob", func() error { calls++; return nil })
	must(t, err)
	if !started || calls != 1 || tb.Row.Status != store.StatusPlay {
		t.Fatalf("start: started %v, calls %d, status %s", started, calls, tb.Row.Status)
	}

	// Free spawns: who may make one, of which kind, and where.
	_, _, err = h.SpawnChoice(tb, "cy", 0)
	wantRefusal(t, err, "Only the players of this game make free spawns.")
	_, _, err = h.SpawnChoice(tb, "ann", 1)
	wantRefusal(t, err, "That kind is not in this game.")
	name, hexes, err := h.SpawnChoice(tb, "ann", 0)
	must(t, err)
	if name != "Walker" || len(hexes) == 0 {
		t.Fatalf("choice: %q %v", name, hexes)
	}
	if _, err := h.FreeSpawn(tb, "ann", 0, hexes[0]); err != nil {
		t.Fatal(err)
	}
	_, _, err = h.SpawnChoice(tb, "ann", 0)
	wantRefusal(t, err, "You have made your free spawn already.")
	_, err = h.SpawnKind(tb, math.MaxInt)
	wantRefusal(t, err, "That kind is not in this game.")
}

func TestHost_RemoveKindRollback(t *testing.T) {
	h, db := openRecords(t)
	tb := openDuel(t, h, "c")
	for _, n := range []string{"A", "B"} {
		_, _, err := h.ProposeKind(tb, NewKind, "0", Proposal{Name: n, Strategy: "move up", By: "ann"})
		must(t, err)
	}
	must(t, h.RemoveKind(tb, 0))
	if got := storedLobby(t, db, tb.Row.ID).Kinds; len(got) != 1 || got[0].Name != "B" {
		t.Fatalf("stored after removal: %+v", got)
	}
	LobbyOf(tb).Ready = [2]bool{true, false}
	db.Close()
	if err := h.RemoveKind(tb, 0); err == nil {
		t.Fatal("removed with a closed store")
	}
	if len(LobbyOf(tb).Kinds) != 1 || LobbyOf(tb).Ready != [2]bool{true, false} {
		t.Errorf("lobby not put back: %+v", LobbyOf(tb))
	}
	if _, err := h.ToggleReady(tb, "bob", func() error { return nil }); err == nil || LobbyOf(tb).Ready != [2]bool{true, false} {
		t.Errorf("ready with a closed store: err %v, lobby %+v", err, LobbyOf(tb))
	}
}

func TestHost_CancelSetup(t *testing.T) {
	h, _ := openRecords(t)
	tb := openDuel(t, h, "c")
	must(t, h.CancelSetup(tb, "bob"))
	if h.Get(tb.Row.ID) != nil {
		t.Error("a cancelled setup is still active")
	}
}

func TestHost_MayChallenge(t *testing.T) {
	h, _ := openRecords(t)
	tb, err := h.OpenChallenge(Where{Scope: "g", Place: "c", Config: game.DefaultConfig()}, Seated{"ann", "Ann"}, Seated{"bob", "Bob"})
	must(t, err)
	tb.Unlock()
	for _, c := range []struct {
		place, by, opp string
		bot            bool
		want           string // "" when allowed
	}{
		{"d", "cy", "", false, "Choose someone to challenge."},
		{"d", "cy", "dee", true, "<@dee> is a bot account. Challenge a person, or play the built-in bot with `/kombat solo`."},
		{"c", "cy", "dee", false, "A game is already active in this channel; finish it first (`/kombat board` shows it), or start one in another channel."},
		{"d", "cy", "bob", false, "<@bob> is already in a game on this server, in <#c>. Finish it (or `/kombat resign` there) first."},
		{"d", "ann", "cy", false, "You are already in a game on this server, in <#c>. Finish it (or `/kombat resign` there) first."},
		{"d", "cy", "dee", false, ""},
	} {
		err := h.MayChallenge("g", c.place, c.by, c.opp, c.bot)
		if c.want == "" {
			must(t, err)
			continue
		}
		wantRefusal(t, err, c.want)
	}
}

func TestHost_LockSetupAndDecline(t *testing.T) {
	h, _ := openRecords(t)
	w := Where{Scope: "g", Place: "c", Config: game.DefaultConfig()}
	ch, err := h.OpenChallenge(w, Seated{"ann", "Ann"}, Seated{"bob", "Bob"})
	must(t, err)
	ch.Unlock()
	_, err = h.LockSetup(ch.Row.ID, "ann", ChangeKinds)
	wantRefusal(t, err, "The kinds of this game are already agreed.") // not yet accepted: no setup to change
	tb, err := h.Lock(ch.Row.ID)
	must(t, err)
	_, err = h.DeclineChallenge(tb, "cy")
	wantRefusal(t, err, "Only <@bob> can answer this challenge.")
	withdrawn, err := h.DeclineChallenge(tb, "ann")
	must(t, err)
	tb.Unlock()
	if !withdrawn || h.Get(ch.Row.ID) != nil {
		t.Fatalf("withdrawn %v, still active %v", withdrawn, h.Get(ch.Row.ID) != nil)
	}
	_, err = h.LockSetup(ch.Row.ID, "ann", ChangeKinds)
	wantRefusal(t, err, "This game is over or no longer exists.")

	w.Place = "d"
	solo, err := h.OpenSetup(w, game.ModeSolitaire, Seated{"cy", "Cy"}, 1, [2]string{})
	must(t, err)
	solo.Unlock()
	_, err = h.LockSetup(solo.Row.ID, "dee", SayReady)
	wantRefusal(t, err, "Only the players of this game can say they are ready.")
	if solo.Locked() {
		t.Fatal("a refused LockSetup left the game locked")
	}
	tb, err = h.LockSetup(solo.Row.ID, "cy", ChangeKinds)
	must(t, err)
	tb.Unlock()
}

func TestRuleChangesAndHexes(t *testing.T) {
	if got := RuleChanges(game.DefaultConfig()); len(got) != 0 {
		t.Errorf("default rules changed: %q", got)
	}
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 7
	if got := RuleChanges(cfg); len(got) != 1 || !strings.Contains(got[0], "7") {
		t.Errorf("changes of MaxTurns 7: %q", got)
	}
	h := game.Hex{Row: 2, Col: 3}
	if got, ok := ParseHex(HexValue(h)); !ok || got != h {
		t.Errorf("round trip of %v: %v %v", h, got, ok)
	}
	for _, bad := range []string{"", "2", "2,x", "99,99", "-1,0"} {
		if _, ok := ParseHex(bad); ok {
			t.Errorf("ParseHex(%q) took it", bad)
		}
	}
}

// TestChallenge checks whom a player may challenge, and the words of each refusal.
func TestChallenge(t *testing.T) {
	cases := []struct {
		name     string
		opponent string
		isBot    bool
		refusal  string
	}{
		{"a person may be challenged", bob, false, ""},
		{"someone must be chosen", "", false, "Choose someone to challenge."},
		{"nobody challenges themselves", ann, false, "You cannot challenge yourself. To play the built-in bot, use `/kombat solo`."},
		{"a bot account cannot be challenged", bob, true, "<@200> is a bot account. Challenge a person, or play the built-in bot with `/kombat solo`."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := refusalOf(Challenge(ann, c.opponent, c.isBot)); got != c.refusal {
				t.Fatalf("refused %q, want %q", got, c.refusal)
			}
		})
	}
}
