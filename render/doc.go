// Package render draws a KOMBAT board (a game.Snapshot and the last turn's log) as a
// PNG, a whole game as an animated GIF, a tournament's standings as a table, a board
// as a short text for screen readers and terminals, and a turn's log as a few lines of
// Markdown for a chat (TurnSummary). It reads snapshots only, never a live game, so
// drawing can run beside play without locks; its fonts are embedded, so a snapshot
// looks the same on every machine.
//
// It also draws UPBEAT's territory (an upbeat.Snapshot and the last turn's log) as an
// overview or a zoomed View (territory.go, view.go), and a whole UPBEAT game as an
// animated GIF of overviews (upgif.go).
//
// It draws an AIBG match (a BattleSnap, copied from an aibg.Game by SnapBattle, and
// the last turn's log) as both lineups facing each other, with the shop and the domain
// (battle.go).
//
// render imports game, upbeat and aibg (for their snapshot types and accessors) and image libraries only: never store
// or bot, so it can draw anything, stored or not, for any host.
package render
