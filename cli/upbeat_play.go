package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/upbeat"
)

// kombat play --game upbeat: you (player 1) against bots in the terminal. Your plan
// comes from a file or is typed; at each of your turns you may revise it (a file, your
// editor, or typed) while your revision clock runs (U20), then confirm it. A text map
// follows every turn, and its image goes to a folder named at the start; the end says
// why the game ended, with the after-game sentences and chart. Nothing is stored.

// upbeatPlayOptions are kombat play --game upbeat's flags.
type upbeatPlayOptions struct {
	config  string
	seed    uint64
	players int
	level   string
	out     string
	plan    string // the first plan's file; "" to type it
}

func parseUpbeatPlayFlags(args []string, stderr io.Writer) (upbeatPlayOptions, error) {
	o := upbeatPlayOptions{}
	fs := flag.NewFlagSet("kombat play --game upbeat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.config, "config", "", "configuration `file` (default: the spec's sample)")
	fs.Uint64Var(&o.seed, "seed", 0, "the game's seed, to play a game again (default: from the clock)")
	fs.IntVar(&o.players, "players", 2, fmt.Sprintf("players, you included: 2 to %d", upbeat.MaxPlayers))
	fs.StringVar(&o.level, "level", upbeat.PlayLevel, "the bots' `level`: "+strings.Join(upbeat.Levels(), ", ")+" (the weakest first)")
	fs.StringVar(&o.out, "out", "", "write each turn's territory image to `dir` (default: a new temporary folder)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: kombat play --game upbeat [--players N] [--seed N] [--level LEVEL] [--config FILE] [--out DIR] [PLAN_FILE]\n\n"+
			"Plays UPBEAT in this terminal: you are player 1, the other seats are bots. Your\n"+
			"first plan is PLAN_FILE, or typed, ending with a line holding a single \".\".\n"+
			"At each of your turns you may revise it (\"revise FILE\", \"edit\" in $VISUAL or\n"+
			"$EDITOR, or \"plan\" and type it) while your revision clock runs; Enter\n"+
			"confirms it and your crew runs it.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() > 1:
		return o, fmt.Errorf("one plan file at most, got %d", fs.NArg())
	case o.players < 2 || o.players > upbeat.MaxPlayers:
		return o, fmt.Errorf("--players must be from 2 to %d, got %d", upbeat.MaxPlayers, o.players)
	}
	o.plan = fs.Arg(0)
	if _, err := upbeat.NewBot(o.level, 0); err != nil {
		return o, fmt.Errorf("--level: %w", err)
	}
	return o, nil
}

// upbeatPlay runs kombat play --game upbeat. Exit status: 0 when the game ends or the
// input does, 1 when the plan or the configuration is wrong, 2 for a usage error or an
// unreadable file.
func upbeatPlay(draw newRenderer, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseUpbeatPlayFlags(args, stderr)
	if err != nil {
		return flagsRefused(err, stderr)
	}
	cfg, code := readConfig("kombat play", o.config, upbeat.DefaultConfig(), upbeat.ParseConfig, stderr)
	if code != 0 {
		return code
	}
	if err := cfg.Check(o.players); err != nil {
		printConfigErrors("kombat play", "configuration", err, stderr)
		return 1
	}
	lang := upbeat.NewLanguage()
	first := ""
	if o.plan != "" {
		if first, err = readStrategy(o.plan, stdin); err != nil {
			fmt.Fprintf(stderr, "kombat play: %v\n", err)
			return 2
		}
		var cerr *interp.Error
		if _, err := interp.Compile(lang, o.plan, first); errors.As(err, &cerr) {
			fmt.Fprint(stderr, cerr.Format())
			return 1
		}
	}
	o.seed = seedOrClock(o.seed)
	dir, made, r, code := playFolder(o.out, o.seed, draw, stderr)
	if code != 0 {
		return code
	}
	in, stop := interruptible(stdin)
	defer stop()
	s := &upbeatTerminal{lang: lang, r: r, dir: dir, in: bufio.NewReaderSize(in, maxInputLine), out: stdout, now: time.Now}
	err = s.play(cfg, o, first)
	// A folder made for this game is removed when it is left empty, however the game
	// stopped (the input ended before the first plan, or the setup failed).
	left := imagesLeft(dir, made, s.images, "territory images")
	switch {
	case errors.Is(err, errEndOfInput), errors.Is(err, errInterrupted):
		fmt.Fprintf(stdout, "\n%s: the game is left unfinished.\n%s", unfinished(err), left)
		return 0
	case errors.Is(err, errQuit):
		return 0 // the end was said, as any game's
	case err != nil:
		fmt.Fprintf(stderr, "kombat play: %v\n", err)
		return 1
	}
	return 0
}

// upbeatTerminal is one UPBEAT game played at the terminal, the player in seat 1.
type upbeatTerminal struct {
	g      *upbeat.Game
	lang   *interp.Language
	bots   []*upbeat.Bot // by seat; nil for the player's
	names  []string
	r      *render.Renderer
	dir    string
	in     *bufio.Reader
	out    io.Writer
	now    func() time.Time
	images int
	rep    upbeat.Report // gathered turn by turn for the after-game sentences and chart
}

// human is the player's seat.
const human = 1

// play sets the game up (the first plan from first or typed), then plays it to its
// end: the bots' turns at once, the player's with a revision window.
func (s *upbeatTerminal) play(cfg upbeat.Config, o upbeatPlayOptions, first string) error {
	say := func(format string, args ...any) { fmt.Fprintln(s.out, wrap(fmt.Sprintf(format, args...), 80, "", "")) }
	say("UPBEAT: you are player 1 against %s at level %s (seed %d; play it again with --seed %d).",
		plural(o.players-1, "bot", "bots"), o.level, o.seed, o.seed)
	say("Choose the bots' level with --level: easy (the default; it never shoots, a newcomer can beat it) or normal (from its third turn it shoots city centers down).")
	say("A %dx%d territory; each player plays at most %d turns. Your revision clock: %s for the whole game; a revision costs %d.",
		cfg.Rows, cfg.Cols, cfg.MaxTurns, clock(cfg.RevisionClock()), cfg.RevCost)
	fmt.Fprintf(s.out, "Territory images (one per turn) go to\n  %s\n", s.dir)
	if o.plan == "" {
		fmt.Fprintln(s.out, "\nType your first construction plan, ending with a line holding a single \".\":")
		for {
			text, err := s.typed()
			if err != nil {
				return err
			}
			if msg := s.compiles(text); msg != "" {
				fmt.Fprintf(s.out, "%sType it again, ending with \".\":\n", msg)
				continue
			}
			first = text
			break
		}
	}
	setup := upbeat.Setup{Config: cfg, Seed: o.seed, Players: o.players, Plans: make([]string, o.players)}
	s.bots = make([]*upbeat.Bot, o.players)
	s.names = make([]string, o.players)
	setup.Plans[0], s.names[0] = first, "You"
	for p := 2; p <= o.players; p++ {
		s.bots[p-1], _ = upbeat.NewBot(o.level, o.seed*7+uint64(p-1))
		setup.Plans[p-1], s.names[p-1] = s.bots[p-1].InitialPlan(), fmt.Sprintf("Bot %d", p)
	}
	g, err := upbeat.New(s.lang, setup)
	if err != nil {
		return err
	}
	s.g = g
	s.rep.Note(g.Snapshot(), upbeat.TurnLog{})
	if err := s.image("start.png", upbeat.TurnLog{}); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "Your city center is %v.\n", g.Center(human))
	for !g.Over() {
		p := g.Current()
		var log upbeat.TurnLog
		if s.bots[p-1] != nil {
			if plan := s.bots[p-1].Revision(g, p); plan != "" {
				g.Revise(p, plan, 0) // a refused revision keeps the bot's plan
			}
			if log, err = g.Confirm(p, 0); err != nil {
				return err
			}
		} else if log, err = s.turn(); err != nil {
			if errors.Is(err, errQuit) {
				if rerr := g.Resign(human); rerr != nil {
					return rerr
				}
				s.rep.NoteResign(human, g.Snapshot())
				fmt.Fprintln(s.out, "You resigned.")
				if ferr := s.finish(); ferr != nil {
					return ferr
				}
			}
			return err
		}
		s.rep.Note(g.Snapshot(), log)
		fmt.Fprintf(s.out, "\n%s\n", wrap(fmt.Sprintf("%s turn %d: %s", s.whose(p), log.Turn, upbeatTurnLine(log)), 80, "", "  "))
		fmt.Fprint(s.out, render.TerritoryText(render.Territory{Snap: g.Snapshot(), Last: log, Names: s.names}, g.Center(human)))
		if g.Turns() == 1 { // what the marks mean, under the first map ("help" says it again)
			fmt.Fprint(s.out, render.TerritoryLegend)
		}
		if err := s.image(fmt.Sprintf("turn-%04d.png", g.Turns()), log); err != nil {
			return err
		}
	}
	return s.finish()
}

// whose is "Your" for the player, else the bot's name with "'s".
func (s *upbeatTerminal) whose(p int) string {
	if p == human {
		return "Your"
	}
	return s.names[p-1] + "'s"
}

// finish says how the game ended and why, then the after-game sentences, as KOMBAT's
// terminal does, and writes chart.png of every player's budget, deposits and regions.
func (s *upbeatTerminal) finish() error {
	fmt.Fprintf(s.out, "\n%s\n", s.status())
	verdict := "a tie"
	switch w := s.g.Winner(); w {
	case 0:
	case human:
		verdict = "you win"
	default:
		verdict = s.names[w-1] + " wins"
	}
	fmt.Fprintln(s.out, wrap(fmt.Sprintf("Game over: %s. %s", verdict, s.rep.Outcome(s.names, human)), 80, "", ""))
	chart, err := s.r.UpbeatChart(s.rep, s.names)
	if err != nil {
		return err
	}
	s.images++
	// The outcome, the sentences' first, was said with Game over.
	if err := writeAfterGame(s.out, s.dir, chart, s.rep.Sentences(s.names, human)[1:]); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "The territory images are in %s\n", s.dir)
	return nil
}

