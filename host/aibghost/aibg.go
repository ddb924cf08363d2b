package aibghost

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
)

// AIBG's matches through the host (issue 25). A match's life: Open (a challenge waits
// for Accept; a solo match, a person against the bot, and an auto match, two bots,
// begin at once), then three kinds of secret choices, each recorded as an action as it
// comes (Pool, Lineup, Move): nothing is shown until both players have chosen, when
// the phase or the turn moves on and its screen is owed. The bot chooses at once, in
// the commit that opens the phase. A person has the match's clock for each choice
// (A18), a stored deadline armed as the screen goes up: when it runs out, a missed
// move is a pass ("timeout"), three in a row by timeout forfeit the match, and a
// missed selection is made for the player (the roster's first 12 types, the first
// living ids). Resign ends it at once.

// Lobby is what the host keeps beside an AIBG match's record, in its row's setup.
type Lobby struct {
	Owner  string    `json:"owner"`  // who opened the match
	Names  [2]string `json:"names"`  // display names by seat; "" for a bot
	Levels [2]string `json:"levels"` // a bot seat's level; "" for a person's
	// Clock is a person's time for each choice (A18); 0 for none.
	Clock time.Duration `json:"clock"`
	// Timeouts are each seat's passes in a row by timeout (A18): the third forfeits.
	Timeouts [2]int `json:"timeouts"`
	// Due is when the open choice's clock runs out (zero for none), and ShownVersion
	// the record's length when its screen went up: the clock's deadline carries it.
	Due          time.Time `json:"due,omitzero"`
	ShownVersion int       `json:"shown_version"`
	Summary      string    `json:"summary,omitempty"`
	Net                    // a match of programs over the network: its seats and their clocks
}

// Person reports whether seat p (1 or 2) is a person's.
func (l *Lobby) Person(p int) bool { return l.Levels[p-1] == "" && l.Programs[p-1] == 0 }

// Timed reports whether seat p has a clock: a person's or a program's, not the bot's.
func (l *Lobby) Timed(p int) bool { return l.Levels[p-1] == "" }

// The moves the host plays for a person: a chosen pass and a clock run out (A18).
// aibg reads neither as a move, so both are passes; the fronts word them as what they
// were.
const (
	PassMove    = "pass"
	TimeoutMove = "timeout"
)

// MaxTimeouts is how many passes in a row by timeout forfeit the match (A18).
const MaxTimeouts = 3

// DefaultClock is a person's time for each choice when none is asked for (A18).
const DefaultClock = 2 * time.Minute

// ReasonRounds is how a match played out ends: on rounds won (A5); Winner 0 is a draw.
const ReasonRounds match.Reason = "rounds"

// ChallengeLife is how long a challenge waits for its answer.
const ChallengeLife = 15 * time.Minute

// Seat is a seat of a new match: a person (User), a program (Program), or the bot at
// Level.
type Seat struct {
	User, Name string // the person; "" for the bot or a program
	Program    int64  // a program's account (aibgnet's), when User is ""; Name is its name
	Level      string // the bot's level ("" for the default) when User and Program are not set
}

// Open is a new AIBG match as its opener asks for it.
type Open struct {
	Scope, Place string // as store.Game's
	Owner        string // who asks; in seat 1 unless both seats are bots
	Seats        [2]Seat
	Clock        time.Duration // a person's time per choice; 0: DefaultClock
	Seed         uint64
	// Move and Bank are a program's clock (A18): Move for each choice, plus a bank for
	// the match that a slower choice spends; 0: DefaultMove, DefaultBank (negative
	// Bank: none). NetGame is the gameId the programs play the match under.
	Move, Bank time.Duration
	NetGame    int64
	// Before are the choices made before the match began (a program may name its pool
	// while it waits for an opponent), recorded with its first screen.
	Before []aibg.Action
}

// Turn is what a screen's event carries of AIBG's (host.Event.Turn): the turn played,
// if any, and both lineups as they stood before its second move, for the summary.
type Turn struct {
	Log    *aibg.TurnLog
	Before [2][]aibg.Creature
}

