-- Service follows the money (issue 44, item 7; docs/architecture.md, Calls): a Pay As You Go
-- credit frozen while a payment of its account is disputed (the CallCredit aggregate's
-- `CreditFrozen`, `frozen` in call_credit_view's payload) has nothing to spend. The balance
-- stays what the events make it (it is given back as it was when the freeze is lifted); only
-- what the registrar reads of it changes.
--
-- The registrar's calls-out function (sip_call_out, 20261206000002_call_controls.sql) reads a
-- frozen credit as 0 already, and refuses the account's calls out while the dispute stands
-- (sip_call_suspensions, 'Account suspended: contact support'). The view the registrar is
-- still granted, sip_outbound_callers, says the same here: as 20261205400004_included_minutes.sql,
-- and a frozen credit reads as 0 ('No call credit left'). A later definition of either must keep
-- the `frozen` test. Same columns, so the registrar's grant is kept.
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
               AND coalesce((SELECT CASE
                                        WHEN coalesce((c.payload ->> 'frozen')::boolean, false) THEN 0
                                        ELSE (c.payload ->> 'balanceTenths')::bigint
                                        END
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
