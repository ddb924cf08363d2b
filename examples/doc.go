// Package examples holds the example strategies that the README teaches from and
// kombat play fields without strategy files. It is a package so that they can be built
// into the binary (go:embed reaches no parent folder) while staying where the README
// points, and kombat play works from any folder.
//
// examples imports only the standard library, so any package may offer the examples.
package examples

import (
	"embed"
	"io/fs"
)

//go:embed *.kombat
var files embed.FS

// FS returns the example strategies, NAME.kombat at its root.
func FS() fs.FS { return files }
