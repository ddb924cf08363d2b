// Package cli is the kombat command: serve (the Discord bot), play (a game against the
// bot in a terminal), sim (headless bot-versus-bot games), check (a strategy checker)
// and try (a scenario runner). It is a package apart from main so that its tests run
// the program exactly as the binary does, and re-execute it as a subprocess, while
// main only wires the process's arguments, streams and exit status to Run.
package cli
