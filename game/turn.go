package game

import (
	"errors"
	"math"
	"math/big"
	"sync/atomic"

	"github.com/kombat-game/kombat/interp"
)

// interestRate is r of R8: interest_pct * log10(m) * ln(t), in percent.
func interestRate(pct int64, m float64, t int) float64 {
	return float64(pct) * math.Log10(m) * math.Log(float64(t))
}

// intPart is the integer part of a budget-sized float, saturating instead of
// overflowing (Go leaves out-of-range conversions undefined).
func intPart(f float64) int64 {
	switch {
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	case f != f: // NaN
		return 0
	}
	return int64(f)
}

// startTurn begins the current player's turn: income, interest and the cap (R8 1-3).
func (g *Game) startTurn() {
	p := g.current
	pl := g.player(p)
	cfg := g.setup.Config
	pl.turns++
	g.bought, g.spawned = false, false
	g.turn = TurnLog{Player: p, Turn: pl.turns}
	pl.budget += float64(cfg.TurnBudget)
	g.turn.Events = append(g.turn.Events, Event{Type: EvIncome, Player: p, Amount: float64(cfg.TurnBudget), Budget: pl.budget})
	if m := pl.budget; m >= 1 {
		r := interestRate(cfg.InterestPct, m, pl.turns)
		if gain := m * r / 100; gain > 0 {
			pl.budget += gain
			g.turn.Events = append(g.turn.Events, Event{Type: EvInterest, Player: p, Amount: gain, Rate: r, Budget: pl.budget})
		}
	}
	if limit := float64(cfg.MaxBudget); pl.budget > limit {
		lost := pl.budget - limit
		pl.budget = limit
		g.turn.Events = append(g.turn.Events, Event{Type: EvCap, Player: p, Amount: lost, Budget: pl.budget})
	}
}

// TurnStepLimit bounds the steps all of a player's minions take together in one turn,
// whatever the configuration: 64 minions (a full board) at the default step_limit.
// Minions run oldest first, each with the smaller of step_limit and what the turn has
// left; a minion that finds nothing left ends at once (EndTurnSteps). Steps, not time,
// so that a record replays the same on any machine. The worst turn the rules allow is
// therefore 64 million steps (BenchmarkWorstTurn), whatever step_limit says.
const TurnStepLimit = 64_000_000

// ErrStopped means an evaluation was interrupted through the flag given to SetStop.
// The turn it was in is half played: the game must be dropped and rebuilt from its
// record, where that turn has not happened.
var ErrStopped = errors.New("game: evaluation stopped; rebuild the game from its record")

// SetStop gives the game a flag that interrupts its minions' evaluations at their next
// loop iteration once set (shutdown). After an interruption every method that acts
// returns ErrStopped.
func (g *Game) SetStop(stop *atomic.Bool) { g.machine.Stop = stop }

// EndTurn ends player p's decisions for this turn: each of its minions runs its
// strategy once, oldest first (R8 6), within TurnStepLimit. Then the game ends (R24,
// R25) or the other player's turn begins. It returns the log of the turn just played.
func (g *Game) EndTurn(p int) (TurnLog, error) {
	done, err := g.closeTurn(p)
	if err != nil {
		return TurnLog{}, err
	}
	if g.phase != PhaseOver {
		// Never refused here: the game ends before a player could start a turn past
		// max_turns (R25).
		_ = g.beginTurn(3 - p)
	}
	g.notePoint(false, p, done.Events)
	return done, nil
}

// closeTurn is EndTurn up to the start of the next turn, the whole of a turn's end that a
// game and a scenario's turn step share: the check, the minions' run, the end by
// elimination (R24) or at the turn limit after player 2's last turn (R25), and the
// turn's log filed. A game begins the other player's turn next; a scenario's next turn
// step begins its own (beginTurn).
func (g *Game) closeTurn(p int) (TurnLog, error) {
	if err := g.checkTurn(p); err != nil {
		return TurnLog{}, err
	}
	g.decisions = append(g.decisions, Decision{Player: p, Action: ActEnd})
	g.runMinions(p)
	if g.stopped {
		g.decisions = g.decisions[:len(g.decisions)-1]
		return TurnLog{}, ErrStopped
	}
	if g.phase != PhaseOver && p == 2 && int64(g.player(2).turns) >= g.setup.Config.MaxTurns {
		g.finish(g.turnLimitResult())
	}
	return g.endTurnLog(), nil
}

// beginTurn makes player p current and starts its turn (startTurn), once the rules
// allow it: not once the game is over, and not past the player's max_turns (R25). A
// game begins each turn so, in turn order; a scenario's turn step begins the turn of
// the player it names.
func (g *Game) beginTurn(p int) error {
	if err := g.checkPlayer(p); err != nil {
		return err
	}
	if g.phase == PhaseOver {
		return refuse(ErrGameOver, "the game is over")
	}
	if max := g.setup.Config.MaxTurns; int64(g.player(p).turns) >= max {
		return refuse(ErrTurnsPlayed, "player %d has played all its turns (max_turns=%d)", p, max)
	}
	g.current = p
	g.startTurn()
	return nil
}

