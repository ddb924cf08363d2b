-- Version 4: screens owed. When a change needs a new message in its game's place (the
-- board after a turn, the final result), the debt is written in the same transaction
-- as the change and cleared only once the place has accepted the message, so what a
-- channel shows always comes back to what is stored, after an outage or a crash.

CREATE TABLE screens (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    version    INTEGER NOT NULL,            -- the state to show: decisions stored when owed
    summary    TEXT    NOT NULL DEFAULT '', -- text above the board (the turn just played)
    owed_at    INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT    NOT NULL DEFAULT '',
    paused     TEXT    NOT NULL DEFAULT ''  -- why delivery stopped for good; '' while it goes on
);
