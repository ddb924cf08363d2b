package render

import (
	"bytes"
	"image/png"
	"slices"
	"testing"

	"github.com/kombat-game/kombat/game"
)

// TestLegendShowsBlockedMove decodes a board and finds the blocked-move mark in the
// legend: the X at the stub's tip in player 1's trail colour, where the legend's
// third column says "blocked move" (the board drew the mark with no word of what it
// means).
func TestLegendShowsBlockedMove(t *testing.T) {
	data, err := newRenderer(t).PNG(craftedBoard())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	want := playerLight(1)
	x, y := int(panelLeft+10+280+22), int(outlineLegendY) // the X's centre
	got := img.At(x, y)
	r, g, b, _ := got.RGBA()
	if int(absDiff(uint8(r>>8), want.R))+int(absDiff(uint8(g>>8), want.G))+int(absDiff(uint8(b>>8), want.B)) > 60 {
		t.Errorf("(%d,%d) is %v, not the blocked-move X's %v", x, y, got, want)
	}
}

// TestFooterParts: the footer counts each kind of action of the last turn, the
// purchase included (it once never listed one), in the order a turn does them.
func TestFooterParts(t *testing.T) {
	h := game.Hex{Row: 2, Col: 2}
	for _, tc := range []struct {
		name   string
		events []game.Event
		want   []string
	}{
		{"a purchase", []game.Event{{Type: game.EvBuy, Player: 1, At: h}}, []string{"1 hex bought"}},
		{"a purchase, a spawn and a move", []game.Event{
			{Type: game.EvIncome, Player: 1, Amount: 90},
			{Type: game.EvBuy, Player: 1, At: h},
			{Type: game.EvSpawn, Player: 1, Minion: 3, At: h},
			{Type: game.EvMove, Player: 1, Minion: 3, At: h, To: game.Hex{Row: 1, Col: 2}},
		}, []string{"1 hex bought", "1 spawn", "1 move"}},
		{"income only", []game.Event{{Type: game.EvIncome, Player: 1, Amount: 90}}, []string{"nothing moved"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := craftedBoard()
			b.Last.Events = tc.events
			if _, parts := lastTurnParts(newView(b)); !slices.Equal(parts, tc.want) {
				t.Errorf("parts %q, want %q", parts, tc.want)
			}
		})
	}
}

// TestTurnTicks: the chart's x axis marks turns between its ends at a round step,
// at most 8 of them.
func TestTurnTicks(t *testing.T) {
	for _, tc := range []struct {
		last int
		want []int
	}{
		{0, nil}, {1, nil}, {2, []int{1}}, {9, []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{10, []int{2, 4, 6, 8}}, {17, []int{2, 4, 6, 8, 10, 12, 14, 16}}, {25, []int{5, 10, 15, 20}},
		{100, []int{20, 40, 60, 80}}, {1000, []int{200, 400, 600, 800}}, {46, []int{10, 20, 30, 40}},
	} {
		if got := turnTicks(tc.last); !slices.Equal(got, tc.want) {
			t.Errorf("turnTicks(%d) = %v, want %v", tc.last, got, tc.want)
		}
	}
}

// TestChartAxisNumbersTurns decodes a chart and finds text under the last panel
// between its two end labels: the turns between "turn 0" and the last are numbered
// (the axis once showed only its ends).
func TestChartAxisNumbersTurns(t *testing.T) {
	data, err := newRenderer(t).Chart(craftedReport(), [2]string{"Alice", "the bot"})
	if err != nil {
		t.Fatal(err)
	}
	img := decodeChart(t, data)
	labels := chartTop + 3*panelH + 2*panelGap + 14 // the labels' middle line
	bg := rgb(colBackground)
	text := 0
	for y := int(labels) - 6; y <= int(labels)+6; y++ {
		for x := int(chartLeft) + 70; x < int(chartRight)-70; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if uint8(r>>8) != bg.R || uint8(g>>8) != bg.G || uint8(b>>8) != bg.B {
				text++
			}
		}
	}
	if text < 20 {
		t.Errorf("%d pixels of text between the axis's ends: its turns are not numbered", text)
	}
}
