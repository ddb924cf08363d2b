package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/kombat-game/kombat/upbeat"
)

// Sizes from which regions carry text: deposits as numbers, then the owner's number.
const (
	depositTextSize = 18.0
	ownerTextSize   = 30.0
)

// plateGap is the room, in pixels, kept around a region's text: the crew's path and
// shots stop that far from it, and a mark below it that far away.
const plateGap = 2

// regionLabel is what a region shows besides its colour: the owner's number (P3) when
// zoomed far enough, the deposit, where each goes and in which ink; the plate, the
// rectangle of the text's pixels and plateGap around them, which the crew's drawing
// keeps off; and the mark of an invest or collect there, below the text.
type regionLabel struct {
	owner, num string
	x          float64 // the column both are centred on
	oy, ny     float64 // the rows the owner's number and the deposit are centred on
	ink        color.RGBA
	plate      image.Rectangle // empty: no text
	gap        int             // pixels between the owner's ink and the number's
	mark       [3]float64      // x, y and radius of the mark; radius 0: none
}

// layoutLabels places, once regions are large enough, each region's text and the
// last turn's invest and collect marks (v.labels): a mark goes under the text, inside
// the hex or the city center's ring; where there is not room for it, the number closes
// up under the owner's, then both move up as far as the ring allows, and the mark
// shrinks by what is still missing.
func (r *Renderer) layoutLabels(f *territoryFrame, pn *pen, v *terrView) {
	g, s := v.geo, v.snap
	v.labels = nil
	if g.s < depositTextSize {
		return
	}
	w := g.win
	n := w.Rows * w.Cols
	if cap(f.labels) < n {
		f.labels = make([]regionLabel, n)
	}
	v.labels = f.labels[:n]
	clear(v.labels)
	numFace, ownerFace := r.labelFaces(g)
	for row := w.Top; row < w.Top+w.Rows; row++ {
		for col := w.Left; col < w.Left+w.Cols; col++ {
			reg := upbeat.Region{Row: row, Col: col}
			o, d := s.Owner(reg), s.Deposit(reg)
			if o == 0 && d < 1 { // what is left below 1 is shaded, not worth a number
				continue
			}
			l := v.labelAt(reg)
			x, y := g.center(reg)
			fill, _ := shade(o, depLevel(d, s.Config.MaxDep))
			l.x, l.ny, l.ink = x, y, inkOn(fill)
			if g.s >= ownerTextSize && o != 0 {
				l.owner, l.oy = "P"+strconv.Itoa(o), y-g.h*0.22
				l.ny += g.h * 0.1
				pn.font(ownerFace)
				l.plate = pn.box(l.owner, x, l.oy, 0.5, 0.5)
			}
			l.num = compact(d)
			pn.font(numFace)
			num := pn.box(l.num, x, l.ny, 0.5, 0.5)
			if !l.plate.Empty() {
				l.gap = num.Min.Y - l.plate.Max.Y
			}
			l.plate = l.plate.Union(num).Inset(-plateGap)
		}
	}
	for _, e := range v.t.Last.Events {
		l := v.labelAt(e.At)
		if !e.OK || (e.Kind != upbeat.EventInvest && e.Kind != upbeat.EventCollect) || l == nil {
			continue
		}
		if l.mark[2] != 0 {
			continue // a second invest or collect in the same region
		}
		x, y := g.center(e.At)
		m := markRadius(g)
		// How far from the centre the mark may reach: the hex's edge but the line
		// between regions, or the inside of a city center's ring.
		reach := g.h/2 - 1
		if centerAt(s, e.At) {
			reach = ringRadius(g) - (ringWidth(g)+3)/2 - 1
		}
		if l.plate.Empty() {
			my := math.Min(y+g.h*0.31, y+reach-m)
			l.mark = [3]float64{x, my, m}
			continue
		}
		short := int(math.Ceil(float64(l.plate.Max.Y) + 2*m - (y + reach)))
		// First the number closes up under the owner's, to plateGap...
		if squeeze := min(short, l.gap-plateGap); squeeze > 0 {
			l.plate.Max.Y -= squeeze
			l.ny -= float64(squeeze)
			short -= squeeze
		}
		// ...then both move up, as far as the ring or the hex allows.
		if up := min(short, int(math.Floor(float64(l.plate.Min.Y)-(y-reach)))); up > 0 {
			l.plate = l.plate.Add(image.Pt(0, -up))
			l.oy -= float64(up)
			l.ny -= float64(up)
		}
		m = math.Min(m, (y+reach-float64(l.plate.Max.Y))/2)
		l.mark = [3]float64{x, float64(l.plate.Max.Y) + m, m}
	}
}

