//go:build !race

package cli

// raceEnabled: the race detector slows the largest scenario tenfold.
const raceEnabled = false
