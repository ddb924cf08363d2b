package render

import (
	"image"
	"math"
	"testing"

	"github.com/fogleman/gg"

	"github.com/kombat-game/kombat/upbeat"
)

// grown is tr on a territory of rows x cols, its regions where they were and the rest
// empty: large enough for views whose regions are smaller than the crafted overview's.
func grown(tr Territory, rows, cols int) Territory {
	s := tr.Snap
	cfg := s.Config
	cfg.Rows, cfg.Cols = int64(rows), int64(cols)
	terr := cfg.Territory()
	owners, deps := make([]uint8, terr.Size()), make([]float64, terr.Size())
	for row := 1; row <= s.Territory.Rows; row++ {
		for col := 1; col <= s.Territory.Cols; col++ {
			i, j := (row-1)*s.Territory.Cols+col-1, (row-1)*cols+col-1
			owners[j], deps[j] = s.Owners[i], s.Deposits[i]
		}
	}
	s.Config, s.Territory, s.Owners, s.Deposits = cfg, terr, owners, deps
	s.Players = append([]upbeat.PlayerView(nil), s.Players...)
	tr.Snap = s
	return tr
}

// markViews are the crafted position drawn with regions of each size that carries
// text differently: 20 pixels (numbers only), the overview's 33 (owners' numbers too)
// and MaxZoom's 40, each centred on at.
func markViews(at upbeat.Region) map[string]Territory {
	over := craftedTerritory()
	zoomed := over
	zoomed.View = View{Center: at, Zoom: MaxZoom}
	small := grown(over, 20, 24)
	small.View = View{Center: at, Zoom: 2}
	return map[string]Territory{"size 20": small, "overview": over, "zoom 3": zoomed}
}

// textPixels are the pixels of img within 0.6 of a hex size of each region's centre
// (inside a city center's ring) that are neither the region's fill nor its pattern:
// its text, as far as nothing else is drawn there.
func textPixels(img image.Image, tr Territory) map[upbeat.Region][]image.Point {
	g := newGeometry(tr.View.clamp(tr.Snap.Territory).Window(tr.Snap.Territory))
	s := tr.Snap
	out := map[upbeat.Region][]image.Point{}
	for row := g.win.Top; row < g.win.Top+g.win.Rows; row++ {
		for col := g.win.Left; col < g.win.Left+g.win.Cols; col++ {
			reg := upbeat.Region{Row: row, Col: col}
			fill, pat := shade(s.Owner(reg), depLevel(s.Deposit(reg), s.Config.MaxDep))
			x, y := g.center(reg)
			r := g.s * 0.6
			for py := int(y - r); py <= int(y+r); py++ {
				for px := int(x - r); px <= int(x+r); px++ {
					if math.Hypot(float64(px)+0.5-x, float64(py)+0.5-y) > r {
						continue
					}
					if c := rgbaAt(img, px, py); c != fill && c != pat && c != rgb(colHex) {
						out[reg] = append(out[reg], image.Pt(px, py))
					}
				}
			}
		}
	}
	return out
}

// ringPixels are the pixels well inside the ring (or, on the overview, the disc) of
// each city center still in the game: those that are the ring's own colour whatever
// lies under it.
func ringPixels(tr Territory) []image.Point {
	g := newGeometry(tr.View.clamp(tr.Snap.Territory).Window(tr.Snap.Territory))
	var out []image.Point
	for _, pv := range tr.Snap.Players {
		if !pv.Alive || !g.win.Has(pv.Center) {
			continue
		}
		x, y := g.center(pv.Center)
		lo, hi := 0.0, g.markSize()+0.5
		if g.s >= depositTextSize {
			half := (ringWidth(g) + 3) / 2
			lo, hi = ringRadius(g)-half+1, ringRadius(g)+half-1
		}
		for py := int(y - hi - 1); py <= int(y+hi+1); py++ {
			for px := int(x - hi - 1); px <= int(x+hi+1); px++ {
				if d := math.Hypot(float64(px)+0.5-x, float64(py)+0.5-y); d >= lo && d <= hi {
					out = append(out, image.Pt(px, py))
				}
			}
		}
	}
	return out
}

