//go:build !race

package bot

// raceEnabled: the race detector is off (see race_test.go).
const raceEnabled = false
