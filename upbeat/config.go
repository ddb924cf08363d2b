package upbeat

import (
	"fmt"
	"time"

	"github.com/kombat-game/kombat/conf"
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

// configKeys lists the keys in the spec's order, then ours, each with its range.
func configKeys() []conf.Key[Config] {
	return []conf.Key[Config]{
		conf.Int("m", func(c *Config) *int64 { return &c.Rows }, 1, MaxSide, "rows of the territory"),
		conf.Int("n", func(c *Config) *int64 { return &c.Cols }, 1, MaxSide, "columns of the territory"),
		conf.Int("init_plan_min", func(c *Config) *int64 { return &c.InitPlanMin }, 0, MaxMinutes, "minutes to write the initial plan"),
		conf.Int("init_plan_sec", func(c *Config) *int64 { return &c.InitPlanSec }, 0, 59, "and seconds"),
		conf.Int("init_budget", func(c *Config) *int64 { return &c.InitBudget }, 0, MaxAmount, "each player's starting budget"),
		conf.Int("init_center_dep", func(c *Config) *int64 { return &c.InitCenterDep }, 1, MaxAmount, "the city center's starting deposit (at most max_dep)"),
		conf.Int("plan_rev_min", func(c *Config) *int64 { return &c.PlanRevMin }, 0, MaxMinutes, "minutes of revision clock for the whole game"),
		conf.Int("plan_rev_sec", func(c *Config) *int64 { return &c.PlanRevSec }, 0, 59, "and seconds"),
		conf.Int("rev_cost", func(c *Config) *int64 { return &c.RevCost }, 0, MaxAmount, "cost of a plan revision"),
		conf.Int("max_dep", func(c *Config) *int64 { return &c.MaxDep }, 1, MaxAmount, "the largest deposit of a region"),
		conf.Int("interest_pct", func(c *Config) *int64 { return &c.InterestPct }, 1, MaxInterestPct, "base interest rate in percent"),
		conf.Int("max_turns", func(c *Config) *int64 { return &c.MaxTurns }, 1, MaxMaxTurns, "turns each player plays"),
		conf.Int("step_limit", func(c *Config) *int64 { return &c.StepLimit }, 1, MaxStepLimit, "steps one plan evaluation may take"),
	}
}

// ConfigKeyNames lists the configuration keys in the spec's order, then ours.
func ConfigKeyNames() []string { return conf.Names(configKeys()) }

// ConfigError is a mistake in a configuration file, with the line it is on.
type ConfigError = conf.Error

// ConfigErrors is every mistake of a configuration file, in line order.
type ConfigErrors = conf.Errors

// MaxConfigBytes bounds a configuration file: a handful of short lines.
const MaxConfigBytes = conf.MaxBytes

// ParseConfig reads a configuration file (U23, as R23): lines of name=value in any
// order, spaces around '=', blank lines and # comment lines allowed; a missing key
// keeps its default. Every value must lie in its key's range (ConfigReference), and
// init_center_dep may not exceed max_dep. It reports every mistake at once, each with
// its line, as ConfigErrors.
func ParseConfig(text string) (Config, error) {
	c := DefaultConfig()
	r := conf.Parse(text, &c, configKeys(), false)
	errs := r.Errs
	if c.InitCenterDep > c.MaxDep && !errs.Has("init_center_dep") && !errs.Has("max_dep") {
		errs = append(errs, depositError(c, r.Line("init_center_dep", "max_dep")))
	}
	if len(errs) > 0 {
		errs.Sort()
		return c, errs
	}
	return c, nil
}

// depositError is the one check across two keys: the center starts within max_dep.
func depositError(c Config, line int) *ConfigError {
	return &ConfigError{Line: line, Key: "init_center_dep", Msg: fmt.Sprintf("init_center_dep (%d) must be at most max_dep (%d)", c.InitCenterDep, c.MaxDep)}
}

// Check reports the values of c outside their ranges, as ParseConfig would, without
// lines, and the players the territory cannot seat (U23: fewer regions than players).
// New refuses such a configuration, however it was made.
func (c Config) Check(players int) error {
	errs := conf.Check(&c, configKeys())
	if c.InitCenterDep > c.MaxDep {
		errs = append(errs, depositError(c, 0))
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
func (c Config) String() string { return conf.Format(&c, configKeys()) }

// ConfigReference describes every key with its default and range, for help texts.
func ConfigReference() string {
	d := DefaultConfig()
	return conf.Reference(&d, configKeys(), 16)
}
