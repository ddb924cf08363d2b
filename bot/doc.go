// Package bot hosts KOMBAT on Discord: slash commands, buttons, selects and forms,
// one game per channel or thread, a board image after every turn. Every change is
// committed to the store before players see it, so a restart loses nothing.
//
// It is the transport only: the rules are game's, the pictures render's, persistence
// store's, the language interp's, and the decisions of hosting (which strategies are
// accepted, what a due deadline does, a tournament's schedule and standings) host's;
// bot carries them out and words them for Discord. Handlers return reply values that one thin layer
// sends, so they test as plain functions, and the package's tests run a real Discord
// session against discordtest.
//
// Only bot and its fake, discordtest, import discordgo: the other packages know no chat
// service. Nothing of this module imports bot but the commands (cli), and bot imports
// no command.
package bot
