package aibgui

import (
	"testing"

	"github.com/kombat-game/kombat/aibg"
)

// benchMatch is a match in round 1's turn 1 with full lineups.
func benchMatch(b *testing.B) *aibg.Game {
	g, err := aibg.New(aibg.Setup{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for p, pool := range [][]string{twelve("Spout", "Tide", "Ember", "Bloom"), twelve("Flare", "Thorn", "Bloom", "Kraken")} {
		if err := g.SelectPool(p+1, pool); err != nil {
			b.Fatal(err)
		}
	}
	for p, ids := range [][]int{{1, 2, 3, 4}, {13, 14, 15, 16}} {
		if err := g.SelectLineup(p+1, ids); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// BenchmarkAibgMovePicker: the private move picker of a turn, built on each press.
func BenchmarkAibgMovePicker(b *testing.B) {
	g, s := benchMatch(b), seats()
	b.ReportAllocs()
	for b.Loop() {
		AibgMovePicker(s, g, 1, AibgControl{})
	}
}

// BenchmarkAibgSummary: a turn's summary (area attacks on four slots each side).
func BenchmarkAibgSummary(b *testing.B) {
	g, s := benchMatch(b), seats()
	var before [2][]aibg.Creature
	var l *aibg.TurnLog
	for _, moves := range [][2]string{{"swap 3", "swap 2"}, {"attack", "attack"}} { // Bloom and Bloom at the front
		before = AibgLineups(g)
		if _, err := g.Play(1, moves[0]); err != nil {
			b.Fatal(err)
		}
		var err error
		if l, err = g.Play(2, moves[1]); err != nil || l == nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		AibgSummary(s, g, *l, before)
	}
}

// BenchmarkParseAibg: reading a pool picker's select with its picks.
func BenchmarkParseAibg(b *testing.B) {
	id, values := "k1:ab:42:0.0:padd:0:1.0.0.4.11.3.3", []string{"2", "5"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseAibg(id, values); err != nil {
			b.Fatal(err)
		}
	}
}
