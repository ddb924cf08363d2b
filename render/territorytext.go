package render

import (
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/upbeat"
)

// The text map's window: what fits in 80 columns (4 for the row numbers, 4 a region)
// and about one screen. A larger territory is shown as a window of this size.
const (
	textMapCols = 19
	textMapRows = 20
)

// TerritoryText is an UPBEAT territory as a text map, for terminals and screen readers:
// who owns each region, the city centers, those that fell (while no one owns their
// region), where the last turn's crew ended and what ownerless regions still hold
// (TerritoryLegend says how). It keeps to 80 columns,
// every cell at most 3 characters after a space; a territory wider or taller
// than textMapCols x textMapRows is shown as a window of that size around `around`
// (the reader's city center, say), and says which rows and columns it shows.
func TerritoryText(t Territory, around upbeat.Region) string {
	s := t.Snap
	terr := s.Territory
	r0, rows := window(around.Row, terr.Rows, textMapRows)
	c0, cols := window(around.Col, terr.Cols, textMapCols)
	centers, ruins := map[upbeat.Region]int{}, map[upbeat.Region]int{}
	for p, pv := range s.Players {
		if pv.Alive {
			centers[pv.Center] = p + 1
		} else {
			ruins[pv.Center] = p + 1
		}
	}
	var b strings.Builder
	if rows < terr.Rows || cols < terr.Cols {
		fmt.Fprintf(&b, "Rows %d to %d and columns %d to %d of %dx%d:\n", r0, r0+rows-1, c0, c0+cols-1, terr.Rows, terr.Cols)
	}
	b.WriteString("    ")
	for c := c0; c < c0+cols; c++ {
		fmt.Fprintf(&b, "%4d", c)
	}
	b.WriteByte('\n')
	for row := r0; row < r0+rows; row++ {
		fmt.Fprintf(&b, "%4d", row)
		for col := c0; col < c0+cols; col++ {
			at := upbeat.Region{Row: row, Col: col}
			cell := "."
			switch o := s.Owner(at); {
			case centers[at] != 0:
				cell = fmt.Sprintf("@%d", centers[at])
			case o != 0:
				cell = fmt.Sprint(o)
			case ruins[at] != 0: // as the image's broken ring says whose city it was
				cell = fmt.Sprintf("x%d", ruins[at])
			case s.Deposit(at) >= 1:
				cell = ":"
			}
			if t.Last.Player != 0 && at == t.Last.Crew {
				cell += "*"
			}
			fmt.Fprintf(&b, "%4s", cell)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TerritoryLegend says what TerritoryText's marks mean, to print with the first map
// rather than under every one.
const TerritoryLegend = "N: a region of player N, @N their city center, xN where it fell, : an ownerless\n" +
	"region holding a deposit, * where the last turn's crew ended. Even columns sit\n" +
	"half a region higher.\n"

// window is the first index and the length of a window of at most size out of n
// (indices from 1), centred on at where the edges allow.
func window(at, n, size int) (first, length int) {
	if n <= size {
		return 1, n
	}
	first = min(max(at-size/2, 1), n-size+1)
	return first, size
}
