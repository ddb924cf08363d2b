package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/fogleman/gg"

	"github.com/kombat-game/kombat/game"
)

// boxH is the height of a player's box in the panel.
const boxH = 92.0

// legendDotY is where the legend's token sprite is drawn; each kind's is moved from it.
const legendDotY = 400

// layout is where the panel's parts sit: they move down by a line when the board has a
// title.
type layout struct {
	boxes [2]float64 // tops of the players' boxes
	kinds float64    // top of the legend
}

func panelLayout(titled bool) layout {
	y := 70.0
	if titled {
		y += 22
	}
	y += 16
	var l layout
	for p := range l.boxes {
		l.boxes[p] = y
		y += boxH + 10
	}
	l.kinds = y + 8
	return l
}

// drawPanelFrame draws what the panel shows on every board of a layout: the title,
// the players' boxes and the legend's heading.
func (r *Renderer) drawPanelFrame(dc *gg.Context, titled bool) {
	pn := r.newPen(dc)
	l := panelLayout(titled)
	x := panelLeft + 10
	pn.font(r.face(true, 26))
	pn.setColor(rgb(colText))
	pn.at("KOMBAT", x, 40, 0, 0)
	for p := 1; p <= 2; p++ {
		y := l.boxes[p-1]
		pn.setColor(blend(rgb(colPanel), playerColor(p), 0.18))
		dc.DrawRoundedRectangle(x-4, y, Width-x-12, boxH, 8)
		pn.fill()
		pn.setColor(playerColor(p))
		dc.DrawRoundedRectangle(x-4, y, 8, boxH, 4)
		pn.fill()
	}
	pn.font(r.face(true, 17))
	pn.setColor(rgb(colMuted))
	pn.at("Kinds", x, l.kinds+4, 0, 0)
	r.drawOutlineLegend(dc, pn)
}

// outlineLegendY is where the outline legend's first line is centred: below the
// kinds' legend at its longest (five kinds, with a title line), above the footer at
// its tallest.
const outlineLegendY = 498.0

// drawOutlineLegend explains the marks of the board in two lines of small samples:
// the ring of a minion spawned this turn, a spawnable area's edge, the dashed edge of
// a hex the player to act can buy, the frame of that player's box, and the struck-out
// stub of a blocked move (drawTrails's, which the board shows without it being said
// anywhere what it means).
func (r *Renderer) drawOutlineLegend(dc *gg.Context, pn *pen) {
	x := panelLeft + 10
	y0, y1 := outlineLegendY, outlineLegendY+24
	const col2, col3 = 150.0, 280.0 // the second and third columns' left edges
	// Spawned this turn: a grey token with its white edge and the ring.
	dc.DrawCircle(x+12, y0, 7)
	pn.setColor(rgb(0x4B5361))
	pn.fillPreserve()
	pn.setColor(rgb(0xFFFFFF))
	dc.SetLineWidth(1.5)
	pn.stroke()
	freshPath(dc, x+12, y0, 11)
	pn.synced = false // freshPath set the context's colour
	// A spawnable area's edge, in player 1's colours, as the stamps draw it.
	tint := blend(rgb(colHex), playerColor(1), 0.42)
	hexPath(dc, x+12, y1, 10)
	pn.setColor(tint)
	pn.fillPreserve()
	pn.setColor(blend(tint, playerLight(1), 0.5))
	dc.SetLineWidth(2)
	pn.stroke()
	// Can be bought: the dashed edge.
	hexPath(dc, x+col2+12, y0, 10)
	dc.SetDash(3, 3)
	dc.SetLineWidth(1.5)
	pn.setColor(blend(rgb(colHexLine), playerLight(1), 0.6))
	pn.stroke()
	dc.SetDash()
	// The player to act: the framed box.
	dc.DrawRoundedRectangle(x+col2+2, y1-7, 20, 14, 4)
	pn.setColor(playerLight(1))
	dc.SetLineWidth(2)
	pn.stroke()
	// A blocked move: drawTrails's dashed stub toward where the minion aimed, struck
	// out at its tip, in player 1's trail colour.
	bx, tip := x+col3+2, x+col3+22
	dc.SetDash(3, 4)
	dc.SetLineWidth(4)
	dc.DrawLine(bx, y0, tip-3, y0)
	pn.stroke()
	dc.SetDash()
	dc.SetLineWidth(3)
	dc.DrawLine(tip-5, y0-5, tip+5, y0+5)
	dc.DrawLine(tip-5, y0+5, tip+5, y0-5)
	pn.stroke()
	pn.font(r.face(false, 13))
	pn.setColor(rgb(colMuted))
	pn.at("spawned this turn", x+30, y0, 0, 0.35)
	pn.at("spawnable area", x+30, y1, 0, 0.35)
	pn.at("can be bought", x+col2+30, y0, 0, 0.35)
	pn.at("to play", x+col2+30, y1, 0, 0.35)
	pn.at("blocked move", x+col3+36, y0, 0, 0.35)
}

