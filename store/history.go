package store

import (
	"context"
	"fmt"
)

// PlayedGames lists a user's latest games in a guild (at most limit), newest first,
// without decisions or actions: games being set up, in play and over, of both games
// when only is "" or of only's alone. A bot ("") has played none.
func (db *DB) PlayedGames(ctx context.Context, guild, user string, only GameName, limit int) ([]*Game, error) {
	if user == "" {
		return nil, nil
	}
	filter := `WHERE scope = ? AND status IN ('over', 'play', 'setup') AND id IN (SELECT game_id FROM seats WHERE player = ?)`
	args := []any{guild, user}
	if only != "" {
		filter += ` AND game = ?`
		args = append(args, string(only))
	}
	gs, err := db.games(ctx, false, filter+` ORDER BY id DESC LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: games of %s: %w", user, err)
	}
	return gs, nil
}
