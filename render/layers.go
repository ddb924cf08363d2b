package render

import (
	"image"
	"math"
	mbits "math/bits"

	"github.com/fogleman/gg"
)

// dirty records, row by row, which cells of cellW pixels a board drew over its base:
// only those are restored, converted to the palette and summed again. A span of a row
// would cover everything between two tokens far apart; cells cover only the tokens.
// A nil *dirty records nothing.
type dirty struct {
	cells [Height][cellWords]uint64 // bit c of a row: pixels c*cellW to (c+1)*cellW
	clip  image.Rectangle           // where marks count, and spans are clipped to; empty: the whole image
}

const (
	cellShift = 3
	cellW     = 1 << cellShift
	cellWords = (Width/cellW + 63) / 64
)

// mark records that r may have changed.
func (d *dirty) mark(r image.Rectangle) {
	if d == nil {
		return
	}
	r = r.Intersect(d.bounds())
	if r.Empty() {
		return
	}
	var m [cellWords]uint64
	c0, c1 := r.Min.X>>cellShift, (r.Max.X-1)>>cellShift
	for w := range m {
		lo, hi := max(c0, 64*w), min(c1, 64*w+63)
		if lo <= hi {
			m[w] = (^uint64(0) >> (63 - (hi - 64*w))) &^ (1<<(lo-64*w) - 1)
		}
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := &d.cells[y]
		for w := range m {
			row[w] |= m[w]
		}
	}
}

// markRow records that pixels x0 to x1 of row y may have changed: mark for one row,
// with less to work out.
func (d *dirty) markRow(y, x0, x1 int) {
	b := d.bounds()
	x0, x1 = max(x0, b.Min.X), min(x1, b.Max.X)
	if y < b.Min.Y || y >= b.Max.Y || x0 >= x1 {
		return
	}
	c0, c1 := x0>>cellShift, (x1-1)>>cellShift
	row := &d.cells[y]
	for w := c0 >> 6; w <= c1>>6; w++ {
		lo, hi := max(c0, 64*w)-64*w, min(c1, 64*w+63)-64*w
		row[w] |= (^uint64(0) >> (63 - hi)) &^ (1<<lo - 1)
	}
}

func (d *dirty) bounds() image.Rectangle {
	if d.clip.Empty() {
		return image.Rect(0, 0, Width, Height)
	}
	return d.clip
}

// markF records that the area from (x0, y0) to (x1, y1), widened by pad pixels on
// every side, may have changed (for shapes gg rasterises).
func (d *dirty) markF(x0, y0, x1, y1, pad float64) {
	d.mark(image.Rect(int(math.Floor(min(x0, x1)-pad)), int(math.Floor(min(y0, y1)-pad)),
		int(math.Ceil(max(x0, x1)+pad)), int(math.Ceil(max(y0, y1)+pad))))
}

// spans calls f with each stretch [x0, x1) of row y that was marked, clipped to the
// dirty's bounds, left to right.
func (d *dirty) spans(y int, f func(x0, x1 int)) {
	const cells = Width / cellW
	row := &d.cells[y]
	for c := 0; c < cells; {
		bits := row[c>>6] >> (c & 63)
		if bits == 0 {
			c = (c>>6 + 1) << 6
			continue
		}
		c += mbits.TrailingZeros64(bits)
		start := c
		for c < cells { // to the first unmarked cell
			gaps := ^row[c>>6] >> (c & 63)
			if gaps == 0 {
				c = (c>>6 + 1) << 6
				continue
			}
			c += mbits.TrailingZeros64(gaps)
			break
		}
		b := d.bounds()
		if x0, x1 := max(start<<cellShift, b.Min.X), min(min(c, cells)<<cellShift, b.Max.X); x0 < x1 {
			f(x0, x1)
		}
	}
}

// reset forgets every cell.
func (d *dirty) reset() { d.cells = [Height][cellWords]uint64{} }

// base is what every board with the same layout starts from: the field (background,
// empty hexes, coordinates) and the panel's frame, in RGBA and in the palette, with
// each PNG row's Adler-32 sums, so that a board sums again only what it drew.
type base struct {
	rgba *image.RGBA
	pal  *image.Paletted
	sums [Height][Width/cellW + 1]rowSum // of each row's pixels left of each cell
}

