-- Version 5: a game's row names where it is shown in the front's own terms, opaque to
-- the store: its scope (the community whose ratings it counts toward; a Discord
-- server), its place (a thread or channel), the place it was started from, and the
-- handle of the screen now shown (a message). The indexes follow the renamed columns.

ALTER TABLE games RENAME COLUMN guild_id TO scope;
ALTER TABLE games RENAME COLUMN channel_id TO place;
ALTER TABLE games RENAME COLUMN parent_id TO origin;
ALTER TABLE games RENAME COLUMN message_id TO shown;
