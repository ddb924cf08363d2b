package upbeathost

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// UPBEAT's games through the host (issue 16). They live on the same machinery as
// KOMBAT's: the same tables and registry, rows in the same store (its codec, Upbeat, the
// actions committed at a position as decisions are), the same screens owed in the
// same transaction as the change (commitShown, show, afterTurn, the retries), the same
// stored deadlines and runner (RunDue). What is UPBEAT's own is here: the lobby (seats
// for 2 to 6, bots), the first plans (U19), and the turn: a revision clock for the whole
// game (U20) that runs only while the player's turn is on screen, whose deadline
// confirms the plan for the player, and bots that confirm at once.
//
// A game's life: OpenUpbeat (the opener takes seat 1, bots the last seats), JoinUpbeat
// for the open seats, StartUpbeat (the first plans are written: bots' at once, people's
// with WritePlan until the initial-plan time runs out), then turns: ReviseUpbeat and
// ConfirmUpbeat by the player to act, ResignUpbeat by anyone still in. As for KOMBAT,
// each method takes a locked table and stores the change before anything shows it.

// UpLobby is what the host keeps beside an UPBEAT game's record, in its row's setup.
type UpLobby struct {
	Owner   string   `json:"owner"`             // who opened the game; they start it
	Names   []string `json:"names"`             // display names by seat; "" for a bot or an open seat
	Levels  []string `json:"levels"`            // a bot seat's level; "" for a person's seat
	Plans   []string `json:"plans,omitempty"`   // first plans written so far, by seat (U19)
	Written []bool   `json:"written,omitempty"` // which seats have written their first plan
	// PlansDue is when the initial-plan time runs out and the game begins (U19).
	PlansDue time.Time `json:"plans_due,omitzero"`
	// ShownAt is when the game's latest screen was shown, and ShownVersion the record's
	// length then: the revision clock of the player to act runs from ShownAt (U20).
	ShownAt      time.Time `json:"shown_at"`
	ShownVersion int       `json:"shown_version"`
	Summary      string    `json:"summary,omitempty"`
	// Paused says an auto game (bots alone) waits for its opener's Resume; TurnDue is
	// when its latest turn was due, which its next is paced from (host.ArmAuto).
	Paused  bool      `json:"paused,omitempty"`
	TurnDue time.Time `json:"turn_due,omitzero"`
}

// How an UPBEAT game ended, as its stored result says.
const (
	UpLastStanding match.Reason = "last"  // one player is left (U21)
	UpTurnLimit    match.Reason = "limit" // the turn limit, won on deposits, regions, budget (U22)
	UpTie          match.Reason = "tie"   // the turn limit, and two or more share the top (U22a)
)

// UpOpen is a new UPBEAT game as its opener asks for it.
type UpOpen struct {
	Scope, Place     string // as store.Game's
	Owner, OwnerName string // the opener, who takes seat 1 (unless the bots take every seat)
	Config           upbeat.Config
	Seats            int      // 2 to 6 (U2)
	Bots             []string // the bots' levels ("" for the default), taking the last seats
	Seed             uint64
}

// UpLang is UPBEAT's plans' language, which WritePlan and ReviseUpbeat check against.
func (u *Up) UpLang() *interp.Language { return u.lang }

// UpLobbyLife is how long an UPBEAT game waits for its players and its start: a lobby
// nobody starts must not hold its channel for ever.
const UpLobbyLife = 30 * time.Minute

