package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"

	"github.com/kombat-game/kombat/game"
)

// stamps are shapes drawn once at start-up for every hex and pasted through masks on
// each image: rasterising 64 tinted hexes and dozens of tokens per frame was the
// replay's largest cost.
type stamps struct {
	tint  [2]*image.RGBA // each player's spawnable tint on every hex
	buy   [2]*image.RGBA // the dashed "could buy" outline on every hex, per player
	token [2]*image.RGBA // each player's token on every hex
	fresh *image.RGBA    // the ring around a minion spawned this turn, on every hex
	hex   [game.Rows * game.Cols]mask
	disc  [game.Rows * game.Cols]mask
	ring  [game.Rows * game.Cols]mask // covers fresh's ring

	// Only the pixels of hex where buy is not transparent, per player, and of ring
	// where fresh is not: overlay blends nothing else.
	buyHex    [2][game.Rows * game.Cols]mask
	freshRing [game.Rows * game.Cols]mask

	// A tint is pasted on the field, where its edge pixels always blend the same:
	// per hex, the field's colour under each pixel of the hex's edges (in the order
	// of its runs) and each player's tint blended over it (bake).
	field [game.Rows * game.Cols][]uint32
	baked [2][game.Rows * game.Cols][]uint32
}

// freshRing is the radius of the ring marking a minion spawned this turn: outside the
// token's white edge, with a gap that makes it read as a second outline.
const freshRing = tokenRadius + 4.5

// mask is a small alpha shape and where it sits on the canvas, with its fully opaque
// runs listed so paste can copy them whole, and its anti-aliased edge listed so only
// those pixels are blended.
type mask struct {
	alpha *image.Alpha
	at    image.Rectangle
	runs  []run
	edges []run // stretches where the mask is neither 0 nor 255
	rows  []run // per row, from its first pixel that is not 0 to its last: what pasting changes
}

// run is a stretch [x0, x1) of row y (canvas coordinates) where the mask is opaque.
type run struct{ y, x0, x1 int }

func index(h game.Hex) int { return (h.Row-1)*game.Cols + h.Col - 1 }

// tokenCenter is where a minion's token sits in its hex: a little up, leaving room for
// its HP bar.
func tokenCenter(h game.Hex) (float64, float64) {
	x, y := Center(h)
	return x, y - 3
}

func newStamps() *stamps {
	s := &stamps{}
	for p := 1; p <= 2; p++ {
		tint := blend(rgb(colHex), playerColor(p), 0.42)
		s.tint[p-1] = layer(func(dc *gg.Context, x, y float64, _ game.Hex) {
			hexPath(dc, x, y, hexSize-1.5)
			dc.SetColor(tint)
			dc.FillPreserve()
			dc.SetColor(blend(tint, playerLight(p), 0.5))
			dc.SetLineWidth(2)
			dc.Stroke()
		})
		s.buy[p-1] = layer(func(dc *gg.Context, x, y float64, _ game.Hex) {
			dc.SetDash(4, 4)
			dc.SetLineWidth(1.5)
			dc.SetColor(blend(rgb(colHexLine), playerLight(p), 0.6))
			hexPath(dc, x, y, hexSize-6)
			dc.Stroke()
		})
		s.token[p-1] = layer(func(dc *gg.Context, _, _ float64, h game.Hex) {
			x, y := tokenCenter(h)
			dc.DrawCircle(x, y, tokenRadius)
			dc.SetColor(playerColor(p))
			dc.FillPreserve()
			dc.SetColor(color.White)
			dc.SetLineWidth(2)
			dc.Stroke()
		})
	}
	s.fresh = layer(func(dc *gg.Context, _, _ float64, h game.Hex) {
		x, y := tokenCenter(h)
		freshPath(dc, x, y, freshRing)
	})
	for _, h := range allHexes() {
		x, y := Center(h)
		s.hex[index(h)] = shape(x, y, hexSize, func(dc *gg.Context) { hexPath(dc, x, y, hexSize-0.5) })
		tx, ty := tokenCenter(h)
		s.disc[index(h)] = shape(tx, ty, tokenRadius+2, func(dc *gg.Context) { dc.DrawCircle(tx, ty, tokenRadius+1.5) })
		s.ring[index(h)] = shape(tx, ty, freshRing+2, func(dc *gg.Context) { dc.DrawCircle(tx, ty, freshRing+1.5) })
		s.freshRing[index(h)] = s.ring[index(h)].within(s.fresh)
		for p := range s.buy {
			s.buyHex[p][index(h)] = s.hex[index(h)].within(s.buy[p])
		}
	}
	return s
}

