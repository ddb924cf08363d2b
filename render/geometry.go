package render

import (
	"math"

	"github.com/kombat-game/kombat/game"
)

// Image layout, in pixels. Landscape and under 1000 px wide, so Discord shows it large
// in a message (about 550 px wide); the board on the left, the numbers on the right.
const (
	Width  = 960
	Height = 640

	hexSize   = 37.0 // centre to corner of a flat-topped hex
	boardLeft = 36.0 // room for the row numbers
	boardTop  = 34.0 // room for the column numbers
	panelLeft = 532.0
)

// hexHeight is the distance between the centres of vertically adjacent hexes.
const hexHeight = 1.7320508075688772 * hexSize // sqrt(3) * size

// Center is where hex h's centre is drawn (R2): columns 1.5 sizes apart, rows one hex
// height apart, and every even column half a hex higher than the odd ones beside it.
func Center(h game.Hex) (x, y float64) {
	x = boardLeft + hexSize + float64(h.Col-1)*1.5*hexSize
	y = boardTop + hexHeight/2 + float64(h.Row-1)*hexHeight
	if h.Col%2 == 1 {
		y += hexHeight / 2
	}
	return x, y
}

// corners returns the six corners of a flat-topped hex centred at (x, y) with the
// given radius.
func corners(x, y, r float64) [6][2]float64 {
	var c [6][2]float64
	for i := range c {
		a := float64(i) * math.Pi / 3
		c[i] = [2]float64{x + r*math.Cos(a), y + r*math.Sin(a)}
	}
	return c
}

// allHexes lists the board, row by row.
func allHexes() []game.Hex {
	out := make([]game.Hex, 0, game.Rows*game.Cols)
	for r := 1; r <= game.Rows; r++ {
		for c := 1; c <= game.Cols; c++ {
			out = append(out, game.Hex{Row: r, Col: c})
		}
	}
	return out
}
