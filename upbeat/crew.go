package upbeat

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/interp"
)

// Kinds of Event.
const (
	EventInterest = "interest"  // interest paid at the start of a turn (U6)
	EventMove     = "move"      // a move command (U11)
	EventInvest   = "invest"    // an invest command (U12)
	EventCollect  = "collect"   // a collect command (U13)
	EventShoot    = "shoot"     // a shoot command (U14)
	EventRelocate = "relocate"  // a relocate command (U15)
	EventLost     = "lost"      // a player lost their city center (U16)
	EventEvalEnd  = "eval end"  // the evaluation ended (U10); Note says how
	EventOwnerOff = "ownerless" // a region dropped below 1 and lost its owner (U4)
)

// Event is one thing that happened in a turn.
type Event struct {
	Kind   string  `json:"kind"`
	Player int     `json:"player,omitempty"`  // who acted, or who lost
	At     Region  `json:"at,omitzero"`       // the crew's region, or the region concerned
	To     Region  `json:"to,omitzero"`       // a move's or a shot's target
	Dir    int     `json:"dir,omitempty"`     // a direction number (U1)
	Amount int64   `json:"amount,omitempty"`  // the command's amount
	Count  int     `json:"regions,omitempty"` // regions paid, for interest
	Cost   int64   `json:"cost,omitempty"`    // what the budget paid
	Gain   float64 `json:"gain,omitempty"`    // interest paid, deposit change
	OK     bool    `json:"ok,omitempty"`      // the command took effect
	Note   string  `json:"note,omitempty"`    // why not, or how the evaluation ended
	// Omitted, on the evaluation's end, counts the events past MaxEventsPerEval that
	// were not logged (TurnLog.Tally still counts their commands).
	Omitted int64 `json:"omitted,omitempty"`
}

// MaxEventsPerEval bounds the events one evaluation logs, as KOMBAT's
// game.MaxEventsPerEval does a minion's: a plan may run millions of commands a turn
// (issue 23: "while (1) while (1) while (1) invest 1" under the largest step limit ran
// 3.3 million invests and kept 437 MB of events), and the log must not grow with them.
// Later commands still happen; the evaluation's end event counts the events left out,
// and TurnLog.Tally sums up every command. The turn's interest, a player's loss and
// the evaluation's end are always logged (a game has at most six losses).
const MaxEventsPerEval = 100

// How an evaluation ended (U10, U24), as TurnLog.End and `kombat try` spell it.
const (
	EndProgram  = "end"      // past the last statement
	EndDone     = "done"     // a done command
	EndRelocate = "relocate" // a relocate command (U15)
	EndDivZero  = "div0"     // a division by zero
	EndBudget   = "budget"   // move or collect with a budget below 1 (U11, U13)
	EndSteps    = "steps"    // the step limit (R21)
	EndLost     = "lost"     // the acting player knocked itself out (U24)
	EndGameOver = "gameover" // one player is left (U24)
)

// TurnLog is what one turn did.
type TurnLog struct {
	Player int           `json:"player"`
	Turn   int64         `json:"turn"` // the player's turn number (U2)
	Events []Event       `json:"events"`
	Crew   Region        `json:"crew"` // where the crew ended
	End    string        `json:"end"`  // EndProgram, EndDone, ...
	Steps  int64         `json:"steps_used"`
	Tally  Tally         `json:"tally"` // every command of the evaluation, logged or not
	Result interp.Result `json:"-"`
	// Trace is the evaluation's trace when the game traces (SetTracing), else nil: what
	// a turn's "Why?" shows (Why).
	Trace *interp.Trace `json:"-"`
}

// Tally sums up an evaluation's commands by kind, every one of them, whether its event
// was logged or left out past MaxEventsPerEval: what a player is told a turn did,
// however long its plan ran.
type Tally struct {
	Move      Count `json:"move,omitzero"`
	Invest    Count `json:"invest,omitzero"`
	Collect   Count `json:"collect,omitzero"`
	Shoot     Count `json:"shoot,omitzero"`
	Relocate  Count `json:"relocate,omitzero"`
	Ownerless int64 `json:"ownerless,omitzero"` // regions that dropped below 1 and lost their owner (U4)
}