// rowSum is a part of a PNG row's Adler-32 sums: the sum of its bytes, and of each
// byte times how many of the running sums it enters within the row (rowLen for the
// filter byte, 1 for the last pixel).
type rowSum struct{ s, w int32 }

// cellSums fills sums with the sums of row's pixels left of each cell's edge.
func cellSums(sums *[Width/cellW + 1]rowSum, row []byte) {
	var r rowSum
	for x, b := range row[:Width] {
		if x%cellW == 0 {
			sums[x/cellW] = r
		}
		r.s += int32(b)
		r.w += int32(Width-x) * int32(b)
	}
	sums[Width/cellW] = r
}

// frame is a canvas reused from board to board: its pixels, in RGBA and in the
// palette (the encoder's rows), are its base's except in the dirty cells of its
// regions, which the last board drew over. A board is drawn in three regions at once,
// each clipped to its rectangle and marking its own cells: the board's top and bottom
// halves and the panel.
type frame struct {
	rgba    *image.RGBA
	pal     *image.Paletted
	dc      *gg.Context // for the panel, whose boxes gg draws
	regions [3]region
	enc     *pngEncoder
}

// The frame's regions.
const (
	regionTop = iota
	regionBottom
	regionPanel
)

// region is a part of a frame drawn on its own goroutine.
type region struct {
	img    *image.RGBA // the frame's pixels, clipped to the region
	shapes *shaper
	dirty  dirty
	base   *base      // what the region's pixels are, outside its dirty spans
	glyphs glyphLocal // the glyphs its text used, so writing takes no lock
}

// regionRects cut the image: the board (left of the panel's background, to the next
// cell's edge; the panel draws nothing there) in two halves of rows, the same as the
// PNG's bands, and the panel.
func regionRects() [3]image.Rectangle {
	const split = (int(panelLeft) - 8 + cellW - 1) &^ (cellW - 1) // on a cell's edge: spans are whole cells
	return [3]image.Rectangle{
		image.Rect(0, 0, split, Height/parts),
		image.Rect(0, Height/parts, split, Height),
		image.Rect(split, 0, Width, Height),
	}
}

func (r *Renderer) newFrame() *frame {
	f := &frame{rgba: image.NewRGBA(image.Rect(0, 0, Width, Height))}
	f.dc = gg.NewContextForRGBA(f.rgba)
	f.enc = newPNGEncoder(r.palette().colors)
	f.pal = f.enc.inRaw(r.palette().colors) // converted straight into the PNG's rows
	for k, rect := range regionRects() {
		g := &f.regions[k]
		g.img = f.rgba.SubImage(rect).(*image.RGBA)
		g.shapes = newShaper(f.rgba, g.img)
		g.dirty.clip = rect
		g.glyphs = newGlyphLocal()
	}
	return f
}

// reset brings region k back to b, in RGBA and in the palette: only the cells drawn
// last time when it already held b, every pixel otherwise.
func (f *frame) reset(k int, b *base) {
	g := &f.regions[k]
	rect := g.dirty.clip
	restore := func(y, x0, x1 int) {
		i, j := f.rgba.PixOffset(x0, y), f.rgba.PixOffset(x1, y)
		copy(f.rgba.Pix[i:j], b.rgba.Pix[i:j])
		i, j = y*f.pal.Stride+x0, y*f.pal.Stride+x1
		copy(f.pal.Pix[i:j], b.pal.Pix[i:j])
	}
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		if g.base != b {
			restore(y, rect.Min.X, rect.Max.X)
			continue
		}
		g.dirty.spans(y, func(x0, x1 int) { restore(y, x0, x1) })
	}
	g.base = b
	g.dirty.reset()
}

// resetDC brings the drawing state of the context back to gg's defaults, so the same
// board draws the same pixels whatever was drawn before.
func (f *frame) resetDC() {
	dc := f.dc
	dc.ClearPath()
	dc.Identity()
	dc.ResetClip()
	dc.SetDash()
	dc.SetLineWidth(1)
	dc.SetLineCap(gg.LineCapRound)
	dc.SetLineJoin(gg.LineJoinRound)
	dc.SetFillRule(gg.FillRuleWinding)
}

