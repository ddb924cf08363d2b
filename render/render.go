package render

import (
	"bytes"
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

// Renderer draws boards. Create one and reuse it: it parses the fonts and draws the
// empty field once. It is safe for concurrent use.
type Renderer struct {
	regular, bold *opentype.Font
	field         *image.RGBA // background, empty hexes, coordinates: never changes
	gif           gifColors   // the replay palette, built on first use
	stamps        *stamps     // tints and tokens for every hex, drawn once
	glyphs        *glyphCache
	canvases      *sync.Pool // *image.RGBA to draw PNGs in: 2.4 MB each, reused
	pngBuffers    *pngPool
}

// pngPool lends the PNG encoder its buffers (png.EncoderBufferPool).
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
	r.canvases = &sync.Pool{New: func() any { return image.NewRGBA(image.Rect(0, 0, Width, Height)) }}
	r.field = r.drawField()
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

// drawField draws what every image shares: the background, the 64 empty hexes and the
// row and column numbers players type.
func (r *Renderer) drawField() *image.RGBA {
	dc := gg.NewContext(Width, Height)
	pn := r.newPen(dc)
	pn.setColor(rgb(colBackground))
	dc.Clear()
	pn.setColor(rgb(colPanel))
	dc.DrawRectangle(panelLeft-8, 0, Width-panelLeft+8, Height)
	dc.Fill()
	for _, h := range allHexes() {
		x, y := Center(h)
		hexPath(dc, x, y, hexSize-1.5)
		pn.setColor(rgb(colHex))
		dc.FillPreserve()
		pn.setColor(rgb(colHexLine))
		dc.SetLineWidth(1.5)
		dc.Stroke()
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

// PNG draws a board and encodes it with the replay's palette: a paletted PNG is a
// third the size of a true-colour one and several times faster to encode (no row
// filters, a quarter of the data), and the palette holds the board's colours exactly.
func (r *Renderer) PNG(b Board) ([]byte, error) {
	canvas := r.canvases.Get().(*image.RGBA)
	defer r.canvases.Put(canvas)
	r.drawInto(canvas, b)
	img := r.paletted(canvas)
	buf := bytes.NewBuffer(make([]byte, 0, 64<<10))
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: r.pngBuffers}
	if err := enc.Encode(buf, img); err != nil {
		return nil, fmt.Errorf("render: encode png: %w", err)
	}
	return buf.Bytes(), nil
}

// Draw draws a board into a new image.
func (r *Renderer) Draw(b Board) *image.RGBA {
	img := image.NewRGBA(r.field.Bounds())
	r.drawInto(img, b)
	return img
}

// drawInto draws a board over whatever img held.
func (r *Renderer) drawInto(img *image.RGBA, b Board) {
	copy(img.Pix, r.field.Pix)
	dc := gg.NewContextForRGBA(img)
	v := newView(b)
	r.drawAreas(dc, v)
	r.drawTrails(dc, v)
	r.drawMinions(dc, v)
	r.drawShots(dc, v)
	r.drawPanel(dc, v)
	if b.Snap.Result != nil {
		r.drawBanner(dc, v)
	}
}

// view is what drawing needs, worked out once from a Board.
type view struct {
	b        Board
	names    [2]string
	initials []string // per kind
	counts   [][2]int // minions per kind and player
	initHP   int64
}

func newView(b Board) *view {
	v := &view{b: b, initHP: b.Snap.Config.InitHP}
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
