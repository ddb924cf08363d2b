package render

import (
	"bytes"
	"image/png"
	"testing"
)

// TestStandings draws a table: a PNG under 1000 px wide whose height grows with the
// rows, like testdata/standings.png (go test ./render -update rewrites it), with the
// leader's row marked in player blue; and half points print as ½.
func TestStandings(t *testing.T) {
	r := newRenderer(t)
	rows := []Standing{
		{Name: "alice", Kinds: "Rusher, Shooter", Played: 4, Won: 3, Tied: 1, Points: 3.5},
		{Name: "a very long entrant name that cannot fit", Kinds: "Spreader", Played: 4, Lost: 3, Tied: 1, Points: 0.5},
	}
	data, err := r.Standings("Tournament #1: final standings", rows)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "standings", data, img, maxDiffShare)
	b := img.Bounds()
	if b.Dx() != standingsWidth || b.Dx() >= 1000 || b.Dy() < 78+34*3 {
		t.Errorf("standings image is %v", b)
	}
	// The leader's marker, left of the first row.
	if c, want := img.At(17, 78+34), playerColor(1); c != want {
		t.Errorf("leader marker %v, want %v", c, want)
	}
	more, _ := r.Standings("t", append(rows, rows...))
	if m, _ := png.Decode(bytes.NewReader(more)); m.Bounds().Dy() <= b.Dy() {
		t.Error("more rows, no taller image")
	}
	for p, want := range map[float64]string{0: "0", 0.5: "½", 3.5: "3½", 4: "4"} {
		if got := points(p); got != want {
			t.Errorf("points(%v) = %q, want %q", p, got, want)
		}
	}
}
