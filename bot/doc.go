// Package bot is the Discord transport, which knows no game: the gateway and its
// reconnects, interactions and their acknowledgement, one routing table filled from
// the games registered with Options.Games (each a bot/ui Game value: its slash command,
// routes, screens, summaries and notes), the commands' registration, and the health
// endpoint. Hosting itself (tables, seats, setup, commit and restore, clocks, the
// screens each game owes, tournaments, the library) is host's; bot implements
// host.Front by dispatching each table to its game's UI, posting each screen once with
// a nonce (or as a follow-up of the interaction that started an auto game), retiring
// old controls, and telling a failure worth retrying from a permanent one. It also
// gives every game the shared answers: history, ladders, stats, the strategy
// library's shelves and program checks.
//
// Handlers return reply values that one thin layer sends, and the package's tests run
// a real Discord session against discordtest, the fake Discord on loopback, with the
// three games' UIs registered (testGames).
//
// bot imports no game's UI, rules or adapter (deps_test.go): cli registers the games.
// Nothing of this module imports bot but the commands (cli), and bot imports no
// command.
package bot