// Count is one kind of command in a Tally. Sums stop at the largest int64 rather than
// wrap: ten million collects of max_dep each pass it.
type Count struct {
	Runs   int64 `json:"runs"`   // commands run
	OK     int64 `json:"ok"`     // of which took effect (a move that moved, a shot that hit)
	Amount int64 `json:"amount"` // invested into deposits, collected into the budget, or spent on shots paid for
	Cost   int64 `json:"cost"`   // what they paid in all
}

// add counts one command's event.
func (c *Count) add(e Event, amount int64) {
	c.Runs++
	if e.OK {
		c.OK++
	}
	c.Amount = addSat(c.Amount, amount)
	c.Cost = addSat(c.Cost, e.Cost)
}

// addSat is a + b for b >= 0, stopping at the largest int64.
func addSat(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// count adds a command's or a dropped region's event to the tally.
func (t *Tally) count(e Event) {
	switch e.Kind {
	case EventMove:
		t.Move.add(e, 0)
	case EventInvest:
		t.Invest.add(e, okAmount(e))
	case EventCollect:
		t.Collect.add(e, okAmount(e))
	case EventShoot:
		if e.Cost > 0 {
			t.Shoot.add(e, e.Amount)
		} else {
			t.Shoot.add(e, 0)
		}
	case EventRelocate:
		t.Relocate.add(e, 0)
	case EventOwnerOff:
		t.Ownerless++
	}
}

// okAmount is the amount of a command that took effect, 0 otherwise.
func okAmount(e Event) int64 {
	if e.OK {
		return e.Amount
	}
	return 0
}

// Words says what the tally counts, a phrase a kind, each number in full with
// thousands separators ("invested 3,333,110 (3,333,110 invests)"): one turn's summary
// for a screen or a terminal, however many commands the plan ran. Kinds not run are
// left out; nothing run at all gives nothing.
func (t Tally) Words() []string {
	var out []string
	if m := t.Move; m.Runs > 0 {
		s := plural(m.Runs, "move", "moves")
		if blocked := m.Runs - m.OK; blocked > 0 {
			s += fmt.Sprintf(" (%s stayed put)", Thousands(blocked))
		}
		out = append(out, s)
	}
	if t.Invest.Runs > 0 {
		out = append(out, money(t.Invest, "invested", "invest", "invests"))
	}
	if t.Collect.Runs > 0 {
		out = append(out, money(t.Collect, "collected", "collect", "collects"))
	}
	if sh := t.Shoot; sh.Runs > 0 {
		s := fmt.Sprintf("%s for %s (%s hit)", plural(sh.Runs, "shot", "shots"), Thousands(sh.Amount), Thousands(sh.OK))
		out = append(out, s)
	}
	switch r := t.Relocate; {
	case r.OK > 0:
		out = append(out, "relocated the city center")
	case r.Runs > 0:
		out = append(out, "could not relocate the city center")
	}
	if t.Ownerless > 0 {
		out = append(out, plural(t.Ownerless, "region", "regions")+" left ownerless")
	}
	return out
}

// money words the invests or collects c counts: the amount those that took effect
// moved, and how many had no effect.
func money(c Count, verb, one, many string) string {
	if c.OK == 0 {
		return plural(c.Runs, one, many) + " without effect"
	}
	s := fmt.Sprintf("%s %s (%s)", verb, Thousands(c.Amount), plural(c.OK, one, many))
	if failed := c.Runs - c.OK; failed > 0 {
		s += fmt.Sprintf(", %s without effect", Thousands(failed))
	}
	return s
}

// plural is n with thousands separators and the word that goes with it.
func plural(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Thousands(n) + " " + many
}

// Thousands writes n with a comma every three digits, as the summaries count.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// crew is the interp.Host of a running plan: player p's city crew on the territory.
type crew struct {
	g       *Game
	p       int
	at      Region
	end     string // set by a command that ends the evaluation
	events  []Event
	logged  int   // events logged that count towards MaxEventsPerEval
	omitted int64 // and events left out past it
	tally   Tally
	// info remembers the answers of opponent and nearby (one slot each, nearby's per
	// direction) on one state of the territory: plans ask in loops without changing
	// anything, and each answer walks up to six rays. Any command may change the
	// territory, so each one bumps version, and the cache lives for one evaluation.
	info    [7]infoEntry
	version uint64
}

// infoEntry is one remembered answer of opponent or nearby.
type infoEntry struct {
	valid   bool
	version uint64
	at      Region
	value   int64
}

var _ interp.Host = (*crew)(nil)

// run evaluates player p's plan once from the city center (U10).
func (g *Game) run(p int, log *TurnLog) {
	pl := &g.players[p-1]
	c := &g.crew
	c.p, c.at, c.end, c.events = p, pl.center, "", log.Events
	c.logged, c.omitted, c.tally, c.info = 0, 0, Tally{}, [7]infoEntry{}
	if g.tracing {
		log.Trace = &interp.Trace{Max: MaxTraceEvents}
		g.machine.Trace = log.Trace
		defer func() { g.machine.Trace = nil }()
	}
	res := g.machine.Run(pl.prog, c, interp.Frame{Locals: pl.locals}, g.cfg.StepLimit)
	log.Events, log.Crew, log.Steps, log.Result, log.Tally = c.events, c.at, res.Steps, res, c.tally
	c.events = nil
	switch res.End {
	case interp.EndProgram:
		log.End = EndProgram
	case interp.EndDone:
		log.End = EndDone
	case interp.EndDivZero:
		log.End = EndDivZero
	case interp.EndSteps:
		log.End = EndSteps
	default:
		log.End = c.end
	}
	if !g.quiet {
		log.Events = append(log.Events, Event{Kind: EventEvalEnd, Player: p, At: c.at, Note: log.End, Omitted: c.omitted})
	}
}

func (c *crew) region() int { return c.g.terr.index(c.at) }

// Special answers the read-only names (U1, U7, U8).
func (c *crew) Special(id int) int64 {
	g := c.g
	switch id {
	case SpecialRows:
		return int64(g.terr.Rows)
	case SpecialCols:
		return int64(g.terr.Cols)
	case SpecialCurRow:
		return int64(c.at.Row)
	case SpecialCurCol:
		return int64(c.at.Col)
	case SpecialBudget:
		return g.players[c.p-1].budget
	case SpecialDeposit:
		i := c.region()
		d := int64(g.dep[i])
		if g.owner[i] == 0 {
			return -d
		}
		return d
	case SpecialInt:
		i := c.region()
		if int(g.owner[i]) != c.p || g.dep[i] < 1 {
			return 0
		}
		return int64(g.cfg.Rate(g.dep[i], g.players[c.p-1].turn))
	case SpecialMaxDeposit:
		return g.cfg.MaxDep
	case SpecialRandom:
		return int64(g.rng.IntN(1000))
	}
	return 0
}

// Info answers opponent (U17) and nearby (U18), from the cache while nothing has
// changed since the same question at the same place.
func (c *crew) Info(id int, args []int64) int64 {
	slot := 0
	switch {
	case id == InfoOpponent:
	case id == InfoNearby && args[0] >= 1 && args[0] <= 6:
		slot = int(args[0])
	default:
		return 0
	}
	e := &c.info[slot]
	if e.valid && e.version == c.version && e.at == c.at {
		return e.value
	}
	var v int64
	if id == InfoOpponent {
		v = c.opponent()
	} else if dist, i := c.look(slot); dist > 0 {
		v = int64(100*dist) + int64(digits(int64(c.g.dep[i])))
	}
	*e = infoEntry{valid: true, version: c.version, at: c.at, value: v}
	return v
}

// opponent is U17: the six rays are walked outward together, one distance at a time,
// and the walk stops at the first distance where any ray meets another player's
// region, the lowest direction winning a tie. Its cost is proportional to the distance
// it looks, not to the territory (walking each ray to the edge in turn cost 2.4 to 3.5 s
// an evaluation of a loop at the step limit on a 100 x 100 territory, issue 23).
func (c *crew) opponent() int64 {
	g := c.g
	var at [6]Region
	for d := range at {
		at[d] = c.at
	}
	for dist := 1; ; dist++ {
		open := false
		for d := 1; d <= 6; d++ {
			r := at[d-1]
			if r.Row == 0 { // this ray left the territory
				continue
			}
			r = r.Neighbor(d)
			if !g.terr.Has(r) {
				at[d-1] = Region{}
				continue
			}
			at[d-1], open = r, true
			if o := int(g.owner[g.terr.index(r)]); o != 0 && o != c.p {
				return int64(10*dist + d)
			}
		}
		if !open {
			return 0
		}
	}
}

// look walks ray d from the crew to the territory's edge and returns the distance and
// index of the first region owned by another player, or 0 if none: own and ownerless
// regions do not block the view (U18).
func (c *crew) look(d int) (int, int) {
	g := c.g
	at := c.at
	for dist := 1; ; dist++ {
		at = at.Neighbor(d)
		if !g.terr.Has(at) {
			return 0, 0
		}
		i := g.terr.index(at)
		if o := int(g.owner[i]); o != 0 && o != c.p {
			return dist, i
		}
	}
}

// digits is the number of decimal digits of n >= 0 (1 for 0).
func digits(n int64) int { return len(strconv.FormatInt(max(n, 0), 10)) }

// Command carries out move, invest, collect, shoot and relocate (U11-U15).
func (c *crew) Command(id int, args []int64) bool {
	c.version++ // the territory may change: Info's answers are stale
	switch id {
	case CmdMove:
		return c.move(int(args[0]))
	case CmdInvest:
		c.invest(args[0])
	case CmdCollect:
		return c.collect(args[0])
	case CmdShoot:
		return c.shoot(int(args[0]), args[1])
	case CmdRelocate:
		c.relocate()
		return false
	}
	return true
}

// emit counts a command's event in the tally and logs it, unless the game is quiet
// or the evaluation has logged its MaxEventsPerEval.
func (c *crew) emit(e Event) {
	e.Player = c.p
	c.keep(e)
}

// keep tallies and logs an event, within MaxEventsPerEval.
func (c *crew) keep(e Event) {
	c.tally.count(e)
	if c.g.quiet {
		return
	}
	if c.logged >= MaxEventsPerEval {
		c.omitted++
		return
	}
	c.logged++
	c.events = append(c.events, e)
}

// move is U11.
func (c *crew) move(d int) bool {
	g := c.g
	pl := &g.players[c.p-1]
	if pl.budget < 1 {
		c.end = EndBudget
		c.emit(Event{Kind: EventMove, At: c.at, Dir: d, Note: "budget below 1"})
		return false
	}
	pl.budget--
	to := c.at.Neighbor(d)
	e := Event{Kind: EventMove, At: c.at, To: to, Dir: d, Cost: 1}
	switch {
	case !g.terr.Has(to):
		e.Note = "off the territory"
	case g.owner[g.terr.index(to)] != 0 && int(g.owner[g.terr.index(to)]) != c.p:
		e.Note = "owned by another player"
	default:
		c.at, e.OK = to, true
	}
	c.emit(e)
	return true
}

// invest is U12. With a budget below 1 it costs nothing and, unlike move and collect
// (U10), does not end the evaluation: the ruling says so in as many words, so it
// stands. A loop of such invests is still bounded: each is a statement, a step of
// R21's limit, and its events stop at MaxEventsPerEval.
func (c *crew) invest(e int64) {
	g := c.g
	pl := &g.players[c.p-1]
	ev := Event{Kind: EventInvest, At: c.at, Amount: e}
	i := c.region()
	o := int(g.owner[i])
	switch {
	case pl.budget < 1:
		ev.Note = "budget below 1"
	case e < 0:
		pl.budget--
		ev.Cost, ev.Note = 1, "negative amount"
	case e > pl.budget-1: // budget < e + 1, without overflow (U5a)
		pl.budget--
		ev.Cost, ev.Note = 1, "budget below amount + 1"
	case o != 0 && o != c.p:
		pl.budget--
		ev.Cost, ev.Note = 1, "owned by another player"
	case o == 0 && !c.g.touches(c.p, c.at):
		pl.budget--
		ev.Cost, ev.Note = 1, "touches none of the player's regions"
	default:
		pl.budget -= e + 1
		before := g.dep[i]
		g.dep[i] = min(before+float64(e), float64(g.cfg.MaxDep))
		ev.Cost, ev.Gain, ev.OK = e+1, g.dep[i]-before, true
		if o == 0 && g.dep[i] >= 1 {
			g.owner[i] = uint8(c.p)
		}
	}
	c.emit(ev)
}

// touches reports whether r is next to a region of player p.
func (g *Game) touches(p int, r Region) bool {
	for d := 1; d <= 6; d++ {
		if n := r.Neighbor(d); g.terr.Has(n) && int(g.owner[g.terr.index(n)]) == p {
			return true
		}
	}
	return false
}

// collect is U13.
func (c *crew) collect(e int64) bool {
	g := c.g
	pl := &g.players[c.p-1]
	ev := Event{Kind: EventCollect, At: c.at, Amount: e}
	if pl.budget < 1 {
		c.end = EndBudget
		ev.Note = "budget below 1"
		c.emit(ev)
		return false
	}
	pl.budget--
	ev.Cost = 1
	i := c.region()
	switch {
	case int(g.owner[i]) != c.p:
		ev.Note = "not the player's region"
	case e < 0 || float64(e) > g.dep[i]:
		ev.Note = "more than the deposit"
	default:
		g.dep[i] -= float64(e)
		if pl.budget > math.MaxInt64-e { // U5a: the budget stops at the largest int64
			pl.budget = math.MaxInt64
		} else {
			pl.budget += e
		}
		ev.Gain, ev.OK = -float64(e), true
	}
	c.emit(ev)
	if ev.OK && g.dep[i] < 1 {
		return c.drop(i)
	}
	return true
}

// shoot is U14. A negative or unaffordable shot costs nothing and the evaluation goes
// on, as the ruling (and KOMBAT's R17) says; like a free invest, each is a step of the
// step limit (R21), which bounds a loop of them.
func (c *crew) shoot(d int, e int64) bool {
	g := c.g
	pl := &g.players[c.p-1]
	to := c.at.Neighbor(d)
	ev := Event{Kind: EventShoot, At: c.at, To: to, Dir: d, Amount: e}
	if e < 0 || e > pl.budget-1 { // U5a: compared without overflow
		ev.Note = "budget below amount + 1"
		if e < 0 {
			ev.Note = "negative amount"
		}
		c.emit(ev)
		return true
	}
	pl.budget -= e + 1
	ev.Cost = e + 1
	if !g.terr.Has(to) {
		ev.Note = "off the territory"
		c.emit(ev)
		return true
	}
	i := g.terr.index(to)
	if g.owner[i] == 0 {
		ev.Note = "ownerless"
		c.emit(ev)
		return true
	}
	before := g.dep[i]
	g.dep[i] = max(0, before-float64(e))
	ev.Gain, ev.OK = g.dep[i]-before, true
	c.emit(ev)
	if g.dep[i] < 1 {
		return c.drop(i)
	}
	return true
}

// drop makes region i ownerless (U4); if it was its owner's city center, the owner loses
// (U16), and the evaluation goes on unless the game is over or the acting player is out
// (U24).
func (c *crew) drop(i int) bool {
	g := c.g
	o := int(g.owner[i])
	g.owner[i] = 0
	at := g.terr.at(i)
	c.keep(Event{Kind: EventOwnerOff, Player: o, At: at})
	if g.players[o-1].center != at {
		return true
	}
	if !g.quiet {
		c.events = append(c.events, Event{Kind: EventLost, Player: o, At: at})
	}
	g.lose(o)
	switch {
	case g.over:
		c.end = EndGameOver
		return false
	case o == c.p:
		c.end = EndLost
		return false
	}
	return true
}

// relocate is U15.
func (c *crew) relocate() {
	g := c.g
	pl := &g.players[c.p-1]
	c.end = EndRelocate
	cost := int64(5*Distance(pl.center, c.at) + 10)
	ev := Event{Kind: EventRelocate, At: c.at, To: pl.center}
	switch {
	case int(g.owner[c.region()]) != c.p:
		ev.Note = "not the player's region"
	case pl.budget < cost:
		ev.Note = "budget below " + strconv.FormatInt(cost, 10)
	default:
		pl.budget -= cost
		pl.center = c.at
		ev.Cost, ev.OK = cost, true
	}
	c.emit(ev)
}
