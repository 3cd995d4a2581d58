-- Pay As You Go pays for its calls from its credit (docs/architecture.md, Call charges).

-- The owners whose calls out are paid from call credit (Pay As You Go orders): written only
-- by the projection of the order events (projections/src/sip_numbers.rs).
CREATE TABLE sip_prepaid_owners
(
    owner      text PRIMARY KEY,
    updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- As before, and: a Pay As You Go extension (`prepaid`) may not call out once its order's
-- credit (call_credit_view, the fold of the CallCredit events) is spent. Columns only added
-- at the end, so the registrar's grant is kept.
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
           END AS refusal,
       p.owner IS NOT NULL AS prepaid
FROM sip_accounts_in_service a
         LEFT JOIN sip_prepaid_owners p ON p.owner = a.owner;
