package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/kombat-game/kombat/game"
)

// drawAreas tints each player's spawnable hexes and marks, subtly, the hexes the
// player to act could buy.
func (r *Renderer) drawAreas(dc *gg.Context, v *view) {
	img := v.image(dc)
	for p := 1; p <= 2; p++ {
		for _, h := range v.b.Snap.Players[p-1].Spawnable {
			if h.OnBoard() {
				r.stamps.tintHex(img, v.dirty, p-1, index(h))
			}
		}
	}
	if cur := v.b.Snap.Current; cur != 0 {
		for _, h := range v.b.Snap.Buyable {
			if h.OnBoard() {
				overlay(img, v.dirty, r.stamps.buy[cur-1], r.stamps.buyHex[cur-1][index(h)])
			}
		}
	}
}

// tokenRadius is a minion token's radius.
const tokenRadius = hexSize * 0.6

// drawMinions draws each minion as a token in its owner's colour with its kind's
// initials and HP, and an HP bar under it; a minion spawned in the last turn has a
// second outline, a ring, around its token.
func (r *Renderer) drawMinions(dc *gg.Context, v *view) {
	pn := r.boardPen(dc, v)
	img := v.image(dc)
	var fresh []int // minions spawned in the last turn (or the setup's free spawns)
	for _, e := range v.b.Last.Events {
		if e.Type == game.EvSpawn {
			fresh = append(fresh, e.Minion)
		}
	}
	for _, m := range v.b.Snap.Minions {
		if !m.Hex.OnBoard() || m.Owner < 1 || m.Owner > 2 {
			continue
		}
		if !r.stamps.hex[index(m.Hex)].at.Overlaps(img.Rect) {
			continue // all it draws is within its hex, which is outside the image's part
		}
		if slices.Contains(fresh, m.ID) {
			overlay(img, v.dirty, r.stamps.fresh, r.stamps.freshRing[index(m.Hex)])
		}
		paste(img, v.dirty, r.stamps.token[m.Owner-1], r.stamps.disc[index(m.Hex)])
		x, y := tokenCenter(m.Hex)
		r.tokenLabels(pn, v, m, false)
		// HP bar: full at init_hp.
		frac := 1.0
		if v.initHP > 0 {
			frac = math.Min(1, float64(m.HP)/float64(v.initHP))
		}
		bw, by := hexSize*0.9, y+tokenRadius+4
		fillRect(img, v.dirty, x-bw/2, by, x+bw/2, by+5, rgb(0x111111))
		fillRect(img, v.dirty, x-bw/2, by, x-bw/2+bw*frac, by+5, hpColor(frac))
	}
}

// tokenLabels writes a minion's initials and HP on its token; with halo, each over a
// rim of the token's colour, so that a shot's line or spark drawn across the token
// since does not run through the letters.
func (r *Renderer) tokenLabels(pn *pen, v *view, m game.MinionView, halo bool) {
	if !r.stamps.hex[index(m.Hex)].at.Overlaps(pn.img.Rect) {
		return // the labels are within the token, outside the image's part
	}
	x, y := tokenCenter(m.Hex)
	ini := "?"
	if m.Kind >= 0 && m.Kind < len(v.initials) {
		ini = v.initials[m.Kind]
	}
	write := func(s string, face fontSpec, y float64) {
		if halo {
			outlined(pn, face, s, x, y, tokenText(m.Owner), playerColor(m.Owner))
			return
		}
		pn.font(face)
		pn.setColor(tokenText(m.Owner))
		pn.at(s, x, y, 0.5, 0.5)
	}
	write(ini, r.face(true, 15), y-4)
	write(hpText(m.HP), r.face(false, 11), y+10)
}

// hpColor goes from white (healthy) to the damage colour (nearly dead): brightness, not
// hue alone, carries the meaning.
func hpColor(frac float64) color.RGBA {
	return blend(rgb(colDamage), rgb(0xF2F2F2), math.Max(0, math.Min(1, frac)))
}

func hpText(hp int64) string {
	switch {
	case hp >= 1_000_000_000:
		return strconv.FormatInt(hp/1_000_000_000, 10) + "G"
	case hp >= 1_000_000:
		return strconv.FormatInt(hp/1_000_000, 10) + "M"
	case hp >= 10_000:
		return strconv.FormatInt(hp/1_000, 10) + "k"
	}
	return strconv.FormatInt(hp, 10) // small numbers come without an allocation
}

// trail is one minion's movement in the last turn.
type trail struct {
	owner   int
	path    [][2]float64
	blocked [][2]float64 // from the hex a blocked move started, toward where it aimed
}

