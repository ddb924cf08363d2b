// Package interp is the strategy language: it scans, parses, checks and compiles the
// text a player writes into a Program, and runs programs on a register machine bounded
// by a step limit, optionally recording a Trace of what they did and why.
//
// It is game-agnostic. The core grammar (blocks, if, while, assignment, done,
// arithmetic) is shared; a game's commands, information expressions, directions and
// read-only names come from a Definition (NewLanguage), and a running program reaches
// the game only through the Host interface. That keeps the rules of any one game out of
// the language, and lets tests drive it with a few words of their own.
//
// Diagnostics are written for players: positions count runes in the text as pasted,
// code fence included, and Report shows each with its source line and a caret. Where a
// report must fit a budget, the host decides what to drop, from ReportParts.
//
// interp imports only the standard library: nothing of this module, and nothing of
// the transport players use, so that every other package can depend on it.
package interp
