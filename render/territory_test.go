package render

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/upbeat"
)

// upbeatGame plays a seeded game of players easy bots (which claim regions rather
// than strike at once) on the configuration text for turns
// turns (or to its end) and returns it with its last turn's log.
func upbeatGame(t testing.TB, config string, players int, seed uint64, turns int) (*upbeat.Game, upbeat.TurnLog) {
	t.Helper()
	cfg, err := upbeat.ParseConfig(config)
	if err != nil {
		t.Fatal(err)
	}
	var bots []*upbeat.Bot
	var plans []string
	for p := range players {
		b, err := upbeat.NewBot("easy", seed+uint64(p))
		if err != nil {
			t.Fatal(err)
		}
		bots, plans = append(bots, b), append(plans, b.InitialPlan())
	}
	g, err := upbeat.New(upbeat.NewLanguage(), upbeat.Setup{Config: cfg, Seed: seed, Players: players, Plans: plans})
	if err != nil {
		t.Fatal(err)
	}
	var last upbeat.TurnLog
	for i := 0; i < turns && !g.Over(); i++ {
		p := g.Current()
		if plan := bots[p-1].Revision(g, p); plan != "" {
			g.Revise(p, plan, 0)
		}
		if last, err = g.Confirm(p, 0); err != nil {
			t.Fatal(err)
		}
	}
	return g, last
}

// decodeTerritory decodes a territory PNG, which has a board's size.
func decodeTerritory(t testing.TB, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, Width, Height) {
		t.Fatalf("the image is %v, want %dx%d", img.Bounds(), Width, Height)
	}
	return img
}

// craftedTerritory is a hand-made 10x12 position of four players exercising every
// mark: regions of every player at several deposit levels, an ownerless deposit, a
// player who is out, the player to act framed, and a last turn with a walk, a move
// refused, invests, a collect, a shot at an opponent and one off the territory.
func craftedTerritory() Territory {
	cfg := upbeat.DefaultConfig()
	cfg.Rows, cfg.Cols = 10, 12
	terr := cfg.Territory()
	s := upbeat.Snapshot{
		Config: cfg, Territory: terr,
		Owners:   make([]uint8, terr.Size()),
		Deposits: make([]float64, terr.Size()),
		Current:  2, Turns: 37,
	}
	set := func(row, col, owner int, dep float64) {
		i := (row-1)*terr.Cols + col - 1
		s.Owners[i], s.Deposits[i] = uint8(owner), dep
	}
	// Player 1 around (3,3), player 2 around (7,9), player 3 in the top right corner,
	// player 4 out, its regions left ownerless.
	deps := []float64{5, 42, 380, 2600, 41000, 720000}
	for i, d := range [][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, 1}, {0, -1}, {-1, 1}, {1, -1}, {2, 0}} {
		set(3+d[0], 3+d[1], 1, deps[i%len(deps)])
	}
	for i, d := range [][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-2, 0}, {2, 1}} {
		set(7+d[0], 9+d[1], 2, deps[(i+3)%len(deps)])
	}
	set(1, 12, 3, 130000)
	set(1, 11, 3, 88)
	set(2, 12, 3, 9)
	set(9, 2, 0, 310) // player 4's old center, ownerless
	set(8, 2, 0, 12.5)
	s.Deposits[(6-1)*terr.Cols+5-1] = 0.4 // below 1: ownerless, hardly anything
	s.Players = []upbeat.PlayerView{
		{Budget: 12345, Center: upbeat.Region{Row: 3, Col: 3}, Turn: 10, Alive: true, Clock: 29*time.Minute + 41*time.Second, CanRevise: true},
		{Budget: 987, Center: upbeat.Region{Row: 7, Col: 9}, Turn: 10, Alive: true, Clock: 75 * time.Second, CanRevise: true},
		{Budget: 3, Center: upbeat.Region{Row: 1, Col: 12}, Turn: 9, Alive: true, CanRevise: false},
		{Budget: 0, Center: upbeat.Region{Row: 9, Col: 2}, Turn: 8, Alive: false, Clock: 30 * time.Minute, CanRevise: true},
	}
	for i, o := range s.Owners {
		if o != 0 {
			s.Players[o-1].Regions++
			s.Players[o-1].Total += s.Deposits[i]
		}
	}
	r := func(row, col int) upbeat.Region { return upbeat.Region{Row: row, Col: col} }
	last := upbeat.TurnLog{Player: 1, Turn: 9, Crew: r(5, 6), End: upbeat.EndDone, Events: []upbeat.Event{
		{Kind: upbeat.EventInterest, Player: 1, Gain: 812.5, Count: 8},
		{Kind: upbeat.EventInvest, Player: 1, At: r(3, 3), Amount: 500, Cost: 501, Gain: 500, OK: true},
		{Kind: upbeat.EventMove, Player: 1, At: r(3, 3), To: r(3, 4), Dir: upbeat.DownRight, Cost: 1, OK: true},
		{Kind: upbeat.EventMove, Player: 1, At: r(3, 4), To: r(4, 5), Dir: upbeat.DownRight, Cost: 1, OK: true},
		{Kind: upbeat.EventInvest, Player: 1, At: r(4, 5), Amount: 40, Cost: 41, Gain: 40, OK: true},
		{Kind: upbeat.EventMove, Player: 1, At: r(4, 5), To: r(4, 6), Dir: upbeat.UpRight, Cost: 1, OK: true},
		{Kind: upbeat.EventMove, Player: 1, At: r(4, 6), To: r(5, 6), Dir: upbeat.Down, Cost: 1, OK: true},
		{Kind: upbeat.EventCollect, Player: 1, At: r(5, 6), Amount: 3, Cost: 1, OK: true},
		{Kind: upbeat.EventMove, Player: 1, At: r(5, 6), To: r(5, 7), Dir: upbeat.UpRight, Cost: 1, Note: "owned by another player"},
		{Kind: upbeat.EventShoot, Player: 1, At: r(5, 6), To: r(6, 7), Dir: upbeat.DownRight, Amount: 2500, Cost: 2501, Gain: -2500, OK: true},
		{Kind: upbeat.EventShoot, Player: 1, At: r(5, 6), To: r(5, 7), Dir: upbeat.UpRight, Amount: 10, Cost: 11, Note: "ownerless"},
		{Kind: upbeat.EventEvalEnd, Player: 1, At: r(5, 6), Note: upbeat.EndDone},
	}}
	return Territory{Snap: s, Last: last, Names: []string{"Alice the Magnificent", "Bob", "", "Dee"}, Title: "Turn 9: Alice the Magnificent"}
}