// TestTerritory_CrewUnderTextAndRings walks player 2's crew from its city center through
// four regions that carry numbers (and owners' numbers) and shoots at two more, then
// decodes the image and the same image without the turn: every pixel of every
// region's text, and of every city center's ring, is the same in both, while the crew
// did draw in each region it crossed ("120" read "1+0" under the path).
func TestTerritory_CrewUnderTextAndRings(t *testing.T) {
	r := newRenderer(t)
	reg := func(row, col int) upbeat.Region { return upbeat.Region{Row: row, Col: col} }
	walk := []upbeat.Region{reg(7, 9), reg(6, 9), reg(5, 9), reg(6, 10), reg(7, 10)}
	last := upbeat.TurnLog{Player: 2, Turn: 9, Crew: reg(7, 10), End: upbeat.EndDone}
	for i := 1; i < len(walk); i++ {
		last.Events = append(last.Events, upbeat.Event{Kind: upbeat.EventMove, Player: 2, At: walk[i-1], To: walk[i], Cost: 1, OK: true})
	}
	for _, to := range []upbeat.Region{reg(3, 4), reg(8, 8)} {
		last.Events = append(last.Events, upbeat.Event{Kind: upbeat.EventShoot, Player: 2, At: reg(7, 10), To: to, Amount: 100, Cost: 101, Gain: -100, OK: true})
	}
	crossed := []upbeat.Region{reg(6, 9), reg(5, 9), reg(7, 10), reg(8, 8)}
	for name, tr := range markViews(reg(6, 9)) {
		t.Run(name, func(t *testing.T) {
			tr.Last = last
			with, plain := withAndWithout(t, r, tr)
			text := textPixels(plain, tr)
			for _, rg := range crossed {
				if len(text[rg]) < 20 {
					t.Fatalf("%v shows %d pixels of text; want its number", rg, len(text[rg]))
				}
				if !differs(with, plain, rg, tr) {
					t.Errorf("the crew drew nothing in %v; the test crosses nothing there", rg)
				}
			}
			for rg, pts := range text {
				n := 0
				for _, p := range pts {
					if rgbaAt(with, p.X, p.Y) != rgbaAt(plain, p.X, p.Y) {
						n++
					}
				}
				if n > 0 {
					t.Errorf("%v: %d of its %d text pixels changed under the crew", rg, n, len(pts))
				}
			}
			// The walk's last step comes straight down into (7,10): its arrowhead stops
			// above the text there, so white wider than the line shows outside the plate.
			end := laidOut(r, tr).labelAt(reg(7, 10))
			g := newGeometry(tr.View.clamp(tr.Snap.Territory).Window(tr.Snap.Territory))
			cx, cy := g.center(reg(7, 10))
			lw := math.Min(math.Max(2, g.s*0.14), 6)
			wings := 0
			for py := int(cy - g.s); py < int(cy); py++ {
				for px := int(cx - g.s); px <= int(cx+g.s); px++ {
					if image.Pt(px, py).In(end.plate) || math.Abs(float64(px)+0.5-cx) <= lw/2+0.5 {
						continue
					}
					if rgbaAt(with, px, py) == rgb(0xFFFFFF) && rgbaAt(plain, px, py) != rgb(0xFFFFFF) {
						wings++
					}
				}
			}
			if wings < 3 {
				t.Errorf("%d pixels of the arrowhead's wings show above the text of (7,10); want it in sight", wings)
			}
			ring := ringPixels(tr)
			if len(ring) == 0 {
				t.Fatal("no ring in view")
			}
			for _, p := range ring {
				if a, b := rgbaAt(with, p.X, p.Y), rgbaAt(plain, p.X, p.Y); a != b {
					t.Fatalf("the ring's pixel %v is %v under the crew, %v without", p, a, b)
				}
			}
		})
	}
}

// withAndWithout decodes tr's image, and the same image without its last turn.
func withAndWithout(t *testing.T, r *Renderer, tr Territory) (with, without image.Image) {
	t.Helper()
	data, _ := r.TerritoryPNG(tr)
	with = decodeTerritory(t, data)
	tr.Last = upbeat.TurnLog{}
	data, _ = r.TerritoryPNG(tr)
	return with, decodeTerritory(t, data)
}

// differs reports whether a and b differ anywhere within 0.8 of a hex size of reg's centre.
func differs(a, b image.Image, reg upbeat.Region, tr Territory) bool {
	g := newGeometry(tr.View.clamp(tr.Snap.Territory).Window(tr.Snap.Territory))
	x, y := g.center(reg)
	r := int(g.s * 0.8)
	for py := int(y) - r; py <= int(y)+r; py++ {
		for px := int(x) - r; px <= int(x)+r; px++ {
			if rgbaAt(a, px, py) != rgbaAt(b, px, py) {
				return true
			}
		}
	}
	return false
}

