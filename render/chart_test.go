package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/upbeat"
)

// craftedReport is a hand-made twelve-turn game: player 1 buys a hex on turn 3 and
// loses two minions on turn 7; player 2 loses one on turn 10.
func craftedReport() game.Report {
	var rep game.Report
	for i := 0; i <= 12; i++ {
		pt := game.TurnPoint{Turn: i, Player: 2 - i%2,
			Budget:  [2]float64{10000 + 300*float64(i), 10000 - 200*float64(i)},
			Minions: [2]int{1 + i/2, 1 + i/3}, HP: [2]int64{int64(100 * (1 + i/2)), int64(100 * (1 + i/3))}}
		switch i {
		case 0:
			pt.Player = 0
		case 3:
			pt.Bought[0] = 1
			pt.Budget[0] -= 1000
		case 7:
			pt.Died[0] = 2
		case 10:
			pt.Died[1] = 1
		}
		if i >= 7 {
			pt.Minions[0] -= 2
			pt.HP[0] -= 200
		}
		if i >= 10 {
			pt.Minions[1]--
			pt.HP[1] -= 100
		}
		rep.Points = append(rep.Points, pt)
	}
	return rep
}

// chartDiffShare is the share of a chart's pixels that may differ from its golden
// image: stricter than a board's, since a chart's lines are thin and a wrong value
// moves few pixels.
const chartDiffShare = 0.0005

// decodeChart decodes a chart and checks its size: under 1000 px wide, like a board.
func decodeChart(t testing.TB, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("chart is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != chartWidth || b.Dy() != chartHeight || b.Dx() >= 1000 {
		t.Fatalf("chart is %v, want %dx%d", b, chartWidth, chartHeight)
	}
	return img
}

// TestChartGolden draws the crafted report and compares it with testdata/chart.png
// with the board images' tolerance (go test ./render -update rewrites it); a purchase
// marker sits on player 1's budget line in blue, a death cross on player 2's minion
// line in orange; and one changed value changes the image beyond the tolerance.
func TestChartGolden(t *testing.T) {
	r := newRenderer(t)
	rep := craftedReport()
	names := [2]string{"Alice", "the bot"}
	data, err := r.Chart(rep, names)
	if err != nil {
		t.Fatal(err)
	}
	got := decodeChart(t, data)
	checkGolden(t, "chart", data, got, chartDiffShare)
	// Where the markers are: the same mapping as chartPanel's.
	x := func(turn int) int { return int(chartLeft + 8 + (chartRight-chartLeft-16)*float64(turn)/12) }
	y := func(top, v, hi float64) int { return int(top + panelH - 8 - (panelH-16)*v/hi) }
	hiBudget := rep.Points[12].Budget[0]
	if c := got.At(x(3), y(chartTop, rep.Points[3].Budget[0], hiBudget)); c != playerColor(1) {
		t.Errorf("purchase marker on turn 3: %v, want player 1's %v", c, playerColor(1))
	}
	minionsTop := chartTop + panelH + panelGap
	if c := got.At(x(10), y(minionsTop, float64(rep.Points[10].Minions[1]), 5)); c != playerColor(2) {
		t.Errorf("death marker on turn 10: %v, want player 2's %v", c, playerColor(2))
	}
	rep.Points[6].Budget[1] = 0
	other, err := r.Chart(rep, names)
	if err != nil {
		t.Fatal(err)
	}
	if _, share := compare(decodeChart(t, other), got); share <= chartDiffShare {
		t.Errorf("a budget dropping to 0 on turn 6 changed only %.4f%% of the pixels", share*100)
	}
}

// TestChartOfPlayedGame charts a seeded game's report, and a game with no turn yet.
func TestChartOfPlayedGame(t *testing.T) {
	r := newRenderer(t)
	g := playTo(t, game.DefaultConfig(), 3, 25)
	rep, err := game.NewReport(game.NewLanguage(), g.Record())
	if err != nil {
		t.Fatal(err)
	}
	for _, rp := range []game.Report{rep, {Points: rep.Points[:1]}, {}} {
		data, err := r.Chart(rp, [2]string{"", ""})
		if err != nil {
			t.Fatal(err)
		}
		decodeChart(t, data)
	}
}

// TestUpbeatChart charts a 3-player UPBEAT game as the terminal gathers its report
// (turn by turn), and a report with no turn yet: each decodes at the chart's size, and
// every player's line is drawn in their territory colour.
func TestUpbeatChart(t *testing.T) {
	r := newRenderer(t)
	cfg := upbeat.DefaultConfig()
	cfg.MaxTurns = 6
	plan := "invest 50\nmove up\ninvest 5\n"
	g, err := upbeat.New(upbeat.NewLanguage(), upbeat.Setup{Config: cfg, Seed: 4, Players: 3, Plans: []string{plan, "done", plan}})
	if err != nil {
		t.Fatal(err)
	}
	var rep upbeat.Report
	rep.Note(g.Snapshot(), upbeat.TurnLog{})
	start := rep
	for !g.Over() {
		l, err := g.Confirm(g.Current(), 0)
		if err != nil {
			t.Fatal(err)
		}
		rep.Note(g.Snapshot(), l)
	}
	for name, rp := range map[string]upbeat.Report{"played": rep, "start": start} {
		data, err := r.UpbeatChart(rp, []string{"You"})
		if err != nil {
			t.Fatal(err)
		}
		img := decodeChart(t, data)
		if name != "played" {
			continue
		}
		for p := 1; p <= 3; p++ {
			want, found := territoryColor(p), false
			b := img.Bounds()
			for y := int(chartTop); y < b.Max.Y && !found; y++ {
				for x := int(chartLeft); x < b.Max.X && !found; x++ {
					c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
					found = c == want
				}
			}
			if !found {
				t.Errorf("player %d's colour %v is nowhere in the panels", p, want)
			}
		}
	}
}
