package render

import (
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/color"
	"math/bits"
)

// pngEncoder writes a board's paletted image as a PNG, several times faster than
// image/png at its fastest level: boards are flat fills, anti-aliased edges and text, so
// it looks for a repeat of the previous pixel, of the pixel above, and of the last
// place the next four pixels occurred, and writes one deflate block with the fixed
// Huffman codes. The output depends only on the image: the same board, the same bytes.
// An encoder is not safe for concurrent use; each pooled frame has its own.
type pngEncoder struct {
	raw   []byte // the rows as PNG filters them: filter 0, then the row's indices
	head  []byte // signature, IHDR, PLTE and tRNS: the same for every board
	table [1 << hashBits]int32
	lit   [286]code // literal and length symbols, bits reversed for the LSB-first stream
	dist  [30]code
	out   []byte
	acc   uint64
	nacc  uint
}

const (
	hashBits  = 15
	maxMatch  = 258
	maxWindow = 32768
	rowLen    = Width + 1
)

type code struct {
	bits uint16
	n    uint8
}

func newPNGEncoder(p color.Palette) *pngEncoder {
	e := &pngEncoder{raw: make([]byte, rowLen*Height)}
	e.head = append(e.head, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], Width)
	binary.BigEndian.PutUint32(ihdr[4:], Height)
	ihdr[8], ihdr[9] = 8, 3 // 8 bits, paletted
	e.head = chunk(e.head, "IHDR", ihdr[:])
	e.head = chunk(e.head, "PLTE", plte(p))
	if t := trns(p); t != nil {
		e.head = chunk(e.head, "tRNS", t)
	}
	for s := range e.lit {
		switch {
		case s < 144:
			e.lit[s] = fixedCode(0x30+s, 8)
		case s < 256:
			e.lit[s] = fixedCode(0x190+s-144, 9)
		case s < 280:
			e.lit[s] = fixedCode(s-256, 7)
		default:
			e.lit[s] = fixedCode(0xC0+s-280, 8)
		}
	}
	for d := range e.dist {
		e.dist[d] = fixedCode(d, 5)
	}
	return e
}

// fixedCode is a Huffman code of n bits, reversed: deflate sends codes from their
// highest bit.
func fixedCode(c, n int) code {
	return code{bits: uint16(bits.Reverse16(uint16(c)) >> (16 - n)), n: uint8(n)}
}

// inRaw returns a Width x Height paletted image whose pixels are the encoder's rows,
// so drawing into it leaves nothing to copy before encoding.
func (e *pngEncoder) inRaw(p color.Palette) *image.Paletted {
	return inRaw(e.raw, p)
}

// inRaw lays a paletted image over PNG rows: each row's pixels follow its filter byte.
func inRaw(raw []byte, p color.Palette) *image.Paletted {
	return &image.Paletted{Pix: raw[1:], Stride: rowLen, Rect: image.Rect(0, 0, Width, Height), Palette: p}
}

// encode returns img, a Width x Height image in the encoder's palette, as a new PNG.
// img may be the encoder's own (inRaw).
func (e *pngEncoder) encode(img *image.Paletted) []byte {
	if &img.Pix[0] != &e.raw[1] {
		for y := range Height {
			row := e.raw[y*rowLen : (y+1)*rowLen]
			copy(row[1:], img.Pix[y*img.Stride:y*img.Stride+Width])
		}
	}
	for y := range Height {
		e.raw[y*rowLen] = 0 // filter: none
	}
	out := make([]byte, 0, 96<<10)
	out = append(out, e.head...)
	start := len(out)
	out = append(out, 0, 0, 0, 0)
	out = append(out, "IDAT"...)
	out = append(out, 0x78, 0x01) // zlib: deflate, 32K window, fastest
	e.out = out
	e.deflate()
	out = binary.BigEndian.AppendUint32(e.out, adler32.Checksum(e.raw))
	e.out = nil
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	return chunk(out, "IEND", nil)
}

