// Command kombat hosts the programming games KOMBAT and UPBEAT: on Discord (serve), in a terminal
// (play), headless (sim), and as a strategy checker (check) and scenario runner (try).
// The commands live in package cli; main only hands it the process.
package main

import (
	"os"

	"github.com/kombat-game/kombat/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
