-- Every call leaves a record (sip/kamailio.cfg; docs/architecture.md, Call records).

-- What the registrar's acc module writes (Kamailio 5.6's acc columns, then its db_extra):
-- one row for each call's INVITE when it is answered or fails (the acc and missed-call
-- flags point at this one table), one row for each call refused before it went anywhere
-- (acc_db_request: "403 Trial ended"), and one for the BYE that ends an answered call. The
-- extra columns say what the registrar knew: the direction (internal, inbound, outbound),
-- who called whom as dialled, the shop's number used (the caller ID out, the number called
-- in), the shop's extension whose owner the call is (the caller's, or the first rung), when
-- the INVITE arrived (`started`) and when the row was written (`at`), as Unix seconds with
-- microseconds. The registrar may only add rows.
CREATE TABLE sip_acc
(
    id         bigserial PRIMARY KEY,
    method     varchar(16)  NOT NULL DEFAULT '',
    from_tag   varchar(128) NOT NULL DEFAULT '',
    to_tag     varchar(128) NOT NULL DEFAULT '',
    callid     varchar(255) NOT NULL DEFAULT '',
    sip_code   varchar(3)   NOT NULL DEFAULT '',
    sip_reason varchar(128) NOT NULL DEFAULT '',
    time       timestamp    NOT NULL DEFAULT (now() AT TIME ZONE 'UTC'),
    direction  varchar(16),
    caller     varchar(128),
    callee     varchar(128),
    number     varchar(32),
    extension  varchar(64),
    started    varchar(32),
    at         varchar(32)
);
CREATE INDEX sip_acc_callid ON sip_acc (callid);
CREATE INDEX sip_acc_extension ON sip_acc (extension);

-- The shop's reading of them: one row a call, keyed by the order (or trial, `trial:<id>`)
-- that owns the extension it was made from or rang (sip_extensions keeps every extension
-- ever made, so a record keeps its owner after the service stops). The INVITE's answered
-- row wins over its branches' failures (a ring group's other phones); a call answered and
-- not hung up yet has no end nor duration. Outcomes: answered (200), busy (486, 600), no
-- answer (408, 480: nobody registered or answered; 487: the caller gave up), refused (401,
-- 402, 403, 407: not allowed), failed (anything else: 404 not a number in service, 5xx).
CREATE VIEW call_records AS
WITH invites AS (SELECT DISTINCT ON (callid) callid,
                                             direction,
                                             caller,
                                             callee,
                                             number,
                                             extension,
                                             started::float8                  AS started,
                                             at::float8                       AS at,
                                             nullif(sip_code, '')::int        AS code,
                                             sip_reason
                 FROM sip_acc
                 WHERE method = 'INVITE'
                   AND started ~ '^[0-9]+(\.[0-9]+)?$'
                   AND at ~ '^[0-9]+(\.[0-9]+)?$'
                 ORDER BY callid, (sip_code = '200') DESC, id),
     byes AS (SELECT callid, min(at::float8) AS at
              FROM sip_acc
              WHERE method = 'BYE'
                AND at ~ '^[0-9]+(\.[0-9]+)?$'
              GROUP BY callid)
SELECT i.callid                                                      AS call_id,
       e.order_id                                                    AS owner,
       coalesce(i.direction, 'internal')                             AS direction,
       coalesce(i.caller, '')                                        AS caller,
       coalesce(i.callee, '')                                        AS callee,
       nullif(i.number, '')                                          AS number,
       i.extension,
       to_timestamp(i.started)                                       AS started_at,
       CASE WHEN i.code = 200 THEN to_timestamp(i.at) END            AS answered_at,
       CASE WHEN i.code = 200 THEN to_timestamp(b.at) ELSE to_timestamp(i.at) END AS ended_at,
       CASE
           WHEN i.code <> 200 THEN 0
           WHEN b.at IS NOT NULL THEN greatest(ceil(b.at - i.at), 0)::int
           END                                                       AS duration_seconds,
       CASE
           WHEN i.code = 200 THEN 'answered'
           WHEN i.code IN (486, 600) THEN 'busy'
           WHEN i.code IN (408, 480, 487) THEN 'no answer'
           WHEN i.code IN (401, 402, 403, 407) THEN 'refused'
           ELSE 'failed'
           END                                                       AS outcome,
       coalesce(i.code, 0)                                           AS sip_code,
       i.sip_reason
FROM invites i
         LEFT JOIN byes b ON b.callid = i.callid
         LEFT JOIN sip_extensions e ON e.username = i.extension;

-- The registrar's role adds rows to sip_acc, and still reads and writes nothing else (as
-- 20261205400001_outbound_calls.sql: exactly these, whatever was granted before).
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM talkbridge_registrar;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM talkbridge_registrar;
GRANT SELECT ON subscriber, version, sip_number_routes, sip_dial_plan, sip_stopped_subscriber,
    sip_outbound_callers TO talkbridge_registrar;
GRANT SELECT, INSERT, UPDATE, DELETE ON location, location_attrs TO talkbridge_registrar;
GRANT INSERT ON sip_acc TO talkbridge_registrar;
GRANT USAGE ON SEQUENCE location_id_seq, location_attrs_id_seq, sip_acc_id_seq TO talkbridge_registrar;