// walks gathers the last turn's moves, minion by minion, in the order they first
// moved.
func walks(b Board) []*trail {
	byMinion := map[int]*trail{}
	var order []*trail
	for _, e := range b.Last.Events {
		if e.Type != game.EvMove {
			continue
		}
		t := byMinion[e.Minion]
		if t == nil {
			x, y := Center(e.At)
			t = &trail{owner: e.Player, path: [][2]float64{{x, y}}}
			byMinion[e.Minion] = t
			order = append(order, t)
		}
		if e.Blocked {
			fx, fy := Center(e.At)
			tx, ty := Center(e.At.Neighbor(e.Dir))
			t.blocked = append(t.blocked, [2]float64{fx + (tx-fx)*0.55, fy + (ty-fy)*0.55}, [2]float64{fx, fy})
			continue
		}
		x, y := Center(e.To)
		t.path = append(t.path, [2]float64{x, y})
	}
	return order
}

// drawTrails draws the last turn's moves under the tokens: a line through the hexes a
// minion walked, ending in an arrow, and a short struck-out stub for each blocked move.
func (r *Renderer) drawTrails(dc *gg.Context, v *view) {
	order := v.trails
	// Each player's trails are one batch per kind of mark. Shapes of one batch merge
	// where they overlap, as a minion's own walk always did.
	sh := v.shapes
	for p := 1; p <= 2; p++ {
		c := playerLight(p)
		col := color.NRGBA{c.R, c.G, c.B, 210}
		for _, t := range order {
			if t.owner == p && len(t.path) > 1 {
				sh.polyline(t.path, 4)
			}
		}
		sh.fill(col)
		for _, t := range order {
			if t.owner == p && len(t.path) > 1 {
				for _, q := range t.path[:len(t.path)-1] {
					sh.circle(q[0], q[1], 4)
				}
				a, b := t.path[len(t.path)-2], t.path[len(t.path)-1]
				arrow(sh, a[0], a[1], b[0], b[1], tokenRadius+2)
			}
		}
		sh.fill(col)
		for _, t := range order {
			if t.owner == p {
				for i := 0; i+1 < len(t.blocked); i += 2 {
					tip, from := t.blocked[i], t.blocked[i+1]
					dashes(sh, from[0], from[1], tip[0], tip[1], 3, 4)
				}
			}
		}
		sh.fill(col)
		for _, t := range order {
			if t.owner == p {
				for i := 0; i+1 < len(t.blocked); i += 2 {
					tip := t.blocked[i]
					sh.line(tip[0]-5, tip[1]-5, tip[0]+5, tip[1]+5, 3)
					sh.line(tip[0]-5, tip[1]+5, tip[0]+5, tip[1]-5, 3)
				}
			}
		}
		sh.fill(col)
	}
}

// dashes adds a dashed line of width 4 from (x0, y0) to (x1, y1), on pixels drawn and
// off left out, as gg.SetDash(on, off) would stroke it.
func dashes(sh *shaper, x0, y0, x1, y1, on, off float64) {
	l := math.Hypot(x1-x0, y1-y0)
	if l == 0 {
		return
	}
	ux, uy := (x1-x0)/l, (y1-y0)/l
	for a := 0.0; a < l; a += on + off {
		b := math.Min(a+on, l)
		sh.line(x0+ux*a, y0+uy*a, x0+ux*b, y0+uy*b, 4)
	}
}

// arrow adds an arrowhead at (bx, by) pointing away from (ax, ay), set back by back
// pixels so it touches the token's edge.
func arrow(sh *shaper, ax, ay, bx, by, back float64) {
	ang := math.Atan2(by-ay, bx-ax)
	tx, ty := bx-back*math.Cos(ang), by-back*math.Sin(ang)
	const l, w = 12.0, 0.5
	sh.triangle(tx, ty, tx-l*math.Cos(ang-w), ty-l*math.Sin(ang-w), tx-l*math.Cos(ang+w), ty-l*math.Sin(ang+w))
}

