package render

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/upbeat"
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

// chartSeries is one panel: its name and each player's value at a point (by the
// point's index), with an optional marker on the line.
type chartSeries struct {
	name  string
	value func(i, p int) float64
	mark  func(i, p int) bool // a marker on p's line at point i
}

// chartData is what the panels share: the points' x positions (turns played, both
// players' or all players' counted), how many players, their colours, and how the
// last turn is labelled under the axis.
type chartData struct {
	turns   []int
	players int
	color   func(p int) color.RGBA // a player's marks
	light   func(p int) color.RGBA // a player's lines
	label   func(turns int) int    // the turn written under the axis's end
	// tick is where each player's turn k ends on the axis (KOMBAT: both players' turns,
	// 2k); nil: in proportion to the turns played.
	tick func(k int) int
}

// Chart draws a finished game's report as a PNG: budget, minion count and total HP of
// both players over the turns, in their board colours, with a diamond on the budget
// line where a player bought hexes and a cross on the minion line where minions died.
func (r *Renderer) Chart(rep game.Report, names [2]string) ([]byte, error) {
	pn := r.newChart()
	r.chartHeader(pn, names[:], playerColor, []string{"hexes bought", "minions died"})
	pts := rep.Points
	data := chartData{players: 2, color: playerColor, light: playerLight, label: game.PlayerTurn, tick: func(k int) int { return 2 * k }}
	for _, pt := range pts {
		data.turns = append(data.turns, pt.Turn)
	}
	panels := []chartSeries{
		{"Budget", func(i, p int) float64 { return pts[i].Budget[p] }, func(i, p int) bool { return pts[i].Bought[p] > 0 }},
		{"Minions", func(i, p int) float64 { return float64(pts[i].Minions[p]) }, func(i, p int) bool { return pts[i].Died[p] > 0 }},
		{"Total HP", func(i, p int) float64 { return float64(pts[i].HP[p]) }, nil},
	}
	return r.chartPNG(pn, data, panels)
}

// UpbeatChart draws an UPBEAT game's report as a PNG: every player's budget, total
// deposit and regions over the turns, in their territory colours, with a cross on the
// deposit line where a player lost their city center.
func (r *Renderer) UpbeatChart(rep upbeat.Report, names []string) ([]byte, error) {
	pn := r.newChart()
	n := len(rep.Final.Players)
	all := make([]string, n) // a missing name is "player N"
	copy(all, names)
	r.chartHeader(pn, all, territoryColor, []string{"", "city center lost"})
	pts := rep.Points
	data := chartData{players: n, color: territoryColor, light: territoryColor,
		label: func(int) int { return int(pts[len(pts)-1].Turn) }} // as the last turn's player numbers it
	for _, pt := range pts {
		data.turns = append(data.turns, pt.Turns)
	}
	lost := func(i, p int) bool {
		for _, l := range rep.Losses {
			if l.Player == p+1 && l.Turns == pts[i].Turns {
				return true
			}
		}
		return false
	}
	panels := []chartSeries{
		{"Budget", func(i, p int) float64 { return float64(pts[i].Budget[p]) }, nil},
		{"Deposits", func(i, p int) float64 { return pts[i].Total[p] }, lost},
		{"Regions", func(i, p int) float64 { return float64(pts[i].Regions[p]) }, nil},
	}
	return r.chartPNG(pn, data, panels)
}

// newChart is a blank chart's pen, its background painted.
func (r *Renderer) newChart() *pen {
	dc := gg.NewContext(chartWidth, chartHeight)
	pn := r.newPen(dc)
	pn.setColor(rgb(colBackground))
	pn.sync()
	dc.Clear()
	return pn
}

// chartPNG draws the panels under the header and encodes the chart.
func (r *Renderer) chartPNG(pn *pen, data chartData, panels []chartSeries) ([]byte, error) {
	for i, s := range panels {
		top := chartTop + float64(i)*(panelH+panelGap)
		r.chartPanel(pn, data, s, top, i)
	}
	dc := pn.dc
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: r.pngBuffers}
	if err := enc.Encode(&buf, dc.Image()); err != nil {
		return nil, fmt.Errorf("render: chart: %w", err)
	}
	return buf.Bytes(), nil
}

