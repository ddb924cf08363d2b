package render

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"time"

	"github.com/kombat-game/kombat/upbeat"
)

// drawTerritoryPanel draws the panel: the game's state, one box per player (budget,
// regions, total deposit, revision time left), what the view shows and a legend.
func (r *Renderer) drawTerritoryPanel(f *territoryFrame, pn *pen, v *terrView) {
	s := v.snap
	img := f.rgba
	fillBox(img, int(panelX)-8, 0, Width, Height, rgb(colPanel))
	const left, right = panelX + 6, Width - 12.0
	pn.font(r.face(true, 20))
	pn.setColor(rgb(colText))
	pn.at("UPBEAT", left, 24, 0, 0.5)
	pn.font(r.face(false, 13))
	pn.setColor(rgb(colMuted))
	pn.at(turnsText(s), right, 24, 1, 0.5)
	y := 48.0
	status := ""
	switch {
	case s.Over && s.Winner == 0:
		status = "Game over: a tie"
	case s.Over:
		status = "Game over: " + v.names[s.Winner-1] + " wins"
	case s.Current != 0:
		status = v.names[s.Current-1] + " to play"
	}
	pn.font(r.face(true, 14))
	pn.setColor(rgb(colText))
	if s.Over {
		pn.setColor(rgb(colShot))
	}
	pn.at(fit(pn, status, right-left), left, y, 0, 0.5)
	if v.t.Title != "" {
		y += 18
		pn.font(r.face(false, 13))
		pn.setColor(rgb(colText))
		pn.at(fit(pn, v.t.Title, right-left), left, y, 0, 0.5)
	}
	y += 18
	pn.font(r.face(false, 12))
	pn.setColor(rgb(colMuted))
	pn.at(windowText(s.Territory, v.geo.win, v.t.View.clamp(s.Territory).Zoom), left, y, 0, 0.5)
	// Player boxes share what is left above the legend.
	top := y + 14
	const legendTop = 548.0
	n := max(len(s.Players), 1)
	boxH := math.Min(76, (legendTop-8-top)/float64(n))
	for p := 1; p <= len(s.Players); p++ {
		r.playerBox(img, pn, v, p, top+float64(p-1)*boxH, boxH-6)
	}
	r.territoryLegend(img, f.shapes, pn, v, legendTop)
}

// turnsText is the panel's count of turns: the turn of the player to act out of the
// most each plays, or, once the game is over, how many turns were played in all.
func turnsText(s *upbeat.Snapshot) string {
	if len(s.Players) > 0 && !s.Over {
		return fmt.Sprintf("turn %d of %d", s.Players[max(s.Current, 1)-1].Turn, s.Config.MaxTurns)
	}
	return fmt.Sprintf("%d %s played", s.Turns, Plural(s.Turns, "turn", "turns"))
}

// windowText says what the window w of a view at zoom level zoom shows of t: all of
// it, or which rows and columns. It is written in one buffer, as the panel is drawn
// for every image.
func windowText(t upbeat.Territory, w Window, zoom int) string {
	b := make([]byte, 0, 48)
	if w.Rows < t.Rows || w.Cols < t.Cols {
		b = strconv.AppendInt(append(b, "Zoom "...), int64(zoom), 10)
		b = appendSpan(append(b, ": "...), "row", w.Top, w.Rows)
		return string(appendSpan(append(b, ", "...), "column", w.Left, w.Cols))
	}
	b = appendCount(append(b, "Overview: "...), t.Rows, "row")
	return string(appendCount(append(b, " x "...), t.Cols, "column"))
}

// appendCount appends n things: "1 row", "3 rows".
func appendCount(b []byte, n int, thing string) []byte {
	b = append(strconv.AppendInt(b, int64(n), 10), ' ')
	b = append(b, thing...)
	if n != 1 {
		b = append(b, 's')
	}
	return b
}

// appendSpan appends the n rows or columns from first that a view shows: "rows 4-9",
// or "row 1" on a territory of one row.
func appendSpan(b []byte, what string, first, n int) []byte {
	b = append(b, what...)
	if n == 1 {
		return strconv.AppendInt(append(b, ' '), int64(first), 10)
	}
	b = strconv.AppendInt(append(b, "s "...), int64(first), 10)
	return strconv.AppendInt(append(b, '-'), int64(first+n-1), 10)
}

