// Package aibgnet is AIBG's matches for programs over the network: the game behind
// netplay's socket (a netplay.Handler) that takes the spec's fourteen message types,
// pairs two programs (or a program and the built-in bot) in a match by its gameId,
// and tells each program when its move is due (netplay's Push).
//
// A match waiting for its second player is held here, in memory. Once paired, it is
// an AIBG game of the house's (host, through AIBG's adapter host/aibghost, where a
// program is a kind of seat): stored before anyone is told, clocked by the host's
// stored deadlines (rulings A17 to A20: 2 seconds a move plus a 30-second bank, a
// missed move a pass, three in a row a forfeit, a missed selection made for the
// player), rated on the programs' own ladders, and taken up again after a restart.
// The Runner answers the programs from the hosted match, makes their choices through
// the adapter, and is told by it as each screen goes up. kombat serve gives it the
// Discord bot's host, and with Config.Show each match a place of its own there (a
// thread under a configured channel) where it is shown live; with no host given,
// Open makes one that shows nothing (Quiet).
//
// A Match is a value built from its Record and nothing else: a waiting match, a
// finished one kept for its answers, or a record read back (Restore).
//
// aibgnet sits between {bot, netplay} and cli: it imports aibg, netplay, store, match,
// host and host/aibghost, never bot. docs/network.md tells programs how to play.
package aibgnet
