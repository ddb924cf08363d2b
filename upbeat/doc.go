// Package upbeat is UPBEAT's rules, KOMBAT's sister game (spec/upbeat.txt, rulings
// U1-U25): an m x n territory of hexagonal regions, 2 to 6 mayors whose city crews run
// a construction plan from their city center each turn, deposits that earn interest,
// attacks that drain them, a chess-style revision clock, and the winner.
//
// A Game is deterministic given its Setup and the players' actions (revisions and
// confirmations, each with the time it took), so a Record of those rebuilds it exactly
// (Replay). Bot plays a seat by writing and revising its own plan. Plans are compiled
// and run by interp, which learns UPBEAT's words from this package's language
// definition (Definition); KOMBAT's words are not in it, nor UPBEAT's in KOMBAT's.
//
// upbeat imports only interp and the standard library, never game: the two games share
// the language engine and nothing of each other's rules.
package upbeat
