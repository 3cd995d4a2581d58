-- The client address each cart's number reservations came from (the latest one), written
-- when a number is reserved, so one address can hold numbers in only a few carts at once.
-- Rows of carts that no longer hold anything are purged by the purge-old-records job.
CREATE TABLE cart_reservation_sources
(
    cart_id     text PRIMARY KEY,
    address     text        NOT NULL,
    reserved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cart_reservation_sources_address ON cart_reservation_sources (address);

-- The numbers a cart holds, for that count.
CREATE INDEX number_inventory_held_by ON number_inventory (held_by) WHERE status = 'reserved';
