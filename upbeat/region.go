package upbeat

import (
	"encoding/json"
	"fmt"
	"github.com/kombat-game/kombat/hexgrid"
)

// Region is a position in the territory (U1): row 1 is the top row, column 1 the
// leftmost, both 1-based.
type Region struct {
	Row int
	Col int
}

// String formats a region as players type it: (row,col).
func (r Region) String() string { return fmt.Sprintf("(%d,%d)", r.Row, r.Col) }

// MarshalJSON writes a region as [row, col] (U25).
func (r Region) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf("[%d,%d]", r.Row, r.Col)), nil
}

// UnmarshalJSON reads a region written as [row, col].
func (r *Region) UnmarshalJSON(b []byte) error {
	var rc []int
	if err := json.Unmarshal(b, &rc); err != nil || len(rc) != 2 {
		return fmt.Errorf("a region is written [row, col], got %s", b)
	}
	r.Row, r.Col = rc[0], rc[1]
	return nil
}

// DirectionName is the word for a direction number, as plans write it.
func DirectionName(d int) string {
	if d >= 1 && d <= 6 {
		return Definition().Directions[d-1]
	}
	return fmt.Sprintf("direction %d", d)
}

// Neighbor returns the region next to r in direction d (U1, laid out as KOMBAT's R2),
// which may be off the territory. Even columns sit half a hex higher than the odd
// columns beside them.
func (r Region) Neighbor(d int) Region {
	row, col := hexgrid.Neighbor(r.Row, r.Col, d)
	return Region{row, col}
}

// Distance is the number of steps between two regions (U1), whatever lies between.
func Distance(a, b Region) int { return hexgrid.Distance(a.Row, a.Col, b.Row, b.Col) }

// Territory is the shape of the field: m rows by n columns.
type Territory struct {
	Rows int // m, 1 to 100
	Cols int // n, 1 to 100
}

// Has reports whether r lies in the territory.
func (t Territory) Has(r Region) bool {
	return r.Row >= 1 && r.Row <= t.Rows && r.Col >= 1 && r.Col <= t.Cols
}

// Size is the number of regions.
func (t Territory) Size() int { return t.Rows * t.Cols }

// index numbers regions 0..Size-1 in row order, then column order.
func (t Territory) index(r Region) int { return (r.Row-1)*t.Cols + (r.Col - 1) }

// at is the region of an index.
func (t Territory) at(i int) Region { return Region{i/t.Cols + 1, i%t.Cols + 1} }

// Whole is how a deposit, or a sum of deposits, is shown: its whole part, as the
// language's deposit reads it (U8) and as a region holding 0.9 is ownerless (U4).
// Texts and images both show deposits through it, so that they agree: a total of
// 215.9 is 215 everywhere, never 216 in one place and 215 in another.
func Whole(d float64) int64 { return int64(d) }
