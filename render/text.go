package render

import (
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/game"
)

// Text describes a board in plain text, for screen readers and terminals: the same
// numbers as the image's panel, the board as a grid, the minions, and the last turn.
func (r *Renderer) Text(b Board) string { return Text(b) }

// Text describes a board in plain text (see Renderer.Text); it needs no renderer.
func Text(b Board) string {
	v := newView(b)
	s := b.Snap
	var out strings.Builder
	fmt.Fprintf(&out, "KOMBAT · %s", s.Mode)
	switch {
	case s.Result != nil:
		fmt.Fprintf(&out, " · game over: %s\n", resultLine(*s.Result, v.names))
	case s.Current != 0:
		fmt.Fprintf(&out, " · %s (player %d) to play, turn %d of %d\n", v.names[s.Current-1], s.Current, s.Players[s.Current-1].Turn, s.Config.MaxTurns)
	default:
		out.WriteString(" · setting up\n")
	}
	if b.Title != "" {
		out.WriteString(b.Title + "\n")
	}
	for p := 1; p <= 2; p++ {
		pv := s.Players[p-1]
		fmt.Fprintf(&out, "%s (player %d): budget %d, interest %.1f%%, %s, HP %d, %d to spawn\n",
			v.names[p-1], p, int64(pv.Budget), pv.Interest, plural(pv.Minions, "minion"), pv.HP, pv.SpawnsLeft)
	}
	out.WriteString("\nBoard by row and column (even columns sit half a hex higher). A minion shows\n" +
		"its kind's initials and its player; + and - mark the spawnable hexes of players\n" +
		"1 and 2, * the hexes the player to act can buy.\n")
	grid := map[game.Hex]string{}
	for p := 1; p <= 2; p++ {
		mark := "+"
		if p == 2 {
			mark = "-"
		}
		for _, h := range s.Players[p-1].Spawnable {
			grid[h] = mark
		}
	}
	for _, h := range s.Buyable {
		grid[h] = "*"
	}
	for _, m := range s.Minions {
		ini := "?"
		if m.Kind >= 0 && m.Kind < len(v.initials) {
			ini = v.initials[m.Kind]
		}
		grid[m.Hex] = fmt.Sprintf("%s%d", ini, m.Owner)
	}
	out.WriteString("    ")
	for c := 1; c <= game.Cols; c++ {
		fmt.Fprintf(&out, "%5d", c)
	}
	out.WriteByte('\n')
	for row := 1; row <= game.Rows; row++ {
		fmt.Fprintf(&out, "%4d", row)
		for c := 1; c <= game.Cols; c++ {
			cell := grid[game.Hex{Row: row, Col: c}]
			if cell == "" {
				cell = "."
			}
			fmt.Fprintf(&out, "%5s", cell)
		}
		out.WriteByte('\n')
	}
	if len(s.Minions) > 0 {
		out.WriteString("\nMinions, oldest first:\n")
		for _, m := range s.Minions {
			name := "?"
			if m.Kind >= 0 && m.Kind < len(s.Kinds) {
				name = s.Kinds[m.Kind].Name
			}
			fmt.Fprintf(&out, "#%d %s of player %d at %v, HP %d, defense %d\n", m.ID, name, m.Owner, m.Hex, m.HP, m.Defense)
		}
	}
	if line := lastTurnLine(v); line != "" {
		out.WriteString("\nLast: " + line + "\n")
	}
	return out.String()
}

func resultLine(r game.Result, names [2]string) string {
	if r.Winner == 0 {
		return "tie, " + ResultText(r, names)
	}
	return names[r.Winner-1] + " wins, " + ResultText(r, names)
}

// plural counts n things in words: "1 minion", "3 minions".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
