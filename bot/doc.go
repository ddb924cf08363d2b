// Package bot is KOMBAT's Discord transport: the /kombat commands and their
// registration, one routing table from subcommands and component ids to handlers,
// views (messages, components, forms), replies, and the health endpoint. Hosting
// itself (tables, seats, setup, commit and restore, clocks, the screens each game
// owes, tournaments, the library) is host's; bot implements host.Front, posting each
// screen once with a nonce and telling a failure worth retrying from a permanent one,
// and words what host decides for Discord.
//
// Handlers return reply values that one thin layer sends, and the package's tests run
// a real Discord session against discordtest, the fake Discord on loopback.
//
// Only bot and its fake, discordtest, import discordgo: the other packages know no chat
// service. Nothing of this module imports bot but the commands (cli), and bot imports
// no command.
package bot
