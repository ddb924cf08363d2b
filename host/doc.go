// Package host owns what hosting a game means, whatever the game and whatever the
// chat service or terminal that shows it. A Host keeps the tables of the games in
// play (their stored rows and their game's part), and every change to a game goes
// through it under the game's lock: each change is stored, with the screen it owes
// its place, in one transaction, and delivered through a Front until it takes it
// (retried with backoff, paused on a permanent failure, resumed). Stored deadlines
// and their runner (RunDue: due games concurrently, each under its lock), the one
// pace of every game's auto turns (ArmAuto: a stored deadline, not a loop), the claims that keep one process per game and the adoption of
// games nobody runs, the one game per person per server across every game, the one
// finishing path, the lobby changes that must be stored, the strategy library's
// rules (Library), history and ladders read back (History, Standings), and the one
// check every accepted program passes (CheckStrategy, CheckSaved) are here.
//
// The core holds no rule of any game: it asks the table's hosted part (Hosted),
// which each game implements once in its adapter package (host/kombathost for
// KOMBAT, host/upbeathost for UPBEAT, host/aibghost for AIBG), plugged in by name
// (Options.Games, Plug):
// its lobby, the version of its record, its commit, the clock a screen starts, the
// bot's next turn, what a due deadline does, what a restart must wake, and the people
// it holds. What only some games have (pause) is an optional interface the core asks
// for by type (Pauser). What an adapter needs of the core is exported for it
// (adapter.go). A turn's log reaches the front as the game's own value (Event.Turn),
// the language is the adapter's when the host is given none (Options.Lang), and the
// error of an evaluation Close stopped and the library its players save are the
// plug's (Plug.Stopped, Plug.Library). Replays of every
// game resume from what the last ones kept (Recent).
//
// It sits between the rules and the chat: of ours it imports the store and the
// engine's packages, and no game's rules (issue 22); it must import neither bot, nor
// render, nor cli, nor any chat library (discordgo).
// Its methods take plain values and return results or refusals: a *Refusal is a
// value (a Code and its arguments, people, places, commands and controls each of a
// type of their own) with the house's English sentence, which the front writes in its
// own terms through Words (Discord: mentions and slash commands) or words its own
// way from the code. The host holds no chat markup (a test greps for it), so every
// rule tests as a plain Go test, without a fake Discord, and a front that is not
// Discord answers the same refusals.
package host
