package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

const sampleConfig = `spawn_cost=100
hex_purchase_cost=1000
init_budget=10000
init_hp=100
turn_budget=90
max_budget=23456
interest_pct=5
max_turns=69
max_spawns=47
`

func TestConfigSample_R23(t *testing.T) {
	c, err := ParseConfig(sampleConfig)
	if err != nil {
		t.Fatal(err)
	}
	if c != DefaultConfig() {
		t.Errorf("sample config %+v differs from the defaults %+v", c, DefaultConfig())
	}
	if c.StepLimit != 1000000 {
		t.Errorf("step_limit default %d, want 1000000 (R21)", c.StepLimit)
	}
	// Any order, spaces around '=', comments, blank lines and CRLF; missing keys default.
	c, err = ParseConfig("# my config\r\n\r\n  max_turns = 10 \r\ninit_hp=5\r\n")
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultConfig()
	want.MaxTurns, want.InitHP = 10, 5
	if c != want {
		t.Errorf("got %+v, want %+v", c, want)
	}
	// String writes a file that reads back the same.
	c.StepLimit = 777
	back, err := ParseConfig(c.String())
	if err != nil || back != c {
		t.Errorf("round trip: %+v, %v", back, err)
	}
	if c, err := ParseConfig(""); err != nil || c != DefaultConfig() {
		t.Errorf("empty file: %+v, %v", c, err)
	}
}

func TestConfigErrors_R23(t *testing.T) {
	tests := []struct {
		text string
		line int
		key  string
		msg  string
	}{
		{"spawn_cost=1\nmax_turns=0\n", 2, "max_turns", "line 2: max_turns must be from 1 to 1000, got 0"},
		{"init_hp=0", 1, "init_hp", "line 1: init_hp must be from 1 to 1000000000000, got 0"},
		{"max_spawns=0", 1, "max_spawns", "line 1: max_spawns must be from 1 to 1000, got 0"},
		{"spawn_cost=-5", 1, "spawn_cost", "line 1: spawn_cost must be from 0 to 1000000000000, got -5"},
		{"spawncost=5", 1, "spawncost", `line 1: unknown key "spawncost" (did you mean spawn_cost?); the keys are spawn_cost, hex_purchase_cost, init_budget, init_hp, turn_budget, max_budget, interest_pct, max_turns, max_spawns, step_limit`},
		{"max_turn=5", 1, "max_turn", `line 1: unknown key "max_turn" (did you mean max_turns?); the keys are spawn_cost, hex_purchase_cost, init_budget, init_hp, turn_budget, max_budget, interest_pct, max_turns, max_spawns, step_limit`},
		{"colour=blue", 1, "colour", `line 1: unknown key "colour"; the keys are spawn_cost, hex_purchase_cost, init_budget, init_hp, turn_budget, max_budget, interest_pct, max_turns, max_spawns, step_limit`},
		{"init_hp=5\n\ninit_hp=6", 3, "init_hp", "line 3: init_hp is set twice (first on line 1)"},
		{"init_hp=five", 1, "init_hp", `line 1: init_hp must be a whole number from 1 to 1000000000000, got "five"`},
		{"init_hp=1.5", 1, "init_hp", `line 1: init_hp must be a whole number from 1 to 1000000000000, got "1.5"`},
		{"init_hp=99999999999999999999", 1, "init_hp", `line 1: init_hp must be a whole number from 1 to 1000000000000, got "99999999999999999999"`},
		{"just words", 1, "", `line 1: expected name=value, found "just words"`},
		{"max_budget=100", 1, "max_budget", "line 1: max_budget (100) must be at least init_budget (10000)"},
		{"init_budget=30000", 1, "max_budget", "line 1: max_budget (23456) must be at least init_budget (30000)"},
		{"step_limit=0", 1, "step_limit", "line 1: step_limit must be from 1 to 10000000, got 0"},
		{"step_limit=9223372036854775807", 1, "step_limit", "line 1: step_limit must be from 1 to 10000000, got 9223372036854775807"},
		{"max_turns=1001", 1, "max_turns", "line 1: max_turns must be from 1 to 1000, got 1001"},
	}
	for _, tc := range tests {
		_, err := ParseConfig(tc.text)
		var ce *ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("%q: error %v, want a *ConfigError", tc.text, err)
			continue
		}
		if ce.Line != tc.line || ce.Key != tc.key || err.Error() != tc.msg {
			t.Errorf("%q: got line %d key %q %q\nwant line %d key %q %q", tc.text, ce.Line, ce.Key, err, tc.line, tc.key, tc.msg)
		}
	}
	if _, err := ParseConfig(strings.Repeat("#", MaxConfigBytes+1)); err == nil {
		t.Error("a huge configuration file was accepted")
	}
}

