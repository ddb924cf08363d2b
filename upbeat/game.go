package upbeat

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/kombat-game/kombat/interp"
)

// Sentinel errors for conditions callers branch on.
var (
	// ErrGameOver: the game has ended; nothing more can be done in it.
	ErrGameOver = errors.New("upbeat: the game is over")
	// ErrNotYourTurn: a player acted outside their own turn.
	ErrNotYourTurn = errors.New("upbeat: not your turn")
	// ErrClockSpent: the player's revision clock has run out (U20); the plan stays.
	ErrClockSpent = errors.New("upbeat: the revision clock has run out")
	// ErrRevisionCost: the budget is below rev_cost (U20); the plan stays.
	ErrRevisionCost = errors.New("upbeat: the budget is below the revision cost")
	// ErrPlayerOut: the player is out of the game (U16, U21) and plays no more turns.
	ErrPlayerOut = errors.New("upbeat: the player is out of the game")
	// ErrTurnsPlayed: the player has played all of its max_turns turns (U22).
	ErrTurnsPlayed = errors.New("upbeat: the player has played all its turns")
)

// refusedTurn is a turn the rules refuse: Err is the sentinel errors.Is finds, Msg says
// whose turn and why, in the words a scenario's "refused" prints.
type refusedTurn struct {
	err error
	msg string
}

func (e *refusedTurn) Error() string { return "upbeat: " + e.msg }
func (e *refusedTurn) Unwrap() error { return e.err }

// Setup is what a game starts from: its configuration, seed and players' first plans.
type Setup struct {
	Config  Config   `json:"config"`
	Seed    uint64   `json:"seed"`
	Players int      `json:"players"` // 2 to 6 (U2)
	Plans   []string `json:"plans"`   // each seat's first plan (U19); "" or missing is "done"
}

// Game is one UPBEAT game: the territory, the players and whose turn is open. It is
// deterministic given its Setup and the actions applied to it. A Game is not safe for
// concurrent use.
type Game struct {
	lang    *interp.Language
	setup   Setup
	cfg     Config
	terr    Territory
	owner   []uint8   // per region index: 0 for none, else the player
	dep     []float64 // per region index
	players []player  // seat i is player i+1
	cur     int       // the player whose turn is open; 0 once the game is over
	pcg     *rand.PCG
	rng     *rand.Rand
	machine interp.Machine
	crew    crew
	actions []Action
	opening []Event // the interest paid when the open turn began
	turns   int     // turns played, all players together
	over    bool
	winner  int  // 0 for a tie, or while the game goes on
	quiet   bool // no events are logged (SetQuiet)
	tracing bool // evaluations record their traces (SetTracing)
}

// SetQuiet turns the turn logs' events off (or on again): a game played for its result
// alone, by a simulation or a bot's trial, runs several times faster without them.
func (g *Game) SetQuiet(on bool) { g.quiet = on }

// player is one seat's state.
type player struct {
	budget int64
	center Region
	turn   int64 // the number of the player's open or next turn, from 1 (U2)
	alive  bool
	text   string
	prog   *interp.Program
	locals []int64          // the plan's variables, in prog.Locals() order
	saved  map[string]int64 // variables of earlier plans that this one lacks (U20a)
	clock  time.Duration    // revision time left (U20)
	spent  bool             // the clock has run out: no more revisions
}

// New starts a game: every player gets init_budget and a city center drawn from the
// seed among regions not yet drawn (U3), compiles the first plans (U19; a plan that does
// not compile is an error, an empty one is "done"), and opens player 1's turn.
func New(lang *interp.Language, s Setup) (*Game, error) {
	if err := s.Config.Check(s.Players); err != nil {
		return nil, fmt.Errorf("upbeat: configuration: %w", err)
	}
	if len(s.Plans) > s.Players {
		return nil, fmt.Errorf("upbeat: %d plans for %d players", len(s.Plans), s.Players)
	}
	g := newEmpty(lang, s)
	return g.start(s)
}

// newEmpty is a game with the setup's players and an empty territory.
func newEmpty(lang *interp.Language, s Setup) *Game {
	terr := s.Config.Territory()
	g := &Game{
		lang: lang, setup: s, cfg: s.Config, terr: terr,
		owner: make([]uint8, terr.Size()), dep: make([]float64, terr.Size()),
		players: make([]player, s.Players),
	}
	g.setup.Plans = append([]string(nil), s.Plans...)
	g.pcg = rand.NewPCG(s.Seed, 0x75706265617421) // "upbeat!"
	g.rng = rand.New(g.pcg)
	g.crew.g = g
	return g
}

