package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
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

// tools are the games of the command line, the default first.
func tools() []tool {
	return []tool{
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

// toolNamed is the game of that name ("" is the default game), or false.
func toolNamed(name string) (tool, bool) {
	if name == "" {
		name = defaultGame
	}
	for _, t := range tools() {
		if t.name == name {
			return t, true
		}
	}
	return tool{}, false
}

// known reports whether a game of that name is one of tools.
func known(name string) bool {
	_, ok := toolNamed(name)
	return ok && name != ""
}

// gameList names the games for a message, each quoted by quote, the last joined by
// conj: "kombat and upbeat", or with three, "kombat, upbeat and aibg".
func gameList(quote func(string) string, conj string) string {
	ts := tools()
	names := make([]string, len(ts))
	for i, t := range ts {
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