// drawShots draws the last turn's shots over the tokens: a line from shooter to target
// and a spark, then deaths marked where they happened, then the damage numbers on top.
func (r *Renderer) drawShots(dc *gg.Context, v *view) {
	pn := r.boardPen(dc, v)
	big, small := r.face(true, 16), r.face(true, 12)
	type label struct {
		x, y float64
		lost int64
	}
	var labels []label
	// Shots, then sparks, then each player's dead, then the crosses: one batch each.
	sh := v.shapes
	for _, e := range v.b.Last.Events {
		if e.Type != game.EvShoot || e.Blocked {
			continue
		}
		fx, fy, tx, ty := shotLine(e)
		sh.line(fx, fy, tx, ty, 3)
		if e.Target != 0 {
			labels = append(labels, label{tx + 16, ty - 22, hpLost(e, v.initHP)})
		}
	}
	sh.fill(rgb(colShot))
	for _, e := range v.b.Last.Events {
		if e.Type == game.EvShoot && !e.Blocked {
			_, _, tx, ty := shotLine(e)
			burst(sh, tx, ty, 9)
		}
	}
	sh.fill(rgb(colShot))
	// The tokens a shot crosses, its shooter's and its target's, get their labels back
	// on top, each on a rim of its token's colour.
	var crossed [game.Rows * game.Cols]bool
	for _, e := range v.b.Last.Events {
		if e.Type == game.EvShoot && !e.Blocked {
			for _, h := range [2]game.Hex{e.At, e.To} {
				if h.OnBoard() {
					crossed[index(h)] = true
				}
			}
		}
	}
	for _, m := range v.b.Snap.Minions {
		if m.Hex.OnBoard() && m.Owner >= 1 && m.Owner <= 2 && crossed[index(m.Hex)] {
			r.tokenLabels(pn, v, m, true)
		}
	}
	for p := 1; p <= 2; p++ {
		for _, e := range v.b.Last.Events {
			if e.Type == game.EvDeath && e.Player == p {
				x, y := Center(e.At)
				sh.circle(x, y-3, tokenRadius*0.8)
			}
		}
		sh.fill(blend(rgb(colHex), playerColor(p), 0.25))
	}
	d := tokenRadius * 0.6
	for _, e := range v.b.Last.Events {
		if e.Type == game.EvDeath {
			x, y := Center(e.At)
			sh.line(x-d, y-3-d, x+d, y-3+d, 4)
			sh.line(x-d, y-3+d, x+d, y-3-d, 4)
		}
	}
	sh.fill(rgb(colDamage))
	for _, e := range v.b.Last.Events {
		if e.Type == game.EvDeath {
			x, y := Center(e.At)
			outlined(pn, small, v.kindInitials(e.Kind), x, y+tokenRadius, rgb(colText), rgb(0x000000))
		}
	}
	for _, l := range labels {
		// A label is far narrower than 120 pixels: only those that may reach the
		// image's part are written (and their text made).
		if image.Rect(int(l.x)-60, int(l.y)-20, int(l.x)+60, int(l.y)+20).Overlaps(pn.img.Rect) {
			outlined(pn, big, "-"+hpText(l.lost), l.x, l.y, rgb(colDamage), rgb(0x000000))
		}
	}
}

// hpLost is the HP a shot's target lost, what its damage label shows: a 100-HP minion
// hit for 2792 shows -100. A log from before events carried it says only the damage;
// a kill then shows at most init_hp, all a minion can have had.
func hpLost(e game.Event, initHP int64) int64 {
	lost := e.HPLost()
	if e.Lost == 0 && e.HP == 0 && initHP > 0 {
		lost = min(lost, initHP)
	}
	return lost
}

// shotLine is where a shot's line runs: to its target, or most of the way toward a
// hex off the board.
func shotLine(e game.Event) (fx, fy, tx, ty float64) {
	fx, fy = Center(e.At)
	tx, ty = Center(e.To)
	if !e.To.OnBoard() {
		tx, ty = fx+(tx-fx)*0.6, fy+(ty-fy)*0.6
	}
	return fx, fy, tx, ty
}

// burst adds an eight-pointed spark where a shot lands.
func burst(sh *shaper, x, y, r float64) {
	for i := 0; i < 8; i++ {
		a := float64(i) * math.Pi / 4
		sh.line(x+r*0.35*math.Cos(a), y+r*0.35*math.Sin(a), x+r*math.Cos(a), y+r*math.Sin(a), 2.5)
	}
}

// outlined draws text in c with an outline in rim, readable over any mark: the text
// moved by each of rimOffsets, in rim (pen.rim), then the text itself.
func outlined(pn *pen, face fontSpec, s string, x, y float64, c, rim color.RGBA) {
	pn.font(face)
	pn.setColor(rim)
	pn.rim(s, x, y)
	pn.setColor(c)
	pn.at(s, x, y, 0.5, 0.5)
}

// rimOffsets are where an outline's copies of its text sit around it (a function,
// not a variable: the package keeps no state).
func rimOffsets() [8][2]float64 {
	return [8][2]float64{{-1.5, 0}, {1.5, 0}, {0, -1.5}, {0, 1.5}, {-1, -1}, {1, 1}, {-1, 1}, {1, -1}}
}
