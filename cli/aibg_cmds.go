package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kombat-game/kombat/aibg"
)

// AIBG's commands: check of roster and catalog files, sim of bot-versus-bot matches,
// and try of a scenario. Its players write no program in our language (people choose
// with buttons, programs connect over the network), so it has no language to check.

// aibgCheck checks AIBG roster and catalog files (in the forms of the built-in
// roster.txt and catalog.txt): a file whose lines give an effect= or a cost= is a
// catalog (so that a catalog whose every effect is missing is told so), else a roster. Every mistake is printed at FILE:LINE. Exit status: 1 when a file has a
// mistake, 2 for a usage error or an unreadable file, 0 otherwise and for --help.
func aibgCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kombat check --game aibg", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("q", false, "print nothing but the mistakes")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: kombat check --game aibg [-q] FILE... (use - for standard input)\n\n"+
			"Checks AIBG roster and catalog files (docs/aibg.md gives their form) and prints\n"+
			"every mistake with its line. Exit status 1 if a file has a mistake.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	status := 0
	for _, name := range fs.Args() {
		text, err := readStrategy(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "kombat check: %v\n", err)
			status = 2
			continue
		}
		what, n := "creature type", 0
		if strings.Contains(text, "effect=") || strings.Contains(text, "cost=") {
			var its []aibg.Item
			its, err = aibg.ReadCatalog(name, text)
			what, n = "item", len(its)
		} else {
			var ks []aibg.Kind
			ks, err = aibg.ReadRoster(name, text)
			n = len(ks)
		}
		if err != nil {
			fmt.Fprintln(stdout, err)
			status = max(status, 1)
			continue
		}
		if !*quiet {
			fmt.Fprintf(stdout, "%s: %s, no mistakes.\n", name, plural(n, what, what+"s"))
		}
	}
	return status
}

// aibgSim plays bot-versus-bot AIBG matches headless and prints each match's result
// and the wins per seat.
func aibgSim(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kombat sim --game aibg", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the first match; match i uses seed+i")
	games := fs.Int("games", 1, "number of matches")
	var levels [2]string
	names := strings.Join(aibg.Levels(), ", ")
	fs.StringVar(&levels[0], "player1", "normal", "the `level` of the bot in seat 1: "+names)
	fs.StringVar(&levels[1], "player2", "normal", "the `level` of the bot in seat 2: "+names)
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: kombat sim --game aibg [--seed N] [--games N] [--player1 LEVEL] [--player2 LEVEL]\n\n"+
			"Plays AIBG matches between the built-in bots and prints each result and the wins\n"+
			"per seat.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *games < 1 {
		fmt.Fprintf(stderr, "kombat sim: --game aibg takes no files, and --games at least 1 (got %d)\n", *games)
		return 2
	}
	var wins [3]int // draws, player 1, player 2
	start := time.Now()
	for i := 0; i < *games; i++ {
		s := *seed + uint64(i)
		var d [2]aibg.Decider
		for p, l := range levels {
			b, err := aibg.NewBot(l, s+uint64(p)*7919)
			if err != nil {
				fmt.Fprintf(stderr, "kombat sim: --player%d: %v\n", p+1, err)
				return 2
			}
			d[p] = b
		}
		g, err := aibg.New(aibg.Setup{Seed: s})
		if err == nil {
			err = aibg.PlayOut(g, d)
		}
		if err != nil {
			fmt.Fprintf(stderr, "kombat sim: match %d: %v\n", i+1, err)
			return 1
		}
		w := g.Winner()
		wins[w]++
		result := "a draw"
		if w != 0 {
			result = fmt.Sprintf("player %d (%s) wins", w, levels[w-1])
		}
		fmt.Fprintf(stdout, "match %d (seed %d): %s, rounds won %d to %d\n", i+1, s, result, g.RoundsWon(1), g.RoundsWon(2))
	}
	fmt.Fprintf(stdout, "%s: player 1 (%s) won %d, player 2 (%s) won %d, %s; %v a match\n",
		plural(*games, "match", "matches"), levels[0], wins[1], levels[1], wins[2], plural(wins[0], "draw", "draws"),
		(time.Since(start) / time.Duration(*games)).Round(time.Microsecond))
	return 0
}

