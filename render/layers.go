package render

import (
	"image"
	"math"

	"github.com/fogleman/gg"
)

// dirty records, row by row, the span of pixels a board drew over its base: only
// those are converted to the palette and, when the canvas is reused, restored.
// A nil *dirty records nothing.
type dirty struct {
	x0, x1 [Height]int32   // x1 == 0: the row is untouched
	clip   image.Rectangle // where marks count; empty: the whole image
}

// mark records that r may have changed.
func (d *dirty) mark(r image.Rectangle) {
	if d == nil {
		return
	}
	clip := d.clip
	if clip.Empty() {
		clip = image.Rect(0, 0, Width, Height)
	}
	r = r.Intersect(clip)
	if r.Empty() {
		return
	}
	x0, x1 := int32(r.Min.X), int32(r.Max.X)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		if d.x1[y] == 0 {
			d.x0[y], d.x1[y] = x0, x1
			continue
		}
		d.x0[y], d.x1[y] = min(d.x0[y], x0), max(d.x1[y], x1)
	}
}

// markF records that the area from (x0, y0) to (x1, y1), widened by pad pixels on
// every side, may have changed (for shapes gg rasterises).
func (d *dirty) markF(x0, y0, x1, y1, pad float64) {
	d.mark(image.Rect(int(math.Floor(min(x0, x1)-pad)), int(math.Floor(min(y0, y1)-pad)),
		int(math.Ceil(max(x0, x1)+pad)), int(math.Ceil(max(y0, y1)+pad))))
}

// reset forgets every span.
func (d *dirty) reset() { d.x0, d.x1 = [Height]int32{}, [Height]int32{} }

// base is what every board with the same layout starts from: the field (background,
// empty hexes, coordinates) and the panel's frame, in RGBA and in the palette.
type base struct {
	rgba *image.RGBA
	pal  *image.Paletted
}

// frame is a canvas reused from board to board: its pixels are its base's except in
// the dirty spans of its regions, which the last board drew over. A board is drawn in
// three regions at once, each clipped to its rectangle and marking its own spans: the
// board's top and bottom halves and the panel.
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

// regionRects cut the image: the board (left of the panel's background) in two
// halves of rows, the same as the PNG's bands, and the panel.
func regionRects() [3]image.Rectangle {
	const split = int(panelLeft) - 8
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

// reset brings region k back to b: only the spans drawn last time when it already held
// b, every pixel otherwise.
func (f *frame) reset(k int, b *base) {
	g := &f.regions[k]
	rect := g.dirty.clip
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		x0, x1 := rect.Min.X, rect.Max.X
		if g.base == b {
			if g.dirty.x1[y] == 0 {
				continue
			}
			x0, x1 = int(g.dirty.x0[y]), int(g.dirty.x1[y])
		}
		i, j := f.rgba.PixOffset(x0, y), f.rgba.PixOffset(x1, y)
		copy(f.rgba.Pix[i:j], b.rgba.Pix[i:j])
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

// toPalette fills rows y0 to y1 of f.pal: the base's indices, then the spans the
// regions drew converted. The regions over those rows must be drawn.
func (f *frame) toPalette(idx *paletteIndex, b *base, y0, y1 int) {
	i, j := y0*f.pal.Stride, (y1-1)*f.pal.Stride+Width // not the next row's filter byte
	copy(f.pal.Pix[i:j], b.pal.Pix[i:j])               // both laid out as PNG rows
	for k := range f.regions {
		d := &f.regions[k].dirty
		for y := max(y0, d.clip.Min.Y); y < min(y1, d.clip.Max.Y); y++ {
			if x1 := int(d.x1[y]); x1 != 0 {
				x0 := int(d.x0[y])
				idx.convert(f.pal.Pix[y*f.pal.Stride+x0:y*f.pal.Stride+x1], f.rgba.Pix[f.rgba.PixOffset(x0, y):f.rgba.PixOffset(x1, y)])
			}
		}
	}
}

// sprite is a small premultiplied RGBA picture drawn once, in canvas coordinates.
type sprite struct{ img *image.RGBA }

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
	return sprite{img: img}
}

// drawAt composites the sprite over dst, moved by (dx, dy) whole pixels.
func (s sprite) drawAt(dst *image.RGBA, d *dirty, dx, dy int) {
	off := image.Pt(dx, dy)
	r := s.img.Rect.Add(off).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	d.mark(r)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		si := s.img.PixOffset(r.Min.X-dx, y-dy)
		di := dst.PixOffset(r.Min.X, y)
		for x := r.Min.X; x < r.Max.X; x, si, di = x+1, si+4, di+4 {
			src := s.img.Pix[si : si+4 : si+4]
			sa := uint32(src[3])
			switch sa {
			case 0:
				continue
			case 255:
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
