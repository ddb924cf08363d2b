package aibghost

import (
	"strconv"
	"strings"
	"time"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// Programs as seats (ruling A17): a program connected over the network (package
// aibgnet speaks its protocol) sits in a seat as a person does, its choices made
// through the same methods (Pool, Lineup, Move) under its user, ProgramUser of its
// account. It plays another program or the bot, never a person. Its clock is A18's:
// Move for each choice plus a Bank for the match that a slower choice spends, each
// seat's own deadline kept in the lobby (Dues) and armed as the host's stored
// TurnTimeUp at the earliest, so a restart goes on where the store says. What the
// match owes its programs (their choice is due, the match is over) is told to the
// Listen function as each screen goes up: aibgnet pushes it to the programs.

// The clock of a program when the match asks for none (A18).
const (
	DefaultMove = 2 * time.Second
	DefaultBank = 30 * time.Second
)

// Net is a lobby's part for programs over the network: which seats are programs,
// their clocks, and the gameId they play under.
type Net struct {
	Programs [2]int64         `json:"programs,omitzero"`  // each seat's program's account; 0 for a person or the bot
	NetGame  int64            `json:"net_game,omitempty"` // the gameId the programs play the match under
	Move     time.Duration    `json:"move,omitempty"`     // a program's time for each choice
	Bank     [2]time.Duration `json:"bank,omitzero"`      // what each program has left of its bank
	// Dues are each seat's deadline for the open choice, ShownAt when its screen went
	// up (a program's bank is spent from then), Late whether the seat's last choice
	// was made by the clock.
	Dues    [2]time.Time `json:"dues,omitzero"`
	ShownAt time.Time    `json:"shown_at,omitzero"`
	Late    [2]bool      `json:"late,omitzero"`
}

// programPrefix begins the user of a program's seat: no Discord id begins so.
const programPrefix = "program:"

// ProgramUser is the user a program's seat is stored under.
func ProgramUser(account int64) string { return programPrefix + strconv.FormatInt(account, 10) }

// ProgramOf is the account of a program's user, if user is one.
func ProgramOf(user string) (int64, bool) {
	s, ok := strings.CutPrefix(user, programPrefix)
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}

// Program reports whether seat p (1 or 2) is a program's.
func (l *Lobby) Program(p int) bool { return l.Programs[p-1] != 0 }

// clocks sets a program match's clocks from what it asked for.
func (l *Lobby) clocks(o Open) {
	l.Move, l.NetGame = o.Move, o.NetGame
	if l.Move <= 0 {
		l.Move = DefaultMove
	}
	bank := o.Bank
	if bank == 0 {
		bank = DefaultBank
	}
	l.Bank = [2]time.Duration{max(bank, 0), max(bank, 0)}
}

// limit is seat p's time for the open choice: a person's clock, a program's move and
// bank; 0 for none.
func (l *Lobby) limit(p int) time.Duration {
	switch {
	case !l.Timed(p):
		return 0
	case l.Program(p):
		return l.Move + l.Bank[p-1]
	}
	return l.Clock
}

// due reports whether seat p's clock has run out at now. A lobby stored before the
// seats had their own deadlines has the one Due.
func (l *Lobby) due(p int, now time.Time) bool {
	d := l.Dues[p-1]
	if d.IsZero() {
		d = l.Due
	}
	return !d.IsZero() && !now.Before(d)
}

// spend takes from a program's bank what its choice took over its move's time.
func (l *Lobby) spend(p int, now time.Time) {
	if !l.Program(p) || l.ShownAt.IsZero() {
		return
	}
	if over := now.Sub(l.ShownAt) - l.Move; over > 0 {
		l.Bank[p-1] = max(0, l.Bank[p-1]-over)
	}
}

// TimeLeft is what seat p has left for its open choice at now, or 0.
func (l *Lobby) TimeLeft(p int, now time.Time) time.Duration {
	if l.Dues[p-1].IsZero() {
		return 0
	}
	return max(0, l.Dues[p-1].Sub(now))
}

// own is seat p's own choice about to be made: it ends the seat's run of timeouts
// (a move, A18), and a program's bank pays for the time over its move's. The lobby
// is stored when it changed.
func (a *Ab) own(t *host.Table, p int, move bool) error {
	lob := LobbyOf(t)
	keep := *lob
	if move {
		lob.Timeouts[p-1] = 0
	}
	lob.Late[p-1] = false
	lob.spend(p, a.h.Now())
	if *lob == keep {
		return nil
	}
	if err := a.h.SaveMeta(t); err != nil {
		*lob = keep
		return err
	}
	return nil
}

// armDues starts, from now, the clock of each seat yet to choose, and arms the
// earliest deadline.
func (a *Ab) armDues(t *host.Table, g *aibg.Game, now time.Time) {
	lob := LobbyOf(t)
	for p := 1; p <= 2; p++ {
		lob.Dues[p-1] = time.Time{}
		if l := lob.limit(p); l > 0 && !g.Chosen(p) {
			lob.Dues[p-1] = now.Add(l)
		}
	}
	if lob.Due = earliest(lob, g); !lob.Due.IsZero() {
		a.h.Arm(t, host.TurnTimeUp, lob.Due)
	}
}

// earliest is the earliest deadline of the seats yet to choose, or zero.
func earliest(lob *Lobby, g *aibg.Game) time.Time {
	var d time.Time
	for p := 1; p <= 2; p++ {
		if due := lob.Dues[p-1]; !due.IsZero() && !g.Chosen(p) && (d.IsZero() || due.Before(d)) {
			d = due
		}
	}
	return d
}

// rearm arms the clock again, at the next seat's deadline, when a seat's ran out (or
// it chose) before the other's: the seats' deadlines differ by their banks.
func (a *Ab) rearm(t *host.Table, g *aibg.Game) error {
	lob := LobbyOf(t)
	next := earliest(lob, g)
	if next.IsZero() || t.Row.Status != store.StatusPlay || g.Over() {
		return nil
	}
	keep := *lob
	lob.Due, lob.ShownVersion = next, t.Version()
	if err := a.h.SaveMeta(t); err != nil {
		*lob = keep
		return err
	}
	a.h.Arm(t, host.TurnTimeUp, next)
	return nil
}

// Listen gives the adapter the function told of each AIBG match whose screen is
// going up (its clocks armed, or its end stored): aibgnet's, which tells the
// programs seated. It is called with the table locked, and must not block.
func (a *Ab) Listen(f func(t *host.Table)) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.listen = f
}

// tell tells the listener of t, a match with a program seated.
func (a *Ab) tell(t *host.Table) {
	lob := LobbyOf(t)
	if lob == nil || lob.Programs == [2]int64{} {
		return
	}
	a.mu.Lock()
	f := a.listen
	a.mu.Unlock()
	if f != nil {
		f(t)
	}
}

// LastTurn is the turn the match's newest screen shows resolved, if it resolved one
// and the process has not restarted since.
func LastTurn(t *host.Table) *aibg.TurnLog {
	if p, ok := t.Hosted().(*hosted); ok {
		return p.last
	}
	return nil
}

// netPrefix begins the place of a network match that no channel shows: no Discord
// channel id begins so.
const netPrefix = "aibgnet:"

// NetPlace is the place of network match id (its gameId) when no channel shows it:
// each its own, as the store holds one active game per place.
func NetPlace(id int64) string { return netPrefix + strconv.FormatInt(id, 10) }

// Shown reports whether a match's place is one a front shows (a channel or thread),
// not a network match's NetPlace.
func Shown(place string) bool { return !strings.HasPrefix(place, netPrefix) }
