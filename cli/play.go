package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/kombat-game/kombat/host/kombathost"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/kombat-game/kombat/conf"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
)

// kombat play: a solitaire game against the built-in bot in the terminal, on the same
// engine as the Discord host. Nothing is stored: the game lives as long as the
// command, and its images are written to a folder shown at the start.

// Errors that end a terminal game early.
var (
	errEndOfInput  = errors.New("end of input") // standard input closed mid-game
	errQuit        = errors.New("quit")         // the player typed quit: they resign
	errInterrupted = errors.New("interrupted")  // Ctrl-C (SIGINT) or SIGTERM mid-game
)

// maxInputLine bounds one line of terminal input; longer lines are refused, not read
// into memory whole.
const maxInputLine = 4096

// playOptions are kombat play's flags.
type playOptions struct {
	config string
	seed   uint64
	seat   int
	out    string
	level  string
	files  []string
}

func parsePlayFlags(args []string, stderr io.Writer) (playOptions, error) {
	o := playOptions{seat: 1, level: game.DefaultLevel}
	fs := flag.NewFlagSet("kombat play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.config, "config", "", "configuration `file` (default: the spec's sample)")
	fs.Uint64Var(&o.seed, "seed", 0, "the game's seed, to replay a game exactly (default: from the clock)")
	fs.IntVar(&o.seat, "seat", 1, "your seat: 1 plays first, 2 second")
	fs.StringVar(&o.out, "out", "", "write each turn's image and the replay to `dir` (default: a new temporary folder)")
	fs.StringVar(&o.level, "level", game.DefaultLevel, "the bot's `level`: "+strings.Join(game.Levels(), ", "))
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: kombat play [--config FILE] [--seed N] [--seat 1|2] [--level LEVEL] [--out DIR] [STRATEGY_FILE...]\n\n"+
			"Plays a game against the built-in bot in this terminal. The strategy files are the\n"+
			"minion kinds (defense from a \"# defense: N\" first line); without any, the built-in\n"+
			"examples (rusher, shooter, spreader) are used.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	o.files = fs.Args()
	switch {
	case o.seat != 1 && o.seat != 2:
		return o, fmt.Errorf("--seat must be 1 or 2, got %d", o.seat)
	case len(o.files) > game.MaxKinds:
		return o, fmt.Errorf("%d strategy files; a game has at most %d kinds", len(o.files), game.MaxKinds)
	}
	if _, err := game.NewLevel(o.level, 0); err != nil {
		return o, fmt.Errorf("--level: %w", err)
	}
	return o, nil
}

// play runs kombat play. Exit status: 0 when the game ends or the input does, 1 when a
// strategy or the configuration is wrong, 2 for a usage error or an unreadable file.
func play(draw newRenderer, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parsePlayFlags(args, stderr)
	if err != nil {
		return flagsRefused(err, stderr)
	}
	cfg, code := readConfig("kombat play", o.config, game.DefaultConfig(), game.ParseConfig, stderr)
	if code != 0 {
		return code
	}
	lang := game.NewLanguage()
	kinds, code := playKinds(lang, o.files, stderr)
	if code != 0 {
		return code
	}
	o.seed = seedOrClock(o.seed)
	g, err := game.New(lang, game.Setup{Config: cfg, Seed: o.seed, Mode: game.ModeSolitaire, HumanSeat: o.seat, Kinds: kinds})
	if err != nil {
		reportErr("kombat play", err, stderr)
		return 1
	}
	dir, made, r, code := playFolder(o.out, o.seed, draw, stderr)
	if code != 0 {
		return code
	}
	in, stop := interruptible(stdin)
	defer stop()
	s := newTerminalGame(g, o.level, r, dir, in, stdout)
	s.intro()
	err = s.run()
	switch {
	case errors.Is(err, errEndOfInput), errors.Is(err, errInterrupted):
		why := unfinished(err)
		fmt.Fprintf(stdout, "\n%s: the game is left unfinished after %s.\n", why, turnsEach(g.Turns()))
		fmt.Fprint(stdout, imagesLeft(dir, made, s.images, "images and replay.gif"))
		return 0
	case errors.Is(err, errQuit):
		fmt.Fprintf(stdout, "The turn images are in %s\n", dir)
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "kombat play: %v\n", err)
		return 1
	}
	return 0
}

// flagsRefused is the exit status of a play command whose flags did not parse: 0 for
// --help (the usage was printed), else 2, saying why.
func flagsRefused(err error, stderr io.Writer) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	fmt.Fprintf(stderr, "kombat play: %v\n", err)
	return 2
}