// Open stores a new match and registers it. Two people make a challenge, which waits
// for the second to Accept (cancelled after ChallengeLife); a person and the bot, or
// two bots (an auto match, its turns paced one every AutoStep), begin at once.
func (a *Ab) Open(o Open) (*host.Table, error) {
	lob := &Lobby{Owner: o.Owner, Clock: o.Clock}
	if lob.Clock <= 0 {
		lob.Clock = DefaultClock
	}
	own := &Aibg{}
	people, programs := 0, 0
	for i, s := range o.Seats {
		if s.User != "" {
			people++
			own.Seats[i], lob.Names[i] = s.User, s.Name
			continue
		}
		if s.Program != 0 {
			programs++
			own.Seats[i], lob.Names[i], lob.Programs[i] = ProgramUser(s.Program), s.Name, s.Program
			continue
		}
		l := s.Level
		if l == "" {
			l = aibg.DefaultLevel
		}
		if !slices.Contains(aibg.Levels(), l) {
			return nil, host.Refuse(host.CodeNoLevel, "There is no bot level %s; the levels are %s.", host.Name(l), strings.Join(aibg.Levels(), ", "))
		}
		lob.Levels[i] = l
	}
	if people+programs == 2 && own.Seats[0] == own.Seats[1] {
		return nil, host.Refuse(host.CodeSelf, "You cannot challenge yourself: name someone else, or play the bot.")
	}
	if programs > 0 && people > 0 {
		return nil, errors.New("aibghost: a program plays another program or the bot, not a person")
	}
	if programs > 0 {
		lob.clocks(o)
	}
	mode, status := match.ModeSolitaire, store.StatusPlay
	switch {
	case people+programs == 0:
		mode = match.ModeAuto
	case programs == 2:
		mode = match.ModeDuel // programs paired already: no challenge to answer
	case people == 2:
		mode, status = match.ModeDuel, store.StatusChallenge
	}
	row := &store.Game{Scope: o.Scope, Place: o.Place, Mode: mode, Status: status, Seed: o.Seed}
	g, err := aibg.New(aibg.Setup{Seed: o.Seed})
	if err != nil {
		return nil, err
	}
	own.Setup = g.Record().Setup // the roster and catalog played with, kept with the match
	if err := own.newRow(row); err != nil {
		return nil, err
	}
	t, err := a.h.CreateSeated(host.NewTable(row, func(t *host.Table) host.Hosted {
		return &hosted{a: a, t: t, lob: lob, own: own}
	}))
	if err != nil {
		return nil, err
	}
	lt, err := a.h.Lock(t.Row.ID)
	if err != nil {
		return t, nil // taken over or ended meanwhile: its host goes on with it
	}
	defer lt.Unlock()
	if status == store.StatusChallenge {
		a.h.Arm(lt, host.ChallengeExpiry, a.h.Now().Add(ChallengeLife))
		return lt, nil
	}
	return lt, a.begin(lt, o.Before)
}

// Accept begins a challenge, at the challenged person's answer.
func (a *Ab) Accept(t *host.Table, user string) error {
	switch {
	case t.Row.Status != store.StatusChallenge:
		return host.Refuse(host.CodeAnswered, "This challenge was answered already.")
	case t.Seat(user) != 2:
		return host.Refuse(host.CodeOnlySome, "Only %s, who was challenged, can accept.", host.User(Own(t).Seats[1]))
	}
	t.Row.Status = store.StatusPlay
	if err := a.h.SaveMeta(t); err != nil {
		t.Row.Status = store.StatusChallenge
		return err
	}
	a.h.Disarm(t, host.ChallengeExpiry)
	return a.begin(t, nil)
}

// Decline cancels a challenge not yet accepted: the challenged person declines, or
// its opener withdraws it.
func (a *Ab) Decline(t *host.Table, user string) error {
	switch {
	case t.Row.Status != store.StatusChallenge:
		return host.Refuse(host.CodeAnswered, "This challenge was answered already.")
	case t.Seat(user) == 0:
		return host.Refuse(host.CodeNotPlayer, "You are not in this challenge.")
	}
	return a.h.Cancel(t)
}

// begin starts a match: the engine, the choices made before it began, the bots'
// pools, the first screen owed.
func (a *Ab) begin(t *host.Table, before []aibg.Action) error {
	g, err := a.Match(t)
	if err != nil {
		return err
	}
	for _, act := range before {
		if _, err := g.Apply(act); err != nil {
			t.Forget()
			return fmt.Errorf("aibghost: a choice made before game %d began: %w", t.Row.ID, err)
		}
	}
	if t.Row.Mode != match.ModeAuto {
		if err := a.botsChoose(t, g); err != nil {
			return err
		}
	}
	if err := a.h.CommitShown(t, host.Event{Kind: host.EvStart, Turn: &Turn{}}); err != nil {
		return err
	}
	a.h.GoOn(t)
	return nil
}