func TestConfigReference(t *testing.T) {
	ref := ConfigReference()
	for _, key := range []string{"spawn_cost", "hex_purchase_cost", "init_budget", "init_hp", "turn_budget", "max_budget", "interest_pct", "max_turns", "max_spawns", "step_limit"} {
		if !strings.Contains(ref, key) {
			t.Errorf("reference lacks %s:\n%s", key, ref)
		}
	}
}

// TestConfigBounds pins every key's range from both sides: the ends are accepted, one
// past either end is refused with the key, the line and the range.
func TestConfigBounds(t *testing.T) {
	for _, k := range configKeys() {
		for _, v := range []int64{k.Min, k.Max} {
			text := fmt.Sprintf("# bounds\n%s=%d\n", k.Name, v)
			switch k.Name { // keep max_budget >= init_budget
			case "init_budget":
				text += fmt.Sprintf("max_budget=%d\n", MaxAmount)
			case "max_budget":
				text += "init_budget=0\n"
			}
			c, err := ParseConfig(text)
			if err != nil {
				t.Errorf("%s=%d refused: %v", k.Name, v, err)
			} else if got := *k.Field(&c); got != v {
				t.Errorf("%s=%d read as %d", k.Name, v, got)
			}
		}
		for _, v := range []int64{k.Min - 1, k.Max + 1} {
			_, err := ParseConfig(fmt.Sprintf("# bounds\n%s=%d\n", k.Name, v))
			want := fmt.Sprintf("line 2: %s must be from %d to %d, got %d", k.Name, k.Min, k.Max, v)
			if err == nil || err.Error() != want {
				t.Errorf("%s=%d: got %v, want %q", k.Name, v, err, want)
			}
		}
	}
	if MaxStepLimit != 10_000_000 || MaxMaxTurns != 1000 {
		t.Errorf("the documented bounds moved: step_limit %d, max_turns %d", MaxStepLimit, MaxMaxTurns)
	}
}

// TestConfigAllErrors: a file with several mistakes reports every one, in line order,
// and errors.As still finds the first.
func TestConfigAllErrors(t *testing.T) {
	text := "step_limit=99999999999\ncolour=blue\n\nmax_turns=0\nstep_limit=5\njust words\nflavour=red\n"
	_, err := ParseConfig(text)
	var es ConfigErrors
	if !errors.As(err, &es) {
		t.Fatalf("got %T %v, want ConfigErrors", err, err)
	}
	want := []string{
		"line 1: step_limit must be from 1 to 10000000, got 99999999999",
		`line 2: unknown key "colour"; the keys are spawn_cost, hex_purchase_cost, init_budget, init_hp, turn_budget, max_budget, interest_pct, max_turns, max_spawns, step_limit`,
		"line 4: max_turns must be from 1 to 1000, got 0",
		"line 5: step_limit is set twice (first on line 1)",
		`line 6: expected name=value, found "just words"`,
		`line 7: unknown key "flavour"`,
	}
	if got := strings.Split(err.Error(), "\n"); !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var first *ConfigError
	if !errors.As(err, &first) || first.Line != 1 || first.Key != "step_limit" {
		t.Errorf("errors.As found %+v, want the first mistake", first)
	}
}

// TestParseStoredConfig: a configuration stored before the bounds existed is lowered
// to them, saying what changed; below the range and malformed values are still errors.
func TestParseStoredConfig(t *testing.T) {
	c, clamped, err := ParseStoredConfig("step_limit=9223372036854775807\nmax_turns=5000\nmax_spawns=99999999999999999999\ninit_hp=7\n")
	if err != nil {
		t.Fatal(err)
	}
	if c.StepLimit != MaxStepLimit || c.MaxTurns != MaxMaxTurns || c.MaxSpawns != MaxMaxSpawns || c.InitHP != 7 {
		t.Errorf("clamped to %+v", c)
	}
	want := []string{"step_limit 9223372036854775807 lowered to 10000000", "max_turns 5000 lowered to 1000", "max_spawns 99999999999999999999 lowered to 1000"}
	if !slices.Equal(clamped, want) {
		t.Errorf("clamped %q, want %q", clamped, want)
	}
	if _, clamped, err := ParseStoredConfig(DefaultConfig().String()); err != nil || clamped != nil {
		t.Errorf("the default configuration: %v, %q", err, clamped)
	}
	if _, _, err := ParseStoredConfig("max_turns=0"); err == nil {
		t.Error("max_turns=0 accepted from the store")
	}
}
