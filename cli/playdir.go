package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/kombat-game/kombat/render"
)

// imagesLeft says, once a terminal game of any of the games has stopped before its
// end, where its images are: in dir when any was written (what names them, as "images
// and replay.gif"), else that none was. A folder made for this game (made) and left
// empty is removed first: it is only clutter, and a temporary one would stay until the
// system clears it.
func imagesLeft(dir string, made bool, images int, what string) string {
	switch {
	case images > 0:
		return fmt.Sprintf("Its %s are in %s\n", what, dir)
	case made && os.Remove(dir) == nil:
		return fmt.Sprintf("Nothing was played, so no image was written, and the folder made for them, %s, is removed.\n", dir)
	}
	return fmt.Sprintf("Nothing was played, so no image was written to %s\n", dir)
}

// playFolder makes the folder for a terminal game's images (newPlayDir: out, else a
// new temporary one named after the seed) and the renderer that draws them. On
// failure it says why on stderr and returns play's exit status: 2 for a folder that
// cannot be made, 1 for a renderer.
func playFolder(out string, seed uint64, draw newRenderer, stderr io.Writer) (dir string, made bool, r *render.Renderer, code int) {
	dir, made, err := newPlayDir(out, seed)
	if err != nil {
		fmt.Fprintf(stderr, "kombat play: %v\n", err)
		return "", false, nil, 2
	}
	if r, err = draw(); err != nil {
		fmt.Fprintf(stderr, "kombat play: %v\n", err)
		if made {
			os.Remove(dir) // nothing will be drawn into it
		}
		return dir, made, nil, 1
	}
	return dir, made, r, 0
}
