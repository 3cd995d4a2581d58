-- Rate limits shared by every server: one row per bucket (a limit and a hashed key, such as
-- an e-mail address or a client address) and fixed window, counted with one atomic upsert.
-- Rows older than the longest window (one hour) serve no purpose: purge them regularly.
CREATE TABLE rate_limits
(
    bucket       text        NOT NULL,
    window_start timestamptz NOT NULL,
    count        integer     NOT NULL CHECK (count >= 0),
    PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);
