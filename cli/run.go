package cli

import (
	"fmt"
	"io"

	"github.com/kombat-game/kombat/render"
)

const usage = `usage: kombat [COMMAND] [ARGS]

commands:
  serve            run the Discord bot (the default)
  play [FILE...]   play a game against the bot in this terminal (start here)
  sim              play bot-versus-bot games headless
  check FILE...    compile strategy files and report errors and warnings
  try SCENARIO     run strategies in a described position and print what happened

check, sim, try and play take --game upbeat for UPBEAT, the sister game (default kombat);
try also plays a scenario as the game its "game" key names.
`

// Run is the kombat program without the process: it returns the exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(render.New, args, stdin, stdout, stderr)
}

// newRenderer makes the renderer a command draws with. The program makes one per
// command (render.New); the package's tests share one, since making it (fonts, the
// field, every hex's stamps) costs more than the short games they play with it.
type newRenderer func() (*render.Renderer, error)

// run is Run with the renderer's maker.
func run(draw newRenderer, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	name, args, err := gameFlag(args)
	if err != nil {
		fmt.Fprintf(stderr, "kombat %s: %v\n", cmd, err)
		return 2
	}
	if name == "upbeat" {
		return runUpbeat(draw, cmd, args, stdin, stdout, stderr)
	}
	switch cmd {
	case "serve":
		return serve(args, stdout, stderr)
	case "check":
		return check(args, stdin, stdout, stderr)
	case "try":
		return try(name, args, stdin, stdout, stderr)
	case "sim":
		return sim(draw, args, stdout, stderr)
	case "play":
		return play(draw, args, stdin, stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "kombat: unknown command %q\n\n%s", cmd, usage)
	return 2
}
