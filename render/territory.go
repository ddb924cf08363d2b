package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/fogleman/gg"

	"github.com/kombat-game/kombat/upbeat"
)

// Territory is what one UPBEAT image shows: the state after a turn, that turn's log
// (the crew's path, invests, collects and shots), the players' names and the part of
// the territory to show.
type Territory struct {
	Snap  upbeat.Snapshot
	Last  upbeat.TurnLog // the turn just played; may be empty
	Names []string       // display names by seat; "" or missing becomes "Player N"
	Title string         // optional line under the header, e.g. "Turn 12: Alice"
	View  View           // the zero View is the overview of the whole territory
}

// The territory image's layout: the map on the left (room for the column numbers above
// it and the row numbers beside it), the panel on the right, the board's size.
const (
	mapX   = 34.0
	mapY   = 26.0
	mapW   = 600.0
	mapH   = 606.0
	panelX = 644.0
)

// Deposit shading: a region's deposit falls in one of depLevels steps of its
// logarithm up to max_dep, each a stronger mix of the owner's colour.
const depLevels = 6

// territoryColor is player p's (1 to 6) colour: the Okabe-Ito palette, told apart with
// every common colour-vision deficiency, players 1 and 2 as in KOMBAT. Its yellow is
// left for shots.
func territoryColor(p int) color.RGBA {
	switch p {
	case 1:
		return rgb(0x0072B2) // blue
	case 2:
		return rgb(0xE69F00) // orange
	case 3:
		return rgb(0x009E73) // bluish green
	case 4:
		return rgb(0xCC79A7) // reddish purple
	case 5:
		return rgb(0x56B4E9) // sky blue
	case 6:
		return rgb(0xD55E00) // vermillion
	}
	return rgb(colMuted)
}

// patterned reports whether pixel (x, y) of player p's region carries the player's
// pattern, the cue that does not depend on colour: player 1 plain, then diagonal
// stripes, dots, the other diagonal, horizontal stripes and a grid.
func patterned(p, x, y int) bool {
	switch p {
	case 2:
		return (x+y)%6 < 2
	case 3:
		return x%5 < 2 && y%5 < 2
	case 4:
		return (x-y+6000)%6 < 2
	case 5:
		return y%5 < 2
	case 6:
		return x%6 == 0 || y%6 == 0
	}
	return false
}

// depLevel is the shading step of deposit d: 0 below 10, up to depLevels-1 at max_dep,
// on a logarithmic scale.
func depLevel(d float64, maxDep int64) int {
	if d < 1 {
		return 0
	}
	top := math.Log10(float64(max(maxDep, 10)))
	return min(max(int(math.Log10(d)/top*depLevels), 0), depLevels-1)
}

// shade is the fill of player p's region at deposit level l (p 0: ownerless, grey),
// and the darker colour of its pattern.
func shade(p, l int) (fill, pattern color.RGBA) {
	t := float64(l) / (depLevels - 1)
	if p == 0 {
		fill = blend(rgb(colHex), rgb(colMuted), 0.15+0.5*t)
		return fill, fill
	}
	fill = blend(rgb(colHex), territoryColor(p), 0.4+0.6*t)
	return fill, blend(fill, rgb(0x000000), 0.4)
}

// territoryPalette holds every fill and pattern colour exactly, the panel's colours,
// then a 5x5x5 cube and greys for anti-aliased edges and text.
func territoryPalette() color.Palette {
	p := color.Palette{
		rgb(colBackground), rgb(colPanel), rgb(colHex), rgb(colHexLine), rgb(colText), rgb(colMuted),
		rgb(colShot), rgb(colDamage), rgb(0xFFFFFF), rgb(0x000000), rgb(0x1A1A1A),
	}
	for pl := 0; pl <= upbeat.MaxPlayers; pl++ {
		if pl > 0 {
			p = append(p, territoryColor(pl))
		}
		for l := range depLevels {
			f, pat := shade(pl, l)
			p = append(p, f)
			if pl > 0 {
				p = append(p, pat)
			}
		}
	}
	for r := 0; r < 5; r++ {
		for g := 0; g < 5; g++ {
			for b := 0; b < 5; b++ {
				p = append(p, color.RGBA{uint8(r * 255 / 4), uint8(g * 255 / 4), uint8(b * 255 / 4), 0xff})
			}
		}
	}
	for i := 1; len(p) < transparent; i++ {
		v := uint8(i * 255 / 40)
		p = append(p, color.RGBA{v, v, v, 0xff})
	}
	return append(p, color.RGBA{}) // as the replay's: the last entry is never used
}

