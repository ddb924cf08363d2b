package game

import (
	"fmt"
	"testing"
)

// TestNeighbor_R2 is the ground-truth table of R2, for odd and even columns, with the
// ruling's own examples and hexes at the edges.
func TestNeighbor_R2(t *testing.T) {
	tests := []struct {
		from Hex
		want [6]Hex // up, upright, downright, down, downleft, upleft
	}{
		{Hex{2, 3}, [6]Hex{{1, 3}, {2, 4}, {3, 4}, {3, 3}, {3, 2}, {2, 2}}}, // odd column
		{Hex{2, 2}, [6]Hex{{1, 2}, {1, 3}, {2, 3}, {3, 2}, {2, 1}, {1, 1}}}, // even column
		{Hex{4, 5}, [6]Hex{{3, 5}, {4, 6}, {5, 6}, {5, 5}, {5, 4}, {4, 4}}},
		{Hex{4, 4}, [6]Hex{{3, 4}, {3, 5}, {4, 5}, {5, 4}, {4, 3}, {3, 3}}},
		{Hex{1, 1}, [6]Hex{{0, 1}, {1, 2}, {2, 2}, {2, 1}, {2, 0}, {1, 0}}},
		{Hex{8, 8}, [6]Hex{{7, 8}, {7, 9}, {8, 9}, {9, 8}, {8, 7}, {7, 7}}},
	}
	for _, tc := range tests {
		for i, d := range Directions() {
			if got := tc.from.Neighbor(d); got != tc.want[i] {
				t.Errorf("%v %s = %v, want %v", tc.from, DirectionName(d), got, tc.want[i])
			}
		}
	}
	// The ruling's examples.
	if got := (Hex{2, 3}).Neighbor(UpRight); got != (Hex{2, 4}) {
		t.Errorf("from (2,3) upright is %v, want (2,4)", got)
	}
	if got := (Hex{2, 2}).Neighbor(UpRight); got != (Hex{1, 3}) {
		t.Errorf("from (2,2) upright is %v, want (1,3)", got)
	}
}

// TestDirectionNumbers_R3 pins the numbers strategies see.
func TestDirectionNumbers_R3(t *testing.T) {
	want := map[string]int{"up": 1, "upright": 2, "downright": 3, "down": 4, "downleft": 5, "upleft": 6}
	lang := NewLanguage()
	for name, n := range want {
		if DirectionName(n) != name || lang.Direction(n) != name {
			t.Errorf("direction %d is %q in game and %q in the language, want %q", n, DirectionName(n), lang.Direction(n), name)
		}
	}
}

// TestNeighborSymmetry: every neighbour relation goes both ways, through the opposite
// direction, and neighbours are exactly the hexes at distance 1.
func TestNeighborSymmetry(t *testing.T) {
	for r := 1; r <= Rows; r++ {
		for c := 1; c <= Cols; c++ {
			h := Hex{r, c}
			seen := map[Hex]bool{}
			for _, d := range Directions() {
				n := h.Neighbor(d)
				opposite := (d+2)%6 + 1
				if back := n.Neighbor(opposite); back != h {
					t.Errorf("%v %s = %v, whose %s is %v", h, DirectionName(d), n, DirectionName(opposite), back)
				}
				if Distance(h, n) != 1 {
					t.Errorf("distance %v to its neighbour %v is %d", h, n, Distance(h, n))
				}
				seen[n] = true
			}
			for r2 := 0; r2 <= Rows+1; r2++ {
				for c2 := 0; c2 <= Cols+1; c2++ {
					o := Hex{r2, c2}
					if Adjacent(h, o) != seen[o] {
						t.Errorf("Adjacent(%v, %v) = %v, neighbour table says %v", h, o, Adjacent(h, o), seen[o])
					}
				}
			}
		}
	}
}

// TestDistance is a ground-truth table of distances, counted by hand on R2's layout.
func TestDistance(t *testing.T) {
	tests := []struct {
		a, b Hex
		want int
	}{
		{Hex{1, 1}, Hex{1, 1}, 0},
		{Hex{1, 1}, Hex{8, 1}, 7},
		{Hex{1, 1}, Hex{1, 8}, 7},  // upright and downright in turn along the top row
		{Hex{1, 1}, Hex{8, 8}, 10}, // 7 steps downright to (5,8), then 3 down
		{Hex{2, 2}, Hex{1, 3}, 1},
		{Hex{2, 3}, Hex{1, 5}, 2},
		{Hex{4, 4}, Hex{4, 8}, 4},
		{Hex{4, 1}, Hex{1, 7}, 6},
		{Hex{8, 1}, Hex{1, 8}, 11}, // 7 steps upright to (5,8), then 4 up: the layout is not symmetric
	}
	for _, tc := range tests {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%v, %v) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%v, %v) = %d, want %d (symmetry)", tc.b, tc.a, got, tc.want)
		}
	}
	// Distance agrees with a breadth-first search over the neighbour table.
	for _, a := range []Hex{{1, 1}, {4, 4}, {5, 5}, {8, 1}, {3, 8}} {
		dist := map[Hex]int{a: 0}
		queue := []Hex{a}
		for len(queue) > 0 {
			h := queue[0]
			queue = queue[1:]
			for _, d := range Directions() {
				if n := h.Neighbor(d); n.OnBoard() {
					if _, ok := dist[n]; !ok {
						dist[n] = dist[h] + 1
						queue = append(queue, n)
					}
				}
			}
		}
		for h, want := range dist {
			if got := Distance(a, h); got != want {
				t.Errorf("Distance(%v, %v) = %d, BFS says %d", a, h, got, want)
			}
		}
	}
}

// TestStartArea_R4: five hexes each, mapping onto each other by (r,c) -> (9-r, 9-c).
func TestStartArea_R4(t *testing.T) {
	one, two := StartArea(1), StartArea(2)
	if fmt.Sprint(one) != "[(1,1) (1,2) (1,3) (2,1) (2,2)]" || fmt.Sprint(two) != "[(7,7) (7,8) (8,6) (8,7) (8,8)]" {
		t.Fatalf("start areas %v and %v", one, two)
	}
	mirror := map[Hex]bool{}
	for _, h := range two {
		mirror[h] = true
	}
	for _, h := range one {
		if !mirror[Hex{9 - h.Row, 9 - h.Col}] {
			t.Errorf("%v's mirror is not in player 2's area", h)
		}
	}
}
