//go:build race

package game

// raceEnabled: the race detector slows games tenfold, too much for the level targets.
const raceEnabled = true
