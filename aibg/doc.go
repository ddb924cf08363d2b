// Package aibg is AIBG's rules: the creature battle of a bot hackathon, the third game
// kombat hosts (issue 25, rulings A1-A16 in docs/aibg.md). Two players each choose a
// pool of 12 creatures, then play up to 5 rounds: each round both put 1 to 4 of their
// living creatures in slots, and every turn both choose one move in secret (attack,
// buy an item from the round's shop, or swap the front creature), which resolve in the
// order of the rules once both have chosen.
//
// A Game is deterministic given its Setup (seed, and the roster and catalog when they
// are not the built-in ones) and the players' selections and moves, so a Record of
// those rebuilds it exactly (Replay). Bot plays a seat at a level. PlayScenario plays a
// position given as JSON, for `kombat try`.
//
// aibg imports only match and the standard library: it shares no rules with the other
// games.
package aibg
