-- The service checkout: the order view (postgres-es), order numbers and the cart an order
-- came from, customer accounts, SIP extensions (digest only), the e-mail outbox and the
-- Stripe webhook events already handled.
CREATE TABLE order_view
(
    view_id text                        NOT NULL,
    version bigint CHECK (version >= 0) NOT NULL,
    payload json                        NOT NULL,
    PRIMARY KEY (view_id)
);

-- Written before an order is placed: makes order numbers unique and finds a cart's open order.
CREATE TABLE service_orders
(
    order_id     text PRIMARY KEY,
    order_number text        NOT NULL UNIQUE CHECK (order_number ~ '^SB-[0-9]{6}$'),
    cart_id      text        NOT NULL,
    cart_version bigint      NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_orders_cart ON service_orders (cart_id, created_at DESC);

CREATE TABLE customer_accounts
(
    id             uuid PRIMARY KEY,
    email          text        NOT NULL UNIQUE CHECK (email = lower(email)),
    password_hash  text,
    google_sign_in boolean     NOT NULL DEFAULT false,
    first_name     text        NOT NULL,
    last_name      text        NOT NULL,
    company_name   text        NOT NULL,
    phone          text        NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

-- SIP credentials for the PBX: the password itself is shown once to the buyer and never kept.
CREATE TABLE sip_extensions
(
    order_id      text        NOT NULL,
    account_id    uuid        NOT NULL REFERENCES customer_accounts (id),
    number        text        NOT NULL,
    username      text        NOT NULL UNIQUE,
    secret_digest text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, number)
);

CREATE TABLE outbox
(
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    recipient  text        NOT NULL,
    subject    text        NOT NULL,
    body       text        NOT NULL,
    kind       text        NOT NULL,
    reference  text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at    timestamptz,
    UNIQUE (kind, reference)
);

CREATE TABLE stripe_webhook_events
(
    event_id    text PRIMARY KEY,
    event_type  text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);