// chartHeader writes the title, names the players by colour and says what the
// markers mean: legend[0] the diamond's, legend[1] the cross's ("" for none).
func (r *Renderer) chartHeader(pn *pen, names []string, color func(p int) color.RGBA, legend []string) {
	dc := pn.dc
	pn.setColor(rgb(colText))
	pn.font(r.face(true, 22))
	pn.at("What happened, turn by turn", 24, 34, 0, 0.5)
	pn.font(r.face(false, 15))
	x := 24.0
	const y = 64.0
	room := 200.0
	if len(names) > 2 {
		room = 90
	}
	for p := 1; p <= len(names); p++ {
		name := names[p-1]
		if name == "" {
			name = fmt.Sprintf("player %d", p)
		}
		name = fit(pn, name, room)
		pn.setColor(color(p))
		dc.DrawRectangle(x, y-6, 22, 12)
		pn.fill()
		pn.setColor(rgb(colText))
		pn.at(name, x+30, y, 0, 0.5)
		x += 30 + pn.width(name) + 28
	}
	pn.setColor(rgb(colMuted))
	if legend[0] != "" {
		diamond(dc, x+6, y, 6)
		pn.fill()
		pn.at(legend[0], x+18, y, 0, 0.5)
		x += 18 + pn.width(legend[0]) + 24
	}
	cross(pn, x+6, y, 6)
	pn.at(legend[1], x+18, y, 0, 0.5)
}

// chartPanel draws one series for every player in a panel whose top is at top.
func (r *Renderer) chartPanel(pn *pen, data chartData, s chartSeries, top float64, index int) {
	dc := pn.dc
	bottom := top + panelH
	pn.setColor(rgb(colPanel))
	dc.DrawRectangle(chartLeft, top, chartRight-chartLeft, panelH)
	pn.fill()
	pn.font(r.face(true, 16))
	pn.setColor(rgb(colText))
	pn.at(s.name, 16, top+panelH/2, 0, 0.5)
	hi := 1.0
	for i := range data.turns {
		for p := range data.players {
			hi = max(hi, s.value(i, p))
		}
	}
	last := 1
	if n := len(data.turns); n > 1 {
		last = data.turns[n-1]
	}
	x := func(turn int) float64 {
		return chartLeft + 8 + (chartRight-chartLeft-16)*float64(turn)/float64(max(last, 1))
	}
	y := func(v float64) float64 { return bottom - 8 - (panelH-16)*v/hi }
	pn.font(r.face(false, 13))
	pn.setColor(rgb(colMuted))
	// The top value by its whole part, as the texts write budgets and deposits
	// (upbeat.Whole): a total of 13635.9 is 13635 on the axis too.
	pn.at(strconv.FormatInt(int64(hi), 10), chartLeft-8, y(hi), 1, 0.5)
	pn.at("0", chartLeft-8, y(0), 1, 0.5)
	dc.SetLineWidth(1)
	pn.setColor(rgb(colHexLine))
	dc.DrawLine(chartLeft, y(0), chartRight, y(0))
	pn.stroke()
	// The turns between the ends: a faint line in every panel at the end of each
	// tick's turn (both players'), numbered under the last panel, so that a marker can
	// be read off to its turn rather than guessed between "turn 0" and the last.
	ends := data.label(last)
	ticks := turnTicks(ends)
	at := func(k int) float64 { return x(last * k / max(ends, 1)) } // where turn k ends, about
	if data.tick != nil {
		at = func(k int) float64 { return x(data.tick(k)) }
	}
	pn.setColor(blend(rgb(colPanel), rgb(colHexLine), 0.5))
	for _, k := range ticks {
		dc.DrawLine(at(k), top, at(k), bottom)
	}
	pn.stroke()
	if index == 2 {
		pn.setColor(rgb(colMuted))
		pn.at("turn 0", x(0), bottom+14, 0, 0.5)
		pn.at(fmt.Sprintf("turn %d", ends), x(last), bottom+14, 1, 0.5)
		for _, k := range ticks {
			// Clear of the end labels, which are wider.
			if at(k)-x(0) > 60 && x(last)-at(k) > 60 {
				pn.at(fmt.Sprint(k), at(k), bottom+14, 0.5, 0.5)
			}
		}
	}
	for p := range data.players {
		pn.setColor(data.light(p + 1))
		dc.SetLineWidth(2.5)
		for i, turn := range data.turns {
			if i == 0 {
				dc.MoveTo(x(turn), y(s.value(i, p)))
			} else {
				dc.LineTo(x(turn), y(s.value(i, p)))
			}
		}
		pn.stroke()
		if s.mark == nil {
			continue
		}
		pn.setColor(data.color(p + 1))
		for i, turn := range data.turns {
			if !s.mark(i, p) {
				continue
			}
			if index == 0 {
				diamond(dc, x(turn), y(s.value(i, p)), 6)
				pn.fill()
			} else {
				cross(pn, x(turn), y(s.value(i, p)), 6)
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