// turn is the player's turn: the interest paid and the clock, then revisions until
// Enter confirms the plan. The time spent is charged to the revision clock (U20); once
// it has run out the plan is confirmed at once.
func (s *upbeatTerminal) turn() (upbeat.TurnLog, error) {
	g := s.g
	mark := s.now()
	elapsed := func() time.Duration {
		t := s.now()
		d := t.Sub(mark)
		mark = t
		return d
	}
	fmt.Fprintf(s.out, "\n%s\n", s.status())
	for _, e := range g.Opening() {
		if e.Kind == upbeat.EventInterest {
			fmt.Fprintf(s.out, "Interest paid: %.1f on %s.\n", e.Gain, plural(e.Count, "region", "regions"))
		}
	}
	if !g.CanRevise(human) {
		fmt.Fprintln(s.out, "Your revision clock has run out: your plan runs as it is.")
		return g.Confirm(human, elapsed())
	}
	fmt.Fprintln(s.out, wrap(fmt.Sprintf("Your turn %d. Enter runs your plan; \"help\" lists what else you may type.", g.Turn(human)), 80, "", ""))
	for {
		left := g.Clock(human) - s.now().Sub(mark)
		fmt.Fprintf(s.out, "[revision clock %s] > ", clock(left))
		raw, long, err := readLine(s.in)
		if err != nil {
			return upbeat.TurnLog{}, err
		}
		if long {
			fmt.Fprintf(s.out, "  ✗ that line is longer than %d bytes.\n", maxInputLine)
			continue
		}
		cmd := strings.TrimSpace(raw)
		word, arg, _ := strings.Cut(cmd, " ")
		var text string
		switch strings.ToLower(word) {
		case "", "confirm", "ok":
			return g.Confirm(human, elapsed())
		case "quit", "q", "resign", "exit":
			if err := confirmQuit(s.in, s.out); err != nil {
				return upbeat.TurnLog{}, err
			}
			fmt.Fprintln(s.out, "  The game goes on.")
			continue
		case "help", "?":
			fmt.Fprint(s.out, upbeatHelp(g.Config().RevCost))
			continue
		case "map":
			fmt.Fprint(s.out, render.TerritoryText(render.Territory{Snap: g.Snapshot(), Names: s.names}, g.Center(human)))
			continue
		case "show":
			fmt.Fprintf(s.out, "%s\n", strings.TrimRight(g.Plan(human), "\n"))
			continue
		case "status", "board":
			fmt.Fprintf(s.out, "%s\n", s.status())
			continue
		case "revise":
			if a := strings.TrimSpace(arg); a == "" || a == "-" {
				fmt.Fprintln(s.out, "  ✗ revise needs a file: revise FILE (or type \"plan\" to write it here).")
				continue
			}
			if text, err = readStrategy(strings.TrimSpace(arg), nil); err != nil {
				fmt.Fprintf(s.out, "  ✗ %v\n", err)
				continue
			}
		case "plan":
			fmt.Fprintln(s.out, "Type the new plan, ending with a line holding a single \".\":")
			if text, err = s.typed(); err != nil {
				return upbeat.TurnLog{}, err
			}
		case "edit":
			if text, err = editPlan(g.Plan(human), s.dir); err != nil {
				fmt.Fprintf(s.out, "  ✗ %v\n", err)
				continue
			}
		default:
			fmt.Fprintf(s.out, "  ✗ %q: press Enter to run your plan, or type help.\n", shortInput(cmd))
			continue
		}
		same := upbeat.SamePlan(g.Plan(human), text)
		err = g.Revise(human, text, elapsed())
		var cerr *interp.Error
		switch {
		case errors.Is(err, upbeat.ErrClockSpent):
			fmt.Fprintln(s.out, "  ✗ your revision clock has run out: your plan runs as it is.")
			return g.Confirm(human, 0)
		case errors.As(err, &cerr):
			fmt.Fprintf(s.out, "  ✗ the plan does not compile; your plan stays:\n%s", cerr.Format())
		case err != nil:
			fmt.Fprintf(s.out, "  ✗ %v; your plan stays.\n", err)
		case same:
			fmt.Fprintln(s.out, "  The same plan as yours (comments and spaces aside): nothing to pay.")
		default:
			fmt.Fprintf(s.out, "  ✓ revised for %d; your budget is %d. Enter runs it.\n", g.Config().RevCost, g.Budget(human))
		}
	}
}

