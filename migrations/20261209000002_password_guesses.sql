-- One count of wrong passwords per account, wherever they are typed (issue 46, OWASP ASVS
-- 2.2.1): api/src/app/password_guesses.rs. `key` is a SHA-256 digest of the account's kind
-- and e-mail address (no address is stored). Each check is counted when it starts and the
-- count is cleared by a right password, so parallel guesses cannot slip past the delay.
CREATE TABLE password_guesses (
    key          text        PRIMARY KEY,
    failures     integer     NOT NULL CHECK (failures >= 0),
    window_start timestamptz NOT NULL,
    not_before   timestamptz NOT NULL
);
