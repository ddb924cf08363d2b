//go:build !race

package render

import "testing"

// TestReplayGIF decodes the 69-turn replay of a full board with checkReplayGIF's checks
// on every one of its 139 frames. Pure drawing and comparing, and many minutes under
// the race detector: TestReplayGIFShort, its twin on 8 turns, runs there (and here).
func TestReplayGIF(t *testing.T) {
	r := newRenderer(t)
	g := fullBoardGame(t)
	if n := len(g.Snapshot().Minions); n < 40 {
		t.Fatalf("only %d minions: not a full board", n)
	}
	checkReplayGIF(t, r, g, 69)
}