// bake works out, from the field, each tint's edge pixels pasted over it.
func (s *stamps) bake(field *image.RGBA) {
	for k := range s.hex {
		m := s.hex[k]
		for _, r := range m.edges {
			i := field.PixOffset(r.x0, r.y)
			for x := r.x0; x < r.x1; x, i = x+1, i+4 {
				s.field[k] = append(s.field[k], binary.LittleEndian.Uint32(field.Pix[i:]))
			}
		}
		for p := range s.tint {
			img := image.NewRGBA(m.at)
			for _, r := range m.edges {
				copy(img.Pix[img.PixOffset(r.x0, r.y):img.PixOffset(r.x1, r.y)], field.Pix[field.PixOffset(r.x0, r.y):field.PixOffset(r.x1, r.y)])
			}
			blit(img, s.tint[p], mask{alpha: m.alpha, at: m.at, edges: m.edges}, true)
			for _, r := range m.edges {
				i := img.PixOffset(r.x0, r.y)
				for x := r.x0; x < r.x1; x, i = x+1, i+4 {
					s.baked[p][k] = append(s.baked[p][k], binary.LittleEndian.Uint32(img.Pix[i:]))
				}
			}
		}
	}
}

// tintHex pastes player p's tint on hex k, as paste does: the runs copied, the edge
// pixels that still show the field set to their baked colour, only the others (where
// a neighbour's edge was pasted first) blended.
func (s *stamps) tintHex(dst *image.RGBA, d *dirty, p, k int) {
	m := s.hex[k]
	m.markRows(d)
	b := dst.Rect
	if !m.at.Overlaps(b) {
		return
	}
	src := s.tint[p]
	blit(dst, src, mask{alpha: m.alpha, at: m.at, runs: m.runs}, true)
	field, baked := s.field[k], s.baked[p][k]
	e := 0 // the index of the run's first pixel in field and baked
	for _, r := range m.edges {
		n := r.x1 - r.x0
		c, ok := clipRun(r, b)
		if ok {
			di, si := dst.PixOffset(c.x0, r.y), src.PixOffset(c.x0, r.y)
			mi := (r.y-m.at.Min.Y)*m.alpha.Stride + c.x0 - m.at.Min.X
			for j := e + c.x0 - r.x0; j < e+c.x1-r.x0; j, di, si, mi = j+1, di+4, si+4, mi+1 {
				px := dst.Pix[di : di+4 : di+4]
				if binary.LittleEndian.Uint32(px) == field[j] {
					binary.LittleEndian.PutUint32(px, baked[j])
					continue
				}
				over(px, src.Pix[si:si+4:si+4], m.alpha.Pix[mi:mi+1:mi+1])
			}
		}
		e += n
	}
}

// within is m restricted to the pixels where src is not transparent, for overlay:
// the same alpha and place, fewer runs.
func (m mask) within(src *image.RGBA) mask {
	out := mask{alpha: m.alpha, at: m.at}
	keep := func(rs []run) []run {
		var kept []run
		for _, r := range rs {
			for x := r.x0; x < r.x1; {
				if src.Pix[src.PixOffset(x, r.y)+3] == 0 {
					x++
					continue
				}
				x0 := x
				for x < r.x1 && src.Pix[src.PixOffset(x, r.y)+3] != 0 {
					x++
				}
				kept = append(kept, run{y: r.y, x0: x0, x1: x})
			}
		}
		return kept
	}
	out.runs, out.edges = keep(m.runs), keep(m.edges)
	return out
}

// cover is the rectangle around m's runs: all overlay changes.
func (m mask) cover() image.Rectangle {
	var c image.Rectangle
	for _, rs := range [2][]run{m.runs, m.edges} {
		for _, r := range rs {
			c = c.Union(image.Rect(r.x0, r.y, r.x1, r.y+1))
		}
	}
	return c
}

// freshPath strokes the "spawned this turn" ring of radius r around (x, y), on the
// board and in the legend alike.
func freshPath(dc *gg.Context, x, y, r float64) {
	dc.DrawCircle(x, y, r)
	dc.SetColor(rgb(colText))
	dc.SetLineWidth(2.5)
	dc.Stroke()
}

// layer draws a shape on every hex of a transparent canvas.
func layer(draw func(dc *gg.Context, x, y float64, h game.Hex)) *image.RGBA {
	dc := gg.NewContext(Width, Height)
	for _, h := range allHexes() {
		x, y := Center(h)
		draw(dc, x, y, h)
	}
	return dc.Image().(*image.RGBA)
}

