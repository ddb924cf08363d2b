//go:build race

package render

// raceEnabled: under the race detector every pixel costs several times more, so tests
// that draw many images concurrently draw fewer there, keeping every check (CI runs
// only with the detector; go test ./... runs the full counts).
const raceEnabled = true
