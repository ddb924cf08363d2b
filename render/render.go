package render

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"unicode"

	"github.com/fogleman/gg"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"

	"github.com/kombat-game/kombat/game"
)

// Board is what one image shows: the state after a turn, that turn's events, and the
// players' names.
type Board struct {
	Snap  game.Snapshot
	Last  game.TurnLog // the turn just played (free spawns for the setup); may be empty
	Names [2]string    // display names; "" becomes "Player 1" / "Player 2"
	Title string       // optional line under the header, e.g. "Turn 12: Alice"
}

// Renderer draws boards. Create one and reuse it: it parses the fonts and draws what
// never changes (the field, the panel's frame) once. It is safe for concurrent use:
// after New it holds only read-only pictures, pools and locked caches.
type Renderer struct {
	regular, bold *opentype.Font
	bases         [2]*base  // field and panel frame, without and with a title line
	gif           gifColors // the replay palette
	stamps        *stamps   // tints and tokens for every hex, drawn once
	highlight     [2][2]sprite
	legendDot     sprite // a kind's token in the legend, drawn at legendDotY
	glyphs        *glyphCache
	frames        *sync.Pool // *frame to draw PNGs in: 3 MB each, reused
	pngBuffers    *pngPool
	terr          territoryKit // UPBEAT's territory images (territory.go)
	battle        territoryKit // AIBG's pictures (battle.go)
}

// pngPool lends image/png's encoder its buffers (png.EncoderBufferPool), for images
// other than boards (standings).
type pngPool struct{ p sync.Pool }

func (p *pngPool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngPool) Put(b *png.EncoderBuffer) { p.p.Put(b) }

// New prepares a renderer.
func New() (*Renderer, error) {
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("render: font: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("render: font: %w", err)
	}
	r := &Renderer{regular: reg, bold: bold, stamps: newStamps(), pngBuffers: &pngPool{}, glyphs: newGlyphCache(reg, bold)}
	r.frames = &sync.Pool{New: func() any { return r.newFrame() }}
	field := r.drawField()
	r.stamps.bake(field)
	for i := range r.bases {
		r.bases[i] = r.newBase(field, i == 1)
		for p := 1; p <= 2; p++ {
			y := panelLayout(i == 1).boxes[p-1]
			r.highlight[i][p-1] = newSprite(image.Rect(int(panelLeft), int(y)-4, Width, int(y+boxH)+4), func(dc *gg.Context) {
				dc.SetColor(playerLight(p))
				dc.SetLineWidth(2)
				dc.DrawRoundedRectangle(panelLeft+10-4, y, Width-panelLeft-10-12, boxH, 8)
				dc.Stroke()
			})
		}
	}
	r.legendDot = newSprite(image.Rect(int(panelLeft), legendDotY-14, int(panelLeft)+40, legendDotY+14), func(dc *gg.Context) {
		dc.DrawCircle(panelLeft+10+12, legendDotY, 11)
		dc.SetColor(rgb(0x4B5361))
		dc.Fill()
	})
	return r, nil
}

// Palette: Okabe-Ito blue and orange for the players (told apart with every common
// colour-vision deficiency), on an opaque dark background that reads the same in
// Discord's light and dark themes.
func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

func playerColor(p int) color.RGBA {
	if p == 1 {
		return rgb(0x0072B2)
	}
	return rgb(0xE69F00)
}

// playerLight is a brighter shade for lines over the dark board.
func playerLight(p int) color.RGBA {
	if p == 1 {
		return rgb(0x56B4E9)
	}
	return rgb(0xF0C040)
}

// tokenText is the text colour that contrasts with a player's token.
func tokenText(p int) color.RGBA {
	if p == 1 {
		return rgb(0xFFFFFF)
	}
	return rgb(0x1A1A1A)
}

const (
	colBackground = 0x1C2026
	colPanel      = 0x262B33
	colHex        = 0x313742
	colHexLine    = 0x4B5361
	colText       = 0xE8EAED
	colMuted      = 0x9AA3AF
	colShot       = 0xF0E442 // yellow
	colDamage     = 0xFF6B5B
)

func blend(a, b color.RGBA, t float64) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

func (r *Renderer) face(bold bool, size float64) fontSpec { return fontSpec{bold: bold, size: size} }