// runMinions runs each of p's minions once, oldest first; a minion killed earlier in
// the turn does not run, and nothing runs once the game is over (R11, R24).
func (g *Game) runMinions(p int) {
	order := make([]*minion, 0, len(g.minions))
	for _, m := range g.minions {
		if m.owner == p {
			order = append(order, m)
		}
	}
	left := int64(TurnStepLimit)
	for _, m := range order {
		if m.dead {
			continue
		}
		left -= g.runMinion(m, left)
		if g.phase == PhaseOver || g.stopped {
			break
		}
	}
	alive := g.minions[:0]
	for _, m := range g.minions {
		if !m.dead {
			alive = append(alive, m)
		}
	}
	clear(g.minions[len(alive):])
	g.minions = alive
}

// runMinion evaluates one minion's strategy with the step limit of R21, or what is
// left of the turn's steps if that is less, and returns the steps it took.
func (g *Game) runMinion(m *minion, left int64) int64 {
	k := &g.kinds[m.kind]
	pl := g.player(m.owner)
	var tr *interp.Trace
	if g.trace {
		tr = &interp.Trace{}
	}
	g.machine.Trace = tr
	h := minionHost{g: g, m: m}
	limit := min(g.setup.Config.StepLimit, left)
	res := g.machine.Run(k.prog, &h, interp.Frame{Locals: m.locals, Globals: pl.globals, GlobalIndex: k.globals}, limit)
	if res.End == interp.EndStopped {
		g.stopped = true
		return res.Steps
	}
	end := evalEnd(res.End, g.phase == PhaseOver)
	if end == EndSteps && limit < g.setup.Config.StepLimit {
		end = EndTurnSteps
	}
	e := Event{Type: EvEval, Player: m.owner, Minion: m.id, Kind: k.Name, At: m.hex, End: end,
		Steps: res.Steps, Src: res.Pos, Budget: pl.budget, Omitted: h.omitted}
	if tr != nil {
		e.Trace = tr.Format(g.lang)
	}
	g.turn.Events = append(g.turn.Events, e)
	return res.Steps
}

func evalEnd(e interp.End, over bool) string {
	switch e {
	case interp.EndDone:
		return EndDone
	case interp.EndDivZero:
		return EndDivZero
	case interp.EndSteps:
		return EndSteps
	case interp.EndHost:
		if over {
			return EndGameOver
		}
		return EndBudget
	}
	return EndOfProgram
}

// kill removes a minion from the board at once (R17) and ends the game if its owner
// has no minion left (R24).
func (g *Game) kill(m *minion) {
	m.dead = true
	g.board[m.hex.index()] = nil
	g.version++
	g.turn.Events = append(g.turn.Events, Event{Type: EvDeath, Player: m.owner, Minion: m.id, Kind: g.kinds[m.kind].Name, At: m.hex, Budget: g.player(g.current).budget})
	for _, o := range g.minions {
		if !o.dead && o.owner == m.owner {
			return
		}
	}
	g.finish(Result{Winner: 3 - m.owner, Reason: ReasonElimination})
}

// turnLimitResult decides the game after player 2's last turn (R25): more minions,
// then a larger HP sum, then a larger budget; otherwise a tie.
func (g *Game) turnLimitResult() Result {
	var count [2]int
	hp := [2]*big.Int{new(big.Int), new(big.Int)} // HP sums may exceed int64
	for _, m := range g.minions {
		if !m.dead {
			count[m.owner-1]++
			hp[m.owner-1].Add(hp[m.owner-1], big.NewInt(m.hp))
		}
	}
	switch {
	case count[0] != count[1]:
		return Result{Winner: winnerBy(count[0] > count[1]), Reason: ReasonMinions}
	case hp[0].Cmp(hp[1]) != 0:
		return Result{Winner: winnerBy(hp[0].Cmp(hp[1]) > 0), Reason: ReasonHP}
	case g.players[0].budget != g.players[1].budget:
		return Result{Winner: winnerBy(g.players[0].budget > g.players[1].budget), Reason: ReasonBudget}
	}
	return Result{Winner: 0, Reason: ReasonTie}
}

func winnerBy(firstAhead bool) int {
	if firstAhead {
		return 1
	}
	return 2
}

// MaxEventsPerEval bounds the move and shoot events one evaluation logs: a strategy
// may move thousands of times a turn (R14), and the log must not grow without bound.
// Later moves and shots still happen; EvEval counts them in Omitted. Deaths are always
// logged.
const MaxEventsPerEval = 100

// minionHost answers a minion's strategy: specials, info expressions and commands.
type minionHost struct {
	g       *Game
	m       *minion
	logged  int // move and shoot events logged
	omitted int // and not logged
}

// log appends a move or shoot event unless the evaluation has logged its share.
func (h *minionHost) log(e Event) {
	if h.logged >= MaxEventsPerEval {
		h.omitted++
		return
	}
	h.logged++
	h.g.turn.Events = append(h.g.turn.Events, e)
}

var _ interp.Host = (*minionHost)(nil)