// upbeatHelp is what the player may type at their turn's prompt, within 80 columns.
func upbeatHelp(revCost int64) string {
	return fmt.Sprintf(`  Enter        runs your plan (also "ok")
  revise FILE  revises your plan to FILE's (cost %d)
  edit         revises it in $VISUAL or $EDITOR: what you save is the revision
  plan         revises it to what you type next, ending with a line holding "."
  show         prints your plan
  status       prints the players' budgets, regions, deposits and clocks
  map          prints the territory, rows down and columns across
  quit         resigns (it asks first)
Your revision clock runs while you decide. On the map:
%s`, revCost, render.TerritoryLegend)
}

// editPlan opens the plan in the player's editor ($VISUAL, else $EDITOR, which may
// carry arguments, as "code --wait") on a file in dir, and returns the file's text once
// the editor exits. The editor gets the terminal; the revision clock runs meanwhile.
func editPlan(plan, dir string) (string, error) {
	editor := strings.Fields(os.Getenv("VISUAL"))
	if len(editor) == 0 {
		editor = strings.Fields(os.Getenv("EDITOR"))
	}
	if len(editor) == 0 {
		return "", errors.New("set VISUAL or EDITOR to your editor (export EDITOR=nano), or use revise FILE or plan")
	}
	f, err := os.CreateTemp(dir, "plan-*.upbeat")
	if err != nil {
		return "", err
	}
	path := f.Name()
	defer os.Remove(path)
	_, werr := f.WriteString(plan)
	if err := errors.Join(werr, f.Close()); err != nil {
		return "", err
	}
	cmd := exec.Command(editor[0], append(editor[1:], path)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("the editor %q: %v; your plan stays", editor[0], err)
	}
	return readStrategy(path, nil)
}

