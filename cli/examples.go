package cli

import (
	"io/fs"
	"path"

	"github.com/kombat-game/kombat/examples"
	"github.com/kombat-game/kombat/game"
)

// exampleKinds are the example strategies as minion kinds, in file-name order.
func exampleKinds() ([]game.KindSpec, error) {
	files := examples.FS()
	names, err := fs.Glob(files, "*.kombat")
	if err != nil {
		return nil, err
	}
	var kinds []game.KindSpec
	for _, name := range names {
		text, err := fs.ReadFile(files, name)
		if err != nil {
			return nil, err
		}
		// Named as in the repository, so that a mistake in one points at the file.
		k, err := game.KindFromFile(path.Join("examples", name), string(text))
		if err != nil {
			return nil, err
		}
		kinds = append(kinds, k)
	}
	return kinds, nil
}