// toPalette brings rows y0 to y1 of f.pal up to date, converting the cells the
// regions drew (everything else already holds the base's indices, see reset), and
// returns the rows' Adler-32: the base's row sums, with each span's replaced by those
// of its new indices, which converting sums. The regions over those rows must be drawn.
func (f *frame) toPalette(idx *paletteIndex, b *base, y0, y1 int) uint32 {
	var s1, s2 int64 = 1, 0
	for y := y0; y < y1; y++ {
		bs := &b.sums[y]
		s, w := int64(bs[Width/cellW].s), int64(bs[Width/cellW].w)
		for k := range f.regions {
			d := &f.regions[k].dirty
			if y < d.clip.Min.Y || y >= d.clip.Max.Y {
				continue
			}
			d.spans(y, func(x0, x1 int) {
				i := y*f.pal.Stride + x0
				ns, nw := idx.convert(f.pal.Pix[i:i+x1-x0], f.rgba.Pix[f.rgba.PixOffset(x0, y):f.rgba.PixOffset(x1, y)])
				old0, old1 := bs[x0/cellW], bs[x1/cellW]
				s += ns - int64(old1.s-old0.s)
				w += nw + int64(Width-x1)*ns - int64(old1.w-old0.w)
			})
		}
		s2 = (s2 + rowLen*s1 + w) % adlerMod
		s1 = (s1 + s) % adlerMod
	}
	return uint32(s2<<16 | s1)
}

// sprite is a small premultiplied RGBA picture drawn once, in canvas coordinates,
// with the runs of its pixels that are not transparent: only those are drawn, and
// marked.
type sprite struct {
	img  *image.RGBA
	runs []run
}

// newSprite draws with gg on a transparent canvas and keeps the part within clip.
func newSprite(clip image.Rectangle, draw func(dc *gg.Context)) sprite {
	dc := gg.NewContext(Width, Height)
	draw(dc)
	full := dc.Image().(*image.RGBA)
	clip = clip.Intersect(full.Rect)
	img := image.NewRGBA(clip)
	for y := clip.Min.Y; y < clip.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(clip.Min.X, y):img.PixOffset(clip.Max.X, y)], full.Pix[full.PixOffset(clip.Min.X, y):full.PixOffset(clip.Max.X, y)])
	}
	var runs []run
	for y := clip.Min.Y; y < clip.Max.Y; y++ {
		for x := clip.Min.X; x < clip.Max.X; {
			if img.Pix[img.PixOffset(x, y)+3] == 0 {
				x++
				continue
			}
			x0 := x
			for x < clip.Max.X && img.Pix[img.PixOffset(x, y)+3] != 0 {
				x++
			}
			runs = append(runs, run{y: y, x0: x0, x1: x})
		}
	}
	return sprite{img: img, runs: runs}
}

// drawAt composites the sprite over dst, moved by (dx, dy) whole pixels.
func (s sprite) drawAt(dst *image.RGBA, d *dirty, dx, dy int) {
	b := dst.Rect
	for _, r := range s.runs {
		r, ok := clipRun(run{y: r.y + dy, x0: r.x0 + dx, x1: r.x1 + dx}, b)
		if !ok {
			continue
		}
		d.mark(image.Rect(r.x0, r.y, r.x1, r.y+1))
		si := s.img.PixOffset(r.x0-dx, r.y-dy)
		di := dst.PixOffset(r.x0, r.y)
		for x := r.x0; x < r.x1; x, si, di = x+1, si+4, di+4 {
			src := s.img.Pix[si : si+4 : si+4]
			sa := uint32(src[3])
			if sa == 255 {
				copy(dst.Pix[di:di+4], src)
				continue
			}
			dp := dst.Pix[di : di+4 : di+4]
			inv := 255 - sa
			for c := range 4 {
				dp[c] = uint8(uint32(src[c]) + (uint32(dp[c])*inv+127)/255)
			}
		}
	}
}
