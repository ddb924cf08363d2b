package kombathost

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/store"
)

// A game's setup through the host: opened (OpenChallenge, OpenSetup), its kinds
// proposed, edited and removed (ProposeKind, KindDraft, RemoveKind), its players ready
// (ToggleReady) or gone (CancelSetup), and the free spawns chosen (SpawnChoice). Like
// the play methods, each takes a locked table and stores the change; a lobby whose
// change is not stored is put back as it was.

// Where is the place a new game is asked for, and how it is to be played.
type Where struct {
	Scope, Place string // the guild and the channel
	Config       game.Config
	TurnTimeout  time.Duration
}

// Seated is a person taking part: their chat user id and the name boards show.
type Seated struct {
	User, Name string
}

// Challenge refuses challenger a challenge of opponent ("" when none was chosen):
// a duel is between two different people, and an account the chat marks as a bot
// would never answer. (KOMBAT's challenges: its refusals point to its solo game.)
func Challenge(challenger, opponent string, opponentIsBot bool) error {
	switch {
	case opponent == "":
		return host.Refuse(host.CodeNoOpponent, "Choose someone to challenge.")
	case opponent == challenger:
		return host.Refuse(host.CodeSelf, "You cannot challenge yourself. To play the built-in bot, use %s.", host.Command("kombat solo"))
	case opponentIsBot:
		return host.Refuse(host.CodeBotAccount, "%s is a bot account. Challenge a person, or play the built-in bot with %s.", host.User(opponent), host.Command("kombat solo"))
	}
	return nil
}

// MayChallenge refuses by's challenge of opp (Challenge), or one that the game in
// place or either player's game in scope stands in the way of (Busy).
func (k *Kombat) MayChallenge(scope, place, by, opp string, oppIsBot bool) error {
	h := k.h
	if err := Challenge(by, opp, oppIsBot); err != nil {
		return err
	}
	return host.Busy(h.Active(), scope, place, by, by, opp)
}

// OpenChallenge stores by's challenge of opp to a duel at w, registers it and returns
// it locked. A place that already has an active game is a *Refusal.
func (k *Kombat) OpenChallenge(w Where, by, opp Seated) (*host.Table, error) {
	row := &store.Game{Mode: game.ModeDuel, Status: store.StatusChallenge}
	NewRow(row, [2]string{by.User, opp.User}, 0, w.Config)
	return k.open(w, row, Lobby{Names: [2]string{by.Name, opp.Name}, Owner: by.User})
}

// OpenSetup stores a game started by by at w against the built-in bot (mode
// game.ModeSolitaire, by in seat 1 or 2) or of the bot against itself (game.ModeAuto,
// seat ignored), in setup, registers it and returns it locked. A place that already has an
// active game is a *Refusal.
func (k *Kombat) OpenSetup(w Where, mode game.Mode, by Seated, seat int, levels [2]string) (*host.Table, error) {
	for _, l := range levels {
		if l != "" && !slices.Contains(PlayLevels(), l) {
			return nil, host.Refuse(host.CodeNoLevel, "There is no bot level %q; the levels are %s.", l, strings.Join(PlayLevels(), ", "))
		}
	}
	row := &store.Game{Mode: mode, Status: store.StatusSetup}
	lob := Lobby{Owner: by.User, Levels: levels}
	var players [2]string
	human := 0
	if mode == game.ModeSolitaire {
		human = 1
		if seat == 2 {
			human = 2
		}
		players[human-1] = by.User
		lob.Names[human-1] = by.Name
	}
	NewRow(row, players, human, w.Config)
	return k.open(w, row, lob)
}

// open gives row its place, timeout and a new seed, creates it (Create) and locks it.
func (k *Kombat) open(w Where, row *store.Game, lob Lobby) (*host.Table, error) {
	h := k.h
	row.Scope, row.Place, row.TurnTimeout, row.Seed = w.Scope, w.Place, w.TurnTimeout, host.NewSeed()
	t := host.NewTable(row, k.Part)
	part(t).lob = lob
	t, err := h.CreateSeated(t)
	if errors.Is(err, store.ErrPlaceBusy) {
		return nil, host.Refuse(host.CodePlaceBusy, "A game is already active in this channel; start one in another channel.")
	}
	if err != nil {
		return nil, err
	}
	return h.Lock(t.Row.ID)
}