// OpenUpbeat stores a new UPBEAT game waiting for its players (store.StatusChallenge)
// and registers it, cancelled when nobody starts it within UpLobbyLife. When the bots
// take every seat it is an auto game (match.ModeAuto): its opener watches, seated
// nowhere (so held by no game, and rated on no ladder), and StartUpbeat begins it at
// once, its turns paced one every AutoStep (host.ArmAuto) until Pause.
func (u *Up) OpenUpbeat(o UpOpen) (*host.Table, error) {
	if o.Seats < 2 || o.Seats > 6 {
		return nil, host.Refuse(host.CodeTooFew, "An UPBEAT game has 2 to 6 players.")
	}
	if len(o.Bots) > o.Seats {
		return nil, host.Refuse(host.CodeTooMany, "There are %d bots for %d seats.", len(o.Bots), o.Seats)
	}
	auto := len(o.Bots) == o.Seats
	if err := o.Config.Check(o.Seats); err != nil {
		return nil, host.Refuse(host.CodeBadConfig, "The configuration does not fit %d players: %s.", o.Seats, err)
	}
	lob := &UpLobby{Owner: o.Owner, Names: make([]string, o.Seats), Levels: make([]string, o.Seats)}
	seats := make([]string, o.Seats)
	if !auto {
		seats[0], lob.Names[0] = o.Owner, o.OwnerName
	}
	for i, l := range o.Bots {
		if l == "" {
			l = upbeat.DefaultLevel
		}
		if !slices.Contains(upbeat.Levels(), l) {
			return nil, host.Refuse(host.CodeNoLevel, "There is no bot level %q; the levels are %s.", l, strings.Join(upbeat.Levels(), ", "))
		}
		lob.Levels[o.Seats-len(o.Bots)+i] = l
	}
	mode := match.ModeDuel // who plays, as the store's modes say it
	switch o.Seats - len(o.Bots) {
	case 0:
		mode = match.ModeAuto
	case 1:
		mode = match.ModeSolitaire
	}
	row := &store.Game{Scope: o.Scope, Place: o.Place, Mode: mode, Status: store.StatusChallenge, Seed: o.Seed}
	up := &Upbeat{Seats: seats, Config: o.Config}
	if err := up.newRow(row); err != nil {
		return nil, err
	}
	t, err := u.h.CreateSeated(host.NewTable(row, func(t *host.Table) host.Hosted { return &hosted{u: u, t: t, lob: lob, up: up} }))
	if err != nil {
		return nil, err
	}
	if lt, err := u.h.Lock(t.Row.ID); err == nil { // the lobby's clock, stored before anyone sees it
		u.h.Arm(lt, host.ChallengeExpiry, u.h.Now().Add(UpLobbyLife))
		lt.Unlock()
	}
	return t, nil
}

// CancelUpbeat cancels an UPBEAT game that has not started, at its opener's request.
func (u *Up) CancelUpbeat(t *host.Table, user string) error {
	switch {
	case t.Row.Status != store.StatusChallenge:
		return host.Refuse(host.CodeStarted, "This game has started: %s leaves it.", host.Command("upbeat resign"))
	case user != Lobby(t).Owner:
		return host.Refuse(host.CodeOnlySome, "Only %s, who opened this game, can cancel it.", host.User(Lobby(t).Owner))
	}
	return u.h.Cancel(t)
}

// upName names seat p of an UPBEAT game for a refusal: its player's display name, or
// the bot's seat ("Bot 2"), as the game's messages do, rather than a bare seat number.
func upName(t *host.Table, p int) string {
	switch {
	case !upHuman(t, p):
		return fmt.Sprintf("Bot %d", p)
	case Lobby(t).Names[p-1] != "":
		return Lobby(t).Names[p-1]
	}
	return fmt.Sprintf("player %d", p)
}

// upHuman reports whether seat p of an UPBEAT game is a person's.
func upHuman(t *host.Table, p int) bool { return Lobby(t).Levels[p-1] == "" }

