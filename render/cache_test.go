package render

import (
	"bytes"
	"image"
	"image/color"
	"sync"
	"testing"
)

// cacheBoards are boards of every layout: with and without a title, each player to
// act, over and not, busy.
func cacheBoards(t testing.TB) map[string]Board {
	boards := goldenBoards(t)
	titled := boards["crafted"]
	titled.Title = "Turn 7: Alice the Magnificent"
	boards["titled"] = titled
	first := boards["crafted"]
	first.Snap.Current = 1
	boards["first"] = first
	boards["busy"] = busyBoard(t)
	return boards
}

// TestPNGMatchesFullDraw: a PNG, which converts only what a board drew over its cached
// base, holds exactly the pixels of the board drawn in full and converted whole, even
// when its canvas held another board before.
func TestPNGMatchesFullDraw(t *testing.T) {
	r := newRenderer(t)
	boards := cacheBoards(t)
	for _, order := range [][]string{{"busy", "crafted", "titled", "gameover", "first", "setup", "midgame", "busy"}, {"titled", "busy", "setup", "first", "titled"}} {
		for _, name := range order {
			data, err := r.PNG(boards[name])
			if err != nil {
				t.Fatal(err)
			}
			got := decodePNG(t, data)
			want := r.paletted(r.Draw(boards[name]))
			if _, share := compare(got, want); share > 0 {
				t.Errorf("%s: %.4f%% of the pixels differ from the board drawn in full", name, share*100)
			}
			gp, wp := rgbaPixels(got), rgbaPixels(want)
			for i := range Width * Height {
				if g, w := gp[i], wp[i]; g != w {
					t.Fatalf("%s: pixel (%d,%d) is %v, want %v", name, i%Width, i/Width, g, w)
				}
			}
		}
	}
}

// TestPNGBytesRepeat: the same board gives the same bytes, drawn again after other
// boards, by another renderer, and from many goroutines at once. The first drawing is
// a fresh renderer's; the other renderer is the one the package's tests share, which
// has drawn whatever they drew before.
func TestPNGBytesRepeat(t *testing.T) {
	r := freshRenderer(t)
	boards := cacheBoards(t)
	want := map[string][]byte{}
	for name, b := range boards {
		data, err := r.PNG(b)
		if err != nil {
			t.Fatal(err)
		}
		want[name] = data
	}
	other := newRenderer(t)
	for name, b := range boards {
		for _, rr := range []*Renderer{r, other} {
			data, err := rr.PNG(b)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, want[name]) {
				t.Errorf("%s: drawn again, the bytes differ", name)
			}
		}
	}
	goroutines, rounds := 8, 3
	if raceEnabled { // still concurrent draws of the same renderer, which is what the detector is for
		goroutines, rounds = 4, 1
	}
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range rounds {
				for name, b := range boards {
					if (g+i)%2 == 0 && name == "busy" {
						continue
					}
					data, err := r.PNG(b)
					if err != nil {
						t.Error(err)
						return
					}
					if !bytes.Equal(data, want[name]) {
						t.Errorf("%s: drawn from goroutine %d, the bytes differ", name, g)
					}
				}
			}
		}()
	}
	wg.Wait()
}

func rgbaAt(img image.Image, x, y int) color.RGBA {
	return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
}