// start draws the centers (U3), sets budgets and first plans, and opens player 1's turn.
func (g *Game) start(s Setup) (*Game, error) {
	for i := range g.players {
		k := g.rng.IntN(g.terr.Size() - i)
		at := -1
		for j := range g.owner {
			if g.owner[j] != 0 {
				continue
			}
			if k == 0 {
				at = j
				break
			}
			k--
		}
		pl := &g.players[i]
		pl.budget, pl.center, pl.turn, pl.alive = g.cfg.InitBudget, g.terr.at(at), 1, true
		pl.clock = g.cfg.RevisionClock()
		g.owner[at], g.dep[at] = uint8(i+1), float64(g.cfg.InitCenterDep)
		text := ""
		if i < len(s.Plans) {
			text = s.Plans[i]
		}
		if err := g.setPlan(i+1, text); err != nil {
			return nil, fmt.Errorf("upbeat: player %d's first plan: %w", i+1, err)
		}
	}
	g.open(1)
	return g, nil
}

// setPlan compiles text ("" means "done") as player p's plan, keeping the values of
// variables the plans share (U20a).
func (g *Game) setPlan(p int, text string) error {
	src := text
	if isBlank(src) {
		src = "done"
	}
	prog, err := interp.Compile(g.lang, fmt.Sprintf("player %d", p), src)
	if err != nil {
		return err
	}
	pl := &g.players[p-1]
	if pl.prog != nil {
		if pl.saved == nil {
			pl.saved = map[string]int64{}
		}
		for i, name := range pl.prog.Locals() {
			pl.saved[name] = pl.locals[i]
		}
	}
	pl.text, pl.prog = text, prog
	pl.locals = make([]int64, len(prog.Locals()))
	for i, name := range prog.Locals() {
		pl.locals[i] = pl.saved[name]
	}
	return nil
}

func isBlank(s string) bool {
	for _, r := range s {
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' {
			return false
		}
	}
	return true
}

// open begins player p's turn: interest on their regions (U6); the revision window opens.
func (g *Game) open(p int) {
	g.cur = p
	g.opening = g.interest(p, g.opening[:0])
}

// Rate is U6's interest rate r, in percent, for deposit d on turn t: b * log10 d * ln t,
// never rounded (U6a); 0 for a deposit below 1.
func (c Config) Rate(d float64, t int64) float64 {
	if d < 1 || t < 1 {
		return 0
	}
	return float64(c.InterestPct) * math.Log10(d) * math.Log(float64(t))
}

// interest pays player p's regions their interest for the player's current turn (U6),
// in row order, and appends one event with the total.
func (g *Game) interest(p int, events []Event) []Event {
	t := g.players[p-1].turn
	if t <= 1 {
		return events // ln 1 = 0: nothing on turn 1
	}
	maxDep := float64(g.cfg.MaxDep)
	total, n := 0.0, 0
	for i, o := range g.owner {
		if int(o) != p || g.dep[i] < 1 {
			continue
		}
		d := g.dep[i]
		nd := min(d+d*g.cfg.Rate(d, t)/100, maxDep)
		total += nd - d
		g.dep[i] = nd
		n++
	}
	// Kept even when quiet: a turn's interest is paid when it opens, which may be on
	// a step a replay plays quietly (a resignation out of turn opens none), and the
	// turn's screen shows it.
	return append(events, Event{Kind: EventInterest, Player: p, Gain: total, Count: n})
}

// Current is the player whose turn is open, or 0 once the game is over.
func (g *Game) Current() int { return g.cur }

// Opening lists what happened when the open turn began: the interest paid (U6).
func (g *Game) Opening() []Event { return append([]Event(nil), g.opening...) }

// Revise replaces player p's plan during their turn (U20), charging elapsed, the time
// since the turn opened or since the player's last action in it, to their clock. It is
// refused, the plan staying, when the clock runs out (ErrClockSpent: the host then
// confirms the plan at once), when the plan does not compile (an *interp.Error), or
// when the budget is below rev_cost (ErrRevisionCost). A plan that differs from the
// current one only in comments and whitespace is accepted free and changes nothing
// (U20a). Variables keep their values across revisions.
func (g *Game) Revise(p int, text string, elapsed time.Duration) error {
	if err := g.check(p); err != nil {
		return err
	}
	g.actions = append(g.actions, Action{Player: p, Kind: ActRevise, Plan: text, Elapsed: elapsed})
	return g.revise(p, text, elapsed)
}

func (g *Game) revise(p int, text string, elapsed time.Duration) error {
	pl := &g.players[p-1]
	if g.charge(p, elapsed) {
		return ErrClockSpent
	}
	if SamePlan(pl.text, text) {
		return nil
	}
	if _, err := interp.Compile(g.lang, fmt.Sprintf("player %d", p), text); err != nil {
		return err
	}
	if pl.budget < g.cfg.RevCost {
		return fmt.Errorf("%w (%d): the budget is %d", ErrRevisionCost, g.cfg.RevCost, pl.budget)
	}
	if err := g.setPlan(p, text); err != nil {
		return err
	}
	pl.budget -= g.cfg.RevCost
	return nil
}

