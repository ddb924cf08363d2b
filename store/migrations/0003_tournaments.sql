-- Version 3: tournaments. The host's state of a tournament (entrants with their
-- strategies, the schedule, each game's result) is one JSON document, opaque to the
-- store, rewritten after every game so a restart resumes where it stopped.

CREATE TABLE tournaments (
    id         INTEGER PRIMARY KEY,
    guild_id   TEXT    NOT NULL,
    channel_id TEXT    NOT NULL,
    owner_id   TEXT    NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('open', 'running', 'over', 'cancelled')),
    message_id TEXT    NOT NULL DEFAULT '',
    state      TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

CREATE INDEX tournaments_active ON tournaments (status) WHERE status IN ('open', 'running');
