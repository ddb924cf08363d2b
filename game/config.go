package game

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/interp"
)

// Config holds a game's parameters (spec "Configuration file", R23, and step_limit, R21).
type Config struct {
	SpawnCost       int64 `json:"spawn_cost"`        // cost of spawning a minion
	HexPurchaseCost int64 `json:"hex_purchase_cost"` // cost of buying a spawnable hex
	InitBudget      int64 `json:"init_budget"`       // each player's budget at the start
	InitHP          int64 `json:"init_hp"`           // a new minion's HP
	TurnBudget      int64 `json:"turn_budget"`       // income at the start of each turn
	MaxBudget       int64 `json:"max_budget"`        // budget cap; the excess is forfeited
	InterestPct     int64 `json:"interest_pct"`      // base interest rate, in percent
	MaxTurns        int64 `json:"max_turns"`         // turns each player plays
	MaxSpawns       int64 `json:"max_spawns"`        // minions each player may spawn, the free one included
	StepLimit       int64 `json:"step_limit"`        // steps one minion's evaluation may take (R21)
}

// DefaultConfig is the spec's sample configuration, with our default step limit.
func DefaultConfig() Config {
	return Config{
		SpawnCost: 100, HexPurchaseCost: 1000, InitBudget: 10000, InitHP: 100, TurnBudget: 90,
		MaxBudget: 23456, InterestPct: 5, MaxTurns: 69, MaxSpawns: 47, StepLimit: 1000000,
	}
}

// configKey names a key and points at its field.
type configKey struct {
	name string
	ptr  func(*Config) *int64
	min  int64 // smallest value allowed
	doc  string
}

func configKeys() []configKey {
	return []configKey{
		{"spawn_cost", func(c *Config) *int64 { return &c.SpawnCost }, 0, "cost of spawning a minion"},
		{"hex_purchase_cost", func(c *Config) *int64 { return &c.HexPurchaseCost }, 0, "cost of buying a spawnable hex"},
		{"init_budget", func(c *Config) *int64 { return &c.InitBudget }, 0, "each player's starting budget"},
		{"init_hp", func(c *Config) *int64 { return &c.InitHP }, 1, "HP of a new minion"},
		{"turn_budget", func(c *Config) *int64 { return &c.TurnBudget }, 0, "income at the start of each turn"},
		{"max_budget", func(c *Config) *int64 { return &c.MaxBudget }, 0, "budget cap"},
		{"interest_pct", func(c *Config) *int64 { return &c.InterestPct }, 0, "base interest rate in percent"},
		{"max_turns", func(c *Config) *int64 { return &c.MaxTurns }, 1, "turns each player plays"},
		{"max_spawns", func(c *Config) *int64 { return &c.MaxSpawns }, 1, "minions each player may spawn, the free one included"},
		{"step_limit", func(c *Config) *int64 { return &c.StepLimit }, 1, "steps one minion's turn may take"},
	}
}

// ConfigError is a mistake in a configuration file, with the line it is on.
type ConfigError struct {
	Line int    // 1-based; 0 when the problem is not on one line
	Key  string // the key concerned, if any
	Msg  string
}

func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// MaxConfigBytes bounds a configuration file: a handful of short lines.
const MaxConfigBytes = 4096

// ParseConfig reads a configuration file (R23): lines of name=value in any order,
// spaces around '=', blank lines and # comment lines allowed; a missing key keeps the
// default. It reports the first mistake with its line.
func ParseConfig(text string) (Config, error) {
	c := DefaultConfig()
	if len(text) > MaxConfigBytes {
		return c, &ConfigError{Msg: fmt.Sprintf("configuration too long: %d bytes, the limit is %d", len(text), MaxConfigBytes)}
	}
	keys := configKeys()
	seen := map[string]int{}
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		line := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			return c, &ConfigError{Line: n, Msg: fmt.Sprintf("expected name=value, found %q", shorten(line, 40))}
		}
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		var key *configKey
		for k := range keys {
			if keys[k].name == name {
				key = &keys[k]
			}
		}
		if key == nil {
			msg := fmt.Sprintf("unknown key %q", name)
			if s := nearestKey(name, keys); s != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", s)
			}
			return c, &ConfigError{Line: n, Key: name, Msg: msg}
		}
		if prev, dup := seen[name]; dup {
			return c, &ConfigError{Line: n, Key: name, Msg: fmt.Sprintf("%s is set twice (first on line %d)", name, prev)}
		}
		seen[name] = n
		v, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			what := "a whole number"
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				what = fmt.Sprintf("a whole number from 0 to %d", int64(math.MaxInt64))
			}
			return c, &ConfigError{Line: n, Key: name, Msg: fmt.Sprintf("%s must be %s, got %q", name, what, shorten(value, 30))}
		}
		if v < key.min {
			return c, &ConfigError{Line: n, Key: name, Msg: fmt.Sprintf("%s must be at least %d, got %d", name, key.min, v)}
		}
		*key.ptr(&c) = v
	}
	if c.MaxBudget < c.InitBudget {
		line := seen["max_budget"]
		if line == 0 {
			line = seen["init_budget"]
		}
		return c, &ConfigError{Line: line, Key: "max_budget", Msg: fmt.Sprintf("max_budget (%d) must be at least init_budget (%d)", c.MaxBudget, c.InitBudget)}
	}
	return c, nil
}

// nearestKey suggests the key a misspelled one was meant to be.
func nearestKey(name string, keys []configKey) string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k.name
	}
	return interp.Suggest(strings.ToLower(name), names)
}

// String writes the configuration as a file ParseConfig reads back, every key in the
// spec's order.
func (c Config) String() string {
	var b strings.Builder
	for _, k := range configKeys() {
		fmt.Fprintf(&b, "%s=%d\n", k.name, *k.ptr(&c))
	}
	return b.String()
}

// ConfigReference describes every key with its default and lower limit, for help texts.
func ConfigReference() string {
	var b strings.Builder
	d := DefaultConfig()
	for _, k := range configKeys() {
		fmt.Fprintf(&b, "%-18s %-52s default %d, at least %d\n", k.name, k.doc, *k.ptr(&d), k.min)
	}
	return b.String()
}

func shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