// DeclineChallenge ends t's challenge at user's answer: withdrawn by the challenger,
// declined by the challenged (Decline refuses anyone else).
func (k *Kombat) DeclineChallenge(t *host.Table, user string) (withdrawn bool, err error) {
	h := k.h
	if withdrawn, err = host.Decline(t.Row, user); err != nil {
		return false, err
	}
	return withdrawn, h.Cancel(t)
}

// LockSetup finds and locks game id for user's action on its setup; a game that is
// gone, whose kinds are agreed, or in whose setup user takes no part is a *Refusal
// (Lobby.May), and stays unlocked.
func (k *Kombat) LockSetup(id int64, user string, a SetupAction) (*host.Table, error) {
	h := k.h
	t, err := h.Lock(id)
	if err != nil {
		return nil, err
	}
	if err := LobbyOf(t).May(t.Row, user, a); err != nil {
		t.Unlock()
		return nil, err
	}
	return t, nil
}

// RuleChanges are the lines of cfg's text that differ from the default configuration's.
func RuleChanges(cfg game.Config) []string {
	var diffs []string
	def := game.DefaultConfig().String()
	for _, line := range strings.Split(strings.TrimSpace(cfg.String()), "\n") {
		if !strings.Contains(def, line+"\n") {
			diffs = append(diffs, line)
		}
	}
	return diffs
}

// HexValue is hex h as a chat's control carries it; ParseHex reads it back.
func HexValue(h game.Hex) string { return fmt.Sprintf("%d,%d", h.Row, h.Col) }

// ParseHex reads a hex written by HexValue, and reports whether it is one of the board.
func ParseHex(s string) (game.Hex, bool) {
	r, c, ok := strings.Cut(s, ",")
	row, err1 := strconv.Atoi(r)
	col, err2 := strconv.Atoi(c)
	h := game.Hex{Row: row, Col: col}
	return h, ok && err1 == nil && err2 == nil && h.OnBoard()
}

// KindIndex reads a kind's index as a chat's control carries it: "new" is NewKind, and
// anything else unreadable is an index no kind has, refused like a kind removed
// meanwhile.
func KindIndex(value string) int {
	if value == "new" {
		return NewKind
	}
	i, err := strconv.Atoi(value)
	if err != nil || i < 0 {
		return math.MaxInt
	}
	return i
}

// KindDraft is what a player typed in a kind's form whose proposal was refused, kept so
// that editing again gives it all back.
type KindDraft struct {
	Name     string `json:"name"`
	Defense  string `json:"defense"`
	Strategy string `json:"strategy"`
}

// kindDraftKey names the draft of the form for the kind at index of game id.
func kindDraftKey(id int64, index int) string {
	if index == NewKind {
		return fmt.Sprintf("kind:%d:new", id)
	}
	return fmt.Sprintf("kind:%d:%d", id, index)
}

// ProposeKind adds p (index NewKind) or puts it in place of the kind at index, with
// defense as typed, and stores the lobby; the kind returned is as stored
// (Lobby.Propose). A kind removed since the form was opened is a *Refusal, with kept
// false. A proposal Propose turns down (a *Refusal, or the *interp.Error of a strategy
// that does not compile) is kept as p.By's draft for KindDraft, with kept true; a
// proposal stored forgets the draft.
func (k *Kombat) ProposeKind(t *host.Table, index int, defense string, p Proposal) (stored Proposal, kept bool, err error) {
	h := k.h
	if err := LobbyOf(t).Target(index); err != nil {
		return Proposal{}, false, err
	}
	var refused error
	err = h.Change(t, func() error {
		if stored, refused = LobbyOf(t).Propose(k.lang, index, p, defense); refused != nil {
			return refused
		}
		return h.SaveMeta(t)
	})
	if err != nil && err == refused {
		var no *host.Refusal
		var cerr *interp.Error
		if !errors.As(err, &no) && !errors.As(err, &cerr) {
			return Proposal{}, false, err
		}
		draft, jerr := json.Marshal(KindDraft{Name: p.Name, Defense: defense, Strategy: p.Strategy})
		if jerr != nil {
			return Proposal{}, false, jerr
		}
		if serr := h.DB().SaveDraft(h.WriteContext(), p.By, kindDraftKey(t.Row.ID, index), string(draft)); serr != nil {
			return Proposal{}, false, serr
		}
		return Proposal{}, true, err
	}
	if err != nil {
		return Proposal{}, false, err
	}
	h.DB().DeleteDraft(h.WriteContext(), p.By, kindDraftKey(t.Row.ID, index)) // a draft left over is harmless
	return stored, false, nil
}