// territoryKit is what every territory image shares, built on first use: the palette
// and its lookup, and canvases to draw and encode in. AIBG's pictures have a kit of
// their own (battle.go), with their palette.
type territoryKit struct {
	once   sync.Once
	colors color.Palette
	index  *paletteIndex
	frames sync.Pool // *territoryFrame
}

// territoryFrame is a canvas for territory images, reused from image to image.
type territoryFrame struct {
	rgba   *image.RGBA
	dc     *gg.Context
	shapes *shaper
	pal    *image.Paletted
	enc    *pngEncoder
	idx    []int32 // the region index under each map pixel of the row above, -1 for none
	labels []regionLabel
	under  []uint8 // the pixels under the labels' plates before the crew was drawn
}

func (r *Renderer) territoryKit() *territoryKit { return r.terr.prepare(territoryPalette) }

// prepare builds the kit's palette and its lookup on first use; the kit is shared by
// every image of its kind, so the palette is made once.
func (k *territoryKit) prepare(palette func() color.Palette) *territoryKit {
	k.once.Do(func() {
		k.colors = palette()
		k.index = newPaletteIndex(k.colors)
	})
	return k
}

// encode converts f's picture to the kit's palette and compresses it, its bands on
// goroutines of their own: converting and compressing are most of a picture's time.
func (k *territoryKit) encode(f *territoryFrame) []byte {
	var wg sync.WaitGroup
	for band := range parts {
		wg.Go(func() {
			f.enc.band(band, func(y0, y1 int) {
				for y := y0; y < y1; y++ {
					k.index.convert(f.pal.Pix[y*f.pal.Stride:y*f.pal.Stride+Width], f.rgba.Pix[y*f.rgba.Stride:(y+1)*f.rgba.Stride])
				}
			})
		})
	}
	wg.Wait()
	return f.enc.finish()
}

func (k *territoryKit) frame() *territoryFrame {
	if f, ok := k.frames.Get().(*territoryFrame); ok {
		return f
	}
	f := newCanvas()
	f.enc = newPNGEncoder(k.colors)
	f.pal = f.enc.inRaw(k.colors)
	return f
}

// TerritoryPNG draws an UPBEAT territory image and encodes it with its own palette,
// which holds every region colour exactly, as board images are (pngenc.go): the same
// Territory always gives the same bytes. The error is kept for callers; drawing and
// encoding into memory cannot fail.
func (r *Renderer) TerritoryPNG(t Territory) ([]byte, error) {
	return r.territoryKit().picture(func(f *territoryFrame) { r.drawTerritory(f, t) }), nil
}

// DrawTerritory draws an UPBEAT territory image into a new image, in full colour.
func (r *Renderer) DrawTerritory(t Territory) *image.RGBA {
	return fullColour(func(f *territoryFrame) { r.drawTerritory(f, t) })
}

// picture draws on one of the kit's canvases, reset, and encodes what it drew.
func (k *territoryKit) picture(draw func(f *territoryFrame)) []byte {
	f := k.frame()
	defer k.frames.Put(f)
	f.reset()
	draw(f)
	return k.encode(f)
}

// fullColour draws on a new canvas and returns its image, in full colour: what a
// picture looks like before its palette.
func fullColour(draw func(f *territoryFrame)) *image.RGBA {
	f := newCanvas()
	draw(f)
	return f.rgba
}

// newCanvas is a blank board-sized canvas to draw in, without an encoder.
func newCanvas() *territoryFrame {
	f := &territoryFrame{rgba: image.NewRGBA(image.Rect(0, 0, Width, Height))}
	f.dc = gg.NewContextForRGBA(f.rgba)
	f.shapes = newShaper(f.rgba, f.rgba)
	return f
}

// terrView is what drawing a territory needs, worked out once.
type terrView struct {
	t     Territory
	snap  *upbeat.Snapshot
	names []string
	geo   geometry
	// labels holds each region's text and mark by its place in the window (row by
	// row), when regions are large enough to carry text; nil otherwise.
	labels []regionLabel
}

// redraw draws t on a canvas reused from an earlier image.
func (r *Renderer) redraw(f *territoryFrame, t Territory) {
	f.reset()
	r.drawTerritory(f, t)
}

