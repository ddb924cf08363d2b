package cli

import (
	"bytes"
	"github.com/kombat-game/kombat/host/kombathost"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/render"
)

// playScript runs kombat play with the script as standard input, in a fresh folder.
func playScript(t *testing.T, script string, args ...string) (code int, out, errs, dir string) {
	t.Helper()
	return playWith(t, render.New, script, args...)
}

// playWith is playScript with the renderer draw makes.
func playWith(t *testing.T, draw newRenderer, script string, args ...string) (code int, out, errs, dir string) {
	t.Helper()
	dir = t.TempDir()
	code, out, errs = runWith(t, draw, script, append([]string{"play", "--out", dir}, args...)...)
	return code, out, errs, dir
}

// TestPlay_ScriptedGame plays a short game where every kind of mistake is typed once:
// each is refused with its reason and asked again, the game goes on to its end, and
// every turn's image and the replay are written and decode.
func TestPlay_ScriptedGame(t *testing.T) {
	cfg := writeFile(t, t.TempDir(), "short.cfg", "max_turns=3\n")
	script := strings.Join([]string{
		"9", "", "Shooter", // free spawn: a kind that does not exist, no skipping, then one by name
		"0,0", "x", "4,4", "board", // the hex: off the board, not a hex, not in the area
		"", "3", "(1,1)", // Enter at the hex goes back to the kind: another, by number
		"1,1", "8,8", "5,5", "2,3", // turn 1: buy: already ours, the bot's, not adjacent, then one
		"1,1", "23", "", // spawn: occupied, then 2,3 written as two digits; Enter at the kind goes back
		"23", "r", "rusher", // the hex again; the kind by a bad then a good name
	}, "\n") + strings.Repeat("\n", 20)
	code, out, errs, dir := playScript(t, script, "--seed", "7", "--config", cfg)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q\n%s", code, errs, out)
	}
	for _, want := range []string{
		"you are player 1 against the bot (seed 7",
		`"9" is not a kind: answer with a number from 1 to 3`,
		"✗ this cannot be skipped: choose a kind from the list.",
		"Which kind? (This cannot be skipped.)",
		"Free spawn: which hex? Enter to go back to the kind.",
		"0,0 is off the board: rows and columns go from 1 to 8",
		`"x" is not a hex: write its row and column`,
		"4,4 is not in your area",
		"1,1 is already yours",
		"8,8 is the bot's",
		"5,5 is not next to your area",
		"✓ bought (2,3)",
		"1,1 is occupied by your minion #2",
		"Which kind? Enter to go back to the hex.",
		`"r" is not a kind`,
		"spawned #3 rusher at (2,3)",
		"Game over: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if !strings.Contains(out, "#2 spreader of player 1 at (1,1)") {
		t.Errorf("the free spawn is not the spreader chosen after going back:\n%s", out)
	}
	if n := strings.Count(out, "Spawn a minion for"); n < 2 {
		t.Errorf("the spawn's hex was asked %d times; want again after Enter at the kind", n)
	}
	if n := strings.Count(out, "Board by row and column"); n < 5 {
		t.Errorf("the board was shown %d times; want it before each of the player's turns, on request and at the end", n)
	}
	// After the game: the turning points for the player, one suggestion, and the chart.
	after := out[strings.Index(out, "After the game"):]
	if !strings.Contains(after, "chart.png") || !strings.Contains(after, "unspent budget") {
		t.Errorf("the after-game text lacks the chart's path or the budget left:\n%s", after)
	}
	for _, line := range strings.Split(out, "\n") {
		// A folder's path is the machine's, not the game's text.
		if n := utf8.RuneCountInString(line); n > 80 && !strings.Contains(line, dir) {
			t.Errorf("a line of %d characters: %q", n, line)
		}
	}
	names := []string{"setup.png", "chart.png"}
	for i := 1; i <= 6; i++ {
		names = append(names, "turn-00"+string(rune('0'+i))+".png")
	}
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "replay.gif"))
	if err != nil {
		t.Fatal(err)
	}
	if g, err := gif.DecodeAll(bytes.NewReader(data)); err != nil || len(g.Image) < 7 {
		t.Errorf("replay.gif: %v", err)
	}
}

