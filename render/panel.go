package render

import (
	"fmt"
	"strings"

	"github.com/fogleman/gg"

	"github.com/kombat-game/kombat/game"
)

// drawPanel writes the numbers players look for: whose turn, each side's budget,
// interest, spawns, minions and HP, and the legend of kinds.
func (r *Renderer) drawPanel(dc *gg.Context, v *view) {
	pn := r.newPen(dc)
	s := v.b.Snap
	x := panelLeft + 10
	title, h2, body, small := r.face(true, 26), r.face(true, 17), r.face(false, 15), r.face(false, 13)
	pn.font(title)
	pn.setColor(rgb(colText))
	pn.at("KOMBAT", x, 40, 0, 0)
	pn.font(body)
	pn.setColor(rgb(colMuted))
	pn.at(string(s.Mode), Width-18, 32, 1, 0.5)

	y := 70.0
	status := ""
	switch {
	case s.Result != nil:
		status = "Game over"
	case s.Phase == game.PhaseSetup:
		status = "Setting up: free spawns"
	case s.Current != 0:
		status = fmt.Sprintf("%s to play · turn %d of %d", v.names[s.Current-1], s.Players[s.Current-1].Turn, s.Config.MaxTurns)
	}
	pn.font(h2)
	pn.setColor(rgb(colText))
	pn.at(fit(pn, status, Width-x-16), x, y, 0, 0)
	if v.b.Title != "" {
		y += 22
		pn.font(body)
		pn.setColor(rgb(colMuted))
		pn.at(fit(pn, v.b.Title, Width-x-16), x, y, 0, 0)
	}
	y += 16
	for p := 1; p <= 2; p++ {
		pv := s.Players[p-1]
		boxH := 92.0
		pn.setColor(blend(rgb(colPanel), playerColor(p), 0.18))
		dc.DrawRoundedRectangle(x-4, y, Width-x-12, boxH, 8)
		dc.Fill()
		pn.setColor(playerColor(p))
		dc.DrawRoundedRectangle(x-4, y, 8, boxH, 4)
		dc.Fill()
		if s.Current == p {
			pn.setColor(playerLight(p))
			dc.SetLineWidth(2)
			dc.DrawRoundedRectangle(x-4, y, Width-x-12, boxH, 8)
			dc.Stroke()
		}
		name := v.names[p-1]
		if pv.Bot && name != "Bot" {
			name += " (bot)"
		}
		pn.font(h2)
		pn.setColor(rgb(colText))
		pn.at(fit(pn, name, Width-x-80), x+14, y+24, 0, 0)
		pn.font(small)
		pn.setColor(playerLight(p))
		pn.at(fmt.Sprintf("player %d", p), Width-24, y+20, 1, 0.5)
		pn.font(body)
		pn.setColor(rgb(colText))
		pn.at(fmt.Sprintf("Budget %s   interest %.1f%%", thousands(int64(pv.Budget)), pv.Interest), x+14, y+50, 0, 0)
		pn.at(fmt.Sprintf("Minions %d   HP %s   spawns left %d", pv.Minions, thousands(pv.HP), pv.SpawnsLeft), x+14, y+74, 0, 0)
		y += boxH + 10
	}

	// Legend: one line per kind with its token, defense and counts per player.
	y += 8
	pn.font(h2)
	pn.setColor(rgb(colMuted))
	pn.at("Kinds", x, y+4, 0, 0)
	y += 16
	for i, k := range s.Kinds {
		cy := y + 14
		dc.DrawCircle(x+12, cy, 11)
		pn.setColor(rgb(0x4B5361))
		dc.Fill()
		pn.font(small)
		pn.setColor(rgb(colText))
		pn.at(v.initials[i], x+12, cy-1, 0.5, 0.5)
		pn.font(body)
		pn.at(fit(pn, k.Name, 170), x+32, cy+5, 0, 0)
		pn.setColor(rgb(colMuted))
		pn.at(fmt.Sprintf("def %s", thousands(k.Defense)), x+210, cy+5, 0, 0)
		c := v.counts[i]
		pn.setColor(playerLight(1))
		pn.at(fmt.Sprintf("×%d", c[0]), Width-70, cy+5, 1, 0)
		pn.setColor(playerLight(2))
		pn.at(fmt.Sprintf("×%d", c[1]), Width-24, cy+5, 1, 0)
		y += 28
	}
	// What happened, in one line, at the bottom.
	if line := lastTurnLine(v); line != "" {
		pn.font(small)
		pn.setColor(rgb(colMuted))
		pn.at(fit(pn, line, Width-x-16), x, Height-18, 0, 0)
	}
}

