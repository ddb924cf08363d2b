// Package game is KOMBAT's rules: the hex board and its geometry, configuration files,
// setup, turns (income, purchase, spawn, then every minion's strategy), and the result.
// A Game is deterministic given its Setup and the players' decisions, so a Record of
// those rebuilds it exactly (Replay); Snapshot gives a read-only copy for whoever draws
// or summarises it, and Bot plays a seat. Strategies are compiled and run by interp,
// which learns KOMBAT's words from this package's language definition.
//
// game imports only interp and the standard library: never render, store or bot, so
// the rules can be played, tested and replayed with no image, database or network.
package game
