-- The free trial: its view (postgres-es) and the guard of one trial per e-mail address and
-- per number, written before a trial starts (with the Stripe customer made for its card).
CREATE TABLE trial_view
(
    view_id text                        NOT NULL,
    version bigint CHECK (version >= 0) NOT NULL,
    payload json                        NOT NULL,
    PRIMARY KEY (view_id)
);

CREATE TABLE trials
(
    trial_id           text PRIMARY KEY,
    email              text        NOT NULL UNIQUE CHECK (email = lower(email)),
    number             text        NOT NULL UNIQUE,
    stripe_customer_id text,
    created_at         timestamptz NOT NULL DEFAULT now()
);