func chunk(out []byte, name string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, name...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

func plte(p color.Palette) []byte {
	out := make([]byte, 0, 3*len(p))
	for _, c := range p {
		c := color.NRGBAModel.Convert(c).(color.NRGBA)
		out = append(out, c.R, c.G, c.B)
	}
	return out
}

// trns lists the palette's alphas up to its last entry that is not opaque, as
// image/png writes them; nil when all are opaque.
func trns(p color.Palette) []byte {
	last := -1
	for i, c := range p {
		if color.NRGBAModel.Convert(c).(color.NRGBA).A != 0xff {
			last = i
		}
	}
	if last < 0 {
		return nil
	}
	out := make([]byte, last+1)
	for i := range out {
		out[i] = color.NRGBAModel.Convert(p[i]).(color.NRGBA).A
	}
	return out
}

// deflate compresses e.raw into e.out as one final block with the fixed codes.
func (e *pngEncoder) deflate() {
	clear(e.table[:])
	e.acc, e.nacc = 0, 0
	e.put(1, 1) // final block
	e.put(1, 2) // fixed Huffman codes
	raw := e.raw
	for i := 0; i < len(raw); {
		best, dist := 0, 0
		if i > 0 {
			best, dist = matchLen(raw[i:], raw[i-1:]), 1
		}
		if i >= rowLen && best < maxMatch {
			if l := matchLen(raw[i:], raw[i-rowLen:]); l > best {
				best, dist = l, rowLen
			}
		}
		if best < 32 && i+4 <= len(raw) {
			h := binary.LittleEndian.Uint32(raw[i:]) * 0x1e35a7bd >> (32 - hashBits)
			c := int(e.table[h]) - 1
			e.table[h] = int32(i + 1)
			if c >= 0 && i-c <= maxWindow {
				if l := matchLen(raw[i:], raw[c:]); l > best {
					best, dist = l, i-c
				}
			}
		}
		if best >= 4 || best == 3 && (dist == 1 || dist == rowLen) {
			e.match(best, dist)
			i += best
			continue
		}
		e.code(e.lit[raw[i]])
		i++
	}
	e.code(e.lit[256])
	for e.nacc > 0 {
		e.out = append(e.out, byte(e.acc))
		e.acc >>= 8
		e.nacc -= min(e.nacc, 8)
	}
}

// matchLen is how many leading bytes of a, at most maxMatch, b repeats.
func matchLen(a, b []byte) int {
	n := min(len(a), maxMatch)
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n && a[i] == b[i]; i++ {
	}
	return i
}

// put appends the n low bits of v to the stream.
func (e *pngEncoder) put(v uint64, n uint) {
	e.acc |= v << e.nacc
	e.nacc += n
	if e.nacc >= 32 {
		e.out = binary.LittleEndian.AppendUint32(e.out, uint32(e.acc))
		e.acc >>= 32
		e.nacc -= 32
	}
}

func (e *pngEncoder) code(c code) { e.put(uint64(c.bits), uint(c.n)) }

// match writes a length (3 to 258) and a distance (1 to 32768).
func (e *pngEncoder) match(length, dist int) {
	if length == maxMatch {
		e.code(e.lit[285])
	} else {
		x := length - 3
		if x < 8 {
			e.code(e.lit[257+x])
		} else {
			n := bits.Len(uint(x)) - 1
			e.code(e.lit[257+4*(n-1)+(x>>(n-2))&3])
			e.put(uint64(x&(1<<(n-2)-1)), uint(n-2))
		}
	}
	x := dist - 1
	if x < 4 {
		e.code(e.dist[x])
		return
	}
	n := bits.Len(uint(x)) - 1
	e.code(e.dist[2*n+(x>>(n-1))&1])
	e.put(uint64(x&(1<<(n-1)-1)), uint(n-1))
}