// labelFaces are the faces of regions' deposits and owners' numbers: the deposit's
// grows with the regions, and is bold once the owner's number is shown.
func (r *Renderer) labelFaces(g geometry) (num, owner fontSpec) {
	return r.face(g.s >= ownerTextSize, math.Min(10+(g.s-depositTextSize)/4, 15)), r.face(true, 11)
}

// labelAt is reg's label, or nil when regions carry no text or reg is not shown.
func (v *terrView) labelAt(reg upbeat.Region) *regionLabel {
	w := v.geo.win
	if v.labels == nil || !w.Has(reg) {
		return nil
	}
	return &v.labels[(reg.Row-w.Top)*w.Cols+reg.Col-w.Left]
}

// centerAt reports whether reg is a city center still in the game.
func centerAt(s *upbeat.Snapshot, reg upbeat.Region) bool {
	for _, pv := range s.Players {
		if pv.Alive && pv.Center == reg {
			return true
		}
	}
	return false
}

// keepPlates appends to buf the pixels under each label's plate, row by row.
func keepPlates(img *image.RGBA, labels []regionLabel, buf []uint8) []uint8 {
	for i := range labels {
		p := labels[i].plate.Intersect(img.Rect)
		for y := p.Min.Y; y < p.Max.Y; y++ {
			buf = append(buf, img.Pix[img.PixOffset(p.Min.X, y):img.PixOffset(p.Max.X, y)]...)
		}
	}
	return buf
}

// restorePlates puts back what keepPlates kept, walking buf from its end.
func restorePlates(img *image.RGBA, labels []regionLabel, buf []uint8) {
	end := len(buf)
	for i := len(labels) - 1; i >= 0; i-- {
		p := labels[i].plate.Intersect(img.Rect)
		for y := p.Max.Y - 1; y >= p.Min.Y; y-- {
			row := img.Pix[img.PixOffset(p.Min.X, y):img.PixOffset(p.Max.X, y)]
			end -= len(row)
			copy(row, buf[end:])
		}
	}
}

// drawRegionLabels writes, once regions are large enough, each deposit as a number and,
// larger still, the owner's number (P3) over it: the second cue besides the pattern.
func (r *Renderer) drawRegionLabels(pn *pen, v *terrView) {
	numFace, ownerFace := r.labelFaces(v.geo)
	for i := range v.labels {
		l := &v.labels[i]
		if l.plate.Empty() {
			continue
		}
		pn.setColor(l.ink)
		if l.owner != "" {
			pn.font(ownerFace)
			pn.at(l.owner, l.x, l.oy, 0.5, 0.5)
		}
		pn.font(numFace)
		pn.at(l.num, l.x, l.ny, 0.5, 0.5)
	}
}

// compact writes a deposit in at most four or five characters: 87, 1234, 12.3k, 456k, 1.2M.
func compact(d float64) string {
	n := upbeat.Whole(d)
	switch {
	case n < 10_000:
		return strconv.FormatInt(n, 10)
	case n < 100_000:
		return strconv.FormatFloat(float64(n/100)/10, 'f', 1, 64) + "k"
	case n < 1_000_000:
		return strconv.FormatInt(n/1000, 10) + "k"
	case n < 100_000_000:
		return strconv.FormatFloat(float64(n/100_000)/10, 'f', 1, 64) + "M"
	case n < 1_000_000_000:
		return strconv.FormatInt(n/1_000_000, 10) + "M"
	}
	return strconv.FormatFloat(float64(n/100_000_000)/10, 'f', 1, 64) + "G"
}

