//go:build race

package bot

// raceEnabled: the race detector is on, and tests that would take long under it play
// smaller sizes that keep every assertion.
const raceEnabled = true
