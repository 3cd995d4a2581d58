-- Desk-phone orders (the HardwareOrder aggregate): their view, and the row written before an
-- order is placed, which makes order numbers unique, finds a cart's hardware orders and keeps
-- the SHA-256 of the secret only the placing browser holds (never in an event).
CREATE TABLE hardware_order_view
(
    view_id text                        NOT NULL,
    version bigint CHECK (version >= 0) NOT NULL,
    payload json                        NOT NULL,
    PRIMARY KEY (view_id)
);

CREATE TABLE hardware_orders
(
    order_id     text PRIMARY KEY,
    order_number text        NOT NULL UNIQUE CHECK (order_number ~ '^HW-[0-9]{6}$'),
    cart_id      text        NOT NULL,
    secret_hash  text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hardware_orders_cart ON hardware_orders (cart_id, created_at DESC);
