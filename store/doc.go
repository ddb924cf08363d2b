// Package store keeps everything the bot must not lose in one SQLite file: games and
// every decision made in them, pending deadlines, saved strategies, and ratings. For
// several processes sharing them (gateway shards on several machines), the same
// schema and queries run on PostgreSQL instead, when KOMBAT_DB is a postgres:// URL;
// what differs between the two engines is in dialect.go.
//
// The tables know no game's rules (migration 8, store/migrations/0008_seats_actions.sql,
// describes each column). A game is a games row (where and how it is played, its
// config text, seed, status, setup, result, and game, the name of its rules) with
// state, the game's own part that the store keeps without reading; its seats (who
// sits where, with the game's own part of each seat); and its actions, one table for
// every game's record (the seat, a verb in the game's words, data the store does not
// read, the game's clock before it, and when). KOMBAT's state holds its human seat
// and kinds; its decisions are actions with [kind,row,col] as data. UPBEAT's first
// plans are its seats' data; its actions carry their plan as data.
//
// The Go API is game-neutral too: a game's seats (Seat), state and actions (Action)
// and its configuration's text are given to the store and given back as they are,
// and each game's adapter encodes its own part into them (host/kombathost's and
// host/upbeathost's codecs), so a new game needs no column, field nor code here.
// What differs between games reaches the store as values its adapter passes: its
// name, the words its library's messages use (Words) and its rating policy.
//
// Every change a player can see is committed in one transaction before the caller
// shows it, so a crash or a restart loses nothing that was shown. The engine is
// deterministic, so a game is stored as its setup and its actions and rebuilt by
// replaying them; no board is stored.
//
// store imports no game's rules: match (the mode and result every game shares) and
// the SQLite and PostgreSQL drivers only, never render or bot. Users, channels and messages are opaque ids to it, so it
// needs no chat library.
package store