// boardPen is a pen that writes in the view's image and marks what it writes in the
// view's dirty spans.
func (r *Renderer) boardPen(dc *gg.Context, v *view) *pen {
	pn := r.newPen(dc)
	pn.dirty, pn.local = v.dirty, v.glyphs
	if v.img != nil {
		pn.img = v.img
	}
	return pn
}

// drawField draws what every image shares: the background, the 64 empty hexes and the
// row and column numbers players type.
func (r *Renderer) drawField() *image.RGBA {
	dc := gg.NewContext(Width, Height)
	pn := r.newPen(dc)
	pn.setColor(rgb(colBackground))
	pn.clear()
	pn.setColor(rgb(colPanel))
	dc.DrawRectangle(panelLeft-8, 0, Width-panelLeft+8, Height)
	pn.fill()
	for _, h := range allHexes() {
		x, y := Center(h)
		hexPath(dc, x, y, hexSize-1.5)
		pn.setColor(rgb(colHex))
		pn.fillPreserve()
		pn.setColor(rgb(colHexLine))
		dc.SetLineWidth(1.5)
		pn.stroke()
	}
	pn.font(r.face(true, 15))
	pn.setColor(rgb(colMuted))
	for c := 1; c <= game.Cols; c++ {
		x, y := Center(game.Hex{Row: 1, Col: c})
		pn.at(fmt.Sprint(c), x, y-hexHeight/2-9, 0.5, 0.5)
	}
	for row := 1; row <= game.Rows; row++ {
		x, y := Center(game.Hex{Row: row, Col: 1})
		pn.at(fmt.Sprint(row), x-hexSize-12, y, 0.5, 0.5)
	}
	return dc.Image().(*image.RGBA)
}

func hexPath(dc *gg.Context, x, y, radius float64) {
	cs := corners(x, y, radius)
	dc.NewSubPath()
	dc.MoveTo(cs[0][0], cs[0][1])
	for _, c := range cs[1:] {
		dc.LineTo(c[0], c[1])
	}
	dc.ClosePath()
}

// newBase copies the field and draws the panel's frame on it: what every board with or
// without a title line shares.
func (r *Renderer) newBase(field *image.RGBA, titled bool) *base {
	img := image.NewRGBA(field.Rect)
	copy(img.Pix, field.Pix)
	r.drawPanelFrame(gg.NewContextForRGBA(img), titled)
	raw := make([]byte, rowLen*Height)
	pal := inRaw(raw, r.palette().colors) // laid out as a frame's, to copy from
	idx := r.palette().index
	for y := range Height {
		idx.convert(pal.Pix[y*pal.Stride:y*pal.Stride+Width], img.Pix[y*img.Stride:(y+1)*img.Stride])
	}
	b := &base{rgba: img, pal: pal}
	for y := range Height {
		cellSums(&b.sums[y], pal.Pix[y*pal.Stride:y*pal.Stride+Width]) // the filter byte adds nothing
	}
	return b
}

// baseFor is the base a board is drawn on.
func (r *Renderer) baseFor(b Board) *base {
	if b.Title != "" {
		return r.bases[1]
	}
	return r.bases[0]
}

// PNG draws a board and encodes it with the replay's palette: a paletted PNG is a
// third the size of a true-colour one and several times faster to encode (a quarter of
// the data), and the palette holds the board's colours exactly. Only what the board
// drew over its cached base is converted to the palette, and the encoder is tuned to
// boards (pngenc.go); the same board always gives the same bytes. Two goroutines share
// the work: one draws the panel, then the bottom half of the board, the other the top
// half, each clipped to its region (frame), and each then converts and compresses its
// half of the rows. The error is kept for callers; drawing and encoding into memory
// cannot fail.
func (r *Renderer) PNG(b Board) ([]byte, error) {
	f := r.frames.Get().(*frame)
	defer r.frames.Put(f)
	base := r.baseFor(b)
	v := newView(b)
	idx := r.palette().index
	band := func(k int) {
		f.enc.bandSum(k, func(y0, y1 int) uint32 { return f.toPalette(idx, base, y0, y1) })
	}
	var panel, bottom sync.WaitGroup
	panel.Add(1)
	bottom.Go(func() {
		f.reset(regionPanel, base)
		f.resetDC()
		r.drawPanel(f.dc, f.regionView(v, regionPanel))
		panel.Done()
		f.reset(regionBottom, base)
		r.drawBoard(f.dc, f.regionView(v, regionBottom))
		band(1)
	})
	f.reset(regionTop, base)
	r.drawBoard(f.dc, f.regionView(v, regionTop))
	panel.Wait()
	band(0)
	bottom.Wait()
	return f.enc.finish(), nil
}

