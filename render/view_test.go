package render

import (
	"testing"

	"github.com/kombat-game/kombat/upbeat"
)

// inside fails unless v's window lies on t and holds v's center.
func inside(t *testing.T, tr upbeat.Territory, v View) Window {
	t.Helper()
	w := v.Window(tr)
	if w.Top < 1 || w.Left < 1 || w.Top+w.Rows-1 > tr.Rows || w.Left+w.Cols-1 > tr.Cols || w.Rows < 1 || w.Cols < 1 {
		t.Fatalf("%+v: window %+v leaves the %dx%d territory", v, w, tr.Rows, tr.Cols)
	}
	if !w.Has(v.Center) {
		t.Fatalf("%+v: window %+v does not hold the center", v, w)
	}
	return w
}

// TestViewZoomsAndPansWithinTheTerritory walks a 100x100 territory: zooming in shows
// fewer regions at each level and stops at MaxZoom, zooming out comes back to the
// overview and stops there, panning stops at every edge, and every window stays on the
// territory.
func TestViewZoomsAndPansWithinTheTerritory(t *testing.T) {
	tr := upbeat.Territory{Rows: 100, Cols: 100}
	v := View{}
	if w := inside(t, tr, v.clamp(tr)); w != (Window{1, 1, 100, 100}) {
		t.Fatalf("the zero view shows %+v, not the whole territory", w)
	}
	if v.Pan(tr, PanLeft) != v.clamp(tr) {
		t.Error("panning the overview moved it")
	}
	prev := inside(t, tr, v.clamp(tr))
	for z := 1; z <= MaxZoom; z++ {
		v = v.ZoomIn(tr)
		w := inside(t, tr, v)
		if v.Zoom != z || w.Rows >= prev.Rows || w.Cols >= prev.Cols {
			t.Fatalf("zoom in to %d: %+v shows %+v after %+v", z, v, w, prev)
		}
		prev = w
	}
	if v.ZoomIn(tr) != v {
		t.Errorf("zooming in past %d changed %+v to %+v", MaxZoom, v, v.ZoomIn(tr))
	}
	for _, h := range []Heading{PanUp, PanLeft, PanDown, PanRight} {
		for range 100 {
			v = v.Pan(tr, h)
			inside(t, tr, v)
		}
		w := v.Window(tr)
		edge := map[Heading]bool{PanUp: w.Top == 1, PanLeft: w.Left == 1, PanDown: w.Top+w.Rows-1 == 100, PanRight: w.Left+w.Cols-1 == 100}
		if !edge[h] {
			t.Errorf("panning %d a hundred times stopped at %+v, short of the edge", h, w)
		}
		if v.Pan(tr, h) != v {
			t.Errorf("panning %d at the edge moved the view", h)
		}
	}
	for range MaxZoom + 2 {
		v = v.ZoomOut(tr)
		inside(t, tr, v)
	}
	if v.Zoom != 0 {
		t.Errorf("zooming out %d times ended at zoom %d", MaxZoom+2, v.Zoom)
	}
}

// TestViewHome centres on a city center from the overview and from a zoomed view,
// clamped at the corners, and keeps the zoom level it finds.
func TestViewHome(t *testing.T) {
	tr := upbeat.Territory{Rows: 100, Cols: 100}
	for _, c := range []upbeat.Region{{Row: 1, Col: 1}, {Row: 50, Col: 50}, {Row: 100, Col: 100}, {Row: 3, Col: 97}} {
		v := View{}.Home(tr, c)
		w := inside(t, tr, v)
		if v.Zoom != 2 || !w.Has(c) {
			t.Errorf("home to %v from the overview: %+v shows %+v", c, v, w)
		}
		z := View{Zoom: 3, Center: upbeat.Region{Row: 90, Col: 10}}.Home(tr, c)
		if w := inside(t, tr, z); z.Zoom != 3 || !w.Has(c) {
			t.Errorf("home to %v at zoom 3: %+v shows %+v", c, z, w)
		}
	}
	if v := (View{Zoom: 2, Center: upbeat.Region{Row: 50, Col: 50}}).Home(tr, upbeat.Region{Row: 50, Col: 50}); v.Center != (upbeat.Region{Row: 50, Col: 50}) {
		t.Errorf("home to the middle moved the center to %v", v.Center)
	}
}

// TestViewSmallTerritory: a territory that shows whole at the largest size has nothing
// to zoom into, and one that does not stops at the levels that show less; levels out
// of range and centers off the territory are clamped.
func TestViewSmallTerritory(t *testing.T) {
	small := upbeat.Territory{Rows: 6, Cols: 6}
	if v := (View{}).ZoomIn(small); v.Zoom != 0 {
		t.Errorf("a 6x6 territory zoomed in to %d", v.Zoom)
	}
	if v := (View{}).Home(small, upbeat.Region{Row: 2, Col: 2}); v.Zoom != 0 || v.Window(small) != (Window{1, 1, 6, 6}) {
		t.Errorf("home on a 6x6 territory: %+v", v)
	}
	mid := upbeat.Territory{Rows: 12, Cols: 12}
	if v := (View{}).ZoomIn(mid); v.Zoom != MaxZoom {
		t.Errorf("a 12x12 territory zoomed in to %d; only level %d shows less than all of it", v.Zoom, MaxZoom)
	}
	if v := (View{Zoom: MaxZoom}).ZoomOut(mid); v.Zoom != 0 {
		t.Errorf("zooming out of a 12x12 territory went to %d", v.Zoom)
	}
	odd := View{Zoom: 9, Center: upbeat.Region{Row: -5, Col: 500}}.clamp(upbeat.Territory{Rows: 100, Cols: 100})
	if odd.Zoom != MaxZoom {
		t.Errorf("zoom 9 clamped to %d", odd.Zoom)
	}
	inside(t, upbeat.Territory{Rows: 100, Cols: 100}, odd)
}
