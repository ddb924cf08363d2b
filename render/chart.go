package render

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/fogleman/gg"

	"github.com/kombat-game/kombat/game"
)

// Chart geometry: like a board, under Discord's inline size; three panels stacked.
const (
	chartWidth  = 900
	chartHeight = 640
	chartLeft   = 110.0 // the plots' left edge, after the panel names
	chartRight  = chartWidth - 30.0
	chartTop    = 92.0 // the first panel's top, under the title and legend
	panelH      = 150.0
	panelGap    = 26.0
)

// chartSeries is one panel: its name and each player's value at a point.
type chartSeries struct {
	name  string
	value func(pt game.TurnPoint, p int) float64
	mark  func(pt game.TurnPoint, p int) bool // a marker on p's line at this point
}

// Chart draws a finished game's report as a PNG: budget, minion count and total HP of
// both players over the turns, in their board colours, with a diamond on the budget
// line where a player bought hexes and a cross on the minion line where minions died.
func (r *Renderer) Chart(rep game.Report, names [2]string) ([]byte, error) {
	dc := gg.NewContext(chartWidth, chartHeight)
	pn := r.newPen(dc)
	pn.setColor(rgb(colBackground))
	pn.sync()
	dc.Clear()
	r.chartHeader(pn, names)
	panels := []chartSeries{
		{"Budget", func(pt game.TurnPoint, p int) float64 { return pt.Budget[p] }, func(pt game.TurnPoint, p int) bool { return pt.Bought[p] > 0 }},
		{"Minions", func(pt game.TurnPoint, p int) float64 { return float64(pt.Minions[p]) }, func(pt game.TurnPoint, p int) bool { return pt.Died[p] > 0 }},
		{"Total HP", func(pt game.TurnPoint, p int) float64 { return float64(pt.HP[p]) }, nil},
	}
	for i, s := range panels {
		top := chartTop + float64(i)*(panelH+panelGap)
		r.chartPanel(pn, rep.Points, s, top, i)
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: r.pngBuffers}
	if err := enc.Encode(&buf, dc.Image()); err != nil {
		return nil, fmt.Errorf("render: chart: %w", err)
	}
	return buf.Bytes(), nil
}

// chartHeader writes the title, names the players by colour and says what the
// markers mean.
func (r *Renderer) chartHeader(pn *pen, names [2]string) {
	dc := pn.dc
	pn.setColor(rgb(colText))
	pn.font(r.face(true, 22))
	pn.at("What happened, turn by turn", 24, 34, 0, 0.5)
	pn.font(r.face(false, 15))
	x := 24.0
	const y = 64.0
	for p := 1; p <= 2; p++ {
		name := names[p-1]
		if name == "" {
			name = fmt.Sprintf("player %d", p)
		}
		name = fit(pn, name, 200)
		pn.setColor(playerColor(p))
		dc.DrawRectangle(x, y-6, 22, 12)
		pn.fill()
		pn.setColor(rgb(colText))
		pn.at(name, x+30, y, 0, 0.5)
		x += 30 + pn.width(name) + 28
	}
	pn.setColor(rgb(colMuted))
	diamond(dc, x+6, y, 6)
	pn.fill()
	pn.at("hexes bought", x+18, y, 0, 0.5)
	x += 18 + pn.width("hexes bought") + 24
	cross(pn, x+6, y, 6)
	pn.at("minions died", x+18, y, 0, 0.5)
}

