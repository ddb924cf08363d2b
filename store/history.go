package store

import (
	"context"
	"fmt"
	"strings"
)

// PlayedGames lists a user's latest games in a guild, newest first, without decisions
// or actions: games being set up, in play and over, of both games when only is "" or of
// only's alone. A KOMBAT game's players are in player1 and player2; an UPBEAT game's
// seats are in its upbeat column's JSON, where a user id is found as a whole quoted
// string (JSON escapes the quotes inside a plan's text, so a plan never matches), and
// every row is checked again by its seats.
func (db *DB) PlayedGames(ctx context.Context, guild, user string, only GameName, limit int) ([]*Game, error) {
	filter := `WHERE scope = ? AND status IN ('over', 'play', 'setup') AND
		(game = 'kombat' AND (player1 = ? OR player2 = ?) OR game = 'upbeat' AND upbeat LIKE ? ESCAPE '!')`
	args := []any{guild, user, user, `%"` + likeEscape(user) + `"%`}
	if only != "" {
		filter += ` AND game = ?`
		args = append(args, string(only))
	}
	gs, err := db.games(ctx, false, filter+` ORDER BY id DESC LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: games of %s: %w", user, err)
	}
	out := gs[:0]
	for _, g := range gs {
		if g.Seat(user) != 0 {
			out = append(out, g)
		}
	}
	return out, nil
}

// likeEscape escapes LIKE's wildcards (and its escape character, '!') in s.
func likeEscape(s string) string {
	return strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(s)
}