// TestTerritoryGolden draws the crafted position as an overview and zoomed in on player
// 1's city center, and compares each, decoded, with testdata/territory-*.png with the
// boards' tolerance (go test ./render -update rewrites them).
func TestTerritoryGolden(t *testing.T) {
	r := newRenderer(t)
	over := craftedTerritory()
	zoomed := over
	zoomed.View = View{}.Home(over.Snap.Territory, over.Snap.Players[0].Center).ZoomIn(over.Snap.Territory)
	if zoomed.View.Zoom != MaxZoom {
		t.Fatalf("zoomed view %+v; want zoom %d", zoomed.View, MaxZoom)
	}
	for name, tr := range map[string]Territory{"territory-overview": over, "territory-zoomed": zoomed} {
		t.Run(name, func(t *testing.T) {
			data, err := r.TerritoryPNG(tr)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, name, data, decodeTerritory(t, data), maxDiffShare)
		})
	}
}

// TestTerritoryBytesRepeat: the same territory gives the same bytes, drawn again after
// other images on the same pooled canvases, and its PNG shows what DrawTerritory draws
// in full colour, but for the palette's rounding of anti-aliased edges.
func TestTerritoryBytesRepeat(t *testing.T) {
	r := newRenderer(t)
	tr := craftedTerritory()
	first, _ := r.TerritoryPNG(tr)
	other := tr
	other.View = View{}.Home(tr.Snap.Territory, upbeat.Region{Row: 9, Col: 12}).ZoomIn(tr.Snap.Territory)
	r.TerritoryPNG(other)
	if again, _ := r.TerritoryPNG(tr); !bytes.Equal(first, again) {
		t.Error("the same territory gave different bytes after another image")
	}
	if _, share := compare(decodeTerritory(t, first), r.DrawTerritory(tr)); share > maxDiffShare {
		t.Errorf("the PNG differs from the full-colour drawing in %.3f%% of the pixels", share*100)
	}
}

// TestTerritoryColours decodes the overview and finds, in each owned region, the
// owner's fill or pattern colour exactly, away from the city centers' rings, at the right deposit level, each player's
// pattern on the image, and the six players' colours far apart.
func TestTerritoryColours(t *testing.T) {
	r := newRenderer(t)
	tr := craftedTerritory()
	data, _ := r.TerritoryPNG(tr)
	img := decodeTerritory(t, data)
	g := newGeometry(tr.View.Window(tr.Snap.Territory))
	s := tr.Snap
	patterns := map[int]bool{} // a player's pattern colour was seen
	for row := 1; row <= s.Territory.Rows; row++ {
		for col := 1; col <= s.Territory.Cols; col++ {
			reg := upbeat.Region{Row: row, Col: col}
			o := s.Owner(reg)
			if o == 0 || s.Players[o-1].Center == reg { // a center's ring covers its edge
				continue
			}
			fill, pat := shade(o, depLevel(s.Deposit(reg), s.Config.MaxDep))
			x, y := g.center(reg)
			// Sample a patch left of the numbers and marks.
			for dy := -3; dy <= 3; dy++ {
				for dx := -3; dx <= 3; dx++ {
					px, py := int(x-g.s*0.62)+dx, int(y)+dy
					c := rgbaAt(img, px, py)
					if c != fill && c != pat {
						t.Fatalf("%v, player %d: pixel (%d,%d) is %v, want %v or %v", reg, o, px, py, c, fill, pat)
					}
					patterns[o] = patterns[o] || c == pat
				}
			}
		}
	}
	if patterns[1] {
		t.Errorf("player 1's regions show a pattern; player 1 has none")
	}
	for _, p := range []int{2, 3} {
		if !patterns[p] {
			t.Errorf("player %d's regions show no pattern", p)
		}
	}
	for a := 1; a <= 6; a++ {
		for b := a + 1; b <= 6; b++ {
			ca, cb := territoryColor(a), territoryColor(b)
			d := max(absDiff(ca.R, cb.R), absDiff(ca.G, cb.G), absDiff(ca.B, cb.B))
			if d < 60 {
				t.Errorf("players %d and %d have colours %v and %v, too close", a, b, ca, cb)
			}
		}
	}
}

