-- The SIP registrar (Kamailio 5.6, sip/kamailio.cfg) reads its credentials from and writes its
-- registrations to this database (docs/architecture.md, The SIP registrar).

-- Kamailio checks each table's schema version here before it uses the table.
CREATE TABLE version
(
    id            serial PRIMARY KEY,
    table_name    varchar(32) NOT NULL UNIQUE,
    table_version integer     NOT NULL DEFAULT 0
);
INSERT INTO version (table_name, table_version)
VALUES ('version', 1), ('subscriber', 7), ('location', 9), ('location_attrs', 1);

-- The registrar's digest: MD5(username:realm:password), the HA1 every softphone answers. The
-- SHA-256 one (RFC 7616) is the existing secret_digest. Rows made before this column existed
-- have none: their extension registers after a password reset.
ALTER TABLE sip_extensions ADD COLUMN ha1_md5 text;

-- Which extensions may register: written only by the projection of the order and trial events
-- (projections/src/sip.rs), so an unconverted trial's extension goes when the trial ends. It
-- holds no secret: the digests stay in sip_extensions.
CREATE TABLE sip_accounts
(
    username   text PRIMARY KEY,
    owner      text        NOT NULL,
    number     text        NOT NULL,
    domain     text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX sip_accounts_owner ON sip_accounts (owner);

-- Kamailio's subscriber table (auth_db, schema version 7) as a view: an extension the
-- projection lets in, with the digests the API stored when it made the password. A row
-- appears once both are committed, whichever commits first. There is no password column.
CREATE VIEW subscriber AS
SELECT e.username::varchar(64)             AS username,
       a.domain::varchar(64)               AS domain,
       coalesce(e.ha1_md5, '')::varchar(128) AS ha1,
       ''::varchar(128)                    AS ha1b,
       e.secret_digest::varchar(128)       AS ha1_sha256
FROM sip_accounts a
         JOIN sip_extensions e ON e.username = a.username;

-- Kamailio's usrloc table (schema version 9), written through (db_mode 1) at each REGISTER,
-- so the shop can show an extension as registered. Kamailio writes its times as UTC (it runs
-- with TZ=UTC).
CREATE TABLE location
(
    id            serial PRIMARY KEY,
    ruid          varchar(64)  NOT NULL DEFAULT '' UNIQUE,
    username      varchar(64)  NOT NULL DEFAULT '',
    domain        varchar(64)           DEFAULT NULL,
    contact       varchar(512) NOT NULL DEFAULT '',
    received      varchar(128)          DEFAULT NULL,
    path          varchar(512)          DEFAULT NULL,
    expires       timestamp    NOT NULL DEFAULT '2030-05-28 21:32:15',
    q             real         NOT NULL DEFAULT 1.0,
    callid        varchar(255) NOT NULL DEFAULT 'Default-Call-ID',
    cseq          integer      NOT NULL DEFAULT 1,
    last_modified timestamp    NOT NULL DEFAULT '2000-01-01 00:00:01',
    flags         integer      NOT NULL DEFAULT 0,
    cflags        integer      NOT NULL DEFAULT 0,
    user_agent    varchar(255) NOT NULL DEFAULT '',
    socket        varchar(64)           DEFAULT NULL,
    methods       integer               DEFAULT NULL,
    instance      varchar(255)          DEFAULT NULL,
    reg_id        integer      NOT NULL DEFAULT 0,
    server_id     integer      NOT NULL DEFAULT 0,
    connection_id integer      NOT NULL DEFAULT 0,
    keepalive     integer      NOT NULL DEFAULT 0,
    partition     integer      NOT NULL DEFAULT 0
);
CREATE INDEX location_account_contact_idx ON location (username, domain, contact);
CREATE INDEX location_expires_idx ON location (expires);
CREATE INDEX location_connection_idx ON location (server_id, connection_id);

CREATE TABLE location_attrs
(
    id            serial PRIMARY KEY,
    ruid          varchar(64)  NOT NULL DEFAULT '',
    username      varchar(64)  NOT NULL DEFAULT '',
    domain        varchar(64)           DEFAULT NULL,
    aname         varchar(64)  NOT NULL DEFAULT '',
    atype         integer      NOT NULL DEFAULT 0,
    avalue        varchar(512) NOT NULL DEFAULT '',
    last_modified timestamp    NOT NULL DEFAULT '2000-01-01 00:00:01'
);
