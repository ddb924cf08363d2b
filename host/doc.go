// Package host owns what hosting a game of KOMBAT means, whatever the chat service:
// the checks a strategy or a kind passes before it is accepted, who may challenge whom
// and answer a challenge, when a channel or a player is too busy for another game, how
// players agree on a game's kinds before it starts (Lobby), who may pause an auto game
// or press a turn's controls, what a deadline that comes due does to a game, and a
// tournament's schedule, pairings and standings.
//
// It sits between the rules and the chat: it may import interp, game and store, and
// it must import neither bot, nor render, nor cli, nor any chat library (discordgo).
// Its answers are plain values (a refusal, an action, a table of standings) that the
// chat layer carries out and words for its players, so every decision tests as a
// plain function, without a fake Discord.
package host