// Match returns a match's engine, rebuilding it from the stored record if needed;
// the match must be in play (or over).
func (a *Ab) Match(t *host.Table) (*aibg.Game, error) {
	p := part(t)
	if p.g != nil {
		return p.g, nil
	}
	if t.Row.Status != store.StatusPlay && t.Row.Status != store.StatusOver {
		return nil, host.Refuse(host.CodeNotStarted, "The match has not begun.")
	}
	if p.bad != nil {
		return nil, fmt.Errorf("aibghost: rebuild game %d: %w", t.Row.ID, p.bad)
	}
	g, err := aibg.Replay(p.own.Record(t.Row.Seed), nil)
	if err != nil {
		return nil, fmt.Errorf("aibghost: rebuild game %d: %w", t.Row.ID, err)
	}
	p.g = g
	return g, nil
}

// Lineups are both lineups as they stand, slot 0 first: what a turn's summary orders
// its moves by.
func Lineups(g *aibg.Game) [2][]aibg.Creature {
	var out [2][]aibg.Creature
	for p := 1; p <= 2; p++ {
		for _, id := range g.Slots(p) {
			out[p-1] = append(out[p-1], g.Creature(id))
		}
	}
	return out
}

// botsChoose makes each bot's choice of the open phase at once.
func (a *Ab) botsChoose(t *host.Table, g *aibg.Game) error {
	for p := 1; p <= 2 && !g.Over(); p++ {
		if LobbyOf(t).Timed(p) || g.Chosen(p) { // a person or a program chooses itself
			continue
		}
		b, err := aibg.NewBot(LobbyOf(t).Levels[p-1], host.BotSeed(t.Row.Seed, p))
		if err != nil {
			return err
		}
		if _, err := aibg.Act(g, p, b); err != nil {
			t.Forget()
			return err
		}
	}
	return nil
}

// stamp is where a match stands: what a choice that moves it on changes.
type stamp struct {
	phase       aibg.Phase
	round, turn int
}

func stampOf(g *aibg.Game) stamp { return stamp{g.Phase(), g.Round(), g.Turn()} }

// chooser returns the engine and user's seat when user may choose now, or refuses.
func (a *Ab) chooser(t *host.Table, user string, phase aibg.Phase) (*aibg.Game, int, error) {
	if t.Row.Status != store.StatusPlay {
		return nil, 0, host.Refuse(host.CodeNotInPlay, "The match is not in play.")
	}
	p := t.Seat(user)
	if p == 0 {
		return nil, 0, host.Refuse(host.CodeNotPlayer, "You are not playing in this match; you can watch.")
	}
	if t.Owed() != nil {
		return nil, 0, host.Refuse(host.CodeStale, "The match's newest screen is not up yet: choose on it once it is.")
	}
	g, err := a.Match(t)
	if err != nil {
		return nil, 0, err
	}
	switch {
	case g.Phase() != phase:
		return nil, 0, host.Refuse(host.CodeStale, "The match is in %s, not %s: choose on its newest message.", host.Name(string(g.Phase())), host.Name(string(phase)))
	case g.Chosen(p):
		return nil, 0, host.Refuse(host.CodeDone, "Your choice is in: wait for your opponent's.")
	}
	return g, p, nil
}

// Pool makes user's pool (A2): 12 type names of the roster.
func (a *Ab) Pool(t *host.Table, user string, types []string) error {
	g, p, err := a.chooser(t, user, aibg.PoolSelection)
	if err == nil {
		err = a.own(t, p, false)
	}
	if err != nil {
		return err
	}
	return a.choose(t, g, p, host.EvTurn, func() (*aibg.TurnLog, error) { return nil, g.SelectPool(p, types) })
}

// Lineup makes user's lineup for the round (A3): 1 to 4 ids of living creatures.
func (a *Ab) Lineup(t *host.Table, user string, ids []int) error {
	g, p, err := a.chooser(t, user, aibg.RoundSelection)
	if err == nil {
		err = a.own(t, p, false)
	}
	if err != nil {
		return err
	}
	return a.choose(t, g, p, host.EvTurn, func() (*aibg.TurnLog, error) { return nil, g.SelectLineup(p, ids) })
}

// Move makes user's move for the open turn (A6): a move string; one the rules refuse
// is a pass, which the turn's summary explains.
func (a *Ab) Move(t *host.Table, user, move string) error {
	g, p, err := a.chooser(t, user, aibg.RoundInProgress)
	if err != nil {
		return err
	}
	if len(move) > aibg.MaxMoveBytes {
		return host.Refuse(host.CodeBadMove, "A move is at most %d bytes.", aibg.MaxMoveBytes)
	}
	if err := a.own(t, p, true); err != nil {
		return err
	}
	return a.choose(t, g, p, host.EvTurn, func() (*aibg.TurnLog, error) { return g.Play(p, move) })
}

