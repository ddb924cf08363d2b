package game

import (
	"fmt"

	"github.com/kombat-game/kombat/conf"
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

// configKeys lists the keys in the spec's order, each with its range.
func configKeys() []conf.Key[Config] {
	return []conf.Key[Config]{
		conf.Int("spawn_cost", func(c *Config) *int64 { return &c.SpawnCost }, 0, MaxAmount, "cost of spawning a minion"),
		conf.Int("hex_purchase_cost", func(c *Config) *int64 { return &c.HexPurchaseCost }, 0, MaxAmount, "cost of buying a spawnable hex"),
		conf.Int("init_budget", func(c *Config) *int64 { return &c.InitBudget }, 0, MaxAmount, "each player's starting budget"),
		conf.Int("init_hp", func(c *Config) *int64 { return &c.InitHP }, 1, MaxAmount, "HP of a new minion"),
		conf.Int("turn_budget", func(c *Config) *int64 { return &c.TurnBudget }, 0, MaxAmount, "income at the start of each turn"),
		conf.Int("max_budget", func(c *Config) *int64 { return &c.MaxBudget }, 0, MaxAmount, "budget cap"),
		conf.Int("interest_pct", func(c *Config) *int64 { return &c.InterestPct }, 0, MaxInterestPct, "base interest rate in percent"),
		conf.Int("max_turns", func(c *Config) *int64 { return &c.MaxTurns }, 1, MaxMaxTurns, "turns each player plays"),
		conf.Int("max_spawns", func(c *Config) *int64 { return &c.MaxSpawns }, 1, MaxMaxSpawns, "minions each player may spawn, the free one included"),
		conf.Int("step_limit", func(c *Config) *int64 { return &c.StepLimit }, 1, MaxStepLimit, "steps one minion's turn may take"),
	}
}

// ConfigKeyNames lists the configuration keys in the spec's order.
func ConfigKeyNames() []string { return conf.Names(configKeys()) }

// ConfigError is a mistake in a configuration file, with the line it is on.
type ConfigError = conf.Error

// ConfigErrors is every mistake of a configuration file, in line order. errors.As
// finds the first *ConfigError through it.
type ConfigErrors = conf.Errors

// MaxConfigBytes bounds a configuration file: a handful of short lines.
const MaxConfigBytes = conf.MaxBytes

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
	r := conf.Parse(text, &c, configKeys(), clamp)
	errs := r.Errs
	if c.MaxBudget < c.InitBudget && !errs.Has("max_budget") && !errs.Has("init_budget") {
		errs = append(errs, budgetError(c, r.Line("max_budget", "init_budget")))
	}
	if len(errs) > 0 {
		errs.Sort()
		return c, nil, errs
	}
	return c, r.Clamped, nil
}

// budgetError is the one check across two keys: the cap must admit the start.
func budgetError(c Config, line int) *ConfigError {
	return &ConfigError{Line: line, Key: "max_budget", Msg: fmt.Sprintf("max_budget (%d) must be at least init_budget (%d)", c.MaxBudget, c.InitBudget)}
}

// Check reports the values of c outside their ranges (and a max_budget below
// init_budget), as ParseConfig would, without lines. New refuses such a configuration,
// however it was made.
func (c Config) Check() error {
	errs := conf.Check(&c, configKeys())
	if c.MaxBudget < c.InitBudget {
		errs = append(errs, budgetError(c, 0))
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// String writes the configuration as a file ParseConfig reads back, every key in the
// spec's order.
func (c Config) String() string { return conf.Format(&c, configKeys()) }

// ConfigReference describes every key with its default and range, for help texts.
func ConfigReference() string {
	d := DefaultConfig()
	return conf.Reference(&d, configKeys(), 18)
}
