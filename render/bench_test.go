package render

import (
	"testing"

	"github.com/kombat-game/kombat/game"
)

// busyBoard is a board with at least 30 minions after a turn full of moves and shots.
func busyBoard(t testing.TB) Board {
	g := fullBoardGame(t)
	frames, err := game.Frames(game.NewLanguage(), g.Record())
	if err != nil {
		t.Fatal(err)
	}
	best := frames[0]
	for _, f := range frames {
		if len(f.Snapshot.Minions) >= 30 && len(f.Turn.Events) > len(best.Turn.Events) {
			best = f
		}
	}
	if len(best.Snapshot.Minions) < 30 {
		t.Fatalf("no frame with 30 minions")
	}
	return Board{Snap: best.Snapshot, Last: best.Turn, Names: [2]string{"Alice", "Bob"}}
}

// BenchmarkBoardPNG draws and encodes one board with 30+ minions and a busy last turn.
func BenchmarkBoardPNG(b *testing.B) {
	r := newRenderer(b)
	board := busyBoard(b)
	var size int
	b.ReportAllocs()
	for b.Loop() {
		data, err := r.PNG(board)
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "bytes/image")
	b.ReportMetric(float64(len(board.Snap.Minions)), "minions")
}

// BenchmarkReplayGIF animates a 69-turn game with a full board.
func BenchmarkReplayGIF(b *testing.B) {
	r := newRenderer(b)
	frames, err := game.Frames(game.NewLanguage(), fullBoardGame(b).Record())
	if err != nil {
		b.Fatal(err)
	}
	var size int
	b.ReportAllocs()
	for b.Loop() {
		data, err := r.GIF(frames, [2]string{"Alice", "Bob"})
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "bytes/replay")
}