// TestPlay_Endings: the input can end anywhere and "quit" resigns; both end cleanly.
func TestPlay_Endings(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	tests := []struct {
		name, script string
		args         []string
		want         []string
		files        []string // written to the folder
	}{
		{"end of input in setup", "1\n", nil, []string{"End of input: the game is left unfinished after 0 turns each"}, nil},
		{"end of input mid-game", "1\n1,1\n\n\n", []string{"--config", "short"}, []string{"End of input", "Your turn 1:", "after 1 turn each.", "Its images and replay.gif are in "}, []string{"setup.png", "turn-001.png", "replay.gif"}},
		{"last line without a newline", "1\n1,1\nquit\nyes", nil, []string{"The bot wins (Player resigned)"}, []string{"replay.gif"}},
		{"quit", "quit\ny\n", nil, []string{"Resign the game?", "The bot wins (Player resigned)"}, []string{"replay.gif"}},
		{"quit, then go on", "quit\nno\n1\n1,1\n", nil, []string{"Resign the game?", "The game goes on.", "End of input"}, []string{"setup.png"}},
		{"seat 2", "2\n8,8\nq\nyes\n", []string{"--seat", "2"}, []string{"you are player 2", "The bot's turn 1:", "Choices: 7,7  7,8  8,6  8,7  8,8",
			// setup.png's numbers, the bot's first income in, said before the bot plays
			"Setup done (setup.png); the bot plays first\n", "budget 10090, interest 0.0%"},
			[]string{"replay.gif", "setup.png"}},
	}
	draw := drawOnce()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for i, a := range tc.args {
				if a == "short" {
					tc.args[i] = writeFile(t, t.TempDir(), "short.cfg", "max_turns=5\n")
				}
			}
			code, out, errs, dir := playWith(t, draw, tc.script, append([]string{"--seed", "3"}, tc.args...)...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, f := range tc.files {
				if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestPlay_GarbageNeverCrashes types random lines, long lines and control bytes at
// every prompt: the game always ends normally.
func TestPlay_GarbageNeverCrashes(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	cfg := writeFile(t, t.TempDir(), "short.cfg", "max_turns=6\n")
	draw := drawOnce()
	words := []string{"", "1", "2", "3", "1,1", "2,2", "8,8", "3,2", "2,3", "99", "-1,-1", "rusher", "?", "board", "1,1,1", "\x00\x01", "é,ü", strings.Repeat("9", 5000), " 1 , 2 ", "\r"}
	scripts := uint64(6)
	if raceEnabled {
		scripts = 3 // a whole game each, several times slower under the race detector
	}
	for seed := range scripts {
		rng := rand.New(rand.NewPCG(seed, 1))
		var b strings.Builder
		for range 400 {
			b.WriteString(words[rng.IntN(len(words))] + "\n")
		}
		code, out, errs, _ := playWith(t, draw, b.String(), "--seed", "11", "--config", cfg)
		if code != 0 || errs != "" {
			t.Fatalf("script %d: exit %d, stderr %q", seed, code, errs)
		}
		if !strings.Contains(out, "Game over") && !strings.Contains(out, "End of input") {
			t.Errorf("script %d ended neither way:\n%s", seed, out[max(0, len(out)-500):])
		}
	}
}

// TestPlay_Usage: bad flags, configurations and strategies get specific messages and
// their exit status, before any game starts.
func TestPlay_Usage(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	dir := t.TempDir()
	badCfg := writeFile(t, dir, "bad.cfg", "max_turns=-3\n")
	badStrategy := writeFile(t, dir, "broken.kombat", "move right\n")
	good := writeFile(t, dir, "walker.kombat", "# defense: 4\nmove up\n")
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"bad seat", []string{"--seat", "3"}, 2, "--seat must be 1 or 2, got 3"},
		{"bad config", []string{"--config", badCfg}, 1, "bad.cfg:1: max_turns must be from 1 to 1000, got -3"},
		{"missing config", []string{"--config", filepath.Join(dir, "nope.cfg")}, 2, "nope.cfg"},
		{"broken strategy", []string{badStrategy}, 1, "broken.kombat:1:6: error: expected a direction after 'move'"},
		{"too many files", []string{good, good, good, good, good, good}, 2, "at most 5 kinds"},
		{"help", []string{"--help"}, 0, "usage: kombat play"},
		{"unknown level", []string{"--level", "expert"}, 2, `kombat play: --level: unknown level "expert"; the levels are easy, normal, hard, random, greedy`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", append([]string{"play"}, tc.args...)...)
			if code != tc.code || !strings.Contains(errs, tc.want) {
				t.Errorf("exit %d (want %d), stderr %q (want %q)", code, tc.code, errs, tc.want)
			}
		})
	}
	// Every level plays (here the bot's free spawn and first turns, until the input ends).
	draw := drawOnce()
	for _, level := range game.Levels() {
		if code, _, _, _ := playWith(t, draw, "", "--seed", "2", "--level", level); code != 0 {
			t.Errorf("--level %s: exit %d", level, code)
		}
	}
	// A strategy file of its own: one kind, so no kind is asked for.
	code, out, _, _ := playWith(t, draw, "1,1\nq\nyes\n", "--seed", "2", good)
	if code != 0 || !strings.Contains(out, "1. walker (defense 4)") || strings.Contains(out, "Which kind?") {
		t.Errorf("own strategy: exit %d\n%s", code, out)
	}
}

