package render

import (
	"bytes"
	"image"
	"image/png"
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