// playerBox is player p's box: a swatch in the player's colour and pattern, the name,
// budget, regions, total deposit and revision time left; the player to act framed in
// their colour, a player who is out in grey.
func (r *Renderer) playerBox(img *image.RGBA, pn *pen, v *terrView, p int, y, h float64) {
	pv := v.snap.Players[p-1]
	const left, right = panelX, Width - 8.0
	if v.snap.Current == p {
		c := territoryColor(p)
		fillBox(img, int(left)-4, int(y)-2, int(right)+2, int(y+h)+2, c)
		fillBox(img, int(left)-2, int(y), int(right), int(y+h), rgb(colPanel))
	}
	// The swatch: the region look at a middle deposit level.
	sw := int(math.Min(h-8, 30))
	sx, sy := int(left)+4, int(y)+4
	fill, pat := shade(p, 3)
	if !pv.Alive {
		fill, pat = shade(0, 2)
	}
	for yy := sy; yy < sy+sw; yy++ {
		for xx := sx; xx < sx+sw; xx++ {
			c := fill
			if patterned(p, xx, yy) {
				c = pat
			}
			img.SetRGBA(xx, yy, c)
		}
	}
	pn.font(r.face(true, 12))
	pn.setColor(inkOn(fill))
	pn.at(strconv.Itoa(p), float64(sx)+float64(sw)/2, float64(sy)+float64(sw)/2, 0.5, 0.5)
	tx := float64(sx + sw + 8)
	text, muted := rgb(colText), rgb(colMuted)
	if !pv.Alive {
		text = muted
	}
	line := h / 3.2
	pn.font(r.face(true, 14))
	pn.setColor(text)
	name := v.names[p-1]
	if !pv.Alive {
		name += " (out)"
	}
	pn.at(fit(pn, name, right-tx-4), tx, y+line*0.7, 0, 0.5)
	pn.font(r.face(false, 12))
	pn.setColor(text)
	pn.at(fit(pn, fmt.Sprintf("budget %s · %s", thousands(pv.Budget), strconv.Itoa(pv.Regions)+" "+Plural(pv.Regions, "region", "regions")), right-tx-4), tx, y+line*1.7, 0, 0.5)
	pn.setColor(muted)
	clock := clockText(pv.Clock)
	if !pv.CanRevise {
		clock = "clock spent"
	}
	last := fmt.Sprintf("deposits %s · revise %s", thousands(upbeat.Whole(pv.Total)), clock)
	if !pv.Alive { // where the ruin on the map is
		last = fmt.Sprintf("city center %v fell", pv.Center)
	}
	pn.at(fit(pn, last, right-tx-4), tx, y+line*2.6, 0, 0.5)
}

// clockText writes a revision clock as m:ss, or h:mm:ss from an hour.
func clockText(d time.Duration) string {
	sec := int64(max(d, 0) / time.Second)
	if sec >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60)
	}
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}

// territoryLegend explains the marks: city center, a fallen one, the crew's path,
// invest, collect, shot, and the deposit shading from low to high.
func (r *Renderer) territoryLegend(img *image.RGBA, sh *shaper, pn *pen, v *terrView, y float64) {
	const left = panelX + 6
	pn.font(r.face(false, 12))
	pn.setColor(rgb(colMuted))
	// Row 1: center, fallen center, path; row 2: invest, collect, shot.
	cx, cy := left+8, y+10
	sh.circle(cx, cy, 7)
	sh.fill(rgb(0x000000))
	sh.circle(cx, cy, 5.5)
	sh.fill(rgb(0xFFFFFF))
	sh.circle(cx, cy, 2.7)
	sh.fill(territoryColor(1))
	pn.at("city center", cx+12, cy, 0, 0.5)
	rx := left + 100
	ruinRing(sh, rx, cy, 6, 5.5)
	sh.fill(rgb(0x000000))
	ruinRing(sh, rx, cy, 6, 2.5)
	sh.fill(territoryColor(4))
	pn.at("fallen city", rx+12, cy, 0, 0.5)
	px := left + 186
	sh.line(px, cy, px+26, cy, 5)
	arrowHead(sh, px, cy, px+26, cy, 12)
	sh.fill(rgb(0x000000))
	sh.line(px, cy, px+26, cy, 2.5)
	arrowHead(sh, px, cy, px+26, cy, 9)
	sh.fill(rgb(0xFFFFFF))
	pn.at("crew's path", px+36, cy, 0, 0.5)
	cy += 22
	for i, what := range []string{"invest", "collect"} {
		x := left + 8 + float64(i)*80
		sh.circle(x, cy, 7)
		sh.fill(rgb(0x000000))
		sh.line(x-4, cy, x+4, cy, 2)
		if i == 0 {
			sh.line(x, cy-4, x, cy+4, 2)
		}
		sh.fill(rgb(0xFFFFFF))
		pn.at(what, x+12, cy, 0, 0.5)
	}
	sx := left + 172
	sh.line(sx, cy, sx+20, cy, 5)
	spark(sh, sx+20, cy, 7, 5)
	sh.fill(rgb(0x000000))
	sh.line(sx, cy, sx+20, cy, 2.5)
	spark(sh, sx+20, cy, 7, 2.5)
	sh.fill(rgb(colShot))
	pn.at("shot", sx+32, cy, 0, 0.5)
	// The shading scale, in player 1's colour.
	cy += 24
	pn.at("deposit", left, cy, 0, 0.5)
	bx := int(left) + 52
	for l := range depLevels {
		fill, _ := shade(1, l)
		fillBox(img, bx+l*26, int(cy)-7, bx+l*26+24, int(cy)+7, fill)
	}
	pn.at(fmt.Sprintf("up to %s", compact(float64(v.snap.Config.MaxDep))), float64(bx+depLevels*26+4), cy, 0, 0.5)
	cy += 20
	pn.at("Patterns and P numbers tell players apart", left, cy, 0, 0.5)
}