// aibgTryStep is one AIBG step's result in try's format 1 (tryFormat): its number,
// the step as given, the refusals per player, the events with "type" for what
// happened, then the state.
type aibgTryStep struct {
	Step    int                `json:"step"`
	Do      aibgDo             `json:"do"`
	Refused [][]string         `json:"refused"`
	Events  []aibgEvent        `json:"events"`
	Players []aibg.PlayerState `json:"players"`
	aibg.StepResult
}

// aibgDo is an aibg.ScenarioStep without the keys the scenario left out.
type aibgDo struct {
	Moves   []*string   `json:"moves,omitempty"`
	Pools   []*[]string `json:"pools,omitempty"`
	Lineups []*[]int    `json:"lineups,omitempty"`
	Finish  bool        `json:"finish,omitempty"`
}

// aibgEvent is an aibg.Event printed with "type" for what happened, as every game's
// try does.
type aibgEvent struct{ aibg.Event }

// MarshalJSON writes the event with "type" first and no "kind".
func (e aibgEvent) MarshalJSON() ([]byte, error) {
	type fields aibg.Event // without this method
	return json.Marshal(struct {
		Type aibg.EventKind `json:"type"`
		Kind string         `json:"kind,omitempty"` // empty: hides the embedded "kind"
		fields
	}{Type: e.Kind, fields: fields(e.Event)})
}

// aibgScenario plays the AIBG scenario text (from the file name) and prints
// tryFormat's {"format": 1, "game": "aibg", "steps": [...]}, each step as soon as it is
// played, at most limit bytes. Every mistake of a malformed scenario is told with its
// line and column. Exit status: 0 when it ran, refused moves included; 1 for a
// malformed scenario.
func aibgScenario(name string, text []byte, stdout, stderr io.Writer, limit int64) int {
	var sc aibg.Scenario
	if err := decodeStrict(text, &sc, `{"players": [...], "steps": [...], ...}`); err != nil {
		printScenarioErr(name, err, stderr)
		return 1
	}
	out := newStepWriter(stdout, limit, "aibg", "steps or events")
	err := aibg.PlayScenario(sc, func(r aibg.StepResult) error {
		st := sc.Steps[r.Step-1]
		events := make([]aibgEvent, len(r.Events))
		for i, e := range r.Events {
			events[i] = aibgEvent{e}
		}
		return out.write(aibgTryStep{Step: r.Step, Do: aibgDo(st), Refused: r.Refused, Events: events, Players: r.Players, StepResult: r})
	})
	if err == nil {
		err = out.close()
	}
	var se *aibg.ScenarioError
	if errors.As(err, &se) {
		for _, e := range append([]aibg.ScenarioError{*se}, se.Also...) {
			scenarioFailed(name, text, e.Path, false, jsonPath(e.Path)+e.Msg, nil, stderr)
		}
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "kombat try: %s: %v\n", name, err)
		return 1
	}
	return 0
}

// jsonPath writes a scenario mistake's path as a JavaScript expression would reach the
// value from the scenario's top ("players[0].pool[1].type: "), or "" for the whole
// scenario: the line and column say where, the path what, for a reader who edits the
// scenario by program.
func jsonPath(path []any) string {
	var b strings.Builder
	for _, k := range path {
		switch k := k.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", k)
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			fmt.Fprint(&b, k)
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return b.String() + ": "
}

// aibgTryUsage is kombat try --game aibg's usage message.
const aibgTryUsage = "usage: kombat try --game aibg SCENARIO.json (use - for standard input)\n\n" +
	"Plays an AIBG position's steps (both players' moves, pools or lineups) and prints\n" +
	"the state after each step as JSON. docs/aibg.md describes the scenario's fields.\n"
