package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/upbeat"
)

// gameFlag takes --game NAME (or --game=NAME, -game) out of a command's arguments,
// before any "--", and returns the game: a name of tools, or "" when not given (the
// default game, but for try the scenario may say its game).
func (gs games) gameFlag(args []string) (string, []string, error) {
	name := ""
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		switch {
		case a == "--game" || a == "-game":
			if i+1 >= len(args) {
				return "", nil, fmt.Errorf("--game needs a value: %s", gs.list(bare, "or"))
			}
			name = args[i+1]
			i++
		case strings.HasPrefix(a, "--game=") || strings.HasPrefix(a, "-game="):
			name = a[strings.Index(a, "=")+1:]
		default:
			rest = append(rest, a)
		}
	}
	if _, ok := gs.named(name); !ok {
		return "", nil, fmt.Errorf("unknown game %q: the games are %s", name, gs.list(bare, "and"))
	}
	return name, rest, nil
}

// upbeatCheck compiles UPBEAT plans, as check does strategies.
func upbeatCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return checkFiles(checkSpec{
		cmd: "kombat check --game upbeat",
		usage: "usage: kombat check --game upbeat [-q] PLAN... (use - for standard input)\n\n" +
			"Compiles UPBEAT construction plans and prints every error and warning with its\n" +
			"line and column. Exit status 1 if a plan has an error.\n\n",
		game: "upbeat", lang: upbeat.NewLanguage(), one: "plan", many: "plans",
	}, args, stdin, stdout, stderr)
}

// upbeatSim plays UPBEAT games headless: the plans given are fielded by players in
// seat order, the other seats are bots.
func upbeatSim(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kombat sim --game upbeat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config := fs.String("config", "", "configuration `file` (default: the spec's sample)")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	games := fs.Int("games", 1, "number of games")
	players := fs.Int("players", 2, "players per game, 2 to 6")
	level := fs.String("level", upbeat.DefaultLevel, "the bots' `level`: "+strings.Join(upbeat.Levels(), ", "))
	out := fs.String("out", "", "write each game's record to `dir`/game-SEED.json")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: kombat sim --game upbeat [--config FILE] [--seed N] [--games N] [--players N] [--level L] [--out DIR] [PLAN...]\n\n"+
			"Plays UPBEAT games: the plans given are fielded by players in seat order, the other\n"+
			"seats are bots. Prints wins per seat, ties and average turns.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	files := fs.Args()
	switch {
	case *games < 1:
		fmt.Fprintf(stderr, "kombat sim: --games must be at least 1, got %d\n", *games)
		return 2
	case *players < 2 || *players > upbeat.MaxPlayers:
		fmt.Fprintf(stderr, "kombat sim: --players must be from 2 to %d, got %d\n", upbeat.MaxPlayers, *players)
		return 2
	case len(files) > *players:
		fmt.Fprintf(stderr, "kombat sim: %d plans for %d players\n", len(files), *players)
		return 2
	}
	if _, err := upbeat.NewBot(*level, 0); err != nil {
		fmt.Fprintf(stderr, "kombat sim: --level: %v\n", err)
		return 2
	}
	cfg, code := readConfig("kombat sim", *config, upbeat.DefaultConfig(), upbeat.ParseConfig, stderr)
	if code != 0 {
		return code
	}
	lang := upbeat.NewLanguage()
	var plans []string
	status := 0
	for _, name := range files {
		text, err := readStrategy(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "kombat sim: %v\n", err)
			return 2
		}
		var cerr *interp.Error
		if _, err := interp.Compile(lang, name, text); errors.As(err, &cerr) {
			fmt.Fprint(stderr, cerr.Format())
			status = 1
		}
		plans = append(plans, text)
	}
	if status != 0 {
		return status
	}
	wins := make([]int, *players+1) // ties, then each seat
	turns := 0
	start := time.Now()
	for i := 0; i < *games; i++ {
		s := *seed + uint64(i)
		setup := upbeat.Setup{Config: cfg, Seed: s, Players: *players, Plans: make([]string, *players)}
		deciders := make([]upbeat.Decider, *players)
		for p := range setup.Plans {
			if p < len(plans) {
				setup.Plans[p] = plans[p]
				continue
			}
			bot, _ := upbeat.NewBot(*level, s*7+uint64(p))
			setup.Plans[p], deciders[p] = bot.InitialPlan(), bot
		}
		g, err := upbeat.New(lang, setup)
		if err != nil {
			fmt.Fprintf(stderr, "kombat sim: %v\n", err)
			return 1
		}
		g.SetQuiet(true)
		if err := upbeat.PlayOut(g, deciders); err != nil {
			fmt.Fprintf(stderr, "kombat sim: game %d: %v\n", s, err)
			return 1
		}
		if *out != "" {
			if err := writeUpbeatRecord(*out, s, g); err != nil {
				fmt.Fprintf(stderr, "kombat sim: %v\n", err)
				return 1
			}
		}
		wins[g.Winner()]++
		each := (g.Turns() + *players - 1) / *players
		turns += each
		if *games <= 10 {
			result := "a tie"
			if w := g.Winner(); w != 0 {
				result = fmt.Sprintf("player %d won", w)
			}
			fmt.Fprintf(stdout, "game %d (seed %d): %s after %d turns in all\n", i+1, s, result, g.Turns())
		}
	}
	elapsed := time.Since(start)
	var seats []string
	for p := 1; p <= *players; p++ {
		seats = append(seats, fmt.Sprintf("player %d won %d", p, wins[p]))
	}
	fmt.Fprintf(stdout, "%d games: %s, %d ties; %.1f turns each on average; %.1f games/s\n",
		*games, strings.Join(seats, ", "), wins[0], float64(turns)/float64(*games), float64(*games)/elapsed.Seconds())
	return 0
}

