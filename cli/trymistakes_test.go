package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/game"
)

// TestTry_EveryMistakeAtOnce: a scenario of any game whose shape is wrong in many
// places (a string where a number goes, an unknown key, a wrong type in a list, a key
// given twice, a map's value, a hex, null) is told every mistake at once, in the
// file's order, each on its own line with its line and column, what is wrong and what
// goes there, and its JSON path; an unknown key a typo away from one names it.
func TestTry_EveryMistakeAtOnce(t *testing.T) {
	const whole = "a whole number from -9223372036854775808 to 9223372036854775807"
	tests := []struct {
		name, text string
		want       []string
	}{
		{"kombat", "{\"seed\": \"x\",\n \"minions\": [{\"owner\": \"1\", \"at\": [1], \"strategy\": 5, \"colour\": 1, \"owner\": 2},\n" +
			"              null, {\"owner\": 1, \"at\": [2, 2], \"strategy\": \"done\", \"locals\": {\"a b\": 1.5}}],\n \"sede\": 2}\n", []string{
			`line 1, column 10: "seed" must be a whole number from 0 to 18446744073709551615, found "x" (JSON path: seed)`,
			`line 2, column 24: minion 1: "owner" must be ` + whole + `, found "1" (JSON path: minions[0].owner)`,
			`line 2, column 35: minion 1: "at" must be a hex [row, col] of two whole numbers, found [1] (JSON path: minions[0].at)`,
			`line 2, column 52: minion 1: "strategy" must be a string in double quotes, found 5 (JSON path: minions[0].strategy)`,
			`line 2, column 55: minion 1: unknown key "colour"; its keys are "owner", "at", "hp", "defense", "strategy" and "locals" (JSON path: minions[0].colour)`,
			`line 2, column 68: minion 1: "owner" is given twice (first at line 2, column 15) (JSON path: minions[0].owner)`,
			`line 3, column 15: minion 2 must be an object {...}, found null (JSON path: minions[1])`,
			`line 3, column 86: minion 3: "locals": "a b" must be ` + whole + `, found 1.5 (JSON path: minions[2].locals["a b"])`,
			`line 4, column 2: unknown key "sede"; a scenario's keys are "game", "config", "seed", "turn", "players", "minions" and "steps"; did you mean "seed"? (JSON path: sede)`,
		}},
		{"upbeat", "{\"game\": \"upbeat\", \"players\": [{\"budget\": \"lots\", \"vars\": {\"a\": \"1\"}}, {\"center\": \"2,2\"}],\n" +
			" \"regions\": [{\"at\": [1, 2, 3], \"owner\": 1}],\n \"steps\": [{\"turn\": \"x\"}, {\"revise\": 5, \"finsh\": true}]}\n", []string{
			`line 1, column 43: player 1: "budget" must be ` + whole + `, found "lots" (JSON path: players[0].budget)`,
			`line 1, column 65: player 1: "vars": "a" must be ` + whole + `, found "1" (JSON path: players[0].vars.a)`,
			`line 1, column 83: player 2: "center" must be a region [row, col] of two whole numbers, found "2,2" (JSON path: players[1].center)`,
			`line 2, column 21: region 1: "at" must be a region [row, col] of two whole numbers, found [1, 2, 3] (JSON path: regions[0].at)`,
			`line 3, column 21: step 1: "turn" must be ` + whole + `, found "x" (JSON path: steps[0].turn)`,
			`line 3, column 38: step 2: "revise" must be a string in double quotes, found 5 (JSON path: steps[1].revise)`,
			`line 3, column 41: step 2: unknown key "finsh"; its keys are "turn", "revise", "elapsed" and "finish"; did you mean "finish"? (JSON path: steps[1].finsh)`,
		}},
		{"aibg", "{\"game\": \"aibg\",\n \"players\": [{\"atoms\": \"5\", \"pool\": [{\"id\": 1, \"type\": \"Tide\", \"alive\": \"yes\"}, 7]}, {\"lineup\": [1, \"2\"]}],\n" +
			" \"shop\": \"Rock\", \"domain\": 5, \"phase\": 1}\n", []string{
			`line 2, column 24: player 1: "atoms" must be ` + whole + `, found "5" (JSON path: players[0].atoms)`,
			`line 2, column 73: player 1: "pool", item 1: "alive" must be true or false, found "yes" (JSON path: players[0].pool[0].alive)`,
			`line 2, column 81: player 1: "pool", item 2, must be an object {...}, found 7 (JSON path: players[0].pool[1])`,
			`line 2, column 101: player 2: "lineup", item 2, must be ` + whole + `, found "2" (JSON path: players[1].lineup[1])`,
			`line 3, column 10: "shop" must be a list [...], found "Rock" (JSON path: shop)`,
			`line 3, column 28: "domain" must be a string in double quotes, found 5 (JSON path: domain)`,
			`line 3, column 40: "phase" must be a string in double quotes, found 1 (JSON path: phase)`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tc.text, "try", "-")
			want := "kombat try: -: " + strings.Join(tc.want, "\nkombat try: -: ") + "\n"
			if code != 1 || out != "" || errs != want {
				t.Errorf("exit %d, stdout %q\n got:\n%s\nwant:\n%s", code, out, errs, want)
			}
		})
	}
}

