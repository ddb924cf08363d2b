package render

import (
	"bytes"
	"fmt"
	"image"
	"image/gif"
	"slices"
	"testing"
)

// upbeatFrames plays a seeded game of easy bots on config for at most turns turns and
// returns its overview frames: the start, then the state after every turn with its log.
func upbeatFrames(t testing.TB, config string, players int, seed uint64, turns int) []Territory {
	t.Helper()
	names := []string{"Alice", "Bob", "Carol", "Dan", "Eve", "Fay"}[:players]
	var frames []Territory
	for n := 0; n <= turns; n++ {
		g, last := upbeatGame(t, config, players, seed, n)
		if g.Snapshot().Turns < n {
			break // over before n turns
		}
		frames = append(frames, Territory{Snap: g.Snapshot(), Last: last, Names: names, Title: fmt.Sprintf("step %d", n)})
	}
	return frames
}

// composed composes an animation's frames as a viewer does (disposal none, index
// transparent left as it was) and returns each picture.
func composed(t *testing.T, data []byte) []*image.Paletted {
	t.Helper()
	anim, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the animation does not decode: %v", err)
	}
	if anim.Config.Width != Width || anim.Config.Height != Height || anim.LoopCount != 0 {
		t.Errorf("animation %dx%d loop %d", anim.Config.Width, anim.Config.Height, anim.LoopCount)
	}
	canvas := image.NewPaletted(image.Rect(0, 0, Width, Height), anim.Image[0].Palette)
	var out []*image.Paletted
	for i, f := range anim.Image {
		if anim.Disposal[i] != gif.DisposalNone || anim.Delay[i] == 0 {
			t.Errorf("frame %d: disposal %d, delay %d", i, anim.Disposal[i], anim.Delay[i])
		}
		composeOver(canvas, f)
		out = append(out, &image.Paletted{Pix: slices.Clone(canvas.Pix), Stride: canvas.Stride, Rect: canvas.Rect, Palette: canvas.Palette})
	}
	return out
}

// TestUpbeatGIF animates a short 3-player game: one frame per state, each, composed
// over the ones before, exactly the territory PNG of its state (the same palette and
// colours, pixel for pixel); the same frames give the same bytes.
func TestUpbeatGIF(t *testing.T) {
	r := newRenderer(t)
	frames := upbeatFrames(t, "m=12\nn=9\nmax_turns=3\n", 3, 5, 9)
	if len(frames) != 10 {
		t.Fatalf("%d frames, want the start and 9 turns", len(frames))
	}
	data, kept, err := r.UpbeatGIF(frames, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != len(frames) {
		t.Errorf("kept %v of %d frames with no size limit", kept, len(frames))
	}
	again, _, _ := r.UpbeatGIF(frames, 0)
	if !bytes.Equal(data, again) {
		t.Error("the same frames gave two different animations")
	}
	pics := composed(t, data)
	if len(pics) != len(frames) {
		t.Fatalf("%d pictures for %d frames", len(pics), len(frames))
	}
	for i, pic := range pics {
		png, err := r.TerritoryPNG(frames[i])
		if err != nil {
			t.Fatal(err)
		}
		if !samePixels(pic, decodeTerritory(t, png)) {
			t.Fatalf("frame %d, composed, is not its state's territory image", i)
		}
	}
	if samePixels(pics[0], pics[len(pics)-1]) {
		t.Error("the first and the last picture are the same: nothing was animated")
	}
}

// TestUpbeatGIFBounded: an animation over its byte limit leaves out every other frame
// between the first and the last until it fits, and says which it kept; a limit no
// two frames meet keeps just those two.
func TestUpbeatGIFBounded(t *testing.T) {
	r := newRenderer(t)
	frames := upbeatFrames(t, "m=12\nn=9\nmax_turns=3\n", 3, 5, 9)
	full, _, err := r.UpbeatGIF(frames, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		limit int
		want  []int
	}{
		{"fits", len(full), []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{"one byte less", len(full) - 1, []int{0, 2, 4, 6, 8, 9}},
		{"nothing fits", 1, []int{0, 9}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, kept, err := r.UpbeatGIF(frames, tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(kept, tc.want) {
				t.Fatalf("kept %v, want %v", kept, tc.want)
			}
			if tc.limit > 1 && len(data) > tc.limit {
				t.Errorf("%d bytes over the limit %d", len(data), tc.limit)
			}
			pics := composed(t, data)
			if len(pics) != len(kept) {
				t.Fatalf("%d pictures for %d kept frames", len(pics), len(kept))
			}
			last, _ := r.TerritoryPNG(frames[kept[len(kept)-1]])
			if !samePixels(pics[len(pics)-1], decodeTerritory(t, last)) {
				t.Error("the last picture is not the last state's")
			}
		})
	}
}

// samePixels reports whether two images of the same bounds have the same colours.
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

// BenchmarkUpbeatReplayGIF animates a 30-turn game of two bots on a 20 x 20 territory:
// 61 frames.
func BenchmarkUpbeatReplayGIF(b *testing.B) {
	r := newRenderer(b)
	frames := upbeatFrames(b, "m=20\nn=20\nmax_turns=30\n", 2, 3, 60)
	if len(frames) != 61 {
		b.Fatalf("%d frames, want 61", len(frames))
	}
	var size int
	b.ReportAllocs()
	for b.Loop() {
		data, _, err := r.UpbeatGIF(frames, 0)
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "bytes/replay")
}
