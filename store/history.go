package store

import (
	"context"
	"fmt"
	"math"
	"strings"
)

// PlayedGames lists a user's latest games in a guild (at most limit), newest first,
// without decisions or actions: games being set up, in play and over, of both games
// when only is "" or of only's alone. A KOMBAT game's players are in player1 and
// player2; an UPBEAT game's seats are in its upbeat column's JSON, where the user's id
// is looked for as a whole quoted string (JSON escapes the quotes in a plan's text),
// and each row found is checked again by its seats: a row that only looked like one
// of the user's (a plan that is nothing but their id) is skipped, and the next read.
func (db *DB) PlayedGames(ctx context.Context, guild, user string, only GameName, limit int) ([]*Game, error) {
	filter := `WHERE scope = ? AND status IN ('over', 'play', 'setup') AND
		(game = 'kombat' AND (player1 = ? OR player2 = ?) OR game = 'upbeat' AND upbeat LIKE ? ESCAPE '!')`
	args := []any{guild, user, user, `%"` + likeEscape(user) + `"%`}
	if only != "" {
		filter += ` AND game = ?`
		args = append(args, string(only))
	}
	filter += ` AND id < ? ORDER BY id DESC LIMIT ?`
	var out []*Game
	for before := int64(math.MaxInt64); len(out) < limit; {
		want := limit - len(out)
		gs, err := db.games(ctx, false, filter, append(args, before, want)...)
		if err != nil {
			return nil, fmt.Errorf("store: games of %s: %w", user, err)
		}
		for _, g := range gs {
			if before = g.ID; g.Seat(user) != 0 {
				out = append(out, g)
			}
		}
		if len(gs) < want {
			break // no more rows
		}
	}
	return out, nil
}

// likeEscape escapes LIKE's wildcards (and its escape character, '!') in s.
func likeEscape(s string) string {
	return strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(s)
}