// seedOrClock is the seed asked for, or one from the clock when none was (0): short
// enough to note down and play the game again with --seed.
func seedOrClock(seed uint64) uint64 {
	if seed != 0 {
		return seed
	}
	return uint64(time.Now().UnixNano()%999_999) + 1
}

// unfinished says why a terminal game stopped before its end, for errEndOfInput or
// errInterrupted: "End of input" or "Interrupted".
func unfinished(err error) string {
	if errors.Is(err, errInterrupted) {
		return "Interrupted"
	}
	return "End of input"
}

// interruptible is stdin read through a pipe that Ctrl-C (SIGINT) or SIGTERM closes
// with errInterrupted, so that a game waiting for an answer ends as when the input
// does. After the first signal the default handling is back: a second Ctrl-C kills.
// stop releases the signals and the pipe.
func interruptible(stdin io.Reader) (io.Reader, func()) {
	pr, pw := io.Pipe()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		_, err := io.Copy(pw, stdin)
		pw.CloseWithError(err) // nil: EOF
	}()
	go func() {
		<-ctx.Done()
		stop()
		pw.CloseWithError(errInterrupted)
	}()
	return pr, func() {
		stop()
		pr.Close() // the copy stops at its next write: the game reads no more
	}
}

// readConfig reads either game's configuration file with parse, or gives def without
// one. On failure it reports to stderr and returns the exit status: 2 for an
// unreadable file, 1 for one with a mistake.
func readConfig[C any](cmd, path string, def C, parse func(string) (C, error), stderr io.Writer) (C, int) {
	if path == "" {
		return def, 0
	}
	text, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return def, 2
	}
	cfg, err := parse(string(text))
	if err != nil {
		printConfigErrors(cmd, path, err, stderr)
		return def, 1
	}
	return cfg, 0
}

// printConfigErrors prints either game's configuration mistakes as FILE:LINE: message,
// as compilers write them.
func printConfigErrors(cmd, path string, err error, stderr io.Writer) {
	var es conf.Errors
	if !errors.As(err, &es) {
		fmt.Fprintf(stderr, "%s: %s: %v\n", cmd, path, err)
		return
	}
	for _, e := range es {
		if e.Line > 0 {
			fmt.Fprintf(stderr, "%s: %s:%d: %s\n", cmd, path, e.Line, e.Msg)
		} else {
			fmt.Fprintf(stderr, "%s: %s: %s\n", cmd, path, e.Msg)
		}
	}
}

// reportErr writes an error to stderr: a strategy that does not compile as its
// diagnostics (FILE:LINE:COL, source line and caret, like kombat check's), anything
// else as one line after the command's name.
func reportErr(cmd string, err error, stderr io.Writer) {
	var cerr *interp.Error
	if errors.As(err, &cerr) {
		fmt.Fprint(stderr, cerr.Format())
		return
	}
	fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
}

// playKinds reads the strategy files, or the built-in examples without any.
func playKinds(lang *interp.Language, files []string, stderr io.Writer) ([]game.KindSpec, int) {
	if len(files) > 0 {
		return fileKinds("kombat play", lang, files, stderr)
	}
	kinds, err := exampleKinds()
	if err != nil {
		fmt.Fprintf(stderr, "kombat play: %v\n", err)
		return nil, 1
	}
	return kinds, 0
}

// fileKinds reads strategy files as minion kinds, through the host's check of every
// kind (kombathost.KindFromFile), so a file is taken exactly when the same kind would be
// in a chat form. On failure it reports to stderr, naming the file (and line), and
// returns the exit status: 2 for an unreadable file, 1 for a bad name, defense line
// or strategy.
func fileKinds(cmd string, lang *interp.Language, files []string, stderr io.Writer) ([]game.KindSpec, int) {
	var kinds []game.KindSpec
	for _, f := range files {
		text, err := readStrategy(f, nil)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
			return nil, 2
		}
		k, err := kombathost.KindFromFile(lang, f, text)
		if err != nil {
			reportErr(cmd, err, stderr)
			return nil, 1
		}
		// A strategy accepted with warnings says so here too, not only in check: a
		// misspelt name is a variable that is always 0, and the game would just
		// look strange.
		if prog, err := host.CheckStrategy(lang, f, text); err == nil && len(prog.Warnings()) > 0 {
			fmt.Fprint(stderr, interp.Report(f, text, prog.Warnings(), 0))
		}
		kinds = append(kinds, k)
	}
	return kinds, 0
}

