package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

const testHash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"

func TestAccounts_RegisterAndFind(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	a, err := db.CreateAccount(ctx, "Bot_1", testHash)
	if err != nil {
		t.Fatal(err)
	}
	if a.ID == 0 || a.Name != "Bot_1" {
		t.Errorf("created %+v", a)
	}
	got, err := db.AccountByName(ctx, "bot_1")
	if err != nil || got.ID != a.ID || got.Name != "Bot_1" || got.Password != testHash {
		t.Errorf("AccountByName in another case: %+v, %v", got, err)
	}
	if _, err := db.CreateAccount(ctx, "BOT_1", testHash); !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), "the username is taken") {
		t.Errorf("a name taken in another case: %v", err)
	}
	if _, err := db.AccountByName(ctx, "nobody"); !errors.Is(err, ErrNotFound) {
		t.Errorf("an unknown name: %v", err)
	}
	if _, err := db.CreateAccount(ctx, "plain", "hunter22"); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("a password that is no hash was stored: %v", err)
	}
}

// TestAccounts_TokensHashedAndExpiring: the table holds no token in clear, and a token
// answers until its expiry and not at it.
func TestAccounts_TokensHashedAndExpiring(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	now := time.UnixMilli(1_800_000_000_000)
	db.SetClock(func() time.Time { return now })
	a, err := db.CreateAccount(ctx, "bot", testHash)
	must(t, err)
	token := "0123456789abcdef0123456789abcdef"
	must(t, db.AddToken(ctx, a.ID, token, now.Add(24*time.Hour)))
	var stored string
	must(t, db.sql.QueryRowContext(ctx, `SELECT token_hash FROM account_tokens`).Scan(&stored))
	if stored == token || strings.Contains(stored, token) || len(stored) != 64 {
		t.Errorf("the token is stored as %q", stored)
	}
	now = now.Add(24*time.Hour - time.Millisecond)
	if got, err := db.TokenAccount(ctx, token); err != nil || got.ID != a.ID {
		t.Errorf("a millisecond before expiry: %+v, %v", got, err)
	}
	now = now.Add(time.Millisecond)
	if _, err := db.TokenAccount(ctx, token); !errors.Is(err, ErrNotFound) {
		t.Errorf("at expiry: %v", err)
	}
	if _, err := db.TokenAccount(ctx, "not a token at all, but long"); !errors.Is(err, ErrNotFound) {
		t.Errorf("an unknown token: %v", err)
	}
	if err := db.AddToken(ctx, a.ID, "short", now.Add(time.Hour)); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("a short token: %v", err)
	}
}

// TestAccounts_MaxTokens: an account keeps its newest MaxTokens tokens, not one more,
// and expired tokens go at the next login.
func TestAccounts_MaxTokens(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	now := time.UnixMilli(1_800_000_000_000)
	db.SetClock(func() time.Time { return now })
	a, err := db.CreateAccount(ctx, "bot", testHash)
	must(t, err)
	b, err := db.CreateAccount(ctx, "other", testHash)
	must(t, err)
	must(t, db.AddToken(ctx, b.ID, "expiring-token-of-the-other-one", now.Add(time.Second)))
	tok := func(i int) string { return fmt.Sprintf("token-number-%04d-of-the-account", i) }
	for i := range MaxTokens + 1 {
		now = now.Add(time.Second)
		must(t, db.AddToken(ctx, a.ID, tok(i), now.Add(time.Hour)))
	}
	if _, err := db.TokenAccount(ctx, tok(0)); !errors.Is(err, ErrNotFound) {
		t.Errorf("the oldest of %d tokens still answers: %v", MaxTokens+1, err)
	}
	for i := 1; i <= MaxTokens; i++ {
		if _, err := db.TokenAccount(ctx, tok(i)); err != nil {
			t.Errorf("token %d of the newest %d: %v", i, MaxTokens, err)
		}
	}
	var n int
	must(t, db.sql.QueryRowContext(ctx, `SELECT count(*) FROM account_tokens`).Scan(&n))
	if n != MaxTokens {
		t.Errorf("%d tokens stored, want %d (the other account's expired one forgotten)", n, MaxTokens)
	}
	// A token dies with its account.
	must(t, db.tx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM accounts WHERE id = ?`, a.ID)
		return err
	}))
	if err := db.sql.QueryRowContext(ctx, `SELECT count(*) FROM account_tokens`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d tokens left after their account went (%v)", n, err)
	}
}