// TestTerritory_MarksBelowText invests in player 1's city center and another region
// and collects in a third, all carrying numbers: each mark lies under its region's
// text and inside the hex or the center's ring, at its full size (the text makes
// room for it in the ring: in none of these views does the mark shrink); the
// decoded image has no black (the marks' and the path's rim) on any text's plate, the
// mark where it was placed, and the ring as it is without the marks.
func TestTerritory_MarksBelowText(t *testing.T) {
	r := newRenderer(t)
	reg := func(row, col int) upbeat.Region { return upbeat.Region{Row: row, Col: col} }
	marked := map[upbeat.Region]string{reg(3, 3): upbeat.EventInvest, reg(2, 3): upbeat.EventInvest, reg(3, 2): upbeat.EventCollect}
	last := upbeat.TurnLog{Player: 1, Turn: 9, Crew: reg(3, 2), End: upbeat.EndDone, Events: []upbeat.Event{
		{Kind: upbeat.EventInvest, Player: 1, At: reg(3, 3), Amount: 5, Cost: 6, Gain: 5, OK: true},
		{Kind: upbeat.EventMove, Player: 1, At: reg(3, 3), To: reg(2, 3), Cost: 1, OK: true},
		{Kind: upbeat.EventInvest, Player: 1, At: reg(2, 3), Amount: 5, Cost: 6, Gain: 5, OK: true},
		{Kind: upbeat.EventMove, Player: 1, At: reg(2, 3), To: reg(3, 2), Cost: 1, OK: true},
		{Kind: upbeat.EventCollect, Player: 1, At: reg(3, 2), Amount: 5, Cost: 1, OK: true},
	}}
	for name, tr := range markViews(reg(3, 3)) {
		t.Run(name, func(t *testing.T) {
			tr.Last = last
			img, plain := withAndWithout(t, r, tr)
			v := laidOut(r, tr)
			g := v.geo
			for rg, kind := range marked {
				l := v.labelAt(rg)
				if l == nil || l.plate.Empty() || l.mark[2] == 0 {
					t.Fatalf("%v: no text or no mark laid out: %+v", rg, l)
				}
				x, y := g.center(rg)
				mx, my, m := l.mark[0], l.mark[1], l.mark[2]
				reach := g.h/2 - 1
				if rg == tr.Snap.Players[0].Center {
					reach = ringRadius(g) - (ringWidth(g)+3)/2 - 1
				}
				if m < markRadius(g)-1e-9 || my-m < float64(l.plate.Max.Y) || my+m > y+reach+1e-9 || float64(l.plate.Min.Y) < y-reach-1e-9 || mx != x {
					t.Errorf("%v: mark at (%.3f,%.3f) radius %.3f, text's plate %v; want it under the plate and within %.3f of %.3f", rg, mx, my, m, l.plate, reach, y)
				}
				// The decoded mark: white at its centre (the stroke), dark off the
				// strokes, up and to the left.
				if c := rgbaAt(img, int(mx), int(my)); c != rgb(0xFFFFFF) {
					t.Errorf("%v: the %v mark's centre is %v, want white", rg, kind, c)
				}
				if c := rgbaAt(img, int(mx-0.45*m), int(my-0.45*m)); max(c.R, c.G, c.B) > 64 {
					t.Errorf("%v: the %v mark's disc is %v, want black", rg, kind, c)
				}
			}
			for i := range v.labels {
				p := v.labels[i].plate
				for py := p.Min.Y; py < p.Max.Y; py++ {
					for px := p.Min.X; px < p.Max.X; px++ {
						// Black that is not there without the turn: the marks' or
						// the path's rim (a ring's rim may touch a plate's margin).
						if rgbaAt(img, px, py) == rgb(0x000000) && rgbaAt(plain, px, py) != rgb(0x000000) {
							t.Fatalf("black at (%d,%d) on the text's plate %v", px, py, p)
						}
					}
				}
			}
			for _, p := range ringPixels(tr) {
				if a, b := rgbaAt(img, p.X, p.Y), rgbaAt(plain, p.X, p.Y); a != b {
					t.Fatalf("the ring's pixel %v is %v with the marks, %v without", p, a, b)
				}
			}
		})
	}
}

// laidOut is the layout of tr's text and marks, as drawing it lays them out.
func laidOut(r *Renderer, tr Territory) *terrView {
	v := &terrView{t: tr, snap: &tr.Snap, geo: newGeometry(tr.View.clamp(tr.Snap.Territory).Window(tr.Snap.Territory))}
	r.layoutLabels(&territoryFrame{}, r.newPen(gg.NewContextForRGBA(image.NewRGBA(image.Rect(0, 0, Width, Height)))), v)
	return v
}

