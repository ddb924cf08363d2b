package upbeat

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Report is what happened in a game, gathered turn by turn from what a host or the
// terminal has in hand after each turn (a snapshot and the turn's log), so that it
// costs no replay: the series an after-game chart draws and the facts Sentences words,
// as KOMBAT's game.Report is for its games.
type Report struct {
	Points   []Point // the start, then one after every turn in order
	Losses   []Loss  // city centers lost, in the order they fell
	Resigned int     // the player who resigned, 0 for none
	Final    Snapshot
}

// Point is every player's numbers at the start or after one turn.
type Point struct {
	Turns   int       // turns played, all players together (0 at the start)
	Player  int       // whose turn it was; 0 at the start
	Turn    int64     // that player's number for the turn, as they count their own (U2)
	Budget  []int64   // by seat
	Total   []float64 // each player's total deposit
	Regions []int     // each player's regions
}

// Loss is a city center lost.
type Loss struct {
	Turns  int   // the turns played when it fell (the turn that did it included)
	Turn   int64 // By's number for that turn, as they count their own (U2)
	Player int   // who lost it
	By     int   // whose turn it was: the shooter, or the player itself (a collect, a shot of its own)
	Budget int64 // By's budget before that turn: what it could spend on a shot
}

// Note adds the numbers of snapshot s, taken after the turn whose log is l (an empty
// log for the start).
func (r *Report) Note(s Snapshot, l TurnLog) {
	pt := Point{Turns: s.Turns, Player: l.Player, Turn: l.Turn}
	for _, pv := range s.Players {
		pt.Budget = append(pt.Budget, pv.Budget)
		pt.Total = append(pt.Total, pv.Total)
		pt.Regions = append(pt.Regions, pv.Regions)
	}
	for _, e := range l.Events {
		if e.Kind == EventLost {
			loss := Loss{Turns: s.Turns, Turn: l.Turn, Player: e.Player, By: l.Player}
			if n := len(r.Points); n > 0 && l.Player > 0 {
				loss.Budget = r.Points[n-1].Budget[l.Player-1]
			}
			r.Losses = append(r.Losses, loss)
		}
	}
	r.Points = append(r.Points, pt)
	r.Final = s
}

// NoteResign records that player p resigned; s is the game after it.
func (r *Report) NoteResign(p int, s Snapshot) {
	r.Resigned = p
	r.Final = s
}

// reportWords names players for sentences: "you" for the viewer.
type reportWords struct {
	names  []string
	viewer int
}

func (w reportWords) name(p int) string {
	switch {
	case p < 1: // nobody: the winner of a tie, asked before the tie is known
	case p == w.viewer:
		return "you"
	case p-1 < len(w.names) && w.names[p-1] != "":
		return w.names[p-1]
	}
	return "player " + strconv.Itoa(p)
}

func (w reportWords) of(p int) string {
	if p == w.viewer {
		return "your"
	}
	return w.name(p) + "'s"
}

// Outcome says how the game ended in one sentence: who won and why (the last city
// center shot down, a resignation, or the turn limit and what it was decided on), or
// that it is not over. names are the players' names by seat; viewer is the player it is
// written for ("you"), 0 for none.
func (r Report) Outcome(names []string, viewer int) string {
	return capitalize(r.outcome(reportWords{names, viewer}))
}

