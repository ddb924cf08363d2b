package game

import (
	"fmt"
	"slices"
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

// configKey names a key, points at its field and bounds it.
type configKey struct {
	name     string
	ptr      func(*Config) *int64
	min, max int64 // the allowed range, both ends included
	doc      string
}

// Upper bounds keep every game finite and small: a turn's work grows with step_limit,
// a game's length with max_turns and max_spawns, and budgets, costs and HP stay far
// below 2^53 so that the float arithmetic of interest (R8) is exact in whole numbers.
const (
	// MaxStepLimit is the largest step_limit: one minion's evaluation, about 10 ms here.
	MaxStepLimit = 10_000_000
	// MaxMaxTurns is the largest max_turns.
	MaxMaxTurns = 1000
	// MaxMaxSpawns is the largest max_spawns.
	MaxMaxSpawns = 1000
	// MaxAmount bounds every budget, cost and HP key: a million million.
	MaxAmount = 1_000_000_000_000
	// MaxInterestPct bounds interest_pct.
	MaxInterestPct = 1000
)

func configKeys() []configKey {
	return []configKey{
		{"spawn_cost", func(c *Config) *int64 { return &c.SpawnCost }, 0, MaxAmount, "cost of spawning a minion"},
		{"hex_purchase_cost", func(c *Config) *int64 { return &c.HexPurchaseCost }, 0, MaxAmount, "cost of buying a spawnable hex"},
		{"init_budget", func(c *Config) *int64 { return &c.InitBudget }, 0, MaxAmount, "each player's starting budget"},
		{"init_hp", func(c *Config) *int64 { return &c.InitHP }, 1, MaxAmount, "HP of a new minion"},
		{"turn_budget", func(c *Config) *int64 { return &c.TurnBudget }, 0, MaxAmount, "income at the start of each turn"},
		{"max_budget", func(c *Config) *int64 { return &c.MaxBudget }, 0, MaxAmount, "budget cap"},
		{"interest_pct", func(c *Config) *int64 { return &c.InterestPct }, 0, MaxInterestPct, "base interest rate in percent"},
		{"max_turns", func(c *Config) *int64 { return &c.MaxTurns }, 1, MaxMaxTurns, "turns each player plays"},
		{"max_spawns", func(c *Config) *int64 { return &c.MaxSpawns }, 1, MaxMaxSpawns, "minions each player may spawn, the free one included"},
		{"step_limit", func(c *Config) *int64 { return &c.StepLimit }, 1, MaxStepLimit, "steps one minion's turn may take"},
	}
}

// ConfigKeyNames lists the configuration keys in the spec's order.
func ConfigKeyNames() []string {
	keys := configKeys()
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k.name
	}
	return names
}

// ConfigError is a mistake in a configuration file, with the line it is on.
type ConfigError struct {
	Line int    // 1-based; 0 when the problem is not on one line
	Key  string // the key concerned, if any
	Msg  string
}

// Error words the mistake with its line when it has one.
func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// ConfigErrors is every mistake of a configuration file, in line order. errors.As
// finds the first *ConfigError through it.
type ConfigErrors []*ConfigError

