-- The hardware catalogue view (postgres-es view table) and the audit log of catalogue
-- changes: one row per event, with the acting user and the fields changed.
CREATE TABLE hardware_view
(
    view_id text                        NOT NULL,
    version bigint CHECK (version >= 0) NOT NULL,
    payload json                        NOT NULL,
    PRIMARY KEY (view_id)
);

CREATE TABLE hardware_audit
(
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    item_id     text        NOT NULL,
    sequence    bigint      NOT NULL,
    actor       text        NOT NULL,
    at          timestamptz NOT NULL,
    action      text        NOT NULL,
    item_name   text        NOT NULL,
    changes     jsonb       NOT NULL DEFAULT '[]',
    UNIQUE (item_id, sequence)
);
CREATE INDEX hardware_audit_by_time ON hardware_audit (at DESC, id DESC);
CREATE INDEX hardware_audit_by_item ON hardware_audit (item_id, at DESC);
CREATE INDEX hardware_audit_by_actor ON hardware_audit (actor, at DESC);