// JoinUpbeat seats user in the first open seat of a game waiting for players, and
// returns the seat.
func (u *Up) JoinUpbeat(t *host.Table, user, name string) (int, error) {
	if t.Row.Status != store.StatusChallenge {
		return 0, host.Refuse(host.CodeStarted, "This game has started; you can watch it.")
	}
	if t.Seat(user) != 0 {
		return 0, host.Refuse(host.CodeSeated, "You are in this game already.")
	}
	seat := 0
	err := u.h.Seat(t, []string{user}, func() error { // one game per person
		up, lob := Own(t), Lobby(t)
		for i, s := range up.Seats {
			if s != "" || !upHuman(t, i+1) {
				continue
			}
			lob.Names[i] = name
			if err := u.setSeat(t, i, user); err != nil {
				lob.Names[i] = ""
				return err
			}
			seat = i + 1
			return nil
		}
		return host.Refuse(host.CodeFull, "This game is full.")
	})
	return seat, err
}

// LeaveUpbeat gives up user's seat in a game waiting for players, so that nobody who
// joined is held by it (one game per person) until its opener starts or cancels it or
// it closes unstarted. The opener cancels instead.
func (u *Up) LeaveUpbeat(t *host.Table, user string) error {
	p := t.Seat(user)
	switch {
	case t.Row.Status != store.StatusChallenge:
		return host.Refuse(host.CodeStarted, "This game has started: %s leaves it.", host.Command("upbeat resign"))
	case p == 0:
		return host.Refuse(host.CodeNotPlayer, "You are not in this game.")
	case user == Lobby(t).Owner:
		return host.Refuse(host.CodeOnlySome, "You opened this game: %s closes it.", host.Control("Cancel"))
	}
	return u.h.Seat(t, nil, func() error {
		lob := Lobby(t)
		name := lob.Names[p-1]
		lob.Names[p-1] = ""
		if err := u.setSeat(t, p-1, ""); err != nil {
			lob.Names[p-1] = name
			return err
		}
		return nil
	})
}

// upPlansVersion is the version of an UPBEAT game's first-plans screen: the message
// where the people write their first plans, owed before any action is stored (the
// first turn's screen is version 0, and a screen's version names its post).
const upPlansVersion = -1

// setSeat seats user (or nobody, "") in seat i of a game waiting for players, and
// stores it; on an error the seat is as it was.
func (u *Up) setSeat(t *host.Table, i int, user string) error {
	up, seats := Own(t), t.Row.Seats
	was := up.Seats[i]
	up.Seats[i] = user
	err := up.encodeSeats(t.Row)
	if err == nil {
		err = u.h.SaveMeta(t)
	}
	if err != nil {
		up.Seats[i], t.Row.Seats = was, seats
	}
	return err
}

// UpMayStart says why user cannot start t now (a *Refusal), or nil: StartUpbeat's
// checks, for a chat that prepares the game's place (a thread) before it starts.
func (u *Up) UpMayStart(t *host.Table, user string) error {
	switch {
	case t.Row.Status != store.StatusChallenge:
		return host.Refuse(host.CodeStarted, "This game has started.")
	case user != Lobby(t).Owner:
		return host.Refuse(host.CodeOnlySome, "Only %s, who opened this game, can start it.", host.User(Lobby(t).Owner))
	case upOpenSeats(t) > 0:
		return host.Refuse(host.CodeTooFew, "Some seats are still open: wait for players to join.")
	}
	return nil
}

