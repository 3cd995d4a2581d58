-- The event store of postgres-es (cqrs-es), with a global order for projections that
-- span aggregates: postgres-es replays by each aggregate's own sequence only.
CREATE TABLE events
(
    aggregate_type  text                         NOT NULL,
    aggregate_id    text                         NOT NULL,
    sequence        bigint CHECK (sequence >= 0) NOT NULL,
    event_type      text                         NOT NULL,
    event_version   text                         NOT NULL,
    payload         json                         NOT NULL,
    metadata        json                         NOT NULL,
    global_sequence bigint GENERATED ALWAYS AS IDENTITY,
    recorded_at     timestamptz                  NOT NULL DEFAULT now(),
    PRIMARY KEY (aggregate_type, aggregate_id, sequence)
);
CREATE UNIQUE INDEX events_global_sequence ON events (global_sequence);

CREATE TABLE snapshots
(
    aggregate_type   text                                 NOT NULL,
    aggregate_id     text                                 NOT NULL,
    last_sequence    bigint CHECK (last_sequence >= 0)    NOT NULL,
    current_snapshot bigint CHECK (current_snapshot >= 0) NOT NULL,
    payload          json                                 NOT NULL,
    PRIMARY KEY (aggregate_type, aggregate_id, last_sequence)
);

-- One table per postgres-es view.
CREATE TABLE cart_view
(
    view_id text                        NOT NULL,
    version bigint CHECK (version >= 0) NOT NULL,
    payload json                        NOT NULL,
    PRIMARY KEY (view_id)
);