// lastTurnLine counts the last turn's actions.
func lastTurnLine(v *view) string {
	l := v.b.Last
	if len(l.Events) == 0 {
		return ""
	}
	var moves, blocked, shots, deaths, spawns int
	for _, e := range l.Events {
		switch e.Type {
		case game.EvMove:
			if e.Blocked {
				blocked++
			} else {
				moves++
			}
		case game.EvShoot:
			if !e.Blocked {
				shots++
			}
		case game.EvDeath:
			deaths++
		case game.EvSpawn:
			spawns++
		}
	}
	who := "Setup"
	if l.Player != 0 {
		who = fmt.Sprintf("%s's turn %d", v.names[l.Player-1], l.Turn)
	}
	parts := []string{}
	add := func(n int, one, many string) {
		if n > 0 {
			if n == 1 {
				parts = append(parts, "1 "+one)
			} else {
				parts = append(parts, fmt.Sprintf("%d %s", n, many))
			}
		}
	}
	add(spawns, "spawn", "spawns")
	add(moves, "move", "moves")
	add(blocked, "blocked move", "blocked moves")
	add(shots, "shot", "shots")
	add(deaths, "death", "deaths")
	if len(parts) == 0 {
		parts = append(parts, "nothing moved")
	}
	return who + ": " + strings.Join(parts, ", ")
}

// drawBanner lays the result across the board.
func (r *Renderer) drawBanner(dc *gg.Context, v *view) {
	pn := r.newPen(dc)
	res := v.b.Snap.Result
	_, cy := Center(game.Hex{Row: 4, Col: 2})
	cy += hexHeight / 2
	w := panelLeft - 24
	dc.SetRGBA(0, 0, 0, 0.78)
	dc.DrawRoundedRectangle(12, cy-52, w, 104, 12)
	dc.Fill()
	head := "Tie"
	if res.Winner != 0 {
		head = v.names[res.Winner-1] + " wins"
		pn.setColor(playerLight(res.Winner))
	} else {
		pn.setColor(rgb(colText))
	}
	pn.font(r.face(true, 34))
	pn.at(fit(pn, head, w-30), 12+w/2, cy-16, 0.5, 0.5)
	pn.font(r.face(false, 16))
	pn.setColor(rgb(colText))
	pn.at(fit(pn, ResultText(*res, v.names), w-30), 12+w/2, cy+26, 0.5, 0.5)
}

// ResultText explains a result with the players' names.
func ResultText(r game.Result, names [2]string) string {
	win, lose := "", ""
	if r.Winner != 0 {
		win, lose = names[r.Winner-1], names[r.Loser()-1]
	}
	switch r.Reason {
	case game.ReasonElimination:
		return lose + " has no minions left"
	case game.ReasonMinions:
		return "more minions at the turn limit"
	case game.ReasonHP:
		return "as many minions, more HP at the turn limit"
	case game.ReasonBudget:
		return "as many minions and HP, more budget at the turn limit"
	case game.ReasonTie:
		return "same minions, HP and budget at the turn limit"
	case game.ReasonResign:
		return lose + " resigned"
	case game.ReasonForfeit:
		return lose + " ran out of time"
	}
	return win + " wins"
}

// fit shortens s with an ellipsis until it is at most w pixels wide.
func fit(pn *pen, s string, w float64) string {
	if tw := pn.width(s); tw <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if tw := pn.width(string(r) + "…"); tw <= w {
			return string(r) + "…"
		}
	}
	return string(r)
}

// thousands writes 12345 as 12 345.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune(' ')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
