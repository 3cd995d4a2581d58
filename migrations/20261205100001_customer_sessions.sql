-- Customers' own account (issue 34): sign-in sessions, the one-time password-reset links, and
-- when an account became its e-mail owner's.

-- `verified_at`: when a link sent to the account's address was first followed (a password
-- reset, or a signed link of an order e-mail). Until then the account is whoever typed the
-- address at checkout, and the address's owner may claim it through "Forgot password".
ALTER TABLE customer_accounts ADD COLUMN verified_at timestamptz;

-- As staff_sessions: the cookie's token is never stored, only its SHA-256 digest (hex).
CREATE TABLE customer_sessions
(
    token_hash text PRIMARY KEY,
    account_id uuid        NOT NULL REFERENCES customer_accounts (id) ON DELETE CASCADE,
    csrf_token text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);
CREATE INDEX customer_sessions_account ON customer_sessions (account_id);
CREATE INDEX customer_sessions_expiry ON customer_sessions (expires_at);

-- "Forgot password" links: the token's SHA-256 digest (hex) only, one hour to live, used once.
CREATE TABLE customer_password_resets
(
    token_hash text PRIMARY KEY,
    account_id uuid        NOT NULL REFERENCES customer_accounts (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
CREATE INDEX customer_password_resets_account ON customer_password_resets (account_id);
