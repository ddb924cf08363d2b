package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Account is the account of a program that plays over the network (the AIBG spec's
// /public/register).
type Account struct {
	ID       int64
	Name     string // as registered; unique regardless of case
	Password string // the password's slow hash as the caller made it (a PHC string), never the password
	Created  time.Time
}

// MaxTokens bounds the tokens an account holds at once: logging in again and again
// keeps the newest MaxTokens and forgets the oldest, so no one fills the table.
const MaxTokens = 16

// CreateAccount records a new account; a name taken in any case gives ErrDuplicate.
// passwordHash must be a hash in PHC form ($id$...): the store refuses anything else,
// so that no caller stores a password by mistake.
func (db *DB) CreateAccount(ctx context.Context, name, passwordHash string) (Account, error) {
	if !strings.HasPrefix(passwordHash, "$") || strings.Count(passwordHash, "$") < 3 {
		return Account{}, fmt.Errorf("store: create account %q: %w: the password must come as a hash in PHC form", name, ErrInvalidInput)
	}
	a := Account{Name: name, Password: passwordHash, Created: time.UnixMilli(db.millis())}
	err := db.tx(ctx, func(tx *txn) error {
		return tx.QueryRowContext(ctx, `INSERT INTO accounts (username, password_hash, created_at) VALUES (?, ?, ?) RETURNING id`,
			name, passwordHash, a.Created.UnixMilli()).Scan(&a.ID)
	})
	if isUnique(err) {
		return Account{}, fmt.Errorf("store: create account %q: %w: the username is taken", name, ErrDuplicate)
	}
	if err != nil {
		return Account{}, fmt.Errorf("store: create account %q: %w", name, err)
	}
	return a, nil
}

// AccountByName returns the account registered under name in any case, or ErrNotFound.
func (db *DB) AccountByName(ctx context.Context, name string) (Account, error) {
	a, err := db.account(ctx, `SELECT id, username, password_hash, created_at FROM accounts WHERE username = ? COLLATE NOCASE`, name)
	if err != nil {
		return a, fmt.Errorf("store: account %q: %w", name, err)
	}
	return a, nil
}

// account reads the one account q selects.
func (db *DB) account(ctx context.Context, q string, args ...any) (Account, error) {
	var a Account
	var created int64
	err := db.sql.QueryRowContext(ctx, q, args...).Scan(&a.ID, &a.Name, &a.Password, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, err
	}
	a.Created = time.UnixMilli(created)
	return a, nil
}

// tokenHash is what the store keeps of a bearer token: its SHA-256, in hex. A token is
// 32 random bytes, so a fast hash is enough: there is nothing to guess.
func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// AddToken records a bearer token for an account, valid until expires, keeping only
// its hash; the account's tokens beyond the newest MaxTokens, and every expired token,
// are forgotten in the same transaction.
func (db *DB) AddToken(ctx context.Context, accountID int64, token string, expires time.Time) error {
	if len(token) < 16 {
		return fmt.Errorf("store: add token: %w: a token of %d bytes is guessable", ErrInvalidInput, len(token))
	}
	now := db.millis()
	err := db.tx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO account_tokens (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			tokenHash(token), accountID, now, expires.UnixMilli()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM account_tokens WHERE expires_at <= ?`, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM account_tokens WHERE account_id = ? AND token_hash NOT IN
			(SELECT token_hash FROM account_tokens WHERE account_id = ? ORDER BY created_at DESC, token_hash LIMIT ?)`,
			accountID, accountID, MaxTokens)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: add token for account %d: %w", accountID, err)
	}
	return nil
}

// TokenAccount returns the account a bearer token was issued to, or ErrNotFound when
// no token is known by that value or it has expired.
func (db *DB) TokenAccount(ctx context.Context, token string) (Account, error) {
	a, err := db.account(ctx, `SELECT a.id, a.username, a.password_hash, a.created_at FROM account_tokens t
		JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = ? AND t.expires_at > ?`, tokenHash(token), db.millis())
	if err != nil {
		return a, fmt.Errorf("store: token: %w", err)
	}
	return a, nil
}

// RevokeTokens deletes every token of an account (a player logging out everywhere, or
// an operator shutting an account's programs out) and reports how many there were. A
// socket opened with one of them is closed at its next ping (package netplay).
func (db *DB) RevokeTokens(ctx context.Context, accountID int64) (int, error) {
	var n int64
	err := db.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM account_tokens WHERE account_id = ?`, accountID)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: revoke the tokens of account %d: %w", accountID, err)
	}
	return int(n), nil
}
