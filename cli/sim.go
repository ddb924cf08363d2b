package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
)

// simOptions are kombat sim's flags.
type simOptions struct {
	config string
	seed   uint64
	games  int
	out    string
	levels [2]string
	files  []string
}

func parseSimFlags(args []string, stderr io.Writer) (simOptions, error) {
	var o simOptions
	fs := flag.NewFlagSet("kombat sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.config, "config", "", "configuration `file` (default: the spec's sample)")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the first game; game i uses seed+i")
	fs.IntVar(&o.games, "games", 1, "number of games")
	fs.StringVar(&o.out, "out", "", "write each game's turn images and replay to `dir`/game-SEED/")
	levels := strings.Join(game.Levels(), ", ")
	fs.StringVar(&o.levels[0], "player1", game.DefaultLevel, "the `level` of the bot in seat 1: "+levels)
	fs.StringVar(&o.levels[1], "player2", game.DefaultLevel, "the `level` of the bot in seat 2: "+levels)
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: kombat sim [--config FILE] [--seed N] [--games N] [--player1 LEVEL] [--player2 LEVEL] [--out DIR] STRATEGY_FILE...\n\n"+
			"Plays bot-versus-bot games with the strategy files as the minion kinds (defense from a\n"+
			"\"# defense: N\" first line) and prints wins per seat, ties, average turns and speed.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	o.files = fs.Args()
	switch {
	case len(o.files) == 0:
		fs.Usage()
		return o, errors.New("no strategy files")
	case len(o.files) > game.MaxKinds:
		return o, fmt.Errorf("%d strategy files; a game has at most %d kinds", len(o.files), game.MaxKinds)
	case o.games < 1:
		return o, fmt.Errorf("--games must be at least 1, got %d", o.games)
	}
	for i, l := range o.levels {
		if _, err := game.NewLevel(l, 0); err != nil {
			return o, fmt.Errorf("--player%d: %w", i+1, err)
		}
	}
	return o, nil
}

// sim plays auto games headless (kombat sim). Exit status: 1 when a strategy does not
// compile or the configuration is wrong, 2 for a usage error or an unreadable file, 0
// for --help.
func sim(draw newRenderer, args []string, stdout, stderr io.Writer) int {
	o, err := parseSimFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "kombat sim: %v\n", err)
		return 2
	}
	cfg, code := readConfig("kombat sim", o.config, game.DefaultConfig(), game.ParseConfig, stderr)
	if code != 0 {
		return code
	}
	lang := game.NewLanguage()
	kinds, code := fileKinds("kombat sim", lang, o.files, stderr)
	if code != 0 {
		return code
	}
	var r *render.Renderer // one for every game's images
	if o.out != "" {
		if r, err = draw(); err != nil {
			fmt.Fprintf(stderr, "kombat sim: %v\n", err)
			return 1
		}
	}
	var wins [3]int // ties, player 1, player 2
	turns := 0
	start := time.Now()
	for i := 0; i < o.games; i++ {
		seed := o.seed + uint64(i)
		g, err := game.New(lang, game.Setup{Config: cfg, Seed: seed, Mode: game.ModeAuto, Kinds: kinds})
		if err != nil {
			reportErr("kombat sim", err, stderr)
			return 1
		}
		d, err := simDeciders(seed, o.levels)
		if err != nil {
			fmt.Fprintf(stderr, "kombat sim: %v\n", err)
			return 2
		}
		if err := game.PlayOut(g, d); err != nil {
			fmt.Fprintf(stderr, "kombat sim: game %d: %v\n", seed, err)
			return 1
		}
		if o.out != "" {
			if err := writeGameImages(r, o.out, lang, g, seed); err != nil {
				fmt.Fprintf(stderr, "kombat sim: %v\n", err)
				return 1
			}
		}
		wins[g.Result().Winner]++
		turns += playerTurns(g)
		if o.games <= 10 {
			fmt.Fprintf(stdout, "game %d (seed %d): %s after %s\n", i+1, seed, game.Explain(*g.Result()), turnsEach(g.Turns()))
		}
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "%d games: player 1 won %d, player 2 won %d, %d ties; %.1f turns each on average; %.1f games/s\n",
		o.games, wins[1], wins[2], wins[0], float64(turns)/float64(o.games), float64(o.games)/elapsed.Seconds())
	return 0
}

// turnsEach words how many turns each player played of a game's turns in all: "5
// turns each", or, when the game ended in player 1's turn (player 1 moves first),
// "5 turns by player 1 and 4 by player 2", which "5 turns each" would misstate.
func turnsEach(turns int) string {
	first, second := (turns+1)/2, turns/2
	if first == second {
		return plural(first, "turn", "turns") + " each"
	}
	return fmt.Sprintf("%s by player 1 and %d by player 2", plural(first, "turn", "turns"), second)
}

// playerTurns counts a game's turns as max_turns does, each player's: the turns
// player 1 has begun, since it moves first.
func playerTurns(g *game.Game) int {
	return (g.Turns() + 1) / 2
}

// simDeciders are the two bots of a simulated game, of the given levels; two normal
// bots are seeded as before the levels came.
func simDeciders(seed uint64, levels [2]string) ([2]game.Decider, error) {
	var d [2]game.Decider
	for i, s := range [2]uint64{seed, seed ^ 0x5bd1e995} {
		var err error
		if d[i], err = game.NewLevel(levels[i], s); err != nil {
			return d, err
		}
	}
	return d, nil
}

// writeGameImages writes a finished game's images to DIR/game-SEED/: setup.png, one
// turn-NNN.png per turn, and replay.gif, drawn with r.
func writeGameImages(r *render.Renderer, dir string, lang *interp.Language, g *game.Game, seed uint64) error {
	out := filepath.Join(dir, fmt.Sprintf("game-%d", seed))
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	frames, err := game.Frames(lang, g.Record())
	if err != nil {
		return err
	}
	names := [2]string{"Bot 1", "Bot 2"}
	for i, f := range frames {
		png, err := r.PNG(render.Board{Snap: f.Snapshot, Last: f.Turn, Names: names})
		if err != nil {
			return err
		}
		name := fmt.Sprintf("turn-%03d.png", i)
		if f.Setup {
			name = "setup.png"
		}
		if err := os.WriteFile(filepath.Join(out, name), png, 0o644); err != nil {
			return err
		}
	}
	gif, err := r.GIF(frames, names)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "replay.gif"), gif, 0o644)
}