// StartUpbeat begins the first plans (U19): the bots write theirs at once, the people
// have the initial-plan time to write theirs (WritePlan). The first-plans screen is
// owed in the transaction that starts the game and shown as any screen is (retried,
// and after a restart); the initial-plan time, a stored deadline, starts only once it
// is up, so no one loses their plan time to an outage. Only the opener starts, once
// every seat is taken. An auto game, with nobody to wait for, begins at once (should
// that fail, the deadline begins it).
func (u *Up) StartUpbeat(t *host.Table, user string) error {
	if err := u.UpMayStart(t, user); err != nil {
		return err
	}
	n := len(Own(t).Seats)
	Lobby(t).Plans, Lobby(t).Written = make([]string, n), make([]bool, n)
	for p := 1; p <= n; p++ {
		if !upHuman(t, p) {
			b, err := u.upBot(t, p)
			if err != nil {
				return err
			}
			Lobby(t).Plans[p-1], Lobby(t).Written[p-1] = b.InitialPlan(), true
		}
	}
	// Until the first-plans screen is up (show sets it again), the time given is the
	// whole initial-plan time from now.
	t.Row.Status, Lobby(t).PlansDue = store.StatusSetup, u.h.Now().Add(Own(t).Config.InitPlanTime())
	auto := t.Row.Mode == match.ModeAuto
	lobby := t.Row.Shown
	var err error
	if auto {
		err = u.h.SaveMeta(t)
	} else {
		// The lobby's message lost its buttons with the Start that answered on it, and
		// it may stay in the channel when the game moves to a thread: the first-plans
		// screen has no screen before it to retire.
		t.Row.Shown = ""
		err = u.h.SaveMetaOwing(t, upPlansVersion)
	}
	if err != nil {
		t.Row.Status, Lobby(t).Plans, Lobby(t).Written, Lobby(t).PlansDue, t.Row.Shown = store.StatusChallenge, nil, nil, time.Time{}, lobby
		return err
	}
	u.h.Disarm(t, host.ChallengeExpiry)
	if auto {
		u.h.Arm(t, host.SetupExpiry, Lobby(t).PlansDue)
		return u.upBegin(t)
	}
	t.Owe(upPlansVersion)
	u.h.GoOn(t)
	return nil
}

// upOpenSeats counts the people's seats nobody has taken yet.
func upOpenSeats(t *host.Table) int {
	n := 0
	for i, u := range Own(t).Seats {
		if u == "" && upHuman(t, i+1) {
			n++
		}
	}
	return n
}

// upBot is seat p's bot.
func (u *Up) upBot(t *host.Table, p int) (*upbeat.Bot, error) {
	return upbeat.NewBot(Lobby(t).Levels[p-1], t.Row.Seed+uint64(p))
}

// WritePlan takes user's first plan (U19; the first plan costs nothing, and may be
// written again until everyone has written theirs). A plan that does not compile gives
// its *interp.Error, wrapped. When it was the last, the game begins: its first screen
// is owed and shown.
func (u *Up) WritePlan(t *host.Table, user, plan string) (began bool, err error) {
	p := t.Seat(user)
	switch {
	case t.Row.Status != store.StatusSetup:
		return false, host.Refuse(host.CodeNotStarted, "The first plans are written once the game starts, before its first turn.")
	case p == 0:
		return false, host.Refuse(host.CodeNotPlayer, "You are not playing in this game.")
	}
	plan = strings.TrimSpace(plan)
	if _, err := host.CheckStrategy(u.lang, fmt.Sprintf("player %d", p), plan); err != nil {
		return false, err
	}
	old, was := Lobby(t).Plans[p-1], Lobby(t).Written[p-1]
	Lobby(t).Plans[p-1], Lobby(t).Written[p-1] = plan, true
	if !slices.Contains(Lobby(t).Written, false) {
		return true, u.upBegin(t)
	}
	if err := u.h.SaveMeta(t); err != nil {
		Lobby(t).Plans[p-1], Lobby(t).Written[p-1] = old, was
		return false, err
	}
	return false, nil
}

// upBegin fixes the first plans (a seat without one plays "done", U19), starts the
// engine, owes the first screen and plays on.
func (u *Up) upBegin(t *host.Table) error {
	up, seats := Own(t), t.Row.Seats
	up.Plans, t.Row.Status = slices.Clone(Lobby(t).Plans), store.StatusPlay
	err := up.encodeSeats(t.Row)
	if err == nil {
		err = u.h.SaveMeta(t)
	}
	if err != nil {
		up.Plans, t.Row.Seats, t.Row.Status = nil, seats, store.StatusSetup
		return err
	}
	u.h.Disarm(t, host.SetupExpiry)
	g, err := upbeat.New(u.lang, up.Record(t.Row.Seed).Setup)
	if err != nil {
		return err
	}
	part(t).g = g
	if err := u.h.CommitShown(t, host.Event{Kind: host.EvStart}); err != nil {
		return err
	}
	u.h.GoOn(t)
	return nil
}

