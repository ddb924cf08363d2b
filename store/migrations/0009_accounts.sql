-- Version 9: accounts of the programs that play over the network (the AIBG spec's
-- /public/register and /public/login). A password is kept only as a salted slow hash
-- (the PHC string of argon2id), a token only as its SHA-256, so a copy of the database
-- lets no one log in or connect. A token dies with its account, and at expires_at.

CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY,
    username      TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at    INTEGER NOT NULL
);
CREATE UNIQUE INDEX accounts_username ON accounts (username COLLATE NOCASE);

CREATE TABLE account_tokens (
    token_hash TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX account_tokens_account ON account_tokens (account_id, created_at);
CREATE INDEX account_tokens_expires ON account_tokens (expires_at);
