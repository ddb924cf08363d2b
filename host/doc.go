// Package host owns what hosting a game means, whatever the chat service or terminal
// that shows it. A Host keeps the tables of the games in play (their stored rows,
// lobbies, and engines rebuilt from the records), and every change to a game goes
// through it under the game's lock: the setup negotiation (Lobby), the free spawns,
// the turns and who may press them, resignation, turn clocks with their reminders and
// forfeits (Decide), and the screens each game owes its place, stored in the same
// transaction as the change and delivered through a Front until it takes them.
// Seats are the one order of play (the bots' free spawns, the bots playing until a
// person acts) that the chat host and the terminal share. Library keeps players' saved strategies, and the records side reads finished games
// back (replays, Why? traces, history, ratings). CheckStrategy and CheckKind are the
// one check every accepted strategy passes.
//
// The core (tables and their registry, screens owed, deadlines, claims and adoption,
// the one finishing path, the lobby changes that must be stored) holds no rule of any
// game: it asks the table's hosted part (hosted.go), which each game implements once
// in its adapter package (host/kombathost, host/upbeathost), plugged in by name
// (Options.Games; KOMBAT's part is still kombat_hosted.go): its lobby, the version of
// its record, its commit, the clock a screen starts, the bot's next turn, what a due deadline does,
// what a restart must wake, and the people it holds. What only some games have (pause)
// is an optional interface the core asks for by type. UPBEAT's games (upbeat*.go) live
// on the same tables, screens owed and stored deadlines; only their rules, lobby,
// record and revision clock are their own. Replays of every game resume from what the
// last ones kept (recent.go).
//
// It sits between the rules and the chat: it may import interp, game, upbeat and store, and
// it must import neither bot, nor render, nor cli, nor any chat library (discordgo).
// Its methods take plain values and return results or refusals: a *Refusal is a
// value (a Code and its arguments, people, places, commands and controls each of a
// type of their own) with the house's English sentence, which the front writes in its
// own terms through Words (Discord: mentions and slash commands) or words its own
// way from the code. The host holds no chat markup (a test greps for it), so every
// rule tests as a plain Go test, without a fake Discord, and a front that is not
// Discord answers the same refusals.
package host
