package game

import (
	"encoding/json"
	"fmt"
	"github.com/kombat-game/kombat/hexgrid"
)

// Board size (R1).
const (
	Rows = 8
	Cols = 8
)

// Hex is a board position (R1): row 1 is the top row, column 1 the leftmost.
type Hex struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// String formats a hex as players type it: (row,col).
func (h Hex) String() string { return fmt.Sprintf("(%d,%d)", h.Row, h.Col) }

// OnBoard reports whether h is one of the 8x8 hexes.
func (h Hex) OnBoard() bool { return h.Row >= 1 && h.Row <= Rows && h.Col >= 1 && h.Col <= Cols }

// index numbers on-board hexes 0..63, row-major, for bitsets and arrays.
func (h Hex) index() int { return (h.Row-1)*Cols + (h.Col - 1) }

func hexAt(i int) Hex { return Hex{i/Cols + 1, i%Cols + 1} }

// Directions lists the six direction numbers (R3), clockwise from up.
func Directions() [6]int { return [6]int{Up, UpRight, DownRight, Down, DownLeft, UpLeft} }

// DirectionName is the word for a direction number, as strategies write it.
func DirectionName(d int) string {
	switch d {
	case Up:
		return "up"
	case UpRight:
		return "upright"
	case DownRight:
		return "downright"
	case Down:
		return "down"
	case DownLeft:
		return "downleft"
	case UpLeft:
		return "upleft"
	}
	return fmt.Sprintf("direction %d", d)
}

// Neighbor returns the hex next to h in direction d (R2), which may be off the board.
// Even columns sit half a hex higher than the odd columns beside them.
func (h Hex) Neighbor(d int) Hex {
	row, col := hexgrid.Neighbor(h.Row, h.Col, d)
	return Hex{row, col}
}

// Distance is the number of steps between two hexes.
func Distance(a, b Hex) int { return hexgrid.Distance(a.Row, a.Col, b.Row, b.Col) }

// Adjacent reports whether a and b are neighbours.
func Adjacent(a, b Hex) bool { return Distance(a, b) == 1 }

// hexSet is a set of on-board hexes.
type hexSet uint64

func (s hexSet) has(h Hex) bool { return h.OnBoard() && s&(1<<h.index()) != 0 }
func (s *hexSet) add(h Hex)     { *s |= 1 << h.index() }
func (s hexSet) list() []Hex {
	var out []Hex
	for i := 0; i < Rows*Cols; i++ {
		if s&(1<<i) != 0 {
			out = append(out, hexAt(i))
		}
	}
	return out
}

// StartArea is a player's initial spawnable hexes (R4).
func StartArea(player int) []Hex {
	if player == 1 {
		return []Hex{{1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}}
	}
	return []Hex{{7, 7}, {7, 8}, {8, 6}, {8, 7}, {8, 8}}
}

// MarshalJSON writes a hex as [row, col], the way scenarios and records spell it.
func (h Hex) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf("[%d,%d]", h.Row, h.Col)), nil
}

// UnmarshalJSON reads a hex written as [row, col].
func (h *Hex) UnmarshalJSON(b []byte) error {
	var rc []int
	if err := json.Unmarshal(b, &rc); err != nil || len(rc) != 2 {
		return fmt.Errorf("a hex is written [row, col], got %s", b)
	}
	h.Row, h.Col = rc[0], rc[1]
	return nil
}

// rays lists, for each hex and direction, the on-board hexes along that direction to
// the board's edge, nearest first: the information expressions walk them constantly.
type rays [Rows * Cols][6][]int8

func newRays() *rays {
	var r rays
	for i := 0; i < Rows*Cols; i++ {
		for d := 1; d <= 6; d++ {
			for at := hexAt(i).Neighbor(d); at.OnBoard(); at = at.Neighbor(d) {
				r[i][d-1] = append(r[i][d-1], int8(at.index()))
			}
		}
	}
	return &r
}