func (r Report) outcome(w reportWords) string {
	s := r.Final
	if !s.Over {
		return fmt.Sprintf("the game stopped after %d turns without a result.", s.Turns)
	}
	win := w.name(s.Winner)
	switch {
	case r.Resigned != 0 && s.Winner != 0 && r.alive() == 1:
		return fmt.Sprintf("%s won: %s resigned.", win, w.name(r.Resigned))
	case s.Winner != 0 && r.alive() == 1 && len(r.Losses) > 0:
		l := r.Losses[len(r.Losses)-1]
		if l.By == l.Player {
			return fmt.Sprintf("%s won on turn %d: %s knocked out %s own city center.", win, l.Turn, w.name(l.Player), w.of(l.Player))
		}
		return fmt.Sprintf("%s won on turn %d by shooting %s city center down.", win, l.Turn, w.of(l.Player))
	case s.Winner == 0:
		return fmt.Sprintf("the game ended in a tie at the turn limit (%s each): the leaders had the same total deposit, regions and budget.", plural(s.Config.MaxTurns, "turn", "turns"))
	}
	// The turn limit (U22, U22a): the first difference with the runner-up decides.
	best, runner := s.Players[s.Winner-1], PlayerView{}
	second := 0
	for p, pv := range s.Players {
		if p+1 != s.Winner && pv.Alive && (second == 0 || rank(pv, runner) > 0) {
			runner, second = pv, p+1
		}
	}
	why := fmt.Sprintf("a total deposit of %d to %s %d", Whole(best.Total), w.of(second), Whole(runner.Total))
	switch {
	case Whole(best.Total) == Whole(runner.Total) && best.Regions != runner.Regions:
		why = fmt.Sprintf("as much in deposits and %d regions to %s %d", best.Regions, w.of(second), runner.Regions)
	case Whole(best.Total) == Whole(runner.Total) && best.Regions == runner.Regions:
		why = fmt.Sprintf("as much in deposits and regions and a budget of %d to %s %d", best.Budget, w.of(second), runner.Budget)
	}
	return fmt.Sprintf("%s won at the turn limit (%s each) with %s.", win, plural(s.Config.MaxTurns, "turn", "turns"), why)
}

