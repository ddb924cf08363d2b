// Command kombat hosts the programming game KOMBAT: on Discord (serve), in a terminal
// (play), headless (sim), and as a strategy checker (check) and scenario runner (try).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: kombat [COMMAND] [ARGS]

commands:
  serve            run the Discord bot (the default)
  play             play a game against the bot in this terminal
  sim              play bot-versus-bot games headless
  check FILE...    compile strategy files and report errors and warnings
  try SCENARIO     run strategies in a described position and print what happened
`

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "check":
		return check(args, stdin, stdout, stderr)
	case "serve", "play", "sim", "try":
		fmt.Fprintf(stderr, "kombat: %s is not available yet in this version\n", cmd)
		return 2
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "kombat: unknown command %q\n\n%s", cmd, usage)
	return 2
}

// maxFileBytes bounds what check reads: far above a strategy's 16 KiB, enough for a
// pasted chat message around it, and never a whole disk.
const maxFileBytes = 1 << 20

// check compiles each file and prints its diagnostics as FILE:LINE:COL: SEVERITY: MSG
// with the source line and a caret. Exit status: 1 if any file has an error, 2 for a
// usage error or an unreadable file, else 0.
func check(files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		fmt.Fprint(stderr, "usage: kombat check FILE... (use - for standard input)\n")
		return 2
	}
	lang := game.NewLanguage()
	status := 0
	for _, name := range files {
		text, err := readStrategy(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "kombat check: %v\n", err)
			status = 2
			continue
		}
		prog, err := interp.Compile(lang, name, text)
		var cerr *interp.Error
		switch {
		case errors.As(err, &cerr):
			fmt.Fprint(stdout, cerr.Format())
			status = max(status, 1)
		case err != nil:
			fmt.Fprintf(stderr, "kombat check: %s: %v\n", name, err)
			status = 2
		default:
			fmt.Fprint(stdout, interp.Report(name, text, prog.Warnings(), 0))
		}
	}
	return status
}

// readStrategy reads a strategy file ("-" is standard input), refusing huge files.
func readStrategy(name string, stdin io.Reader) (string, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return "", err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxFileBytes+1))
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	if len(b) > maxFileBytes {
		return "", fmt.Errorf("%s: larger than %d bytes; a strategy is at most %d bytes", name, maxFileBytes, interp.MaxSourceBytes)
	}
	if strings.ContainsRune(string(b), 0) {
		return "", fmt.Errorf("%s: a binary file, not a strategy", name)
	}
	return string(b), nil
}