// UpEngine returns an UPBEAT game's engine, rebuilding it from the stored record if
// needed; the game must be in play (or over).
func (u *Up) UpEngine(t *host.Table) (*upbeat.Game, error) {
	if part(t).g != nil {
		return part(t).g, nil
	}
	if t.Row.Status != store.StatusPlay && t.Row.Status != store.StatusOver {
		return nil, host.Refuse(host.CodeNotStarted, "The game has not begun.")
	}
	if bad := part(t).bad; bad != nil {
		return nil, fmt.Errorf("host: rebuild game %d: %w", t.Row.ID, bad)
	}
	g, last, err := upReplay(u.lang, Own(t).Record(t.Row.Seed))
	if err != nil {
		return nil, fmt.Errorf("host: rebuild game %d: %w", t.Row.ID, err)
	}
	part(t).g, part(t).last = g, last
	return g, nil
}

// upRecord stores the engine's actions since the stored record ended, with the result
// when the game is over, owing the new state's screen with summary when it is not nil:
// record's counterpart.
func (u *Up) upRecord(t *host.Table, summary *string) error {
	g := part(t).g
	all := g.Record().Actions
	up := Own(t)
	pos := len(up.Actions)
	var res *match.Result
	var policy store.RatingPolicy
	if g.Over() { // rated in the transaction that ends it, as KOMBAT's games are
		res, policy = &match.Result{Winner: g.Winner(), Reason: upReason(g)}, UpElo{Out: upOut(g)}
	}
	enc := encodeActions(all[pos:])
	if err := u.h.DB().CommitRated(u.h.WriteContext(), t.Row.ID, pos, enc, res, g.Turns(), summary, policy); err != nil {
		t.Forget()
		return err
	}
	up.Actions, t.Row.Actions = append(up.Actions, all[pos:]...), append(t.Row.Actions, enc...)
	u.h.Reseat(t) // whoever is out is free to play elsewhere
	if res != nil {
		u.h.Finished(t, res, g.Turns())
	}
	return nil
}

// upReason says how a finished game ended.
func upReason(g *upbeat.Game) match.Reason {
	in := 0
	for p := 1; p <= g.Players(); p++ {
		if g.Alive(p) {
			in++
		}
	}
	switch {
	case in == 1:
		return UpLastStanding
	case g.Winner() == 0:
		return UpTie
	}
	return UpTurnLimit
}

// upArmClock is show's clock for an UPBEAT game: the screen about to be shown starts
// the revision clock of the person to act (U20), whose stored deadline is when the
// time they have left runs out.
func (u *Up) upArmClock(t *host.Table) error {
	if t.Row.Status == store.StatusSetup {
		// The first-plans screen: the initial-plan time runs from the moment it is up,
		// as a turn's clock does (U19).
		Lobby(t).PlansDue = u.h.Now().Add(Own(t).Config.InitPlanTime())
		u.h.Arm(t, host.SetupExpiry, Lobby(t).PlansDue)
		return nil
	}
	if t.Row.Status != store.StatusPlay {
		return nil
	}
	g, err := u.UpEngine(t)
	if err != nil {
		return err
	}
	now := u.h.Now()
	Lobby(t).ShownAt, Lobby(t).ShownVersion = now, t.Version()
	if t.Row.Mode == match.ModeAuto {
		if !Lobby(t).Paused && !g.Over() {
			return u.h.ArmAuto(t, Lobby(t).TurnDue) // not stored: the screen waits, and arms it when retried
		}
		return nil
	}
	if p := g.Current(); p != 0 && upHuman(t, p) && g.CanRevise(p) {
		u.h.Arm(t, host.TurnTimeUp, now.Add(g.Clock(p)))
		u.upArmReminder(t, g, p, now)
	}
	return nil
}

