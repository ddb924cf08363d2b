// Package nimcli is Nim's part of the command line, for the tests: check, sim, play
// and try of the test game (package nim), as plain functions of arguments and streams
// that a test registers with cli.RunWith as a cli.Tool, so that `kombat sim --game
// nim` dispatches to it through the command line's registry like the house's own
// games (issue 22). It imports no package of ours but nim; nothing imports cli but
// main and the tests.
package nimcli

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/internal/nim"
)

// Name and Title are how --game and players name the game.
const (
	Name  = "nim"
	Title = "Nim"
)

// MaxGames bounds sim's --games.
const MaxGames = 1000

// TryUsage is try's usage message for Nim.
const TryUsage = `usage: kombat try --game nim SCENARIO.json
a scenario is {"game": "nim", "heap": 1 to 1000, "takes": [1 to 3, ...]}; "-" reads standard input
`

// Check tells that Nim has nothing to check: its players write no programs.
func Check(_ []string, _ io.Reader, _, stderr io.Writer) int {
	fmt.Fprintf(stderr, "kombat check: %s has no programs to check: its players take stones (kombat play --game nim)\n", Title)
	return 2
}

// flags reads a command's flags: the heap (and, for sim, how many games), every
// mistake at once.
func flags(cmd string, args []string, stderr io.Writer, games *int) (heap int, ok bool) {
	fs := flag.NewFlagSet("kombat "+cmd+" --game nim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&heap, "heap", nim.DefaultHeap, fmt.Sprintf("the stones in the heap, 1 to %d", nim.MaxHeap))
	if games != nil {
		fs.IntVar(games, "games", 1, fmt.Sprintf("how many games the bots play, 1 to %d", MaxGames))
	}
	if fs.Parse(args) != nil {
		return 0, false
	}
	var errs []string
	if fs.NArg() > 0 {
		errs = append(errs, fmt.Sprintf("unexpected arguments %q: Nim takes no files", fs.Args()))
	}
	if heap < 1 || heap > nim.MaxHeap {
		errs = append(errs, fmt.Sprintf("--heap %d: use 1 to %d", heap, nim.MaxHeap))
	}
	if games != nil && (*games < 1 || *games > MaxGames) {
		errs = append(errs, fmt.Sprintf("--games %d: use 1 to %d", *games, MaxGames))
	}
	for _, e := range errs {
		fmt.Fprintf(stderr, "kombat %s --game nim: %s\n", cmd, e)
	}
	return heap, len(errs) == 0
}

// Sim plays bot against bot (--games of them, on --heap stones) and prints each take
// and each game's winner.
func Sim(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	games := 0
	heap, ok := flags("sim", args, stderr, &games)
	if !ok {
		return 2
	}
	wins := [3]int{}
	for i := 1; i <= games; i++ {
		g, _ := nim.New(heap) // flags checked the heap
		for !g.Over() {
			p, k := g.Turn(), nim.Best(g.Left())
			g.Take(p, k) // Best is always legal
			fmt.Fprintf(stdout, "game %d: the bot in seat %d takes %d, %d left\n", i, p, k, g.Left())
		}
		wins[g.Winner()]++
		fmt.Fprintf(stdout, "game %d: seat %d wins, taking the last stone\n", i, g.Winner())
	}
	fmt.Fprintf(stdout, "%d games: seat 1 won %d, seat 2 won %d\n", games, wins[1], wins[2])
	return 0
}

// Play plays a person (seat 1, reading takes from stdin) against the bot on --heap
// stones. A line that is no legal take is answered and asked again; the end of input
// quits, exit status 1.
func Play(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	heap, ok := flags("play", args, stderr, nil)
	if !ok {
		return 2
	}
	g, _ := nim.New(heap)
	in := bufio.NewScanner(stdin)
	for !g.Over() {
		if g.Turn() == 2 {
			k := nim.Best(g.Left())
			g.Take(2, k)
			fmt.Fprintf(stdout, "The bot takes %d: %d left.\n", k, g.Left())
			continue
		}
		fmt.Fprintf(stdout, "%d left. Take 1 to %d: ", g.Left(), min(nim.MaxTake, g.Left()))
		if !in.Scan() {
			fmt.Fprintln(stdout, "\nYou left the game.")
			return 1
		}
		k, err := strconv.Atoi(strings.TrimSpace(in.Text()))
		if err == nil {
			err = g.Take(1, k)
		}
		if err != nil {
			fmt.Fprintf(stdout, "%q is no take: write a whole number from 1 to %d.\n", in.Text(), min(nim.MaxTake, g.Left()))
		}
	}
	fmt.Fprintf(stdout, "%s take the last stone: %s.\n", map[int]string{1: "You", 2: "The bot"}[g.Winner()], map[int]string{1: "you win", 2: "the bot wins"}[g.Winner()])
	return 0
}

// step is one take of a scenario as try prints it.
type step struct {
	Step int `json:"step"`
	Seat int `json:"seat"`
	Took int `json:"took"`
	Left int `json:"left"`
}

// Scenario plays a try scenario ({"game": "nim", "heap": N, "takes": [...]}) and prints
// {"format": 1, "game": "nim", "steps": [...]}, at most limit bytes. A malformed
// scenario, or a take the rules refuse, is exit status 1, saying which.
func Scenario(name string, text []byte, stdout, stderr io.Writer, limit int64) int {
	var sc struct {
		Game  string `json:"game"`
		Heap  int    `json:"heap"`
		Takes []int  `json:"takes"`
	}
	dec := json.NewDecoder(strings.NewReader(string(text)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		fmt.Fprintf(stderr, "kombat try: %s: %v (a Nim scenario has \"game\", \"heap\" and \"takes\")\n", name, err)
		return 1
	}
	g, err := nim.New(sc.Heap)
	var steps []step
	for i := 0; err == nil && i < len(sc.Takes); i++ {
		p := g.Turn()
		if err = g.Take(p, sc.Takes[i]); err != nil {
			err = fmt.Errorf("take %d: %w", i+1, err)
			break
		}
		steps = append(steps, step{i + 1, p, sc.Takes[i], g.Left()})
	}
	if err != nil {
		fmt.Fprintf(stderr, "kombat try: %s: %v\n", name, err)
		return 1
	}
	out, _ := json.Marshal(map[string]any{"format": 1, "game": Name, "steps": steps, "winner": g.Winner()})
	if int64(len(out)+1) > limit {
		fmt.Fprintf(stderr, "kombat try: %s: the output is over %d bytes\n", name, limit)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", out)
	return 0
}
