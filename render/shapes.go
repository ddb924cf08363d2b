package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// shaper fills and strokes the marks of a turn (walks, shots, deaths) with a
// rasteriser and painter it keeps from board to board: gg allocates for every subpath
// it flattens and strokes, dozens of times on a busy board. Strokes here are straight
// lines with round caps, added as capsules; a batch of shapes is painted at once, and
// where its shapes overlap they merge (non-zero winding), as gg's strokes of one path
// do. A shaper is not safe for concurrent use.
type shaper struct {
	ras   *raster.Rasterizer
	paint *raster.RGBAPainter
	dirty *dirty
	box   [4]float64 // x0, y0, x1, y1 of the shape being added
	any   bool       // a shape was added since the last fill
	open  bool       // box holds a point of the shape being added
}

// newShaper paints on img, rasterising over the whole of full, the image img is
// part of: only img's pixels change.
func newShaper(full, img *image.RGBA) *shaper {
	s := &shaper{ras: raster.NewRasterizer(full.Rect.Dx(), full.Rect.Dy()), paint: raster.NewRGBAPainter(img)}
	s.ras.UseNonZeroWinding = true
	s.paint.Op = draw.Over
	return s
}

func fix(x, y float64) fixed.Point26_6 {
	return fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
}

func (s *shaper) grow(x, y float64) {
	s.any = true
	if !s.open {
		s.box, s.open = [4]float64{x, y, x, y}, true
		return
	}
	s.box = [4]float64{min(s.box[0], x), min(s.box[1], y), max(s.box[2], x), max(s.box[3], y)}
}

// done marks the shape just added dirty: shape by shape, so that a batch spread over
// the board leaves the pixels between its shapes alone.
func (s *shaper) done() {
	s.dirty.markF(s.box[0], s.box[1], s.box[2], s.box[3], 2)
	s.open = false
}

// arc adds the points of an arc around (x, y) from angle a0 to a1, n steps.
func (s *shaper) arc(x, y, r, a0, a1 float64, n int, first bool) {
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		px, py := x+r*math.Cos(a), y+r*math.Sin(a)
		s.grow(px, py)
		if first && i == 0 {
			s.ras.Start(fix(px, py))
			continue
		}
		s.ras.Add1(fix(px, py))
	}
}

// circle adds a disc.
func (s *shaper) circle(x, y, r float64) {
	n := max(12, int(r*2))
	s.arc(x, y, r, 0, 2*math.Pi, n, true)
	s.done()
}

// line adds a line of width w with round caps.
func (s *shaper) line(x0, y0, x1, y1, w float64) {
	h := w / 2
	n := max(4, int(h*2))
	a := math.Atan2(y1-y0, x1-x0)
	s.arc(x1, y1, h, a-math.Pi/2, a+math.Pi/2, n, true)
	s.arc(x0, y0, h, a+math.Pi/2, a+3*math.Pi/2, n, false)
	x, y := x1+h*math.Cos(a-math.Pi/2), y1+h*math.Sin(a-math.Pi/2)
	s.ras.Add1(fix(x, y))
	s.done()
}

// polyline adds a line through the points, with round joins and caps.
func (s *shaper) polyline(pts [][2]float64, w float64) {
	for i := 1; i < len(pts); i++ {
		s.line(pts[i-1][0], pts[i-1][1], pts[i][0], pts[i][1], w)
	}
}

// triangle adds a triangle.
func (s *shaper) triangle(ax, ay, bx, by, cx, cy float64) {
	if (bx-ax)*(cy-ay)-(by-ay)*(cx-ax) < 0 { // wind like the discs, or overlaps cancel
		bx, by, cx, cy = cx, cy, bx, by
	}
	s.grow(ax, ay)
	s.grow(bx, by)
	s.grow(cx, cy)
	s.ras.Start(fix(ax, ay))
	s.ras.Add1(fix(bx, by))
	s.ras.Add1(fix(cx, cy))
	s.ras.Add1(fix(ax, ay))
	s.done()
}

// fill paints the shapes added since the last fill in c.
func (s *shaper) fill(c color.Color) {
	if !s.any {
		return
	}
	s.paint.SetColor(c)
	s.ras.Rasterize(s.paint)
	s.ras.Clear()
	s.any = false
}