// upElapsed is the revision-clock time the player to act has used since the clock last
// started or they last acted (U20). It runs only while their turn is on screen.
func (u *Up) upElapsed(t *host.Table) time.Duration {
	if t.Owed() != nil || Lobby(t).ShownAt.IsZero() {
		return 0
	}
	el := u.h.Now().Sub(Lobby(t).ShownAt)
	acts := Own(t).Actions
	for _, a := range acts[min(Lobby(t).ShownVersion, len(acts)):] {
		el -= a.Elapsed
	}
	return max(el, 0)
}

// UpClock is the revision clock seat p of t has left now (U20): the engine's, less what
// the player to act has used since their turn went on screen, which the engine learns
// only when they act. runsOut is when it runs out if it is running now (their turn is
// on screen, they are a person and may still revise), else zero: the engine's clock
// alone is the clock as it stood when the turn began.
func (u *Up) UpClock(t *host.Table, p int) (left time.Duration, runsOut time.Time, err error) {
	g, err := u.UpEngine(t)
	if err != nil {
		return 0, time.Time{}, err
	}
	left = g.Clock(p)
	if t.Row.Status != store.StatusPlay || g.Current() != p || !upHuman(t, p) || !g.CanRevise(p) || t.Owed() != nil || Lobby(t).ShownAt.IsZero() {
		return left, time.Time{}, nil
	}
	left = max(left-u.upElapsed(t), 0)
	return left, u.h.Now().Add(left), nil
}

// UpClockDue is when the revision clock of the person to act runs out, for the screen
// being shown to say: show starts that clock (at Up.ShownAt) just before it calls
// Front.Show, for the state the screen shows. It is zero when no person's clock runs
// with the screen (a bot to act, a clock run out, the game over or not begun).
func (u *Up) UpClockDue(t *host.Table) time.Time {
	g, err := u.UpEngine(t)
	if err != nil || t.Row.Status != store.StatusPlay || Lobby(t).ShownAt.IsZero() || Lobby(t).ShownVersion != t.Version() {
		return time.Time{}
	}
	if p := g.Current(); p != 0 && upHuman(t, p) && g.CanRevise(p) {
		return Lobby(t).ShownAt.Add(g.Clock(p))
	}
	return time.Time{}
}

// upTurn returns the engine and user's seat when it is their turn, or refuses.
func (u *Up) upTurn(t *host.Table, user string) (*upbeat.Game, int, error) {
	if t.Row.Status != store.StatusPlay {
		return nil, 0, host.Refuse(host.CodeNotInPlay, "The game is not in play.")
	}
	g, err := u.UpEngine(t)
	if err != nil {
		return nil, 0, err
	}
	switch p := t.Seat(user); {
	case p == 0:
		return nil, 0, host.Refuse(host.CodeNotPlayer, "You are not playing in this game; you can watch.")
	case p != g.Current():
		return nil, 0, host.Refuse(host.CodeNotYourTurn, "It is %s's turn, not yours.", upName(t, g.Current()))
	default:
		return g, p, nil
	}
}

// UpTurn returns the engine and user's seat when it is their turn, or the refusal
// ReviseUpbeat and ConfirmUpbeat would give: what a chat asks before opening a form.
func (u *Up) UpTurn(t *host.Table, user string) (*upbeat.Game, int, error) { return u.upTurn(t, user) }