// markSize is the radius of the marks on a region (city centers, invests, collects):
// a share of the hex, but never too small to see on the overview.
func (g geometry) markSize() float64 { return math.Max(4.5, g.s*0.38) }

// markRadius is the radius of an invest's or a collect's mark, before layoutLabels
// fits it under a region's text.
func markRadius(g geometry) float64 { return math.Max(4.5, g.s*0.22) }

// ringRadius and ringWidth are those of the ring around a city center once regions
// carry numbers; the ring has a black rim 1.5 pixels wide on either side.
func ringRadius(g geometry) float64 { return g.s * 0.78 }
func ringWidth(g geometry) float64  { return math.Max(3, g.s*0.09) }

// drawCenters marks each city center still in the game: a white disc in a black rim
// with the owner's colour inside; when regions carry numbers, a ring around them. It
// draws over the crew's path, so that the center stays whole. A city center that was
// knocked out keeps a ruin (ruins) saying whose it was.
func (r *Renderer) drawCenters(sh *shaper, pn *pen, v *terrView) {
	g := v.geo
	r.ruins(sh, pn, v)
	for pass := range 3 {
		for p, pv := range v.snap.Players {
			if !pv.Alive || !g.win.Has(pv.Center) {
				continue
			}
			x, y := g.center(pv.Center)
			if g.s >= depositTextSize {
				switch pass {
				case 0:
					ring(sh, x, y, ringRadius(g), ringWidth(g)+3)
				case 1:
					ring(sh, x, y, ringRadius(g), ringWidth(g))
				}
				continue
			}
			rad := g.markSize()
			switch pass {
			case 0:
				sh.circle(x, y, rad+1.5)
			case 1:
				sh.circle(x, y, rad)
			case 2:
				sh.circle(x, y, rad*0.5)
				sh.fill(territoryColor(p + 1))
			}
		}
		switch pass {
		case 0:
			sh.fill(rgb(0x000000))
		case 1:
			sh.fill(rgb(0xFFFFFF))
		}
	}
}

// ruins marks where each player who is out had their city center: the ring (or, on
// the overview, the disc's rim) broken into dashes, in the player's colour in a black
// rim; where regions carry numbers, a badge on the ring with the player's number, as
// the panel's swatch shows it.
func (r *Renderer) ruins(sh *shaper, pn *pen, v *terrView) {
	g := v.geo
	for p, pv := range v.snap.Players {
		if pv.Alive || !g.win.Has(pv.Center) {
			continue
		}
		x, y := g.center(pv.Center)
		c := territoryColor(p + 1)
		rad, w := g.markSize()+1, 2.5
		if g.s >= depositTextSize {
			rad, w = ringRadius(g), ringWidth(g)
		}
		ruinRing(sh, x, y, rad, w+3)
		sh.fill(rgb(0x000000))
		ruinRing(sh, x, y, rad, w)
		sh.fill(c)
		if g.s < depositTextSize {
			continue
		}
		// The badge sits on the ring up and to the right, clear of the text inside.
		br := math.Max(7, g.s*0.2)
		bx, by := x+rad*math.Cos(-math.Pi/4), y+rad*math.Sin(-math.Pi/4)
		sh.circle(bx, by, br+1.5)
		sh.fill(rgb(0x000000))
		sh.circle(bx, by, br)
		sh.fill(c)
		pn.font(r.face(true, math.Round(br*1.3)))
		pn.setColor(inkOn(c))
		pn.at(strconv.Itoa(p+1), bx, by, 0.5, 0.5)
	}
}

// ring adds an annulus of the given width around radius rad.
func ring(sh *shaper, x, y, rad, w float64) {
	n := max(24, int(rad))
	for i := range n {
		a0 := 2 * math.Pi * float64(i) / float64(n)
		a1 := 2 * math.Pi * float64(i+1) / float64(n)
		sh.line(x+rad*math.Cos(a0), y+rad*math.Sin(a0), x+rad*math.Cos(a1), y+rad*math.Sin(a1), w)
	}
}

