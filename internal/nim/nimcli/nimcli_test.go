package nimcli_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/cli"
	"github.com/kombat-game/kombat/internal/nim/nimcli"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// nimTool is Nim's registration with the command line: one value.
func nimTool() cli.Tool {
	return cli.Tool{Name: nimcli.Name, Title: nimcli.Title, Check: nimcli.Check, Sim: nimcli.Sim, Play: nimcli.Play,
		Scenario: nimcli.Scenario, TryUsage: nimcli.TryUsage}
}

// kombat runs the program with Nim registered, stdin as its input.
func kombat(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb strings.Builder
	code = cli.RunWith([]cli.Tool{nimTool()}, args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// TestCommands_ThroughTheRegistry: every command of the command line reaches Nim
// through --game or a scenario's "game", end to end through cli.RunWith; each
// output is a golden file, and each mistake is a message with its exit status.
func TestCommands_ThroughTheRegistry(t *testing.T) {
	scenario := filepath.Join("testdata", "scenario.json")
	for _, c := range []struct {
		name, stdin string
		args        []string
		code        int
	}{
		{"sim", "", []string{"sim", "--game", "nim", "--heap", "9", "--games", "2"}, 0},
		{"sim_mistakes", "", []string{"sim", "--game=nim", "--heap", "0", "--games", "5000", "x.nim"}, 2},
		{"play", "4\nthree\n2\n3\n3\n", []string{"play", "--game", "nim", "--heap", "10"}, 0},
		{"play_left", "1\n", []string{"play", "--game", "nim", "--heap", "10"}, 1},
		{"check", "", []string{"check", "--game", "nim", "x.nim"}, 2},
		{"try_by_flag", "", []string{"try", "--game", "nim", scenario}, 0},
		{"try_by_game_key", "", []string{"try", scenario}, 0},
		{"try_bad_take", `{"game": "nim", "heap": 5, "takes": [3, 3]}`, []string{"try", "-"}, 1},
		{"try_bad_key", `{"game": "nim", "heap": 5, "take": [3]}`, []string{"try", "-"}, 1},
		{"unknown_game", "", []string{"sim", "--game", "chess"}, 2},
		{"help", "", []string{"help"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := kombat(c.stdin, c.args...)
			if code != c.code {
				t.Errorf("kombat %s: exit %d, want %d; stderr:\n%s", strings.Join(c.args, " "), code, c.code, errs)
			}
			golden(t, c.name+".txt", "stdout:\n"+out+"stderr:\n"+errs)
		})
	}
}

// TestRunWith_BadTool: a Tool the command line cannot dispatch to (no name, a name
// taken, a command missing) is refused before anything runs, every mistake at once.
func TestRunWith_BadTool(t *testing.T) {
	bare := cli.Tool{Name: "go"}
	taken := nimTool()
	taken.Name = "upbeat"
	var out, errb strings.Builder
	code := cli.RunWith([]cli.Tool{{}, bare, taken, nimTool(), nimTool()}, []string{"sim", "--game", "nim"}, strings.NewReader(""), &out, &errb)
	for _, want := range []string{`game 1 of RunWith: name ""`, "game 2 of RunWith (go): a Tool needs", `game 3 of RunWith: "upbeat" is a game already`, `game 5 of RunWith: "nim" is a game already`} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr %q does not say %q", errb.String(), want)
		}
	}
	if code != 2 || out.Len() > 0 {
		t.Errorf("exit %d with output %q, want 2 and nothing run", code, out.String())
	}
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test -update rewrites it):\n%s", path, got)
	}
}