// newPlayDir makes the folder for either game's images: the one asked for, or a new
// one in the system's temporary folder; made says it did not exist before, so that it
// may be removed again if nothing is written to it.
func newPlayDir(out string, seed uint64) (dir string, made bool, err error) {
	if out == "" {
		dir, err = os.MkdirTemp("", fmt.Sprintf("kombat-play-%d-", seed))
		return dir, err == nil, err
	}
	_, statErr := os.Stat(out)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", false, err
	}
	dir, err = filepath.Abs(out)
	return dir, errors.Is(statErr, fs.ErrNotExist), err
}

// terminalGame is one game played at the terminal.
type terminalGame struct {
	g      *game.Game
	lang   *interp.Language
	seats  *kombathost.Seats // who plays each seat, and the bots' order of play
	human  int
	r      *render.Renderer
	dir    string
	in     *bufio.Reader
	out    io.Writer
	names  [2]string
	images int
}

// newTerminalGame seats the player where the solitaire game g says (its HumanSeat)
// and host's bot of the given level (checked by parsePlayFlags), seeded from g's seed,
// in the other seat.
func newTerminalGame(g *game.Game, level string, r *render.Renderer, dir string, stdin io.Reader, out io.Writer) *terminalGame {
	seat := g.Setup().HumanSeat
	var human [2]bool
	human[seat-1] = true
	var levels [2]string
	levels[2-seat] = level
	seats, err := kombathost.NewSeatsWithLevels(g, human, g.Setup().Seed, levels)
	if err != nil {
		seats = kombathost.NewSeats(g, human, g.Setup().Seed)
	}
	s := &terminalGame{g: g, seats: seats, lang: g.Language(), human: seat,
		r: r, dir: dir, in: bufio.NewReaderSize(stdin, maxInputLine), out: out}
	s.names[seat-1], s.names[2-seat] = "Player", "Bot" // read in "Player's turn 3", "Bot wins"
	return s
}

func (s *terminalGame) intro() {
	cfg := s.g.Config()
	say := func(format string, args ...any) { fmt.Fprintln(s.out, wrap(fmt.Sprintf(format, args...), 80, "", "")) }
	say("KOMBAT: you are player %d against the bot (seed %d; play it again with --seed %d).", s.human, s.g.Setup().Seed, s.g.Setup().Seed)
	say("Each turn you may buy one hex next to your area (%d) and then spawn one minion there (%d); your minions then run their strategies.",
		cfg.HexPurchaseCost, cfg.SpawnCost)
	say("The game lasts %d turns each; whoever has more minions left then (or is the only one with any) wins.", cfg.MaxTurns)
	fmt.Fprintln(s.out, "Minion kinds:")
	for i, k := range s.g.Kinds() {
		fmt.Fprintf(s.out, "  %d. %s (defense %d)\n", i+1, k.Name, k.Defense)
	}
	fmt.Fprintf(s.out, "Board images (one per turn, then replay.gif) go to\n  %s\n", s.dir)
	fmt.Fprintln(s.out, "At any prompt: \"board\" shows the board again, \"quit\" resigns. Each prompt")
	fmt.Fprintln(s.out, "says whether Enter skips it, goes back, or cannot be skipped.")
}