// ruinRing adds a ruin's broken ring of radius rad and width w: from four to twelve
// dashes, each a third of its share of the circle before its round caps, so that the
// gaps show however thick the line is.
func ruinRing(sh *shaper, x, y, rad, w float64) {
	n := min(12, max(4, int(rad/2.5)))
	const k = 4 // chords to a dash, so that a large ring's dashes stay round
	for i := range n {
		a0 := 2 * math.Pi * float64(i) / float64(n)
		a1 := a0 + 2*math.Pi/float64(n)/3
		for j := range k {
			b0 := a0 + (a1-a0)*float64(j)/k
			b1 := a0 + (a1-a0)*float64(j+1)/k
			sh.line(x+rad*math.Cos(b0), y+rad*math.Sin(b0), x+rad*math.Cos(b1), y+rad*math.Sin(b1), w)
		}
	}
}

// drawCrew draws the last turn's crew: its path as a white line in a black rim ending
// in an arrow, a + on each region it invested in and a - where it collected (where
// layoutLabels placed them once regions carry text), and each shot that was paid for
// as a yellow line to a spark on the target (drawShotLabels writes what it took).
func (r *Renderer) drawCrew(sh *shaper, v *terrView) {
	g := v.geo
	events := v.t.Last.Events
	var path [][2]float64
	var end upbeat.Region // where the path ends
	for _, e := range events {
		switch e.Kind {
		case upbeat.EventMove, upbeat.EventInvest, upbeat.EventCollect, upbeat.EventShoot, upbeat.EventRelocate:
		default:
			continue
		}
		if len(path) == 0 {
			x, y := g.center(e.At)
			path, end = append(path, [2]float64{x, y}), e.At
		}
		if e.Kind == upbeat.EventMove && e.OK {
			x, y := g.center(e.To)
			path, end = append(path, [2]float64{x, y}), e.To
		}
	}
	lw := math.Min(math.Max(2, g.s*0.14), 6)
	if l := v.labelAt(end); l != nil && len(path) > 1 {
		// The arrow's point stops at the last region's text rather than under it.
		a, b := path[len(path)-2], path[len(path)-1]
		path[len(path)-1] = stopAt(a, b, l.plate, 0.4*(3*lw+3))
	}
	if len(path) > 1 {
		for pass, c := range []color.RGBA{rgb(0x000000), rgb(0xFFFFFF)} {
			extra := 3.0 * float64(1-pass)
			sh.polyline(path, lw+extra)
			a, b := path[len(path)-2], path[len(path)-1]
			arrowHead(sh, a[0], a[1], b[0], b[1], 3*lw+extra)
			sh.fill(c)
		}
	}
	// Invests and collects that took effect: a + or a - on a black disc.
	for pass := range 2 {
		for _, e := range events {
			if !e.OK || (e.Kind != upbeat.EventInvest && e.Kind != upbeat.EventCollect) {
				continue
			}
			x, y, m := crewMark(v, e.At)
			if pass == 0 {
				sh.circle(x, y, m)
				continue
			}
			sh.line(x-m*0.6, y, x+m*0.6, y, math.Max(1.5, m*0.3))
			if e.Kind == upbeat.EventInvest {
				sh.line(x, y-m*0.6, x, y+m*0.6, math.Max(1.5, m*0.3))
			}
		}
		sh.fill([]color.RGBA{rgb(0x000000), rgb(0xFFFFFF)}[pass])
	}
	// Shots that were paid: a line to the target, then a spark.
	for pass := range 2 {
		for _, e := range events {
			if e.Kind != upbeat.EventShoot || e.Cost == 0 {
				continue
			}
			fx, fy, tx, ty := shotPath(v, e)
			w := lw + 3*float64(1-pass)
			sh.line(fx, fy, tx, ty, w)
			spark(sh, tx, ty, math.Max(6, g.s*0.45), w)
		}
		sh.fill([]color.RGBA{rgb(0x000000), rgb(colShot)}[pass])
	}
}

