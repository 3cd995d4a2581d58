-- The minutes a plan includes (docs/architecture.md, Call charges): Single User 500 a user and
-- Multi User 1,500 a block each month, a trial its minutes (50) for its whole length. Written
-- only by the projection of the order and trial events (projections/src/sip_numbers.rs).
CREATE TABLE sip_minute_allowances
(
    owner      text PRIMARY KEY,
    minutes    integer     NOT NULL CHECK (minutes >= 0),
    -- The minutes come back each calendar month (UK time); a trial's do not.
    monthly    boolean     NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- The minutes of calls out each owner's extensions spoke, each started minute counted (the
-- calls the registrar recorded answered and ended), this calendar month (UK time) and in all.
CREATE VIEW sip_minutes_used AS
SELECT owner,
       sum((duration_seconds + 59) / 60) FILTER (
           WHERE started_at >= date_trunc('month', now() AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London'
           ) AS this_month,
       sum((duration_seconds + 59) / 60) AS in_all
FROM call_records
WHERE direction = 'outbound'
  AND outcome = 'answered'
  AND duration_seconds IS NOT NULL
GROUP BY owner;

-- As before, and: an extension whose plan includes minutes may not call out once they are
-- spoken (this month's, or a trial's in all). Same columns, so the registrar's grant is kept.
CREATE OR REPLACE VIEW sip_outbound_callers AS
SELECT a.username,
       (SELECT n.number
        FROM sip_numbers n
        WHERE n.owner = a.owner
        ORDER BY n.routed_at, n.number
        LIMIT 1) AS caller_id,
       CASE
           WHEN NOT a.may_call_out THEN 'Confirm your e-mail address first'
           WHEN p.owner IS NOT NULL
               AND coalesce((SELECT (c.payload ->> 'balanceTenths')::bigint
                             FROM call_credit_view c
                             WHERE c.view_id = a.owner), 0) <= 0 THEN 'No call credit left'
           WHEN m.owner IS NOT NULL
               AND coalesce((SELECT CASE WHEN m.monthly THEN u.this_month ELSE u.in_all END
                             FROM sip_minutes_used u
                             WHERE u.owner = a.owner), 0) >= m.minutes THEN
               CASE WHEN m.monthly THEN 'No minutes left this month' ELSE 'No trial minutes left' END
           END AS refusal,
       p.owner IS NOT NULL AS prepaid
FROM sip_accounts_in_service a
         LEFT JOIN sip_prepaid_owners p ON p.owner = a.owner
         LEFT JOIN sip_minute_allowances m ON m.owner = a.owner;
