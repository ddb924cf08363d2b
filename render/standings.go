package render

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/fogleman/gg"
)

// Standing is one row of a tournament's standings table.
type Standing struct {
	Name   string // the entrant's display name
	Kinds  string // the kinds it brought, shortened to fit
	Played int
	Won    int
	Lost   int
	Tied   int
	Points float64 // 1 a win, ½ a tie
}

// standingsWidth is the table image's width: like a board, under Discord's inline size.
const standingsWidth = 900

// Standings draws a tournament's standings table as a PNG: a title, then one row per
// entrant in the order given (the host sorts), the leader highlighted.
func (r *Renderer) Standings(title string, rows []Standing) ([]byte, error) {
	const rowH, top, left = 34.0, 78.0, 24.0
	h := int(top + rowH*float64(len(rows)+1) + 20)
	dc := gg.NewContext(standingsWidth, h)
	pn := r.newPen(dc)
	pn.setColor(rgb(colBackground))
	pn.clear()
	pn.font(r.face(true, 24))
	pn.setColor(rgb(colText))
	pn.at(fit(pn, title, standingsWidth-2*left), left, 40, 0, 0.5)
	cols := []struct {
		name  string
		x, ax float64
	}{{"#", left + 14, 0.5}, {"Entrant", left + 40, 0}, {"Kinds", left + 260, 0}, {"Played", 610, 1}, {"W", 670, 1}, {"L", 720, 1}, {"T", 770, 1}, {"Points", standingsWidth - left, 1}}
	pn.font(r.face(true, 15))
	pn.setColor(rgb(colMuted))
	for _, c := range cols {
		pn.at(c.name, c.x, top, c.ax, 0.5)
	}
	for i, s := range rows {
		y := top + rowH*float64(i+1)
		if i%2 == 0 {
			pn.setColor(rgb(colPanel))
			dc.DrawRectangle(left-8, y-rowH/2, standingsWidth-2*left+16, rowH)
			pn.fill()
		}
		if i == 0 {
			pn.setColor(playerColor(1))
			dc.DrawRectangle(left-8, y-rowH/2, 5, rowH)
			pn.fill()
		}
		pn.font(r.face(i == 0, 17))
		pn.setColor(rgb(colText))
		cells := []string{fmt.Sprint(i + 1), s.Name, s.Kinds, fmt.Sprint(s.Played), fmt.Sprint(s.Won), fmt.Sprint(s.Lost), fmt.Sprint(s.Tied), points(s.Points)}
		widths := []float64{28, 210, 300, 60, 40, 40, 40, 80}
		for j, c := range cols {
			if j == 2 {
				pn.setColor(rgb(colMuted))
			} else {
				pn.setColor(rgb(colText))
			}
			pn.at(fit(pn, cells[j], widths[j]), c.x, y, c.ax, 0.5)
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: r.pngBuffers}
	if err := enc.Encode(&buf, dc.Image()); err != nil {
		return nil, fmt.Errorf("render: standings: %w", err)
	}
	return buf.Bytes(), nil
}

// points writes a score with ½ for ties.
func points(p float64) string {
	whole := int(p)
	if p-float64(whole) >= 0.5 {
		if whole == 0 {
			return "½"
		}
		return fmt.Sprintf("%d½", whole)
	}
	return fmt.Sprint(whole)
}
