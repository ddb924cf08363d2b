package render

import (
	"fmt"
	"image"
)

// UpbeatGIF animates an UPBEAT game: one frame per Territory given (the caller picks
// the states: the start and the turns after it, each with its turn's log), drawn as
// TerritoryPNG draws them and on the same palette, so a frame's colours are exactly
// the PNG's; written by animate, as KOMBAT's replays are. When maxBytes > 0 and the
// animation is larger, every other frame between the first and the last is left
// out, and again, until it fits or only those two are left: kept lists the frames the
// animation shows, as indices into frames. The image's size never depends on the
// territory's (the overview fits any territory on the map), so the frames bound it.
func (r *Renderer) UpbeatGIF(frames []Territory, maxBytes int) (data []byte, kept []int, err error) {
	if len(frames) == 0 {
		return nil, nil, fmt.Errorf("render: a replay needs at least one frame")
	}
	imgs := make([]*image.Paletted, len(frames))
	parallel(len(frames), func(i int) { imgs[i] = r.territoryPaletted(frames[i]) })
	pal := r.territoryKit().colors
	kept = make([]int, len(frames))
	for i := range kept {
		kept[i] = i
	}
	for {
		shown := make([]*image.Paletted, len(kept))
		for i, k := range kept {
			shown[i] = imgs[k]
		}
		if data, err = animate(shown, pal); err != nil {
			return nil, nil, err
		}
		if maxBytes <= 0 || len(data) <= maxBytes || len(kept) <= 2 {
			return data, kept, nil
		}
		kept = thin(kept)
	}
}

// thin keeps the first and last of idx and every other one between them.
func thin(idx []int) []int {
	out := make([]int, 0, len(idx)/2+2)
	for i := 0; i < len(idx)-1; i += 2 {
		out = append(out, idx[i])
	}
	return append(out, idx[len(idx)-1])
}

// territoryPaletted draws t on the territory palette, as TerritoryPNG encodes it.
func (r *Renderer) territoryPaletted(t Territory) *image.Paletted {
	k := r.territoryKit()
	f := k.frame()
	defer k.frames.Put(f)
	r.redraw(f, t)
	out := image.NewPaletted(image.Rect(0, 0, Width, Height), k.colors)
	for y := range Height {
		k.index.convert(out.Pix[y*out.Stride:y*out.Stride+Width], f.rgba.Pix[y*f.rgba.Stride:(y+1)*f.rgba.Stride])
	}
	return out
}
