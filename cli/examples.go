package main

import (
	"embed"
	"io/fs"

	"github.com/kombat-game/kombat/game"
)

// exampleFiles are the example strategies shipped in examples/, built into the binary
// so that kombat play works from anywhere.
//
//go:embed examples/*.kombat
var exampleFiles embed.FS

// exampleKinds are the example strategies as minion kinds, in file-name order.
func exampleKinds() ([]game.KindSpec, error) {
	names, err := fs.Glob(exampleFiles, "examples/*.kombat")
	if err != nil {
		return nil, err
	}
	var kinds []game.KindSpec
	for _, name := range names {
		text, err := exampleFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		k, err := game.KindFromFile(name, string(text))
		if err != nil {
			return nil, err
		}
		kinds = append(kinds, k)
	}
	return kinds, nil
}
