-- Version 7: the strategy library under its game. A saved strategy is KOMBAT's (every
-- one saved before) or an UPBEAT plan, checked against that game's language; each
-- game's library is apart, so a name is unique per owner and game: a player may keep a
-- KOMBAT strategy and an UPBEAT plan of the same name.

ALTER TABLE strategies ADD COLUMN game TEXT NOT NULL DEFAULT 'kombat';

DROP INDEX strategies_owner_name;
CREATE UNIQUE INDEX strategies_owner_game_name ON strategies (owner_id, game, name COLLATE NOCASE);