// stopAt is where a segment from a to b that enters the rectangle p must end for an
// arrowhead reaching tip pixels beyond its end to stop at p's edge; b when the segment
// does not enter p or starts inside it.
func stopAt(a, b [2]float64, p image.Rectangle, tip float64) [2]float64 {
	if p.Empty() {
		return b
	}
	// Liang-Barsky: the share t of the way from a to b where the segment enters p.
	d := [2]float64{b[0] - a[0], b[1] - a[1]}
	lo, hi := 0.0, 1.0
	for k, bounds := range [2][2]int{{p.Min.X, p.Max.X}, {p.Min.Y, p.Max.Y}} {
		if d[k] == 0 {
			if a[k] < float64(bounds[0]) || a[k] > float64(bounds[1]) {
				return b
			}
			continue
		}
		t0, t1 := (float64(bounds[0])-a[k])/d[k], (float64(bounds[1])-a[k])/d[k]
		if t0 > t1 {
			t0, t1 = t1, t0
		}
		lo, hi = math.Max(lo, t0), math.Min(hi, t1)
	}
	if lo <= 0 || lo > hi {
		return b
	}
	n := math.Hypot(d[0], d[1])
	t := math.Max(lo-tip/n, 1e-3) // never a, which would lose the arrow's direction
	return [2]float64{a[0] + d[0]*t, a[1] + d[1]*t}
}

// crewMark is where the mark of an invest or collect at reg goes and its radius: as
// layoutLabels placed it once regions carry text; on the overview, on the region, or
// below its city center's disc.
func crewMark(v *terrView, reg upbeat.Region) (x, y, m float64) {
	g := v.geo
	if l := v.labelAt(reg); l != nil && l.mark[2] > 0 {
		return l.mark[0], l.mark[1], l.mark[2]
	}
	x, y = g.center(reg)
	m = markRadius(g)
	if centerAt(v.snap, reg) {
		y += g.markSize() + 1.5 + m
	}
	return x, y, m
}

// shotPath is where a paid shot's line goes: from the crew to the target, or most of
// the way toward a target off the territory.
func shotPath(v *terrView, e upbeat.Event) (fx, fy, tx, ty float64) {
	g := v.geo
	fx, fy = g.center(e.At)
	tx, ty = g.center(e.To)
	if !v.snap.Territory.Has(e.To) {
		tx, ty = fx+(tx-fx)*0.6, fy+(ty-fy)*0.6
	}
	return fx, fy, tx, ty
}

// drawShotLabels writes, once regions carry numbers, what each paid shot took, above
// the target's text, in yellow with a black outline: a mark of the crew's like the
// others, under the regions' text and the city centers' rings.
func (r *Renderer) drawShotLabels(pn *pen, v *terrView) {
	g := v.geo
	if g.s < depositTextSize {
		return
	}
	face := r.face(true, 13)
	for _, e := range v.t.Last.Events {
		if e.Kind != upbeat.EventShoot || e.Cost == 0 {
			continue
		}
		_, _, tx, ty := shotPath(v, e)
		y := ty - g.h*0.45
		if l := v.labelAt(e.To); l != nil && !l.plate.Empty() {
			y = math.Min(y, float64(l.plate.Min.Y)-pn.height(face)/2-1.5)
		}
		outlined(pn, face, "-"+compact(-e.Gain), tx, y, rgb(colShot), rgb(0x000000))
	}
}

// arrowHead adds an arrowhead of length l at (bx, by), pointing away from (ax, ay).
func arrowHead(sh *shaper, ax, ay, bx, by, l float64) {
	ang := math.Atan2(by-ay, bx-ax)
	const w = 0.5
	sh.triangle(bx+l*0.4*math.Cos(ang), by+l*0.4*math.Sin(ang),
		bx-l*math.Cos(ang-w), by-l*math.Sin(ang-w), bx-l*math.Cos(ang+w), by-l*math.Sin(ang+w))
}

// spark adds an eight-pointed spark of radius rad.
func spark(sh *shaper, x, y, rad, w float64) {
	for i := range 8 {
		a := float64(i) * math.Pi / 4
		sh.line(x+rad*0.3*math.Cos(a), y+rad*0.3*math.Sin(a), x+rad*math.Cos(a), y+rad*math.Sin(a), w*0.8)
	}
}
