-- What the charge-calls job (jobs/src/call_charges.rs) decides on, kept in rows written in
-- the statement of the CallCredit events they follow from (store::commands::Cqrs::with_rows,
-- projections::call_credit::derived_rows), so no reader outside the event store reads the
-- events' payloads, and each row exists exactly when its event does.

-- Each call charged (CallCharged) and each call out refused for want of credit
-- (CallRefused), once: the key is what makes a call charged at most once. A second
-- CallCharged of one call would take it, so the statement that stores it fails and stores
-- nothing (the command is refused, call_already_recorded).
CREATE TABLE call_credit_calls
(
    owner    text   NOT NULL,
    call_id  text   NOT NULL,
    kind     text   NOT NULL CHECK (kind IN ('charged', 'refused')),
    -- The sequence of the event that recorded it, in the owner's CallCredit stream.
    sequence bigint NOT NULL,
    PRIMARY KEY (owner, call_id, kind)
);

-- What the buyer is e-mailed about, one row per event: the credit ran out (CreditRanOut), or
-- the included minutes of a period (`2026-12`, or `trial`) were spoken
-- (IncludedMinutesRanOut). The job's e-mail has the reference `owner:sequence`.
CREATE TABLE call_credit_notices
(
    owner    text   NOT NULL,
    sequence bigint NOT NULL,
    kind     text   NOT NULL CHECK (kind IN ('credit_ran_out', 'included_minutes_ran_out')),
    period   text,
    minutes  bigint,
    PRIMARY KEY (owner, sequence),
    CHECK ((kind = 'included_minutes_ran_out') = (period IS NOT NULL AND minutes IS NOT NULL))
);
CREATE INDEX call_credit_notices_period ON call_credit_notices (owner, period) WHERE period IS NOT NULL;

-- The events stored before: their rows.
INSERT INTO call_credit_calls (owner, call_id, kind, sequence)
SELECT aggregate_id, payload -> 'CallCharged' ->> 'call_id', 'charged', min(sequence)
  FROM events WHERE aggregate_type = 'CallCredit' AND event_type = 'CallCharged'
 GROUP BY 1, 2;
INSERT INTO call_credit_calls (owner, call_id, kind, sequence)
SELECT aggregate_id, payload -> 'CallRefused' ->> 'call_id', 'refused', min(sequence)
  FROM events WHERE aggregate_type = 'CallCredit' AND event_type = 'CallRefused'
 GROUP BY 1, 2;
INSERT INTO call_credit_notices (owner, sequence, kind)
SELECT aggregate_id, sequence, 'credit_ran_out'
  FROM events WHERE aggregate_type = 'CallCredit' AND event_type = 'CreditRanOut';
INSERT INTO call_credit_notices (owner, sequence, kind, period, minutes)
SELECT aggregate_id, sequence, 'included_minutes_ran_out', payload -> 'IncludedMinutesRanOut' ->> 'period',
       (payload -> 'IncludedMinutesRanOut' ->> 'minutes')::bigint
  FROM events WHERE aggregate_type = 'CallCredit' AND event_type = 'IncludedMinutesRanOut';
