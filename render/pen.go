package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// fontSpec names a face: the bold or regular Go font at a size in pixels.
type fontSpec struct {
	bold bool
	size float64
}

// glyphCache rasterises each glyph once per face and quarter-pixel position. Faces are
// not safe for concurrent use, so they are only touched under the lock, on a miss.
type glyphCache struct {
	mu            sync.Mutex
	regular, bold *opentype.Font
	faces         map[fontSpec]font.Face
	glyphs        map[glyphKey]*glyph
	heights       map[fontSpec]float64
}

type glyphKey struct {
	face fontSpec
	r    rune
	sub  uint8 // quarter-pixel horizontal offset
}

type glyph struct {
	mask    *image.Alpha // positioned relative to the dot
	advance fixed.Int26_6
}

func newGlyphCache(regular, bold *opentype.Font) *glyphCache {
	return &glyphCache{regular: regular, bold: bold, faces: map[fontSpec]font.Face{},
		glyphs: map[glyphKey]*glyph{}, heights: map[fontSpec]float64{}}
}

// face returns the face for a spec; the caller holds the lock.
func (c *glyphCache) face(s fontSpec) font.Face {
	f, ok := c.faces[s]
	if !ok {
		src := c.regular
		if s.bold {
			src = c.bold
		}
		var err error
		f, err = opentype.NewFace(src, &opentype.FaceOptions{Size: s.size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			panic(err) // only for an invalid size; sizes are constants
		}
		c.faces[s] = f
		c.heights[s] = float64(f.Metrics().Height) / 64
	}
	return f
}

func (c *glyphCache) get(s fontSpec, r rune, sub uint8) *glyph {
	key := glyphKey{s, r, sub}
	c.mu.Lock()
	defer c.mu.Unlock()
	if g, ok := c.glyphs[key]; ok {
		return g
	}
	f := c.face(s)
	dot := fixed.Point26_6{X: fixed.Int26_6(sub) * 16}
	dr, mask, mp, adv, ok := f.Glyph(dot, r)
	g := &glyph{advance: adv}
	if ok && !dr.Empty() {
		// Copy: the face reuses its mask buffer.
		a := image.NewAlpha(dr)
		draw.Draw(a, dr, mask, mp, draw.Src)
		g.mask = a
	}
	c.glyphs[key] = g
	return g
}

// glyphLocal remembers the glyphs one goroutine's pens used, in front of the shared,
// locked cache: a frame's regions are drawn at once and would otherwise take turns
// at the lock for every letter. It is not safe for concurrent use.
type glyphLocal struct {
	glyphs  map[glyphKey]*glyph
	heights map[fontSpec]float64
	rim     []uint8 // room for an outline's mask (pen.rim)
}

func newGlyphLocal() glyphLocal {
	return glyphLocal{glyphs: map[glyphKey]*glyph{}, heights: map[fontSpec]float64{}}
}

func (c *glyphCache) height(s fontSpec) float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.face(s)
	return c.heights[s]
}

// pen writes text straight into the image from cached glyph masks, several times
// faster than gg's text path, which resamples every glyph. It also holds the colour of
// shapes: fill and stroke hand it to the context only when it changed, since every
// gg.Context.SetColor allocates. Where it draws is marked in dirty, when set.
type pen struct {
	dc     *gg.Context
	img    *image.RGBA // where text goes: the context's image or a part of it
	glyphs *glyphCache
	local  *glyphLocal // may be nil
	face   fontSpec
	c      color.RGBA
	synced bool // the context's colour is c
	dirty  *dirty
}

func (r *Renderer) newPen(dc *gg.Context) *pen {
	return &pen{dc: dc, img: dc.Image().(*image.RGBA), glyphs: r.glyphs, c: color.RGBA{0xff, 0xff, 0xff, 0xff}}
}

// glyph returns a glyph from the local cache, or the shared one.
func (p *pen) get(f fontSpec, r rune, sub uint8) *glyph {
	if p.local == nil {
		return p.glyphs.get(f, r, sub)
	}
	key := glyphKey{f, r, sub}
	g, ok := p.local.glyphs[key]
	if !ok {
		g = p.glyphs.get(f, r, sub)
		p.local.glyphs[key] = g
	}
	return g
}

// height is the face's line height.
func (p *pen) height(f fontSpec) float64 {
	if p.local == nil {
		return p.glyphs.height(f)
	}
	h, ok := p.local.heights[f]
	if !ok {
		h = p.glyphs.height(f)
		p.local.heights[f] = h
	}
	return h
}

// font selects the face for the following text.
func (p *pen) font(f fontSpec) { p.face = f }

// setColor sets the colour of the following text and shapes.
func (p *pen) setColor(c color.RGBA) {
	if c != p.c {
		p.c, p.synced = c, false
	}
}

func (p *pen) sync() {
	if !p.synced {
		p.dc.SetColor(p.c)
		p.synced = true
	}
}

// fill fills the context's path in the pen's colour.
func (p *pen) fill() { p.sync(); p.dc.Fill() }

// fillPreserve fills the context's path in the pen's colour and keeps the path.
func (p *pen) fillPreserve() { p.sync(); p.dc.FillPreserve() }

// stroke strokes the context's path in the pen's colour.
func (p *pen) stroke() { p.sync(); p.dc.Stroke() }

