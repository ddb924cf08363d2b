package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// TestBattleGIF animates four AIBG pictures: one frame each, which, composed over the
// ones before, holds exactly the palette indices of its Battle's BattlePNG (the same
// palette, pixel for pixel); the same frames give the same bytes, and no frame is no
// animation.
func TestBattleGIF(t *testing.T) {
	r := newRenderer(t)
	frames := []Battle{betweenBattle(t), midBattle(t), craftedBattle(t), endBattle(t)}
	data, err := r.BattleGIF(frames)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := r.BattleGIF(frames); !bytes.Equal(data, again) {
		t.Error("the same frames gave two different animations")
	}
	if _, err := r.BattleGIF(nil); err == nil {
		t.Error("an animation of no frame was made")
	}
	want := make([][]byte, len(frames))
	for i, b := range frames {
		data, _ := r.BattlePNG(b)
		img, err := png.Decode(bytes.NewReader(data))
		pal, ok := img.(*image.Paletted)
		if err != nil || !ok {
			t.Fatalf("frame %d's PNG: %v, paletted %v", i, err, ok)
		}
		want[i] = pal.Pix
	}
	got := composed(t, data)
	if len(got) != len(want) {
		t.Fatalf("%d frames composed, want %d", len(got), len(want))
	}
	for i := range got {
		if !bytes.Equal(got[i].Pix, want[i]) {
			t.Errorf("frame %d, composed, is not its Battle's picture", i)
		}
	}
}

// BenchmarkBattleGIF animates four pictures of a match: what kombat play --game aibg
// pays a frame of its replay.gif.
func BenchmarkBattleGIF(b *testing.B) {
	r := newRenderer(b)
	frames := []Battle{betweenBattle(b), midBattle(b), craftedBattle(b), endBattle(b)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.BattleGIF(frames); err != nil {
			b.Fatal(err)
		}
	}
}
