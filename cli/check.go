package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
)

// maxFileBytes bounds what check reads: far above a strategy's 16 KiB, enough for a
// pasted chat message around it, and never a whole disk.
const maxFileBytes = 1 << 20

// check compiles each file and prints its diagnostics as FILE:LINE:COL: SEVERITY: MSG
// with the source line and a caret, then (unless -q) how many files it checked when
// none has an error. Exit status: 1 if any file has an error, 2 for a usage error or an
// unreadable file, else 0; 0 for --help.
func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return checkFiles(checkSpec{
		cmd: "kombat check",
		usage: "usage: kombat check [-q] FILE... (use - for standard input)\n\n" +
			"Compiles strategy files and prints every error and warning with its line and\n" +
			"column. Exit status 1 if a file has an error.\n\n",
		game: "kombat", lang: game.NewLanguage(), one: "file", many: "files",
		header: game.CheckKindHeader,
	}, args, stdin, stdout, stderr)
}

// checkSpec is what a game's check command says and compiles with: both games check
// their files the same way, each in its own language.
type checkSpec struct {
	cmd, usage string
	game       string // the game checked as, a name of tools
	lang       *interp.Language
	one, many  string // what a file is called, "plan" and "plans" say
	// header, when set, holds a file's header lines to the rule play and sim read them
	// by, so that check passes only what they take.
	header func(path, text string) error
}

// checkFiles compiles the files named in args in c's language and prints every
// diagnostic, as check describes.
func checkFiles(c checkSpec, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(c.cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("q", false, "print nothing but the diagnostics")
	fs.Usage = func() {
		fmt.Fprint(stderr, c.usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	files := fs.Args()
	if len(files) == 0 {
		fs.Usage()
		return 2
	}
	status := 0
	for _, name := range files {
		text, err := readStrategy(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "kombat check: %v\n", err)
			status = 2
			continue
		}
		if c.header != nil {
			if err := c.header(name, text); err != nil {
				fmt.Fprintf(stdout, "%v\n", err)
				status = max(status, 1)
			}
		}
		prog, err := interp.Compile(c.lang, name, text)
		var cerr *interp.Error
		switch {
		case errors.As(err, &cerr):
			fmt.Fprint(stdout, cerr.Format())
			c.noteOther(name, text, stdout)
			status = max(status, 1)
		case err != nil:
			fmt.Fprintf(stderr, "kombat check: %s: %v\n", name, err)
			status = 2
		default:
			fmt.Fprint(stdout, interp.Report(name, text, prog.Warnings(), 0))
			if len(prog.Warnings()) > 0 {
				c.noteOther(name, text, stdout)
			}
		}
	}
	if status == 0 && !*quiet {
		fmt.Fprintf(stdout, "%s checked: no errors.\n", plural(len(files), c.one, c.many))
	}
	return status
}

// noteOther says, after a file's errors or warnings, when it compiles cleanly (no
// error, no warning) in another game's language: the games' languages share most
// words, so a file checked as the wrong game often passes with warnings about names it
// never assigns ("ally", "deposit") or fails on a command the game lacks. Without the
// note a newcomer sees only a syntax error.
func (c checkSpec) noteOther(name, text string, stdout io.Writer) {
	for _, t := range tools() {
		if t.name == c.game || t.lang == nil {
			continue
		}
		if prog, err := interp.Compile(t.lang(), name, text); err == nil && len(prog.Warnings()) == 0 {
			fmt.Fprintf(stdout, "%s: note: it compiles cleanly as %s: %s\n", name, t.program, checkedAs(t.name, c.game))
			return
		}
	}
}

// plural is n and the noun, in the singular for 1: "1 file", "3 files".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
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