// charge takes elapsed from p's clock and reports whether it is spent (U20).
func (g *Game) charge(p int, elapsed time.Duration) bool {
	pl := &g.players[p-1]
	if pl.spent {
		return true
	}
	pl.clock -= max(elapsed, 0)
	if pl.clock <= 0 {
		pl.clock, pl.spent = 0, true
	}
	return pl.spent
}

// SamePlan reports whether two plans are the same once comments and whitespace are
// removed (U20a). An empty plan is the same as "done".
func SamePlan(a, b string) bool {
	return canonical(a) == canonical(b)
}

// canonical strips comments (# to the end of the line) and whitespace.
func canonical(s string) string {
	if isBlank(s) {
		return "done"
	}
	out := make([]byte, 0, len(s))
	comment := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n':
			comment = false
		case comment || c == ' ' || c == '\t' || c == '\r':
		case c == '#':
			comment = true
		default:
			out = append(out, c)
		}
	}
	return string(out)
}

// Confirm ends player p's revision window, charging elapsed to the clock (U20), and runs
// the plan: the crew starts at the city center and evaluates it once (U10). Then the
// next player still in has their turn opened, or the game ends (U21, U22).
func (g *Game) Confirm(p int, elapsed time.Duration) (TurnLog, error) {
	log, next, err := g.confirm(p, elapsed)
	if next != 0 {
		g.open(next)
	}
	return log, err
}

// confirm is Confirm up to the opening of the next turn, the whole of a turn's path that
// a game and a scenario's step share: the checks, the clock's charge, the plan's run,
// the turn's count, and the end at the turn limit (endTurn). It returns the player
// whose turn a game opens next (0 once the game is over); a scenario's next step opens
// its own instead (seat).
func (g *Game) confirm(p int, elapsed time.Duration) (TurnLog, int, error) {
	if err := g.check(p); err != nil {
		return TurnLog{}, 0, err
	}
	g.actions = append(g.actions, Action{Player: p, Kind: ActConfirm, Elapsed: elapsed})
	g.charge(p, elapsed)
	log := TurnLog{Player: p, Turn: g.players[p-1].turn}
	log.Events = append(log.Events, g.opening...)
	g.run(p, &log)
	return log, g.endTurn(p), nil
}

// Resign takes player p out of the game at once, as losing the city center does (U16).
func (g *Game) Resign(p int) error {
	if g.over {
		return ErrGameOver
	}
	if p < 1 || p > len(g.players) || !g.players[p-1].alive {
		return fmt.Errorf("upbeat: player %d is not in the game", p)
	}
	g.actions = append(g.actions, Action{Player: p, Kind: ActResign})
	g.lose(p)
	if !g.over && p == g.cur {
		if next := g.endTurn(p); next != 0 {
			g.open(next)
		}
	}
	return nil
}

// Stop ends the game now, as at its turn limit (Finish: U22, U22a), and records it on
// the open turn's player: how whoever watches an auto game ends one that would run for
// hours (a game of people ends by their turns or resignations).
func (g *Game) Stop() error {
	if g.over {
		return ErrGameOver
	}
	g.actions = append(g.actions, Action{Player: g.cur, Kind: ActStop})
	g.Finish()
	return nil
}

// playable refuses a turn of player p that the rules do not allow: once the game is
// over, for a player out of it (U16, U21), and past the player's max_turns (U22). A
// game's actions are checked by it (check), a scenario's steps too (seat), and a game
// opens only a playable turn (endTurn).
func (g *Game) playable(p int) error {
	if g.over {
		return ErrGameOver
	}
	if p < 1 || p > len(g.players) {
		return fmt.Errorf("%w: there is no player %d (players are 1 to %d)", ErrNotYourTurn, p, len(g.players))
	}
	switch pl := &g.players[p-1]; {
	case !pl.alive:
		return &refusedTurn{ErrPlayerOut, fmt.Sprintf("player %d is out of the game", p)}
	case pl.turn > g.cfg.MaxTurns:
		return &refusedTurn{ErrTurnsPlayed, fmt.Sprintf("player %d has played all its turns (max_turns=%d)", p, g.cfg.MaxTurns)}
	}
	return nil
}

// check refuses an action of player p outside the open turn (playable, then the seat
// order).
func (g *Game) check(p int) error {
	if err := g.playable(p); err != nil {
		return err
	}
	if p != g.cur {
		return fmt.Errorf("%w: it is player %d's turn", ErrNotYourTurn, g.cur)
	}
	return nil
}

