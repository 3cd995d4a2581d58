-- Every view written in the statement of its aggregate's events (store::commands::Cqrs::with_view:
-- the cart, call credit and port views) keeps the time its row was last written, which is
-- the time of its aggregate's last event (the same statement's now()). Readers decide on it
-- instead of the events' own times: the purge of idle empty carts (jobs/src/purge.rs). A
-- rebuild keeps each row's time; a row it adds anew gets the rebuild's time.
ALTER TABLE cart_view ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE call_credit_view ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE port_view ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- The rows already there: the time of their aggregate's last event.
UPDATE cart_view v SET updated_at = e.last
  FROM (SELECT aggregate_id, max(recorded_at) AS last FROM events WHERE aggregate_type = 'Cart' GROUP BY aggregate_id) e
 WHERE e.aggregate_id = v.view_id;
UPDATE call_credit_view v SET updated_at = e.last
  FROM (SELECT aggregate_id, max(recorded_at) AS last FROM events WHERE aggregate_type = 'CallCredit' GROUP BY aggregate_id) e
 WHERE e.aggregate_id = v.view_id;
UPDATE port_view v SET updated_at = e.last
  FROM (SELECT aggregate_id, max(recorded_at) AS last FROM events WHERE aggregate_type = 'Port' GROUP BY aggregate_id) e
 WHERE e.aggregate_id = v.view_id;
