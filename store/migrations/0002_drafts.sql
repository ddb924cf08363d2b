-- Version 2: drafts of what players typed into forms (a strategy that did not compile),
-- so "Edit again" gives their text back even after a restart.

CREATE TABLE drafts (
    user_id    TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    body       TEXT    NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
