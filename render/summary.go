package render

import (
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/game"
)

// maxSummary keeps a turn summary well inside Discord's 2000 characters, leaving room
// for the header and the mention of the next player.
const maxSummary = 1500

// TurnSummary describes a turn in a few lines: the economy, the purchase and spawn,
// then one line per minion that did something (moves folded into from -> to, shots
// with their damage, deaths), and how evaluations ended when it was not normal.
func TurnSummary(l game.TurnLog, who string) string {
	var lines []string
	var econ []string
	budget := 0.0
	for _, e := range l.Events {
		switch e.Type {
		case game.EvIncome:
			econ = append(econ, fmt.Sprintf("income +%s", money(e.Amount)))
		case game.EvInterest:
			econ = append(econ, fmt.Sprintf("interest +%s (%.1f%%)", money(e.Amount), e.Rate))
		case game.EvCap:
			econ = append(econ, fmt.Sprintf("%s over the cap lost", money(e.Amount)))
		case game.EvBuy:
			econ = append(econ, fmt.Sprintf("bought %v", e.At))
		case game.EvSpawn:
			econ = append(econ, fmt.Sprintf("spawned %s #%d at %v", e.Kind, e.Minion, e.At))
		}
		budget = e.Budget
	}
	head := fmt.Sprintf("**Turn %d — %s**", l.Turn, who)
	if len(econ) > 0 {
		head += ": " + strings.Join(econ, ", ")
	}
	lines = append(lines, head)

	type minionLine struct {
		id          int
		kind        string
		from, to    game.Hex
		moves       int
		blocked     int
		shots       []string
		unafforded  int
		end         string
		omitted     int
		interesting bool
	}
	var order []int
	acts := map[int]*minionLine{}
	get := func(e game.Event) *minionLine {
		a := acts[e.Minion]
		if a == nil {
			a = &minionLine{id: e.Minion, kind: e.Kind, from: e.At, to: e.At}
			acts[e.Minion] = a
			order = append(order, e.Minion)
		}
		return a
	}
	var deaths []string
	for _, e := range l.Events {
		switch e.Type {
		case game.EvMove:
			a := get(e)
			a.moves++
			a.to = e.To
			if e.Blocked {
				a.blocked++
			}
			a.interesting = true
		case game.EvShoot:
			a := get(e)
			a.interesting = true
			switch {
			case e.Blocked:
				a.unafforded++
			case e.Target != 0:
				a.shots = append(a.shots, fmt.Sprintf("shot %s %d at #%d: %s", game.DirectionName(e.Dir), int64(e.Amount), e.Target, hitText(e)))
			default:
				a.shots = append(a.shots, fmt.Sprintf("shot %s %d at an empty hex", game.DirectionName(e.Dir), int64(e.Amount)))
			}
		case game.EvDeath:
			deaths = append(deaths, fmt.Sprintf("%s #%d (player %d) died at %v", e.Kind, e.Minion, e.Player, e.At))
		case game.EvEval:
			a := get(e)
			a.omitted = e.Omitted
			switch e.End {
			case game.EndDivZero:
				a.end, a.interesting = fmt.Sprintf("stopped: division by zero at line %d", e.Src.Line), true
			case game.EndSteps:
				a.end, a.interesting = "stopped: step limit reached", true
			case game.EndBudget:
				a.end, a.interesting = "stopped: no budget to move", true
			}
		}
	}
	for _, id := range order {
		a := acts[id]
		if !a.interesting {
			continue
		}
		var parts []string
		if a.moves > 0 && a.moves == a.blocked {
			parts = append(parts, fmt.Sprintf("stayed at %v (%d blocked %s)", a.from, a.blocked, Plural(a.blocked, "move", "moves")))
		} else if a.moves > 0 {
			m := fmt.Sprintf("moved %v -> %v", a.from, a.to)
			if a.moves > 1 || a.blocked > 0 {
				m += fmt.Sprintf(" (%d %s", a.moves, Plural(a.moves, "move", "moves"))
				if a.blocked > 0 {
					m += fmt.Sprintf(", %d blocked", a.blocked)
				}
				m += ")"
			}
			parts = append(parts, m)
		}
		if len(a.shots) > 3 {
			parts = append(parts, a.shots[:2]...)
			parts = append(parts, fmt.Sprintf("%d more shots", len(a.shots)-2))
		} else {
			parts = append(parts, a.shots...)
		}
		if a.unafforded > 0 {
			parts = append(parts, fmt.Sprintf("%d %s not afforded", a.unafforded, Plural(a.unafforded, "shot", "shots")))
		}
		if a.omitted > 0 {
			parts = append(parts, fmt.Sprintf("%d more moves and shots", a.omitted))
		}
		if a.end != "" {
			parts = append(parts, a.end)
		}
		lines = append(lines, fmt.Sprintf("• %s #%d: %s", a.kind, a.id, strings.Join(parts, "; ")))
	}
	for _, d := range deaths {
		lines = append(lines, "✝ "+d)
	}
	lines = append(lines, fmt.Sprintf("Budget now %s.", money(budget)))
	return fitLines(lines, maxSummary)
}

// hitText says what a shot did to its target: the damage dealt and the HP lost, which
// differ when the damage was more than the target had ("hit for 2792, -100 HP,
// killed").
func hitText(e game.Event) string {
	if e.HP == 0 {
		return fmt.Sprintf("hit for %d, -%d HP, killed", e.Damage, e.HPLost())
	}
	return fmt.Sprintf("hit for %d, -%d HP, %d left", e.Damage, e.HPLost(), e.HP)
}

// fitLines joins lines, dropping the ones that do not fit and saying how many.
func fitLines(lines []string, limit int) string {
	var b strings.Builder
	for i, l := range lines {
		rest := len(lines) - i
		more := fmt.Sprintf("… and %d more %s", rest, Plural(rest, "line", "lines"))
		if len([]rune(b.String()))+len([]rune(l))+1 > limit-len([]rune(more))-1 && i < len(lines)-1 ||
			len([]rune(b.String()))+len([]rune(l))+1 > limit {
			b.WriteString(more)
			return b.String()
		}
		b.WriteString(l)
		if i < len(lines)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// money shows a budget as players think of it: whole units.
func money(f float64) string { return fmt.Sprintf("%d", int64(f)) }

// Plural is one or many, as n asks.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