// KindDraft gives back what user typed in the form for the kind at index of game id
// whose proposal was refused last; after a proposal stored there is none, a *Refusal.
func (k *Kombat) KindDraft(id int64, user string, index int) (KindDraft, error) {
	h := k.h
	return host.LoadDraft[KindDraft](h.WriteContext(), h.DB(), user, kindDraftKey(id, index), "the kind was saved, or the game moved on")
}

// RemoveKind takes the kind at index out of the lobby and stores it (Lobby.Remove).
func (k *Kombat) RemoveKind(t *host.Table, index int) error {
	h := k.h
	return h.Change(t, func() error {
		if err := LobbyOf(t).Remove(index); err != nil {
			return err
		}
		return h.SaveMeta(t)
	})
}

// ToggleReady flips user's Ready and stores it (Lobby.ToggleReady). When everyone is
// then ready, it calls starting (where a chat acknowledges a start that takes a while)
// and starts the game (Agree), and reports started. On any error the lobby is put
// back as it was.
func (k *Kombat) ToggleReady(t *host.Table, user string, starting func() error) (started bool, err error) {
	h := k.h
	var start bool
	err = h.Change(t, func() error {
		var err error
		switch start, err = LobbyOf(t).ToggleReady(t.Row, user); {
		case err != nil:
			return err
		case !start:
			return h.SaveMeta(t)
		}
		if err := starting(); err != nil {
			return err
		}
		return k.Agree(t)
	})
	return start && err == nil, err
}

// CancelSetup abandons a game still being set up, at the word of user, who must take
// part in agreeing on its kinds (Lobby.May).
func (k *Kombat) CancelSetup(t *host.Table, user string) error {
	h := k.h
	if err := LobbyOf(t).May(t.Row, user, ChangeKinds); err != nil {
		return err
	}
	return h.Cancel(t)
}

// SpawnKind is the name of the kind at index kind of t's game, for a free spawn; an
// index that is no kind of the game is a *Refusal.
func (k *Kombat) SpawnKind(t *host.Table, kind int) (string, error) {
	g, err := k.Engine(t)
	if err != nil {
		return "", err
	}
	if kind < 0 || kind >= len(g.Kinds()) {
		return "", host.Refuse(host.CodeKindGone, "That kind is not in this game.")
	}
	return g.Kinds()[kind].Name, nil
}

// SpawnChoice answers user's choice of the kind at index kind for their free spawn:
// its name and the hexes where it may stand. Someone who is not a player, a player
// whose free spawn is made, and a kind not in the game are each a *Refusal.
func (k *Kombat) SpawnChoice(t *host.Table, user string, kind int) (name string, hexes []game.Hex, err error) {
	g, err := k.Engine(t)
	if err != nil {
		return "", nil, err
	}
	seat := t.Seat(user)
	if seat == 0 {
		return "", nil, host.Refuse(host.CodeNotPlayer, "Only the players of this game make free spawns.")
	}
	hexes = g.FreeSpawnOptions(seat)
	if len(hexes) == 0 {
		return "", nil, host.Refuse(host.CodeDone, "You have made your free spawn already.")
	}
	if name, err = k.SpawnKind(t, kind); err != nil {
		return "", nil, err
	}
	return name, hexes, nil
}
