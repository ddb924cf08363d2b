package render

import (
	"math"

	"github.com/kombat-game/kombat/upbeat"
)

// View is what part of an UPBEAT territory an image shows: the whole of it (Zoom 0,
// the overview), or at zoom level 1 to MaxZoom a rectangle of regions around Center,
// smaller at each level. It is a plain value: the chat layer keeps one per player, and
// its methods return a new View, clamped so that the rectangle stays on the territory.
// The zero View is the overview.
type View struct {
	Center upbeat.Region
	Zoom   int
}

// MaxZoom is the deepest zoom level; its regions are about 80 pixels across.
const MaxZoom = 3

// Heading is a direction to pan a view in.
type Heading int

// The four ways a view pans, as a chat's arrow buttons.
const (
	PanUp    Heading = iota // toward row 1
	PanDown                 // toward the last row
	PanLeft                 // toward column 1
	PanRight                // toward the last column
)

// Window is the rectangle of regions a view shows: rows Top to Top+Rows-1 and
// columns Left to Left+Cols-1.
type Window struct {
	Top, Left  int
	Rows, Cols int
}

// Has reports whether r lies in the window.
func (w Window) Has(r upbeat.Region) bool {
	return r.Row >= w.Top && r.Row < w.Top+w.Rows && r.Col >= w.Left && r.Col < w.Left+w.Cols
}

// zoomSize is the hex size (centre to corner, in pixels) zoom level z aims at; 0 for
// the overview, which fits the whole territory.
func zoomSize(z int) float64 {
	switch z {
	case 1:
		return 10
	case 2:
		return 20
	case 3:
		return 40
	}
	return 0
}

// zoomExtent is how many columns and rows of hexes of size s fit on the map.
func zoomExtent(s float64) (cols, rows int) {
	cols = int((mapW/s - 0.5) / 1.5)
	rows = int(mapH/(sqrt3*s) - 0.5)
	return max(cols, 1), max(rows, 1)
}

// size is the window's rows and columns at zoom level z on t.
func size(t upbeat.Territory, z int) (rows, cols int) {
	if z <= 0 {
		return t.Rows, t.Cols
	}
	c, r := zoomExtent(zoomSize(z))
	return min(r, t.Rows), min(c, t.Cols)
}

// Window is the rectangle of regions v shows on t.
func (v View) Window(t upbeat.Territory) Window {
	z := min(max(v.Zoom, 0), MaxZoom)
	rows, cols := size(t, z)
	top := min(max(v.Center.Row-rows/2, 1), max(t.Rows-rows+1, 1))
	left := min(max(v.Center.Col-cols/2, 1), max(t.Cols-cols+1, 1))
	return Window{Top: top, Left: left, Rows: rows, Cols: cols}
}

// clamp is v with its zoom level in 0..MaxZoom and its center at the middle of the
// window it shows, so that every later step starts from what the player sees.
func (v View) clamp(t upbeat.Territory) View {
	v.Zoom = min(max(v.Zoom, 0), MaxZoom)
	w := v.Window(t)
	v.Center = upbeat.Region{Row: w.Top + w.Rows/2, Col: w.Left + w.Cols/2}
	return v
}

// ZoomIn is the next zoom level that shows fewer regions than v does; v itself (clamped)
// at the deepest one, or when the whole territory already shows at the largest size.
func (v View) ZoomIn(t upbeat.Territory) View {
	v = v.clamp(t)
	r0, c0 := size(t, v.Zoom)
	for z := v.Zoom + 1; z <= MaxZoom; z++ {
		if r, c := size(t, z); r < r0 || c < c0 {
			v.Zoom = z
			return v.clamp(t)
		}
	}
	return v
}

// ZoomOut is the previous zoom level that shows more regions than v does (the lowest
// of those that show the same), ending at the overview (level 0), where it stays.
func (v View) ZoomOut(t upbeat.Territory) View {
	v = v.clamp(t)
	r0, c0 := size(t, v.Zoom)
	for z := v.Zoom - 1; z >= 0; z-- {
		if r, c := size(t, z); r > r0 || c > c0 {
			for z > 0 { // the lowest level showing the same, so that the overview is 0
				if r1, c1 := size(t, z-1); r1 != r || c1 != c {
					break
				}
				z--
			}
			v.Zoom = z
			return v.clamp(t)
		}
	}
	v.Zoom = 0
	return v.clamp(t)
}

// Pan moves the window half its size toward h, stopping at the territory's edge; the
// overview does not move.
func (v View) Pan(t upbeat.Territory, h Heading) View {
	v = v.clamp(t)
	w := v.Window(t)
	dr, dc := max(w.Rows/2, 1), max(w.Cols/2, 1)
	switch h {
	case PanUp:
		v.Center.Row -= dr
	case PanDown:
		v.Center.Row += dr
	case PanLeft:
		v.Center.Col -= dc
	case PanRight:
		v.Center.Col += dc
	}
	return v.clamp(t)
}

// Home centres the view on center (a player's city center, the "my city" button); from
// the overview it also zooms in, to level 2 where deposits show as numbers, or less when
// the territory is small enough to show whole at a lower level.
func (v View) Home(t upbeat.Territory, center upbeat.Region) View {
	v.Center = center
	if v.Zoom <= 0 {
		for range 2 {
			v = v.ZoomIn(t)
		}
	}
	v.Center = center
	return v.clamp(t)
}

// geometry is where a window's hexes are drawn: hex size s (centre to corner) and the
// top-left corner of the box around the window's hexes, centred on the map.
type geometry struct {
	win    Window
	s, h   float64 // size, and row height sqrt(3)*s
	ox, oy float64
}

const sqrt3 = 1.7320508075688772

func newGeometry(w Window) geometry {
	s := math.Min(mapW/(1.5*float64(w.Cols)+0.5), mapH/((float64(w.Rows)+0.5)*sqrt3))
	g := geometry{win: w, s: s, h: sqrt3 * s}
	g.ox = mapX + (mapW-(1.5*float64(w.Cols)+0.5)*s)/2
	g.oy = mapY + (mapH-(float64(w.Rows)+0.5)*g.h)/2
	return g
}

// center is where region r's centre is drawn (U1 as R2): columns 1.5 sizes apart, rows
// a row height apart, odd columns half a row lower than the even ones beside them.
func (g geometry) center(r upbeat.Region) (x, y float64) {
	x = g.ox + g.s + float64(r.Col-g.win.Left)*1.5*g.s
	y = g.oy + g.h/2 + float64(r.Row-g.win.Top)*g.h
	if r.Col%2 != 0 {
		y += g.h / 2
	}
	return x, y
}
