package game

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/interp"
)

// TurnPoint is both players' numbers after one turn of a game, or after its setup.
type TurnPoint struct {
	Turn    int        // turns finished, both players' counted from 1; 0 for the setup
	Player  int        // whose turn it was; 0 for the setup
	Budget  [2]float64 // each player's budget after it
	Minions [2]int     // each player's living minions after it
	HP      [2]int64   // each player's HP sum after it
	Died    [2]int     // each player's minions that died in it
	Bought  [2]int     // hexes each player bought in it
}

// Kill is one minion shot dead.
type Kill struct {
	Turn    int    // the turn, as TurnPoint counts
	Shooter int    // the shooting player
	Kind    string // the shooter's kind
	From    Hex    // where the shooter stood
	Victim  int    // the player who lost the minion
	Minion  int    // the shooting minion's id: several may stand on one hex in turn
}

// Report is what happened in a game, from its record: the series a chart draws and
// the facts Sentences words.
type Report struct {
	Points     []TurnPoint // the setup, then every turn in order
	Kills      []Kill      // in the order they happened
	Result     *Result     // nil for an unfinished game
	Config     Config
	SpawnsLeft [2]int64 // spawns each player had left at the end
}

// NewReport replays a record frame by frame and gathers its report from the frames'
// snapshots. A game gathers the same report as it plays (Game.Report), which is what
// the hosts use; this is the independent way, which that one is checked against.
func NewReport(lang *interp.Language, r Record) (Report, error) {
	frames, err := Frames(lang, r)
	if err != nil {
		return Report{}, err
	}
	var rep Report
	for _, f := range frames {
		var pl [2]totals
		for p := range 2 {
			pv := f.Snapshot.Players[p]
			pl[p] = totals{pv.Budget, pv.Minions, pv.HP}
		}
		rep.add(f.Setup, f.Turn.Player, pl, f.Turn.Events)
	}
	if n := len(frames); n > 0 {
		last := frames[n-1].Snapshot
		rep.Result, rep.Config = last.Result, last.Config
		for p := range 2 {
			rep.SpawnsLeft[p] = last.Players[p].SpawnsLeft
		}
	}
	return rep, nil
}

// Report is what has happened in the game so far, as NewReport would find it from the
// record. The game gathers it as it plays, so that a finished game's report costs no
// replay: a replay evaluates every turn again, seconds for a long game, which would
// hold up the game's table and a shutdown.
func (g *Game) Report() Report {
	return Report{Points: slices.Clone(g.points), Kills: slices.Clone(g.kills), Result: g.Result(),
		Config: g.setup.Config, SpawnsLeft: g.spawnsLeft}
}

// notePoint files the numbers after the setup or a turn whose events are given, as a
// frame's snapshot taken then would show them.
func (g *Game) notePoint(setup bool, player int, events []Event) {
	var pl [2]totals
	for p := range 2 {
		pl[p].budget = g.players[p].budget
		g.spawnsLeft[p] = g.setup.Config.MaxSpawns - g.players[p].spawnsUsed
	}
	for _, m := range g.minions {
		if m.dead {
			continue
		}
		t := &pl[m.owner-1]
		t.minions++
		if t.hp > math.MaxInt64-m.hp {
			t.hp = math.MaxInt64
		} else {
			t.hp += m.hp
		}
	}
	rep := Report{Points: g.points, Kills: g.kills}
	rep.add(setup, player, pl, events)
	g.points, g.kills = rep.Points, rep.Kills
}

// totals is one player's numbers a report point keeps.
type totals struct {
	budget  float64
	minions int
	hp      int64
}

// add appends the point after the setup or a turn, and the kills in its events.
func (r *Report) add(setup bool, player int, pl [2]totals, events []Event) {
	pt := TurnPoint{Turn: len(r.Points), Player: player}
	if setup {
		pt.Player = 0
	}
	for p := range 2 {
		pt.Budget[p], pt.Minions[p], pt.HP[p] = pl[p].budget, pl[p].minions, pl[p].hp
	}
	var shot Event
	for _, e := range events {
		switch e.Type {
		case EvShoot:
			shot = e
		case EvBuy:
			pt.Bought[e.Player-1]++
		case EvDeath:
			pt.Died[e.Player-1]++
			if shot.Type == EvShoot && shot.Target == e.Minion {
				r.Kills = append(r.Kills, Kill{Turn: pt.Turn, Shooter: shot.Player, Kind: shot.Kind, From: shot.At, Victim: e.Player, Minion: shot.Minion})
			}
		}
	}
	r.Points = append(r.Points, pt)
}