// clear fills the whole image with the pen's colour.
func (p *pen) clear() { p.sync(); p.dc.Clear() }

// width measures s in the current face.
func (p *pen) width(s string) float64 {
	var w fixed.Int26_6
	for _, r := range s {
		w += p.get(p.face, r, 0).advance
	}
	return float64(w) / 64
}

// at writes s with its anchor point (ax, ay) at (x, y), as gg.DrawStringAnchored: ax 0
// left, 0.5 centre, 1 right; ay 0 on the baseline, 0.5 centred on the font's height.
func (p *pen) at(s string, x, y, ax, ay float64) {
	p.each(s, x, y, ax, ay, p.glyph)
}

// box is the rectangle of the pixels at would write for the same arguments.
func (p *pen) box(s string, x, y, ax, ay float64) image.Rectangle {
	var b image.Rectangle
	p.each(s, x, y, ax, ay, func(mask *image.Alpha, off image.Point) { b = b.Union(mask.Rect.Add(off)) })
	return b
}

// each calls f with the mask of each of the glyphs at writes and where it goes.
func (p *pen) each(s string, x, y, ax, ay float64, f func(mask *image.Alpha, off image.Point)) {
	x -= ax * p.width(s)
	y += ay * p.height(p.face)
	dot := fixed.Int26_6(math.Round(x * 64))
	base := int(math.Round(y))
	for _, r := range s {
		sub := uint8(dot&63) / 16
		g := p.get(p.face, r, sub)
		if g.mask != nil {
			f(g.mask, image.Pt(int(dot>>6), base))
		}
		dot += g.advance
	}
}

// rim writes, in the pen's colour, the outline of s centred at (x, y): its copies moved
// by each of rimOffsets, as at would write them one after the other, but gathered
// first into one mask (each copy's coverage added over what the mask already holds,
// as writing it over the last would) and composited once.
func (p *pen) rim(s string, x, y float64) {
	x -= 0.5 * p.width(s)
	y += 0.5 * p.height(p.face)
	// The copies' glyphs and where they go, and the rectangle they cover.
	var box image.Rectangle
	each := func(f func(g *glyph, off image.Point)) {
		for _, d := range rimOffsets() {
			dot := fixed.Int26_6(math.Round((x + d[0]) * 64))
			base := int(math.Round(y + d[1]))
			for _, r := range s {
				g := p.get(p.face, r, uint8(dot&63)/16)
				if g.mask != nil {
					f(g, image.Pt(int(dot>>6), base))
				}
				dot += g.advance
			}
		}
	}
	each(func(g *glyph, off image.Point) { box = box.Union(g.mask.Rect.Add(off)) })
	box = box.Intersect(p.img.Rect)
	if box.Empty() {
		return
	}
	var buf []uint8
	if p.local != nil {
		buf = p.local.rim
	}
	if n := box.Dx() * box.Dy(); cap(buf) < n {
		buf = make([]uint8, n)
	} else {
		buf = buf[:n]
		clear(buf)
	}
	if p.local != nil {
		p.local.rim = buf
	}
	m := image.Alpha{Pix: buf, Stride: box.Dx(), Rect: box}
	each(func(g *glyph, off image.Point) {
		r := g.mask.Rect.Add(off).Intersect(box)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			dst := m.Pix[m.PixOffset(r.Min.X, y):m.PixOffset(r.Max.X, y)]
			src := g.mask.Pix[g.mask.PixOffset(r.Min.X-off.X, y-off.Y):]
			for i, a := range src[:len(dst)] {
				if a != 0 {
					b := uint32(dst[i])
					dst[i] = uint8(b + uint32(a) - (b*uint32(a)+127)/255)
				}
			}
		}
	})
	p.glyph(&m, image.Point{})
}

// glyph composites a glyph mask, moved by off, in the pen's colour: draw.DrawMask's
// arithmetic for a uniform source over RGBA, without its allocations.
func (p *pen) glyph(mask *image.Alpha, off image.Point) {
	r := mask.Rect.Add(off).Intersect(p.img.Rect)
	if r.Empty() {
		return
	}
	p.dirty.mark(r)
	const m = 1<<16 - 1
	sr, sg, sb, sa := p.c.RGBA()
	px := [4]uint8{p.c.R, p.c.G, p.c.B, p.c.A}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := p.img.PixOffset(r.Min.X, y)
		mi := mask.PixOffset(r.Min.X-off.X, y-off.Y)
		for x := r.Min.X; x < r.Max.X; x, i, mi = x+1, i+4, mi+1 {
			ma := uint32(mask.Pix[mi])
			if ma == 0 {
				continue
			}
			if ma == 0xff && sa == m { // covered by an opaque colour: the colour itself
				copy(p.img.Pix[i:i+4], px[:])
				continue
			}
			ma |= ma << 8
			a := (m - (sa * ma / m)) * 0x101
			d := p.img.Pix[i : i+4 : i+4]
			d[0] = uint8((uint32(d[0])*a + sr*ma) / m >> 8)
			d[1] = uint8((uint32(d[1])*a + sg*ma) / m >> 8)
			d[2] = uint8((uint32(d[2])*a + sb*ma) / m >> 8)
			d[3] = uint8((uint32(d[3])*a + sa*ma) / m >> 8)
		}
	}
}