// run plays the game to its end in kombathost.Seats' order: the bot's free spawn, the
// player's, then turns, the bot playing whenever it is to move.
func (s *terminalGame) run() error {
	if err := s.seats.BotFreeSpawns(); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "\n%s\nYour free spawn: a minion at no cost on an empty hex of your area.\n", s.text(game.TurnLog{}, "Setup"))
	if err := s.freeSpawn(); err != nil {
		return s.end(err)
	}
	setup := game.TurnLog{Events: s.g.SetupEvents()}
	if err := s.image("setup.png", setup); err != nil {
		return err
	}
	if s.seats.BotToMove() != 0 {
		// The bot plays next, so no prompt shows the numbers setup.png shows (the
		// first turn's income is in): say them here, from the same board.
		fmt.Fprintf(s.out, "\n%s", s.text(setup, "Setup done (setup.png); the bot plays first"))
	}
	for s.g.Phase() == game.PhasePlay {
		p, log, err := s.human, game.TurnLog{}, error(nil)
		if s.seats.BotToMove() != 0 {
			if p, log, err = s.seats.BotTurn(); err != nil {
				return err
			}
		} else { // not the bot's move in play: the player's
			fmt.Fprintf(s.out, "\n%s\n", s.text(game.TurnLog{}, ""))
			if log, err = s.turn(); err != nil {
				return s.end(err)
			}
		}
		if err := s.image(fmt.Sprintf("turn-%03d.png", s.g.Turns()), log); err != nil {
			return err
		}
		who := "Your"
		if p != s.human {
			who = "The bot's"
		}
		fmt.Fprintf(s.out, "\n%s turn %d:\n%s", who, log.Turn, indent(log))
	}
	return s.finish()
}

// end resigns the game when the player quit, and writes what there is (the replay
// too) when they quit, the input ended or the game was interrupted.
func (s *terminalGame) end(err error) error {
	switch {
	case errors.Is(err, errQuit):
		if rerr := s.g.Resign(s.human); rerr != nil {
			return rerr
		}
		if ferr := s.finish(); ferr != nil {
			return ferr
		}
	case errors.Is(err, errEndOfInput), errors.Is(err, errInterrupted):
		if _, rerr := s.replay(); rerr != nil {
			return rerr
		}
	}
	return err
}

// finish shows the result and writes the replay.
func (s *terminalGame) finish() error {
	last, _ := s.g.LastTurn()
	fmt.Fprintf(s.out, "\n%s\n", s.text(last, ""))
	path, err := s.replay()
	if err != nil {
		return err
	}
	if res := s.g.Result(); res != nil {
		verdict := "It's a tie"
		switch res.Winner {
		case s.human:
			verdict = "You win"
		case 3 - s.human:
			verdict = "The bot wins"
		}
		fmt.Fprintf(s.out, "%s\nThe replay is %s\n", wrap(fmt.Sprintf("Game over: %s (%s).", verdict, render.ResultText(*res, s.names)), 80, "", ""), path)
		return s.afterGame()
	}
	return nil
}

// afterGame tells what happened, as the Discord host does under a final board: the
// turning points and one suggestion, worded for the player, and chart.png of both
// sides' budget, minions and HP over the turns. The game gathered its report as it
// played, so this costs no replay.
func (s *terminalGame) afterGame() error {
	rep := s.g.Report()
	chart, err := s.r.Chart(rep, s.names)
	if err != nil {
		return err
	}
	s.images++
	return writeAfterGame(s.out, s.dir, chart, rep.Sentences(s.names, s.human))
}

