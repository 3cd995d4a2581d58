-- What happened to each e-mail: attempts, the last error, when to try again, and whether it
-- went to the mail relay or, with no relay set up (development), to the local mailbox
-- that staff read at /admin/mail.
ALTER TABLE outbox
    ADD COLUMN attempts        integer     NOT NULL DEFAULT 0,
    ADD COLUMN last_error      text,
    ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN failed_at       timestamptz,
    ADD COLUMN delivered_to    text CHECK (delivered_to IN ('relay', 'local'));

-- Rows sent before this column existed went to the relay.
UPDATE outbox SET delivered_to = 'relay' WHERE sent_at IS NOT NULL;

CREATE INDEX outbox_waiting ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_reference ON outbox (reference);