// writeUpbeatRecord writes a finished game's record to DIR/game-SEED.json.
func writeUpbeatRecord(dir string, seed uint64, g *upbeat.Game) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(g.Record(), "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(fmt.Sprintf("%s/game-%d.json", dir, seed), append(b, '\n'), 0o644)
}

// upbeatScenario plays the UPBEAT scenario text (from the file name) and prints
// tryFormat's {"format": 1, "game": "upbeat", "steps": [...]}, each step's state as
// soon as it is played, as KOMBAT's try does: nothing but the step being printed is
// held, and the output stops at limit. It reads the scenario as strictly as KOMBAT's
// reader, every mistake told with its line and column. Exit status (U25): 0 when the
// scenario ran, refused steps included; 1 for a malformed scenario, configuration or
// plan.
func upbeatScenario(name string, text []byte, stdout, stderr io.Writer, limit int64) int {
	var sc upbeat.Scenario
	if err := decodeStrict(text, &sc, `{"players": [...], "steps": [...], ...}`); err != nil {
		printScenarioErr(name, err, stderr)
		if _, err := decodeScenario(text); err == nil {
			fmt.Fprintf(stderr, "kombat try: %s: note: it reads as a KOMBAT scenario: run it without --game upbeat\n", name)
		}
		return 1
	}
	out := newStepWriter(stdout, limit, "upbeat", "steps, players, regions or variables")
	err := upbeat.PlayScenario(upbeat.NewLanguage(), sc, func(r upbeat.StepResult) error {
		return out.write(upbeatStep(sc.Steps[r.Step-1], r))
	})
	if err == nil {
		err = out.close()
	}
	var se *upbeat.ScenarioError
	if errors.As(err, &se) {
		return scenarioFailed(name, text, se.Path, se.Key, se.Msg, se.Compile, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kombat try: %s: %v\n", name, err)
		return 1
	}
	return 0
}

// upbeatTryUsage is kombat try --game upbeat's usage message.
const upbeatTryUsage = "usage: kombat try --game upbeat SCENARIO.json (use - for standard input)\n\n" +
	"Plays an UPBEAT position's steps and prints the state after each step as JSON.\n" +
	"The README's UPBEAT section describes the scenario's fields.\n"