// choose carries out seat p's choice: recorded at once (a secret one, no screen), or,
// when it was the second, with the new phase's or turn's screen owed, the bots having
// chosen for the phase it opens.
func (a *Ab) choose(t *host.Table, g *aibg.Game, p int, kind host.EventKind, do func() (*aibg.TurnLog, error)) error {
	was, before := stampOf(g), Lineups(g)
	log, err := do()
	if err != nil {
		if errors.Is(err, aibg.ErrGameOver) || errors.Is(err, aibg.ErrPhase) || errors.Is(err, aibg.ErrChosen) {
			return host.Refuse(host.CodeStale, "That choice is no longer open: choose on the match's newest message.")
		}
		return host.Refuse(host.CodeBadMove, "%s", err.Error())
	}
	return a.settle(t, g, p, kind, was, before, log)
}

// settle commits what was just chosen: a screen is owed when the match moved on.
func (a *Ab) settle(t *host.Table, g *aibg.Game, p int, kind host.EventKind, was stamp, before [2][]aibg.Creature, log *aibg.TurnLog) error {
	if stampOf(g) == was && part(t).end == nil {
		return a.record(t, nil) // a secret choice: nothing to show yet
	}
	if t.Row.Mode != match.ModeAuto && part(t).end == nil {
		if err := a.botsChoose(t, g); err != nil {
			return err
		}
	}
	if err := a.h.CommitShown(t, host.Event{Kind: kind, Player: p, Turn: &Turn{Log: log, Before: before}}); err != nil {
		return err
	}
	a.h.GoOn(t)
	return nil
}

// MayResign is user's seat when user may resign the match now, or says why not.
func (a *Ab) MayResign(t *host.Table, user string) (int, error) {
	if t.Row.Status != store.StatusPlay {
		return 0, host.Refuse(host.CodeNotInPlay, "The match is not in play.")
	}
	p := t.Seat(user)
	if p == 0 {
		return 0, host.Refuse(host.CodeNotPlayer, "You are not playing in this match.")
	}
	_, err := a.Match(t)
	return p, err
}

// Resign ends user's match at once, lost (the house's resignation).
func (a *Ab) Resign(t *host.Table, user string) error {
	p, err := a.MayResign(t, user)
	if err != nil {
		return err
	}
	part(t).end = &match.Result{Winner: 3 - p, Reason: match.ReasonResign}
	if err := a.h.CommitShown(t, host.Event{Kind: host.EvResign, Player: p, Turn: &Turn{}}); err != nil {
		return err
	}
	a.h.GoOn(t)
	return nil
}

// result is how the match ended, or nil while it goes on.
func result(p *hosted) *match.Result {
	switch {
	case p.end != nil:
		return p.end
	case p.g.Over():
		return &match.Result{Winner: p.g.Winner(), Reason: ReasonRounds}
	}
	return nil
}

// turns counts the turns a record resolved.
func turns(as []aibg.Action) int {
	n := 0
	for _, a := range as {
		if a.Kind == aibg.ActMove {
			n++
		}
	}
	return n / 2
}

// record stores the engine's actions since the stored record ended, with the result
// when the match is over, owing the new state's screen with summary when it is not
// nil: host.Hosted's Record.
func (a *Ab) record(t *host.Table, summary *string) error {
	p := part(t)
	all := p.g.Record().Actions
	pos := len(p.own.Actions)
	enc, err := encodeActions(all[pos:])
	if err != nil {
		t.Forget()
		return err
	}
	res, resigned := result(p), 0
	if res != nil && res.Reason == match.ReasonResign && p.own.Resigned == 0 {
		resigned = 3 - res.Winner // the resignation is the record's last action, so the final screen has a version of its own
		enc = append(enc, store.Action{Seat: resigned, Verb: verbResign})
	}
	if err := a.h.DB().CommitRated(a.h.WriteContext(), t.Row.ID, p.own.stored(), enc, res, turns(all), summary, Elo{}); err != nil {
		t.Forget()
		return err
	}
	p.own.Actions, t.Row.Actions = append(p.own.Actions, all[pos:]...), append(t.Row.Actions, enc...)
	p.own.Resigned = max(p.own.Resigned, resigned)
	if res != nil {
		a.h.Finished(t, res, turns(all))
	}
	return nil
}