// busyTerritory is a 100x100 game of six easy bots after 300 turns.
func busyTerritory(t testing.TB) Territory {
	g, last := upbeatGame(t, "m=100\nn=100", 6, 5, 300)
	return Territory{Snap: g.Snapshot(), Last: last, Names: []string{"Alice", "Bob", "Cy", "Dee", "Eve", "Fay"}}
}

// BenchmarkTerritoryOverview100 draws and encodes the overview of a 100x100 territory.
func BenchmarkTerritoryOverview100(b *testing.B) {
	r := newRenderer(b)
	tr := busyTerritory(b)
	benchTerritory(b, r, tr)
}

// BenchmarkTerritoryZoomed draws and encodes a view at zoom level 2 (deposits as
// numbers) around the last crew's region of the 100x100 game; the issue asks for
// under 50 ms.
func BenchmarkTerritoryZoomed(b *testing.B) {
	r := newRenderer(b)
	tr := busyTerritory(b)
	tr.View = View{}.Home(tr.Snap.Territory, tr.Last.Crew)
	benchTerritory(b, r, tr)
}

func benchTerritory(b *testing.B, r *Renderer, tr Territory) {
	r.TerritoryPNG(tr) // the palette is built once per renderer
	var size int
	b.ReportAllocs()
	for b.Loop() {
		data, err := r.TerritoryPNG(tr)
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "bytes/image")
}

// TestCompactIsWhole: a region's deposit on the image is its whole part
// (upbeat.Whole), as every text shows it; 215.9 was 215 here and 216 in the terminal.
func TestCompactIsWhole(t *testing.T) {
	for _, tc := range []struct {
		d    float64
		want string
	}{{0.9, "0"}, {215.9, "215"}, {9999.99, "9999"}, {12_399.9, "12.3k"}, {999_999.9, "999k"}} {
		if got := compact(tc.d); got != tc.want {
			t.Errorf("compact(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestTerritoryText compares the crafted position's text map with
// testdata/territory.txt (go test ./render -update rewrites it), shows where a
// player who is out had their city center, and holds every map
// to 80 columns: a territory of 100x100 is shown as a window around the given region,
// clamped at the edges.
func TestTerritoryText(t *testing.T) {
	got := TerritoryText(craftedTerritory(), upbeat.Region{Row: 3, Col: 3})
	checkTextGolden(t, "territory.txt", got+TerritoryLegend)
	// Player 4, out, had their city center at (9,2), ownerless since.
	if !strings.Contains(got, "\n   9   .  x4   .") {
		t.Errorf("row 9 does not show player 4's fallen city center at column 2:\n%s", got)
	}
	big := craftedTerritory()
	cfg := big.Snap.Config
	cfg.Rows, cfg.Cols = 100, 100
	big.Snap.Config, big.Snap.Territory = cfg, cfg.Territory()
	big.Snap.Owners = make([]uint8, big.Snap.Territory.Size())
	big.Snap.Deposits = make([]float64, big.Snap.Territory.Size())
	for _, tc := range []struct {
		name   string
		text   string
		header string
	}{
		{"crafted", got + TerritoryLegend, "       1   2   3"},
		{"100x100 at (50,50)", TerritoryText(big, upbeat.Region{Row: 50, Col: 50}), "Rows 40 to 59 and columns 41 to 59 of 100x100:"},
		{"100x100 at a corner", TerritoryText(big, upbeat.Region{Row: 100, Col: 1}), "Rows 81 to 100 and columns 1 to 19 of 100x100:"},
	} {
		if !strings.HasPrefix(tc.text, tc.header) {
			t.Errorf("%s: begins %q, want %q", tc.name, firstLine(tc.text), tc.header)
		}
		for i, line := range strings.Split(tc.text, "\n") {
			if n := len([]rune(line)); n > 80 {
				t.Errorf("%s: line %d has %d columns: %q", tc.name, i+1, n, line)
			}
		}
	}
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }
