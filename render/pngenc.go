package render

import (
	"encoding/binary"
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
	raw   []byte    // the rows as PNG filters them: filter 0, then the row's indices
	head  []byte    // signature, IHDR, PLTE and tRNS: the same for every board
	lit   [286]code // literal and length symbols, bits reversed for the LSB-first stream
	dist  [30]code
	lens  [maxMatch + 1]code // a length's symbol and extra bits, as one code
	near  [2]code            // distances 1 and rowLen, the commonest, with their extra bits
	parts [parts]deflater
}

// parts is how many bands of rows an image is cut into, each filled and compressed on
// its own goroutine into a deflate block of its own that refers to nothing above the
// band. Always the same number, whatever the CPUs, so the bytes never depend on them.
const parts = 2

// deflater compresses one band of rows.
type deflater struct {
	table [1 << hashBits]int32
	out   []byte
	acc   uint64
	nacc  uint
	adler uint32 // of the band's rows
}

const (
	hashBits  = 15
	maxMatch  = 258
	maxWindow = 32768
	rowLen    = Width + 1
)

type code struct {
	bits uint32
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
	for l := 3; l <= maxMatch; l++ {
		e.lens[l] = e.lengthCode(l)
	}
	e.near = [2]code{e.distCode(1), e.distCode(rowLen)}
	return e
}

// fixedCode is a Huffman code of n bits, reversed: deflate sends codes from their
// highest bit.
func fixedCode(c, n int) code {
	return code{bits: uint32(bits.Reverse16(uint16(c)) >> (16 - n)), n: uint8(n)}
}

// inRaw returns a Width x Height paletted image whose pixels are the encoder's rows,
// so converting into it leaves nothing to copy before encoding.
func (e *pngEncoder) inRaw(p color.Palette) *image.Paletted {
	return inRaw(e.raw, p)
}

// inRaw lays a paletted image over PNG rows: each row's pixels follow its filter byte.
func inRaw(raw []byte, p color.Palette) *image.Paletted {
	return &image.Paletted{Pix: raw[1:], Stride: rowLen, Rect: image.Rect(0, 0, Width, Height), Palette: p}
}

// The encoder's rows are filled and compressed band by band (band), possibly in
// parallel, then joined into a PNG (finish).

// finish returns the compressed bands as a new PNG.
func (e *pngEncoder) finish() []byte {
	n := len(e.head) + 8 + 2 + 4 + 4 + 12
	for k := range e.parts {
		n += len(e.parts[k].out)
	}
	out := make([]byte, 0, n)
	out = append(out, e.head...)
	start := len(out)
	out = append(out, 0, 0, 0, 0)
	out = append(out, "IDAT"...)
	out = append(out, 0x78, 0x01) // zlib: deflate, 32K window, fastest
	sum := uint32(1)
	for k := range e.parts {
		d := &e.parts[k]
		out = append(out, d.out...)
		lo, hi := e.bandRows(k)
		sum = adlerCombine(sum, d.adler, hi-lo)
	}
	out = binary.BigEndian.AppendUint32(out, sum)
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	return chunk(out, "IEND", nil)
}

// bandRows returns the first and last byte of band k in e.raw.
func (e *pngEncoder) bandRows(k int) (lo, hi int) {
	return k * Height / parts * rowLen, (k + 1) * Height / parts * rowLen
}

// band fills band k's rows with fill(y0, y1), which must write rows y0 to y1 of the
// encoder's image (inRaw) and nothing else, and compresses them. Bands may be done at
// the same time on different goroutines.
func (e *pngEncoder) band(k int, fill func(y0, y1 int)) {
	e.bandSum(k, func(y0, y1 int) uint32 {
		fill(y0, y1)
		lo, hi := e.bandRows(k)
		return adler(e.raw[lo:hi])
	})
}

// bandSum is band for a fill that also returns the Adler-32 of the band's rows, filter
// bytes (0) included, when it can tell it without reading them all.
func (e *pngEncoder) bandSum(k int, fill func(y0, y1 int) uint32) {
	y0, y1 := k*Height/parts, (k+1)*Height/parts
	for y := y0; y < y1; y++ {
		e.raw[y*rowLen] = 0 // filter: none
	}
	sum := fill(y0, y1)
	lo, hi := e.bandRows(k)
	d := &e.parts[k]
	d.adler = sum
	d.deflate(e, lo, hi, k == parts-1)
}

const adlerMod = 65521

// adler is hash/adler32's Checksum, eight bytes a step: the running sums gain, per
// step, eight times the first and each byte weighted by how many sums it enters,
// instead of one dependent addition after another.
func adler(p []byte) uint32 {
	const nmax = 5552 // the most bytes before the sums may overflow 32 bits
	s1, s2 := uint32(1), uint32(0)
	for len(p) > 0 {
		q := p[:min(len(p), nmax&^7)]
		p = p[len(q):]
		for len(q) >= 8 {
			v := binary.LittleEndian.Uint64(q)
			b0, b1, b2, b3 := uint32(v&0xff), uint32(v>>8&0xff), uint32(v>>16&0xff), uint32(v>>24&0xff)
			b4, b5, b6, b7 := uint32(v>>32&0xff), uint32(v>>40&0xff), uint32(v>>48&0xff), uint32(v>>56)
			s2 += 8*s1 + 8*b0 + 7*b1 + 6*b2 + 5*b3 + 4*b4 + 3*b5 + 2*b6 + b7
			s1 += b0 + b1 + b2 + b3 + b4 + b5 + b6 + b7
			q = q[8:]
		}
		for _, b := range q {
			s1 += uint32(b)
			s2 += s1
		}
		s1 %= adlerMod
		s2 %= adlerMod
	}
	return s2<<16 | s1
}

// adlerCombine is the Adler-32 of a stream whose first part sums to a and whose next
// n bytes sum, on their own, to b (zlib's adler32_combine).
func adlerCombine(a, b uint32, n int) uint32 {
	m := uint64(n) % adlerMod
	a1, a2 := uint64(a&0xffff), uint64(a>>16)
	b1, b2 := uint64(b&0xffff), uint64(b>>16)
	s1 := (a1 + b1 + adlerMod - 1) % adlerMod
	s2 := (a2 + b2 + m*a1 + adlerMod - m) % adlerMod
	return uint32(s2<<16 | s1)
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

// deflate compresses e.raw[lo:hi] into d.out as one block with the fixed codes,
// referring to nothing before lo; the last block of the stream is final, the others
// end byte-aligned with an empty stored block (a sync flush) so that the blocks can be
// joined as bytes.
func (d *deflater) deflate(e *pngEncoder, lo, hi int, final bool) {
	clear(d.table[:])
	d.out = d.out[:0]
	d.acc, d.nacc = 0, 0
	if final {
		d.put(1, 1)
	} else {
		d.put(0, 1)
	}
	d.put(1, 2) // fixed Huffman codes
	raw := e.raw[:hi]
	for i := lo; i < len(raw); {
		best, dist := 0, 0
		if i > lo && raw[i] == raw[i-1] { // the first byte tells most misses
			best, dist = matchLen(raw[i:], raw[i-1:]), 1
		}
		if i >= lo+rowLen && best < maxMatch && raw[i] == raw[i-rowLen] {
			if l := matchLen(raw[i:], raw[i-rowLen:]); l > best {
				best, dist = l, rowLen
			}
		}
		if best < 32 && i+4 <= len(raw) {
			h := binary.LittleEndian.Uint32(raw[i:]) * 0x1e35a7bd >> (32 - hashBits)
			c := int(d.table[h]) - 1
			d.table[h] = int32(i + 1)
			if c >= 0 && i-c <= maxWindow {
				if l := matchLen(raw[i:], raw[c:]); l > best {
					best, dist = l, i-c
				}
			}
		}
		if best >= 4 || best == 3 && (dist == 1 || dist == rowLen) {
			d.match(e, best, dist)
			i += best
			continue
		}
		d.code(e.lit[raw[i]])
		i++
	}
	d.code(e.lit[256])
	if !final {
		d.put(0, 3) // a stored block, not final
		d.flush()
		d.out = append(d.out, 0, 0, 0xff, 0xff) // of no bytes
		return
	}
	d.flush()
}

// flush writes out the bits still held, padding the last byte with zeros.
func (d *deflater) flush() {
	for d.nacc > 0 {
		d.out = append(d.out, byte(d.acc))
		d.acc >>= 8
		d.nacc -= min(d.nacc, 8)
	}
	d.acc = 0
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
func (d *deflater) put(v uint64, n uint) {
	d.acc |= v << d.nacc
	d.nacc += n
	if d.nacc >= 32 {
		d.out = binary.LittleEndian.AppendUint32(d.out, uint32(d.acc))
		d.acc >>= 32
		d.nacc -= 32
	}
}

func (d *deflater) code(c code) { d.put(uint64(c.bits), uint(c.n)) }

// match writes a length (3 to 258) and a distance (1 to 32768).
func (d *deflater) match(e *pngEncoder, length, dist int) {
	d.code(e.lens[length])
	switch dist {
	case 1:
		d.code(e.near[0])
	case rowLen:
		d.code(e.near[1])
	default:
		d.code(e.distCode(dist))
	}
}

// lengthCode is the symbol of a length (3 to 258) followed by its extra bits.
func (e *pngEncoder) lengthCode(length int) code {
	if length == maxMatch {
		return e.lit[285]
	}
	x := length - 3
	if x < 8 {
		return e.lit[257+x]
	}
	n := bits.Len(uint(x)) - 1
	return e.lit[257+4*(n-1)+(x>>(n-2))&3].then(uint32(x&(1<<(n-2)-1)), n-2)
}

// distCode is the symbol of a distance (1 to 32768) followed by its extra bits.
func (e *pngEncoder) distCode(dist int) code {
	x := dist - 1
	if x < 4 {
		return e.dist[x]
	}
	n := bits.Len(uint(x)) - 1
	return e.dist[2*n+(x>>(n-1))&1].then(uint32(x&(1<<(n-1)-1)), n-1)
}

// then is c followed by the n low bits of v.
func (c code) then(v uint32, n int) code {
	return code{bits: c.bits | v<<c.n, n: c.n + uint8(n)}
}
