package render

import (
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
	}
	return s
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
		}
	}
	return m
}

// paste composites the part of src under m onto dst (src over dst, premultiplied).
// It is draw.DrawMask with draw.Over, written out because the general version was the
// replay's largest cost: the opaque runs of the mask, where src is opaque too, are
// copied whole, and only the anti-aliased edge is blended pixel by pixel.
func paste(dst *image.RGBA, d *dirty, src *image.RGBA, m mask) { d.mark(m.at); blit(dst, src, m, true) }

// overlay composites a mostly transparent layer (outlines): every pixel is blended.
func overlay(dst *image.RGBA, d *dirty, src *image.RGBA, m mask) {
	d.mark(m.at)
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
