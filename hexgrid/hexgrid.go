// Package hexgrid is the geometry both games' boards share (KOMBAT's R1-R3, UPBEAT's
// U1): cells in rows and columns numbered from 1, columns laid out so that even columns
// sit half a cell higher than the odd columns beside them, and six directions numbered
// clockwise from up. game's Hex and upbeat's Region are cells of this grid.
package hexgrid

// Direction numbers, clockwise from up, as both languages number them.
const (
	Up        = 1
	UpRight   = 2
	DownRight = 3
	Down      = 4
	DownLeft  = 5
	UpLeft    = 6
)

// Neighbor is the cell next to (row, col) in direction d, which may be off any board;
// a number that is not a direction stays where it is.
func Neighbor(row, col, d int) (int, int) {
	odd := col%2 == 1
	switch d {
	case Up:
		return row - 1, col
	case Down:
		return row + 1, col
	case UpRight:
		if odd {
			return row, col + 1
		}
		return row - 1, col + 1
	case DownRight:
		if odd {
			return row + 1, col + 1
		}
		return row, col + 1
	case DownLeft:
		if odd {
			return row + 1, col - 1
		}
		return row, col - 1
	case UpLeft:
		if odd {
			return row, col - 1
		}
		return row - 1, col - 1
	}
	return row, col
}

// Distance is the number of steps between two cells, whatever lies between. In axial
// coordinates (q, r) = (col, row - col/2) the six neighbours differ by fixed offsets.
func Distance(row1, col1, row2, col2 int) int {
	dq, dr := col1-col2, (row1-col1/2)-(row2-col2/2)
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
