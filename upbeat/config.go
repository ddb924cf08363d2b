package upbeat

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kombat-game/kombat/interp"
)

// Config holds a game's parameters (the spec's "Configuration file", U22, U23).
type Config struct {
	Rows          int64 `json:"m"`               // rows of the territory
	Cols          int64 `json:"n"`               // columns of the territory
	InitPlanMin   int64 `json:"init_plan_min"`   // minutes for the initial plan (U19)
	InitPlanSec   int64 `json:"init_plan_sec"`   // and seconds, 0 to 59
	InitBudget    int64 `json:"init_budget"`     // each player's budget at the start
	InitCenterDep int64 `json:"init_center_dep"` // the city center's deposit at the start
	PlanRevMin    int64 `json:"plan_rev_min"`    // minutes of the revision clock (U20)
	PlanRevSec    int64 `json:"plan_rev_sec"`    // and seconds, 0 to 59
	RevCost       int64 `json:"rev_cost"`        // cost of an accepted revision (U20)
	MaxDep        int64 `json:"max_dep"`         // the largest deposit of a region
	InterestPct   int64 `json:"interest_pct"`    // base interest rate b of U6, in percent
	MaxTurns      int64 `json:"max_turns"`       // turns each player plays (U22)
	StepLimit     int64 `json:"step_limit"`      // steps one plan evaluation may take (R21)
}

// DefaultConfig is the spec's sample configuration with our max_turns and step_limit
// (U22, U23).
func DefaultConfig() Config {
	return Config{
		Rows: 20, Cols: 15, InitPlanMin: 5, InitPlanSec: 0, InitBudget: 10000, InitCenterDep: 100,
		PlanRevMin: 30, PlanRevSec: 0, RevCost: 100, MaxDep: 1000000, InterestPct: 5,
		MaxTurns: 1000, StepLimit: 1000000,
	}
}

// Upper bounds keep every game finite and small, and every amount far below 2^53 so
// that deposits, which are float64 (U5), hold whole amounts exactly.
const (
	// MaxSide is the largest m and n (U23).
	MaxSide = 100
	// MaxMinutes bounds init_plan_min and plan_rev_min: a day.
	MaxMinutes = 1440
	// MaxAmount bounds every budget, cost and deposit key: a million million.
	MaxAmount = 1_000_000_000_000
	// MaxInterestPct bounds interest_pct.
	MaxInterestPct = 1000
	// MaxMaxTurns is the largest max_turns.
	MaxMaxTurns = 1000
	// MaxStepLimit is the largest step_limit, as KOMBAT's.
	MaxStepLimit = 10_000_000
	// MaxPlayers is the most players a game has (U2); the fewest is 2.
	MaxPlayers = 6
)

// configKey names a key, points at its field and bounds it.
type configKey struct {
	name     string
	ptr      func(*Config) *int64
	min, max int64 // the allowed range, both ends included
	doc      string
}

func configKeys() []configKey {
	return []configKey{
		{"m", func(c *Config) *int64 { return &c.Rows }, 1, MaxSide, "rows of the territory"},
		{"n", func(c *Config) *int64 { return &c.Cols }, 1, MaxSide, "columns of the territory"},
		{"init_plan_min", func(c *Config) *int64 { return &c.InitPlanMin }, 0, MaxMinutes, "minutes to write the initial plan"},
		{"init_plan_sec", func(c *Config) *int64 { return &c.InitPlanSec }, 0, 59, "and seconds"},
		{"init_budget", func(c *Config) *int64 { return &c.InitBudget }, 0, MaxAmount, "each player's starting budget"},
		{"init_center_dep", func(c *Config) *int64 { return &c.InitCenterDep }, 1, MaxAmount, "the city center's starting deposit (at most max_dep)"},
		{"plan_rev_min", func(c *Config) *int64 { return &c.PlanRevMin }, 0, MaxMinutes, "minutes of revision clock for the whole game"},
		{"plan_rev_sec", func(c *Config) *int64 { return &c.PlanRevSec }, 0, 59, "and seconds"},
		{"rev_cost", func(c *Config) *int64 { return &c.RevCost }, 0, MaxAmount, "cost of a plan revision"},
		{"max_dep", func(c *Config) *int64 { return &c.MaxDep }, 1, MaxAmount, "the largest deposit of a region"},
		{"interest_pct", func(c *Config) *int64 { return &c.InterestPct }, 1, MaxInterestPct, "base interest rate in percent"},
		{"max_turns", func(c *Config) *int64 { return &c.MaxTurns }, 1, MaxMaxTurns, "turns each player plays"},
		{"step_limit", func(c *Config) *int64 { return &c.StepLimit }, 1, MaxStepLimit, "steps one plan evaluation may take"},
	}
}