// killGroup is the kills of one shooter's position against one player.
type killGroup struct {
	Kill
	n, first, last int
	shooters       []int // the minions that shot from there, in turn: one, or several
}

// phrase names who shot from the group's position: "the bot's Shooter at (5,5)" when
// one minion did, else "the bot's minions at (5,5), 3 of them in turn" (naming one
// kind for all would be untrue).
func (kg killGroup) phrase(w words) string {
	if len(kg.shooters) == 1 {
		return fmt.Sprintf("%s %s at %v", w.of(kg.Shooter), kg.Kind, kg.From)
	}
	return fmt.Sprintf("%s minions at %v, %d of them in turn,", w.of(kg.Shooter), kg.From, len(kg.shooters))
}

// worstKills finds the position whose shots killed most of victim's minions (any
// victim when 0), the earliest such on a tie; ok is false when nothing was killed.
func (r Report) worstKills(victim int) (g killGroup, ok bool) {
	type key struct {
		shooter int
		from    Hex
	}
	groups := map[key]*killGroup{}
	var order []key
	for _, k := range r.Kills {
		if victim != 0 && k.Victim != victim {
			continue
		}
		id := key{k.Shooter, k.From}
		kg := groups[id]
		if kg == nil {
			kg = &killGroup{Kill: k, first: k.Turn}
			groups[id] = kg
			order = append(order, id)
		}
		kg.n++
		kg.last = k.Turn
		if !slices.Contains(kg.shooters, k.Minion) {
			kg.shooters = append(kg.shooters, k.Minion)
		}
	}
	for _, id := range order {
		if kg := groups[id]; kg.n > g.n {
			g, ok = *kg, true
		}
	}
	return g, ok
}

// words names the players for sentences: "you" for the viewer.
type words struct {
	names  [2]string
	viewer int
}

func (w words) name(p int) string {
	if p == w.viewer {
		return "you"
	}
	if n := w.names[p-1]; n != "" {
		return n
	}
	return "player " + strconv.Itoa(p)
}

func (w words) of(p int) string {
	if p == w.viewer {
		return "your"
	}
	return w.name(p) + "'s"
}

// Sentences words the game's turning points in three or four plain sentences, then
// one suggestion tied to what happened. names are the players' names; viewer is the
// player they are written for ("you"), or 0 for neutral wording.
func (r Report) Sentences(names [2]string, viewer int) []string {
	if len(r.Points) == 0 {
		return nil
	}
	w := words{names: names, viewer: viewer}
	end := r.Points[len(r.Points)-1]
	var out []string
	if s := r.outcome(w, end); s != "" {
		out = append(out, s)
	}
	if kg, ok := r.worstKills(0); ok {
		out = append(out, fmt.Sprintf("%s killed %s on %s.", kg.phrase(w), count(kg.n, w.of(kg.Victim)), turnSpan(PlayerTurn(kg.first), PlayerTurn(kg.last))))
	} else {
		out = append(out, "No minion was shot dead.")
	}
	if p, t := r.lastLead(); p != 0 && t > 0 {
		out = append(out, fmt.Sprintf("%s took the lead in minions on turn %d and kept it to the end.", w.name(p), PlayerTurn(t)))
	}
	subject := r.subject(viewer)
	left := end.Budget[subject-1]
	out = append(out, fmt.Sprintf("%s ended with %s unspent budget.", w.name(subject), thousands(left)))
	out = append(out, r.suggestion(w, subject, left))
	for i, s := range out {
		out[i] = capitalize(s)
	}
	return out
}

// outcome words the result.
func (r Report) outcome(w words, end TurnPoint) string {
	res := r.Result
	if res == nil {
		return fmt.Sprintf("the game stopped after %d turns without a result.", PlayerTurn(end.Turn))
	}
	win, lose := w.name(max(res.Winner, 1)), w.name(max(res.Loser(), 1))
	switch res.Reason {
	case ReasonElimination:
		return fmt.Sprintf("%s won on turn %d: %s had no minions left.", win, PlayerTurn(end.Turn), lose)
	case ReasonMinions:
		return fmt.Sprintf("%s won at the turn limit with %d minions to %d.", win, end.Minions[res.Winner-1], end.Minions[res.Loser()-1])
	case ReasonHP:
		return fmt.Sprintf("%s won at the turn limit: as many minions, and %d HP to %d.", win, end.HP[res.Winner-1], end.HP[res.Loser()-1])
	case ReasonBudget:
		return fmt.Sprintf("%s won at the turn limit: as many minions and HP, and more budget.", win)
	case ReasonTie:
		return "the game ended in a tie at the turn limit."
	case ReasonResign:
		return fmt.Sprintf("%s resigned on turn %d.", lose, PlayerTurn(end.Turn))
	case ReasonForfeit:
		return fmt.Sprintf("%s ran out of time and forfeited on turn %d.", lose, PlayerTurn(end.Turn))
	}
	return fmt.Sprintf("%s won.", win)
}

