package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/kombat-game/kombat/render"
)

const usageHead = `usage: kombat [COMMAND] [ARGS]

commands:
  serve            run the Discord bot (the default)
  play [FILE...]   play a game against the bot in this terminal (start here)
  sim              play bot-versus-bot games headless
  check FILE...    compile strategy files and report errors and warnings
  try SCENARIO     run strategies in a described position and print what happened

`

// usage is the program's usage message, naming the games of gs.
func (gs games) usage() string {
	var others []string
	for _, t := range gs[1:] {
		others = append(others, "--game "+t.name+" for "+t.title)
	}
	return usageHead + "check, sim, try and play take " + strings.Join(others, ", ") +
		" (default " + defaultGame + ");\ntry also plays a scenario as the game its \"game\" key names.\n"
}

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
	return tools().run(draw, args, stdin, stdout, stderr)
}

// run is Run with the renderer's maker and the games gs.
func (gs games) run(draw newRenderer, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	name, args, err := gs.gameFlag(args)
	if err != nil {
		fmt.Fprintf(stderr, "kombat %s: %v\n", cmd, err)
		return 2
	}
	t, _ := gs.named(name) // gameFlag took only a game of gs
	switch cmd {
	case "check":
		return t.check(draw, args, stdin, stdout, stderr)
	case "try":
		return gs.try(name, args, stdin, stdout, stderr)
	case "sim":
		return t.sim(draw, args, stdin, stdout, stderr)
	case "play":
		if t.play == nil {
			fmt.Fprintf(stderr, "kombat play: %s cannot be played in the terminal yet: watch the bots with kombat sim --game %s, or try a position with kombat try --game %s\n", t.title, t.name, t.name)
			return 2
		}
		return t.play(draw, args, stdin, stdout, stderr)
	}
	if name != "" && name != defaultGame {
		fmt.Fprintf(stderr, "kombat %s: --game %s works with check, sim, try and play\n", cmd, name)
		return 2
	}
	switch cmd {
	case "serve":
		return serve(args, stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, gs.usage())
		return 0
	}
	fmt.Fprintf(stderr, "kombat: unknown command %q\n\n%s", cmd, gs.usage())
	return 2
}
