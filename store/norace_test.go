//go:build !race

package store

// raceEnabled: under the race detector every child process TestFirstOpenCrash and
// TestCrashNothingLost start is a race-built test binary, several times slower to
// start; CI runs both tests' full counts without it as well (.ci/run).
const raceEnabled = false