// shape rasterises a filled path around (x, y), within radius r, as a small mask.
func shape(x, y, r float64, path func(dc *gg.Context)) mask {
	at := image.Rect(int(math.Floor(x-r-2)), int(math.Floor(y-r-2)), int(math.Ceil(x+r+2)), int(math.Ceil(y+r+2)))
	dc := gg.NewContext(at.Dx(), at.Dy())
	dc.Translate(float64(-at.Min.X), float64(-at.Min.Y))
	path(dc)
	dc.SetColor(color.White)
	dc.Fill()
	m := mask{alpha: dc.AsMask(), at: at}
	for y := 0; y < at.Dy(); y++ {
		row := m.alpha.Pix[y*m.alpha.Stride : y*m.alpha.Stride+at.Dx()]
		for x := 0; x < len(row); {
			x0, opaque := x, row[x] == 255
			if row[x] == 0 {
				x++
				continue
			}
			for x < len(row) && row[x] != 0 && (row[x] == 255) == opaque {
				x++
			}
			r := run{y: at.Min.Y + y, x0: at.Min.X + x0, x1: at.Min.X + x}
			if opaque {
				m.runs = append(m.runs, r)
			} else {
				m.edges = append(m.edges, r)
			}
			if n := len(m.rows); n > 0 && m.rows[n-1].y == r.y {
				m.rows[n-1].x1 = r.x1
			} else {
				m.rows = append(m.rows, r)
			}
		}
	}
	return m
}

// markRows marks what pasting m changes: its rows' stretches, not the corners of its
// rectangle (a quarter of a hex's, a fifth of a disc's).
func (m mask) markRows(d *dirty) {
	if d == nil {
		return
	}
	for _, r := range m.rows {
		d.markRow(r.y, r.x0, r.x1)
	}
}

// paste composites the part of src under m onto dst (src over dst, premultiplied).
// It is draw.DrawMask with draw.Over, written out because the general version was the
// replay's largest cost: the opaque runs of the mask, where src is opaque too, are
// copied whole, and only the anti-aliased edge is blended pixel by pixel.
func paste(dst *image.RGBA, d *dirty, src *image.RGBA, m mask) {
	m.markRows(d)
	blit(dst, src, m, true)
}

// overlay composites a mostly transparent layer (outlines): every pixel is blended.
// m should hold only the pixels where src is not transparent (mask.within).
func overlay(dst *image.RGBA, d *dirty, src *image.RGBA, m mask) {
	d.mark(m.cover())
	blit(dst, src, m, false)
}

// blit draws the runs of m that fall in dst, which may be part of a larger image.
func blit(dst *image.RGBA, src *image.RGBA, m mask, opaque bool) {
	b := dst.Rect
	if !m.at.Overlaps(b) {
		return
	}
	clip := !m.at.In(b)
	for _, r := range m.runs {
		if clip {
			var ok bool
			if r, ok = clipRun(r, b); !ok {
				continue
			}
		}
		d, s := dst.PixOffset(r.x0, r.y), src.PixOffset(r.x0, r.y)
		n := 4 * (r.x1 - r.x0)
		if opaque {
			copy(dst.Pix[d:d+n], src.Pix[s:s+n])
			continue
		}
		over(dst.Pix[d:d+n], src.Pix[s:s+n], nil)
	}
	for _, r := range m.edges {
		if clip {
			var ok bool
			if r, ok = clipRun(r, b); !ok {
				continue
			}
		}
		d, s := dst.PixOffset(r.x0, r.y), src.PixOffset(r.x0, r.y)
		n := 4 * (r.x1 - r.x0)
		mi := (r.y-m.at.Min.Y)*m.alpha.Stride + r.x0 - m.at.Min.X
		over(dst.Pix[d:d+n], src.Pix[s:s+n], m.alpha.Pix[mi:mi+r.x1-r.x0])
	}
}

// clipRun is the part of r within b.
func clipRun(r run, b image.Rectangle) (run, bool) {
	r.x0, r.x1 = max(r.x0, b.Min.X), min(r.x1, b.Max.X)
	return r, r.y >= b.Min.Y && r.y < b.Max.Y && r.x0 < r.x1
}

// over composites premultiplied src over dst, pixel for pixel, through the mask
// alphas (nil: opaque).
func over(dst, src, alphas []uint8) {
	for i := 0; i+4 <= len(dst); i += 4 {
		ma := uint32(255)
		if alphas != nil {
			ma = uint32(alphas[i/4])
		}
		s := src[i : i+4 : i+4]
		sa := uint32(s[3])
		if sa == 0 {
			continue
		}
		d := dst[i : i+4 : i+4]
		// With the mask: source scaled by ma, then over.
		a := sa * ma / 255
		inv := 255 - a
		for c := 0; c < 3; c++ {
			d[c] = uint8((uint32(s[c])*ma/255 + uint32(d[c])*inv/255))
		}
		d[3] = uint8(a + uint32(d[3])*inv/255)
	}
}

// fillRect fills a pixel rectangle with an opaque colour, without the rasteriser.
func fillRect(dst *image.RGBA, d *dirty, x0, y0, x1, y1 float64, c color.RGBA) {
	r := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1))).Intersect(dst.Rect)
	d.mark(r)
	px := [4]uint8{c.R, c.G, c.B, c.A}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)]
		for i := 0; i < len(row); i += 4 {
			copy(row[i:i+4], px[:])
		}
	}
}