// TestPlay_BotPlaysAsHostSeats plays terminal games to their end in either seat, then
// replays the person's decisions from each game's record into a game driven by
// kombathost.Seats with the same setup: the bot's free spawn and every bot turn must come out
// exactly as in the terminal, so the terminal and the chat host seat the same bot.
func TestPlay_BotPlaysAsHostSeats(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	lang := game.NewLanguage()
	kinds, err := exampleKinds()
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.New()
	if err != nil {
		t.Fatal(err)
	}
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 6
	words := []string{"", "", "1", "2", "3", "1,1", "2,2", "2,3", "3,2", "7,7", "8,8", "7,8", "8,7", "rusher", "shooter"}
	for _, seat := range []int{1, 2} {
		setup := game.Setup{Config: cfg, Seed: 41 + uint64(seat), Mode: game.ModeSolitaire, HumanSeat: seat, Kinds: kinds}
		g, err := game.New(lang, setup)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(seat), 2))
		var script strings.Builder
		for range 300 {
			script.WriteString(words[rng.IntN(len(words))] + "\n")
		}
		var out bytes.Buffer
		if err := newTerminalGame(g, game.DefaultLevel, r, t.TempDir(), strings.NewReader(script.String()), &out).run(); err != nil || g.Result() == nil {
			t.Fatalf("seat %d: the terminal game did not finish (%v):\n%s", seat, err, out.String())
		}
		rec := g.Record()

		ref, err := game.New(lang, setup)
		if err != nil {
			t.Fatal(err)
		}
		var human [2]bool
		human[seat-1] = true
		seats := kombathost.NewSeats(ref, human, setup.Seed)
		if err := seats.BotFreeSpawns(); err != nil {
			t.Fatal(err)
		}
		next, botDecisions := 0, 0 // the person's next decision in rec; the bot's in rec
		for ref.Result() == nil {
			if seats.BotToMove() != 0 {
				if _, _, err := seats.BotTurn(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			for next < len(rec.Decisions) && rec.Decisions[next].Player != seat {
				next++
				botDecisions++
			}
			if next == len(rec.Decisions) {
				t.Fatalf("seat %d: host's game waits for the person after the record's end", seat)
			}
			if err := ref.Apply(rec.Decisions[next]); err != nil {
				t.Fatalf("seat %d: decision %d %+v: %v", seat, next, rec.Decisions[next], err)
			}
			next++
		}
		if botDecisions < int(cfg.MaxTurns) {
			t.Fatalf("seat %d: only %d bot decisions in the record; the test proves nothing", seat, botDecisions)
		}
		if got := ref.Record().Decisions; !reflect.DeepEqual(got, rec.Decisions) {
			t.Errorf("seat %d: kombathost.Seats played\n%+v\nthe terminal played\n%+v", seat, got, rec.Decisions)
		}
	}
}

func TestParseHex(t *testing.T) {
	tests := []struct {
		in   string
		want game.Hex
		err  string
	}{
		{"2,3", game.Hex{Row: 2, Col: 3}, ""},
		{" (2, 3) ", game.Hex{Row: 2, Col: 3}, ""},
		{"2 3", game.Hex{Row: 2, Col: 3}, ""},
		{"23", game.Hex{Row: 2, Col: 3}, ""},
		{"[8;8]", game.Hex{Row: 8, Col: 8}, ""},
		{"9,1", game.Hex{}, "off the board"},
		{"2", game.Hex{}, "not a hex"},
		{"a,b", game.Hex{}, "not a hex"},
		{"1,2,3", game.Hex{}, "not a hex"},
	}
	for _, tc := range tests {
		h, err := parseHex(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("parseHex(%q) = %v, %v; want an error with %q", tc.in, h, err, tc.err)
			}
		} else if err != nil || h != tc.want {
			t.Errorf("parseHex(%q) = %v, %v; want %v", tc.in, h, err, tc.want)
		}
	}
}

// TestTurnsEach: a game that ended in player 1's turn is not said to have lasted as
// many turns for both players ("after 5 turns each" when player 2 had played 4).
func TestTurnsEach(t *testing.T) {
	for turns, want := range map[int]string{
		0: "0 turns each", 1: "1 turn by player 1 and 0 by player 2", 2: "1 turn each",
		9: "5 turns by player 1 and 4 by player 2", 10: "5 turns each",
	} {
		if got := turnsEach(turns); got != want {
			t.Errorf("turnsEach(%d) = %q, want %q", turns, got, want)
		}
	}
}

// TestPlay_NothingPlayedLeavesNoFolder: a game left before anything was played removes
// the --out folder it made for its images, and keeps one that was there before.
func TestPlay_NothingPlayedLeavesNoFolder(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	base := t.TempDir()
	draw := drawOnce()
	for _, tc := range []struct {
		name   string
		before bool // the folder exists before the game
		want   string
	}{
		{"made for the game", false, "Nothing was played, so no image was written, and the folder made for them, "},
		{"there before", true, "Nothing was played, so no image was written to "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(base, strings.ReplaceAll(tc.name, " ", "-"))
			if tc.before {
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			code, out, errs := runWith(t, draw, "1\n", "play", "--seed", "3", "--out", dir)
			if code != 0 || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d, output lacks %q:\n%s%s", code, tc.want, out, errs)
			}
			if _, err := os.Stat(dir); (err == nil) != tc.before {
				t.Errorf("the folder exists: %v, want %v", err == nil, tc.before)
			}
		})
	}
}
