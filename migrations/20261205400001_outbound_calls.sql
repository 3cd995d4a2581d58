-- Outgoing calls through the carrier's trunk, and the end of service (sip/kamailio.cfg;
-- docs/architecture.md, The SIP registrar).

-- When an owner's service stops: a subscription cancelled (at once, or at the end of the
-- period paid for) or a trial ended. Written only by the projection of the order and trial
-- events (projections/src/sip_numbers.rs). The views below compare `ends_at` with the time
-- of each call, so a cancellation at the period's end takes effect then without anything
-- having to run. `reason` is the reason phrase of the registrar's 403 to the owner's
-- extensions once it has.
CREATE TABLE sip_service_ends
(
    owner      text PRIMARY KEY,
    reason     text        NOT NULL CHECK (reason IN ('Trial ended', 'Service cancelled')),
    ends_at    timestamptz NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- The order in which an owner's numbers started ringing: its first is the caller ID of its
-- outgoing calls. Set once, when the row is made (a replay of the projection only touches
-- it), so a rebuild from nothing makes them again in the events' order.
ALTER TABLE sip_numbers ADD COLUMN routed_at timestamptz NOT NULL DEFAULT clock_timestamp();

-- The extensions in service: those the projection lets in whose owner's service has not
-- stopped.
CREATE VIEW sip_accounts_in_service AS
SELECT a.*
FROM sip_accounts a
WHERE NOT EXISTS (SELECT 1 FROM sip_service_ends s WHERE s.owner = a.owner AND s.ends_at <= now());

-- Only the extensions in service register and call. Same columns as before, so the
-- registrar's grant is kept.
CREATE OR REPLACE VIEW subscriber AS
SELECT e.username::varchar(64)             AS username,
       a.domain::varchar(64)               AS domain,
       coalesce(e.ha1_md5, '')::varchar(128) AS ha1,
       ''::varchar(128)                    AS ha1b,
       e.secret_digest::varchar(128)       AS ha1_sha256
FROM sip_accounts_in_service a
         JOIN sip_extensions e ON e.username = a.username
WHERE e.ha1_md5 IS NOT NULL
  AND e.ha1_md5 <> '';

-- The extensions whose service stopped, with their digests, so the registrar can tell their
-- phone why (403 Trial ended, 403 Service cancelled) once it proved it is one of them, and
-- tell nobody else. An ended trial's extension has left sip_accounts: its owner is in
-- sip_extensions (order_id is the owner, crate::sip::trial_owner for a trial).
CREATE VIEW sip_stopped_subscriber AS
SELECT e.username::varchar(64)             AS username,
       ''::varchar(64)                     AS domain,
       e.ha1_md5::varchar(128)             AS ha1,
       ''::varchar(128)                    AS ha1b,
       e.secret_digest::varchar(128)       AS ha1_sha256,
       s.reason
FROM sip_extensions e
         JOIN sip_service_ends s ON s.owner = e.order_id
WHERE s.ends_at <= now()
  AND e.ha1_md5 IS NOT NULL
  AND e.ha1_md5 <> '';

-- A number rings only while its owner's service lasts (404 after).
CREATE OR REPLACE VIEW sip_number_routes AS
SELECT n.number, a.username, a.number AS extension
FROM sip_numbers n
         JOIN sip_accounts_in_service a ON a.owner = n.owner
WHERE n.ring_all
   OR a.username = (SELECT f.username
                    FROM sip_accounts f
                    WHERE f.owner = n.owner
                    ORDER BY length(f.number), f.number
                    LIMIT 1);

-- Only extensions in service are reached (an ended one is 404, as if it never was).
CREATE OR REPLACE VIEW sip_dial_plan AS
SELECT c.username AS caller, d.username AS dialled, d.username AS callee, c.owner = d.owner AS same_owner
FROM sip_accounts_in_service c
         CROSS JOIN sip_accounts_in_service d
UNION ALL
SELECT c.username, d.number, d.username, true
FROM sip_accounts_in_service c
         JOIN sip_accounts_in_service d ON d.owner = c.owner;

-- Who may call out through the trunk, and as which number: `caller_id` is the owner's first
-- number (E.164 digits; null when it has none), `refusal` the reason phrase of the 403 when
-- it may not (a trial before its e-mail address is confirmed).
CREATE VIEW sip_outbound_callers AS
SELECT a.username,
       (SELECT n.number
        FROM sip_numbers n
        WHERE n.owner = a.owner
        ORDER BY n.routed_at, n.number
        LIMIT 1) AS caller_id,
       CASE WHEN NOT a.may_call_out THEN 'Confirm your e-mail address first' END AS refusal
FROM sip_accounts_in_service a;

-- The registrar's role reads these views as well, and still nothing else (as
-- 20261202140001_sip_registrar_role.sql: exactly these, whatever was granted before).
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM talkbridge_registrar;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM talkbridge_registrar;
GRANT SELECT ON subscriber, version, sip_number_routes, sip_dial_plan, sip_stopped_subscriber,
    sip_outbound_callers TO talkbridge_registrar;
GRANT SELECT, INSERT, UPDATE, DELETE ON location, location_attrs TO talkbridge_registrar;
GRANT USAGE ON SEQUENCE location_id_seq, location_attrs_id_seq TO talkbridge_registrar;
