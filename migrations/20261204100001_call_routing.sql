-- Call routing for the SIP registrar (sip/kamailio.cfg; docs/architecture.md, The SIP
-- registrar): which extension a dialled extension number or username reaches, and which
-- extensions each of the shop's numbers rings when the carrier's trunk calls it.

-- The numbers in service, as E.164 digits without the `+` (what the trunk's request URI
-- carries, the stock's own form): written only by the projection of the order, port and
-- trial events (projections/src/sip_numbers.rs). Keyed by number and owner, so replaying
-- one owner's events never undoes another's (a trial's number sold to an order after the
-- trial ended). `ring_all`: the order has Ring Groups (or is Multi User), so the number
-- rings every extension at once; otherwise it rings the first one.
CREATE TABLE sip_numbers
(
    number     text        NOT NULL CHECK (number ~ '^[1-9][0-9]{5,14}$'),
    owner      text        NOT NULL,
    ring_all   boolean     NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (number, owner)
);
CREATE INDEX sip_numbers_owner ON sip_numbers (owner);

-- What an inbound call to `number` rings: its owner's first extension (the lowest number,
-- 101), or all of them. A number whose owner has no extension (any more) rings nothing, as
-- does a number not here: both are not in service.
CREATE VIEW sip_number_routes AS
SELECT n.number, a.username, a.number AS extension
FROM sip_numbers n
         JOIN sip_accounts a ON a.owner = n.owner
WHERE n.ring_all
   OR a.username = (SELECT f.username
                    FROM sip_accounts f
                    WHERE f.owner = n.owner
                    ORDER BY length(f.number), f.number
                    LIMIT 1);

-- What an extension (`caller`) reaches by dialling `dialled`: another extension's username
-- (whoever owns it: `same_owner` says whether the call may go), or an extension number of
-- its own owner (101, 102). Owners are never shown: the registrar learns only whether two
-- extensions share one.
CREATE VIEW sip_dial_plan AS
SELECT c.username AS caller, d.username AS dialled, d.username AS callee, c.owner = d.owner AS same_owner
FROM sip_accounts c
         CROSS JOIN sip_accounts d
UNION ALL
SELECT c.username, d.number, d.username, true
FROM sip_accounts c
         JOIN sip_accounts d ON d.owner = c.owner;

-- The registrar's role reads these two views as well, and still nothing else (as
-- 20261202140001_sip_registrar_role.sql: exactly these, whatever was granted before).
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM talkbridge_registrar;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM talkbridge_registrar;
GRANT SELECT ON subscriber, version, sip_number_routes, sip_dial_plan TO talkbridge_registrar;
GRANT SELECT, INSERT, UPDATE, DELETE ON location, location_attrs TO talkbridge_registrar;
GRANT USAGE ON SEQUENCE location_id_seq, location_attrs_id_seq TO talkbridge_registrar;