// reset puts the canvas's context back as new: an earlier image may have moved,
// clipped or widened it.
func (f *territoryFrame) reset() {
	f.dc.Identity()
	f.dc.ResetClip()
	f.dc.ClearPath()
	f.dc.SetLineWidth(1)
}

func (r *Renderer) drawTerritory(f *territoryFrame, t Territory) {
	v := &terrView{t: t, snap: &t.Snap}
	for p := 1; p <= len(t.Snap.Players); p++ {
		name := ""
		if p <= len(t.Names) {
			name = strings.TrimSpace(t.Names[p-1])
		}
		if name == "" {
			name = fmt.Sprintf("Player %d", p)
		}
		v.names = append(v.names, name)
	}
	v.geo = newGeometry(t.View.clamp(t.Snap.Territory).Window(t.Snap.Territory))
	img := f.rgba
	fillBox(img, 0, 0, Width, Height, rgb(colBackground))
	r.drawRegions(f, v)
	pn := r.newPen(f.dc)
	// The crew's path, marks and shots go under the regions' text and the city
	// centers' rings: what was under each text's plate is kept and put back over the
	// crew's drawing ("120" read "1+0" with the path over it), and the rings come after.
	r.layoutLabels(f, pn, v)
	f.under = keepPlates(img, v.labels, f.under[:0])
	r.drawCrew(f.shapes, v)
	r.drawShotLabels(pn, v)
	restorePlates(img, v.labels, f.under)
	r.drawCenters(f.shapes, pn, v)
	r.drawRegionLabels(pn, v)
	// What the marks drew past the map is cleared before the numbers around it go on.
	fillBox(img, 0, 0, Width, int(mapY)-2, rgb(colBackground))
	fillBox(img, 0, 0, int(mapX)-2, Height, rgb(colBackground))
	fillBox(img, 0, int(mapY+mapH)+2, Width, Height, rgb(colBackground))
	r.drawCoordinates(pn, v)
	r.drawTerritoryPanel(f, pn, v)
}

// fillBox fills the pixels from (x0, y0) to (x1, y1), excluded, with c.
func fillBox(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	rect := image.Rect(x0, y0, x1, y1).Intersect(img.Rect)
	if rect.Empty() {
		return
	}
	row := img.Pix[img.PixOffset(rect.Min.X, rect.Min.Y):img.PixOffset(rect.Max.X, rect.Min.Y)]
	for i := 0; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
	}
	for y := rect.Min.Y + 1; y < rect.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(rect.Min.X, y):], row)
	}
}

