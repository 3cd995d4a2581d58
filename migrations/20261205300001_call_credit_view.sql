-- Pay As You Go call credit became its own aggregate (aggregates::call_credit): one view row
-- per order's credit, keyed by the order's id, written with its events.
CREATE TABLE call_credit_view
(
    view_id text    NOT NULL,
    version bigint  CHECK (version >= 0) NOT NULL,
    payload json    NOT NULL,
    PRIMARY KEY (view_id)
);
