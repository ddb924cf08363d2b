-- Version 6: a second game, UPBEAT, in the same tables. A game's row says which game's
-- rules it holds (every game stored before is KOMBAT's); an UPBEAT row keeps its 2 to 6
-- seats and its players' first plans in upbeat (JSON, fixed once play starts, as kinds
-- are), its configuration file text in config, and its actions (revisions with their
-- plans, confirmations, resignations, each with the revision-clock time it took) in
-- upbeat_actions: what replays it. KOMBAT's columns it does not use keep their defaults;
-- mode says who plays (duel: two or more people, solitaire: one person and bots, auto:
-- bots only).

ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'kombat';
ALTER TABLE games ADD COLUMN upbeat TEXT NOT NULL DEFAULT '';

CREATE TABLE upbeat_actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    pos     INTEGER NOT NULL,           -- 0-based position in the game's record
    player  INTEGER NOT NULL,           -- the seat, 1 to 6
    action  TEXT    NOT NULL,           -- revise, confirm, resign
    plan    TEXT    NOT NULL DEFAULT '', -- a revision's plan
    elapsed INTEGER NOT NULL DEFAULT 0,  -- revision-clock time before the action, nanoseconds
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, pos)
) WITHOUT ROWID;
