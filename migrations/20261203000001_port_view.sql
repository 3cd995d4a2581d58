-- Number transfers became their own aggregate (aggregates::port): one view row per port,
-- keyed by the port's id (`{order id}:{number}`), written with its events.
CREATE TABLE port_view
(
    view_id text    NOT NULL,
    version bigint  CHECK (version >= 0) NOT NULL,
    payload json    NOT NULL,
    PRIMARY KEY (view_id)
);
