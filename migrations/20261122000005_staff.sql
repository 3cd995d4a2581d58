-- Staff who sign in to the admin pages, their sessions, failed sign-ins (for the limit),
-- and uploaded catalogue images.
CREATE TABLE staff_users
(
    id            uuid PRIMARY KEY,
    email         text        NOT NULL UNIQUE CHECK (email = lower(email)),
    role          text        NOT NULL CHECK (role IN ('admin', 'support')),
    password_hash text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff_sessions
(
    token_hash text PRIMARY KEY,
    user_id    uuid        NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
    csrf_token text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);
CREATE INDEX staff_sessions_expiry ON staff_sessions (expires_at);

CREATE TABLE sign_in_failures
(
    id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email   text        NOT NULL,
    address text        NOT NULL,
    at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_email ON sign_in_failures (email, at);
CREATE INDEX sign_in_failures_address ON sign_in_failures (address, at);

CREATE TABLE hardware_images
(
    id           uuid PRIMARY KEY,
    content_type text        NOT NULL,
    filename     text        NOT NULL,
    bytes        bytea       NOT NULL,
    brand        text        NOT NULL,
    uploaded_by  text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