// ReviseUpbeat revises the plan of user, whose turn it is (U20). The revision is
// recorded whatever comes of it, with the time it took; no screen is owed, since the
// turn goes on. A plan that does not compile gives its *interp.Error, wrapped; a budget
// below rev_cost is refused; a clock that has run out confirms the plan at once (the
// turn's screen follows) and is refused.
func (u *Up) ReviseUpbeat(t *host.Table, user, plan string) error {
	g, p, err := u.upTurn(t, user)
	if err != nil {
		return err
	}
	rerr := g.Revise(p, strings.TrimSpace(plan), u.upElapsed(t))
	if err := u.upRecord(t, nil); err != nil {
		return err
	}
	switch {
	case errors.Is(rerr, upbeat.ErrClockSpent):
		if err := u.upConfirm(t, g, p, host.EvTimeUp, 0); err != nil {
			return err
		}
		return host.Refuse(host.CodeClockOut, "Your revision clock has run out: your plan was confirmed as it stood.")
	case errors.Is(rerr, upbeat.ErrRevisionCost):
		return host.Refuse(host.CodeBudget, "A revision costs %d and your budget is %d: your plan stays.", Own(t).Config.RevCost, g.Budget(p))
	case rerr != nil:
		return fmt.Errorf("host: revise: %w", rerr)
	}
	return nil
}

// ConfirmUpbeat confirms the plan of user, whose turn it is: the crew runs it, the turn
// is committed with its screen owed, and the game goes on (bots at once).
func (u *Up) ConfirmUpbeat(t *host.Table, user string) error {
	g, p, err := u.upTurn(t, user)
	if err != nil {
		return err
	}
	return u.upConfirm(t, g, p, host.EvTurn, u.upElapsed(t))
}

// upConfirm runs player p's plan, charging elapsed, commits the turn owing its screen
// and goes on.
func (u *Up) upConfirm(t *host.Table, g *upbeat.Game, p int, kind host.EventKind, elapsed time.Duration) error {
	log, err := g.Confirm(p, elapsed)
	if err != nil {
		t.Forget()
		return err
	}
	if err := u.h.CommitShown(t, host.Event{Kind: kind, Player: p, Turn: log}); err != nil {
		return err
	}
	u.h.GoOn(t)
	return nil
}

// UpMayResign returns user's seat when they may resign from t now, else why not (a
// *Refusal): ResignUpbeat's checks, for a chat that asks the player to confirm first.
func (u *Up) UpMayResign(t *host.Table, user string) (int, error) {
	switch {
	case t.Row.Status == store.StatusChallenge && t.Seat(user) != 0 && user != Lobby(t).Owner:
		return 0, host.Refuse(host.CodeNotStarted, "This game has not started: press %s on its message to give up your seat.", host.Control("Leave"))
	case t.Row.Status == store.StatusChallenge && user == Lobby(t).Owner:
		return 0, host.Refuse(host.CodeNotStarted, "This game has not started: press %s on its message to close it.", host.Control("Cancel"))
	case t.Row.Status != store.StatusPlay:
		return 0, host.Refuse(host.CodeNotInPlay, "The game is not in play.")
	}
	g, err := u.UpEngine(t)
	if err != nil {
		return 0, err
	}
	p := t.Seat(user)
	if p == 0 || !g.Alive(p) {
		return 0, host.Refuse(host.CodeNotPlayer, "You are not in this game.")
	}
	return p, nil
}

// ResignUpbeat takes user out of the game (U16's loss) at once, whoever's turn it is.
func (u *Up) ResignUpbeat(t *host.Table, user string) error {
	p, err := u.UpMayResign(t, user)
	if err != nil {
		return err
	}
	if err := part(t).g.Resign(p); err != nil {
		t.Forget()
		return err
	}
	if err := u.h.CommitShown(t, host.Event{Kind: host.EvResign, Player: p}); err != nil {
		return err
	}
	u.h.GoOn(t)
	return nil
}

// upAuto plays the turn that waits for no one, after a screen was shown: a bot's (it
// may revise, then confirms at once), or a person's whose revision clock has run out
// (confirmed at once, U20). It reports whether it played one; the caller shows it.
func (u *Up) upAuto(t *host.Table) (bool, error) {
	if t.Row.Status != store.StatusPlay {
		return false, nil
	}
	g, err := u.UpEngine(t)
	if err != nil || g.Over() {
		return false, err
	}
	p := g.Current()
	if upHuman(t, p) && g.CanRevise(p) {
		return false, nil
	}
	kind := host.EvTimeUp
	if !upHuman(t, p) {
		kind = host.EvTurn
		b, err := u.upBot(t, p)
		if err != nil {
			return false, err
		}
		if plan := b.Revision(g, p); plan != "" {
			g.Revise(p, plan, 0) // a refused revision keeps the plan, and is recorded
		}
	}
	log, err := g.Confirm(p, 0)
	if err != nil {
		t.Forget()
		return false, err
	}
	return true, u.h.CommitShown(t, host.Event{Kind: kind, Player: p, Turn: log})
}

