package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"runtime"
	"sync"

	"github.com/kombat-game/kombat/game"
)

// Replay timing, in hundredths of a second: long enough to read a turn.
const (
	frameDelay = 90
	lastDelay  = 400
)

// gifPalette is shared by every frame: the board's own colours first, so they come out
// exact, then a 6x6x6 cube and greys for anti-aliased edges.
func gifPalette() color.Palette {
	p := color.Palette{
		rgb(colBackground), rgb(colPanel), rgb(colHex), rgb(colHexLine), rgb(colText), rgb(colMuted),
		rgb(colShot), rgb(colDamage), rgb(0xFFFFFF), rgb(0x000000), rgb(0x111111), rgb(0x1A1A1A), rgb(0x4B5361),
	}
	for pl := 1; pl <= 2; pl++ {
		tint := blend(rgb(colHex), playerColor(pl), 0.42)
		p = append(p, playerColor(pl), playerLight(pl), tint, blend(tint, playerLight(pl), 0.5),
			blend(rgb(colPanel), playerColor(pl), 0.18), blend(rgb(colHex), playerColor(pl), 0.25))
	}
	for r := 0; r < 6; r++ {
		for g := 0; g < 6; g++ {
			for b := 0; b < 6; b++ {
				p = append(p, color.RGBA{uint8(r * 51), uint8(g * 51), uint8(b * 51), 0xff})
			}
		}
	}
	for i := 1; len(p) < 255; i++ {
		v := uint8(i * 255 / 28)
		p = append(p, color.RGBA{v, v, v, 0xff})
	}
	return append(p, color.RGBA{}) // index 255: transparent
}

// paletteIndex maps a colour, reduced to 5 bits a channel, to the nearest palette
// entry; a palette colour itself maps to its own entry (the first, when two share a
// cell), so that flat fills come out exact.
type paletteIndex [1 << 15]uint8

func newPaletteIndex(p color.Palette) *paletteIndex {
	var idx paletteIndex
	opaque := p[:transparent]
	for key := range idx {
		c := color.RGBA{uint8(key>>10) << 3, uint8(key>>5&31) << 3, uint8(key&31) << 3, 0xff}
		idx[key] = uint8(opaque.Index(c))
	}
	for i := len(opaque) - 1; i >= 0; i-- {
		c := color.RGBAModel.Convert(opaque[i]).(color.RGBA)
		idx[int(c.R>>3)<<10|int(c.G>>3)<<5|int(c.B>>3)] = uint8(i)
	}
	return &idx
}

func (r *Renderer) paletted(img *image.RGBA) *image.Paletted {
	pal := r.palette()
	out := image.NewPaletted(img.Bounds(), pal.colors)
	pal.index.convert(out.Pix, img.Pix)
	return out
}

// convert writes to dst the palette indices of the RGBA pixels in src, and returns
// the indices' sum and their sum weighted by how far each is from dst's end (len(dst)
// for the first, 1 for the last), as a PNG row's Adler-32 sums need them.
func (idx *paletteIndex) convert(dst, src []uint8) (sum, weighted int64) {
	// Flat fills repeat a colour for long stretches: look a colour up once per
	// stretch. Two pixels a step, read as one word: fewer bounds checks.
	var last uint32 = 1 // not an opaque colour, so the first pixel is looked up
	var c uint8
	var s, w uint64 // the weighted sum is the sum of the running sums
	n := len(dst)
	src = src[:4*n]
	j := 0
	for ; j+1 < n; j += 2 {
		q := binary.LittleEndian.Uint64(src[4*j:])
		if v := uint32(q); v != last {
			last = v
			c = idx[v>>3&31<<10|v>>11&31<<5|v>>19&31]
		}
		c0 := c
		if v := uint32(q >> 32); v != last {
			last = v
			c = idx[v>>3&31<<10|v>>11&31<<5|v>>19&31]
		}
		dst[j], dst[j+1] = c0, c
		s += uint64(c0)
		w += s
		s += uint64(c)
		w += s
	}
	if j < n {
		v := binary.LittleEndian.Uint32(src[4*j:])
		if v != last {
			c = idx[v>>3&31<<10|v>>11&31<<5|v>>19&31]
		}
		dst[j] = c
		s += uint64(c)
		w += s
	}
	return int64(s), int64(w)
}