// chartPanel draws one series for both players in a panel whose top is at top.
func (r *Renderer) chartPanel(pn *pen, pts []game.TurnPoint, s chartSeries, top float64, index int) {
	dc := pn.dc
	bottom := top + panelH
	pn.setColor(rgb(colPanel))
	dc.DrawRectangle(chartLeft, top, chartRight-chartLeft, panelH)
	pn.fill()
	pn.font(r.face(true, 16))
	pn.setColor(rgb(colText))
	pn.at(s.name, 16, top+panelH/2, 0, 0.5)
	hi := 1.0
	for _, pt := range pts {
		for p := range 2 {
			hi = max(hi, s.value(pt, p))
		}
	}
	last := 1
	if len(pts) > 1 {
		last = pts[len(pts)-1].Turn
	}
	x := func(turn int) float64 {
		return chartLeft + 8 + (chartRight-chartLeft-16)*float64(turn)/float64(max(last, 1))
	}
	y := func(v float64) float64 { return bottom - 8 - (panelH-16)*v/hi }
	pn.font(r.face(false, 13))
	pn.setColor(rgb(colMuted))
	pn.at(fmt.Sprintf("%.0f", hi), chartLeft-8, y(hi), 1, 0.5)
	pn.at("0", chartLeft-8, y(0), 1, 0.5)
	dc.SetLineWidth(1)
	pn.setColor(rgb(colHexLine))
	dc.DrawLine(chartLeft, y(0), chartRight, y(0))
	pn.stroke()
	// The turns between the ends: a faint line in every panel at the end of each
	// tick's turn (both players'), numbered under the last panel, so that a marker can
	// be read off to its turn rather than guessed between "turn 0" and the last.
	ends := game.PlayerTurn(last)
	ticks := turnTicks(ends)
	pn.setColor(blend(rgb(colPanel), rgb(colHexLine), 0.5))
	for _, k := range ticks {
		dc.DrawLine(x(2*k), top, x(2*k), bottom)
	}
	pn.stroke()
	if index == 2 {
		pn.setColor(rgb(colMuted))
		pn.at("turn 0", x(0), bottom+14, 0, 0.5)
		pn.at(fmt.Sprintf("turn %d", ends), x(last), bottom+14, 1, 0.5)
		for _, k := range ticks {
			// Clear of the end labels, which are wider.
			if x(2*k)-x(0) > 60 && x(last)-x(2*k) > 60 {
				pn.at(fmt.Sprint(k), x(2*k), bottom+14, 0.5, 0.5)
			}
		}
	}
	for p := range 2 {
		pn.setColor(playerLight(p + 1))
		dc.SetLineWidth(2.5)
		for i, pt := range pts {
			if i == 0 {
				dc.MoveTo(x(pt.Turn), y(s.value(pt, p)))
			} else {
				dc.LineTo(x(pt.Turn), y(s.value(pt, p)))
			}
		}
		pn.stroke()
		if s.mark == nil {
			continue
		}
		pn.setColor(playerColor(p + 1))
		for _, pt := range pts {
			if !s.mark(pt, p) {
				continue
			}
			if index == 0 {
				diamond(dc, x(pt.Turn), y(s.value(pt, p)), 6)
				pn.fill()
			} else {
				cross(pn, x(pt.Turn), y(s.value(pt, p)), 6)
			}
		}
	}
}

// diamond traces a diamond of half-size h centred at (x, y), for filling.
func diamond(dc *gg.Context, x, y, h float64) {
	dc.MoveTo(x, y-h)
	dc.LineTo(x+h, y)
	dc.LineTo(x, y+h)
	dc.LineTo(x-h, y)
	dc.ClosePath()
}

// cross strokes an X of half-size h centred at (x, y) in the pen's colour.
func cross(pn *pen, x, y, h float64) {
	pn.dc.SetLineWidth(2.5)
	pn.dc.DrawLine(x-h, y-h, x+h, y+h)
	pn.dc.DrawLine(x-h, y+h, x+h, y-h)
	pn.stroke()
}

// turnTicks are the players' turns between 0 and last (both left out: they are
// labelled "turn 0" and "turn N") that the chart's x axis marks: the multiples of the
// smallest step of 1, 2, 5, 10, 20, 50, ... that gives at most 8 of them.
func turnTicks(last int) []int {
	for mag := 1; ; mag *= 10 {
		for _, m := range []int{1, 2, 5} {
			step := m * mag
			if (last-1)/step > 8 {
				continue
			}
			var ticks []int
			for k := step; k < last; k += step {
				ticks = append(ticks, k)
			}
			return ticks
		}
	}
}
