// Package cli is the kombat command: serve (the Discord bot), play (a game against the
// bot in a terminal), sim (headless bot-versus-bot games), check (a strategy checker)
// and try (a scenario runner), all behind Run, which returns the exit status.
//
// It is a package apart from main so that its tests run the program exactly as the
// binary does, in process or by re-executing the test binary as the real program,
// while main only hands Run the process's arguments, streams and exit status.
//
// cli is the top of the module: it may import every other package of ours, since it
// wires them together, and only main imports it, so that no host or rule depends on a
// command's flags, files or terminal.
package cli