// lastLead returns who led in minions at the end and the turn from which they led
// without a break; 0 when the count is level at the end.
func (r Report) lastLead() (player, turn int) {
	leader := func(pt TurnPoint) int {
		switch {
		case pt.Minions[0] > pt.Minions[1]:
			return 1
		case pt.Minions[1] > pt.Minions[0]:
			return 2
		}
		return 0
	}
	n := len(r.Points)
	player = leader(r.Points[n-1])
	if player == 0 {
		return 0, 0
	}
	turn = r.Points[n-1].Turn
	for i := n - 1; i >= 0 && leader(r.Points[i]) == player; i-- {
		turn = r.Points[i].Turn
	}
	return player, turn
}

// subject is whom the budget sentence and the suggestion are about: the viewer, else
// the loser, else player 1.
func (r Report) subject(viewer int) int {
	switch {
	case viewer == 1 || viewer == 2:
		return viewer
	case r.Result != nil && r.Result.Loser() != 0:
		return r.Result.Loser()
	}
	return 1
}

// suggestion gives the subject one thing to try, from what happened to them: the
// shots that cost them most of their minions, money left unspent, no hex bought.
func (r Report) suggestion(w words, subject int, left float64) string {
	lead := "next time, "
	if subject != w.viewer {
		lead = "next time, " + w.name(subject) + " might "
	}
	died := 0
	bought := 0
	for _, pt := range r.Points {
		died += pt.Died[subject-1]
		bought += pt.Bought[subject-1]
	}
	if kg, ok := r.worstKills(subject); ok && kg.n >= 2 && 2*kg.n >= died {
		if len(kg.shooters) > 1 {
			return lead + fmt.Sprintf("spawn out of reach of %v, where the shots came from, or send a shooter there first.", kg.From)
		}
		return lead + fmt.Sprintf("spawn out of reach of the %s at %v, or send a shooter at it first.", kg.Kind, kg.From)
	}
	cost := float64(max(r.Config.SpawnCost, 1))
	if left >= max(10*cost, 1000) && r.SpawnsLeft[subject-1] > 0 {
		return lead + fmt.Sprintf("spend more of the budget on spawns: at %s each, it would have paid for %s more minions.", thousands(cost), thousands(min(math.Floor(left/cost), float64(r.SpawnsLeft[subject-1]))))
	}
	if bought == 0 {
		return lead + "buy hexes toward the enemy, so that new minions spawn closer to the fight."
	}
	return lead + "spawn earlier: minions placed in the first turns have the most turns to act."
}

// capitalize starts a sentence that begins with one of this file's own words with a
// capital letter; a player's name is left as its player wrote it.
func capitalize(s string) string {
	for _, w := range []string{"you ", "your ", "next ", "the ", "no ", "player "} {
		if strings.HasPrefix(s, w) {
			return strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return s
}

// count words n minions of an owner: "one of your minions", "4 of Bob's minions".
func count(n int, owner string) string {
	if n == 1 {
		return "one of " + owner + " minions"
	}
	return strconv.Itoa(n) + " of " + owner + " minions"
}

// PlayerTurn is a report's turn t (both players' turns counted, 1 first) as the game
// numbers it for the player who moved then, the board's "turn 7 of 69": sentences
// and charts speak as the game does.
func PlayerTurn(t int) int { return (t + 1) / 2 }

// turnSpan words a span of turns.
func turnSpan(first, last int) string {
	if first == last {
		return "turn " + strconv.Itoa(first)
	}
	return fmt.Sprintf("turns %d to %d", first, last)
}

// thousands writes a whole amount with thousands separators: 6000 as "6,000" (the
// board's panel writes "6 000"; a sentence reads better with commas).
func thousands(x float64) string {
	n := int64(math.Floor(x))
	switch {
	case n < 0:
		return "-" + thousands(float64(-n))
	case n < 1000:
		return strconv.FormatInt(n, 10)
	}
	return thousands(float64(n/1000)) + fmt.Sprintf(",%03d", n%1000)
}
