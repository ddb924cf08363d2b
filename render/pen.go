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

func (c *glyphCache) height(s fontSpec) float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.face(s)
	return c.heights[s]
}

// pen writes text straight into the image from cached glyph masks, several times
// faster than gg's text path, which resamples every glyph; it also keeps the context's
// colour in step, since shapes and text share colour changes.
type pen struct {
	dc     *gg.Context
	img    *image.RGBA
	glyphs *glyphCache
	face   fontSpec
	src    *image.Uniform
}

func (r *Renderer) newPen(dc *gg.Context) *pen {
	return &pen{dc: dc, img: dc.Image().(*image.RGBA), glyphs: r.glyphs, src: image.NewUniform(color.White)}
}

// font selects the face for the following text.
func (p *pen) font(f fontSpec) { p.face = f }

// setColor sets the colour of the following text and shapes.
func (p *pen) setColor(c color.Color) {
	p.src = image.NewUniform(c)
	p.dc.SetColor(c)
}

// width measures s in the current face.
func (p *pen) width(s string) float64 {
	var w fixed.Int26_6
	for _, r := range s {
		w += p.glyphs.get(p.face, r, 0).advance
	}
	return float64(w) / 64
}

// at writes s with its anchor point (ax, ay) at (x, y), as gg.DrawStringAnchored: ax 0
// left, 0.5 centre, 1 right; ay 0 on the baseline, 0.5 centred on the font's height.
func (p *pen) at(s string, x, y, ax, ay float64) {
	x -= ax * p.width(s)
	y += ay * p.glyphs.height(p.face)
	dot := fixed.Int26_6(math.Round(x * 64))
	base := int(math.Round(y))
	for _, r := range s {
		sub := uint8(dot&63) / 16
		g := p.glyphs.get(p.face, r, sub)
		if g.mask != nil {
			off := image.Pt(int(dot>>6), base)
			dr := g.mask.Rect.Add(off)
			draw.DrawMask(p.img, dr, p.src, image.Point{}, g.mask, g.mask.Rect.Min, draw.Over)
		}
		dot += g.advance
	}
}
