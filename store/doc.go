// Package store keeps everything the bot must not lose in one SQLite file: games and
// every decision made in them, pending deadlines, saved strategies, and ratings. For
// several processes sharing them (gateway shards on several machines), the same
// schema and queries run on PostgreSQL instead, when KOMBAT_DB is a postgres:// URL;
// what differs between the two engines is in dialect.go.
//
// Every change a player can see is committed in one transaction before the caller
// shows it, so a crash or a restart loses nothing that was shown. The engine is
// deterministic, so a game is stored as its setup and its decisions (game.Record) and
// rebuilt with game.Replay; no board is stored.
//
// store imports game and the SQLite and PostgreSQL drivers only: never render or bot.
// Users, channels and messages are opaque ids to it, so it needs no chat library.
package store
