package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

// try runs a scenario file (kombat try SCENARIO.json) and prints the state after each
// step as JSON. Exit status: 1 for a malformed scenario or a strategy that does not
// compile (with the diagnostics), 2 for a usage error or an unreadable file.
func try(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprint(stderr, "usage: kombat try SCENARIO.json (use - for standard input)\n")
		return 2
	}
	text, err := readStrategy(args[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "kombat try: %v\n", err)
		return 2
	}
	var sc game.Scenario
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		fmt.Fprintf(stderr, "kombat try: %s: not a valid scenario: %v\n", args[0], err)
		return 1
	}
	steps, err := game.RunScenario(game.NewLanguage(), sc)
	var cerr *interp.Error
	switch {
	case errors.As(err, &cerr):
		fmt.Fprintf(stderr, "kombat try: %s: %v\n", args[0], firstLine(err.Error()))
		fmt.Fprint(stderr, cerr.Format())
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "kombat try: %s: %v\n", args[0], err)
		return 1
	}
	out, err := json.MarshalIndent(struct {
		Steps []game.StepResult `json:"steps"`
	}{steps}, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "kombat try: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", compactPairs(out))
	return 0
}

// compactPairs puts [row, col] pairs, which MarshalIndent spreads over four lines, back
// on one line.
func compactPairs(b []byte) []byte {
	return pairRE().ReplaceAll(b, []byte("[$1, $2]"))
}

func pairRE() *regexp.Regexp { return regexp.MustCompile(`\[\s+(-?\d+),\s+(-?\d+)\s+\]`) }

func firstLine(s string) string {
	for i, r := range s {
		if r == '\n' {
			return s[:i]
		}
	}
	return s
}
