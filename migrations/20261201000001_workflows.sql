-- Process managers (api/src/workflows): a workflow owed to an aggregate is a row here,
-- written in the same statement as the event that starts it (jobs::commands, `Cqrs::starting`),
-- so an event that needs side effects never exists without the record that they are owed.
-- A runner takes the row FOR UPDATE SKIP LOCKED (a lock that ends with its transaction, so
-- a runner that dies or is dropped holds nothing), does what is left, records each step
-- done in `step`, and deletes the row at the end. A server that starts resumes every row.
CREATE TABLE workflows
(
    workflow     text        NOT NULL,
    aggregate_id text        NOT NULL,
    -- The event that started it, and the latest event that asked for it since (a workflow
    -- owed already is not started twice: a run that finishes deletes the row only when no
    -- event came after the ones it saw).
    sequence     bigint      NOT NULL,
    latest       bigint      NOT NULL,
    -- The last step done (the workflow's own progress, beside the aggregate's events).
    step         text        NOT NULL DEFAULT 'started',
    attempts     integer     NOT NULL DEFAULT 0,
    last_error   text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workflow, aggregate_id)
);

-- Whether the SIP passwords of a service order were shown to the buyer: 'owed' from the
-- account's transaction until the answer that shows them ('shown'); 'support' when the order
-- was completed without the buyer (the reconcile job), whose passwords support sets with them.
-- A retry from the paying browser that finds 'owed' (the first answer was lost to a crash)
-- is given new passwords: the old ones were never seen by anyone.
ALTER TABLE service_orders ADD COLUMN sip_passwords text CHECK (sip_passwords IN ('owed', 'shown', 'support'));

-- The same for a trial's extension: 'owed' from the start's transaction until the answer
-- that shows it. A retry of the start (same e-mail and number, the account's own password
-- or Google account) that finds it owed gets a new one.
ALTER TABLE trials ADD COLUMN sip_password text CHECK (sip_password IN ('owed', 'shown'));