// Error puts each mistake on a line of its own.
func (es ConfigErrors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap exposes each mistake to errors.Is and errors.As.
func (es ConfigErrors) Unwrap() []error {
	errs := make([]error, len(es))
	for i, e := range es {
		errs[i] = e
	}
	return errs
}

// MaxConfigBytes bounds a configuration file: a handful of short lines.
const MaxConfigBytes = 4096

// ParseConfig reads a configuration file (R23): lines of name=value in any order,
// spaces around '=', blank lines and # comment lines allowed; a missing key keeps the
// default. Every value must lie in its key's range (ConfigReference). It reports every
// mistake at once, each with its line, as ConfigErrors.
func ParseConfig(text string) (Config, error) {
	c, _, err := parseConfig(text, false)
	return c, err
}

// ParseStoredConfig reads a configuration stored by an earlier version, which may
// predate the upper bounds: a value above its key's range is lowered to the bound
// instead of refused, and each change is described in clamped ("step_limit
// 9223372036854775807 lowered to 10000000"). Other mistakes are errors as in ParseConfig.
func ParseStoredConfig(text string) (c Config, clamped []string, err error) {
	return parseConfig(text, true)
}

func parseConfig(text string, clamp bool) (Config, []string, error) {
	c := DefaultConfig()
	if len(text) > MaxConfigBytes {
		return c, nil, ConfigErrors{{Msg: fmt.Sprintf("configuration too long: %d bytes, the limit is %d", len(text), MaxConfigBytes)}}
	}
	keys := configKeys()
	seen := map[string]int{}
	var errs ConfigErrors
	var clamped []string
	listed := false // the valid keys are listed once, with the first unknown key
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		line := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			errs = append(errs, &ConfigError{Line: n, Msg: fmt.Sprintf("expected name=value, found %q", shorten(line, 40))})
			continue
		}
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		var key *configKey
		for k := range keys {
			if keys[k].name == name {
				key = &keys[k]
			}
		}
		if key == nil {
			msg := fmt.Sprintf("unknown key %q", shorten(name, 40))
			if s := nearestKey(name, keys); s != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", s)
			}
			if !listed {
				msg += "; the keys are " + strings.Join(ConfigKeyNames(), ", ")
				listed = true
			}
			errs = append(errs, &ConfigError{Line: n, Key: name, Msg: msg})
			continue
		}
		if prev, dup := seen[name]; dup {
			errs = append(errs, &ConfigError{Line: n, Key: name, Msg: fmt.Sprintf("%s is set twice (first on line %d)", name, prev)})
			continue
		}
		seen[name] = n
		v, err := strconv.ParseInt(value, 10, 64)
		switch {
		case err != nil && clamp && isOverflow(err) && !strings.HasPrefix(value, "-"):
			clamped = append(clamped, fmt.Sprintf("%s %s lowered to %d", name, shorten(value, 30), key.max))
			v = key.max
		case err != nil:
			errs = append(errs, &ConfigError{Line: n, Key: name, Msg: fmt.Sprintf("%s must be a whole number from %d to %d, got %q", name, key.min, key.max, shorten(value, 30))})
			continue
		case v > key.max && clamp:
			clamped = append(clamped, fmt.Sprintf("%s %d lowered to %d", name, v, key.max))
			v = key.max
		case v < key.min || v > key.max:
			errs = append(errs, &ConfigError{Line: n, Key: name, Msg: fmt.Sprintf("%s must be from %d to %d, got %d", name, key.min, key.max, v)})
			continue
		}
		*key.ptr(&c) = v
	}
	if c.MaxBudget < c.InitBudget && !errs.has("max_budget") && !errs.has("init_budget") {
		line := seen["max_budget"]
		if line == 0 {
			line = seen["init_budget"]
		}
		errs = append(errs, &ConfigError{Line: line, Key: "max_budget", Msg: fmt.Sprintf("max_budget (%d) must be at least init_budget (%d)", c.MaxBudget, c.InitBudget)})
	}
	if len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b *ConfigError) int { return a.Line - b.Line })
		return c, nil, errs
	}
	return c, clamped, nil
}

// Check reports the values of c outside their ranges (and a max_budget below
// init_budget), as ParseConfig would, without lines. New refuses such a configuration,
// however it was made.
func (c Config) Check() error {
	var errs ConfigErrors
	for _, k := range configKeys() {
		if v := *k.ptr(&c); v < k.min || v > k.max {
			errs = append(errs, &ConfigError{Key: k.name, Msg: fmt.Sprintf("%s must be from %d to %d, got %d", k.name, k.min, k.max, v)})
		}
	}
	if c.MaxBudget < c.InitBudget {
		errs = append(errs, &ConfigError{Key: "max_budget", Msg: fmt.Sprintf("max_budget (%d) must be at least init_budget (%d)", c.MaxBudget, c.InitBudget)})
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// has reports whether a mistake concerns key.
func (es ConfigErrors) has(key string) bool {
	for _, e := range es {
		if e.Key == key {
			return true
		}
	}
	return false
}

func isOverflow(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
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

// ConfigReference describes every key with its default and range, for help texts.
func ConfigReference() string {
	var b strings.Builder
	d := DefaultConfig()
	for _, k := range configKeys() {
		fmt.Fprintf(&b, "%-18s %-52s default %d, from %d to %d\n", k.name, k.doc, *k.ptr(&d), k.min, k.max)
	}
	return b.String()
}

func shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
