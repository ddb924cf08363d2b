package render

import (
	"fmt"
	"image"
)

// BattleGIF animates an AIBG match: one frame per Battle given (the caller picks the
// states: the lineups of each round and the turns after them, each with its turn's
// log), drawn as BattlePNG draws them and on the same palette, so a frame's colours
// are exactly the PNG's; written by animate, as the other games' replays are. Every
// frame is held in memory until the animation is written (Width x Height bytes each),
// so the caller bounds how many it gives.
func (r *Renderer) BattleGIF(frames []Battle) ([]byte, error) {
	if len(frames) == 0 {
		return nil, fmt.Errorf("render: a replay needs at least one frame")
	}
	k := r.battle.prepare(battlePalette)
	imgs := make([]*image.Paletted, len(frames))
	parallel(len(frames), func(i int) {
		f := k.frame()
		defer k.frames.Put(f)
		f.reset()
		r.drawBattle(f, frames[i])
		imgs[i] = image.NewPaletted(image.Rect(0, 0, Width, Height), k.colors)
		k.index.convert(imgs[i].Pix, f.rgba.Pix) // both Width wide: one row after another
	})
	return animate(imgs, k.colors)
}