// gifColors is the palette and its lookup, built on first use.
type gifColors struct {
	once   sync.Once
	colors color.Palette
	index  *paletteIndex
}

func (r *Renderer) palette() *gifColors {
	r.gif.once.Do(func() {
		r.gif.colors = gifPalette()
		r.gif.index = newPaletteIndex(r.gif.colors)
	})
	return &r.gif
}

// GIF animates a game: one frame per game.Frame (the setup, then every turn), each
// showing that turn's board and panel together, all sharing one palette, drawn in
// parallel and written by animate.
func (r *Renderer) GIF(frames []game.Frame, names [2]string) ([]byte, error) {
	if len(frames) == 0 {
		return nil, fmt.Errorf("render: a replay needs at least one frame")
	}
	imgs := make([]*image.Paletted, len(frames))
	parallel(len(frames), func(i int) {
		f := frames[i]
		imgs[i] = r.paletted(r.Draw(Board{Snap: f.Snapshot, Last: f.Turn, Names: names}))
	})
	return animate(imgs, r.palette().colors)
}

// animate encodes drawn frames, all Width x Height on palette pal (its index
// transparent unused by the pictures), as a looping GIF: each frame shown for
// frameDelay (the last for lastDelay); after the first, a frame holds only what
// changed: the rectangle around every pixel that differs from the frame before, with
// unchanged pixels inside it transparent so they compress to almost nothing. Both
// games' replays share it.
func animate(imgs []*image.Paletted, pal color.Palette) ([]byte, error) {
	anim := &gif.GIF{
		Image:    make([]*image.Paletted, len(imgs)),
		Delay:    make([]int, len(imgs)),
		Disposal: make([]byte, len(imgs)),
		Config:   image.Config{ColorModel: pal, Width: Width, Height: Height},
	}
	full := image.Rect(0, 0, Width, Height)
	parallel(len(imgs), func(i int) {
		anim.Delay[i], anim.Disposal[i] = frameDelay, gif.DisposalNone // keep what it does not cover
		if i == len(imgs)-1 {
			anim.Delay[i] = lastDelay
		}
		switch {
		case i == 0:
			anim.Image[i] = imgs[0]
		default:
			anim.Image[i] = diff(imgs[i-1], imgs[i], full)
			if anim.Image[i] == nil { // nothing changed: a frame still has to hold the time
				anim.Image[i] = diffPixel(imgs[i])
			}
		}
	})
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, anim); err != nil {
		return nil, fmt.Errorf("render: replay: %w", err)
	}
	return buf.Bytes(), nil
}

// transparent is the palette index of "unchanged since the last frame".
const transparent = 255

// diff returns, for the region, the part of cur that differs from prev, with
// unchanged pixels transparent; nil when nothing in the region changed.
func diff(prev, cur *image.Paletted, reg image.Rectangle) *image.Paletted {
	minX, minY, maxX, maxY := reg.Max.X, reg.Max.Y, reg.Min.X-1, reg.Min.Y-1
	for y := reg.Min.Y; y < reg.Max.Y; y++ {
		a := prev.Pix[y*prev.Stride+reg.Min.X : y*prev.Stride+reg.Max.X]
		b := cur.Pix[y*cur.Stride+reg.Min.X : y*cur.Stride+reg.Max.X]
		if bytes.Equal(a, b) {
			continue
		}
		first, last := 0, len(b)-1
		for a[first] == b[first] {
			first++
		}
		for a[last] == b[last] {
			last--
		}
		minX, maxX = min(minX, reg.Min.X+first), max(maxX, reg.Min.X+last)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	if maxX < minX {
		return nil
	}
	rect := image.Rect(minX, minY, maxX+1, maxY+1)
	out := image.NewPaletted(rect, cur.Palette)
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			c := cur.Pix[y*cur.Stride+x]
			if c == prev.Pix[y*prev.Stride+x] {
				c = transparent
			}
			out.Pix[(y-rect.Min.Y)*out.Stride+(x-rect.Min.X)] = c
		}
	}
	return out
}

// diffPixel is a one-pixel, fully transparent frame: time passes, nothing changes.
func diffPixel(cur *image.Paletted) *image.Paletted {
	out := image.NewPaletted(image.Rect(0, 0, 1, 1), cur.Palette)
	out.Pix[0] = transparent
	return out
}

// parallel runs f(0..n-1) on all CPUs.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	work := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
}