// hostileScenario is a scenario of game of just under size bytes made of mistakes,
// and how many: each of its items holds three (a string for a number, a number for a
// string or list, an unknown key).
func hostileScenario(game string, size int) (text string, mistakes int) {
	head, item, tail := `{"minions": [`, `{"owner": "x", "at": 1, "colour": 1}`, `]}`
	switch game {
	case "upbeat":
		head, item = `{"game": "upbeat", "players": [`, `{"budget": "x", "plan": 1, "colour": 1}`
	case "aibg":
		head, item = `{"game": "aibg", "players": [`, `{"atoms": "x", "pool": 1, "colour": 1}`
	}
	n := (size - len(head) - len(tail)) / (len(item) + 1)
	return head + strings.Repeat(item+",", n-1) + item + tail, 3 * n
}

// TestTry_HostileMistakes: a file of 1 MiB of mistakes, of any game, is told its first
// maxMistakes and how many more, never a flood. Under the race detector, which reads
// ten times slower, the file is 64 KiB: still thousands of mistakes.
func TestTry_HostileMistakes(t *testing.T) {
	size := maxScenarioBytes
	if raceEnabled {
		size /= 16
	}
	for _, game := range []string{"kombat", "upbeat", "aibg"} {
		t.Run(game, func(t *testing.T) {
			text, n := hostileScenario(game, size)
			if len(text) > maxScenarioBytes {
				t.Fatalf("the scenario is %d bytes, over the limit", len(text))
			}
			code, out, errs := runCmd(t, text, "try", "-")
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			last := fmt.Sprintf("kombat try: -: ... and %d more mistakes (fix these and run it again to see them)", n-maxMistakes)
			if code != 1 || out != "" || len(lines) != maxMistakes+1 || lines[len(lines)-1] != last {
				t.Errorf("exit %d, stdout %d bytes, %d lines of stderr ending %q; want %q", code, len(out), len(lines), lines[len(lines)-1], last)
			}
		})
	}
}

// BenchmarkTryHostileMistakes reads a 1 MiB KOMBAT scenario of mistakes: the cost of
// the worst file try accepts to read.
func BenchmarkTryHostileMistakes(b *testing.B) {
	text, _ := hostileScenario("kombat", maxScenarioBytes)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if err := decodeStrict([]byte(text), new(game.Scenario), ""); err == nil {
			b.Fatal("no mistake found")
		}
	}
}

// BenchmarkTryLargeValid reads a 1 MiB KOMBAT scenario with no mistake (many
// minions): what reading every value, and knowing each one's path, costs.
func BenchmarkTryLargeValid(b *testing.B) {
	item := `{"owner": 1, "at": [1, 1], "hp": 5, "strategy": "done", "locals": {"a": 1}}`
	n := (maxScenarioBytes - 20) / (len(item) + 1)
	text := []byte(`{"minions": [` + strings.Repeat(item+",", n-1) + item + `]}`)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if err := decodeStrict(text, new(game.Scenario), ""); err != nil {
			b.Fatal(err)
		}
	}
}
