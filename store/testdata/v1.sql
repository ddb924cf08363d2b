-- A database at schema version 1 with a finished game, a saved strategy, a rating and a
-- deadline: TestMigrateKeepsRows opens it with the current program.
INSERT INTO games (id, guild_id, channel_id, mode, player1, player2, config, seed, status, kinds, winner, reason, turns, created_at, updated_at)
VALUES (7, 'g1', 'c1', 'duel', 'u1', 'u2', 'max_turns=2', 42, 'over',
        '[{"name":"a","defense":0,"strategy":"done"}]', 1, 'resign', 0, 1700000000000, 1700000000000);
INSERT INTO decisions (game_id, pos, player, action, kind, row, col, at) VALUES
    (7, 0, 1, 'free', 0, 1, 1, 1700000000000),
    (7, 1, 2, 'free', 0, 8, 8, 1700000000000),
    (7, 2, 2, 'resign', 0, 0, 0, 1700000000000);
INSERT INTO strategies (id, owner_id, name, created_at, updated_at) VALUES (3, 'u1', 'rush', 1700000000000, 1700000000000);
INSERT INTO strategy_versions (strategy_id, version, source, defense, created_at) VALUES (3, 1, 'move up', 2, 1700000000000);
INSERT INTO ratings (guild_id, user_id, kind, rating, games, wins, losses, ties, updated_at) VALUES ('g1', 'u1', 'duel', 1216, 1, 1, 0, 0, 1700000000000);
INSERT INTO deadlines (kind, key, due, payload) VALUES ('turn', '7', 1700000600000, '');