// regionView is v drawing into region k of the frame.
func (f *frame) regionView(v *view, k int) *view {
	g := &f.regions[k]
	w := *v
	w.img, w.dirty, w.shapes, w.glyphs = g.img, &g.dirty, g.shapes, &g.glyphs
	g.shapes.dirty = &g.dirty
	return &w
}

// Draw draws a board into a new image.
func (r *Renderer) Draw(b Board) *image.RGBA {
	base := r.baseFor(b)
	img := image.NewRGBA(base.rgba.Rect)
	copy(img.Pix, base.rgba.Pix)
	dc := gg.NewContextForRGBA(img)
	v := newView(b)
	v.shapes = newShaper(img, img)
	r.drawBoard(dc, v)
	r.drawPanel(dc, v)
	return img
}

// drawBoard draws a board's changing parts left of the panel over its base.
func (r *Renderer) drawBoard(dc *gg.Context, v *view) {
	r.drawAreas(dc, v)
	r.drawTrails(dc, v)
	r.drawMinions(dc, v)
	r.drawShots(dc, v)
}

// view is what drawing needs, worked out once from a Board.
type view struct {
	b        Board
	names    [2]string
	initials []string // per kind
	counts   [][2]int // minions per kind and player
	initHP   int64
	img      *image.RGBA // where to draw, when not all of the context's image
	dirty    *dirty      // where drawing marks what it changed; may be nil
	shapes   *shaper     // draws the turn's marks
	glyphs   *glyphLocal // the drawing goroutine's glyphs; may be nil
	trails   []*trail    // the last turn's walks
}

func newView(b Board) *view {
	v := &view{b: b, initHP: b.Snap.Config.InitHP, trails: walks(b)}
	for i, n := range b.Names {
		v.names[i] = n
		if strings.TrimSpace(n) == "" {
			v.names[i] = fmt.Sprintf("Player %d", i+1)
		}
		if bot := b.Snap.Players[i].Bot; bot && n == "" {
			v.names[i] = "Bot"
		}
	}
	var names []string
	for _, k := range b.Snap.Kinds {
		names = append(names, k.Name)
	}
	v.initials = Initials(names)
	v.counts = make([][2]int, len(b.Snap.Kinds))
	for _, m := range b.Snap.Minions {
		if m.Kind >= 0 && m.Kind < len(v.counts) {
			v.counts[m.Kind][m.Owner-1]++
		}
	}
	return v
}

// kindInitials returns the token label of a kind by name (for dead minions, known
// only by name in the log).
func (v *view) kindInitials(name string) string {
	for i, k := range v.b.Snap.Kinds {
		if k.Name == name {
			return v.initials[i]
		}
	}
	return Initials([]string{name})[0]
}

// Initials gives each kind a short, distinct token label: the initials of its words, or
// its first two letters; a number is added where two would be the same.
func Initials(names []string) []string {
	out := make([]string, len(names))
	used := map[string]int{}
	for i, n := range names {
		words := strings.FieldsFunc(n, func(r rune) bool { return r == ' ' || r == '-' || r == '_' })
		var s string
		switch {
		case len(words) >= 2:
			s = string([]rune(words[0])[:1]) + string([]rune(words[1])[:1])
		case len(words) == 1:
			rs := []rune(words[0])
			s = string(rs[:min(2, len(rs))])
		default:
			s = "?"
		}
		rs := []rune(s)
		rs[0] = unicode.ToUpper(rs[0])
		s = string(rs)
		base := strings.ToLower(s)
		if c := used[base]; c > 0 {
			s = string(rs[:1]) + fmt.Sprint(c+1)
		}
		used[base]++
		out[i] = s
	}
	return out
}

// image is where v draws: its region of the context's image, or all of it.
func (v *view) image(dc *gg.Context) *image.RGBA {
	if v.img != nil {
		return v.img
	}
	return dc.Image().(*image.RGBA)
}