// drawRegions paints every region of the window, pixel by pixel: each pixel takes the
// region whose centre is nearest (so each region is its hex), in its shade and pattern;
// from a size of 6 pixels a line of the background separates regions.
func (r *Renderer) drawRegions(f *territoryFrame, v *terrView) {
	g, s := v.geo, v.snap
	w := g.win
	x0, x1 := int(math.Floor(g.ox)), int(math.Ceil(g.ox+(1.5*float64(w.Cols)+0.5)*g.s))
	y0, y1 := int(math.Floor(g.oy)), int(math.Ceil(g.oy+(float64(w.Rows)+0.5)*g.h))
	x0, y0 = max(x0, int(mapX)), max(y0, int(mapY))
	x1, y1 = min(x1, int(mapX+mapW)), min(y1, int(mapY+mapH))
	nx := x1 - x0
	if nx <= 0 || y1 <= y0 {
		return
	}
	// Per column of pixels: the two columns of hexes whose centres bracket it, and the
	// squared horizontal distances to them.
	type xcand struct {
		col     [2]int
		dx2     [2]float64
		odd     [2]bool
		present [2]bool
	}
	xs := make([]xcand, nx)
	for i := range xs {
		px := float64(x0+i) + 0.5
		u := (px - g.ox - g.s) / (1.5 * g.s) // 0 at the window's first column
		c := int(math.Floor(u))
		for k := range 2 {
			col := w.Left + c + k
			cx := g.ox + g.s + float64(c+k)*1.5*g.s
			xs[i].col[k] = col
			xs[i].dx2[k] = (px - cx) * (px - cx)
			xs[i].odd[k] = col%2 != 0
			xs[i].present[k] = col >= w.Left && col < w.Left+w.Cols
		}
	}
	// Per region of the window: its fill and pattern colours and owner.
	type look struct {
		fill, pat uint32
		owner     int
	}
	looks := make([]look, w.Rows*w.Cols)
	for row := w.Top; row < w.Top+w.Rows; row++ {
		for col := w.Left; col < w.Left+w.Cols; col++ {
			reg := upbeat.Region{Row: row, Col: col}
			o := s.Owner(reg)
			d := s.Deposit(reg)
			var fill, pat color.RGBA
			switch {
			case o == 0 && d <= 0:
				fill, pat = rgb(colHex), rgb(colHex)
			default:
				fill, pat = shade(o, depLevel(d, s.Config.MaxDep))
			}
			looks[(row-w.Top)*w.Cols+col-w.Left] = look{packRGBA(fill), packRGBA(pat), o}
		}
	}
	lines := g.s >= 6
	bg := packRGBA(rgb(colBackground))
	if cap(f.idx) < nx {
		f.idx = make([]int32, nx)
	}
	above := f.idx[:nx]
	for i := range above {
		above[i] = -1
	}
	img := f.rgba
	for py := y0; py < y1; py++ {
		fy := float64(py) + 0.5
		// The nearest row of each column parity, and the squared vertical distance.
		var rowOf [2]int
		var dy2 [2]float64
		for par := range 2 {
			off := g.oy + g.h/2
			if par == 1 {
				off += g.h / 2
			}
			k := math.Round((fy - off) / g.h)
			rowOf[par] = w.Top + int(k)
			cy := off + k*g.h
			dy2[par] = (fy - cy) * (fy - cy)
		}
		left := int32(-1)
		pix := img.Pix[img.PixOffset(x0, py):img.PixOffset(x1, py)]
		for i := range xs {
			xc := &xs[i]
			best, bestD := int32(-1), math.Inf(1)
			for k := range 2 {
				par := 0
				if xc.odd[k] {
					par = 1
				}
				d := xc.dx2[k] + dy2[par]
				if d < bestD {
					bestD = d
					row := rowOf[par]
					if xc.present[k] && row >= w.Top && row < w.Top+w.Rows {
						best = int32((row-w.Top)*w.Cols + xc.col[k] - w.Left)
					} else {
						best = -1
					}
				}
			}
			c := bg
			switch {
			case best < 0:
			case lines && (best != left || best != above[i]):
			default:
				lk := &looks[best]
				c = lk.fill
				if patterned(lk.owner, x0+i, py) {
					c = lk.pat
				}
			}
			pix[4*i], pix[4*i+1], pix[4*i+2], pix[4*i+3] = uint8(c), uint8(c>>8), uint8(c>>16), uint8(c>>24)
			left, above[i] = best, best
		}
	}
}

func packRGBA(c color.RGBA) uint32 {
	return uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | uint32(c.A)<<24
}

// inkOn is the text colour that reads on c: dark on light fills, light on dark ones.
func inkOn(c color.RGBA) color.RGBA {
	if 0.2126*float64(c.R)+0.7152*float64(c.G)+0.0722*float64(c.B) > 140 {
		return rgb(0x1A1A1A)
	}
	return rgb(0xFFFFFF)
}

// drawCoordinates writes the column numbers above the map and the row numbers beside
// it, as plans count them (currow, curcol), every one or every few as space allows.
func (r *Renderer) drawCoordinates(pn *pen, v *terrView) {
	g := v.geo
	w := g.win
	pn.font(r.face(true, 11))
	pn.setColor(rgb(colMuted))
	colStep := coordStep(1.5*g.s, 24)
	for col := w.Left; col < w.Left+w.Cols; col++ {
		if col%colStep != 0 && colStep > 1 {
			continue
		}
		x, _ := g.center(upbeat.Region{Row: w.Top, Col: col})
		pn.at(strconv.Itoa(col), x, mapY-11, 0.5, 0.5)
	}
	rowStep := coordStep(g.h, 14)
	for row := w.Top; row < w.Top+w.Rows; row++ {
		if row%rowStep != 0 && rowStep > 1 {
			continue
		}
		_, y := g.center(upbeat.Region{Row: row, Col: 2})
		pn.at(strconv.Itoa(row), mapX-6, y+g.h/4, 1, 0.5)
	}
}

// coordStep is the smallest of 1, 2, 5, 10, 20, ... steps that puts labels at least
// room pixels apart when they are spacing apart one by one.
func coordStep(spacing, room float64) int {
	for _, k := range []int{1, 2, 5, 10, 20, 25, 50} {
		if spacing*float64(k) >= room {
			return k
		}
	}
	return 100
}
