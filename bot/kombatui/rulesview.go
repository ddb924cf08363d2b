package kombatui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kombat-game/kombat/host/kombathost"

	"github.com/kombat-game/kombat/game"
)

// KombatRulesDoc is KOMBAT's rules in full, a page of the repository (the README names
// no repository URL to link it from, so the rules screen gives its path): the board, a
// turn, every word of the language with its cost, the configuration and our rulings.
const KombatRulesDoc = "docs/kombat.md"

// ConfigMistakes explains every mistake of a refused configuration file.
func ConfigMistakes(err error) string {
	var es game.ConfigErrors
	if !errors.As(err, &es) || len(es) == 1 {
		return fmt.Sprintf("Your configuration file has a mistake: %v.\nFix it and try again; `/kombat rules` lists the keys and their ranges.", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Your configuration file has %d mistakes:\n", len(es))
	for i, e := range es {
		if i == MaxListed {
			fmt.Fprintf(&b, "- and %d more\n", len(es)-MaxListed)
			break
		}
		fmt.Fprintf(&b, "- %s\n", e) // each message is short: ParseConfig shortens what it quotes
	}
	b.WriteString("Fix them and try again; `/kombat rules` lists the keys and their ranges.")
	return b.String()
}

// RulesText is /kombat rules: the game and the language in one screen, and where the
// rules are in full.
func RulesText() string {
	return "**KOMBAT** — two players' minions fight on an 8×8 hex board. Each minion follows a **strategy** written in a small language; the players only decide, each turn, whether to buy a spawnable hex and where to spawn a minion.\n" +
		"**A turn:** income and interest, at most one hex purchase (next to your area), at most one spawn (on an empty hex of your area), then every minion of yours runs its strategy, oldest first. A game ends when one side has no minions, or after the turn limit (more minions, then more HP, then more budget wins).\n" +
		"**Start:** `/kombat challenge @someone`, `/kombat solo` (against the bot) or `/kombat auto` (bot against bot). Agree on 1–5 kinds (name, defense, strategy), press Ready, place your free minion, play.\n" +
		"**The language:** `x = expr`, `move DIR`, `shoot DIR expr`, `done`, `{ ... }`, `if (e) then S else S`, `while (e) S`. Directions: `up upright downright down downleft upleft`. Values: numbers, variables (lowercase: the minion's own; Uppercase: shared), `row col Budget Int MaxBudget SpawnsLeft random`, `opponent`, `ally`, `nearby DIR`. A condition is true when positive: write `if (x - y)` for x > y. No unary minus: `0 - 1`.\n" +
		"```\nloc = opponent\nif (loc) then {} else done\nif (loc / 10 - 1) then move up else shoot up 50\n```" +
		fmt.Sprintf("**Configuration** (one `name=value` per line, attached as a file): `spawn_cost`, `hex_purchase_cost`, `init_budget`, `init_hp`, `turn_budget`, `max_budget` (0 to %d; HP from 1), `interest_pct` (0–%d), `max_turns` (1–%d), `max_spawns` (1–%d), `step_limit` (1–%d steps per minion). All of a player's minions share %d steps a turn.\n",
			game.MaxAmount, game.MaxInterestPct, game.MaxMaxTurns, game.MaxMaxSpawns, game.MaxStepLimit, game.TurnStepLimit) +
		"`/kombat check` tests a strategy; the message command *Use as KOMBAT strategy* takes one from any message's code block.\n" +
		"**All the rules**, with every word's cost: `" + KombatRulesDoc + "` in kombat's repository."
}

// MaxListed is how many mistakes of a configuration file a reply lists: enough for any
// honest file, and the message stays far below Discord's 2,000 characters.
const MaxListed = 8

// RulesLine describes a game's configuration in a sentence.
func RulesLine(cfg game.Config, timeout time.Duration) string {
	rules := "Standard rules"
	if cfg != game.DefaultConfig() {
		rules = "Custom rules: " + strings.Join(kombathost.RuleChanges(cfg), ", ")
	}
	return fmt.Sprintf("%s, %d turns each, %s per turn.", rules, cfg.MaxTurns, timeout)
}