// ConfigKeyNames lists the configuration keys in the spec's order, then ours.
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
	Msg  string // what is wrong, lower case
}

// Error is "line N: message", or the message alone.
func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// ConfigErrors is every mistake of a configuration file, in line order.
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

// ParseConfig reads a configuration file (U23, as R23): lines of name=value in any
// order, spaces around '=', blank lines and # comment lines allowed; a missing key
// keeps its default. Every value must lie in its key's range (ConfigReference), and
// init_center_dep may not exceed max_dep. It reports every mistake at once, each with
// its line, as ConfigErrors.
func ParseConfig(text string) (Config, error) {
	c := DefaultConfig()
	if len(text) > MaxConfigBytes {
		return c, ConfigErrors{{Msg: fmt.Sprintf("configuration too long: %d bytes, the limit is %d", len(text), MaxConfigBytes)}}
	}
	keys := configKeys()
	seen := map[string]int{}
	var errs ConfigErrors
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
			if s := interp.Suggest(strings.ToLower(name), ConfigKeyNames()); s != "" {
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
		case err != nil:
			errs = append(errs, &ConfigError{Line: n, Key: name, Msg: fmt.Sprintf("%s must be a whole number from %d to %d, got %q", name, key.min, key.max, shorten(value, 30))})
			continue
		case v < key.min || v > key.max:
			errs = append(errs, &ConfigError{Line: n, Key: name, Msg: fmt.Sprintf("%s must be from %d to %d, got %d", name, key.min, key.max, v)})
			continue
		}
		*key.ptr(&c) = v
	}
	if c.InitCenterDep > c.MaxDep && !errs.has("init_center_dep") && !errs.has("max_dep") {
		line := seen["init_center_dep"]
		if line == 0 {
			line = seen["max_dep"]
		}
		errs = append(errs, &ConfigError{Line: line, Key: "init_center_dep", Msg: fmt.Sprintf("init_center_dep (%d) must be at most max_dep (%d)", c.InitCenterDep, c.MaxDep)})
	}
	if len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b *ConfigError) int { return a.Line - b.Line })
		return c, errs
	}
	return c, nil
}

// Check reports the values of c outside their ranges, as ParseConfig would, without
// lines, and the players the territory cannot seat (U23: fewer regions than players).
// New refuses such a configuration, however it was made.
func (c Config) Check(players int) error {
	var errs ConfigErrors
	for _, k := range configKeys() {
		if v := *k.ptr(&c); v < k.min || v > k.max {
			errs = append(errs, &ConfigError{Key: k.name, Msg: fmt.Sprintf("%s must be from %d to %d, got %d", k.name, k.min, k.max, v)})
		}
	}
	if c.InitCenterDep > c.MaxDep {
		errs = append(errs, &ConfigError{Key: "init_center_dep", Msg: fmt.Sprintf("init_center_dep (%d) must be at most max_dep (%d)", c.InitCenterDep, c.MaxDep)})
	}
	if players < 2 || players > MaxPlayers {
		errs = append(errs, &ConfigError{Msg: fmt.Sprintf("a game has 2 to %d players, not %d", MaxPlayers, players)})
	} else if c.Rows >= 1 && c.Cols >= 1 && c.Rows*c.Cols < int64(players) {
		errs = append(errs, &ConfigError{Key: "m", Msg: fmt.Sprintf("a %dx%d territory has fewer regions than %d players", c.Rows, c.Cols, players)})
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

// Territory is the configured field.
func (c Config) Territory() Territory { return Territory{int(c.Rows), int(c.Cols)} }

// InitPlanTime is the time every player has to write the first plan (U19).
func (c Config) InitPlanTime() time.Duration {
	return time.Duration(c.InitPlanMin)*time.Minute + time.Duration(c.InitPlanSec)*time.Second
}

// RevisionClock is each player's revision time for the whole game (U20).
func (c Config) RevisionClock() time.Duration {
	return time.Duration(c.PlanRevMin)*time.Minute + time.Duration(c.PlanRevSec)*time.Second
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
		fmt.Fprintf(&b, "%-16s %-52s default %d, from %d to %d\n", k.name, k.doc, *k.ptr(&d), k.min, k.max)
	}
	return b.String()
}

func shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