// Standings orders the seats as the game ended: the winner first, then the others
// still in by total deposit, regions and budget (as the turn limit ranks them, U22),
// then those out, the last to go out first (a resignation, which the report does not
// place in time, after every city center lost).
func (r Report) Standings() []int {
	s := r.Final
	var in, out []int
	for p, pv := range s.Players {
		if pv.Alive {
			in = append(in, p+1)
		}
	}
	slices.SortStableFunc(in, func(a, b int) int {
		switch {
		case a == s.Winner:
			return -1
		case b == s.Winner:
			return 1
		}
		return rank(s.Players[b-1], s.Players[a-1])
	})
	for i := len(r.Losses) - 1; i >= 0; i-- {
		if p := r.Losses[i].Player; !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	if p := r.Resigned; p != 0 && !slices.Contains(out, p) {
		out = append(out, p)
	}
	return append(in, out...)
}

// rank orders two players still in as Finish does: total deposit, regions, budget.
func rank(a, b PlayerView) int {
	switch {
	case a.Total != b.Total:
		return cmp(a.Total, b.Total)
	case a.Regions != b.Regions:
		return cmp(a.Regions, b.Regions)
	}
	return cmp(a.Budget, b.Budget)
}

func (r Report) alive() int {
	n := 0
	for _, pv := range r.Final.Players {
		if pv.Alive {
			n++
		}
	}
	return n
}

// Sentences words the game's turning points in a few plain sentences, then one
// suggestion tied to what happened to the viewer (or, with viewer 0, to the first
// loser): the outcome, the city centers that fell, who led in total deposit from
// when, the budget left unspent, and what to try next time.
func (r Report) Sentences(names []string, viewer int) []string {
	if len(r.Points) == 0 {
		return nil
	}
	w := reportWords{names, viewer}
	out := []string{r.outcome(w)}
	for _, l := range r.Losses {
		if l.By == l.Player {
			out = append(out, fmt.Sprintf("%s knocked out %s own city center on turn %d.", w.name(l.Player), w.of(l.Player), l.Turn))
		} else {
			out = append(out, fmt.Sprintf("%s shot %s city center down on turn %d, with a budget of %d to spend.", w.name(l.By), w.of(l.Player), l.Turn, l.Budget))
		}
	}
	if p, turn := r.lead(); p != 0 && turn > 0 && len(r.Points) > 2 {
		out = append(out, fmt.Sprintf("%s led in total deposit from turn %d to the end.", w.name(p), turn))
	}
	subject := r.subject(viewer)
	end := r.Points[len(r.Points)-1]
	out = append(out, fmt.Sprintf("%s ended with %d unspent budget, %s and %d in deposits.",
		w.name(subject), end.Budget[subject-1], plural(int64(end.Regions[subject-1]), "region", "regions"), Whole(end.Total[subject-1])))
	out = append(out, r.suggestion(w, subject))
	for i, s := range out {
		out[i] = capitalize(s)
	}
	return out
}

// lead returns who led in total deposit at the end, alone, and the turn from which
// they led without a break (as the player who played it numbers it); 0 when the lead
// is shared at the end.
func (r Report) lead() (player int, turn int64) {
	leader := func(pt Point) int {
		best, alone := 0, false
		for p, t := range pt.Total {
			switch {
			case best == 0 || t > pt.Total[best-1]:
				best, alone = p+1, true
			case t == pt.Total[best-1]:
				alone = false
			}
		}
		if !alone {
			return 0
		}
		return best
	}
	n := len(r.Points)
	player = leader(r.Points[n-1])
	if player == 0 {
		return 0, 0
	}
	for i := n - 1; i >= 0 && leader(r.Points[i]) == player; i-- {
		turn = r.Points[i].Turn
	}
	return player, turn
}

// subject is whom the budget sentence and the suggestion are about: the viewer, else
// the first player who lost a city center, else player 1.
func (r Report) subject(viewer int) int {
	switch {
	case viewer >= 1 && viewer <= len(r.Final.Players):
		return viewer
	case len(r.Losses) > 0:
		return r.Losses[0].Player
	}
	return 1
}

// suggestion gives the subject one thing to try, from what happened to them: a city
// center shot down, a turn-limit loss on regions or deposits, money left in hand.
func (r Report) suggestion(w reportWords, subject int) string {
	if subject != w.viewer {
		// Written for everyone (a chat's after-game text), about one player: the
		// suggestions' "your" and "you" are theirs.
		return strings.NewReplacer("your ", "their ", "puts you out", "puts them out").
			Replace(r.suggestionTo(w, subject, "next time, "+w.name(subject)+" might "))
	}
	return r.suggestionTo(w, subject, "next time, ")
}

// suggestionTo is suggestion's sentence, after lead, said to the subject.
func (r Report) suggestionTo(w reportWords, subject int, lead string) string {
	for _, l := range r.Losses {
		if l.Player != subject {
			continue
		}
		if l.By == subject {
			return lead + "keep your city center's deposit at 1 or more: a collect or a shot that takes it below 1 puts you out."
		}
		return lead + fmt.Sprintf("bank more in your city center early: a center holding more than an opponent can spend on a shot (%s had %d) cannot be shot down in one turn.", w.name(l.By), l.Budget)
	}
	end := r.Points[len(r.Points)-1]
	if s := r.Final; s.Over && s.Winner != subject && s.Winner != 0 && r.alive() > 1 {
		win := s.Winner - 1
		switch {
		case end.Budget[subject-1] > end.Budget[win] && end.Total[subject-1] < end.Total[win]:
			return lead + fmt.Sprintf("bank more of the budget in your regions early: deposits earn interest, money in hand does not (%s banked all but %d).", w.name(s.Winner), end.Budget[win])
		case end.Regions[win] > end.Regions[subject-1]:
			return lead + fmt.Sprintf("claim more regions: each earns interest and counts at the end (%d to %d).", end.Regions[win], end.Regions[subject-1])
		}
	}
	if end.Budget[subject-1] > 2*max(r.Final.Config.InitBudget, 1) {
		return lead + "invest more of the budget: money in hand earns no interest and counts only on a tie."
	}
	if r.Final.Winner == subject {
		return lead + "try a stronger level, or walk your crew to an opponent's city center and shoot it down."
	}
	return lead + "walk your crew out further and claim more regions: the turn limit counts every region's deposit."
}

// capitalize starts a sentence that begins with one of this file's own words with a
// capital letter; a player's name is left as its player wrote it.
func capitalize(s string) string {
	for _, w := range []string{"you ", "your ", "next ", "the ", "player "} {
		if strings.HasPrefix(s, w) {
			return strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return s
}
