-- Version 8: game-neutral tables. Every game, whatever its rules, is the same few
-- things to the store, and nothing in a column's name is one game's:
--
--   games    the row every game has (scope, place, mode, config text, seed, status,
--            setup, result, times) and game, the name of its rules; state is the
--            game's own part, fixed once play starts, which the store keeps without
--            reading it: KOMBAT's is {"human_seat":N,"kinds":[...]}, UPBEAT's is
--            empty ('': it has none beyond its seats).
--   seats    who sits where: seat 1, 2, ... in the game's order, the player (the
--            front's user id, '' for a bot) and data, the game's own part of the seat
--            (UPBEAT's first plan, {"plan":"..."}; '' for none).
--   actions  every action of every game, in order (pos from 0): the seat that made
--            it, its verb (KOMBAT's decisions: free, buy, spawn, end, resign,
--            forfeit; UPBEAT's: revise, confirm, resign, stop), its data, which the
--            store does not read (KOMBAT's [kind,row,col], '' when all three are 0;
--            UPBEAT's plan text), elapsed (the game's clock before it, nanoseconds;
--            0 when the game keeps none) and at (unix milliseconds).
--
-- The step copies every row of the version 7 tables across in SQL and then drops
-- them: decisions and upbeat_actions become actions; games' player1 and player2 and
-- upbeat's seats and first plans become seats; human_seat and kinds become state.
-- Reading a seat list out of upbeat's JSON is the one part each engine says in its
-- own functions (see dialect.go for the -- only markers).

CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat >= 1), -- from 1, in the game's order
    player  TEXT    NOT NULL,                   -- the front's user id; '' for a bot
    data    TEXT    NOT NULL DEFAULT '',        -- the game's own part of the seat, opaque here
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_player ON seats (player, game_id);

CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    pos     INTEGER NOT NULL,             -- 0-based position in the game's record
    seat    INTEGER NOT NULL,             -- the seat that acted
    verb    TEXT    NOT NULL,             -- what it did, in its game's words
    data    TEXT    NOT NULL DEFAULT '',  -- the rest of the action, opaque here
    elapsed INTEGER NOT NULL DEFAULT 0,   -- the game's clock before the action, nanoseconds
    at      INTEGER NOT NULL,             -- unix milliseconds
    PRIMARY KEY (game_id, pos)
) WITHOUT ROWID;

ALTER TABLE games ADD COLUMN state TEXT NOT NULL DEFAULT '';

-- KOMBAT: two seats, and human_seat with the kinds as its state (the kinds' JSON text
-- as stored, so that a game in play compares equal to what the program encodes).
INSERT INTO seats (game_id, seat, player) SELECT id, 1, player1 FROM games WHERE game = 'kombat';
INSERT INTO seats (game_id, seat, player) SELECT id, 2, player2 FROM games WHERE game = 'kombat';
UPDATE games SET state = '{"human_seat":' || human_seat || ',"kinds":' || kinds || '}' WHERE game = 'kombat';
INSERT INTO actions (game_id, pos, seat, verb, data, at)
SELECT d.game_id, d.pos, d.player, d.action,
       CASE WHEN d.kind = 0 AND d.row = 0 AND d.col = 0 THEN '' ELSE '[' || d.kind || ',' || d.row || ',' || d.col || ']' END,
       d.at
FROM decisions d;

-- UPBEAT: the seats and first plans out of the upbeat column, and its actions.
-- only sqlite
INSERT INTO seats (game_id, seat, player, data)
SELECT g.id, s.key + 1, s.value,
       coalesce((SELECT json_object('plan', p.value) FROM json_each(g.upbeat, '$.plans') p WHERE p.key = s.key), '')
FROM games g, json_each(g.upbeat, '$.seats') s
WHERE g.game = 'upbeat';
-- only postgres
INSERT INTO seats (game_id, seat, player, data)
SELECT g.id, s.n, s.player,
       coalesce((SELECT json_build_object('plan', p.plan)::text
                 FROM json_array_elements_text(g.upbeat::json -> 'plans') WITH ORDINALITY AS p (plan, n) WHERE p.n = s.n), '')
FROM games g, json_array_elements_text(g.upbeat::json -> 'seats') WITH ORDINALITY AS s (player, n)
WHERE g.game = 'upbeat';
-- only end
INSERT INTO actions (game_id, pos, seat, verb, data, elapsed, at)
SELECT game_id, pos, player, action, plan, elapsed, at FROM upbeat_actions;

-- The old places go, indexes on a column before the column.
DROP TABLE decisions;
DROP TABLE upbeat_actions;
DROP INDEX games_player1;
DROP INDEX games_player2;
ALTER TABLE games DROP COLUMN player1;
ALTER TABLE games DROP COLUMN player2;
ALTER TABLE games DROP COLUMN human_seat;
ALTER TABLE games DROP COLUMN kinds;
ALTER TABLE games DROP COLUMN upbeat;