// TestTerritory_RuinsSayWhose: player 4, out, had their city center at (9,2): the
// decoded image shows a ring broken into dashes in player 4's colour there, with gaps,
// and where regions carry numbers a badge in that colour holding the number 4 in dark
// ink; on a small overview the broken ring alone.
func TestTerritory_RuinsSayWhose(t *testing.T) {
	r := newRenderer(t)
	over := craftedTerritory()
	small := grown(over, 40, 40)
	for name, tr := range map[string]Territory{"overview": over, "small overview": small} {
		t.Run(name, func(t *testing.T) {
			data, _ := r.TerritoryPNG(tr)
			img := decodeTerritory(t, data)
			g := newGeometry(tr.View.Window(tr.Snap.Territory))
			x, y := g.center(tr.Snap.Players[3].Center)
			c := territoryColor(4)
			rad := g.markSize() + 1
			if g.s >= depositTextSize {
				rad = ringRadius(g)
			}
			// Round the ring: runs of the player's colour and gaps between them.
			on, runs, prev := 0, 0, false
			const steps = 720
			for i := range steps {
				a := 2 * math.Pi * float64(i) / steps
				hit := rgbaAt(img, int(x+rad*math.Cos(a)), int(y+rad*math.Sin(a))) == c
				if hit {
					on++
				}
				if hit && !prev {
					runs++
				}
				prev = hit
			}
			if on < steps/4 || on > steps*3/4 || runs < 5 {
				t.Errorf("round the ruin: %d of %d samples in player 4's colour %v in %d dashes; want a broken ring", on, steps, c, runs)
			}
			if g.s < depositTextSize {
				return
			}
			br := math.Max(7, g.s*0.2)
			bx, by := x+rad*math.Cos(-math.Pi/4), y+rad*math.Sin(-math.Pi/4)
			// Inside the badge's rim: its colour, and the number's dark ink.
			colour, ink := 0, 0
			for py := int(by - br); py <= int(by+br); py++ {
				for px := int(bx - br); px <= int(bx+br); px++ {
					if math.Hypot(float64(px)+0.5-bx, float64(py)+0.5-by) > br-1 {
						continue
					}
					switch k := rgbaAt(img, px, py); {
					case k == c:
						colour++
					case max(k.R, k.G, k.B) < 80:
						ink++
					}
				}
			}
			if colour < int(br*br) || ink < 8 {
				t.Errorf("the badge holds %d pixels of player 4's colour and %d of ink; want a disc with a number", colour, ink)
			}
		})
	}
}

// TestTerritory_PanelCounts: the panel's counts agree with their numbers.
func TestTerritory_PanelCounts(t *testing.T) {
	over := func(turns int) *upbeat.Snapshot {
		return &upbeat.Snapshot{Over: true, Turns: turns, Players: make([]upbeat.PlayerView, 2)}
	}
	terr := func(rows, cols int) upbeat.Territory { return upbeat.Territory{Rows: rows, Cols: cols} }
	for _, tc := range []struct{ got, want string }{
		{turnsText(over(1)), "1 turn played"},
		{turnsText(over(0)), "0 turns played"},
		{turnsText(over(2)), "2 turns played"},
		{turnsText(&upbeat.Snapshot{Turns: 5, Current: 2, Config: upbeat.Config{MaxTurns: 9},
			Players: []upbeat.PlayerView{{Turn: 3}, {Turn: 2}}}), "turn 2 of 9"},
		{windowText(terr(1, 1), Window{1, 1, 1, 1}, 0), "Overview: 1 row x 1 column"},
		{windowText(terr(2, 3), Window{1, 1, 2, 3}, 0), "Overview: 2 rows x 3 columns"},
		{windowText(terr(1, 100), Window{1, 10, 1, 19}, 2), "Zoom 2: row 1, columns 10-28"},
		{windowText(terr(100, 100), Window{40, 41, 8, 9}, 3), "Zoom 3: rows 40-47, columns 41-49"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestStopAt: the path's last point moves back to where its arrow's tip meets the
// text's plate, and stays where the segment misses the plate or starts on it.
func TestStopAt(t *testing.T) {
	plate := image.Rect(100, 90, 140, 110)
	for _, tc := range []struct {
		a, b, want [2]float64
	}{
		{[2]float64{0, 100}, [2]float64{120, 100}, [2]float64{90, 100}},    // enters at x 100, tip 10
		{[2]float64{120, 0}, [2]float64{120, 100}, [2]float64{120, 80}},    // from above
		{[2]float64{0, 0}, [2]float64{50, 50}, [2]float64{50, 50}},         // misses
		{[2]float64{120, 100}, [2]float64{200, 100}, [2]float64{200, 100}}, // starts on it
	} {
		got := stopAt(tc.a, tc.b, plate, 10)
		if math.Abs(got[0]-tc.want[0]) > 1e-9 || math.Abs(got[1]-tc.want[1]) > 1e-9 {
			t.Errorf("stopAt(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
