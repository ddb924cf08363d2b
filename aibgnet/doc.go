// Package aibgnet is AIBG's matches for programs over the network: the game behind
// netplay's socket (a netplay.Handler) that takes the spec's fourteen message types,
// pairs two programs (or a program and the built-in bot) in a match by its gameId,
// runs each seat's clock on the server (rulings A17 to A20: 2 seconds a move plus a
// 30-second bank, a missed move a pass, three in a row a forfeit, a missed selection
// made for the player), tells each program when its move is due (netplay's Push), and
// keeps each match as a Record that rebuilds it (Restore).
//
// A Match is a value built from its Record and nothing else, so that the host can
// store matches and bring them back after a restart, and show them elsewhere.
//
// aibgnet sits between {bot, netplay} and cli: it imports aibg, netplay, store and
// match, never bot. docs/network.md tells programs how to play.
package aibgnet
