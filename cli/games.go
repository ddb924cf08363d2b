package cli

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/upbeat"
)

// command is one terminal command of a game: the maker of the renderer it draws with
// (if it draws), its arguments and the process's streams in, its exit status out.
type command func(draw newRenderer, args []string, stdin io.Reader, stdout, stderr io.Writer) int

// plain is a command that draws nothing, as a command.
func plain(f func(args []string, stdin io.Reader, stdout, stderr io.Writer) int) command {
	return func(_ newRenderer, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return f(args, stdin, stdout, stderr)
	}
}

// tool is a game's part of the command line: what `--game NAME` (or a scenario's
// "game") dispatches check, sim, play and try to. A new game is one more tool in
// tools, and every command, flag message and scenario check knows it.
type tool struct {
	name  string // as --game and a scenario's "game" name it
	title string // as players read it: "KOMBAT"
	// program is what a player writes, with its article ("a KOMBAT strategy"), for
	// check's note when a file compiles as this game and was checked as another.
	program string
	// lang is the game's language, nil for a game whose players write none.
	lang       func() *interp.Language
	check, sim command
	play       command // nil: not playable in the terminal yet
	// scenario plays a try scenario's text (from the file name) as this game, printing
	// at most limit bytes; tryUsage is its usage message.
	scenario func(name string, text []byte, stdout, stderr io.Writer, limit int64) int
	tryUsage string
}

// defaultGame is the game a command plays when neither --game nor a scenario names one.
const defaultGame = "kombat"

// games is a registry of the command line's games, the default first: the house's
// own (tools), and those RunWith adds after them.
type games []tool

// tools are the house's games of the command line, the default first.
func tools() games {
	return games{
		{name: "kombat", title: "KOMBAT", program: "a KOMBAT strategy", lang: game.NewLanguage,
			check: plain(check), sim: func(draw newRenderer, args []string, _ io.Reader, stdout, stderr io.Writer) int {
				return sim(draw, args, stdout, stderr)
			},
			play: play, scenario: kombatScenario, tryUsage: tryUsage},
		{name: "upbeat", title: "UPBEAT", program: "an UPBEAT plan", lang: upbeat.NewLanguage,
			check: plain(upbeatCheck), sim: plain(upbeatSim), play: upbeatPlay, scenario: upbeatScenario, tryUsage: upbeatTryUsage},
		{name: "aibg", title: "AIBG", check: plain(aibgCheck), sim: plain(aibgSim), play: aibgPlay, scenario: aibgScenario, tryUsage: aibgTryUsage},
	}
}

// Tool is a game's part of the command line from outside package cli, for RunWith:
// a game the house's registry does not hold (the tests' Nim, internal/nim). Check,
// Sim and Scenario are required; Play is nil for a game not playable in the
// terminal. Each command takes its arguments (--game taken out) and the process's
// streams, and returns its exit status.
type Tool struct {
	Name, Title      string // as --game names it, and as players read it
	Check, Sim, Play func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	// Scenario plays a try scenario's text (from the file name) as this game, printing
	// at most limit bytes; TryUsage is its usage message.
	Scenario func(name string, text []byte, stdout, stderr io.Writer, limit int64) int
	TryUsage string
}

// RunWith is Run with the games more beside the house's own, after them: check, sim,
// play and try dispatch to them by --game or a scenario's "game", and the messages
// that name the games name them. A Tool that lacks a command, or whose name is
// taken or no name --game can take, is refused with exit status 2 before anything runs.
func RunWith(more []Tool, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	gs, err := tools().with(more)
	if err != nil {
		fmt.Fprintf(stderr, "kombat: %v\n", err)
		return 2
	}
	return gs.run(render.New, args, stdin, stdout, stderr)
}

// with is gs and more after them, or every mistake of more's.
func (gs games) with(more []Tool) (games, error) {
	out := slices.Clone(gs)
	var errs []error
	for i, t := range more {
		switch _, taken := out.named(t.Name); {
		case t.Name == "" || strings.ContainsAny(t.Name, " =\t\n") || strings.HasPrefix(t.Name, "-"):
			errs = append(errs, fmt.Errorf("game %d of RunWith: name %q: a game is named by one word", i+1, t.Name))
		case taken:
			errs = append(errs, fmt.Errorf("game %d of RunWith: %q is a game already", i+1, t.Name))
		case t.Check == nil || t.Sim == nil || t.Scenario == nil || t.Title == "" || t.TryUsage == "":
			errs = append(errs, fmt.Errorf("game %d of RunWith (%s): a Tool needs a Title, Check, Sim, Scenario and TryUsage", i+1, t.Name))
		default:
			nt := tool{name: t.Name, title: t.Title, check: plain(t.Check), sim: plain(t.Sim), scenario: t.Scenario, tryUsage: t.TryUsage}
			if t.Play != nil {
				nt.play = plain(t.Play)
			}
			out = append(out, nt)
		}
	}
	return out, errors.Join(errs...)
}

// named is the game of that name ("" is the default game), or false.
func (gs games) named(name string) (tool, bool) {
	if name == "" {
		name = defaultGame
	}
	for _, t := range gs {
		if t.name == name {
			return t, true
		}
	}
	return tool{}, false
}

// known reports whether a game of that name is one of gs.
func (gs games) known(name string) bool {
	_, ok := gs.named(name)
	return ok && name != ""
}

// list names the games for a message, each quoted by quote, the last joined by
// conj: "kombat and upbeat", or with three, "kombat, upbeat and aibg".
func (gs games) list(quote func(string) string, conj string) string {
	names := make([]string, len(gs))
	for i, t := range gs {
		names[i] = quote(t.name)
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}

// bare and quoted are gameList's quotes.
func bare(s string) string   { return s }
func quoted(s string) string { return fmt.Sprintf("%q", s) }

// checkedAs is how check tells a player to check a file as game g instead of the
// game cur it was checked as: the default game is what check plays without --game.
func checkedAs(g, cur string) string {
	if g == defaultGame {
		return "check it without --game " + cur
	}
	return "check it with kombat check --game " + g
}
