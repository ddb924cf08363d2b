package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/kombat-game/kombat/game"
)

// Ratings are Elo ratings per guild: simple to explain to players ("beat a stronger
// player, gain more") and enough for a game club; Glicko-2's rating periods and
// volatility would need regular play that a Discord server does not promise. Each
// finished game moves a rating by EloK * (score - expected score), score 1 for a win,
// 0.5 for a tie and 0 for a loss, expected = 1 / (1 + 10^((opponent - own) / 400)).
const (
	// InitialRating is every player's rating before their first rated game.
	InitialRating = 1200.0
	// EloK is the most a game can move a rating: 16 between equals.
	EloK = 32.0
	// BotRating is the fixed rating of the built-in bot, the opponent in solitaire;
	// the bot's own rating never moves, so solitaire cannot inflate the duel ladder.
	BotRating = 1200.0
)

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
	Kind    string  // KindDuel or KindBot
	Rating  float64 // Elo points
	Games   int     // rated games played: Wins + Losses + Ties
	Wins    int
	Losses  int
	Ties    int
	Updated time.Time // when the last rated game finished; zero if none
}

// expected is the Elo expected score of a player rated a against one rated b.
func expected(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }

// rateGame applies a finished game to the ratings of its human players, inside the
// transaction that records the result. Auto games are not rated.
func rateGame(ctx context.Context, tx *sql.Tx, id int64, res game.Result, now int64) error {
	var guild, mode, p1, p2 string
	var seat int
	err := tx.QueryRowContext(ctx, `SELECT scope, mode, player1, player2, human_seat FROM games WHERE id = ?`, id).
		Scan(&guild, &mode, &p1, &p2, &seat)
	if err != nil {
		return err
	}
	score := func(p int) float64 {
		switch res.Winner {
		case 0:
			return 0.5
		case p:
			return 1
		}
		return 0
	}
	switch game.Mode(mode) {
	case game.ModeDuel:
		if p1 == "" || p2 == "" || p1 == p2 {
			return nil
		}
		r1, err := loadRating(ctx, tx, guild, KindDuel, p1)
		if err != nil {
			return err
		}
		r2, err := loadRating(ctx, tx, guild, KindDuel, p2)
		if err != nil {
			return err
		}
		a, b := r1.Rating, r2.Rating
		r1.apply(score(1), expected(a, b))
		r2.apply(score(2), expected(b, a))
		if err := saveRating(ctx, tx, guild, r1, now); err != nil {
			return err
		}
		return saveRating(ctx, tx, guild, r2, now)
	case game.ModeSolitaire:
		if seat == 0 {
			seat = 1 // game.Setup's default seat for the human
		}
		human := p1
		if seat == 2 {
			human = p2
		}
		if human == "" {
			return nil
		}
		r, err := loadRating(ctx, tx, guild, KindBot, human)
		if err != nil {
			return err
		}
		r.apply(score(seat), expected(r.Rating, BotRating))
		return saveRating(ctx, tx, guild, r, now)
	}
	return nil
}

func (r *Rating) apply(score, expected float64) {
	r.Rating += EloK * (score - expected)
	r.Games++
	switch score {
	case 1:
		r.Wins++
	case 0:
		r.Losses++
	default:
		r.Ties++
	}
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

func saveRating(ctx context.Context, tx *sql.Tx, guild string, r Rating, now int64) error {
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