// typed reads a plan typed line by line until a line holding a single ".".
func (s *upbeatTerminal) typed() (string, error) {
	var b strings.Builder
	for {
		raw, long, err := readLine(s.in)
		if err != nil {
			return "", err
		}
		if long || b.Len()+len(raw) > interp.MaxSourceBytes {
			fmt.Fprintf(s.out, "  ✗ a plan is at most %d bytes and a line at most %d; this line is left out.\n", interp.MaxSourceBytes, maxInputLine)
			continue
		}
		if strings.TrimSpace(raw) == "." {
			return b.String(), nil
		}
		b.WriteString(raw)
		b.WriteByte('\n')
	}
}

// compiles returns the diagnostics of a plan that does not compile, or "".
func (s *upbeatTerminal) compiles(text string) string {
	var cerr *interp.Error
	if _, err := interp.Compile(s.lang, "your plan", text); errors.As(err, &cerr) {
		return cerr.Format()
	}
	return ""
}

// status is one line per player: budget, regions, total deposit, clock.
func (s *upbeatTerminal) status() string { return upbeatStatus(s.g.Snapshot(), s.names) }

// upbeatStatus is one line per player of snap: budget, regions, total deposit (its
// whole part, upbeat.Whole, as the image shows it), center and clock.
func upbeatStatus(snap upbeat.Snapshot, names []string) string {
	var b strings.Builder
	for p, pv := range snap.Players {
		state := ""
		switch {
		case !pv.Alive:
			state = " (out)"
		case snap.Current == p+1:
			state = " (to play)"
		}
		line := fmt.Sprintf("%s%s: budget %d, %s, deposits %d, center %v, revision clock %s",
			names[p], state, pv.Budget, plural(pv.Regions, "region", "regions"), upbeat.Whole(pv.Total), pv.Center, clock(pv.Clock))
		b.WriteString(wrap(line, 80, "", "  ") + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// image writes the territory's overview after a turn.
func (s *upbeatTerminal) image(name string, last upbeat.TurnLog) error {
	data, err := s.r.TerritoryPNG(render.Territory{Snap: s.g.Snapshot(), Last: last, Names: s.names})
	if err != nil {
		return err
	}
	s.images++
	return os.WriteFile(filepath.Join(s.dir, name), data, 0o644)
}

// upbeatTurnLine says what a turn did in one line: the crew's commands by kind from the
// turn's tally (every command, though the log keeps only the first
// upbeat.MaxEventsPerEval events), who lost a city center, and how the evaluation
// ended.
func upbeatTurnLine(l upbeat.TurnLog) string {
	parts := l.Tally.Words()
	lost := 0
	for _, e := range l.Events {
		if e.Kind == upbeat.EventLost {
			lost++
		}
	}
	if lost > 0 {
		parts = append(parts, fmt.Sprintf("%s lost a city center", plural(lost, "player", "players")))
	}
	if len(parts) == 0 {
		parts = append(parts, "nothing done")
	}
	return fmt.Sprintf("%s; the crew ended at %v (%s)", strings.Join(parts, ", "), l.Crew, l.End)
}

// clock writes a revision clock as m:ss, counting a second begun as whole: a clock
// shows 0:00 only once it has run out.
func clock(d time.Duration) string {
	sec := int64((max(d, 0) + time.Second - 1) / time.Second)
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}