// upWaits reports, at start-up, that an UPBEAT game in play whose screen is not owed
// needs the host all the same: the process stopped before the bot's turn that follows
// a shown screen was played, or before the first screen was owed (the game had begun).
func (u *Up) upWaits(t *host.Table) bool {
	if t.Row.Status != store.StatusPlay {
		return false
	}
	if t.Row.Shown == "" { // never shown: owe the state stored
		t.Owe(t.Version())
		return true
	}
	if t.Row.Mode == match.ModeAuto {
		return false // its stored AutoTurn plays on (or it is paused)
	}
	g, err := u.UpEngine(t)
	if err != nil {
		u.h.Log().Error("rebuild game", "game", t.Row.ID, "err", err)
		return false
	}
	p := g.Current()
	return p != 0 && (!upHuman(t, p) || !g.CanRevise(p))
}

// upExpire carries out what Decide says a due deadline of an UPBEAT game does: the
// initial-plan time is up (the game begins, U19), the player to act is reminded of
// their revision clock, or it ran out while their turn was on screen (their plan is
// confirmed, U20), or an auto game's turn is played.
func (u *Up) upExpire(t *host.Table, d store.Deadline) error {
	lob := Lobby(t)
	due := Due{Deadline: host.Deadline(d.Kind), Status: t.Row.Status, Owed: t.Owed() != nil,
		Shown: lob.ShownVersion, Auto: t.Row.Mode == match.ModeAuto, Paused: lob.Paused}
	due.ArmedAt, _ = strconv.Atoi(d.Payload)
	var g *upbeat.Game
	if due.NeedsTurn() {
		var err error
		if g, err = u.UpEngine(t); err != nil {
			return err
		}
		if due.Player = g.Current(); due.Player != 0 {
			due.Human, due.CanRevise = upHuman(t, due.Player), g.CanRevise(due.Player)
			due.Left = g.Clock(due.Player) - u.upElapsed(t)
		}
	}
	p := due.Player
	switch Decide(due) {
	case ExpireChallenge:
		if err := u.h.Cancel(t); err != nil {
			return err
		}
		u.h.Front().Tell(t, host.Note{Kind: host.NoteLobbyExpired})
	case Begin:
		return u.upBegin(t)
	case Remind:
		u.h.Front().Tell(t, host.Note{Kind: host.NoteReminder, Player: p, Left: due.Left})
	case ConfirmPlan:
		return u.upConfirm(t, g, p, host.EvTimeUp, max(u.upElapsed(t), g.Clock(p)))
	case PlayAuto:
		return u.upAutoTurn(t, d.Due)
	}
	return nil
}

// upHeld lists the people an UPBEAT game holds, by seat (host.Hosted's Held): a player
// who resigned or lost their city center is out, and free to play elsewhere while the
// others play on (a resignation is read from the record; losing a center needs the
// engine, rebuilt after a restart with the game's first turn, or else counted when the
// game ends).
func upHeld(t *host.Table) []string {
	held := slices.Clone(Own(t).Seats)
	for _, a := range Own(t).Actions {
		if a.Kind == upbeat.ActResign && a.Player >= 1 && a.Player <= len(held) {
			held[a.Player-1] = ""
		}
	}
	if g := part(t).g; g != nil {
		for p := range held {
			if !g.Alive(p + 1) {
				held[p] = ""
			}
		}
	}
	return held
}
