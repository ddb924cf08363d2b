//go:build !race

package main

// raceEnabled: the race detector slows the largest scenario tenfold.
const raceEnabled = false