// armClock is show's clock: the screen about to go up starts the clock of each
// person and program yet to choose (A18), or an auto match's next step; the programs
// seated are told (Listen).
func (a *Ab) armClock(t *host.Table) error {
	defer a.tell(t)
	lob := LobbyOf(t)
	lob.Due, lob.Dues = time.Time{}, [2]time.Time{}
	if t.Row.Status != store.StatusPlay {
		return nil
	}
	g, err := a.Match(t)
	if err != nil || g.Over() {
		return err
	}
	now := a.h.Now()
	lob.ShownVersion, lob.ShownAt = t.Version(), now
	if t.Row.Mode == match.ModeAuto {
		return a.h.ArmAuto(t, time.Time{})
	}
	a.armDues(t, g, now)
	return nil
}

// expire carries out what Decide says a due deadline of an AIBG match does: a
// challenge nobody answered, a person's clock run out (A18), an auto match's next step.
func (a *Ab) expire(t *host.Table, d store.Deadline) error {
	due := Due{Deadline: host.Deadline(d.Kind), Status: t.Row.Status, Owed: t.Owed() != nil,
		ArmedAt: armedAt(d), Shown: LobbyOf(t).ShownVersion, Auto: t.Row.Mode == match.ModeAuto}
	switch Decide(due) {
	case ExpireChallenge:
		if err := a.h.Cancel(t); err != nil {
			return err
		}
		a.h.Front().Tell(t, host.Note{Kind: host.NoteChallengeExpired})
	case TimeUp:
		return a.timeUp(t)
	case PlayAuto:
		return a.autoStep(t)
	}
	return nil
}

// timeUp makes the choices of the seats whose time ran out (A18): a pass for a move,
// counted towards the forfeit; the roster's first 12 types for a pool; the first
// living ids for a lineup. A seat whose time runs out later has its clock armed again.
func (a *Ab) timeUp(t *host.Table) error {
	g, err := a.Match(t)
	if err != nil {
		return err
	}
	lob := LobbyOf(t)
	was, before, keep := stampOf(g), Lineups(g), *lob
	now := a.h.Now()
	var log *aibg.TurnLog
	missed := 0
	for p := 1; p <= 2 && stampOf(g) == was; p++ { // a turn the first resolves is not the second's to miss
		if !lob.Timed(p) || g.Chosen(p) || !lob.due(p, now) {
			continue
		}
		missed = p
		lob.spend(p, now)
		lob.Late[p-1] = true
		switch g.Phase() {
		case aibg.PoolSelection:
			err = g.SelectPool(p, g.DefaultPool())
		case aibg.RoundSelection:
			err = g.SelectLineup(p, g.DefaultLineup(p))
		case aibg.RoundInProgress:
			lob.Timeouts[p-1]++
			if lob.Timeouts[p-1] >= MaxTimeouts && part(t).end == nil {
				part(t).end = &match.Result{Winner: 3 - p, Reason: match.ReasonForfeit}
			}
			var l *aibg.TurnLog
			if l, err = g.Play(p, TimeoutMove); l != nil {
				log = l
			}
		}
		if err != nil {
			*lob = keep
			t.Forget()
			return err
		}
	}
	if missed == 0 {
		return a.rearm(t, g) // the seat the clock was armed for chose in time
	}
	if err := a.h.SaveMeta(t); err != nil { // the timeouts counted, before the turn they end
		*lob = keep
		t.Forget()
		return err
	}
	kind := host.EvTimeUp
	if part(t).end != nil {
		kind = host.EvForfeit
	}
	if err := a.settle(t, g, missed, kind, was, before, log); err != nil {
		return err
	}
	if t.Owed() == nil {
		return a.rearm(t, g) // the other seat has yet to choose, on its own clock
	}
	return nil
}

// autoStep plays an auto match's next step: both bots choose, and its screen is owed.
func (a *Ab) autoStep(t *host.Table) error {
	g, err := a.Match(t)
	if err != nil || g.Over() {
		return err
	}
	was, before := stampOf(g), Lineups(g)
	var log *aibg.TurnLog
	for p := 1; p <= 2; p++ {
		b, err := aibg.NewBot(LobbyOf(t).Levels[p-1], host.BotSeed(t.Row.Seed, p))
		if err != nil {
			return err
		}
		l, err := aibg.Act(g, p, b)
		if err != nil {
			t.Forget()
			return err
		}
		if l != nil {
			log = l
		}
	}
	return a.settle(t, g, 0, host.EvTurn, was, before, log)
}
