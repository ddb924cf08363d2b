package game

import (
	"errors"
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
		{"spawn_cost=1\nmax_turns=0\n", 2, "max_turns", "line 2: max_turns must be at least 1, got 0"},
		{"init_hp=0", 1, "init_hp", "line 1: init_hp must be at least 1, got 0"},
		{"max_spawns=0", 1, "max_spawns", "line 1: max_spawns must be at least 1, got 0"},
		{"spawn_cost=-5", 1, "spawn_cost", "line 1: spawn_cost must be at least 0, got -5"},
		{"spawncost=5", 1, "spawncost", `line 1: unknown key "spawncost" (did you mean spawn_cost?)`},
		{"max_turn=5", 1, "max_turn", `line 1: unknown key "max_turn" (did you mean max_turns?)`},
		{"colour=blue", 1, "colour", `line 1: unknown key "colour"`},
		{"init_hp=5\n\ninit_hp=6", 3, "init_hp", "line 3: init_hp is set twice (first on line 1)"},
		{"init_hp=five", 1, "init_hp", `line 1: init_hp must be a whole number, got "five"`},
		{"init_hp=1.5", 1, "init_hp", `line 1: init_hp must be a whole number, got "1.5"`},
		{"init_hp=99999999999999999999", 1, "init_hp", `line 1: init_hp must be a whole number from 0 to 9223372036854775807, got "99999999999999999999"`},
		{"just words", 1, "", `line 1: expected name=value, found "just words"`},
		{"max_budget=100", 1, "max_budget", "line 1: max_budget (100) must be at least init_budget (10000)"},
		{"init_budget=30000", 1, "max_budget", "line 1: max_budget (23456) must be at least init_budget (30000)"},
		{"step_limit=0", 1, "step_limit", "line 1: step_limit must be at least 1, got 0"},
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