// Special returns row, col, Budget, Int, MaxBudget, SpawnsLeft or random (R20, R9).
func (h *minionHost) Special(id int) int64 {
	g, pl := h.g, h.g.player(h.m.owner)
	switch id {
	case SpecialRow:
		return int64(h.m.hex.Row)
	case SpecialCol:
		return int64(h.m.hex.Col)
	case SpecialBudget:
		return intPart(pl.budget)
	case SpecialInt:
		if pl.budget < 1 {
			return 0
		}
		return intPart(interestRate(g.setup.Config.InterestPct, pl.budget, pl.turns))
	case SpecialMaxBudget:
		return g.setup.Config.MaxBudget
	case SpecialSpawnsLeft:
		return g.setup.Config.MaxSpawns - pl.spawnsUsed
	case SpecialRandom:
		return int64(g.rng.IntN(1000))
	}
	return 0
}

// Info evaluates ally, opponent (R18) and nearby (R19).
func (h *minionHost) Info(id int, args []int64) int64 {
	switch id {
	case InfoAlly, InfoOpponent, InfoNearby:
		// The answer depends only on the board and where the minion stands (whose
		// occupant the board's version pins down); strategies often ask again in a loop
		// without changing either. One cache slot per question.
		slot := id
		if id == InfoNearby {
			slot = InfoNearby + int(args[0]) - 1
			if args[0] < 1 || args[0] > 6 {
				return 0
			}
		}
		c := &h.g.infoCache[slot]
		if c.valid && c.version == h.g.version && c.at == h.m.hex {
			return c.value
		}
		var v int64
		switch id {
		case InfoAlly:
			v = h.nearest(true)
		case InfoOpponent:
			v = h.nearest(false)
		default:
			v = h.nearby(int(args[0]))
		}
		*c = infoEntry{valid: true, version: h.g.version, at: h.m.hex, value: v}
		return v
	}
	return 0
}

// infoEntry remembers one information query's answer on one state of the board.
type infoEntry struct {
	valid   bool
	version uint64
	at      Hex
	value   int64
}

// nearby is R19: the first minion along ray d, whichever side.
func (h *minionHost) nearby(d int) int64 {
	for dist, i := range h.g.rays[h.m.hex.index()][d-1] {
		if o := h.g.board[i]; o != nil {
			v := 100*digits(o.hp) + 10*digits(h.g.kinds[o.kind].Defense) + int64(dist+1)
			if o.owner == h.m.owner {
				return -v
			}
			return v
		}
	}
	return 0
}

// nearest is 10 * distance + direction of the closest minion of the wanted side along
// the six rays; the other side's minions do not block the view (R18).
func (h *minionHost) nearest(own bool) int64 {
	best := int64(0)
	for d, ray := range h.g.rays[h.m.hex.index()] {
		for dist, i := range ray {
			if o := h.g.board[i]; o != nil && (o.owner == h.m.owner) == own {
				if v := int64(10*(dist+1) + d + 1); best == 0 || v < best {
					best = v
				}
				break
			}
		}
	}
	return best
}

// digits counts decimal digits; digits(0) is 1 (R19).
func digits(v int64) int64 {
	n := int64(1)
	for v >= 10 || v <= -10 {
		v /= 10
		n++
	}
	return n
}

// Command carries out move (R16) and shoot (R17).
func (h *minionHost) Command(id int, args []int64) bool {
	g, m := h.g, h.m
	pl := g.player(m.owner)
	d := int(args[0])
	switch id {
	case CmdMove:
		if pl.budget < 1 {
			return false // too poor to move: the evaluation ends
		}
		pl.budget--
		from, to := m.hex, m.hex.Neighbor(d)
		e := Event{Type: EvMove, Player: m.owner, Minion: m.id, Kind: g.kinds[m.kind].Name, At: from, To: to, Dir: d}
		if !to.OnBoard() || g.at(to) != nil {
			e.Blocked, e.To = true, from
		} else {
			g.board[from.index()] = nil
			g.board[to.index()] = m
			m.hex = to
			g.version++
		}
		e.Budget = pl.budget
		h.log(e)
	case CmdShoot:
		x := args[1]
		if x < 0 {
			return true // nothing happens, nothing is paid
		}
		target := m.hex.Neighbor(d)
		e := Event{Type: EvShoot, Player: m.owner, Minion: m.id, Kind: g.kinds[m.kind].Name, At: m.hex, To: target, Dir: d, Amount: float64(x)}
		cost := float64(x) + 1
		if pl.budget < cost {
			e.Blocked, e.Budget = true, pl.budget
			h.log(e)
			return true // not afforded: nothing happens, the evaluation goes on
		}
		pl.budget -= cost
		e.Budget = pl.budget
		o := g.at(target)
		if o == nil {
			h.log(e)
			return true
		}
		dmg := max(1, x-g.kinds[o.kind].Defense)
		lost := min(dmg, o.hp)
		o.hp -= lost
		g.version++
		e.Target, e.Damage, e.Lost, e.HP = o.id, dmg, lost, o.hp
		h.log(e)
		if o.hp == 0 {
			g.kill(o)
			if g.phase == PhaseOver {
				return false // nothing else runs (R24)
			}
		}
	}
	return true
}
