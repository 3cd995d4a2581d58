-- The per-order secret: made when an order is placed, handed only to the browser that
-- placed it, and needed to collect the order's account and SIP passwords. Only its SHA-256
-- is kept (never in an event).
ALTER TABLE service_orders ADD COLUMN secret_hash text;
