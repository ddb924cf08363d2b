-- A kombat database at schema version 1, frozen: the schema exactly as the first
-- release created it, and rows of every kind. TestMigrateKeepsRows builds a file from
-- this text alone (not from migrations/0001_init.sql, which must never change) and
-- opens it with the current program: the rows must survive, and the migrated schema
-- must equal the schema of a new database.
PRAGMA application_id = 1263354452; -- 0x4b4d4254, "KMBT"
PRAGMA user_version = 1;

CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    guild_id     TEXT    NOT NULL,
    channel_id   TEXT    NOT NULL,           -- where the game is played: a thread or a channel
    parent_id    TEXT    NOT NULL DEFAULT '', -- the channel it was started in, when it moved to a thread
    mode         TEXT    NOT NULL CHECK (mode IN ('duel', 'solitaire', 'auto')),
    player1      TEXT    NOT NULL,           -- Discord user id; '' for the bot
    player2      TEXT    NOT NULL,
    human_seat   INTEGER NOT NULL DEFAULT 0,
    config       TEXT    NOT NULL,           -- configuration file text
    seed         INTEGER NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('challenge', 'setup', 'play', 'over', 'cancelled')),
    setup        TEXT    NOT NULL DEFAULT '{}', -- the host's setup state (proposed kinds, ready flags), JSON
    kinds        TEXT    NOT NULL DEFAULT '[]', -- the agreed kinds, JSON, fixed once play starts
    turn_timeout INTEGER NOT NULL DEFAULT 600,  -- seconds
    message_id   TEXT    NOT NULL DEFAULT '',   -- the game's current message
    winner       INTEGER,                       -- 0 tie, 1, 2; NULL until over
    reason       TEXT,
    turns        INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL,             -- unix milliseconds
    updated_at   INTEGER NOT NULL,
    finished_at  INTEGER
);

-- One active game per channel or thread.
CREATE UNIQUE INDEX games_active_channel ON games (channel_id) WHERE status IN ('challenge', 'setup', 'play');
CREATE INDEX games_status ON games (status);
CREATE INDEX games_player1 ON games (guild_id, player1, id);
CREATE INDEX games_player2 ON games (guild_id, player2, id);

-- Every decision of every game, in order: the engine rebuilds any game from them.
CREATE TABLE decisions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    pos     INTEGER NOT NULL, -- 0-based position in the game's record
    player  INTEGER NOT NULL CHECK (player IN (1, 2)),
    action  TEXT    NOT NULL,
    kind    INTEGER NOT NULL DEFAULT 0,
    row     INTEGER NOT NULL DEFAULT 0,
    col     INTEGER NOT NULL DEFAULT 0,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, pos)
) WITHOUT ROWID;

-- Pending deadlines (turn timers, challenge and setup expiry) survive restarts.
CREATE TABLE deadlines (
    kind    TEXT    NOT NULL,
    key     TEXT    NOT NULL,
    due     INTEGER NOT NULL,
    payload TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (kind, key)
);
CREATE INDEX deadlines_due ON deadlines (due);

-- Players' saved strategies, with every version kept.
CREATE TABLE strategies (
    id         INTEGER PRIMARY KEY,
    owner_id   TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX strategies_owner_name ON strategies (owner_id, name COLLATE NOCASE);

CREATE TABLE strategy_versions (
    strategy_id INTEGER NOT NULL REFERENCES strategies (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,
    source      TEXT    NOT NULL,
    defense     INTEGER NOT NULL CHECK (defense >= 0),
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (strategy_id, version)
) WITHOUT ROWID;

-- Per-guild ratings: 'duel' for games between people, 'bot:LEVEL' against the bot.
CREATE TABLE ratings (
    guild_id   TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    ties       INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (guild_id, kind, rating DESC);

-- Rows: a finished duel that player 2 resigned after the free spawns, a game still in
-- play with two turns committed, a saved strategy with two versions, a rating and a
-- deadline.
INSERT INTO games (id, guild_id, channel_id, mode, player1, player2, config, seed, status, kinds, winner, reason, turns, created_at, updated_at, finished_at)
VALUES (7, 'g1', 'c1', 'duel', 'u1', 'u2', 'max_turns=2', 42, 'over',
        '[{"name":"a","defense":0,"strategy":"done"}]', 1, 'resign', 0, 1700000000000, 1700000000000, 1700000001000);
INSERT INTO decisions (game_id, pos, player, action, kind, row, col, at) VALUES
    (7, 0, 1, 'free', 0, 1, 1, 1700000000000),
    (7, 1, 2, 'free', 0, 8, 8, 1700000000000),
    (7, 2, 2, 'resign', 0, 0, 0, 1700000000000);
INSERT INTO games (id, guild_id, channel_id, parent_id, mode, player1, player2, config, seed, status, setup, kinds, turn_timeout, message_id, turns, created_at, updated_at)
VALUES (8, 'g1', 'thread8', 'c1', 'duel', 'u1', 'u3', 'max_turns=5', 43, 'play', '{"ready":[true,true]}',
        '[{"name":"a","defense":0,"strategy":"done"},{"name":"b","defense":3,"strategy":"move up"}]', 300, 'm8', 0,
        1700000000000, 1700000002000);
INSERT INTO decisions (game_id, pos, player, action, kind, row, col, at) VALUES
    (8, 0, 1, 'free', 1, 1, 1, 1700000000000),
    (8, 1, 2, 'free', 0, 8, 8, 1700000000000),
    (8, 2, 1, 'end', 0, 0, 0, 1700000001000),
    (8, 3, 2, 'buy', 0, 6, 8, 1700000002000),
    (8, 4, 2, 'spawn', 1, 6, 8, 1700000002000),
    (8, 5, 2, 'end', 0, 0, 0, 1700000002000);
INSERT INTO strategies (id, owner_id, name, created_at, updated_at) VALUES (3, 'u1', 'rush', 1700000000000, 1700000005000);
INSERT INTO strategy_versions (strategy_id, version, source, defense, created_at) VALUES
    (3, 1, 'move up', 2, 1700000000000),
    (3, 2, 'move down', 4, 1700000005000);
INSERT INTO ratings (guild_id, user_id, kind, rating, games, wins, losses, ties, updated_at) VALUES
    ('g1', 'u1', 'duel', 1216, 1, 1, 0, 0, 1700000001000),
    ('g1', 'u2', 'duel', 1184, 1, 0, 1, 0, 1700000001000);
INSERT INTO deadlines (kind, key, due, payload) VALUES ('turn', '8', 1700000302000, '6');
