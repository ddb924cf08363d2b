package hexgrid

import "testing"

// TestNeighbor pins the layout (R2, U1): from an odd and an even column, each
// direction's cell; even columns sit half a cell higher.
func TestNeighbor(t *testing.T) {
	cases := []struct {
		row, col int
		want     [6][2]int // Up, UpRight, DownRight, Down, DownLeft, UpLeft
	}{
		{3, 3, [6][2]int{{2, 3}, {3, 4}, {4, 4}, {4, 3}, {4, 2}, {3, 2}}},
		{3, 4, [6][2]int{{2, 4}, {2, 5}, {3, 5}, {4, 4}, {3, 3}, {2, 3}}},
	}
	for _, tc := range cases {
		for d := Up; d <= UpLeft; d++ {
			r, c := Neighbor(tc.row, tc.col, d)
			if [2]int{r, c} != tc.want[d-1] {
				t.Errorf("Neighbor(%d,%d, %d) = (%d,%d), want %v", tc.row, tc.col, d, r, c, tc.want[d-1])
			}
		}
		if r, c := Neighbor(tc.row, tc.col, 7); r != tc.row || c != tc.col {
			t.Errorf("direction 7 moved to (%d,%d)", r, c)
		}
	}
}

// TestDistance checks that every neighbour is one step away and back again, that
// opposite directions undo each other, and a few longer distances.
func TestDistance(t *testing.T) {
	for row := 1; row <= 6; row++ {
		for col := 1; col <= 6; col++ {
			for d := Up; d <= UpLeft; d++ {
				r, c := Neighbor(row, col, d)
				if Distance(row, col, r, c) != 1 || Distance(r, c, row, col) != 1 {
					t.Errorf("(%d,%d) to its neighbour %d (%d,%d): distance %d", row, col, d, r, c, Distance(row, col, r, c))
				}
				if br, bc := Neighbor(r, c, (d+2)%6+1); br != row || bc != col {
					t.Errorf("(%d,%d) direction %d and back ends at (%d,%d)", row, col, d, br, bc)
				}
			}
		}
	}
	for _, tc := range []struct{ r1, c1, r2, c2, want int }{
		{1, 1, 1, 1, 0}, {1, 1, 8, 1, 7}, {1, 1, 1, 8, 7}, {1, 1, 5, 5, 6}, {8, 8, 1, 1, 10},
	} {
		if got := Distance(tc.r1, tc.c1, tc.r2, tc.c2); got != tc.want {
			t.Errorf("Distance(%d,%d, %d,%d) = %d, want %d", tc.r1, tc.c1, tc.r2, tc.c2, got, tc.want)
		}
	}
}
