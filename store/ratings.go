package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/kombat-game/kombat/match"
)

// Ratings are kept per scope (a Discord server) and kind of game (a ladder). How a
// finished game moves them is its game's policy (kombathost.Elo, upbeathost.UpElo), a pure function that the
// store applies inside the transaction recording the result, so a result and its
// rating changes are stored together or not at all.

// InitialRating is every player's rating on a ladder before their first rated game.
const InitialRating = 1200.0

// Rating kinds: each kind is its own ladder, so beating the bot never counts as
// beating a person.
const (
	// KindDuel rates games between two people.
	KindDuel = "duel"
	// KindBot rates solitaire games against the built-in bot; the suffix is the bot's
	// level (there is one today), so a stronger bot later gets a ladder of its own.
	KindBot = "bot:1"
)

// Rating is one player's standing in a guild for one kind of game.
type Rating struct {
	User    string  // Discord user id
	Kind    string  // the ladder: KindDuel, KindBot, or another the policy names
	Rating  float64 // Elo points
	Games   int     // rated games played: Wins + Losses + Ties
	Wins    int
	Losses  int
	Ties    int
	Updated time.Time // when the last rated game finished; zero if none
}

// RatedGame is a finished game as a rating policy reads it: the row's game-neutral
// part, which the game's policy reads in its own terms (KOMBAT's human seat is in
// State).
type RatedGame struct {
	Mode   match.Mode
	Result match.Result
	Setup  json.RawMessage // the host's setup state (Game.Setup): what else a policy may weigh
	Game   GameName        // whose rules the game was played by
	Seats  []string        // the user ids by seat, "" for a bot
	State  string          // the game's own part of the row (Game.State), as its adapter wrote it
}

// Stake is one player's rating on one ladder that a finished game moves.
type Stake struct{ Kind, User string }

// RatingPolicy is how finished games move ratings. Stakes names the ratings a game
// moves (none: the game is not rated); Rate returns them after the game, in the same
// order, from the ratings before it (InitialRating and no games for a newcomer).
type RatingPolicy interface {
	Stakes(g RatedGame) []Stake
	Rate(g RatedGame, before []Rating) []Rating
}

// rateGame applies a finished game to its players' ratings by policy (nil: none),
// inside the transaction that records the result.
func rateGame(ctx context.Context, tx *txn, id int64, res match.Result, now int64, policy RatingPolicy) error {
	if policy == nil {
		return nil
	}
	g := RatedGame{Result: res}
	var scope, mode, setup, name string
	err := tx.QueryRowContext(ctx, `SELECT scope, mode, setup, game, state FROM games WHERE id = ?`, id).
		Scan(&scope, &mode, &setup, &name, &g.State)
	if err != nil {
		return err
	}
	g.Mode, g.Setup, g.Game = match.Mode(mode), json.RawMessage(setup), GameName(name)
	seats, err := loadSeats(ctx, tx, id)
	if err != nil {
		return err
	}
	g.Seats = make([]string, len(seats))
	for i, s := range seats {
		g.Seats[i] = s.Player
	}
	stakes := policy.Stakes(g)
	if len(stakes) == 0 {
		return nil
	}
	before := make([]Rating, len(stakes))
	for i, s := range stakes {
		if before[i], err = loadRating(ctx, tx, scope, s.Kind, s.User); err != nil {
			return err
		}
	}
	after := policy.Rate(g, before)
	if len(after) != len(stakes) {
		return fmt.Errorf("rating policy gave %d ratings for %d stakes", len(after), len(stakes))
	}
	for i, r := range after {
		r.Kind, r.User = stakes[i].Kind, stakes[i].User
		if err := saveRating(ctx, tx, scope, r, now); err != nil {
			return err
		}
	}
	return nil
}

func loadRating(ctx context.Context, q querier, guild, kind, user string) (Rating, error) {
	r := Rating{User: user, Kind: kind, Rating: InitialRating}
	var updated int64
	err := q.QueryRowContext(ctx, `SELECT rating, games, wins, losses, ties, updated_at FROM ratings WHERE guild_id = ? AND kind = ? AND user_id = ?`,
		guild, kind, user).Scan(&r.Rating, &r.Games, &r.Wins, &r.Losses, &r.Ties, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return r, nil
	}
	r.Updated = time.UnixMilli(updated)
	return r, err
}

func saveRating(ctx context.Context, tx *txn, guild string, r Rating, now int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO ratings (guild_id, user_id, kind, rating, games, wins, losses, ties, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET rating = excluded.rating, games = excluded.games,
		wins = excluded.wins, losses = excluded.losses, ties = excluded.ties, updated_at = excluded.updated_at`,
		guild, r.User, r.Kind, r.Rating, r.Games, r.Wins, r.Losses, r.Ties, now)
	return err
}

// PlayerRating returns a player's rating in a guild (InitialRating and no games when
// the player has none yet).
func (db *DB) PlayerRating(ctx context.Context, guild, kind, user string) (Rating, error) {
	r, err := loadRating(ctx, db.sql, guild, kind, user)
	if err != nil {
		return r, fmt.Errorf("store: rating of %s: %w", user, err)
	}
	return r, nil
}

// Leaderboard returns the best-rated players of a guild, best first.
func (db *DB) Leaderboard(ctx context.Context, guild, kind string, limit int) ([]Rating, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT user_id, rating, games, wins, losses, ties, updated_at FROM ratings
		WHERE guild_id = ? AND kind = ? ORDER BY rating DESC, games DESC, user_id LIMIT ?`, guild, kind, limit)
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard: %w", err)
	}
	defer rows.Close()
	var out []Rating
	for rows.Next() {
		r := Rating{Kind: kind}
		var updated int64
		if err := rows.Scan(&r.User, &r.Rating, &r.Games, &r.Wins, &r.Losses, &r.Ties, &updated); err != nil {
			return nil, fmt.Errorf("store: leaderboard: %w", err)
		}
		r.Updated = time.UnixMilli(updated)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Rank is a player's 1-based place on a guild's leaderboard, or 0 when unrated.
func (db *DB) Rank(ctx context.Context, guild, kind, user string) (int, error) {
	r, err := loadRating(ctx, db.sql, guild, kind, user)
	if err != nil || r.Games == 0 {
		return 0, err
	}
	var ahead int
	err = db.sql.QueryRowContext(ctx, `SELECT count(*) FROM ratings WHERE guild_id = ? AND kind = ? AND
		(rating > ? OR rating = ? AND (games > ? OR games = ? AND user_id < ?))`,
		guild, kind, r.Rating, r.Rating, r.Games, r.Games, user).Scan(&ahead)
	if err != nil {
		return 0, fmt.Errorf("store: rank of %s: %w", user, err)
	}
	return ahead + 1, nil
}
