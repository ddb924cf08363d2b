//go:build !race

package store

// raceEnabled: under the race detector every child process TestFirstOpenCrash starts
// is a race-built test binary, several times slower to start; CI runs the test's full
// count without it as well (.ci/run).
const raceEnabled = false