// drawPanel writes the numbers players look for: whose turn, each side's budget,
// interest, spawns, minions and HP, and the legend of kinds, over the panel's frame.
func (r *Renderer) drawPanel(dc *gg.Context, v *view) {
	pn := r.boardPen(dc, v)
	img := v.image(dc)
	s := v.b.Snap
	l := panelLayout(v.b.Title != "")
	x := panelLeft + 10
	h2, body, small := r.face(true, 17), r.face(false, 15), r.face(false, 13)
	if s.Result != nil {
		r.drawBanner(dc, v)
	}
	pn.font(body)
	pn.setColor(rgb(colMuted))
	pn.at(string(s.Mode), Width-18, 32, 1, 0.5)

	y := 70.0
	status := ""
	switch {
	case s.Result != nil:
		status = "" // the banner says it
	case s.Phase == game.PhaseSetup:
		status = "Setting up: free spawns"
	case s.Current != 0:
		status = fmt.Sprintf("%s to play · turn %d of %d", v.names[s.Current-1], s.Players[s.Current-1].Turn, s.Config.MaxTurns)
	}
	if status != "" {
		pn.font(h2)
		pn.setColor(rgb(colText))
		pn.at(fit(pn, status, Width-x-16), x, y, 0, 0)
	}
	if v.b.Title != "" {
		y += 22
		pn.font(body)
		pn.setColor(rgb(colMuted))
		pn.at(fit(pn, v.b.Title, Width-x-16), x, y, 0, 0)
	}
	for p := 1; p <= 2; p++ {
		pv := s.Players[p-1]
		y := l.boxes[p-1]
		if s.Current == p {
			r.highlight[boolIndex(v.b.Title != "")][p-1].drawAt(img, v.dirty, 0, 0)
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
	}

	// Legend: one line per kind with its token, defense and counts per player.
	y = l.kinds + 16
	for i, k := range s.Kinds {
		cy := y + 14
		if dy := cy - legendDotY; dy == math.Trunc(dy) {
			r.legendDot.drawAt(img, v.dirty, 0, int(dy))
		} else {
			dc.DrawCircle(x+12, cy, 11)
			pn.setColor(rgb(0x4B5361))
			pn.fill()
			v.dirty.markF(x+12, cy, x+12, cy, 13)
		}
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
	// What happened, at the bottom: wrapped, never cut off.
	if who, parts := lastTurnParts(v); who != "" {
		pn.font(small)
		pn.setColor(rgb(colMuted))
		lines := wrapParts(pn, who+": ", parts, Width-x-16, footerLines)
		for i, line := range lines {
			pn.at(line, x, Height-18-footerLineH*float64(len(lines)-1-i), 0, 0)
		}
	}
}

// The footer's lines: at most footerLines, footerLineH apart, the last at the bottom,
// below the outline legend whatever the number of kinds.
const (
	footerLines = 5
	footerLineH = 17.0
)

// wrapParts lays head and the comma-separated parts out in lines at most w pixels
// wide, breaking only between parts, in at most maxLines lines. On the last line, the
// parts that do not fit are counted ("3 more") rather than dropped; only a part too
// wide for a line of its own is shortened. Widths are summed part by part (the pen
// does not kern), so each line is built once.
func wrapParts(pn *pen, head string, parts []string, w float64, maxLines int) []string {
	sepW := pn.width(", ")
	lines := make([]string, 0, maxLines)
	prefix, start, used := head, 0, pn.width(head)
	for i, p := range parts {
		add := pn.width(p)
		if i > start {
			add += sepW
		}
		need := used + add
		rest := strconv.Itoa(len(parts) - i - 1) // parts after this one
		last := len(lines) == maxLines-1
		if last && i < len(parts)-1 {
			need += sepW + pn.width(rest+" more") // room to count them after it
		}
		if need > w && i > start {
			if last {
				return append(lines, prefix+strings.Join(parts[start:i], ", ")+", "+strconv.Itoa(len(parts)-i)+" more")
			}
			lines = append(lines, prefix+strings.Join(parts[start:i], ", ")+",")
			prefix, start, used, add = "", i, 0, add-sepW
		}
		used += add
	}
	return append(lines, fit(pn, prefix+strings.Join(parts[start:], ", "), w))
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// lastTurnLine counts the last turn's actions.
func lastTurnLine(v *view) string {
	who, parts := lastTurnParts(v)
	if who == "" {
		return ""
	}
	return who + ": " + strings.Join(parts, ", ")
}

// lastTurnParts says whose turn the last was and counts its actions, one part per
// kind of action; who is "" when there was no last turn.
func lastTurnParts(v *view) (who string, parts []string) {
	l := v.b.Last
	if len(l.Events) == 0 {
		return "", nil
	}
	var buys, moves, blocked, shots, deaths, spawns int
	for _, e := range l.Events {
		switch e.Type {
		case game.EvBuy:
			buys++
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
	who = "Setup"
	if l.Player != 0 {
		who = fmt.Sprintf("%s's turn %d", v.names[l.Player-1], l.Turn)
	}
	add := func(n int, one, many string) {
		if n > 0 {
			if n == 1 {
				parts = append(parts, "1 "+one)
			} else {
				parts = append(parts, fmt.Sprintf("%d %s", n, many))
			}
		}
	}
	add(buys, "hex bought", "hexes bought") // a turn buys before it spawns
	add(spawns, "spawn", "spawns")
	add(moves, "move", "moves")
	add(blocked, "blocked move", "blocked moves")
	add(shots, "shot", "shots")
	add(deaths, "death", "deaths")
	if len(parts) == 0 {
		parts = append(parts, "nothing moved")
	}
	return who, parts
}

// Where the game-over banner sits: over the panel's heading and status line, in the
// panel, so that the final position stays in full view.
const (
	bannerTop    = 8.0
	bannerBottom = 80.0
)

// drawBanner gives the result the panel's header: who won (or a tie) in the winner's
// colour, large, and why, in a box like the players' over "KOMBAT" and the status
// line. It draws nothing over the board.
func (r *Renderer) drawBanner(dc *gg.Context, v *view) {
	pn := r.boardPen(dc, v)
	res := v.b.Snap.Result
	x := panelLeft + 10
	w := Width - x - 12
	tint, stripe, head := rgb(colHex), rgb(colMuted), rgb(colText)
	if res.Winner != 0 {
		tint, stripe, head = blend(rgb(colPanel), playerColor(res.Winner), 0.18), playerColor(res.Winner), playerLight(res.Winner)
	}
	// The heading's part of the panel is flat: paint it over, then the box.
	fillRect(v.image(dc), v.dirty, panelLeft, 0, Width, bannerBottom+2, rgb(colPanel))
	pn.setColor(tint)
	dc.DrawRoundedRectangle(x-4, bannerTop, w, bannerBottom-bannerTop, 8)
	pn.fill()
	pn.setColor(stripe)
	dc.DrawRoundedRectangle(x-4, bannerTop, 8, bannerBottom-bannerTop, 4)
	pn.fill()
	v.dirty.markF(x-4, bannerTop, x-4+w, bannerBottom, 2)
	title := "Tie"
	if res.Winner != 0 {
		title = v.names[res.Winner-1] + " wins"
	}
	pn.font(r.face(false, 15))
	modeW := pn.width(string(v.b.Snap.Mode)) + 24
	pn.font(r.face(true, 26))
	pn.setColor(head)
	pn.at(fit(pn, title, w-24-modeW), x+14, 42, 0, 0)
	pn.font(r.face(false, 15))
	pn.setColor(rgb(colText))
	pn.at(fit(pn, "Game over: "+ResultText(*res, v.names), w-24), x+14, 68, 0, 0)
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