// endTurn counts player p's turn as played and returns the player whose turn comes
// next: the next in seat order still in with a turn left (U2). When none is left the
// game ends at its turn limit (U22), and it returns 0, as it does once the game is over.
// The turn is counted first, even when it ended the game by shooting the last
// opponent's city center down: it was played all the same, and its image, the turn
// count a screen shows and the count stored with the game include it.
func (g *Game) endTurn(p int) int {
	g.players[p-1].turn++
	g.turns++
	if g.over {
		return 0
	}
	n := len(g.players)
	next := g.cur
	for range n {
		next = next%n + 1
		if g.playable(next) == nil {
			return next
		}
	}
	g.Finish()
	return 0
}

// lose takes player p out (U16): every region of theirs becomes ownerless at once,
// keeping its deposit. When one player is left, they win (U21).
func (g *Game) lose(p int) {
	pl := &g.players[p-1]
	if !pl.alive {
		return
	}
	pl.alive = false
	for i, o := range g.owner {
		if int(o) == p {
			g.owner[i] = 0
		}
	}
	left, last := 0, 0
	for i := range g.players {
		if g.players[i].alive {
			left, last = left+1, i+1
		}
	}
	if left <= 1 {
		g.end(last)
	}
}

func (g *Game) end(winner int) {
	g.over, g.winner, g.cur = true, winner, 0
}

// Finish ends the game as at the turn limit (U22, U22a): among the players still in,
// the larger total deposit (summed in row order, then column order) wins, then more
// regions, then the larger budget; two or more sharing the top is a tie.
func (g *Game) Finish() {
	if g.over {
		return
	}
	n := len(g.players)
	sum := make([]float64, n+1)
	count := make([]int, n+1)
	for i, o := range g.owner {
		if o != 0 {
			sum[o] += g.dep[i]
			count[o]++
		}
	}
	better := func(a, b int) int { // >0 when a ranks above b
		switch {
		case sum[a] != sum[b]:
			return cmp(sum[a], sum[b])
		case count[a] != count[b]:
			return cmp(count[a], count[b])
		}
		return cmp(g.players[a-1].budget, g.players[b-1].budget)
	}
	best, tied := 0, false
	for p := 1; p <= n; p++ {
		if !g.players[p-1].alive {
			continue
		}
		switch {
		case best == 0 || better(p, best) > 0:
			best, tied = p, false
		case better(p, best) == 0:
			tied = true
		}
	}
	if tied {
		best = 0
	}
	g.end(best)
}

func cmp[T int | int64 | float64](a, b T) int {
	switch {
	case a > b:
		return 1
	case a < b:
		return -1
	}
	return 0
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Winner is the winning player once the game is over; 0 for a tie or a game going on.
func (g *Game) Winner() int { return g.winner }

// Turns is the number of turns played, all players together.
func (g *Game) Turns() int { return g.turns }

// Players is the number of seats.
func (g *Game) Players() int { return len(g.players) }

// Config is the game's configuration.
func (g *Game) Config() Config { return g.cfg }

// Territory is the game's field.
func (g *Game) Territory() Territory { return g.terr }

// Language is the language the game's plans are compiled for.
func (g *Game) Language() *interp.Language { return g.lang }

// Budget is player p's budget.
func (g *Game) Budget(p int) int64 { return g.players[p-1].budget }

// Center is player p's city center.
func (g *Game) Center(p int) Region { return g.players[p-1].center }

// Alive reports whether player p is still in the game (U21).
func (g *Game) Alive(p int) bool { return g.players[p-1].alive }

// Turn is the number of player p's open or next turn, from 1 (U2).
func (g *Game) Turn(p int) int64 { return g.players[p-1].turn }

// Plan is player p's current plan as written.
func (g *Game) Plan(p int) string { return g.players[p-1].text }

// Clock is player p's revision time left (U20).
func (g *Game) Clock(p int) time.Duration { return g.players[p-1].clock }

// CanRevise reports whether player p's clock still runs (U20).
func (g *Game) CanRevise(p int) bool { return !g.players[p-1].spent }

// Owner is the player owning r, or 0 (also for a region off the territory).
func (g *Game) Owner(r Region) int {
	if !g.terr.Has(r) {
		return 0
	}
	return int(g.owner[g.terr.index(r)])
}

// Deposit is r's deposit (0 off the territory).
func (g *Game) Deposit(r Region) float64 {
	if !g.terr.Has(r) {
		return 0
	}
	return g.dep[g.terr.index(r)]
}

// Vars returns player p's plan variables by name, those of earlier plans included.
func (g *Game) Vars(p int) map[string]int64 {
	pl := &g.players[p-1]
	out := map[string]int64{}
	for k, v := range pl.saved {
		out[k] = v
	}
	for i, name := range pl.prog.Locals() {
		out[name] = pl.locals[i]
	}
	return out
}