// writeAfterGame writes either game's after-game chart to dir as chart.png and says
// where it is, then the sentences, wrapped and indented.
func writeAfterGame(out io.Writer, dir string, chart []byte, sentences []string) error {
	path := filepath.Join(dir, "chart.png")
	if err := os.WriteFile(path, chart, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(out, "\nAfter the game (the chart is %s):\n", path)
	for _, line := range sentences {
		fmt.Fprintf(out, "%s\n", wrap(line, 78, "  ", "  "))
	}
	return nil
}

// replay writes replay.gif of the game so far and returns its path; before the
// setup is over there is nothing to show, and it writes nothing ("").
func (s *terminalGame) replay() (string, error) {
	frames, err := game.Frames(s.lang, s.g.Record())
	if err != nil || len(frames) == 0 {
		return "", err
	}
	gif, err := s.r.GIF(frames, s.names)
	if err != nil {
		return "", err
	}
	path := filepath.Join(s.dir, "replay.gif")
	s.images++
	return path, os.WriteFile(path, gif, 0o644)
}

func (s *terminalGame) text(last game.TurnLog, title string) string {
	return render.Text(render.Board{Snap: s.g.Snapshot(), Last: last, Names: s.names, Title: title})
}

func (s *terminalGame) image(name string, last game.TurnLog) error {
	png, err := s.r.PNG(render.Board{Snap: s.g.Snapshot(), Last: last, Names: s.names})
	if err != nil {
		return err
	}
	s.images++
	return os.WriteFile(filepath.Join(s.dir, name), png, 0o644)
}

// indent is a turn's events, one per line, indented.
func indent(log game.TurnLog) string {
	if len(log.Events) == 0 {
		return "  (nothing happened)\n"
	}
	var b strings.Builder
	for _, e := range log.Events {
		b.WriteString(wrap(e.String(), 80, "  ", "      ") + "\n")
	}
	return b.String()
}

// freeSpawn asks for the free spawn's kind and hex until the game accepts them; Enter
// at the hex goes back to the kind (when there is a kind to choose).
func (s *terminalGame) freeSpawn() error {
	for {
		k, ok, err := s.askKind(false)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		hint := noSkip
		if len(s.g.Kinds()) > 1 {
			hint = "Enter to go back to the kind."
		}
		h, ok, err := s.askHex("Free spawn: which hex? "+hint, s.g.FreeSpawnOptions(s.human), hint != noSkip, s.whyNotSpawn)
		if err != nil {
			return err
		}
		if !ok {
			continue // back to the kind
		}
		if err := s.g.FreeSpawn(s.human, k, h); err != nil {
			fmt.Fprintf(s.out, "  ✗ %v\n", err)
			continue
		}
		return nil
	}
}

// turn asks for the purchase and the spawn, then plays the minions.
func (s *terminalGame) turn() (game.TurnLog, error) {
	p, cfg := s.human, s.g.Config()
	budget := func() float64 { return s.g.Snapshot().Players[p-1].Budget }
	if opts := s.g.BuyOptions(p); len(opts) > 0 && budget() >= float64(cfg.HexPurchaseCost) {
		for {
			h, ok, err := s.askHex(fmt.Sprintf("Buy a hex for %d (budget %d)? Enter to skip.", cfg.HexPurchaseCost, int64(budget())), opts, true, s.whyNotBuy)
			if err != nil {
				return game.TurnLog{}, err
			}
			if !ok {
				break
			}
			if err := s.g.Buy(p, h); err != nil {
				fmt.Fprintf(s.out, "  ✗ %v\n", err)
				continue
			}
			fmt.Fprintf(s.out, "  ✓ bought %v\n", h)
			break
		}
	} else if len(opts) > 0 {
		fmt.Fprintf(s.out, "Buying a hex costs %d; your budget is %d, so no purchase this turn.\n", cfg.HexPurchaseCost, int64(budget()))
	}
	if opts := s.g.SpawnOptions(p); len(opts) > 0 && budget() >= float64(cfg.SpawnCost) {
		for {
			h, ok, err := s.askHex(fmt.Sprintf("Spawn a minion for %d (budget %d)? Enter to skip.", cfg.SpawnCost, int64(budget())), opts, true, s.whyNotSpawn)
			if err != nil {
				return game.TurnLog{}, err
			}
			if !ok {
				break
			}
			k, ok, err := s.askKind(true)
			if err != nil {
				return game.TurnLog{}, err
			}
			if !ok {
				continue // back to the hex, where Enter skips the spawn
			}
			if err := s.g.Spawn(p, k, h); err != nil {
				fmt.Fprintf(s.out, "  ✗ %v\n", err)
				continue
			}
			break
		}
	} else if s.g.Snapshot().Players[p-1].SpawnsLeft > 0 && len(opts) > 0 {
		fmt.Fprintf(s.out, "Spawning costs %d; your budget is %d, so no spawn this turn.\n", cfg.SpawnCost, int64(budget()))
	}
	return s.g.EndTurn(p)
}

// line reads one answer; "board" reprints the board and asks again.
func (s *terminalGame) line(prompt string) (string, error) {
	for {
		fmt.Fprintf(s.out, "%s\n> ", prompt)
		text, ok, err := readAnswer(s.in, s.out)
		if err != nil {
			return "", err
		}
		if !ok {
			continue
		}
		switch strings.ToLower(text) {
		case "board", "b":
			fmt.Fprintf(s.out, "\n%s\n", s.text(game.TurnLog{}, ""))
			continue
		case "help", "?":
			fmt.Fprintln(s.out, "  Answer with a hex as row,col (for example 2,3) or a kind by number or name.")
			fmt.Fprintln(s.out, "  Enter skips or goes back where the prompt says so; \"board\" shows the board,")
			fmt.Fprintln(s.out, "  \"quit\" resigns.")
			continue
		}
		return text, nil
	}
}

// readAnswer reads one answer at either game's prompt, trimmed: a line too long is
// refused, and quit asks whether the player resigns (errQuit if so). ok is false when
// the prompt is to be asked again.
func readAnswer(in *bufio.Reader, out io.Writer) (text string, ok bool, err error) {
	raw, long, err := readLine(in)
	if err != nil {
		return "", false, err
	}
	if long {
		fmt.Fprintf(out, "  ✗ that line is longer than %d bytes; answer with a few characters.\n", maxInputLine)
		return "", false, nil
	}
	text = strings.TrimSpace(raw)
	switch strings.ToLower(text) {
	case "quit", "q", "resign", "exit":
		if err := confirmQuit(in, out); err != nil {
			return "", false, err
		}
		fmt.Fprintln(out, "  The game goes on.")
		return "", false, nil
	}
	return text, true, nil
}

// confirmQuit asks any game's player whether they really resign: errQuit for yes,
// nil for anything else, errEndOfInput when the input ends.
func confirmQuit(in *bufio.Reader, out io.Writer) error {
	fmt.Fprint(out, "Resign the game? Type yes to resign, anything else to go on.\n> ")
	raw, _, err := readLine(in)
	if err != nil {
		return err
	}
	switch strings.ToLower(strings.TrimSpace(raw)) {
	case "yes", "y":
		return errQuit
	}
	return nil
}

// readLine reads one line without its end; a line longer than the reader's buffer is
// skipped whole and reported as long. At the end of input a last unterminated line is
// still returned; after it, errEndOfInput.
func readLine(r *bufio.Reader) (line string, long bool, err error) {
	b, err := r.ReadSlice('\n')
	for errors.Is(err, bufio.ErrBufferFull) {
		long = true
		_, err = r.ReadSlice('\n')
	}
	switch {
	case err == nil || errors.Is(err, io.EOF) && (len(b) > 0 || long):
		if long {
			return "", true, nil
		}
		return strings.TrimRight(string(b), "\r\n"), false, nil
	case errors.Is(err, io.EOF):
		return "", false, errEndOfInput
	}
	return "", false, err
}

// noSkip ends the prompt of an answer that cannot be skipped, the same at every one.
const noSkip = "(This cannot be skipped.)"

// askKind asks which kind to use; with one kind there is nothing to ask. With back,
// Enter goes back (ok is false); without, the answer cannot be skipped.
func (s *terminalGame) askKind(back bool) (k int, ok bool, err error) {
	kinds := s.g.Kinds()
	if len(kinds) == 1 {
		return 0, true, nil
	}
	var names []string
	for i, k := range kinds {
		names = append(names, fmt.Sprintf("%d %s", i+1, k.Name))
	}
	hint := noSkip
	if back {
		hint = "Enter to go back to the hex."
	}
	for {
		text, err := s.line("Which kind? " + hint + "\n  Choices: " + strings.Join(names, ", "))
		if err != nil {
			return 0, false, err
		}
		if k, ok := parseKind(text, kinds); ok { // before isSkip: a kind may be named "none"
			return k, true, nil
		}
		if isSkip(text) {
			if back {
				return 0, false, nil
			}
			fmt.Fprintln(s.out, "  ✗ this cannot be skipped: choose a kind from the list.")
			continue
		}
		fmt.Fprintf(s.out, "  ✗ %q is not a kind: answer with a number from 1 to %d or a kind's name.\n", shortInput(text), len(kinds))
	}
}

// isSkip tells whether an answer skips the prompt (or goes back).
func isSkip(text string) bool {
	return text == "" || strings.EqualFold(text, "skip") || strings.EqualFold(text, "none") || strings.EqualFold(text, "back")
}

// askHex asks for one of opts; ok is false when the player skips or goes back (if
// allowed). A hex on the board but not among opts is refused with why's reason.
func (s *terminalGame) askHex(prompt string, opts []game.Hex, skippable bool, why func(game.Hex) string) (game.Hex, bool, error) {
	var list []string
	for _, h := range opts {
		list = append(list, fmt.Sprintf("%d,%d", h.Row, h.Col))
	}
	prompt += "\n  Choices: " + strings.Join(list, "  ")
	for {
		text, err := s.line(prompt)
		if err != nil {
			return game.Hex{}, false, err
		}
		if isSkip(text) {
			if skippable {
				return game.Hex{}, false, nil
			}
			fmt.Fprintln(s.out, "  ✗ this cannot be skipped: choose a hex from the list.")
			continue
		}
		h, err := parseHex(text)
		if err != nil {
			fmt.Fprintf(s.out, "  ✗ %v\n", err)
			continue
		}
		for _, o := range opts {
			if o == h {
				return h, true, nil
			}
		}
		fmt.Fprintf(s.out, "  ✗ %d,%d %s.\n", h.Row, h.Col, why(h))
	}
}

// whyNotBuy says why the player cannot buy h, a hex on the board: the rules of
// game.Game.Buy, read from the snapshot.
func (s *terminalGame) whyNotBuy(h game.Hex) string {
	snap := s.g.Snapshot()
	switch {
	case slices.Contains(snap.Players[s.human-1].Spawnable, h):
		return "is already yours"
	case slices.Contains(snap.Players[2-s.human].Spawnable, h):
		return "is the bot's"
	}
	for _, d := range game.Directions() {
		if slices.Contains(snap.Players[s.human-1].Spawnable, h.Neighbor(d)) {
			return "is not one of the choices listed"
		}
	}
	return "is not next to your area"
}

// whyNotSpawn says why the player cannot spawn on h, a hex on the board: the rules
// of game.Game.Spawn and FreeSpawn, read from the snapshot.
func (s *terminalGame) whyNotSpawn(h game.Hex) string {
	snap := s.g.Snapshot()
	for _, m := range snap.Minions {
		if m.Hex != h {
			continue
		}
		if m.Owner == s.human {
			return fmt.Sprintf("is occupied by your minion #%d", m.ID)
		}
		return fmt.Sprintf("is occupied by the bot's minion #%d", m.ID)
	}
	if !slices.Contains(snap.Players[s.human-1].Spawnable, h) {
		if slices.Contains(snap.Players[2-s.human].Spawnable, h) {
			return "is in the bot's area, not yours"
		}
		return "is not in your area"
	}
	return "is not one of the choices listed"
}

// parseHex reads a hex written as "row,col", "row col", "(row,col)" or two digits.
func parseHex(text string) (game.Hex, error) {
	t := strings.Trim(strings.TrimSpace(text), "()[]")
	fields := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == ';' })
	if len(fields) == 1 && len(fields[0]) == 2 {
		fields = []string{fields[0][:1], fields[0][1:]}
	}
	bad := fmt.Errorf("%q is not a hex: write its row and column, for example 2,3", shortInput(text))
	if len(fields) != 2 {
		return game.Hex{}, bad
	}
	row, err1 := strconv.Atoi(fields[0])
	col, err2 := strconv.Atoi(fields[1])
	if err1 != nil || err2 != nil {
		return game.Hex{}, bad
	}
	h := game.Hex{Row: row, Col: col}
	if !h.OnBoard() {
		return h, fmt.Errorf("%d,%d is off the board: rows and columns go from 1 to %d", row, col, game.Rows)
	}
	return h, nil
}

// parseKind reads a kind by number (from 1) or by name, ignoring case.
func parseKind(text string, kinds []game.KindSpec) (int, bool) {
	if n, err := strconv.Atoi(text); err == nil {
		return n - 1, n >= 1 && n <= len(kinds)
	}
	for i, k := range kinds {
		if strings.EqualFold(k.Name, text) {
			return i, true
		}
	}
	return 0, false
}

// shortInput quotes at most 40 characters of what the player typed.
func shortInput(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// wrap breaks text between words into lines of at most width characters (a longer
// word stands alone), the first line starting with first and the rest with rest, so
// the game's text keeps to 80 columns.
func wrap(text string, width int, first, rest string) string {
	var b strings.Builder
	line := first
	empty := true
	for _, word := range strings.Fields(text) {
		if !empty && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > width {
			b.WriteString(line + "\n")
			line, empty = rest, true
		}
		if !empty {
			line += " "
		}
		line += word
		empty = false
	}
	b.WriteString(line)
	return b.String()
}
